//! The app at telling moments (yut-app's `samples`), for the shells' previews and
//! screenshot tests: the whole view model, made by playing seeded tables through the core.

use crate::error::{guarded, YutError};
use std::path::PathBuf;
use yut_app::samples::{self, Sample};
use yut_app::store::MemoryKv;
use yut_app::view::AppView;
use yut_core::save::SaveLibrary;

/// A moment of the app worth drawing.
#[uniffi::remote(Enum)]
pub enum Sample {
    /// The menu, with a game to continue.
    Menu,
    /// The new-game form as it opens.
    NewGame,
    /// The saved games: one under way, one finished, one damaged.
    SavedGames,
    Settings,
    /// The open game's rules.
    Rules,
    /// A fresh table: the first seat is to throw.
    FirstThrow,
    /// A throw's sticks in the air, thrown at `now_ms`.
    InTheAir,
    /// The same under Reduce Motion: a short drop.
    Dropping,
    /// A result in hand and a piece picked: its destinations are lit.
    MoveDue,
    /// Several moves reach the tapped destination: the table asks which.
    Question,
    /// A move due with the hard bot's hint on screen.
    Hint,
    /// Pieces of both seats on the board, a move due.
    MidGame,
    /// One seat with two stacks on one station (optional stacking, kept apart).
    SharedStation,
    /// The last move stacked the mover's pieces.
    Stacked,
    /// The last move took a shortcut at a corner or the centre.
    Shortcut,
    /// The last move captured: the mover has a bonus throw due.
    Captured,
    /// A bot is about to throw (its pause).
    BotsTurn,
    /// The game is over.
    Over,
    /// The review of a finished game.
    Review,
}

/// The app at `sample`, its games saved in `data_dir` (a scratch directory: the sample
/// plays into it). Times are on the caller's clock: the last throw or move happened at
/// `now_ms` (pass 0 to draw everything at rest). A search takes some milliseconds per
/// action: call it off the main thread outside previews.
#[uniffi::export]
pub fn sample_view(sample: Sample, data_dir: String, now_ms: u64) -> Result<AppView, YutError> {
    guarded(|| {
        let dir = PathBuf::from(data_dir).join("saves");
        let saves = SaveLibrary::open(&dir).map_err(|e| yut_app::error::from_save(e, ""))?;
        if sample == Sample::SavedGames {
            // A file cut short: listed as damaged, to be deleted.
            std::fs::write(dir.join("damaged.json"), b"{\"schema_version\": 1, \"summ").map_err(
                |e| YutError::Io {
                    reason: e.to_string(),
                },
            )?;
        }
        samples::sample(
            sample,
            Box::new(saves),
            Box::new(MemoryKv::default()),
            now_ms,
        )
        .ok_or_else(|| YutError::Internal {
            reason: format!("the seeded tables never reach {sample:?}"),
        })
    })
}
