//! [`KvSaves`]: the saved games over a key/value store, for the browser (IndexedDB), with
//! the file library's behaviour kept here in Rust: the same file bytes (`docs/SAVES.md`),
//! a backup of the previous good save, revisions so that a copy of a game that fell behind
//! (another tab) is refused instead of overwriting the other's moves, a game deleted
//! meanwhile kept deleted, and a newer version's save never written over.
//!
//! A game `ID` is two values: `game.ID` (the save) and `game.ID.bak` (the one before it).
//! A store writes one value at a time; the backup is written first, so a tab closed between
//! the two writes leaves the old save in both, never none.

use crate::store::{KeyValue, SaveStore, StoreError};
use yut_core::save::{
    decode, encode, is_valid_id, read_summary, Loaded, Revision, SaveEntry, SaveError,
    MAX_FILE_BYTES,
};
use yut_core::session::Session;

const PREFIX: &str = "game.";
const BACKUP: &str = ".bak";

/// The saved games kept in `kv`.
pub struct KvSaves<K: KeyValue> {
    kv: K,
}

fn main_key(id: &str) -> String {
    format!("{PREFIX}{id}")
}

fn backup_key(id: &str) -> String {
    format!("{PREFIX}{id}{BACKUP}")
}

fn unreadable(e: StoreError) -> SaveError {
    SaveError::Unreadable(std::io::Error::other(e.0))
}

fn unwritable(e: StoreError) -> SaveError {
    SaveError::Unwritable(std::io::Error::other(e.0))
}

/// Whether `bytes` are a save of a newer format than this version reads (the head says
/// so before anything else is read).
fn newer(bytes: &[u8]) -> Option<SaveError> {
    match read_summary(bytes) {
        Err(e @ SaveError::NewerVersion { .. }) => Some(e),
        _ => None,
    }
}

impl<K: KeyValue> KvSaves<K> {
    pub fn new(kv: K) -> KvSaves<K> {
        KvSaves { kv }
    }

    fn get(&self, key: &str) -> Result<Option<Vec<u8>>, SaveError> {
        self.kv.get(key).map_err(unreadable)
    }

    /// Reads and checks one value of game `id` (`NotFound` when it is not there).
    fn load_value(&self, key: &str, id: &str) -> Result<Loaded, SaveError> {
        let bytes = self.get(key)?.ok_or(SaveError::NotFound)?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(SaveError::Corrupt {
                reason: format!("{} bytes, more than a save holds", bytes.len()),
            });
        }
        let l = decode(&bytes)?;
        if l.session.id != id {
            return Err(SaveError::Corrupt {
                reason: format!("the save holds game {:?}, not {id:?}", l.session.id),
            });
        }
        Ok(l)
    }

    /// The save, or its backup when the save is damaged or missing (and why); a newer
    /// version's value is refused without falling back, as the file library does.
    fn open_checked(&self, id: &str) -> Result<(Loaded, Option<SaveError>), SaveError> {
        if !is_valid_id(id) {
            return Err(SaveError::BadId(id.to_string()));
        }
        let main_err = match self.load_value(&main_key(id), id) {
            Ok(l) => return Ok((l, None)),
            Err(e @ SaveError::NewerVersion { .. }) => return Err(e),
            Err(e) => e,
        };
        match self.load_value(&backup_key(id), id) {
            Ok(mut l) => {
                l.recovered_from_backup = Some(match &main_err {
                    SaveError::NotFound => "the main file is missing".to_string(),
                    e => e.to_string(),
                });
                Ok((l, Some(main_err)))
            }
            Err(SaveError::NotFound) => Err(main_err),
            Err(bak_err @ SaveError::NewerVersion { .. }) => Err(bak_err),
            Err(bak_err) => Err(match main_err {
                SaveError::NotFound => bak_err,
                e => e,
            }),
        }
    }

    /// Whether the save is still what the writer saw at `seen`, and whether it is a good
    /// save (to keep as the backup).
    fn check_seen(
        &self,
        id: &str,
        main: Option<&[u8]>,
        backup: bool,
        seen: Revision,
    ) -> Result<bool, SaveError> {
        match main {
            Some(bytes) if Revision::of(bytes) == seen => Ok(true),
            Some(bytes) => match decode(bytes) {
                // A good save this writer never saw: another copy saved the game.
                Ok(l) if l.session.id == id => Err(SaveError::ChangedElsewhere),
                // A damaged save (the writer may have opened the backup): replaced.
                _ => Ok(false),
            },
            None if backup => Ok(false),
            None => Err(SaveError::DeletedElsewhere),
        }
    }
}

impl<K: KeyValue> SaveStore for KvSaves<K> {
    fn list(&self) -> Result<Vec<SaveEntry>, SaveError> {
        let keys = self.kv.keys(PREFIX).map_err(unreadable)?;
        let ids: std::collections::BTreeSet<String> = keys
            .iter()
            .filter_map(|k| k.strip_prefix(PREFIX))
            .map(|rest| rest.strip_suffix(BACKUP).unwrap_or(rest))
            .filter(|id| is_valid_id(id))
            .map(str::to_string)
            .collect();
        let mut out: Vec<SaveEntry> = ids
            .into_iter()
            .map(|id| {
                let opened = self.open_checked(&id);
                SaveEntry::from_opened(id, opened)
            })
            .collect();
        out.sort_by_key(|e| std::cmp::Reverse(e.summary().map(|s| s.updated_ms)));
        Ok(out)
    }

    fn load(&self, id: &str) -> Result<Loaded, SaveError> {
        self.open_checked(id).map(|(l, _)| l)
    }

    fn save(&self, session: &Session, seen: Option<Revision>) -> Result<Revision, SaveError> {
        let id = session.id.as_str();
        if !is_valid_id(id) {
            return Err(SaveError::BadId(id.to_string()));
        }
        let bytes = encode(session)?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(SaveError::Unwritable(std::io::Error::other(format!(
                "the game has grown past the largest save file ({} bytes)",
                bytes.len()
            ))));
        }
        let main = self.get(&main_key(id))?;
        let backup = self.get(&backup_key(id))?;
        // A newer version's save or backup may hold the game played on: never replaced.
        if let Some(e) = [&main, &backup]
            .into_iter()
            .flatten()
            .find_map(|b| newer(b))
        {
            return Err(e);
        }
        let main_is_good = match seen {
            Some(seen) => self.check_seen(id, main.as_deref(), backup.is_some(), seen)?,
            None => main
                .as_deref()
                .is_some_and(|b| decode(b).is_ok_and(|l| l.session.id == id)),
        };
        if let (true, Some(old)) = (main_is_good, &main) {
            self.kv.put(&backup_key(id), old).map_err(unwritable)?;
        }
        self.kv.put(&main_key(id), &bytes).map_err(unwritable)?;
        Ok(Revision::of(&bytes))
    }

    fn delete(&self, id: &str) -> Result<(), SaveError> {
        if !is_valid_id(id) {
            return Err(SaveError::BadId(id.to_string()));
        }
        let undeletable = |e: StoreError| SaveError::Undeletable(std::io::Error::other(e.0));
        let mut found = false;
        for key in [main_key(id), backup_key(id)] {
            found |= self.get(&key)?.is_some();
            self.kv.delete(&key).map_err(undeletable)?;
        }
        if found {
            Ok(())
        } else {
            Err(SaveError::NotFound)
        }
    }
}
