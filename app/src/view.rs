//! The view model: everything each screen draws, as one value the shells render. Texts are
//! ids and values (the shells word them); times are milliseconds on the core's clock (the
//! `now_ms` of the inputs), so a shell animates from `started_at_ms` with its own frames.

use crate::flight::{Flight, Mat};
use crate::input::AppScreen;
use crate::message::Message;
use crate::online::OnlineState;
use crate::records::{
    GameEvent, GameSnapshot, LegalMove, PlayerKind, Preset, PresetInfo, Route, RuleOption, Rules,
    RulesDescription, SaveDamage, SaveSummary, Slip, Spot, Throw,
};

/// Expands to `$then! { … }` over this file's records and enums (see `records!`).
#[macro_export]
macro_rules! view_records {
    ($then:ident) => {
        $then! {
                    /// The whole app as the shells draw it.
                    #[derive(Clone, Debug, PartialEq)]
                    pub struct AppView {
                        /// Grows with every change (a shell may skip a render of an equal `version`).
                        pub version: u64,
                        pub screen: AppScreen,
                        pub menu: MenuState,
                        /// The new-game form, while it is open.
                        pub form: Option<FormState>,
                        /// The game table, while a game is open (a local game's, or else the room's).
                        pub table: Option<TableState>,
                        pub saved: SavedState,
                        pub settings: SettingsState,
                        /// The rules the Rules screen shows: the open game's, or the app's own (How to
                        /// play from the menu).
                        pub rules: Option<RulesDescription>,
                        pub message: Option<Message>,
                        /// The online screens: the entry, the lobby, the connection, the kept rooms
                        /// (the saved-games screen lists them with Rejoin and Forget).
                        pub online: OnlineState,
                    }

                    #[derive(Clone, Debug, PartialEq)]
                    pub struct MenuState {
                        /// The game Continue opens (the latest unfinished one that opens), if any.
                        pub continue_id: Option<String>,
                        /// A game is open on the table (the menu offers to go back to it).
                        pub table_open: bool,
                    }

                    #[derive(Clone, Debug, PartialEq)]
                    pub struct SettingsState {
                        pub muted: bool,
                        pub quick_bots: bool,
                        pub reduce_motion: bool,
                        pub server: String,
                    }

                    /// One seat of the new-game form.
                    #[derive(Clone, Debug, PartialEq)]
                    pub struct SeatForm {
                        pub name: String,
                        /// `#RRGGBB`.
                        pub colour: String,
                        pub player: PlayerKind,
                        /// The side it plays for, when playing in teams.
                        pub side: u32,
                    }

                    /// The new-game form: the options, labels and preset values come from the core.
                    #[derive(Clone, Debug, PartialEq)]
                    pub struct FormState {
                        pub presets: Vec<PresetInfo>,
                        pub preset: Preset,
                        /// The preset and the house rules changed from it, as the core normalised them.
                        pub rules: Rules,
                        pub options: Vec<RuleOption>,
                        /// Keys of the options that differ from the preset.
                        pub changed: Vec<String>,
                        pub min_seats: u32,
                        pub max_seats: u32,
                        pub seats: Vec<SeatForm>,
                        pub teams: bool,
                        /// Teams need at least three seats.
                        pub teams_allowed: bool,
                        pub undo: bool,
                        pub can_add_seat: bool,
                        pub can_remove_seat: bool,
                        /// The seat colours offered, in order.
                        pub palette: Vec<String>,
                    }

                    /// What the turn line under the seat to act says.
                    #[derive(Clone, Debug, PartialEq)]
                    pub enum TurnLine {
                        /// A person is to throw, `throws` times (at least one).
                        Throw { throws: u32 },
                        PickPiece,
                        PickDestination,
                        /// The sticks are in the air.
                        InTheAir,
                        BotThrows,
                        BotThinks,
                        BotMoves,
                        /// Online: a seat held by another device (or a bot on the server) is to act.
                        Remote,
                        Over,
                    }

                    /// What the stick mat offers (its screen-reader label).
                    #[derive(Clone, Debug, PartialEq)]
                    pub enum MatState {
                        /// A throw is due: a swipe, a tap or the screen reader's action throws.
                        Ready,
                        InTheAir,
                        /// A result is in hand: a piece must move first.
                        MoveFirst,
                        /// Another seat is playing.
                        OthersTurn { seat: i32 },
                        Over,
                    }

                    /// What the bots are doing.
                    #[derive(Clone, Debug, PartialEq)]
                    pub enum BotState {
                        Idle,
                        /// The pause before a bot acts, so the table sees whose turn it is.
                        Waiting { seat: i32 },
                        Throwing { seat: i32 },
                        Thinking { seat: i32 },
                        Moving { seat: i32 },
                    }

                    /// A destination of the picked piece.
                    #[derive(Clone, Debug, PartialEq)]
                    pub struct Destination {
                        pub to: Spot,
                        /// The legal moves (indices into the snapshot's list) that reach it.
                        pub moves: Vec<u32>,
                        /// Opposing pieces a move there sends home (the most of its moves).
                        pub captures: i32,
                        /// With a hint on screen: the best winning chance of its moves.
                        pub chance: Option<f64>,
                    }

                    /// The piece the player picked, and where it may go.
                    #[derive(Clone, Debug, PartialEq)]
                    pub struct Selection {
                        pub from: Spot,
                        pub destinations: Vec<Destination>,
                    }

                    /// Several moves reach the tapped destination: the screen asks which.
                    #[derive(Clone, Debug, PartialEq)]
                    pub struct MoveQuestion {
                        pub from: Spot,
                        pub to: Spot,
                        /// The moves to choose between (indices into the snapshot's list).
                        pub moves: Vec<u32>,
                        /// Routes to choose between (asked when more than one).
                        pub routes: Vec<Route>,
                        /// Whether to join the pieces there (asked when both are listed).
                        pub stack_choices: Vec<bool>,
                        /// The sets of results the moves spend (asked when more than one).
                        pub uses_choices: Vec<Vec<Throw>>,
                    }

                    /// How a throw shows.
                    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
                    pub enum ThrowMotion {
                        /// The simulated flight, frame by frame.
                        Flight,
                        /// Reduce Motion, or a quick bot: a short drop onto the resting poses.
                        Drop,
                    }

                    /// A throw to animate: its flight, then (once it has landed) what it did.
                    #[derive(Clone, Debug, PartialEq)]
                    pub struct ThrowShown {
                        /// Grows with every throw and move shown.
                        pub seq: u64,
                        pub seat: i32,
                        pub colour: String,
                        /// Which sticks land flat side up (stick 0 is the marked one).
                        pub sticks: Vec<bool>,
                        pub flight: Flight,
                        pub motion: ThrowMotion,
                        /// When the sticks left the hand, and when the result shows.
                        pub started_at_ms: u64,
                        pub lands_at_ms: u64,
                        pub by_bot: bool,
                        /// What the throw did; `None` while the sticks fly (the result is withheld).
                        pub outcome: Option<ThrowOutcome>,
                    }

                    #[derive(Clone, Debug, PartialEq)]
                    pub struct ThrowOutcome {
                        /// `None` for 낙 (a stick off the mat).
                        pub result: Option<Throw>,
                        pub events: Vec<GameEvent>,
                    }

                    /// A point of the board's unit square (y down).
                    #[derive(Clone, Copy, Debug, PartialEq)]
                    pub struct Point {
                        pub x: f32,
                        pub y: f32,
                    }

                    /// A move to animate along its path.
                    #[derive(Clone, Debug, PartialEq)]
                    pub struct MoveShown {
                        pub seq: u64,
                        pub seat: i32,
                        pub colour: String,
                        pub from: Spot,
                        /// Every spot passed, ending at the destination.
                        pub path: Vec<Spot>,
                        /// Where to draw the start and each spot of the path (home and done lie just off
                        /// the start corner).
                        pub points: Vec<Point>,
                        pub pieces: i32,
                        /// Opposing pieces it sent home.
                        pub captured: i32,
                        pub events: Vec<GameEvent>,
                        pub by_bot: bool,
                        pub started_at_ms: u64,
                        /// The time per station (0 under Reduce Motion: the piece jumps).
                        pub step_ms: u32,
                        /// When the stack lands.
                        pub lands_at_ms: u64,
                    }

                    /// The hard bot's advice for the position on screen.
                    #[derive(Clone, Debug, PartialEq)]
                    pub struct HintView {
                        /// Index of its move in the snapshot's legal moves.
                        pub index: u32,
                        pub mv: LegalMove,
                        pub win_chance: f64,
                        /// The estimate after each legal move, in the snapshot's order.
                        pub chances: Vec<Option<f64>>,
                    }

                    /// The room whose game a table is (a local game's table has none).
                    #[derive(Clone, Debug, PartialEq)]
                    pub struct TableRoom {
                        pub code: String,
                        /// The room's link to share (as `RoomState::link`).
                        pub link: String,
                        /// The room's game, from 1 (a rematch is the next).
                        pub game_number: u32,
                    }

                    /// The game table.
                    #[derive(Clone, Debug, PartialEq)]
                    pub struct TableState {
                        /// The saved game's id (online: the room's code and game number). Only an
                        /// id: whether the table is a room's is `room`.
                        pub game_id: String,
                        /// The room this table plays, when it is a room's game: the shell leaves the
                        /// room on Back and shows the connection banner.
                        pub room: Option<TableRoom>,
                        /// The position on screen: while a throw's sticks fly, the one before it.
                        pub snapshot: GameSnapshot,
                        pub status: TurnLine,
                        pub mat: MatState,
                        pub can_throw: bool,
                        pub can_move: bool,
                        pub can_undo: bool,
                        pub can_hint: bool,
                        /// Hints and the review are offered (a local game's; a room has neither).
                        pub advice: bool,
                        /// Where the pieces that may move stand (highlight them).
                        pub movable: Vec<Spot>,
                        pub selection: Option<Selection>,
                        pub choice: Option<MoveQuestion>,
                        pub throw: Option<ThrowShown>,
                        pub last_move: Option<MoveShown>,
                        pub bot: BotState,
                        pub hint: Option<HintView>,
                        pub hint_pending: bool,
                        pub review: Option<Vec<Slip>>,
                        pub review_pending: bool,
                        /// The position on screen is the one saved.
                        pub saved: bool,
                        pub result_aside: bool,
                        /// The game was opened from its backup file: why.
                        pub recovered_from_backup: Option<String>,
                        /// The stick mat as laid out (points).
                        pub mat_size: Mat,
                    }

                    /// How a saved game shows in the list.
                    #[derive(Clone, Debug, PartialEq)]
                    pub enum SaveHealth {
                        Good,
                        /// Opens from its backup (the main file is damaged).
                        Backup,
                        /// Cannot be opened: it can only be deleted.
                        Damaged,
                        /// Saved by a newer version of the app: update to open it.
                        FromNewerVersion { version: u64 },
                    }

                    #[derive(Clone, Debug, PartialEq)]
                    pub struct SaveRow {
                        pub id: String,
                        pub health: SaveHealth,
                        pub damage: Option<SaveDamage>,
                        /// The core's English for logs.
                        pub problem: Option<String>,
                        pub summary: Option<SaveSummary>,
                        pub can_open: bool,
                    }

                    #[derive(Clone, Debug, PartialEq)]
                    pub struct SavedState {
                        pub loaded: bool,
                        pub rows: Vec<SaveRow>,
                        /// The game the screen asks to confirm deleting.
                        pub pending_delete: Option<String>,
                    }
        }
    };
}

view_records!(with_serde);

impl TableState {
    /// The sticks of the shown throw are in the air.
    pub fn in_the_air(&self) -> bool {
        self.throw.as_ref().is_some_and(|t| t.outcome.is_none())
    }
}
