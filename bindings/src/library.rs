//! `SaveLibrary`: the directory of saved games, over `yut_core::save::SaveLibrary`.

use crate::convert::{save_damage, save_summary};
use crate::error::{from_save, guarded, with_state, YutError};
use crate::records::*;
use crate::session::{GameSession, SessionState};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use yut_core::save::{self, EntryStatus, SaveError};
use yut_core::session::Session;

/// The saved games in one directory (the app's files directory). Saves are atomic and
/// keep a backup; a damaged game is listed, never hidden.
#[derive(uniffi::Object)]
pub struct SaveLibrary {
    inner: save::SaveLibrary,
    /// Games deleted through this library: their live sessions may no longer save.
    deleted: Mutex<HashSet<String>>,
}

/// A game read back from disk.
#[derive(uniffi::Record)]
pub struct LoadedGame {
    pub session: Arc<GameSession>,
    pub summary: SaveSummary,
    /// Set when the main file was damaged and its backup was opened instead: why (the
    /// last action or so may be missing).
    pub recovered_from_backup: Option<String>,
}

impl SaveLibrary {
    /// Writes a session, unless its game was deleted from this library meanwhile.
    pub(crate) fn store(&self, session: &Session) -> Result<(), YutError> {
        let id = session.id.as_str();
        with_state(&self.deleted, |deleted| {
            if deleted.contains(id) {
                return Err(YutError::StaleObject {
                    reason: format!("game {id:?} was deleted from the library"),
                });
            }
            Ok(())
        })?;
        guarded(|| self.inner.save(session).map_err(|e| from_save(e, id)))
    }
}

fn status(e: &SaveError) -> SaveStatus {
    match e {
        SaveError::NewerVersion { found, .. } => SaveStatus::FromNewerVersion { version: *found },
        other => SaveStatus::Damaged {
            reason: other.to_string(),
        },
    }
}

#[uniffi::export]
impl SaveLibrary {
    /// The library in `dir`, created if missing.
    #[uniffi::constructor]
    pub fn open(dir: String) -> Result<Arc<SaveLibrary>, YutError> {
        let inner = save::SaveLibrary::open(dir).map_err(|e| YutError::Io {
            reason: e.to_string(),
        })?;
        Ok(Arc::new(SaveLibrary {
            inner,
            deleted: Mutex::new(HashSet::new()),
        }))
    }

    /// The directory the games are kept in.
    pub fn dir(&self) -> String {
        self.inner.dir().to_string_lossy().into_owned()
    }

    /// The Resume list: most recently played first, damaged games last (listed with why,
    /// so the player can delete them).
    pub fn list(&self) -> Result<Vec<SaveEntry>, YutError> {
        let entries = guarded(|| self.inner.list().map_err(|e| from_save(e, "")))?;
        Ok(entries
            .iter()
            .map(|e| {
                let (status, summary, damage) = match &e.status {
                    EntryStatus::Good(s) => (SaveStatus::Good, Some(save_summary(s)), None),
                    EntryStatus::Backup { summary, damage } => (
                        SaveStatus::Backup {
                            damage: damage.to_string(),
                        },
                        Some(save_summary(summary)),
                        Some(save_damage(damage)),
                    ),
                    EntryStatus::Damaged(err) => (status(err), None, Some(save_damage(err))),
                };
                SaveEntry {
                    id: e.id.clone(),
                    status,
                    summary,
                    damage,
                }
            })
            .collect())
    }

    /// Opens a saved game (its history is replayed and checked). The game saves back
    /// here with `GameSession.save`.
    pub fn load(self: Arc<Self>, id: String) -> Result<LoadedGame, YutError> {
        let loaded = guarded(|| self.inner.load(&id).map_err(|e| from_save(e, &id)))?;
        with_state(&self.deleted, |d| {
            d.remove(&id);
            Ok(())
        })?;
        let mut state = SessionState::new(loaded.session);
        state.library = Some(Arc::downgrade(&self));
        Ok(LoadedGame {
            session: GameSession::wrap(state),
            summary: save_summary(&loaded.summary),
            recovered_from_backup: loaded.recovered_from_backup,
        })
    }

    /// Saves a game here (atomically, keeping the previous file as backup); the game
    /// then saves back here with `GameSession.save`.
    pub fn save(self: Arc<Self>, game: Arc<GameSession>) -> Result<(), YutError> {
        with_state(&game.inner, |s| {
            with_state(&self.deleted, |d| {
                d.remove(&s.session.id);
                Ok(())
            })?;
            self.store(&s.session)?;
            s.library = Some(Arc::downgrade(&self));
            Ok(())
        })
    }

    /// Deletes a saved game and its backup. A live game object of it can no longer save.
    pub fn delete(&self, id: String) -> Result<(), YutError> {
        guarded(|| self.inner.delete(&id).map_err(|e| from_save(e, &id)))?;
        with_state(&self.deleted, |d| {
            d.insert(id);
            Ok(())
        })
    }
}
