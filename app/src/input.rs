//! What comes into the core: a person's intent ([`AppEvent`], the only inputs the shells
//! send), the passing of time, a search's answer, the room's socket.

use crate::flight::{Mat, Swipe};
use crate::online::OnlineAction;
use crate::records::{NewGame, PlayerKind, Preset, Route, RuleValue, Spot, Throw};
use crate::work::Done;

/// One input, with the time it happened at (`App::update`'s `now_ms`).
#[derive(Clone, Debug)]
pub enum Input {
    Event(AppEvent),
    /// Time passed: every timer due by now runs.
    Tick,
    /// A search's answer (`Effect::Work` with the same id).
    WorkDone {
        id: u64,
        done: Done,
    },
    Socket(SocketEvent),
}

/// What the room's socket did.
#[derive(Clone, Debug, PartialEq)]
pub enum SocketEvent {
    Opened,
    Text {
        text: String,
    },
    /// Closed or failed (`reason` for logs); the core decides whether to try again.
    Closed {
        reason: String,
    },
}

impl From<AppEvent> for Input {
    fn from(e: AppEvent) -> Input {
        Input::Event(e)
    }
}

/// Expands to `$then! { … }` over this file's records and enums (see `records!`).
#[macro_export]
macro_rules! input_records {
    ($then:ident) => {
        $then! {
                    /// The screens.
                    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
                    pub enum AppScreen {
                        Menu,
                        NewGame,
                        Table,
                        SavedGames,
                        Settings,
                        /// The open game's rules, option by option.
                        Rules,
                        /// Host or join a room, then its lobby (the room's game shows on `Table`).
                        Online,
                    }

                    /// What a person asked for.
                    #[derive(Clone, Debug, PartialEq)]
                    pub enum AppEvent {
                        /// Opens a screen from the menu (or the table's Rules button).
                        Open { screen: AppScreen },
                        /// Goes back (the system's back gesture): the table leaves its game, saved.
                        Back,
                        /// Closes the message on screen (and the Resume list's delete question).
                        Dismiss,
                        /// The menu's Continue: the most recently played unfinished game.
                        Continue,
                        Form { event: FormEvent },
                        /// Starts a game at this table (what the form's `Start` does once the table is
                        /// checked; "play again" and the tests too).
                        StartGame { setup: NewGame },
                        Table { action: TableAction },
                        Saved { action: SavedAction },
                        Settings { action: SettingsAction },
                        /// Host, join, rejoin or forget a room; the lobby's and the room's actions.
                        Online { action: OnlineAction },
                        /// The app goes to the background: everything is saved already; timers may stop.
                        Backgrounded,
                        /// How this shell calls a seat nobody has named, in its language (`{n}`: the
                        /// seat's number from 1): the new-game form's seats until someone types a name.
                        SeatNames { person: String, bot: String },
                    }

                    /// The new-game form.
                    #[derive(Clone, Debug, PartialEq)]
                    pub enum FormEvent {
                        SelectPreset { preset: Preset },
                        /// Changes one house rule (an option by its key).
                        SetRule { key: String, value: RuleValue },
                        /// Puts one house rule back to the preset's value.
                        ResetRule { key: String },
                        ResetRules,
                        AddSeat,
                        RemoveSeat { seat: u32 },
                        SetSeatName { seat: u32, name: String },
                        /// A colour as `#RRGGBB`.
                        SetSeatColour { seat: u32, colour: String },
                        SetSeatPlayer { seat: u32, player: PlayerKind },
                        SetTeams { on: bool },
                        SetSeatSide { seat: u32, side: u32 },
                        SetUndo { on: bool },
                        /// Checks the table and, when the core seats it, starts the game on the table.
                        Start,
                        /// Opens an online room at this table, `name` on the first person's seat (empty:
                        /// that seat's name on the form), with the server's default room settings. The
                        /// core turns the form into the room's table, so no shell rebuilds it.
                        Host { name: String },
                    }

                    /// The game table.
                    #[derive(Clone, Debug, PartialEq)]
                    pub enum TableAction {
                        /// The Throw button or the screen reader's action: a gentle drop.
                        ThrowTap,
                        /// A finger came down on the stick mat at (x, y), mat points, at `t_ms` (any clock
                        /// that only goes forward).
                        SwipeStart { x: f64, y: f64, t_ms: f64 },
                        SwipeMove { x: f64, y: f64, t_ms: f64 },
                        /// The finger let go: a swipe throws, a touch that never left the slop does not.
                        SwipeEnd { x: f64, y: f64, t_ms: f64 },
                        /// A ready-made swipe (tests, a bot's flick in a preview).
                        ThrowSwipe { swipe: Swipe },
                        /// The stick mat as laid out on screen (points): taps and bots throw onto it.
                        MatLaidOut { mat: Mat },
                        /// A tap on a spot of the board: picks a piece that may move, or plays the picked
                        /// piece's move there (asks which when several reach it).
                        Tap { spot: Spot },
                        /// Plays legal move `index` of the snapshot whose state tag is `state`.
                        ChooseMove { index: u32, state: u64 },
                        /// Answers the open question: this route.
                        ChooseRoute { route: Route },
                        /// Answers the open question: join the pieces there, or not.
                        ChooseStack { join: bool },
                        /// Answers the open question: spend these results.
                        ChooseUses { uses: Vec<Throw> },
                        CancelChoice,
                        Hint,
                        Review,
                        CloseReview,
                        Undo,
                        /// Puts the game-over card aside (to look at the board), or brings it back.
                        SetResultAside { aside: bool },
                        /// A new game at the same table, with fresh throws.
                        PlayAgain,
                        /// Opens a saved game.
                        Resume { id: String },
                        /// Leaves the table (saved): back to the menu.
                        Leave,
                        /// The bots start again after one failed (the message said so).
                        RetryBot,
                    }

                    /// The saved games.
                    #[derive(Clone, Debug, PartialEq)]
                    pub enum SavedAction {
                        Refresh,
                        /// Asks to delete (the screen then asks to confirm).
                        RequestDelete { id: String },
                        Delete { id: String },
                    }

                    /// The settings, and what the system says.
                    #[derive(Clone, Debug, PartialEq)]
                    pub enum SettingsAction {
                        /// No clack and no haptic tap when a stick knocks.
                        SetMuted { on: bool },
                        /// A bot's pause and its moves take a quarter of the time, its sticks drop.
                        SetQuickBots { on: bool },
                        /// The system asks for less motion: a throw shows as a short drop.
                        SetReduceMotion { on: bool },
                        /// The server rooms are hosted on (`wss://…`); empty: the default.
                        SetServer { address: String },
                    }
        }
    };
}

input_records!(with_serde);
