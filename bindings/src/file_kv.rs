//! The app core's small values on the phone: one file per key in the app's private
//! directory, each written whole (a temporary file renamed over it).

use std::fs;
use std::path::PathBuf;
use yut_app::store::{KeyValue, StoreError};

/// Each value's file is its key and this.
const SUFFIX: &str = ".json";

pub struct FileKv {
    dir: PathBuf,
}

impl FileKv {
    pub fn open(dir: PathBuf) -> Result<FileKv, StoreError> {
        fs::create_dir_all(&dir).map_err(|e| StoreError(e.to_string()))?;
        Ok(FileKv { dir })
    }

    /// The file of `key`; keys are the core's own (`settings`, `rooms`), never a path: no
    /// separator, and no leading dot (so never `.` or `..`).
    fn path(&self, key: &str) -> Result<PathBuf, StoreError> {
        let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
        if key.is_empty() || key.starts_with('.') || !key.chars().all(allowed) {
            return Err(StoreError(format!("{key:?} is not a key")));
        }
        Ok(self.dir.join(format!("{key}{SUFFIX}")))
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

    fn keys(&self, prefix: &str) -> Result<Vec<String>, StoreError> {
        let mut out = Vec::new();
        for entry in fs::read_dir(&self.dir).map_err(|e| StoreError(e.to_string()))? {
            let name = entry.map_err(|e| StoreError(e.to_string()))?.file_name();
            let key = name.to_str().and_then(|n| n.strip_suffix(SUFFIX));
            if let Some(k) = key.filter(|k| k.starts_with(prefix) && self.path(k).is_ok()) {
                out.push(k.to_string());
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys name files in the app's directory: listed by prefix, and never a path out of it.
    #[test]
    fn keys_are_listed_by_prefix_and_never_name_a_path() {
        let dir = tempfile::tempdir().unwrap();
        let kv = FileKv::open(dir.path().to_path_buf()).unwrap();
        for key in ["game.ab-1", "game.ab-1.bak", "rooms", "settings"] {
            kv.put(key, key.as_bytes()).unwrap();
        }
        let mut games = kv.keys("game.").unwrap();
        games.sort();
        assert_eq!(games, ["game.ab-1", "game.ab-1.bak"]);
        assert_eq!(kv.keys("").unwrap().len(), 4);
        assert_eq!(kv.get("rooms").unwrap().as_deref(), Some(&b"rooms"[..]));
        kv.delete("rooms").unwrap();
        kv.delete("rooms").unwrap();
        assert_eq!(kv.get("rooms").unwrap(), None);
        for bad in ["", ".", "..", "../x", "a/b", ".hidden", "a\\b"] {
            assert!(kv.put(bad, b"x").is_err(), "{bad:?}");
        }
        assert!(std::fs::read_dir(dir.path().parent().unwrap())
            .unwrap()
            .all(|e| e.unwrap().file_name() != "x.json"));
    }
}
