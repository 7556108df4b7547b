//! The seats this terminal holds in online rooms, kept on disk (as the apps keep theirs):
//! a terminal that ends, even killed, takes its seats back with `yut online join CODE` or
//! `yut online rejoin`. One JSON file, written whole and renamed into place, readable by
//! its owner only (whoever has a seat's token plays the seat).

use serde::{Deserialize, Serialize};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use yut_net::protocol::SeatToken;

/// The room's seats this terminal took, on one server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ticket {
    pub server: String,
    pub code: String,
    pub seats: Vec<SeatToken>,
    /// The name the seats were taken under (a new seat is taken under it too).
    pub name: String,
    /// When the seats were last taken or taken back (ms since the Unix epoch).
    pub at_ms: u64,
}

/// Tickets not used for this long are dropped (a room everyone left is gone after a day).
const KEPT_MS: u64 = 30 * 86_400_000;

#[derive(Default, Serialize, Deserialize)]
struct File {
    rooms: Vec<Ticket>,
}

/// The file of tickets when none is given: `$YUNNORI_TICKETS`, else
/// `$XDG_DATA_HOME/yunnori/rooms.json`, else `$HOME/.local/share/yunnori/rooms.json`.
pub fn default_file(var: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let get = |k: &str| var(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(f) = get("YUNNORI_TICKETS") {
        return Some(f);
    }
    let data = get("XDG_DATA_HOME").or_else(|| get("HOME").map(|h| h.join(".local/share")))?;
    Some(data.join("yunnori").join("rooms.json"))
}

/// The tickets in one file.
#[derive(Clone, Debug)]
pub struct Tickets {
    path: PathBuf,
}

impl Tickets {
    pub fn at(path: PathBuf) -> Tickets {
        Tickets { path }
    }

    /// The file at its usual place, if there is one to have.
    pub fn usual() -> Option<Tickets> {
        default_file(|k| std::env::var_os(k)).map(Tickets::at)
    }

    fn read(&self) -> File {
        std::fs::read(&self.path)
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or_default()
    }

    fn write(&self, f: &File) -> Result<(), String> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let text = serde_json::to_vec_pretty(f).map_err(|e| e.to_string())?;
        let tmp = self.path.with_extension("json.tmp");
        write_private(&tmp, &text).map_err(|e| format!("{}: {e}", tmp.display()))?;
        std::fs::rename(&tmp, &self.path).map_err(|e| format!("{}: {e}", self.path.display()))
    }

    /// The ticket for a room on a server.
    pub fn find(&self, server: &str, code: &str) -> Option<Ticket> {
        self.read()
            .rooms
            .into_iter()
            .find(|t| t.server == server && t.code == code)
    }

    /// The room last joined on a server.
    pub fn latest(&self, server: &str) -> Option<Ticket> {
        self.read()
            .rooms
            .into_iter()
            .filter(|t| t.server == server)
            .max_by_key(|t| t.at_ms)
    }

    /// Keeps the seats taken (added to those of the room kept already).
    pub fn keep(&self, t: Ticket) -> Result<(), String> {
        let mut f = self.read();
        f.rooms
            .retain(|k| t.at_ms.saturating_sub(k.at_ms) < KEPT_MS);
        match f
            .rooms
            .iter_mut()
            .find(|k| k.server == t.server && k.code == t.code)
        {
            Some(k) => {
                for s in t.seats {
                    k.seats.retain(|o| o.seat != s.seat);
                    k.seats.push(s);
                }
                k.seats.sort_by_key(|s| s.seat);
                k.name = t.name;
                k.at_ms = t.at_ms;
            }
            None => f.rooms.push(t),
        }
        self.write(&f)
    }

    /// Forgets a room (it is gone, or its seats are no longer these tokens').
    pub fn forget(&self, server: &str, code: &str) -> Result<(), String> {
        let mut f = self.read();
        let before = f.rooms.len();
        f.rooms.retain(|t| !(t.server == server && t.code == code));
        if f.rooms.len() == before {
            return Ok(());
        }
        self.write(&f)
    }
}

/// Writes a file only its owner may read.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut o = std::fs::OpenOptions::new();
    o.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.mode(0o600);
    }
    let mut f = o.open(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ticket(code: &str, seat: usize, at_ms: u64) -> Ticket {
        Ticket {
            server: "ws://s".into(),
            code: code.into(),
            seats: vec![SeatToken {
                seat,
                token: format!("t{seat}"),
            }],
            name: "Mina".into(),
            at_ms,
        }
    }

    #[test]
    fn seats_are_kept_added_and_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        let t = Tickets::at(dir.path().join("sub").join("rooms.json"));
        t.keep(ticket("ACDEFG", 1, 10)).unwrap();
        t.keep(ticket("ACDEFG", 2, 20)).unwrap();
        t.keep(ticket("KMNPQR", 0, 15)).unwrap();
        let kept = t.find("ws://s", "ACDEFG").unwrap();
        assert_eq!(
            kept.seats.iter().map(|s| s.seat).collect::<Vec<_>>(),
            [1, 2]
        );
        assert_eq!(t.latest("ws://s").unwrap().code, "ACDEFG");
        assert!(t.find("ws://other", "ACDEFG").is_none());
        t.forget("ws://s", "ACDEFG").unwrap();
        assert!(t.find("ws://s", "ACDEFG").is_none());
        assert!(t.find("ws://s", "KMNPQR").is_some());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join("sub").join("rooms.json"))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o077, 0, "only its owner reads the tokens");
        }
    }

    #[test]
    fn the_usual_place_follows_the_environment() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| OsString::from(v))
            }
        };
        assert_eq!(
            default_file(env(&[("XDG_DATA_HOME", "/d"), ("HOME", "/h")])),
            Some(PathBuf::from("/d/yunnori/rooms.json"))
        );
        assert_eq!(
            default_file(env(&[("HOME", "/h")])),
            Some(PathBuf::from("/h/.local/share/yunnori/rooms.json"))
        );
        assert_eq!(
            default_file(env(&[("YUNNORI_TICKETS", "/t.json"), ("HOME", "/h")])),
            Some(PathBuf::from("/t.json"))
        );
    }
}
