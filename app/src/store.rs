//! Where the core keeps things: saved games ([`SaveStore`]) and small values such as the
//! settings and the room tickets ([`KeyValue`]). The core calls them from `update`, which
//! runs on the core's own thread natively (never the UI thread). The behaviour of saves
//! (revisions, conflicts, backups, a newer version's file never overwritten) is yut-core's;
//! a store only keeps bytes.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use yut_core::save::{Loaded, Revision, SaveEntry, SaveError, SaveLibrary};
use yut_core::session::Session;

/// The saved games: yut-core's [`SaveLibrary`] natively (a directory of files, written
/// atomically with a backup); on the web [`KvSaves`](crate::kv_saves::KvSaves), the same
/// files and the same behaviour over IndexedDB.
pub trait SaveStore: Send {
    /// The Resume list, most recently played first, damaged games last.
    fn list(&self) -> Result<Vec<SaveEntry>, SaveError>;
    /// Loads and checks a game (its backup when the main file is damaged).
    fn load(&self, id: &str) -> Result<Loaded, SaveError>;
    /// Saves `session`, refused when the stored game is no longer the revision `seen`.
    fn save(&self, session: &Session, seen: Option<Revision>) -> Result<Revision, SaveError>;
    fn delete(&self, id: &str) -> Result<(), SaveError>;
}

impl SaveStore for SaveLibrary {
    fn list(&self) -> Result<Vec<SaveEntry>, SaveError> {
        SaveLibrary::list(self)
    }
    fn load(&self, id: &str) -> Result<Loaded, SaveError> {
        SaveLibrary::load(self, id)
    }
    fn save(&self, session: &Session, seen: Option<Revision>) -> Result<Revision, SaveError> {
        SaveLibrary::save(self, session, seen)
    }
    fn delete(&self, id: &str) -> Result<(), SaveError> {
        SaveLibrary::delete(self, id)
    }
}

/// A failure of a key/value store, in its own words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct StoreError(pub String);

/// The key the online rooms' tickets are kept under. A seat's token plays that seat, so the
/// phones keep this key's file (natively `rooms.json` in the app's private directory) out of
/// every backup and device transfer: restored on another phone it would claim the seat.
pub const ROOMS_KEY: &str = "rooms";

/// Values by key (`settings`, [`ROOMS_KEY`]; on the web also the saved games, see
/// [`KvSaves`](crate::kv_saves::KvSaves)): natively one file per key in the app's private
/// directory, on the web IndexedDB. Keys are the core's own: letters, digits, `_`, `-`
/// and `.`, never starting with `.`.
pub trait KeyValue: Send {
    fn get(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError>;
    /// Stores `bytes` under `key` whole (a reader sees the old value or the new one).
    fn put(&self, key: &str, bytes: &[u8]) -> Result<(), StoreError>;
    /// Removes `key` (nothing when it is not there).
    fn delete(&self, key: &str) -> Result<(), StoreError>;
    /// The keys that start with `prefix`, in any order.
    fn keys(&self, prefix: &str) -> Result<Vec<String>, StoreError>;
}

/// Values in memory, shared between clones (tests, previews, a second window of the same
/// app in a journey).
#[derive(Clone, Debug, Default)]
pub struct MemoryKv(Arc<Mutex<BTreeMap<String, Vec<u8>>>>);

impl MemoryKv {
    fn map(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, Vec<u8>>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl KeyValue for MemoryKv {
    fn get(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.map().get(key).cloned())
    }
    fn put(&self, key: &str, bytes: &[u8]) -> Result<(), StoreError> {
        self.map().insert(key.to_string(), bytes.to_vec());
        Ok(())
    }
    fn delete(&self, key: &str) -> Result<(), StoreError> {
        self.map().remove(key);
        Ok(())
    }
    fn keys(&self, prefix: &str) -> Result<Vec<String>, StoreError> {
        Ok(self
            .map()
            .keys()
            .filter(|k| k.starts_with(prefix))
            .cloned()
            .collect())
    }
}
