//! Saved games in the browser's key/value store, one value a game under `save/<id>`, in
//! the save file format (docs/SAVES.md): the same bytes a phone writes to a file.
//! Revisions and conflicts as yut-core's `SaveLibrary` has them.

use crate::kv::WebKv;
use std::io;
use yut_app::store::{KeyValue, SaveStore};
use yut_core::save::{self, EntryStatus, Loaded, Revision, SaveEntry, SaveError};
use yut_core::session::Session;

const PREFIX: &str = "save/";

pub struct WebSaves(pub WebKv);

fn key(id: &str) -> Result<String, SaveError> {
    if save::is_valid_id(id) {
        Ok(format!("{PREFIX}{id}"))
    } else {
        Err(SaveError::BadId(id.to_string()))
    }
}

fn unwritable(e: yut_app::store::StoreError) -> SaveError {
    SaveError::Unwritable(io::Error::other(e.0))
}

impl WebSaves {
    fn bytes(&self, id: &str) -> Result<Option<Vec<u8>>, SaveError> {
        self.0
            .get(&key(id)?)
            .map_err(|e| SaveError::Unreadable(io::Error::other(e.0)))
    }
}

impl SaveStore for WebSaves {
    fn list(&self) -> Result<Vec<SaveEntry>, SaveError> {
        let mut entries: Vec<SaveEntry> = self
            .0
            .keys()
            .iter()
            .filter_map(|k| k.strip_prefix(PREFIX))
            .map(|id| match self.load(id) {
                Ok(l) => SaveEntry {
                    id: id.to_string(),
                    turn_number: Some(l.session.turn_number()),
                    status: EntryStatus::Good(l.summary),
                },
                Err(e) => SaveEntry {
                    id: id.to_string(),
                    turn_number: None,
                    status: EntryStatus::Damaged(e),
                },
            })
            .collect();
        entries.sort_by_key(|e| std::cmp::Reverse(e.summary().map_or(0, |s| s.updated_ms)));
        entries.sort_by_key(|e| e.summary().is_none());
        Ok(entries)
    }

    fn load(&self, id: &str) -> Result<Loaded, SaveError> {
        let bytes = self.bytes(id)?.ok_or(SaveError::NotFound)?;
        save::decode(&bytes)
    }

    fn save(&self, session: &Session, seen: Option<Revision>) -> Result<Revision, SaveError> {
        let stored = self.bytes(&session.id)?;
        match (seen, &stored) {
            (Some(_), None) => return Err(SaveError::DeletedElsewhere),
            (Some(seen), Some(b)) if Revision::of(b) != seen => {
                return Err(SaveError::ChangedElsewhere)
            }
            (None, Some(_)) => return Err(SaveError::ChangedElsewhere),
            _ => {}
        }
        let bytes = save::encode(session)?;
        self.0.put(&key(&session.id)?, &bytes).map_err(unwritable)?;
        Ok(Revision::of(&bytes))
    }

    fn delete(&self, id: &str) -> Result<(), SaveError> {
        self.0
            .delete(&key(id)?)
            .map_err(|e| SaveError::Undeletable(io::Error::other(e.0)))
    }
}
