//! The player's settings, kept in the key/value store under `settings` (JSON): mute, quick
//! bots, the rooms' server. Reduce Motion is the system's and is not kept.

use crate::store::{KeyValue, StoreError};
use serde::{Deserialize, Serialize};

/// The server the apps use until a person sets another.
pub const DEFAULT_SERVER: &str = "wss://rooms.yunnori.app";

const KEY: &str = "settings";

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub muted: bool,
    pub quick_bots: bool,
    /// `None`: the default server.
    pub server: Option<String>,
}

impl Settings {
    /// The settings kept in `kv`; the defaults when there are none or they cannot be read
    /// (a setting is only lost, never wrong).
    pub fn load(kv: &dyn KeyValue) -> Settings {
        kv.get(KEY)
            .ok()
            .flatten()
            // Read as text, as every other JSON of the app core is: one reader in WebAssembly.
            .and_then(|b| serde_json::from_str(std::str::from_utf8(&b).ok()?).ok())
            .unwrap_or_default()
    }

    pub fn store(&self, kv: &dyn KeyValue) -> Result<(), StoreError> {
        let bytes = serde_json::to_vec(self).map_err(|e| StoreError(e.to_string()))?;
        kv.put(KEY, &bytes)
    }

    /// The server of the settings, else `default` (the web's: the page's own origin).
    pub fn server_or(&self, default: &str) -> String {
        self.server.clone().unwrap_or_else(|| default.into())
    }

    /// A server address a person typed (`ws://` or `wss://`, a host, maybe a port),
    /// trimmed; empty goes back to the default (`None`).
    pub fn check_server(input: &str) -> Result<Option<String>, String> {
        let s = input.trim();
        if s.is_empty() {
            return Ok(None);
        }
        let rest = s
            .strip_prefix("wss://")
            .or_else(|| s.strip_prefix("ws://"))
            .ok_or("the address starts with wss:// (or ws:// on a home network)")?;
        let host = rest.split('/').next().unwrap_or_default();
        if host.is_empty() || host.chars().any(char::is_whitespace) {
            return Err("the address has no host".into());
        }
        Ok(Some(s.trim_end_matches('/').to_string()))
    }
}
