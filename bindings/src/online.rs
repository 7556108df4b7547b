//! `OnlineRoom`: a room on a `yut-server`, through the `yut-net` client. The apps call its
//! async methods (Kotlin `suspend`, Swift `async`) and receive everything the room says
//! through a [`RoomListener`].
//!
//! The room's game is rebuilt here with the core from the server's history (every throw's
//! result is in it), so the listener receives the very `GameSnapshot` a local game screen
//! draws, and legal moves carry a state tag as a local game's do. The server decides; this
//! object never changes the game by itself.

use crate::flight::{plan_flight, tap_swipe};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use yut_app::catalog::{describe, rule_set};
use yut_app::convert::{core_spot, core_throws, events, index, int, result_of};
use yut_app::flight::{Flight, Mat, Swipe};
use yut_app::records::*;
use yut_app::snapshot::{next_state, snapshot, Extras, SeatLook};
use yut_core::game::{Event, Game, Phase as CorePhase};
use yut_core::rules::RuleSet;
use yut_core::session::{Action, Player};
use yut_core::throw::Outcome;
use yut_net::protocol::{
    self, RoomOptions, RoomSnapshot, RoomTable, SeatSpec as NetSeat, SeatView as NetSeatView, Stage,
};
use yut_net::{ClientEvent, ConnectionState, NetError};

/// The server the apps use until a person sets another in Settings.
pub const DEFAULT_SERVER: &str = "wss://rooms.yunnori.app";

/// How long a join waits for the room after the server's answer (it comes right after).
const ROOM_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

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

fn clamp_ms(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

fn ms(value: i64, what: &str) -> Result<u64, OnlineError> {
    u64::try_from(value).map_err(|_| OnlineError::InvalidInput {
        reason: format!("{what} cannot be negative"),
    })
}

impl RoomSettings {
    fn options(&self) -> Result<RoomOptions, OnlineError> {
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

/// The room as this device knows it.
#[derive(Default)]
struct Mirror {
    room: Option<RoomSnapshot>,
    rules: Option<RulesDescription>,
    game: Option<Game>,
    /// Tag of the current state (see `snapshot::next_state`).
    state: u64,
    last_events: Vec<Event>,
    ticket: Option<RoomTicket>,
    /// The swipe of this device's throw in flight, by seat.
    swipe: Option<(usize, Swipe)>,
    /// The stick mat as this device lays it out (the core's default until `set_mat`):
    /// other seats' throws fly on it.
    mat: Mat,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Mirror {
    fn mine(&self, seat: usize) -> bool {
        self.ticket
            .as_ref()
            .is_some_and(|t| t.seats.iter().any(|s| s.seat == int(seat)))
    }

    /// Takes a whole room; the game is rebuilt from its history.
    fn set_room(&mut self, room: RoomSnapshot) -> Result<(), String> {
        let same_rules = self.room.as_ref().is_some_and(|r| r.rules == room.rules);
        if !same_rules || self.rules.is_none() {
            let rules = RuleSet::from_json(&room.rules).map_err(|e| e.to_string())?;
            self.rules = Some(describe(&rules).map_err(|e| e.to_string())?);
        }
        self.game = match room.replay() {
            Ok(g) => Some(g),
            Err(protocol::ReplayError::NoGame) => None,
            Err(e) => return Err(e.to_string()),
        };
        self.room = Some(room);
        self.state = next_state();
        self.last_events.clear();
        Ok(())
    }

    /// Applies an accepted action; `false` when it does not follow what is held here.
    fn played(&mut self, number: u32, seq: u64, action: &Action, view: protocol::GameView) -> bool {
        let (Some(room), Some(game)) = (self.room.as_mut(), self.game.as_mut()) else {
            return false;
        };
        let Some(g) = room.game.as_mut().filter(|g| g.number == number) else {
            return false;
        };
        if seq != g.seq + 1 {
            return false;
        }
        let Ok(events) = protocol::apply(game, action) else {
            return false;
        };
        g.seq = seq;
        g.history.push(action.clone());
        if view.phase == CorePhase::Over {
            room.stage = Stage::Over;
        }
        g.view = view;
        self.state = next_state();
        self.last_events = events;
        true
    }

    fn undone(&mut self, number: u32, seq: u64, view: protocol::GameView) -> bool {
        let Some(mut room) = self.room.clone() else {
            return false;
        };
        let Some(g) = room
            .game
            .as_mut()
            .filter(|g| g.number == number && seq == g.seq + 1)
        else {
            return false;
        };
        g.seq = seq;
        g.history.pop();
        g.view = view;
        self.set_room(room).is_ok()
    }

    fn view(&self) -> Option<RoomView> {
        let room = self.room.as_ref()?;
        let rules = self.rules.clone()?;
        let looks: Vec<SeatLook> = room
            .seats
            .iter()
            .map(|s| SeatLook {
                name: s.name.clone(),
                colour: s.colour.clone(),
                player: s.player.into(),
            })
            .collect();
        let net_game = room.game.as_ref();
        let acting = |g: &Game| {
            let seat = g.to_move();
            let standin = room.seats.get(seat).and_then(|s| s.standin);
            !g.is_over() && self.mine(seat) && standin.is_none()
        };
        let my_turn = self.game.as_ref().is_some_and(acting) && room.stage == Stage::Playing;
        let game = self.game.as_ref().map(|g| {
            let mut snap = snapshot(
                g,
                Extras {
                    seats: &looks,
                    state: self.state,
                    can_undo: my_turn && net_game.is_some_and(|n| n.view.can_undo),
                    last_events: &self.last_events,
                },
            );
            if !my_turn {
                snap.legal_moves.clear();
            }
            // Online, bots play on the server: the screen only says who is playing.
            snap.bot_to_act =
                room.seats
                    .get(g.to_move())
                    .and_then(|s| match (s.standin, s.player) {
                        (Some(level), _) | (None, Player::Bot { level }) if !g.is_over() => {
                            Some(level.into())
                        }
                        _ => None,
                    });
            snap
        });
        Some(RoomView {
            code: room.code.clone(),
            link: room.link.clone(),
            stage: match room.stage {
                Stage::Lobby => RoomStage::Lobby,
                Stage::Playing => RoomStage::Playing,
                Stage::Over => RoomStage::Over,
            },
            host_seat: int(room.host),
            hosting: self.ticket.as_ref().is_some_and(|t| t.host),
            seats: room.seats.iter().map(|s| self.seat(s)).collect(),
            spectators: int(room.spectators),
            rules,
            settings: room.options.clone().into(),
            game_number: int(room.game_number),
            game,
            my_turn,
            deadline_ms: net_game.and_then(|g| g.view.deadline_ms).map(clamp_ms),
        })
    }

    /// The swipe a throw of `seat` flies from, and whether it is this device's own: the
    /// swipe its player made, else a tap on this device's mat.
    fn swipe_for(&mut self, seat: usize) -> (Swipe, bool) {
        match self.swipe.take() {
            Some((s, swipe)) if s == seat => (swipe, true),
            other => {
                self.swipe = other;
                (tap_swipe(self.mat), false)
            }
        }
    }

    fn seat(&self, s: &NetSeatView) -> RoomSeat {
        RoomSeat {
            seat: int(s.seat),
            name: s.name.clone(),
            colour: s.colour.clone(),
            player: s.player.into(),
            taken: s.taken,
            connected: s.connected,
            ready: s.ready,
            standin: s.standin.map(Into::into),
            mine: self.mine(s.seat),
        }
    }
}

/// Hands the client's events to the foreign listener, keeping the mirror in step.
struct Relay {
    mirror: Arc<Mutex<Mirror>>,
    listener: Arc<dyn RoomListener>,
    /// Set once connected: to ask for the whole room when a message was missed.
    client: OnceLock<yut_net::Client>,
    /// Keeps what the listener hears in order: the room as a join's answer left it is told
    /// from the app's call, and must not overtake (or be overtaken by) the reader's news.
    order: Mutex<()>,
    /// Bumped whenever a room is taken into the mirror: a join waits on it.
    rooms_heard: tokio::sync::watch::Sender<u64>,
}

impl Relay {
    /// A listener that throws (Kotlin, Swift) must not take the client's task down.
    fn tell(&self, f: impl FnOnce(&dyn RoomListener)) {
        let _ = catch_unwind(AssertUnwindSafe(|| f(self.listener.as_ref())));
    }

    fn notice(&self, code: &str, message: String) {
        self.tell(|l| {
            l.on_notice(RoomNotice {
                code: code.into(),
                message,
            })
        });
    }

    fn resync(&self) {
        self.notice(
            "out_of_step",
            "a message was missed; asking for the whole room again".into(),
        );
        if let Some(client) = self.client.get().cloned() {
            tokio::spawn(async move {
                let _ = client.sync().await;
            });
        }
    }

    fn room_changed(&self, view: Option<RoomView>) {
        if let Some(v) = view {
            self.tell(|l| l.on_room(v));
        }
    }

    /// Takes an accepted action into the mirror, then plans a throw's flight with the
    /// mirror let go: the simulation takes milliseconds, and the app's calls wait on the
    /// mirror. `None` when the action does not follow what is held here.
    fn play(
        &self,
        number: u32,
        seq: u64,
        action: &Action,
        view: protocol::GameView,
    ) -> Option<OnlinePlay> {
        let (room, events, swipe) = {
            let mut m = lock(&self.mirror);
            if !m.played(number, seq, action, view) {
                return None;
            }
            let swipe = match action {
                Action::Throw { seat, .. } => Some(m.swipe_for(*seat)),
                Action::Move { .. } => None,
            };
            (m.view()?, events(&m.last_events), swipe)
        };
        let (seat, throw) = match (action, swipe) {
            (
                Action::Throw {
                    seat,
                    outcome,
                    sticks,
                    ..
                },
                Some((swipe, mine)),
            ) => {
                let nak = matches!(outcome, Outcome::Nak);
                let flight = plan_flight(swipe, sticks.to_vec(), nak, seq)
                    .unwrap_or_else(|_| Flight::empty());
                let throw = OnlineThrow {
                    result: result_of(*outcome),
                    sticks: sticks.to_vec(),
                    flight,
                    mine,
                };
                (*seat, Some(throw))
            }
            (Action::Throw { seat, .. } | Action::Move { seat, .. }, _) => (*seat, None),
        };
        Some(OnlinePlay {
            seat: int(seat),
            throw,
            events,
            room,
        })
    }

    fn handle(&self, event: ClientEvent) {
        let _order = lock(&self.order);
        match event {
            ClientEvent::Connection(c) => self.tell(|l| l.on_connection(c.into())),
            ClientEvent::Room(room) => {
                let changed = {
                    let mut m = lock(&self.mirror);
                    m.set_room(room).map(|()| m.view())
                };
                self.rooms_heard.send_modify(|n| *n += 1);
                match changed {
                    Ok(view) => self.room_changed(view),
                    Err(reason) => self.notice("bad_room", reason),
                }
            }
            ClientEvent::Seats(seats) => {
                let view = {
                    let mut m = lock(&self.mirror);
                    if let Some(r) = m.room.as_mut() {
                        r.seats = seats;
                    }
                    m.view()
                };
                self.room_changed(view);
            }
            ClientEvent::Played {
                game,
                seq,
                action,
                view,
                ..
            } => match self.play(game, seq, &action, view) {
                Some(p) => self.tell(|l| l.on_played(p)),
                None => self.resync(),
            },
            ClientEvent::Undone {
                game,
                seq,
                seat,
                view,
            } => {
                let room = {
                    let mut m = lock(&self.mirror);
                    m.undone(game, seq, view).then(|| m.view()).flatten()
                };
                match room {
                    Some(r) => self.tell(|l| l.on_undone(int(seat), r)),
                    None => self.resync(),
                }
            }
            ClientEvent::Error { code, message } => self.notice(&code.id(), message),
            ClientEvent::Closing { message } => self.notice("closing", message),
        }
    }
}

impl yut_net::Listener for Relay {
    fn on_event(&self, event: ClientEvent) {
        self.handle(event);
    }
}

/// A connection to one server and the room it joined. Connect, then `host`, `join`,
/// `resume` or `spectate`. The connection comes back by itself when lost (the listener
/// hears `Reconnecting`, then `Restored`), until `disconnect`.
#[derive(uniffi::Object)]
pub struct OnlineRoom {
    server: String,
    client: yut_net::Client,
    mirror: Arc<Mutex<Mirror>>,
    relay: Arc<Relay>,
}

/// A room code as a person typed or pasted it (spaces, dashes, small letters, a
/// `yunnori://room/` link); `None` when it cannot be a code.
#[uniffi::export]
pub fn read_room_code(input: String) -> Option<String> {
    protocol::normalise_code(&input)
}

/// The link that opens the app on a room's join screen.
#[uniffi::export]
pub fn room_link(code: String) -> String {
    protocol::room_link(&code)
}

/// The server the apps use until a person sets another.
#[uniffi::export]
pub fn default_server() -> String {
    DEFAULT_SERVER.to_string()
}

/// Checks a server address a person typed (`ws://` or `wss://`, a host, maybe a port);
/// gives it back trimmed.
#[uniffi::export]
pub fn check_server_address(input: String) -> Result<String, OnlineError> {
    let s = input.trim();
    let rest = s
        .strip_prefix("wss://")
        .or_else(|| s.strip_prefix("ws://"))
        .ok_or_else(|| OnlineError::InvalidInput {
            reason: "the address starts with wss:// (or ws:// on a home network)".into(),
        })?;
    let host = rest.split('/').next().unwrap_or_default();
    if host.is_empty() || host.chars().any(|c| c.is_whitespace()) {
        return Err(OnlineError::InvalidInput {
            reason: "the address has no host".into(),
        });
    }
    Ok(s.trim_end_matches('/').to_string())
}

fn seat_index(seat: i32) -> Result<usize, OnlineError> {
    index(seat, "seat").map_err(Into::into)
}

fn code_of(input: &str) -> Result<String, OnlineError> {
    protocol::normalise_code(input).ok_or_else(|| OnlineError::InvalidInput {
        reason: format!("{input:?} is not a room code"),
    })
}

impl OnlineRoom {
    /// After a join's answer: waits for the room, then tells it with this device's seats.
    async fn joined_room(&self, code: &str) {
        self.until_room_heard(code).await;
        self.tell_room();
    }

    /// Waits (a while at most) until the room with this code has been heard. The server
    /// answers a join before it sends the room, and the app draws the room as soon as the
    /// call returns; without this it would find none, or the last room before.
    async fn until_room_heard(&self, code: &str) {
        let mut heard = self.relay.rooms_heard.subscribe();
        let here = |_: &u64| {
            lock(&self.mirror)
                .room
                .as_ref()
                .is_some_and(|r| r.code == code)
        };
        let _ = tokio::time::timeout(ROOM_WAIT, heard.wait_for(here)).await;
    }

    /// Tells the listener the room as this device now holds it. The server's news of a
    /// join can come before its answer, and was then told with the seats not yet marked as
    /// this device's; without this, that view could be the last one heard.
    fn tell_room(&self) {
        let _order = lock(&self.relay.order);
        let view = lock(&self.mirror).view();
        self.relay.room_changed(view);
    }

    fn remember(&self, joined: yut_net::Joined) -> RoomTicket {
        let mut m = lock(&self.mirror);
        let seats: Vec<SeatTicket> = joined
            .seats
            .iter()
            .map(|t| SeatTicket {
                seat: int(t.seat),
                token: t.token.clone(),
            })
            .collect();
        let ticket = match m.ticket.take() {
            // Another seat taken in the same room: one device may hold several.
            Some(mut t) if t.code == joined.code => {
                for s in seats {
                    t.seats.retain(|o| o.seat != s.seat);
                    t.seats.push(s);
                }
                t.host |= joined.host;
                t
            }
            _ => RoomTicket {
                server: self.server.clone(),
                code: joined.code,
                link: joined.link,
                seats,
                host: joined.host,
            },
        };
        m.ticket = Some(ticket.clone());
        ticket
    }

    fn my_seat(&self, seat: i32) -> Result<usize, OnlineError> {
        let s = seat_index(seat)?;
        if !lock(&self.mirror).mine(s) {
            return Err(OnlineError::Stale {
                reason: format!("seat {seat} is not held by this device"),
            });
        }
        Ok(s)
    }
}

#[uniffi::export(async_runtime = "tokio")]
impl OnlineRoom {
    /// Connects to a server (`wss://HOST[:PORT]`, or `ws://` on a home network).
    #[uniffi::constructor]
    pub async fn connect(
        server: String,
        listener: Arc<dyn RoomListener>,
    ) -> Result<Arc<OnlineRoom>, OnlineError> {
        let server = check_server_address(server)?;
        let mirror = Arc::new(Mutex::new(Mirror::default()));
        let relay = Arc::new(Relay {
            mirror: mirror.clone(),
            listener,
            client: OnceLock::new(),
            order: Mutex::new(()),
            rooms_heard: tokio::sync::watch::Sender::new(0),
        });
        let client = yut_net::Client::connect(&server, relay.clone()).await?;
        let _ = relay.client.set(client.clone());
        Ok(Arc::new(OnlineRoom {
            server,
            client,
            mirror,
            relay,
        }))
    }

    /// Opens a room at this table (rules, seats with their bots, teams; the seed is the
    /// server's) and takes the seats in `claim` (default: the first person's seat) under
    /// `name`. People's seats wait for players to join with the code.
    pub async fn host(
        &self,
        name: String,
        game: NewGame,
        settings: RoomSettings,
        claim: Option<Vec<i32>>,
    ) -> Result<RoomTicket, OnlineError> {
        let rules = rule_set(&game.rules)?.to_json();
        let seats = game
            .seats
            .iter()
            .map(|s| NetSeat {
                player: s.player.into(),
                name: match s.player {
                    PlayerKind::Bot { .. } => Some(s.name.clone()),
                    PlayerKind::Human => None,
                },
                colour: Some(s.colour.clone()),
            })
            .collect();
        let teams = game
            .teams
            .as_ref()
            .map(|sides| {
                sides
                    .iter()
                    .map(|side| side.iter().map(|s| seat_index(*s)).collect())
                    .collect::<Result<Vec<Vec<usize>>, OnlineError>>()
            })
            .transpose()?;
        let claim = claim
            .map(|c| c.into_iter().map(seat_index).collect())
            .transpose()?;
        let table = RoomTable {
            rules,
            seats,
            teams,
            options: settings.options()?,
        };
        let joined = self.client.create_room(&name, table, claim).await?;
        let ticket = self.remember(joined);
        self.joined_room(&ticket.code).await;
        Ok(ticket)
    }

    /// Takes a seat (`seat`, or the first open one) in the room with this code.
    pub async fn join(
        &self,
        code: String,
        name: String,
        seat: Option<i32>,
    ) -> Result<RoomTicket, OnlineError> {
        let code = code_of(&code)?;
        let seat = seat.map(seat_index).transpose()?;
        let joined = self.client.join(&code, &name, seat).await?;
        let ticket = self.remember(joined);
        self.joined_room(&ticket.code).await;
        Ok(ticket)
    }

    /// Takes back the seats of a ticket kept from an earlier visit.
    pub async fn resume(&self, ticket: RoomTicket) -> Result<RoomTicket, OnlineError> {
        let code = code_of(&ticket.code)?;
        let tokens = ticket.seats.iter().map(|s| s.token.clone()).collect();
        let joined = self.client.resume(&code, tokens).await?;
        {
            // The host's mark is the server's to give; a resumed ticket keeps it.
            let mut m = lock(&self.mirror);
            if m.ticket.as_ref().is_none_or(|t| t.code != code) {
                m.ticket = None;
            }
        }
        let mut t = self.remember(joined);
        if ticket.host && !t.host {
            t.host = ticket.host;
            if let Some(kept) = lock(&self.mirror).ticket.as_mut() {
                kept.host = t.host;
            }
        }
        self.joined_room(&t.code).await;
        Ok(t)
    }

    /// Watches a room without a seat.
    pub async fn spectate(&self, code: String) -> Result<(), OnlineError> {
        let code = code_of(&code)?;
        self.client.spectate(&code).await?;
        self.until_room_heard(&code).await;
        Ok(())
    }

    /// Leaves the room; the seats stay this device's (resume with the ticket).
    pub async fn leave(&self) -> Result<(), OnlineError> {
        let r = self.client.leave().await;
        let mut m = lock(&self.mirror);
        *m = Mirror {
            mat: m.mat,
            ..Mirror::default()
        };
        drop(m);
        Ok(r?)
    }

    /// Asks for the whole room again (`on_room`).
    pub async fn sync(&self) -> Result<(), OnlineError> {
        Ok(self.client.sync().await?)
    }

    pub async fn ready(&self, seat: i32, ready: bool) -> Result<(), OnlineError> {
        let seat = self.my_seat(seat)?;
        Ok(self.client.ready(seat, ready).await?)
    }

    /// Host: starts the game (every person's seat taken and ready).
    pub async fn start(&self) -> Result<(), OnlineError> {
        Ok(self.client.start().await?)
    }

    /// Host, once a game is over: a new game at the same table.
    pub async fn rematch(&self) -> Result<(), OnlineError> {
        Ok(self.client.rematch().await?)
    }

    /// Host, in the lobby: a new seat at the end.
    pub async fn add_seat(&self, player: PlayerKind) -> Result<(), OnlineError> {
        Ok(self.client.add_seat(player.into(), None).await?)
    }

    /// Host, in the lobby.
    pub async fn remove_seat(&self, seat: i32) -> Result<(), OnlineError> {
        Ok(self.client.remove_seat(seat_index(seat)?).await?)
    }

    /// Host, in the lobby: a person's seat becomes a bot's or the other way round.
    pub async fn set_seat(&self, seat: i32, player: PlayerKind) -> Result<(), OnlineError> {
        Ok(self
            .client
            .set_seat(seat_index(seat)?, player.into())
            .await?)
    }

    /// Throws for a seat of this device. The server draws the result; `on_played` brings
    /// it with the sticks' flight planned from this swipe.
    pub async fn throw_sticks(&self, seat: i32, swipe: Swipe) -> Result<(), OnlineError> {
        let s = self.my_seat(seat)?;
        lock(&self.mirror).swipe = Some((s, swipe));
        let r = self.client.throw(s).await;
        if r.is_err() {
            let mut m = lock(&self.mirror);
            if m.swipe.as_ref().is_some_and(|(x, _)| *x == s) {
                m.swipe = None;
            }
        }
        Ok(r?)
    }

    /// Plays one of the moves listed in the room's current snapshot.
    pub async fn play(&self, mv: LegalMove) -> Result<(), OnlineError> {
        let seat = self.my_seat(mv.seat)?;
        if lock(&self.mirror).state != mv.state {
            return Err(OnlineError::Stale {
                reason: "the move was listed for an earlier state of the game".into(),
            });
        }
        let spec = yut_core::setup::MoveSpec {
            from: core_spot(&mv.from)?,
            uses: core_throws(&mv.uses),
            route: Some(mv.route.into()),
            stack: mv.stack,
        };
        let pieces = u8::try_from(mv.pieces).map_err(|_| OnlineError::InvalidInput {
            reason: "pieces out of range".into(),
        })?;
        Ok(self.client.play(seat, spec, Some(pieces)).await?)
    }

    /// Takes back the last move of a seat of this device (while its turn goes on).
    pub async fn undo(&self, seat: i32) -> Result<(), OnlineError> {
        let seat = self.my_seat(seat)?;
        Ok(self.client.undo(seat).await?)
    }
}

#[uniffi::export]
impl OnlineRoom {
    /// The server this object is connected to.
    pub fn server(&self) -> String {
        self.server.clone()
    }

    /// The stick mat as the app lays it out: other seats' throws are planned on it (the
    /// app's own throws on its swipe's mat).
    pub fn set_mat(&self, mat: Mat) {
        lock(&self.mirror).mat = mat;
    }

    /// The room as last heard (`None` before joining).
    pub fn room(&self) -> Option<RoomView> {
        lock(&self.mirror).view()
    }

    /// The ticket to keep for coming back (`None` before joining, or as a spectator).
    pub fn ticket(&self) -> Option<RoomTicket> {
        lock(&self.mirror).ticket.clone()
    }

    /// Drops the connection as a lost network would; the client reconnects by itself
    /// (for tests, and a "reconnect now" button).
    pub fn drop_connection(&self) {
        self.client.drop_connection();
    }

    /// Closes the connection for good. Not `close`: every Kotlin object's `close()` (from
    /// `AutoCloseable`) frees the Rust object.
    pub fn disconnect(&self) {
        self.client.close();
    }
}

impl Drop for OnlineRoom {
    fn drop(&mut self) {
        self.client.close();
    }
}
