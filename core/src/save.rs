//! Save files: one JSON file per game in a directory the app gives.
//!
//! A family closes the app mid-game and resumes days later, so a save must survive a kill
//! at any instant, a full disk, a damaged file and every later app version:
//!
//! - the file is written whole to a temporary file of its own writer (`<id>.json.<pid>-<n>.tmp`),
//!   fsynced, then renamed over `<id>.json` and the directory fsynced: a reader sees the old
//!   file or the new one, never half;
//! - a save holds the game's lock (an advisory lock on `<id>.json.lock`, as SQLite takes
//!   one), so two copies of one game open at once (two windows, two terminals) write one
//!   after the other; and each save names the [`Revision`] its writer last wrote or loaded,
//!   so a copy that fell behind is refused ([`SaveError::ChangedElsewhere`]) instead of
//!   overwriting the other's moves, and a game deleted meanwhile stays deleted;
//! - the previous good file is kept as `<id>.json.bak`, replaced only once the new file is
//!   on disk; a damaged main file falls back to it, and says so;
//! - `schema_version` is the first key, so any version can tell a newer file from a damaged
//!   one before reading the rest; then a `summary` (all the Resume list needs, read without
//!   the rest of the file); then the `session` (rules spelled out, seats, history, RNG);
//! - a game with a file from a newer version is never written by this one
//!   ([`SaveError::NewerVersion`]): that file may hold the game played on, and stays, as
//!   main file or backup;
//! - loading replays the history from the seed (as [`Session::verify`] does): a file that
//!   loads holds a game the rules and the RNG really produced, so a hand-edited throw is
//!   refused; the position itself is not stored, so the format does not depend on how the
//!   engine keeps one.
//!
//! Nothing read from a file is unwrapped: every problem is a [`SaveError`]. Only regular
//! files of at most [`MAX_FILE_BYTES`] are read, so a stray pipe or a huge damaged file can
//! neither hang the Resume list nor take the phone's memory.

use crate::rules::Preset;
use crate::session::{Player, Session};
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::hash::{Hash, Hasher};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The format this version writes and the newest it reads.
pub const SCHEMA_VERSION: u64 = 2;

/// The largest save file read or written. A finished four-seat game is about 40 KB; a
/// file past this is damaged, and refusing it before parsing keeps its size off the heap.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

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
    #[error("the saved game could not be deleted: {0}")]
    Undeletable(#[source] io::Error),
    #[error("not a valid game id: {0:?}")]
    BadId(String),
    /// Another copy of this game (another window, device or terminal) saved it since this
    /// copy last saved or loaded it: saving would overwrite those moves.
    #[error(
        "this game was saved from somewhere else (another window or terminal) since it was \
         opened here; open it again to go on from there"
    )]
    ChangedElsewhere,
    /// The game was deleted since this copy last saved or loaded it.
    #[error("this game was deleted; it is not written back")]
    DeletedElsewhere,
    #[error("no save directory was given")]
    NoDirectory,
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
    /// The file read, for the next [`SaveLibrary::save`] of this game.
    pub revision: Revision,
}

/// One version of a save file as its writer wrote or read it: a save names the revision
/// it follows, and is refused if the file on disk is another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Revision(u64);

impl Revision {
    /// The revision of a file's bytes (a fixed-key hash: the same in every process).
    pub fn of(bytes: &[u8]) -> Revision {
        let mut h = std::hash::DefaultHasher::new();
        bytes.hash(&mut h);
        Revision(h.finish())
    }
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
    /// Neither file is usable (or the file is from a newer app version, or is not a
    /// regular file).
    Damaged(SaveError),
}

#[derive(Debug)]
pub struct SaveEntry {
    pub id: String,
    pub status: EntryStatus,
    /// The turn in progress ([`Session::turn_number`]) of a game that opens, `None` for a
    /// damaged one: the summary's `turns` counts turns begun, which lags a turn at every
    /// handover, and changing it would change the save format.
    pub turn_number: Option<usize>,
}

impl SaveEntry {
    /// The list entry of game `id` from opening it (the main file, or its backup with the
    /// main file's damage): one reading for every store, files or key/value.
    pub fn from_opened(
        id: String,
        opened: Result<(Loaded, Option<SaveError>), SaveError>,
    ) -> SaveEntry {
        let (status, turn_number) = match opened {
            Ok((l, None)) => {
                let turn = l.session.turn_number();
                (EntryStatus::Good(l.summary), Some(turn))
            }
            Ok((l, Some(damage))) => {
                let turn = l.session.turn_number();
                let summary = l.summary;
                (EntryStatus::Backup { summary, damage }, Some(turn))
            }
            Err(e) => (EntryStatus::Damaged(e), None),
        };
        SaveEntry {
            id,
            status,
            turn_number,
        }
    }

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
    // Read as text, as the room's messages are (`serde_json::from_str`): the browser's
    // WebAssembly then holds one JSON reader of the game's types, not three. The head is
    // read first, from the file's valid text, so a newer version is told as such even
    // when its file is damaged further on.
    let text = std::str::from_utf8(bytes);
    let valid = match &text {
        Ok(t) => t,
        Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(),
    };
    read_head(serde_json::Deserializer::from_str(valid), false)?;
    let text = text.map_err(|e| SaveError::corrupt(format!("the file is not UTF-8 text: {e}")))?;
    let file: FileIn = serde_json::from_str(text).map_err(SaveError::json)?;
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
        revision: Revision::of(bytes),
    })
}

/// Reads just the summary at the head of a save file, without the rest. It does not check
/// the game itself (`decode` does), so the Resume list does not use it: it is for tools
/// that only peek at a file (the fuzz target, the damage tests).
pub fn read_summary<R: Read>(reader: R) -> Result<Summary, SaveError> {
    read_head(serde_json::Deserializer::from_reader(reader), true)?
        .ok_or_else(|| SaveError::corrupt("the summary is missing"))
}

/// Checks the file at `path` exactly (no backup fallback), e.g. for `yut saves check`.
pub fn check_file(path: &Path) -> Result<Loaded, SaveError> {
    decode(&read_file(path)?)
}

/// The bytes of a save file: a regular file (a pipe is never waited on) of at most
/// [`MAX_FILE_BYTES`] (checked before reading, and while reading if it grows meanwhile).
fn read_file(path: &Path) -> Result<Vec<u8>, SaveError> {
    let mut options = OpenOptions::new();
    options.read(true);
    // Opening a FIFO for reading blocks until a writer comes; without blocking it opens at
    // once and is then refused as not a regular file.
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path).map_err(SaveError::read)?;
    let meta = file.metadata().map_err(SaveError::read)?;
    if !meta.is_file() {
        return Err(SaveError::corrupt("not a regular file"));
    }
    let too_big = |len: u64| {
        SaveError::corrupt(format!(
            "{len} bytes: larger than any saved game ({MAX_FILE_BYTES} at most)"
        ))
    };
    if meta.len() > MAX_FILE_BYTES {
        // A newer version may write larger files: its version counts before the size,
        // so such a file is never taken for a damaged one (and replaced).
        let head = read_head(
            serde_json::Deserializer::from_reader(io::BufReader::new(&file)),
            false,
        );
        if let Err(e @ SaveError::NewerVersion { .. }) = head {
            return Err(e);
        }
        return Err(too_big(meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(SaveError::read)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_big(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Reads `schema_version` (which must come first) and, if asked, the `summary` after it,
/// then stops reading. Refuses a newer version before looking at anything else.
fn read_head<'de, R: serde_json::de::Read<'de>>(
    mut de: serde_json::Deserializer<R>,
    want_summary: bool,
) -> Result<Option<Summary>, SaveError> {
    let mut head: Option<Result<Option<Summary>, SaveError>> = None;
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
            // Read as a number, never as a value of whatever the file holds there: a huge
            // array in its place is refused at its first byte.
            let version = match map.next_value::<u64>() {
                Ok(v) if v >= 1 => v,
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

/// Numbers each temporary file of this process, so no two writers share one.
static TEMP_SEQ: AtomicU64 = AtomicU64::new(0);

/// A game's lock, held while its files change; released when dropped (closing the file).
struct GameLock {
    file: Option<File>,
    path: PathBuf,
}

impl GameLock {
    /// Removes the lock file, then lets the lock go, so no lock file is left beside the
    /// game. A writer waiting on the removed file finds it gone and takes a new one.
    fn release(self) -> io::Result<()> {
        // Where locks are not compared by file identity, the file must stay.
        if cfg!(unix) && self.file.is_some() {
            match fs::remove_file(&self.path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
        }
        // The lock itself goes as `self` drops here (on targets with no files, there is
        // nothing to close).
        Ok(())
    }
}

/// A directory of saved games, one `<id>.json` (plus `<id>.json.bak`) per game.
#[derive(Debug)]
pub struct SaveLibrary {
    dir: PathBuf,
}

impl SaveLibrary {
    /// The library in `dir`, created if missing. An empty path is refused rather than
    /// taken as whatever the current directory happens to be.
    pub fn open(dir: impl Into<PathBuf>) -> Result<SaveLibrary, SaveError> {
        let dir = dir.into();
        if dir.as_os_str().is_empty() {
            return Err(SaveError::NoDirectory);
        }
        fs::create_dir_all(&dir).map_err(SaveError::Unwritable)?;
        Ok(SaveLibrary { dir })
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

    fn lock_path(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.json.lock"))
    }

    /// A temporary file no other writer uses: `<id>.json.<pid>-<n>.tmp` (`kind` is `json`
    /// or `json.bak`).
    fn temp_of(&self, id: &str, kind: &str) -> PathBuf {
        let n = TEMP_SEQ.fetch_add(1, Ordering::Relaxed);
        self.dir
            .join(format!("{id}.{kind}.{}-{n}.tmp", std::process::id()))
    }

    /// Whether `name` is a temporary file of game `id` (a writer's, or one left by a kill).
    fn is_temp_of(name: &str, id: &str) -> bool {
        name.strip_prefix(id)
            .and_then(|rest| rest.strip_prefix(".json."))
            .is_some_and(|rest| rest.ends_with("tmp"))
    }

    /// Takes the game's lock, waiting for another writer (in this process or another) to
    /// finish. Every save and delete removes the lock file while holding it, so a lock
    /// taken on a file that is no longer in the directory is let go and taken again.
    fn lock(&self, id: &str) -> io::Result<GameLock> {
        let path = self.lock_path(id);
        loop {
            let file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)?;
            match file.lock() {
                Ok(()) => {}
                // A file system without locks: the unique temporary files still keep
                // every file whole; only the check against other copies may race.
                Err(e) if e.kind() == io::ErrorKind::Unsupported => {
                    return Ok(GameLock { file: None, path })
                }
                Err(e) => return Err(e),
            }
            if still_linked(&file, &path) {
                return Ok(GameLock {
                    file: Some(file),
                    path,
                });
            }
        }
    }

    /// Whether the main file on disk is a good save of `id` (kept as backup on the next
    /// write).
    fn main_is_good(&self, id: &str) -> bool {
        check_file(&self.path_of(id)).is_ok_and(|l| l.session.id == id)
    }

    /// Refuses to write game `id` when either of its files is from a newer version: this
    /// build cannot tell what such a file holds (maybe the game played on in a newer app),
    /// so it never replaces it, neither by a save nor by rotating it out of the backup.
    fn refuse_newer(&self, id: &str) -> Result<(), SaveError> {
        for path in [self.path_of(id), self.backup_of(id)] {
            let head = read_file(&path).and_then(|bytes| {
                read_head(serde_json::Deserializer::from_reader(&bytes[..]), false)
            });
            if let Err(e @ SaveError::NewerVersion { .. }) = head {
                return Err(e);
            }
        }
        Ok(())
    }

    /// Checks, under the lock, that the files on disk are still what the writer saw at
    /// `seen`, and says whether the main file is a good save (to keep as backup).
    fn check_seen(&self, id: &str, seen: Revision) -> Result<bool, SaveError> {
        match read_file(&self.path_of(id)) {
            Ok(bytes) if Revision::of(&bytes) == seen => Ok(true),
            Ok(bytes) => match decode(&bytes) {
                // A good save this writer never saw: another copy saved the game.
                Ok(l) if l.session.id == id => Err(SaveError::ChangedElsewhere),
                // A damaged main file (the writer may have opened the backup): replaced,
                // and the backup kept.
                _ => Ok(false),
            },
            Err(SaveError::NotFound) => {
                if self.backup_of(id).exists() {
                    Ok(false)
                } else {
                    Err(SaveError::DeletedElsewhere)
                }
            }
            Err(_) => Ok(false),
        }
    }

    /// Saves the session atomically (call after every action) and returns the revision
    /// written, to pass to the next save of this game. `seen` is the revision this copy
    /// of the game last saved or loaded: if another copy saved the game since, or it was
    /// deleted, nothing is written and the error says so. `None` saves whatever is on
    /// disk (a new game, or an explicit "save here").
    ///
    /// The previous file becomes the backup once the new one is on disk, unless it was
    /// damaged: then the backup stays the older good file.
    pub fn save(&self, session: &Session, seen: Option<Revision>) -> Result<Revision, SaveError> {
        let id = session.id.as_str();
        if !is_valid_id(id) {
            return Err(SaveError::BadId(id.to_string()));
        }
        let bytes = encode(session)?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(SaveError::Unwritable(io::Error::other(format!(
                "the game has grown past the largest save file ({} bytes)",
                bytes.len()
            ))));
        }
        let lock = self.lock(id).map_err(SaveError::Unwritable)?;
        let written = self.write_locked(id, &bytes, seen);
        let released = lock.release().map_err(SaveError::Unwritable);
        written?;
        released?;
        Ok(Revision::of(&bytes))
    }

    /// The part of `save` done under the game's lock.
    fn write_locked(
        &self,
        id: &str,
        bytes: &[u8],
        seen: Option<Revision>,
    ) -> Result<(), SaveError> {
        self.refuse_newer(id)?;
        let main_is_good = match seen {
            Some(seen) => self.check_seen(id, seen)?,
            None => self.main_is_good(id),
        };
        self.remove_temps(id).map_err(SaveError::Unwritable)?;
        let main = self.path_of(id);
        let tmp = self.temp_of(id, "json");
        let written = write_durably(&tmp, bytes)
            .and_then(|()| {
                if main_is_good {
                    self.rotate_backup(id)?;
                }
                fs::rename(&tmp, &main)
            })
            .and_then(|()| sync_dir(&self.dir));
        written.map_err(|e| {
            let _ = fs::remove_file(&tmp);
            SaveError::Unwritable(e)
        })
    }

    /// Makes the current main file the backup, replacing the old backup in one rename.
    fn rotate_backup(&self, id: &str) -> io::Result<()> {
        let (main, bak_tmp) = (self.path_of(id), self.temp_of(id, "json.bak"));
        // A hard link shares the bytes already on disk; copy where links are not allowed.
        if fs::hard_link(&main, &bak_tmp).is_err() {
            fs::copy(&main, &bak_tmp)?;
            File::open(&bak_tmp)?.sync_all()?;
        }
        fs::rename(&bak_tmp, self.backup_of(id)).inspect_err(|_| {
            let _ = fs::remove_file(&bak_tmp);
        })?;
        // Renaming a file over another link of itself does nothing and leaves both names
        // (POSIX): so it goes after a kill between this rotation and the main rename,
        // which leaves the main file and the backup one file. The link must not stay; if
        // it cannot go now, the next save or delete removes it under the lock.
        let _ = fs::remove_file(&bak_tmp);
        Ok(())
    }

    /// Removes the temporary files of game `id` left by writers that were killed (called
    /// under the lock, or where no writer can hold it, so no writer is using one).
    /// Returns whether there were any.
    fn remove_temps(&self, id: &str) -> io::Result<bool> {
        let mut found = false;
        for entry in fs::read_dir(&self.dir)? {
            let entry = entry?;
            let name = entry.file_name();
            if name.to_str().is_some_and(|n| Self::is_temp_of(n, id)) {
                found |= remove_if_there(&entry.path())?;
            }
        }
        Ok(found)
    }

    /// Loads and checks a game; falls back to the backup when the main file is damaged or
    /// missing (and says so in `recovered_from_backup`). A file from a newer version is
    /// refused without falling back, so an older app never resumes an older state of it.
    pub fn load(&self, id: &str) -> Result<Loaded, SaveError> {
        self.open_checked(id).map(|(loaded, _)| loaded)
    }

    /// `load`, also giving why the main file was refused when the backup was opened.
    fn open_checked(&self, id: &str) -> Result<(Loaded, Option<SaveError>), SaveError> {
        if !is_valid_id(id) {
            return Err(SaveError::BadId(id.to_string()));
        }
        let main_err = match self.load_file(&self.path_of(id), id) {
            Ok(l) => return Ok((l, None)),
            Err(e @ SaveError::NewerVersion { .. }) => return Err(e),
            Err(e) => e,
        };
        match self.load_file(&self.backup_of(id), id) {
            Ok(mut l) => {
                l.recovered_from_backup = Some(match &main_err {
                    SaveError::NotFound => "the main file is missing".to_string(),
                    e => e.to_string(),
                });
                Ok((l, Some(main_err)))
            }
            Err(SaveError::NotFound) => Err(main_err),
            // The game went on in a newer app: the list says so, rather than "damaged".
            Err(bak_err @ SaveError::NewerVersion { .. }) => Err(bak_err),
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

    /// The Resume list, most recently played first, damaged games last. Each game is
    /// checked as opening it checks (its history replayed), so a game listed as good
    /// opens, one listed as opening from its backup does, and a damaged one is listed as
    /// such rather than hidden.
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
                let opened = self.open_checked(&id);
                SaveEntry::from_opened(id, opened)
            })
            .collect();
        out.sort_by_key(|e| std::cmp::Reverse(e.summary().map(|s| s.updated_ms)));
        Ok(out)
    }

    /// Deletes a game, its backup and any temporary file of it. Waits for a save in
    /// progress; a copy of the game still open elsewhere cannot write it back (its next
    /// save is refused with [`SaveError::DeletedElsewhere`]). Works on a full disk, where
    /// a person deletes to make room. A game from a newer version is deleted too: this
    /// is the person's choice, asked for, never a side effect.
    pub fn delete(&self, id: &str) -> Result<(), SaveError> {
        if !is_valid_id(id) {
            return Err(SaveError::BadId(id.to_string()));
        }
        // The files removed before the lock, for want of room for a lock file.
        let mut freed = 0;
        let mut found = false;
        let lock = loop {
            match self.lock(id) {
                Ok(lock) => break Some(lock),
                // No room for the lock file (no free inode): then no writer holds the
                // game's lock, as the lock file exists while one does, and no save can
                // begin without room for its own files. Removing needs no room and makes
                // some: one file at a time, the lock tried again after each.
                Err(e) if no_room(&e) => {
                    let removed = match freed {
                        0 => self.remove_temps(id),
                        1 => remove_if_there(&self.backup_of(id)),
                        2 => remove_if_there(&self.path_of(id)),
                        _ => break None,
                    };
                    found |= removed.map_err(SaveError::Undeletable)?;
                    freed += 1;
                }
                Err(e) => return Err(SaveError::Undeletable(e)),
            }
        };
        found |= self.remove_temps(id).map_err(SaveError::Undeletable)?;
        for path in [self.path_of(id), self.backup_of(id)] {
            found |= remove_if_there(&path).map_err(SaveError::Undeletable)?;
        }
        if let Some(lock) = lock {
            lock.release().map_err(SaveError::Undeletable)?;
        }
        if !found {
            return Err(SaveError::NotFound);
        }
        sync_dir(&self.dir).map_err(SaveError::Undeletable)
    }
}

/// Removes `path`; whether it was there.
fn remove_if_there(path: &Path) -> io::Result<bool> {
    match fs::remove_file(path) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e),
    }
}

/// Whether `e` says the file system has no room (no free block or inode, or a quota).
fn no_room(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded
    )
}

/// Whether the locked `file` is still the one at `path` (not removed or replaced since it
/// was opened).
fn still_linked(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::metadata(path)) {
            (Ok(held), Ok(named)) => held.dev() == named.dev() && held.ino() == named.ino(),
            (_, Err(e)) if e.kind() == io::ErrorKind::NotFound => false,
            // Nothing to compare: keep the lock rather than try again for ever.
            _ => true,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        true
    }
}

/// Writes `bytes` to `path` and waits until they are on disk.
fn write_durably(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = OpenOptions::new().write(true).create_new(true).open(path)?;
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
