//! The records an online room hands the apps, its listener, and its errors.

use yut_app::flight::Flight;
use yut_app::records::*;
use yut_net::protocol::RoomOptions;
use yut_net::{ConnectionState, NetError};

/// Why an online call failed. Nothing in the room changed.
#[derive(Debug, Clone, PartialEq, thiserror::Error, uniffi::Error)]
pub enum OnlineError {
    /// The server refused the request; `code` is the protocol's error id (`no_such_room`,
    /// `room_full`, `out_of_turn`, …) for the app to word, `reason` the server's English.
    #[error("refused ({code}): {reason}")]
    Refused { code: String, reason: String },
    /// No connection, or no answer in time: the client is reconnecting by itself.
    #[error("offline: {reason}")]
    Offline { reason: String },
    /// A move listed for an earlier state of the room's game, or a call that needs a room
    /// this object has not joined.
    #[error("stale: {reason}")]
    Stale { reason: String },
    /// A room code, name, address or table that cannot be right.
    #[error("invalid input: {reason}")]
    InvalidInput { reason: String },
    /// The server said something this version cannot read.
    #[error("protocol: {reason}")]
    Protocol { reason: String },
}

impl From<NetError> for OnlineError {
    fn from(e: NetError) -> OnlineError {
        match e {
            NetError::Refused { code, message } => OnlineError::Refused {
                code: code.id(),
                reason: message,
            },
            NetError::Disconnected | NetError::Timeout | NetError::Connect(_) => {
                OnlineError::Offline {
                    reason: e.to_string(),
                }
            }
            NetError::Protocol(reason) => OnlineError::Protocol { reason },
        }
    }
}

impl From<crate::error::YutError> for OnlineError {
    fn from(e: crate::error::YutError) -> OnlineError {
        OnlineError::InvalidInput {
            reason: e.to_string(),
        }
    }
}

/// The connection, for the banner the game screen shows while it is lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum Connection {
    Connected,
    /// Lost; trying again (attempt counts from 1).
    Reconnecting {
        attempt: u32,
    },
    /// Back, with the seats taken back.
    Restored,
    /// Closed for good (every attempt failed, or `disconnect`).
    Closed,
}

impl From<ConnectionState> for Connection {
    fn from(c: ConnectionState) -> Connection {
        match c {
            ConnectionState::Connected => Connection::Connected,
            ConnectionState::Reconnecting { attempt } => Connection::Reconnecting { attempt },
            ConnectionState::Restored => Connection::Restored,
            ConnectionState::Closed => Connection::Closed,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum RoomStage {
    Lobby,
    Playing,
    Over,
}

/// The host's settings of a room, beside the rules.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct RoomSettings {
    /// A player may take back their last move before the next throw.
    pub undo: bool,
    /// How long a dropped player's seat waits before a bot plays it.
    pub grace_ms: i64,
    /// The bot that plays for a player who is away.
    pub standin: BotLevel,
    /// A person who does not act within this time gets one bot action.
    pub turn_timer_ms: Option<i64>,
    /// Pause before each bot action, so people can follow it.
    pub bot_delay_ms: i64,
}

/// The settings a new room starts with (the server's defaults).
#[uniffi::export]
pub fn default_room_settings() -> RoomSettings {
    RoomOptions::default().into()
}

impl From<RoomOptions> for RoomSettings {
    fn from(o: RoomOptions) -> RoomSettings {
        RoomSettings {
            undo: o.undo,
            grace_ms: clamp_ms(o.grace_ms),
            standin: o.standin.into(),
            turn_timer_ms: o.turn_timer_ms.map(clamp_ms),
            bot_delay_ms: clamp_ms(o.bot_delay_ms),
        }
    }
}

pub(super) fn clamp_ms(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

fn ms(value: i64, what: &str) -> Result<u64, OnlineError> {
    u64::try_from(value).map_err(|_| OnlineError::InvalidInput {
        reason: format!("{what} cannot be negative"),
    })
}

impl RoomSettings {
    pub(super) fn options(&self) -> Result<RoomOptions, OnlineError> {
        Ok(RoomOptions {
            undo: self.undo,
            grace_ms: ms(self.grace_ms, "grace")?,
            standin: self.standin.into(),
            turn_timer_ms: self
                .turn_timer_ms
                .map(|t| ms(t, "turn timer"))
                .transpose()?,
            bot_delay_ms: ms(self.bot_delay_ms, "bot delay")?,
        })
    }
}

/// One seat of a room as everyone sees it, and whether this device holds it.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct RoomSeat {
    pub seat: i32,
    pub name: String,
    pub colour: String,
    pub player: PlayerKind,
    /// A person holds the seat.
    pub taken: bool,
    /// Its holder is connected now.
    pub connected: bool,
    pub ready: bool,
    /// A bot plays the seat while its player is away.
    pub standin: Option<BotLevel>,
    /// This device holds the seat.
    pub mine: bool,
}

/// Everything a lobby or an online game screen shows.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct RoomView {
    pub code: String,
    /// `yunnori://room/CODE`, to share.
    pub link: String,
    pub stage: RoomStage,
    /// The seat whose holder is the host.
    pub host_seat: i32,
    /// This device is the host (may start, add, remove and change seats, rematch).
    pub hosting: bool,
    pub seats: Vec<RoomSeat>,
    pub spectators: i32,
    pub rules: RulesDescription,
    pub settings: RoomSettings,
    /// Games started in this room (rematches count up).
    pub game_number: i32,
    /// The game as a local game screen draws it; its legal moves are listed only when a
    /// seat of this device is to act.
    pub game: Option<GameSnapshot>,
    /// A seat of this device is to act (and no bot is standing in for it).
    pub my_turn: bool,
    /// When the turn timer plays for the seat to act (ms since the Unix epoch).
    pub deadline_ms: Option<i64>,
}

/// A throw the server accepted: the result, and the sticks' flight to show it. The flight
/// is planned from this device's swipe when it threw, from a tap otherwise.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct OnlineThrow {
    /// `None` for 낙.
    pub result: Option<Throw>,
    pub sticks: Vec<bool>,
    pub flight: Flight,
    /// This device threw it (its player's swipe shaped the flight).
    pub mine: bool,
}

/// A throw or move the server accepted, and the room after it.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct OnlinePlay {
    pub seat: i32,
    pub throw: Option<OnlineThrow>,
    pub events: Vec<GameEvent>,
    pub room: RoomView,
}

/// A seat's token: whoever presents it plays the seat.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct SeatTicket {
    pub seat: i32,
    pub token: String,
}

/// What the app keeps (in app-private storage) to come back to a room later.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct RoomTicket {
    /// The server's address.
    pub server: String,
    pub code: String,
    pub link: String,
    pub seats: Vec<SeatTicket>,
    pub host: bool,
}

/// Something the server said that answers no request (a rate limit, the server closing).
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct RoomNotice {
    /// A protocol error id (`rate_limited`, …), or `closing`, or `out_of_step` when this
    /// device missed a message and asked for the whole room again.
    pub code: String,
    pub message: String,
}

/// Receives the room. Called from the client's own thread, in order: hand the records to
/// the UI's thread and return.
#[uniffi::export(with_foreign)]
pub trait RoomListener: Send + Sync {
    /// The whole room changed: joined, a lobby change, seats (connected, ready, a bot
    /// standing in), a new game, a sync after a reconnect.
    fn on_room(&self, room: RoomView);
    /// A throw or move was accepted.
    fn on_played(&self, play: OnlinePlay);
    /// A move was taken back by `seat`.
    fn on_undone(&self, seat: i32, room: RoomView);
    fn on_connection(&self, connection: Connection);
    fn on_notice(&self, notice: RoomNotice);
}
