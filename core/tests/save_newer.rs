//! A save file from a newer app version (a `schema_version` this build does not know) is
//! never replaced or removed by a save of this build: the save is refused with
//! `NewerVersion` and the newer bytes stay where they are, as main file and as backup.
//! The Resume list shows such a game as from a newer version, whichever of its files is.

mod common;

use common::*;
use std::fs;
use yut_core::save::{self, EntryStatus, SaveError, SaveLibrary, SCHEMA_VERSION};
use yut_core::session::Session;
use yut_core::throw::ThrowRng;
use yut_core::Preset;

const NEWER: u64 = SCHEMA_VERSION + 1;

fn played(seed: u64, actions: usize) -> Session {
    let mut s = session(Preset::Yunnori, 2, seed);
    advance(&mut s, &mut ThrowRng::seeded(seed), actions);
    s
}

/// The game as a newer version would write it: its own version number and a field this
/// build has never heard of.
fn newer_bytes(s: &Session) -> Vec<u8> {
    let text = String::from_utf8(save::encode(s).unwrap()).unwrap();
    let body = text
        .strip_prefix(&format!("{{\"schema_version\":{SCHEMA_VERSION},"))
        .expect("schema_version first");
    format!("{{\"schema_version\":{NEWER},\"clock\":{{\"turn_ms\":30000}},{body}").into_bytes()
}

fn refused_as_newer(r: Result<save::Revision, SaveError>) -> bool {
    matches!(r, Err(SaveError::NewerVersion { found, supported })
        if found == NEWER && supported == SCHEMA_VERSION)
}

#[test]
fn an_older_copy_saving_after_a_newer_app_saved_is_refused_and_the_newer_file_stays() {
    let dir = TempDir::new("newer-copy");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    let mut s = played(1, 6);
    lib.save(&s, None).unwrap();
    // This build opens the game; a newer app opens it too and saves it: the file this
    // build wrote becomes the backup, the newer file the main one.
    let seen = lib.load(&s.id).unwrap().revision;
    let (main, bak) = (
        lib.path_of(&s.id),
        dir.path().join(format!("{}.json.bak", s.id)),
    );
    let older = fs::read(&main).unwrap();
    let mut later = s.clone();
    advance(&mut later, &mut ThrowRng::seeded(9), 4);
    let newer = newer_bytes(&later);
    fs::rename(&main, &bak).unwrap();
    fs::write(&main, &newer).unwrap();
    // This build's copy plays on and saves: refused, both files as they were.
    advance(&mut s, &mut ThrowRng::seeded(2), 2);
    assert!(refused_as_newer(lib.save(&s, Some(seen))));
    assert_eq!(fs::read(&main).unwrap(), newer, "the newer file is kept");
    assert_eq!(fs::read(&bak).unwrap(), older, "the backup is untouched");
    // An explicit "save here" (no revision seen) is refused the same way.
    assert!(refused_as_newer(lib.save(&s, None)));
    assert_eq!(fs::read(&main).unwrap(), newer);
    assert_eq!(fs::read(&bak).unwrap(), older);
    assert_eq!(
        file_names(dir.path()),
        [format!("{}.json", s.id), format!("{}.json.bak", s.id)],
        "no temporary or lock file left"
    );
    // The list says which, and the game does not open here.
    let list = lib.list().unwrap();
    assert!(matches!(
        list[0].status,
        EntryStatus::Damaged(SaveError::NewerVersion { found: NEWER, .. })
    ));
    assert!(matches!(
        lib.load(&s.id),
        Err(SaveError::NewerVersion { .. })
    ));
}

#[test]
fn a_newer_backup_is_never_replaced_and_its_game_is_listed_as_newer() {
    let dir = TempDir::new("newer-backup");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    let s = played(3, 5);
    let bak = dir.path().join(format!("{}.json.bak", s.id));
    let newer = newer_bytes(&s);
    fs::write(&bak, &newer).unwrap();
    // The main file missing, then damaged, then a good save of this build: the newer
    // backup stays in every case.
    let main = lib.path_of(&s.id);
    for main_bytes in [None, Some(b"{\"schema_version\":2,\"summ".to_vec())] {
        if let Some(b) = &main_bytes {
            fs::write(&main, b).unwrap();
        }
        let list = lib.list().unwrap();
        assert!(
            matches!(
                list[0].status,
                EntryStatus::Damaged(SaveError::NewerVersion { found: NEWER, .. })
            ),
            "listed as from a newer version, not as damaged: {:?}",
            list[0].status
        );
        assert!(refused_as_newer(lib.save(&s, None)));
        assert_eq!(fs::read(&bak).unwrap(), newer);
        assert_eq!(fs::read(&main).ok(), main_bytes, "the main file untouched");
    }
    fs::write(&main, save::encode(&s).unwrap()).unwrap();
    let seen = lib.load(&s.id).unwrap().revision;
    assert!(refused_as_newer(lib.save(&s, Some(seen))));
    assert_eq!(fs::read(&bak).unwrap(), newer, "not rotated away");
}

#[test]
fn a_person_may_still_delete_a_game_from_a_newer_version() {
    let dir = TempDir::new("newer-delete");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    let s = played(4, 3);
    fs::write(lib.path_of(&s.id), newer_bytes(&s)).unwrap();
    lib.delete(&s.id).unwrap();
    assert!(file_names(dir.path()).is_empty());
}

#[test]
fn a_newer_file_past_this_builds_size_limit_is_still_newer_not_damaged() {
    let dir = TempDir::new("newer-large");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    let s = played(5, 3);
    let mut big = newer_bytes(&s);
    let pad = format!(
        ",\"replay_frames\":\"{}\"}}",
        "x".repeat(save::MAX_FILE_BYTES as usize)
    );
    big.pop(); // the closing brace
    big.extend_from_slice(pad.as_bytes());
    fs::write(lib.path_of(&s.id), &big).unwrap();
    assert!(refused_as_newer(lib.save(&s, None)));
    assert_eq!(fs::read(lib.path_of(&s.id)).unwrap(), big);
    assert!(matches!(
        lib.list().unwrap()[0].status,
        EntryStatus::Damaged(SaveError::NewerVersion { found: NEWER, .. })
    ));
}
