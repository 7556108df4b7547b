//! The save library as the app uses it: save after each action, a Resume list, load with
//! a fallback to the backup, delete; and the file format's promises.

mod common;

use common::*;
use std::fs;
use yut_core::save::{self, EntryStatus, SaveError, SaveLibrary, Summary, SCHEMA_VERSION};
use yut_core::session::{Action, Session};
use yut_core::throw::{Outcome, Throw, ThrowRng};
use yut_core::Preset;

fn played(preset: Preset, seats: usize, seed: u64, actions: usize) -> Session {
    let mut s = session(preset, seats, seed);
    advance(&mut s, &mut ThrowRng::seeded(seed), actions);
    s
}

fn finished(preset: Preset, seats: usize, seed: u64) -> Session {
    let mut s = session(preset, seats, seed);
    play_to_end(&mut s, &mut ThrowRng::seeded(seed), 20_000);
    s
}

#[test]
fn a_saved_game_loads_back_exactly() {
    let dir = TempDir::new("roundtrip");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    for (i, preset) in Preset::ALL.into_iter().enumerate() {
        let s = played(preset, 2 + i, i as u64, 37);
        lib.save(&s, None).unwrap();
        let l = lib.load(&s.id).unwrap();
        assert_eq!(l.session, s);
        assert_eq!(l.summary, Summary::of(&s));
        assert!(l.recovered_from_backup.is_none());
    }
}

#[test]
fn the_file_starts_with_the_schema_version_then_the_summary() {
    let s = played(Preset::Yunnori, 2, 1, 20);
    let bytes = save::encode(&s).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    assert!(text.starts_with(&format!(
        "{{\"schema_version\":{SCHEMA_VERSION},\"summary\":{{"
    )));
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v.as_object().unwrap().len(), 3);
    assert!(text.find("\"summary\":").unwrap() < text.find("\"session\":").unwrap());
    // Rules are spelled out in full, not just the preset name.
    let rules = v["session"]["setup"]["rules"].as_object().unwrap();
    assert_eq!(rules["preset"], "yunnori");
    assert_eq!(rules["back_do"], true);
    assert_eq!(rules.len(), 21);
    assert!(v["session"]["rng"].is_object());
}

#[test]
fn the_resume_list_shows_every_game_newest_first_and_marks_finished_ones() {
    let dir = TempDir::new("list");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    let mut a = played(Preset::Yunnori, 2, 1, 30);
    let mut b = finished(Preset::NyoutRu, 4, 2);
    let mut c = played(Preset::Culin1895, 3, 3, 10);
    a.updated_ms = 3_000;
    b.updated_ms = 1_000;
    c.updated_ms = 2_000;
    for s in [&a, &b, &c] {
        lib.save(s, None).unwrap();
    }
    let list = lib.list().unwrap();
    let ids: Vec<&str> = list.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, [a.id.as_str(), c.id.as_str(), b.id.as_str()]);
    let sb = list[2].summary().unwrap();
    assert!(sb.finished);
    assert_eq!(sb.to_move, None);
    let winner = sb.winner.unwrap();
    assert!(sb
        .seats
        .iter()
        .any(|s| s.side == winner && s.place == Some(1)));
    assert!(sb
        .seats
        .iter()
        .filter(|s| s.side == winner)
        .all(|s| s.finished == sb.pieces_per_player));
    let sa = list[0].summary().unwrap();
    assert!(!sa.finished && sa.winner.is_none());
    assert_eq!(sa.seats[0].name, "Mina");
    assert_eq!(sa.seats[1].colour, "#1976D2");
    assert_eq!(sa.to_move, Some(a.game().to_move()));
    assert_eq!(sa.preset, Preset::Yunnori);
}

/// The list checks each game as opening it does: a game whose body is damaged behind a
/// good summary is listed as damaged, not as a game that then will not open.
#[test]
fn a_damaged_body_behind_a_good_summary_is_listed_as_damaged() {
    let dir = TempDir::new("head");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    let s = played(Preset::Yunnori, 2, 4, 50);
    lib.save(&s, None).unwrap();
    let path = lib.path_of(&s.id);
    let bytes = fs::read(&path).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    let cut = text.find("\"session\"").unwrap();
    fs::write(&path, format!("{}\"session\": <garbage", &text[..cut])).unwrap();
    let list = lib.list().unwrap();
    assert!(
        matches!(
            &list[0].status,
            EntryStatus::Damaged(SaveError::Corrupt { .. })
        ),
        "{:?}",
        list[0].status
    );
    assert!(matches!(lib.load(&s.id), Err(SaveError::Corrupt { .. })));
}

#[test]
fn damaged_games_are_listed_as_damaged_not_hidden() {
    let dir = TempDir::new("damaged");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    let good = played(Preset::Yunnori, 2, 5, 12);
    lib.save(&good, None).unwrap();
    fs::write(
        dir.path().join("broken.json"),
        b"{\"schema_version\":1,\"summ",
    )
    .unwrap();
    fs::write(dir.path().join("empty.json"), b"").unwrap();
    fs::write(
        dir.path().join("future.json"),
        b"{\"schema_version\":7,\"x\":[]}",
    )
    .unwrap();
    fs::write(dir.path().join("notes.txt"), b"not a game").unwrap();
    let list = lib.list().unwrap();
    assert_eq!(list.len(), 4);
    assert_eq!(list[0].id, good.id);
    let status = |id: &str| &list.iter().find(|e| e.id == id).unwrap().status;
    assert!(matches!(
        status("broken"),
        EntryStatus::Damaged(SaveError::Corrupt { .. })
    ));
    assert!(matches!(
        status("empty"),
        EntryStatus::Damaged(SaveError::Corrupt { .. })
    ));
    assert!(matches!(
        status("future"),
        EntryStatus::Damaged(SaveError::NewerVersion {
            found: 7,
            supported: SCHEMA_VERSION
        })
    ));
}

#[test]
fn the_previous_save_is_kept_as_backup_and_a_damaged_main_file_falls_back_to_it() {
    let dir = TempDir::new("backup");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    let mut s = played(Preset::Yunnori, 2, 6, 20);
    let mut pick = ThrowRng::seeded(60);
    lib.save(&s, None).unwrap();
    let first = s.clone();
    advance(&mut s, &mut pick, 1);
    lib.save(&s, None).unwrap();
    // Flip a byte in the middle of the main file.
    let path = lib.path_of(&s.id);
    let mut bytes = fs::read(&path).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x55;
    fs::write(&path, &bytes).unwrap();
    let l = lib.load(&s.id).unwrap();
    assert_eq!(l.session, first, "the backup is the save before the last");
    assert!(l.recovered_from_backup.is_some());
    let list = lib.list().unwrap();
    match &list[0].status {
        EntryStatus::Backup { summary, .. } => assert_eq!(*summary, Summary::of(&first)),
        EntryStatus::Good(_) => {} // a flip past the summary leaves the head readable
        other => panic!("unexpected {other:?}"),
    }
    // Playing on from the backup: the damaged file is replaced, never kept as backup.
    let mut resumed = l.session;
    advance(&mut resumed, &mut pick, 1);
    lib.save(&resumed, None).unwrap();
    let bak = dir.path().join(format!("{}.json.bak", s.id));
    assert_eq!(save::check_file(&bak).unwrap().session, first);
    assert_eq!(lib.load(&s.id).unwrap().session, resumed);
}

#[test]
fn a_missing_main_file_falls_back_to_the_backup() {
    let dir = TempDir::new("missing");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    let mut s = played(Preset::NyoutRu, 3, 7, 15);
    lib.save(&s, None).unwrap();
    let first = s.clone();
    advance(&mut s, &mut ThrowRng::seeded(1), 3);
    lib.save(&s, None).unwrap();
    fs::remove_file(lib.path_of(&s.id)).unwrap();
    let l = lib.load(&s.id).unwrap();
    assert_eq!(l.session, first);
    assert!(l.recovered_from_backup.is_some());
}

#[test]
fn typed_errors_for_missing_damaged_newer_and_unreadable_files() {
    let dir = TempDir::new("errors");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    assert!(matches!(lib.load("nothing"), Err(SaveError::NotFound)));
    fs::write(
        lib.path_of("trunc"),
        b"{\"schema_version\":1,\"summary\":{\"id\"",
    )
    .unwrap();
    assert!(matches!(lib.load("trunc"), Err(SaveError::Corrupt { .. })));
    fs::write(lib.path_of("later"), b"{\"schema_version\":3}").unwrap();
    assert!(matches!(
        lib.load("later"),
        Err(SaveError::NewerVersion {
            found: 3,
            supported: SCHEMA_VERSION
        })
    ));
    // A newer main file is not replaced by an older backup behind the player's back.
    let s = played(Preset::Yunnori, 2, 8, 5);
    lib.save(&s, None).unwrap();
    lib.save(&s, None).unwrap();
    fs::write(lib.path_of(&s.id), b"{\"schema_version\":3,\"summary\":{}}").unwrap();
    assert!(matches!(
        lib.load(&s.id),
        Err(SaveError::NewerVersion { found: 3, .. })
    ));
    fs::create_dir(lib.path_of("adir")).unwrap();
    assert!(matches!(lib.load("adir"), Err(SaveError::Corrupt { .. })));
    assert!(matches!(
        lib.load("../etc/passwd"),
        Err(SaveError::BadId(_))
    ));
    fs::write(
        lib.path_of("first"),
        b"{\"summary\":{},\"schema_version\":1}",
    )
    .unwrap();
    assert!(matches!(lib.load("first"), Err(SaveError::Corrupt { .. })));
}

fn tampered(s: &Session, edit: impl FnOnce(&mut serde_json::Value)) -> Vec<u8> {
    let mut v: serde_json::Value = serde_json::from_slice(&save::encode(s).unwrap()).unwrap();
    edit(&mut v);
    serde_json::to_vec(&v).unwrap()
}

#[test]
fn a_doctored_throw_or_summary_is_refused() {
    let s = played(Preset::Yunnori, 2, 9, 40);
    let i = s
        .history()
        .iter()
        .position(|a| matches!(a, Action::Throw { .. }))
        .unwrap();
    let Action::Throw { outcome, .. } = &s.history()[i] else {
        unreachable!()
    };
    let better = if *outcome == Outcome::Result(Throw::Mo) {
        "yut"
    } else {
        "mo"
    };
    let bytes = tampered(&s, |v| {
        v["session"]["history"][i]["outcome"] = serde_json::json!({ "result": better });
    });
    assert!(matches!(
        save::decode(&bytes),
        Err(SaveError::Corrupt { .. })
    ));
    let bytes = tampered(&s, |v| v["summary"]["seats"][0]["finished"] = 4.into());
    assert!(matches!(
        save::decode(&bytes),
        Err(SaveError::Corrupt { .. })
    ));
    let bytes = tampered(&s, |v| v["session"]["extra"] = true.into());
    assert!(matches!(
        save::decode(&bytes),
        Err(SaveError::Corrupt { .. })
    ));
    // The timestamp of an action is not part of the game: editing it is harmless.
    let bytes = tampered(&s, |v| v["session"]["history"][0]["at_ms"] = 5.into());
    assert!(save::decode(&bytes).is_ok());
}

#[test]
fn a_file_renamed_to_another_games_id_is_refused() {
    let dir = TempDir::new("rename");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    let s = played(Preset::Yunnori, 2, 10, 5);
    lib.save(&s, None).unwrap();
    fs::rename(lib.path_of(&s.id), lib.path_of("other")).unwrap();
    assert!(matches!(lib.load("other"), Err(SaveError::Corrupt { .. })));
    assert!(matches!(
        &lib.list()
            .unwrap()
            .iter()
            .find(|e| e.id == "other")
            .unwrap()
            .status,
        EntryStatus::Damaged(SaveError::Corrupt { .. })
    ));
}

#[test]
fn delete_removes_the_game_and_its_backup() {
    let dir = TempDir::new("delete");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    let s = played(Preset::Yunnori, 2, 11, 5);
    let keep = played(Preset::Yunnori, 2, 12, 5);
    lib.save(&s, None).unwrap();
    lib.save(&s, None).unwrap();
    lib.save(&keep, None).unwrap();
    lib.delete(&s.id).unwrap();
    assert!(matches!(lib.load(&s.id), Err(SaveError::NotFound)));
    assert!(matches!(lib.delete(&s.id), Err(SaveError::NotFound)));
    let ids: Vec<String> = lib.list().unwrap().into_iter().map(|e| e.id).collect();
    assert_eq!(ids, [keep.id.as_str()]);
    let left: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(left.len(), 1, "only the kept game's file remains");
}

#[test]
fn a_leftover_temp_file_from_a_crash_is_ignored_and_replaced() {
    let dir = TempDir::new("tmp");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    let s = played(Preset::Yunnori, 2, 13, 5);
    lib.save(&s, None).unwrap();
    fs::write(dir.path().join(format!("{}.json.tmp", s.id)), b"{\"half").unwrap();
    assert_eq!(lib.list().unwrap().len(), 1);
    assert_eq!(lib.load(&s.id).unwrap().session, s);
    lib.save(&s, None).unwrap();
    assert!(!dir.path().join(format!("{}.json.tmp", s.id)).exists());
}

#[test]
fn an_id_that_is_not_a_safe_file_name_is_refused() {
    let dir = TempDir::new("badid");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    let mut s = played(Preset::Yunnori, 2, 14, 1);
    for bad in ["", "../x", "a/b", "a.json", &"x".repeat(65)] {
        s.id = bad.to_string();
        assert!(
            matches!(lib.save(&s, None), Err(SaveError::BadId(_))),
            "{bad:?}"
        );
    }
    assert!(fs::read_dir(dir.path()).unwrap().next().is_none());
}

#[test]
fn a_kill_between_the_backups_rotation_and_the_main_rename_leaves_nothing_behind() {
    let dir = TempDir::new("rotation-kill");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    let mut s = played(Preset::Yunnori, 2, 15, 5);
    lib.save(&s, None).unwrap();
    lib.save(&s, None).unwrap();
    // The state a kill leaves there: the backup is a second link of the main file, the
    // new file still a temporary one.
    let (main, bak) = (
        lib.path_of(&s.id),
        dir.path().join(format!("{}.json.bak", s.id)),
    );
    fs::remove_file(&bak).unwrap();
    fs::hard_link(&main, &bak).unwrap();
    let killed = dir.path().join(format!("{}.json.4242-7.tmp", s.id));
    fs::write(&killed, b"{\"schema_version\":2,\"sum").unwrap();
    let before = s.clone();
    advance(&mut s, &mut ThrowRng::seeded(15), 2);
    let seen = lib.load(&s.id).unwrap().revision;
    lib.save(&s, Some(seen)).unwrap();
    let mut left: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    left.sort();
    assert_eq!(
        left,
        [format!("{}.json", s.id), format!("{}.json.bak", s.id)]
    );
    assert_eq!(lib.load(&s.id).unwrap().session, s);
    assert_eq!(save::check_file(&bak).unwrap().session, before);
}

#[test]
fn a_failed_delete_says_the_game_could_not_be_deleted() {
    let dir = TempDir::new("delete-fails");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    let s = played(Preset::Yunnori, 2, 16, 3);
    lib.save(&s, None).unwrap();
    // A directory where the file should be: it cannot be removed as a file.
    let bak = dir.path().join(format!("{}.json.bak", s.id));
    fs::create_dir(&bak).unwrap();
    fs::write(bak.join("inside"), b"x").unwrap();
    let e = lib.delete(&s.id).unwrap_err();
    let said = e.to_string();
    assert!(
        said.starts_with("the saved game could not be deleted")
            && !said.contains("cannot be saved"),
        "{said}"
    );
}
