//! The browser's key/value store as the core sees it: a map in memory, filled from
//! IndexedDB before the core starts, whose writes the executor takes after each update
//! and makes lasting. IndexedDB only answers asynchronously, and the core reads its
//! store synchronously inside `update`; the map is what it reads, IndexedDB what survives
//! a closed tab.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};
use yut_app::store::{KeyValue, StoreError};

#[derive(Default)]
struct Inner {
    map: BTreeMap<String, Vec<u8>>,
    /// Writes not yet taken by the executor, in order (`None`: deleted).
    journal: Vec<(String, Option<Vec<u8>>)>,
}

/// Shared between the core (its settings, tickets and saves) and the glue (preload and
/// the journal).
#[derive(Clone, Default)]
pub struct WebKv(Arc<Mutex<Inner>>);

impl WebKv {
    fn inner(&self) -> MutexGuard<'_, Inner> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A value read from IndexedDB at start: not written back.
    pub fn preload(&self, key: String, bytes: Vec<u8>) {
        self.inner().map.insert(key, bytes);
    }

    /// The writes since the last call, oldest first.
    pub fn take_writes(&self) -> Vec<(String, Option<Vec<u8>>)> {
        std::mem::take(&mut self.inner().journal)
    }
}

impl KeyValue for WebKv {
    fn get(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.inner().map.get(key).cloned())
    }

    fn put(&self, key: &str, bytes: &[u8]) -> Result<(), StoreError> {
        let mut inner = self.inner();
        inner.map.insert(key.to_string(), bytes.to_vec());
        inner.journal.push((key.to_string(), Some(bytes.to_vec())));
        Ok(())
    }

    fn delete(&self, key: &str) -> Result<(), StoreError> {
        let mut inner = self.inner();
        inner.map.remove(key);
        inner.journal.push((key.to_string(), None));
        Ok(())
    }

    fn keys(&self, prefix: &str) -> Result<Vec<String>, StoreError> {
        let inner = self.inner();
        Ok(inner
            .map
            .keys()
            .filter(|k| k.starts_with(prefix))
            .cloned()
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preloaded_values_are_read_but_only_writes_are_journalled() {
        let kv = WebKv::default();
        kv.preload("settings".into(), b"{}".to_vec());
        assert_eq!(kv.get("settings"), Ok(Some(b"{}".to_vec())));
        assert!(kv.take_writes().is_empty());
        kv.put("a", b"1").ok();
        kv.delete("settings").ok();
        assert_eq!(
            kv.take_writes(),
            vec![("a".into(), Some(b"1".to_vec())), ("settings".into(), None)]
        );
        assert!(kv.take_writes().is_empty());
        assert_eq!(kv.keys(""), Ok(vec!["a".to_string()]));
    }
}
