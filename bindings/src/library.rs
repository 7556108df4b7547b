//! `SaveLibrary`: the directory of saved games, over `yut_core::save::SaveLibrary`.

use crate::error::{guarded, with_state, YutError};
use crate::session::{GameSession, SessionState};
use std::sync::Arc;
use yut_app::convert::{save_damage, save_summary};
use yut_app::error::from_save;
use yut_app::records::*;
use yut_core::save::{self, EntryStatus, SaveError};

/// The saved games in one directory (the app's files directory). Saves are atomic and
/// keep a backup; a damaged game is listed, never hidden. Any number of library objects
/// may share a directory (two windows, two processes): the core's per-game lock and
/// revision check keep each file whole and refuse a copy of a game that fell behind.
#[derive(uniffi::Object)]
pub struct SaveLibrary {
    /// Shared so that a game keeps a weak pointer to the directory it saves back to
    /// without pointing back at this object.
    inner: Arc<save::SaveLibrary>,
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
        let inner = save::SaveLibrary::open(dir).map_err(|e| match e {
            SaveError::NoDirectory => YutError::InvalidInput {
                reason: e.to_string(),
            },
            e => YutError::Io {
                reason: e.to_string(),
            },
        })?;
        Ok(Arc::new(SaveLibrary {
            inner: Arc::new(inner),
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
                let turn = e.turn_number.unwrap_or(0);
                let (status, summary, damage) = match &e.status {
                    EntryStatus::Good(s) => (SaveStatus::Good, Some(save_summary(s, turn)), None),
                    EntryStatus::Backup { summary, damage } => (
                        SaveStatus::Backup {
                            damage: damage.to_string(),
                        },
                        Some(save_summary(summary, turn)),
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
        let summary = save_summary(&loaded.summary, loaded.session.turn_number());
        let mut state = SessionState::new(loaded.session);
        state.library = Some(Arc::downgrade(&self.inner));
        state.saved = Some((self.inner.dir().to_path_buf(), loaded.revision));
        Ok(LoadedGame {
            session: GameSession::from_state(state),
            summary,
            recovered_from_backup: loaded.recovered_from_backup,
        })
    }

    /// Saves a game here (atomically, keeping the previous file as backup); the game
    /// then saves back here with `GameSession.save` too. Refused with `SaveConflict` when
    /// this game object loaded or saved the game in this directory before and another copy
    /// of it (another window, another library object) has saved or deleted it since: the
    /// other copy's moves are not written over. Open the game again to go on. Refused with
    /// `SaveFromNewerVersion` when a file of the game here is from a newer version of the
    /// app: this version cannot read it, so it never replaces it.
    pub fn save(self: Arc<Self>, game: Arc<GameSession>) -> Result<(), YutError> {
        with_state(&game.inner, |s| {
            s.store_into(&self.inner)?;
            s.library = Some(Arc::downgrade(&self.inner));
            Ok(())
        })
    }

    /// Deletes a saved game and its backup (waiting for a save in progress). A live game
    /// object of it, from this library or another on the same directory, can no longer
    /// save it back (`SaveConflict`).
    pub fn delete(&self, id: String) -> Result<(), YutError> {
        guarded(|| self.inner.delete(&id).map_err(|e| from_save(e, &id)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yut_app::records::{NewGame, PlayerKind, Preset, SeatSpec};

    fn humans() -> NewGame {
        let seat = |name: &str, colour: &str| SeatSpec {
            name: name.into(),
            colour: colour.into(),
            player: PlayerKind::Human,
        };
        NewGame {
            rules: crate::catalog::preset_rules(Preset::Yunnori),
            seats: vec![seat("Mina", "#112233"), seat("Joon", "#445566")],
            teams: None,
            seed: Some(43),
            undo: true,
        }
    }

    fn library(tag: &str) -> Arc<SaveLibrary> {
        let dir = std::env::temp_dir().join(format!("yut-ffi-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        SaveLibrary::open(dir.to_string_lossy().into_owned()).unwrap()
    }

    /// What `GameSession.save` promises: a game deleted meanwhile is a `SaveConflict`, and
    /// one a newer version of the app saved meanwhile is `SaveFromNewerVersion`, its file
    /// kept.
    #[test]
    fn a_save_over_a_deleted_game_or_a_newer_apps_file_is_refused_as_documented() {
        let lib = library("refusals");
        let game = GameSession::new(humans()).unwrap();
        lib.clone().save(game.clone()).unwrap();
        let id = game.id().unwrap();
        lib.delete(id.clone()).unwrap();
        let refused = game.save();
        assert!(
            matches!(&refused, Err(YutError::SaveConflict { id: i, .. }) if *i == id),
            "{refused:?}"
        );
        // Its words say what happened: deleted, not "saved from somewhere else".
        let said = refused.unwrap_err().to_string();
        assert!(
            said.contains("deleted") && !said.contains("was saved from somewhere else"),
            "{said}"
        );
        assert!(lib.list().unwrap().is_empty(), "not written back");

        let game = GameSession::new(humans()).unwrap();
        lib.clone().save(game.clone()).unwrap();
        let id = game.id().unwrap();
        let main = lib.inner.path_of(&id);
        let newer = b"{\"schema_version\":99,\"summary\":{},\"session\":{}}";
        std::fs::write(&main, newer).unwrap();
        assert_eq!(
            game.save(),
            Err(YutError::SaveFromNewerVersion {
                id: id.clone(),
                version: 99
            })
        );
        assert_eq!(std::fs::read(&main).unwrap(), newer);
        let _ = std::fs::remove_dir_all(lib.inner.dir());
    }
}
