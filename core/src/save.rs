//! Save files: one JSON file per game in a directory the app gives.
//!
//! A family closes the app mid-game and resumes days later, so a save must survive a kill
//! at any instant, a full disk, a damaged file and every later app version:
//!
//! - the file is written whole to `<id>.json.tmp`, fsynced, then renamed over `<id>.json`
//!   and the directory fsynced: a reader sees the old file or the new one, never half;
//! - the previous good file is kept as `<id>.json.bak`, replaced only once the new file is
//!   on disk; a damaged main file falls back to it, and says so;
//! - `schema_version` is the first key, so any version can tell a newer file from a damaged
//!   one before reading the rest; then a `summary` (all the Resume list needs, read without
//!   the rest of the file); then the `session` (rules spelled out, seats, history, RNG);
//! - loading replays the history from the seed (as [`Session::verify`] does): a file that
//!   loads holds a game the rules and the RNG really produced, so a hand-edited throw is
//!   refused; the position itself is not stored, so the format does not depend on how the
//!   engine keeps one.
//!
//! Nothing read from a file is unwrapped: every problem is a [`SaveError`].

use crate::rules::Preset;
use crate::session::{Player, Session};
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The format this version writes and the newest it reads.
pub const SCHEMA_VERSION: u64 = 2;

/// Why a game could not be saved, listed or loaded.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("no such saved game")]
    NotFound,
    #[error("the save file is damaged: {reason}")]
    Corrupt { reason: String },
    #[error(
        "the save file was written by a newer version of the app \
         (format {found}; this version reads up to {supported})"
    )]
    NewerVersion { found: u64, supported: u64 },
    #[error("the save file cannot be read: {0}")]
    Unreadable(#[source] io::Error),
    #[error("the game cannot be saved: {0}")]
    Unwritable(#[source] io::Error),
    #[error("not a valid game id: {0:?}")]
    BadId(String),
}

impl SaveError {
    fn corrupt(reason: impl Into<String>) -> SaveError {
        SaveError::Corrupt {
            reason: reason.into(),
        }
    }

    fn read(e: io::Error) -> SaveError {
        if e.kind() == io::ErrorKind::NotFound {
            SaveError::NotFound
        } else {
            SaveError::Unreadable(e)
        }
    }

    fn json(e: serde_json::Error) -> SaveError {
        if e.is_io() {
            SaveError::Unreadable(e.into())
        } else {
            SaveError::corrupt(e.to_string())
        }
    }
}

/// One seat as the Resume list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatSummary {
    pub name: String,
    pub colour: String,
    pub player: Player,
    /// The side (team) the seat plays for.
    pub side: usize,
    /// Pieces of this seat already home (finished).
    pub finished: u8,
    /// 1 for the winning side; further places with `play_on_for_places`.
    pub place: Option<u8>,
}

/// Everything the Resume list shows for one game. Derived from the session; a load checks
/// it still matches, so the list never shows a game other than the one that opens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Summary {
    pub id: String,
    pub preset: Preset,
    pub pieces_per_player: u8,
    pub seats: Vec<SeatSummary>,
    /// The seat to act; `None` once the game is over.
    pub to_move: Option<usize>,
    pub finished: bool,
    /// The side that finished first.
    pub winner: Option<usize>,
    pub created_ms: u64,
    /// Last played.
    pub updated_ms: u64,
    /// Throws and moves in the history.
    pub actions: usize,
    pub turns: usize,
}

impl Summary {
    pub fn of(s: &Session) -> Summary {
        let g = s.game();
        let place_of = |side: usize| {
            g.places()
                .iter()
                .position(|p| *p as usize == side)
                .map(|i| i as u8 + 1)
        };
        Summary {
            id: s.id.clone(),
            preset: s.rules().preset,
            pieces_per_player: s.rules().pieces_per_player,
            seats: s
                .seats()
                .iter()
                .enumerate()
                .map(|(i, seat)| SeatSummary {
                    name: seat.name.clone(),
                    colour: seat.colour.clone(),
                    player: seat.player,
                    side: g.side_of(i),
                    finished: g.done(i),
                    place: place_of(g.side_of(i)),
                })
                .collect(),
            to_move: (!g.is_over()).then(|| g.to_move()),
            finished: g.is_over(),
            winner: g.winner(),
            created_ms: s.created_ms,
            updated_ms: s.updated_ms,
            actions: s.history().len(),
            turns: s.turns(),
        }
    }
}

/// A checked game read from a file.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub session: Session,
    pub summary: Summary,
    /// Set when the main file was refused and the backup loaded instead: why the main file
    /// was refused (the app tells the player the last action or so may be missing).
    pub recovered_from_backup: Option<String>,
}

/// How a saved game shows in the Resume list.
#[derive(Debug)]
pub enum EntryStatus {
    Good(Summary),
    /// The main file is damaged; the backup is shown and is what `load` will open.
    Backup {
        summary: Summary,
        damage: SaveError,
    },
    /// Neither file is usable (or the file is from a newer app version).
    Damaged(SaveError),
}

#[derive(Debug)]
pub struct SaveEntry {
    pub id: String,
    pub status: EntryStatus,
}

impl SaveEntry {
    pub fn summary(&self) -> Option<&Summary> {
        match &self.status {
            EntryStatus::Good(s) | EntryStatus::Backup { summary: s, .. } => Some(s),
            EntryStatus::Damaged(_) => None,
        }
    }
}

#[derive(Serialize)]
struct FileOut<'a> {
    schema_version: u64,
    summary: &'a Summary,
    session: &'a Session,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileIn {
    #[allow(dead_code)] // checked by `read_head` before the full parse
    schema_version: u64,
    summary: Summary,
    session: Session,
}

/// The bytes of a save file for `session`.
pub fn encode(session: &Session) -> Result<Vec<u8>, SaveError> {
    let summary = Summary::of(session);
    serde_json::to_vec(&FileOut {
        schema_version: SCHEMA_VERSION,
        summary: &summary,
        session,
    })
    .map_err(|e| SaveError::Unwritable(io::Error::other(e)))
}

/// Reads and fully checks a save file's bytes: version, structure, rules, the replay of
/// the history, and that the summary matches the game.
pub fn decode(bytes: &[u8]) -> Result<Loaded, SaveError> {
    read_head(bytes, false)?;
    let file: FileIn = serde_json::from_slice(bytes).map_err(SaveError::json)?;
    let session = file.session;
    if !is_valid_id(&session.id) {
        return Err(SaveError::corrupt(format!(
            "game id {:?} is not valid",
            session.id
        )));
    }
    // Reading the session replayed its history from the seed (`Session`'s Deserialize).
    let summary = Summary::of(&session);
    if summary != file.summary {
        return Err(SaveError::corrupt("the summary does not match the game"));
    }
    Ok(Loaded {
        session,
        summary,
        recovered_from_backup: None,
    })
}

/// Reads just the summary at the head of a save file, without the rest: fast enough to
/// list many games, and it does not check the game itself (`decode` does).
pub fn read_summary<R: Read>(reader: R) -> Result<Summary, SaveError> {
    read_head(reader, true)?.ok_or_else(|| SaveError::corrupt("the summary is missing"))
}

/// Checks the file at `path` exactly (no backup fallback), e.g. for `yut saves check`.
pub fn check_file(path: &Path) -> Result<Loaded, SaveError> {
    decode(&fs::read(path).map_err(SaveError::read)?)
}

/// Reads `schema_version` (which must come first) and, if asked, the `summary` after it,
/// then stops reading. Refuses a newer version before looking at anything else.
fn read_head<R: Read>(reader: R, want_summary: bool) -> Result<Option<Summary>, SaveError> {
    let mut head: Option<Result<Option<Summary>, SaveError>> = None;
    let mut de = serde_json::Deserializer::from_reader(reader);
    let res = de::Deserializer::deserialize_map(
        &mut de,
        HeadVisitor {
            want_summary,
            out: &mut head,
        },
    );
    match (head, res) {
        // The visitor stops the parser on purpose once it has what it wants.
        (Some(h), _) => h,
        (None, Err(e)) => Err(SaveError::json(e)),
        (None, Ok(())) => Err(SaveError::corrupt("empty file head")),
    }
}

struct HeadVisitor<'a> {
    want_summary: bool,
    out: &'a mut Option<Result<Option<Summary>, SaveError>>,
}

const STOP: &str = "stop reading the head";

impl<'de> Visitor<'de> for HeadVisitor<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a save file (a JSON object starting with schema_version)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let result = (|| {
            match map.next_key::<String>()? {
                Some(k) if k == "schema_version" => {}
                _ => return Ok(Err(SaveError::corrupt("schema_version must come first"))),
            }
            let version = match map.next_value::<serde_json::Value>()?.as_u64() {
                Some(v) if v >= 1 => v,
                _ => {
                    return Ok(Err(SaveError::corrupt(
                        "schema_version is not a positive integer",
                    )))
                }
            };
            if version > SCHEMA_VERSION {
                return Ok(Err(SaveError::NewerVersion {
                    found: version,
                    supported: SCHEMA_VERSION,
                }));
            }
            if !self.want_summary {
                return Ok(Ok(None));
            }
            match map.next_key::<String>()? {
                Some(k) if k == "summary" => {}
                _ => {
                    return Ok(Err(SaveError::corrupt(
                        "summary must follow schema_version",
                    )))
                }
            }
            Ok(Ok(Some(map.next_value::<Summary>()?)))
        })();
        match result {
            Ok(r) => {
                *self.out = Some(r);
                Err(de::Error::custom(STOP))
            }
            Err(e) => Err(e),
        }
    }
}

/// Ids name files, so they are kept to a safe alphabet: 1–64 of `A-Z a-z 0-9 - _`.
pub fn is_valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Identifies a file version on disk, to know without re-reading whether the main file is
/// still the one this library wrote or checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<std::time::SystemTime>,
    inode: u64,
}

impl Stamp {
    fn of(path: &Path) -> Option<Stamp> {
        let m = fs::metadata(path).ok()?;
        #[cfg(unix)]
        let inode = std::os::unix::fs::MetadataExt::ino(&m);
        #[cfg(not(unix))]
        let inode = 0;
        Some(Stamp {
            len: m.len(),
            modified: m.modified().ok(),
            inode,
        })
    }
}

/// A directory of saved games, one `<id>.json` (plus `<id>.json.bak`) per game.
#[derive(Debug)]
pub struct SaveLibrary {
    dir: PathBuf,
    /// Main files known to be good (written or fully checked here), by id.
    known_good: Mutex<HashMap<String, Stamp>>,
}

impl SaveLibrary {
    /// The library in `dir`, created if missing.
    pub fn open(dir: impl Into<PathBuf>) -> Result<SaveLibrary, SaveError> {
        let dir = dir.into();
        fs::create_dir_all(&dir).map_err(SaveError::Unwritable)?;
        Ok(SaveLibrary {
            dir,
            known_good: Mutex::new(HashMap::new()),
        })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The main file of a game.
    pub fn path_of(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.json"))
    }

    fn backup_of(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.json.bak"))
    }

    fn temp_of(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.json.tmp"))
    }

    fn backup_temp_of(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.json.bak.tmp"))
    }

    fn remember(&self, id: &str) {
        let mut known = self.known_good.lock().unwrap_or_else(|p| p.into_inner());
        match Stamp::of(&self.path_of(id)) {
            Some(s) => known.insert(id.to_string(), s),
            None => known.remove(id),
        };
    }

    fn forget(&self, id: &str) {
        let mut known = self.known_good.lock().unwrap_or_else(|p| p.into_inner());
        known.remove(id);
    }

    /// Whether the main file on disk is a good save (the one kept as backup on the next
    /// write). Trusts what this library wrote or checked if the file is unchanged since.
    fn main_is_good(&self, id: &str) -> bool {
        let main = self.path_of(id);
        let stamp = Stamp::of(&main);
        let known = {
            let known = self.known_good.lock().unwrap_or_else(|p| p.into_inner());
            known.get(id).copied()
        };
        if stamp.is_some() && stamp == known {
            return true;
        }
        check_file(&main).is_ok_and(|l| l.session.id == id)
    }

    /// Saves the session atomically (call after every action). The previous file becomes
    /// the backup once the new one is on disk, unless it was damaged: then the backup
    /// stays the older good file.
    pub fn save(&self, session: &Session) -> Result<(), SaveError> {
        let id = session.id.as_str();
        if !is_valid_id(id) {
            return Err(SaveError::BadId(id.to_string()));
        }
        let bytes = encode(session)?;
        let main = self.path_of(id);
        let tmp = self.temp_of(id);
        write_durably(&tmp, &bytes).map_err(SaveError::Unwritable)?;
        if main.exists() && self.main_is_good(id) {
            self.rotate_backup(id).map_err(SaveError::Unwritable)?;
        }
        fs::rename(&tmp, &main).map_err(SaveError::Unwritable)?;
        sync_dir(&self.dir).map_err(SaveError::Unwritable)?;
        self.remember(id);
        Ok(())
    }

    /// Makes the current main file the backup, replacing the old backup in one rename.
    fn rotate_backup(&self, id: &str) -> io::Result<()> {
        let (main, bak_tmp) = (self.path_of(id), self.backup_temp_of(id));
        match fs::remove_file(&bak_tmp) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
        // A hard link shares the bytes already on disk; copy where links are not allowed.
        if fs::hard_link(&main, &bak_tmp).is_err() {
            fs::copy(&main, &bak_tmp)?;
            File::open(&bak_tmp)?.sync_all()?;
        }
        fs::rename(&bak_tmp, self.backup_of(id))
    }

    /// Loads and checks a game; falls back to the backup when the main file is damaged or
    /// missing (and says so in `recovered_from_backup`). A file from a newer version is
    /// refused without falling back, so an older app never resumes an older state of it.
    pub fn load(&self, id: &str) -> Result<Loaded, SaveError> {
        if !is_valid_id(id) {
            return Err(SaveError::BadId(id.to_string()));
        }
        let main_err = match self.load_file(&self.path_of(id), id) {
            Ok(l) => {
                self.remember(id);
                return Ok(l);
            }
            Err(e @ SaveError::NewerVersion { .. }) => return Err(e),
            Err(e) => e,
        };
        self.forget(id);
        match self.load_file(&self.backup_of(id), id) {
            Ok(mut l) => {
                l.recovered_from_backup = Some(match main_err {
                    SaveError::NotFound => "the main file is missing".to_string(),
                    e => e.to_string(),
                });
                Ok(l)
            }
            Err(SaveError::NotFound) => Err(main_err),
            Err(bak_err) => Err(match main_err {
                SaveError::NotFound => bak_err,
                e => e,
            }),
        }
    }

    fn load_file(&self, path: &Path, id: &str) -> Result<Loaded, SaveError> {
        let l = check_file(path)?;
        if l.session.id != id {
            return Err(SaveError::corrupt(format!(
                "the file holds game {:?}, not {id:?}",
                l.session.id
            )));
        }
        Ok(l)
    }

    fn summary_of(&self, path: &Path, id: &str) -> Result<Summary, SaveError> {
        let f = File::open(path).map_err(SaveError::read)?;
        let s = read_summary(BufReader::new(f))?;
        if s.id != id {
            return Err(SaveError::corrupt(format!(
                "the file holds game {:?}, not {id:?}",
                s.id
            )));
        }
        Ok(s)
    }

    /// The Resume list, most recently played first, damaged games last. Reads only each
    /// file's summary; a damaged file is listed as such rather than hidden.
    pub fn list(&self) -> Result<Vec<SaveEntry>, SaveError> {
        let rd = match fs::read_dir(&self.dir) {
            Ok(rd) => rd,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(SaveError::Unreadable(e)),
        };
        let mut ids = std::collections::BTreeSet::new();
        for entry in rd {
            let name = entry.map_err(SaveError::Unreadable)?.file_name();
            let Some(name) = name.to_str() else { continue };
            let stem = name
                .strip_suffix(".json")
                .or_else(|| name.strip_suffix(".json.bak"));
            if let Some(id) = stem.filter(|id| is_valid_id(id)) {
                ids.insert(id.to_string());
            }
        }
        let mut out: Vec<SaveEntry> = ids
            .into_iter()
            .map(|id| {
                let status = match self.summary_of(&self.path_of(&id), &id) {
                    Ok(s) => EntryStatus::Good(s),
                    Err(e @ SaveError::NewerVersion { .. }) => EntryStatus::Damaged(e),
                    Err(main_err) => match self.summary_of(&self.backup_of(&id), &id) {
                        Ok(summary) => EntryStatus::Backup {
                            summary,
                            damage: main_err,
                        },
                        Err(bak_err) => EntryStatus::Damaged(match main_err {
                            SaveError::NotFound => bak_err,
                            e => e,
                        }),
                    },
                };
                SaveEntry { id, status }
            })
            .collect();
        out.sort_by_key(|e| std::cmp::Reverse(e.summary().map(|s| s.updated_ms)));
        Ok(out)
    }

    /// Deletes a game and its backup.
    pub fn delete(&self, id: &str) -> Result<(), SaveError> {
        if !is_valid_id(id) {
            return Err(SaveError::BadId(id.to_string()));
        }
        self.forget(id);
        let mut found = false;
        for path in [
            self.path_of(id),
            self.backup_of(id),
            self.temp_of(id),
            self.backup_temp_of(id),
        ] {
            match fs::remove_file(&path) {
                Ok(()) => found = true,
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(SaveError::Unwritable(e)),
            }
        }
        if !found {
            return Err(SaveError::NotFound);
        }
        sync_dir(&self.dir).map_err(SaveError::Unwritable)
    }
}

/// Writes `bytes` to `path` and waits until they are on disk.
fn write_durably(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = File::create(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

/// Makes renames in `dir` durable (directories can be fsynced on Unix only).
fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    File::open(dir)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}
