//! The records and enums the apps receive and send: plain values, no behaviour. They are
//! declared to UniFFI in yut-ffi (`remote.rs`) and serialise with serde for the web.
//!
//! Conversions from and to the core's types live in `convert.rs`. Indices and counts are
//! `i32` (Kotlin `Int`, Swift `Int32`); ids and seeds `u64`; times are milliseconds since
//! the Unix epoch (`i64`).

use crate::flight::Flight;

/// Expands to `$then! { … }` over every record and enum of this file, written once: this
/// crate gives them serde (`with_serde`), yut-ffi declares the same tokens to UniFFI.
#[macro_export]
macro_rules! records {
    ($then:ident) => {
        $then! {
            /// A throw's result.
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
            pub enum Throw {
                BackDo,
                Do,
                Gae,
                Geol,
                Yut,
                Mo,
            }

            /// A result with its names, for labels and the throw announcement.
            #[derive(Clone, Debug, PartialEq)]
            pub struct ThrowInfo {
                pub result: Throw,
                /// Stable id used in files: `back_do`, `do`, `gae`, `geol`, `yut`, `mo`.
                pub id: String,
                pub korean: String,
                pub english: String,
                /// Steps moved: -1 for Back-Do, 1 to 5 otherwise.
                pub steps: i32,
            }

            /// The routes a piece follows (RULES.md §2).
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
            pub enum Route {
                Outer,
                Mo,
                MoStraight,
                Dwitmo,
                Jjimo,
            }

            /// Where a piece is: waiting off the board, on a station (by its stable id), or finished.
            #[derive(Clone, Debug, PartialEq, Eq, Hash)]
            pub enum Spot {
                Home,
                Station { id: String },
                Done,
            }

            /// What the game waits for.
            #[derive(Clone, Copy, Debug, PartialEq, Eq)]
            pub enum Phase {
                ToThrow,
                ToMove,
                Over,
            }

            #[derive(Clone, Copy, Debug, PartialEq, Eq)]
            pub enum Preset {
                Yunnori,
                Culin1895,
                NyoutRu,
            }

            #[derive(Clone, Copy, Debug, PartialEq, Eq)]
            pub enum BotLevel {
                Easy,
                Medium,
                Hard,
            }

            /// Who sits in a seat.
            #[derive(Clone, Copy, Debug, PartialEq, Eq)]
            pub enum PlayerKind {
                Human,
                Bot { level: BotLevel },
            }

            /// One of the 29 stations, with where to draw it.
            #[derive(Clone, Debug, PartialEq)]
            pub struct StationInfo {
                /// Stable id: `1`..`20` round the edge, then `M1 M2 D1 D2 J1 J2 C S2 S1`.
                pub id: String,
                /// Dense index 0..29, in id order.
                pub index: i32,
                /// Position in the unit square, y growing downwards (screen convention).
                pub x: f32,
                pub y: f32,
                /// Corners and the centre: drawn larger; routes may turn there.
                pub corner_or_center: bool,
                /// Traditional name of a corner or the centre (모, 뒷모, 찌모, 참먹이, 방).
                pub name_korean: Option<String>,
                /// Its romanisation (mo, dwitmo, jjimo, chammeogi, bang).
                pub name_english: Option<String>,
                /// Ids of the stations joined to this one by a drawn line.
                pub neighbours: Vec<String>,
            }

            /// A drawn line between two neighbouring stations (each pair once).
            #[derive(Clone, Debug, PartialEq)]
            pub struct BoardLine {
                pub from: String,
                pub to: String,
            }

            #[derive(Clone, Debug, PartialEq)]
            pub struct BoardLayout {
                pub stations: Vec<StationInfo>,
                pub lines: Vec<BoardLine>,
                /// Id of the start and exit corner (참먹이), where pieces enter.
                pub start_station: String,
            }

            /// Why a bonus throw is owed.
            #[derive(Clone, Copy, Debug, PartialEq, Eq)]
            pub enum BonusReason {
                Result,
                Capture,
            }

            /// What happened, in order, so the apps can animate and announce it.
            #[derive(Clone, Debug, PartialEq)]
            pub enum GameEvent {
                /// `result` is `None` for 낙 (a stick off the mat: the throw counts for nothing).
                Thrown {
                    seat: i32,
                    result: Option<Throw>,
                    prize: bool,
                },
                Moved {
                    seat: i32,
                    from: Spot,
                    to: Spot,
                    /// Every spot passed, ending at `to`.
                    path: Vec<Spot>,
                    pieces: i32,
                    uses: Vec<Throw>,
                    route: Route,
                },
                /// The stack changed route on landing (a forced turn at a corner or the centre).
                Turned {
                    at: String,
                    route: Route,
                },
                Stacked {
                    at: String,
                    pieces: i32,
                },
                Captured {
                    at: String,
                    side: i32,
                    pieces: i32,
                },
                Finished {
                    side: i32,
                    pieces: i32,
                },
                BonusOwed {
                    reason: BonusReason,
                    prize: bool,
                },
                ResultLost {
                    result: Throw,
                },
                TurnPassed {
                    to: i32,
                },
                Won {
                    side: i32,
                },
                Placed {
                    side: i32,
                    place: i32,
                },
            }

            /// A legal move, with what the screen needs to show and animate it. Hand it back to
            /// `play` unchanged; it is valid only for the state it was listed in (`state`).
            #[derive(Clone, Debug, PartialEq)]
            pub struct LegalMove {
                /// The state the move belongs to; a move from any other state is refused as stale.
                pub state: u64,
                pub seat: i32,
                pub from: Spot,
                pub to: Spot,
                /// Every spot passed, ending at `to` (not including the start).
                pub path: Vec<Spot>,
                /// The results spent, sorted.
                pub uses: Vec<Throw>,
                /// The route the stack moves along in this move.
                pub route: Route,
                /// Present when the destination holds own pieces: whether the move joins them.
                pub stack: Option<bool>,
                /// How many pieces move.
                pub pieces: i32,
                /// Opposing pieces it would send home.
                pub captures: i32,
            }

            /// A hint: the move the hard bot would play for the seat to act, and its estimate of that
            /// side's chance of winning after it.
            #[derive(Clone, Debug, PartialEq)]
            pub struct Advice {
                pub chosen: LegalMove,
                /// 0–1 (with more than two sides: the chance of coming first).
                pub win_chance: f64,
                /// Every legal move with its estimate, from the same search, in the order of the
                /// snapshot's `legal_moves`: the other options to compare.
                pub appraisal: Vec<MoveChance>,
            }

            /// A legal move and the bot's estimate of the mover's winning chance after it.
            #[derive(Clone, Debug, PartialEq)]
            pub struct MoveChance {
                pub mv: LegalMove,
                pub win_chance: f64,
            }

            /// A move of a person that the hard bot rates well below its own choice (a review).
            #[derive(Clone, Debug, PartialEq)]
            pub struct Slip {
                /// The turn it was played in (1 for the game's first).
                pub turn: u32,
                pub seat: i32,
                /// What was played and what the bot would have played. They belong to an earlier
                /// position (state tag 0): shown, never played.
                pub played: LegalMove,
                pub best: LegalMove,
                /// The bot's estimates of the mover's winning chance after each (0–1).
                pub played_chance: f64,
                pub best_chance: f64,
            }

            /// A move as scenario files write it: `route`, `stack` and `count` (the size of
            /// the group that moves) settle choices where given.
            #[derive(Clone, Debug, PartialEq)]
            pub struct MoveSpec {
                pub from: Spot,
                pub uses: Vec<Throw>,
                pub route: Option<Route>,
                pub stack: Option<bool>,
                pub count: Option<i32>,
            }

            /// A result in hand, waiting to be spent.
            #[derive(Clone, Copy, Debug, PartialEq)]
            pub struct HandResult {
                pub result: Throw,
                /// The result of a prize throw (`capture_bonus = single_prize`).
                pub prize: bool,
            }

            #[derive(Clone, Debug, PartialEq)]
            pub struct SeatView {
                pub seat: i32,
                pub name: String,
                /// `#RRGGBB`.
                pub colour: String,
                pub player: PlayerKind,
                pub side: i32,
                /// Every piece of the seat (home, stations, done), as a multiset.
                pub pieces: Vec<Spot>,
                pub home: i32,
                pub done: i32,
                /// The place of the seat's side once it has finished (1 = winner).
                pub place: Option<i32>,
            }

            /// A side (team) and its seats.
            #[derive(Clone, Debug, PartialEq)]
            pub struct SideView {
                pub side: i32,
                pub seats: Vec<i32>,
                pub place: Option<i32>,
            }

            /// How many pieces of one seat a stack holds, and the seat's colour.
            #[derive(Clone, Debug, PartialEq)]
            pub struct SeatCount {
                pub seat: i32,
                pub colour: String,
                pub count: i32,
            }

            /// Pieces of one side standing together and moving as one.
            #[derive(Clone, Debug, PartialEq)]
            pub struct StackView {
                pub side: i32,
                /// Station id, and where to draw it in the unit square.
                pub station: String,
                pub x: f32,
                pub y: f32,
                pub route: Route,
                /// The route the stack may turn onto with its next move, if it has the choice.
                pub turn: Option<Route>,
                pub size: i32,
                pub counts: Vec<SeatCount>,
            }

            /// Whose turn it is.
            #[derive(Clone, Debug, PartialEq)]
            pub struct TurnView {
                pub seat: i32,
                pub side: i32,
                pub name: String,
                pub colour: String,
                pub player: PlayerKind,
            }

            /// Everything a game screen draws, from one call.
            #[derive(Clone, Debug, PartialEq)]
            pub struct GameSnapshot {
                /// Changes with every action; legal moves carry it.
                pub state: u64,
                pub phase: Phase,
                pub turn: TurnView,
                /// Throws owed now, ordinary and prize.
                pub owed: i32,
                pub owed_prize: i32,
                pub hand: Vec<HandResult>,
                pub seats: Vec<SeatView>,
                pub sides: Vec<SideView>,
                pub stacks: Vec<StackView>,
                pub legal_moves: Vec<LegalMove>,
                pub can_undo: bool,
                /// The level of the bot to act now, if the seat to act is a bot.
                pub bot_to_act: Option<BotLevel>,
                pub over: bool,
                /// The side that finished first.
                pub winner: Option<i32>,
                /// Sides in the order they finished.
                pub places: Vec<i32>,
                /// What the last action did (empty for a fresh or just loaded game).
                pub last_events: Vec<GameEvent>,
            }

            /// What a throw produced: the result, the stick animation and the events, and the screen
            /// after it.
            #[derive(Clone, Debug, PartialEq)]
            pub struct ThrowReport {
                pub seat: i32,
                /// `None` for 낙.
                pub result: Option<Throw>,
                /// Which sticks landed flat side up (stick 0 is the marked one).
                pub sticks: Vec<bool>,
                /// The sticks' flight from the player's swipe to rest on `sticks`: draw it, and show
                /// the result, the hand and the moves from `flight.end_ms` on.
                pub flight: Flight,
                pub events: Vec<GameEvent>,
                pub snapshot: GameSnapshot,
            }

            /// What a move did, and the screen after it.
            #[derive(Clone, Debug, PartialEq)]
            pub struct MoveReport {
                pub events: Vec<GameEvent>,
                pub snapshot: GameSnapshot,
            }

            /// A rule option's value.
            #[derive(Clone, Debug, PartialEq)]
            pub enum RuleValue {
                Flag {
                    on: bool,
                },
                /// One of the option's `choices`, by id.
                Choice {
                    id: String,
                },
                Count {
                    value: i32,
                },
                Probability {
                    value: f64,
                },
                Throws {
                    results: Vec<Throw>,
                },
                Stations {
                    ids: Vec<String>,
                },
            }

            /// How an option is edited.
            #[derive(Clone, Debug, PartialEq)]
            pub enum RuleKind {
                /// A switch.
                Flag,
                /// One of `choices`.
                Choice,
                /// A whole number in `min..=max`.
                Count { min: i32, max: i32 },
                /// A probability from `min` to `max` (the core refuses stick odds so lopsided that a
                /// turn would hardly end).
                Probability { min: f64, max: f64 },
                /// Any subset of `choices` (result ids).
                ThrowSet,
                /// Any subset of `choices` (station ids).
                StationSet,
            }

            /// A value an option may take, with its label.
            #[derive(Clone, Debug, PartialEq)]
            pub struct RuleChoice {
                pub id: String,
                pub label: String,
            }

            /// One option of the new-game screen, described as data.
            #[derive(Clone, Debug, PartialEq)]
            pub struct RuleOption {
                /// The option's name in rule files (RULES.md).
                pub key: String,
                pub label: String,
                pub help: String,
                pub kind: RuleKind,
                /// Allowed values for `Choice`, `ThrowSet` and `StationSet` options.
                pub choices: Vec<RuleChoice>,
                pub value: RuleValue,
                /// The value the preset gives (the option is changed when it differs).
                pub preset_value: RuleValue,
            }

            /// One option set to a value.
            #[derive(Clone, Debug, PartialEq)]
            pub struct RuleSetting {
                pub key: String,
                pub value: RuleValue,
            }

            /// A rule set as the apps hold it: a preset and the options changed from it.
            #[derive(Clone, Debug, PartialEq)]
            pub struct Rules {
                pub preset: Preset,
                pub changes: Vec<RuleSetting>,
            }

            /// A rule set checked and described option by option.
            #[derive(Clone, Debug, PartialEq)]
            pub struct RulesDescription {
                /// The same rules with only the options that really differ from the preset.
                pub rules: Rules,
                pub options: Vec<RuleOption>,
                pub min_seats: i32,
                pub max_seats: i32,
            }

            #[derive(Clone, Debug, PartialEq)]
            pub struct PresetInfo {
                pub preset: Preset,
                pub id: String,
                pub label: String,
                pub description: String,
                pub min_seats: i32,
                pub max_seats: i32,
            }

            #[derive(Clone, Debug, PartialEq)]
            pub struct SeatSpec {
                pub name: String,
                /// `#RRGGBB`.
                pub colour: String,
                pub player: PlayerKind,
            }

            /// Everything the new-game screen decides.
            #[derive(Clone, Debug, PartialEq)]
            pub struct NewGame {
                pub rules: Rules,
                pub seats: Vec<SeatSpec>,
                /// Sides as lists of seat indices; `None`: each seat its own side.
                pub teams: Option<Vec<Vec<i32>>>,
                /// The throw RNG's seed; `None` picks one.
                pub seed: Option<u64>,
                /// Whether a person may take back their own move while their turn goes on (until
                /// they throw again; not once the turn has passed).
                pub undo: bool,
            }

            #[derive(Clone, Debug, PartialEq)]
            pub struct SavedSeat {
                pub name: String,
                pub colour: String,
                pub player: PlayerKind,
                pub side: i32,
                /// Pieces of this seat already finished.
                pub finished: i32,
                pub place: Option<i32>,
            }

            /// What the Resume list shows for one game.
            #[derive(Clone, Debug, PartialEq)]
            pub struct SaveSummary {
                pub id: String,
                pub preset: Preset,
                pub pieces_per_player: i32,
                pub seats: Vec<SavedSeat>,
                /// The seat to act; `None` once the game is over.
                pub to_move: Option<i32>,
                pub finished: bool,
                pub winner: Option<i32>,
                pub created_ms: i64,
                pub updated_ms: i64,
                /// Throws and moves played.
                pub actions: i32,
                /// Turns begun (a seat's first throw starts one); kept for older callers.
                pub turns: i32,
                /// The turn in progress, counted from 1, as a turn counter shows it: it moves on the
                /// moment play passes to another seat (the last turn played once the game is over).
                pub turn_number: i32,
            }

            /// How a saved game shows in the Resume list.
            #[derive(Clone, Debug, PartialEq)]
            pub enum SaveStatus {
                Good,
                /// The main file is damaged; its backup is listed and is what `load` opens.
                Backup {
                    damage: String,
                },
                /// Neither file can be used: listed so the player can delete it.
                Damaged {
                    reason: String,
                },
                /// Written by a newer version of the app.
                FromNewerVersion {
                    version: u64,
                },
            }

            /// What is wrong with a saved game's file, as a stable id the apps word in their own
            /// language (the `SaveStatus` reasons are the core's English, for logs).
            #[derive(Clone, Copy, Debug, PartialEq, Eq)]
            pub enum SaveDamage {
                /// The file is there but its content does not make a game (bad JSON, a bad checksum,
                /// a position the rules reject).
                Corrupt,
                /// The file cannot be read at all (permissions, a device error).
                Unreadable,
                /// The file is missing.
                Missing,
                /// The file's name is not a game id.
                BadId,
                /// Written by a newer version of the app.
                NewerVersion,
            }

            /// One entry of the Resume list; `summary` is `None` for a damaged game.
            #[derive(Clone, Debug, PartialEq)]
            pub struct SaveEntry {
                pub id: String,
                pub status: SaveStatus,
                pub summary: Option<SaveSummary>,
                /// Why the main file is not used (`Backup`, `Damaged`, `FromNewerVersion`); `None` for a
                /// good game.
                #[serde(default)]
                pub damage: Option<SaveDamage>,
            }
        }
    };
}

records!(with_serde);
