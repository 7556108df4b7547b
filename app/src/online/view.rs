//! What the online screens draw, and what a person does on them: the entry (server, busy),
//! the lobby (seats, ready, host controls, can start), the room's game (the position as a
//! local game's `GameSnapshot`, this device's seats, an action on its way), the
//! connection, seats that are away and the bot standing in, and the throws' check.
//! Seats carry both the protocol's index (`seat`, from 0, what actions name) and the
//! number people read (`number`, from 1).

use crate::records::{BotLevel, GameSnapshot, NewGame, PlayerKind, RulesDescription};

/// Expands to `$then! { … }` over this file's records and enums (see `records!`).
#[macro_export]
macro_rules! online_records {
    ($then:ident) => {
        $then! {
                    /// What a person does on the online screens.
                    #[derive(Clone, Debug, PartialEq)]
                    pub enum OnlineAction {
                        /// Opens a room at this table on the server of the settings, with `name` on the
                        /// first person's seat.
                        Host { name: String, setup: NewGame, settings: HostSettings },
                        /// Takes a seat in a room: `code` as typed or pasted (a link too).
                        Join { code: String, name: String },
                        /// Watches a room without a seat (a full room, or a game to follow): `code`
                        /// as typed or pasted.
                        Watch { code: String },
                        /// Takes back the seats of a kept room (the saved-games screen's Rejoin).
                        Rejoin { code: String },
                        /// Forgets a kept room (its seats stay the room's; a bot plays them).
                        Forget { code: String },
                        /// Tries the connection again now.
                        Retry,
                        Ready { seat: u32, ready: bool },
                        /// Host: starts the game.
                        Start,
                        /// Host, in the lobby: a new seat at the end.
                        AddSeat { player: PlayerKind },
                        RemoveSeat { seat: u32 },
                        SetSeat { seat: u32, player: PlayerKind },
                        /// Host, once the game is over.
                        Rematch,
                        /// Throws for this device's seat to act.
                        Throw,
                        /// Plays legal move `index` of the snapshot whose state tag is `state`.
                        Move { index: u32, state: u64 },
                        Undo,
                        /// Leaves the room (its ticket is kept: Rejoin brings the seats back).
                        Leave,
                    }

                    /// The host's settings of a room, beside the table (`HostSettings::default()`: the
                    /// server's defaults).
                    #[derive(Clone, Debug, PartialEq, Eq)]
                    pub struct HostSettings {
                        /// How long an away person's seat waits before a bot stands in (ms).
                        pub grace_ms: u64,
                        /// The bot that stands in.
                        pub standin: BotLevel,
                        /// When set, a person who does not act within this time gets one bot action.
                        pub turn_timer_ms: Option<u64>,
                        /// The pause before each bot action, so people can follow it (ms).
                        pub bot_delay_ms: u64,
                    }

                    /// Which online screen shows.
                    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
                    pub enum OnlineStage {
                        /// Host or join: the server, a code, a name.
                        Entry,
                        Lobby,
                        /// The room's game (on the table).
                        Game,
                    }

                    /// The connection, for the banner.
                    #[derive(Clone, Debug, PartialEq, Eq)]
                    pub enum LinkState {
                        Idle,
                        /// Connecting (`attempt` from 1; above 1 after a loss).
                        Connecting { attempt: u32 },
                        Live,
                        /// Lost; the next try (`attempt`) is at `next_try_at_ms`.
                        Reconnecting { attempt: u32, next_try_at_ms: u64 },
                        /// Closed; `Retry` opens it again.
                        Closed { reason: String },
                    }

                    /// What can be said of the room's throws.
                    #[derive(Clone, Debug, PartialEq, Eq)]
                    pub enum ThrowsCheck {
                        /// The server published no commitment: these throws cannot be checked.
                        Unverifiable,
                        /// The game goes on; its throws are committed to (SHA-256, hex).
                        Committed { commitment: String },
                        /// The game is over and every throw is the one the revealed secret gives.
                        Verified { throws: u32, secret: String },
                        /// The game is over and its throws do NOT check out: shown loudly.
                        Mismatch { reason: String },
                    }

                    /// A room's stage.
                    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
                    pub enum RoomPhase {
                        Lobby,
                        Playing,
                        Over,
                    }

                    /// One seat of a room.
                    #[derive(Clone, Debug, PartialEq)]
                    pub struct RoomSeatState {
                        /// The protocol's index, from 0 (what actions name).
                        pub seat: u32,
                        /// The number people read, from 1.
                        pub number: u32,
                        pub name: String,
                        pub colour: String,
                        pub player: PlayerKind,
                        /// A person holds the seat.
                        pub taken: bool,
                        pub connected: bool,
                        /// Its person is away (taken, not connected): the seat is theirs still.
                        pub away: bool,
                        pub ready: bool,
                        /// The bot playing the seat while its person is away.
                        pub standin: Option<BotLevel>,
                        /// This device holds the seat.
                        pub mine: bool,
                    }

                    /// The room's game.
                    #[derive(Clone, Debug, PartialEq)]
                    pub struct RoomGameState {
                        /// The position, as a local game's; legal moves only when this device acts.
                        pub snapshot: GameSnapshot,
                        /// A seat of this device is to act, and no bot stands in for it.
                        pub my_turn: bool,
                        /// This device's throw or move is on its way to the server.
                        pub on_its_way: bool,
                        /// A bot acts for the seat to act because its person is away.
                        pub standin_to_act: Option<BotLevel>,
                        /// The last action was a stand-in's, not the seat's person's.
                        pub last_by_standin: bool,
                        /// When the turn timer plays for the seat to act (ms since the Unix epoch).
                        pub deadline_ms: Option<u64>,
                        pub throws: ThrowsCheck,
                    }

                    /// A room as this device holds it.
                    #[derive(Clone, Debug, PartialEq)]
                    pub struct RoomState {
                        pub code: String,
                        /// The room's page on its server (`https://HOST/r/CODE`), to share: it opens
                        /// the app where it is installed and the web game where it is not.
                        pub link: String,
                        pub phase: RoomPhase,
                        /// This device is the host.
                        pub hosting: bool,
                        pub host_seat: u32,
                        pub seats: Vec<RoomSeatState>,
                        pub spectators: u32,
                        /// Host, in the lobby, every person's seat taken and ready.
                        pub can_start: bool,
                        pub game_number: u32,
                        pub rules: Option<RulesDescription>,
                        pub game: Option<RoomGameState>,
                    }

                    /// A kept room (its seats' tokens stay in the core).
                    #[derive(Clone, Debug, PartialEq)]
                    pub struct KeptRoom {
                        pub code: String,
                        pub server: String,
                        /// The seats held, from 0.
                        pub seats: Vec<u32>,
                        pub host: bool,
                        pub joined_at_ms: u64,
                    }

                    /// Everything the online screens draw.
                    #[derive(Clone, Debug, PartialEq)]
                    pub struct OnlineState {
                        pub stage: OnlineStage,
                        /// The server rooms are hosted on.
                        pub server: String,
                        /// A host, join or rejoin is on its way: its buttons wait.
                        pub busy: bool,
                        /// This device watches the open room without a seat (it can leave, nothing else).
                        pub watching: bool,
                        pub connection: LinkState,
                        pub room: Option<RoomState>,
                        pub kept: Vec<KeptRoom>,
                    }
        }
    };
}

online_records!(with_serde);

impl Default for HostSettings {
    fn default() -> HostSettings {
        let o = yut_net::protocol::RoomOptions::default();
        HostSettings {
            grace_ms: o.grace_ms,
            standin: o.standin.into(),
            turn_timer_ms: o.turn_timer_ms,
            bot_delay_ms: o.bot_delay_ms,
        }
    }
}
