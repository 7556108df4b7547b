//! The one error type of the bindings, [`YutError`] (defined in yut-app, declared to UniFFI
//! here), and the lock helper that turns a poisoned mutex or a panic into an error instead
//! of a crash.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;
pub use yut_app::error::YutError;

#[uniffi::remote(Error)]
pub enum YutError {
    /// The rule options do not make a playable game (or name an unknown option or value).
    InvalidRules {
        reason: String,
    },
    /// The table cannot be set up: seat count, teams, a seat's colour, a scenario setup.
    InvalidSetup {
        reason: String,
    },
    /// The rules refuse this move (or a forced throw the rules do not have).
    IllegalMove {
        reason: String,
    },
    /// The game does not wait for this action now (a throw while a move is due, a move
    /// while a throw is owed, anything once the game is over, or a bot asked to move for
    /// a human seat).
    WrongPhase {
        reason: String,
    },
    /// Undo is off, or the last action cannot be taken back.
    CannotUndo {
        reason: String,
    },
    SaveNotFound {
        id: String,
    },
    SaveCorrupt {
        id: String,
        reason: String,
    },
    SaveFromNewerVersion {
        id: String,
        version: u64,
    },
    /// Another copy of this game (another window or activity, another library object on
    /// the same folder) saved or deleted it since this game object loaded or saved it:
    /// this copy's moves are not written over those, and a deleted game is not written
    /// back. Open the game again (if it still exists) to go on from there.
    SaveConflict {
        id: String,
        reason: String,
    },
    /// A file could not be read or written (permissions, full disk, ...).
    Io {
        reason: String,
    },
    /// An object or value that no longer matches the game: a legal move from an earlier
    /// state, a game with no library yet, a game whose library was closed.
    StaleObject {
        reason: String,
    },
    /// A bot's search was cancelled.
    Cancelled,
    /// Malformed input: JSON that does not parse, an unknown station id, a negative index.
    InvalidInput {
        reason: String,
    },
    /// A bug: the object is unusable after an earlier failure.
    Internal {
        reason: String,
    },
}

/// Runs `f`, turning a panic (a bug in the core) into [`YutError::Internal`], so that no
/// panic reaches the apps.
pub(crate) fn guarded<T>(f: impl FnOnce() -> Result<T, YutError>) -> Result<T, YutError> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        Err(YutError::Internal {
            reason: format!("the core failed: {what}"),
        })
    })
}

/// Runs `f` on the state behind `m`. A poisoned mutex (an earlier call failed mid-way)
/// and a panic inside `f` both come back as [`YutError::Internal`]; the panic unwinds
/// through the guard and poisons the mutex, so the object refuses every later call
/// rather than work on a half-changed state.
pub(crate) fn with_state<S, T>(
    m: &Mutex<S>,
    f: impl FnOnce(&mut S) -> Result<T, YutError>,
) -> Result<T, YutError> {
    guarded(|| {
        let mut guard = m.lock().map_err(|_| YutError::Internal {
            reason: "this object is unusable after an earlier internal failure".into(),
        })?;
        f(&mut guard)
    })
}
