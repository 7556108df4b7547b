//! The app core's small values on the phone: one file per key in the app's private
//! directory, each written whole (a temporary file renamed over it).

use std::fs;
use std::path::PathBuf;
use yut_app::store::{KeyValue, StoreError};

pub struct FileKv {
    dir: PathBuf,
}

impl FileKv {
    pub fn open(dir: PathBuf) -> Result<FileKv, StoreError> {
        fs::create_dir_all(&dir).map_err(|e| StoreError(e.to_string()))?;
        Ok(FileKv { dir })
    }

    /// The file of `key`; keys are the core's own (`settings`, `rooms`), never a path.
    fn path(&self, key: &str) -> Result<PathBuf, StoreError> {
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(StoreError(format!("{key:?} is not a key")));
        }
        Ok(self.dir.join(format!("{key}.json")))
    }
}

impl KeyValue for FileKv {
    fn get(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        match fs::read(self.path(key)?) {
            Ok(b) => Ok(Some(b)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(StoreError(e.to_string())),
        }
    }

    fn put(&self, key: &str, bytes: &[u8]) -> Result<(), StoreError> {
        let path = self.path(key)?;
        let tmp = path.with_extension("json.tmp");
        fs::write(&tmp, bytes)
            .and_then(|()| fs::rename(&tmp, &path))
            .map_err(|e| StoreError(e.to_string()))
    }

    fn delete(&self, key: &str) -> Result<(), StoreError> {
        match fs::remove_file(self.path(key)?) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(StoreError(e.to_string())),
        }
    }
}
