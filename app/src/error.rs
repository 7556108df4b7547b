//! The one public error type (Kotlin: `YutException` subclasses; Swift: a `YutError` enum
//! conforming to `Error`), mapped from the core's errors.

use yut_core::game::{RuleError, SetupError};
use yut_core::rules::RuleSetError;
use yut_core::save::SaveError;
use yut_core::session::SessionError;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum YutError {
    /// The rule options do not make a playable game (or name an unknown option or value).
    #[error("invalid rules: {reason}")]
    InvalidRules { reason: String },
    /// The table cannot be set up: seat count, teams, a seat's colour, a scenario setup.
    #[error("invalid setup: {reason}")]
    InvalidSetup { reason: String },
    /// The rules refuse this move (or a forced throw the rules do not have).
    #[error("illegal move: {reason}")]
    IllegalMove { reason: String },
    /// The game does not wait for this action now (a throw while a move is due, a move
    /// while a throw is owed, anything once the game is over, or a bot asked to move for
    /// a human seat).
    #[error("not now: {reason}")]
    WrongPhase { reason: String },
    /// Undo is off, or the last action cannot be taken back.
    #[error("cannot undo: {reason}")]
    CannotUndo { reason: String },
    #[error("no saved game {id:?}")]
    SaveNotFound { id: String },
    #[error("saved game {id:?} is damaged: {reason}")]
    SaveCorrupt { id: String, reason: String },
    #[error("saved game {id:?} was written by a newer version of the app (format {version})")]
    SaveFromNewerVersion { id: String, version: u64 },
    /// Another copy of this game (another window or activity, another library object on
    /// the same folder) saved or deleted it since this game object loaded or saved it:
    /// this copy's moves are not written over those, and a deleted game is not written
    /// back. Open the game again (if it still exists) to go on from there.
    #[error("saved game {id:?} was saved or deleted elsewhere: {reason}")]
    SaveConflict { id: String, reason: String },
    /// A file could not be read or written (permissions, full disk, ...).
    #[error("file error: {reason}")]
    Io { reason: String },
    /// An object or value that no longer matches the game: a legal move from an earlier
    /// state, a game with no library yet, a game whose library was closed.
    #[error("stale: {reason}")]
    StaleObject { reason: String },
    /// A bot's search was cancelled.
    #[error("cancelled")]
    Cancelled,
    /// Malformed input: JSON that does not parse, an unknown station id, a negative index.
    #[error("invalid input: {reason}")]
    InvalidInput { reason: String },
    /// A bug: the object is unusable after an earlier failure.
    #[error("internal error: {reason}")]
    Internal { reason: String },
}

impl From<RuleError> for YutError {
    fn from(e: RuleError) -> YutError {
        let reason = e.to_string();
        match e {
            RuleError::GameOver | RuleError::NoThrowOwed | RuleError::MustThrow => {
                YutError::WrongPhase { reason }
            }
            RuleError::BackDoOff | RuleError::IllegalMove(_) => YutError::IllegalMove { reason },
        }
    }
}

impl From<RuleSetError> for YutError {
    fn from(e: RuleSetError) -> YutError {
        let reason = e.to_string();
        match e {
            RuleSetError::SeatCount { .. } | RuleSetError::Teams(_) => {
                YutError::InvalidSetup { reason }
            }
            RuleSetError::Malformed(_)
            | RuleSetError::PiecesPerPlayer(_)
            | RuleSetError::StickProbability(_)
            | RuleSetError::EndlessTurn => YutError::InvalidRules { reason },
        }
    }
}

impl From<SetupError> for YutError {
    fn from(e: SetupError) -> YutError {
        match e {
            SetupError::Rules(r) => r.into(),
            SetupError::Invalid(reason) => YutError::InvalidSetup { reason },
            e @ (SetupError::TooManyOwed { .. } | SetupError::HandTooLarge { .. }) => {
                YutError::InvalidSetup {
                    reason: e.to_string(),
                }
            }
        }
    }
}

impl From<SessionError> for YutError {
    fn from(e: SessionError) -> YutError {
        let reason = e.to_string();
        match e {
            SessionError::Rules(r) => r.into(),
            SessionError::Setup(s) => s.into(),
            SessionError::Seat { .. } => YutError::InvalidSetup { reason },
            SessionError::NothingToUndo | SessionError::UndoOff => YutError::CannotUndo { reason },
            // Only a load replays a history, and loads report through `from_save`.
            SessionError::Replay(_) => YutError::Internal { reason },
        }
    }
}

/// A save library's error, naming the game it concerns.
pub fn from_save(e: SaveError, id: &str) -> YutError {
    let id = id.to_string();
    match e {
        SaveError::NotFound => YutError::SaveNotFound { id },
        SaveError::Corrupt { reason } => YutError::SaveCorrupt { id, reason },
        SaveError::NewerVersion { found, .. } => {
            YutError::SaveFromNewerVersion { id, version: found }
        }
        e @ (SaveError::Unreadable(_) | SaveError::Unwritable(_) | SaveError::Undeletable(_)) => {
            YutError::Io {
                reason: e.to_string(),
            }
        }
        e @ (SaveError::BadId(_) | SaveError::NoDirectory) => YutError::InvalidInput {
            reason: e.to_string(),
        },
        e @ (SaveError::ChangedElsewhere | SaveError::DeletedElsewhere) => YutError::SaveConflict {
            id,
            reason: e.to_string(),
        },
    }
}

pub fn json_error(e: serde_json::Error) -> YutError {
    YutError::InvalidInput {
        reason: e.to_string(),
    }
}
