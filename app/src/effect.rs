//! What the core asks of the world, as values: cues and haptics for the shell, a timer, a
//! search off the UI thread, the room's socket. The executor performs them and answers
//! with an [`Input`](crate::input::Input) where one is due.

use crate::flight::Against;
use crate::records::{LegalMove, Spot, Throw};
use crate::work::Job;

/// One effect of an update.
#[derive(Clone, Debug)]
pub enum Effect {
    /// For the platform shell (Kotlin, Swift, TypeScript).
    Shell(ShellEffect),
    /// Call back with `Input::Tick` at `at_ms` (or after). Only the latest request counts:
    /// it is always the earliest timer the core has.
    Tick { at_ms: u64 },
    /// Search off the UI thread; answer with `Input::WorkDone` carrying the same `id`.
    Work { id: u64, job: Job },
    /// The search `id` is no longer wanted (the position it was for is gone): stop it. Its
    /// answer, if one still comes, is dropped.
    CancelWork { id: u64 },
    /// The room's connection.
    Socket(SocketCommand),
}

/// What the room's socket should do.
#[derive(Clone, Debug, PartialEq)]
pub enum SocketCommand {
    /// Open a WebSocket to `url` (a previous one is closed first).
    Open { url: String },
    /// Send one text frame.
    Send { text: String },
    /// Close it for good.
    Close,
}

/// Expands to `$then! { … }` over this file's records and enums (see `records!`).
#[macro_export]
macro_rules! effect_records {
    ($then:ident) => {
        $then! {
                    /// An effect for the shell.
                    #[derive(Clone, Debug, PartialEq)]
                    pub enum ShellEffect {
                        /// A stick knocked: play a wooden clack and a haptic tap scaled by `strength` (0–1)
                        /// now. `at_ms` is the time it was due (the flight's start plus the contact's time).
                        Cue { at_ms: u64, strength: f32, against: Against },
                        /// A haptic of the table.
                        Haptic { kind: HapticKind },
                        /// What the screen reader says, in order (each shell words each part).
                        Announce { speech: Vec<SpeechPart> },
                        /// Share this room link (the share sheet).
                        Share { link: String },
                        /// Open this address in the browser.
                        OpenUrl { url: String },
                    }

                    /// The haptics of the table.
                    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
                    pub enum HapticKind {
                        /// The sticks leave a hand (a person's throw or a bot's).
                        Thrown,
                        /// The player picked a piece.
                        Picked,
                        /// A move ended.
                        Moved,
                        /// A move sent opposing pieces home.
                        Captured,
                        /// The game ended.
                        Won,
                        /// An action was refused (the message says why).
                        Refused,
                    }

                    /// One part of a screen-reader announcement: ids and values, worded by the shell.
                    #[derive(Clone, Debug, PartialEq)]
                    pub enum SpeechPart {
                        /// `seat` threw `result` (`None`: 낙, a stick off the mat).
                        Threw { seat: i32, name: String, result: Option<Throw> },
                        /// `seat` moved `pieces` pieces to `to`.
                        Moved { seat: i32, name: String, pieces: i32, to: Spot },
                        /// The move joined `pieces` pieces standing there.
                        Stacked { pieces: i32 },
                        /// The move sent `pieces` opposing pieces back to the start.
                        Captured { pieces: i32 },
                        /// `pieces` pieces came home.
                        Finished { pieces: i32 },
                        /// The last move was taken back.
                        Undone,
                        /// It is now `seat`'s turn (`bot`: the phone or the server plays it).
                        Turn { seat: i32, name: String, bot: bool },
                        /// The game is over: the seats of the winning side.
                        Won { names: Vec<String> },
                        /// The hint came: the hard bot's move and the mover's winning chance after it.
                        Hint { mv: LegalMove, win_chance: f64 },
                    }
        }
    };
}

effect_records!(with_serde);

/// The effects of one update, with helpers the journeys read them through.
pub trait Effects {
    fn shell(&self) -> Vec<&ShellEffect>;
    fn cues(&self) -> Vec<(u64, f32)>;
    fn haptics(&self) -> Vec<HapticKind>;
}

impl Effects for [Effect] {
    fn shell(&self) -> Vec<&ShellEffect> {
        self.iter()
            .filter_map(|e| match e {
                Effect::Shell(s) => Some(s),
                _ => None,
            })
            .collect()
    }

    fn cues(&self) -> Vec<(u64, f32)> {
        self.shell()
            .into_iter()
            .filter_map(|s| match s {
                ShellEffect::Cue {
                    at_ms, strength, ..
                } => Some((*at_ms, *strength)),
                _ => None,
            })
            .collect()
    }

    fn haptics(&self) -> Vec<HapticKind> {
        self.shell()
            .into_iter()
            .filter_map(|s| match s {
                ShellEffect::Haptic { kind } => Some(*kind),
                _ => None,
            })
            .collect()
    }
}
