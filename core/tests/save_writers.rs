//! Two live copies of one game (two windows, two terminals on one save folder) and a
//! delete while a copy lives: whatever they do at once, the game on disk loads from its
//! main file and is exactly one writer's last save; a copy that fell behind is told
//! (`ChangedElsewhere`) instead of writing over the other's moves, and a deleted game
//! stays deleted.
//!
//! The two-process test runs this test binary again as its writers (test
//! `writer_child`, which does nothing unless `YUT_WRITER_CHILD_DIR` is set), as the crash
//! test does.

mod common;

use common::*;
use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Barrier};
use yut_core::save::{self, Revision, SaveError, SaveLibrary};
use yut_core::session::Session;
use yut_core::throw::ThrowRng;
use yut_core::Preset;

const ID: &str = "two-writers-game";
const CHILD_DIR: &str = "YUT_WRITER_CHILD_DIR";
const CHILD_SEED: &str = "YUT_WRITER_CHILD_SEED";
const CHILD_ROUNDS: &str = "YUT_WRITER_CHILD_ROUNDS";

fn rounds() -> usize {
    std::env::var("YUT_WRITER_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(500)
}

fn new_game(seed: u64) -> Session {
    let mut s = session(Preset::ALL[(seed % 3) as usize], 2, seed);
    s.id = ID.to_string();
    s
}

/// What one writer did: its saves accepted and refused, and the bytes of its last
/// accepted save.
#[derive(Debug, Default)]
struct Tally {
    saved: usize,
    refused: usize,
    last: Option<Vec<u8>>,
}

/// A copy of the game playing `rounds` actions, saving after each. When its save is
/// refused because the other copy saved meanwhile, it opens the game again (as a player
/// told so would) and plays on from there.
fn write_in_a_loop(dir: &Path, seed: u64, rounds: usize, start: Option<&Barrier>) -> Tally {
    let lib = SaveLibrary::open(dir).unwrap();
    let loaded = lib
        .load(ID)
        .expect("the game loads before the writers start");
    let (mut s, mut seen) = (loaded.session, Some(loaded.revision));
    let mut pick = ThrowRng::seeded(seed);
    let mut tally = Tally::default();
    if let Some(b) = start {
        b.wait();
    }
    for round in 0..rounds {
        if !random_step(&mut s, &mut pick) {
            s = new_game(seed * 1_000 + round as u64);
        }
        match lib.save(&s, seen) {
            Ok(revision) => {
                assert_eq!(revision, Revision::of(&save::encode(&s).unwrap()));
                seen = Some(revision);
                tally.saved += 1;
                tally.last = Some(save::encode(&s).unwrap());
            }
            Err(SaveError::ChangedElsewhere) => {
                tally.refused += 1;
                let l = lib
                    .load(ID)
                    .expect("a refused save leaves a game that loads");
                assert!(
                    l.recovered_from_backup.is_none(),
                    "the main file was damaged: {:?}",
                    l.recovered_from_backup
                );
                (s, seen) = (l.session, Some(l.revision));
            }
            Err(e) => panic!("writer {seed}: save failed: {e}"),
        }
    }
    tally
}

/// The end state: the game loads from its main file, which is byte for byte one of the
/// writers' last saves, and its backup is a good save too.
fn check_end(dir: &Path, lasts: &[Option<Vec<u8>>]) {
    let lib = SaveLibrary::open(dir).unwrap();
    let l = lib.load(ID).expect("the game loads after both writers");
    assert!(
        l.recovered_from_backup.is_none(),
        "opened from the backup: {:?}",
        l.recovered_from_backup
    );
    let on_disk = std::fs::read(lib.path_of(ID)).unwrap();
    assert!(
        lasts.iter().flatten().any(|last| *last == on_disk),
        "the file is not the last save of either writer"
    );
    save::check_file(&dir.join(format!("{ID}.json.bak"))).expect("the backup is a good save");
    let left: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let expected: HashSet<String> = [format!("{ID}.json"), format!("{ID}.json.bak")].into();
    assert_eq!(
        left.into_iter().collect::<HashSet<_>>(),
        expected,
        "no temporary or lock file is left"
    );
}

fn start_game(dir: &Path) {
    SaveLibrary::open(dir)
        .unwrap()
        .save(&new_game(7), None)
        .unwrap();
}

#[test]
fn two_copies_of_a_game_saving_from_two_threads_never_damage_it() {
    let dir = TempDir::new("two-threads");
    start_game(dir.path());
    let start = Arc::new(Barrier::new(2));
    let writers: Vec<_> = [1u64, 2]
        .into_iter()
        .map(|seed| {
            let (dir, start) = (dir.path().to_path_buf(), start.clone());
            std::thread::spawn(move || write_in_a_loop(&dir, seed, rounds(), Some(&start)))
        })
        .collect();
    let tallies: Vec<Tally> = writers.into_iter().map(|w| w.join().unwrap()).collect();
    for t in &tallies {
        assert!(t.saved > 0, "each writer saved: {tallies:?}");
    }
    println!(
        "two threads, {} rounds each: saved {} and {}, refused as changed elsewhere {} and {}",
        rounds(),
        tallies[0].saved,
        tallies[1].saved,
        tallies[0].refused,
        tallies[1].refused
    );
    check_end(
        dir.path(),
        &tallies.into_iter().map(|t| t.last).collect::<Vec<_>>(),
    );
}

/// A writer process: plays and saves, then reports `SAVED n REFUSED m LAST <hex>`.
#[test]
fn writer_child() {
    let Ok(dir) = std::env::var(CHILD_DIR) else {
        return; // not run as a child: nothing to do
    };
    let seed = std::env::var(CHILD_SEED).unwrap().parse().unwrap();
    let rounds = std::env::var(CHILD_ROUNDS).unwrap().parse().unwrap();
    let t = write_in_a_loop(Path::new(&dir), seed, rounds, None);
    let hex: String = t
        .last
        .unwrap_or_default()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut out = std::io::stdout();
    writeln!(out, "SAVED {} REFUSED {} LAST {hex}", t.saved, t.refused).unwrap();
    out.flush().unwrap();
}

#[test]
fn two_copies_of_a_game_saving_from_two_processes_never_damage_it() {
    let dir = TempDir::new("two-processes");
    start_game(dir.path());
    let exe = std::env::current_exe().unwrap();
    let children: Vec<_> = [11u64, 12]
        .into_iter()
        .map(|seed| {
            Command::new(&exe)
                .args(["writer_child", "--exact", "--nocapture", "--test-threads=1"])
                .env(CHILD_DIR, dir.path())
                .env(CHILD_SEED, seed.to_string())
                .env(CHILD_ROUNDS, rounds().to_string())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut lasts = Vec::new();
    let mut saved = Vec::new();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "a writer process failed");
        let report = BufReader::new(&out.stdout[..])
            .lines()
            .map_while(Result::ok)
            .find_map(|l| l.split_once("SAVED ").map(|(_, r)| r.to_string()))
            .expect("the writer reported");
        let parts: Vec<&str> = report.split_whitespace().collect();
        let hex = parts.get(4).copied().unwrap_or("");
        let bytes: Vec<u8> = (0..hex.len() / 2)
            .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap())
            .collect();
        saved.push(parts[0].parse::<usize>().unwrap());
        println!("writer process: {report:.40}");
        lasts.push((!bytes.is_empty()).then_some(bytes));
    }
    assert!(saved.iter().all(|n| *n > 0), "each writer saved: {saved:?}");
    check_end(dir.path(), &lasts);
}

#[test]
fn a_copy_that_fell_behind_is_refused_and_the_other_copys_moves_stay() {
    let dir = TempDir::new("behind");
    start_game(dir.path());
    let (a_lib, b_lib) = (
        SaveLibrary::open(dir.path()).unwrap(),
        SaveLibrary::open(dir.path()).unwrap(),
    );
    let a = a_lib.load(ID).unwrap();
    let b = b_lib.load(ID).unwrap();
    let (mut a_game, mut b_game) = (a.session, b.session);
    let mut pick = ThrowRng::seeded(3);
    advance(&mut a_game, &mut pick, 2);
    let a_seen = a_lib.save(&a_game, Some(a.revision)).unwrap();
    advance(&mut b_game, &mut pick, 1);
    assert!(matches!(
        b_lib.save(&b_game, Some(b.revision)),
        Err(SaveError::ChangedElsewhere)
    ));
    assert_eq!(
        a_lib.load(ID).unwrap().session,
        a_game,
        "A's moves are kept"
    );
    // Opened again, B goes on from A's moves; A, now behind, is refused in turn.
    let b = b_lib.load(ID).unwrap();
    let mut b_game = b.session;
    advance(&mut b_game, &mut pick, 1);
    b_lib.save(&b_game, Some(b.revision)).unwrap();
    assert!(matches!(
        a_lib.save(&a_game, Some(a_seen)),
        Err(SaveError::ChangedElsewhere)
    ));
    assert_eq!(a_lib.load(ID).unwrap().session, b_game);
}

#[test]
fn a_game_deleted_while_a_copy_lives_stays_deleted() {
    let dir = TempDir::new("deleted");
    start_game(dir.path());
    let (live, other) = (
        SaveLibrary::open(dir.path()).unwrap(),
        SaveLibrary::open(dir.path()).unwrap(),
    );
    let l = live.load(ID).unwrap();
    let (mut game, mut seen) = (l.session, Some(l.revision));
    let mut pick = ThrowRng::seeded(5);
    advance(&mut game, &mut pick, 1);
    seen = Some(live.save(&game, seen).unwrap());
    other.delete(ID).unwrap();
    advance(&mut game, &mut pick, 1);
    assert!(matches!(
        live.save(&game, seen),
        Err(SaveError::DeletedElsewhere)
    ));
    assert!(other.list().unwrap().is_empty(), "not written back");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    // Saving it again on purpose (no revision: "save here") is still possible.
    live.save(&game, None).unwrap();
    assert_eq!(other.load(ID).unwrap().session, game);
}

#[test]
fn a_delete_racing_a_copy_saving_in_a_loop_is_never_undone() {
    let dir = TempDir::new("delete-race");
    let mut told = 0;
    for trial in 0..20u64 {
        start_game(dir.path());
        let path = dir.path().to_path_buf();
        let start = Arc::new(Barrier::new(2));
        let go = start.clone();
        let writer = std::thread::spawn(move || {
            let lib = SaveLibrary::open(&path).unwrap();
            let l = lib.load(ID).unwrap();
            let (mut s, mut seen) = (l.session, Some(l.revision));
            let mut pick = ThrowRng::seeded(trial);
            go.wait();
            for _ in 0..200 {
                if !random_step(&mut s, &mut pick) {
                    break;
                }
                match lib.save(&s, seen) {
                    Ok(r) => seen = Some(r),
                    Err(SaveError::DeletedElsewhere) => return true,
                    Err(e) => panic!("save failed: {e}"),
                }
            }
            false
        });
        start.wait();
        std::thread::sleep(std::time::Duration::from_micros(300 * trial));
        SaveLibrary::open(dir.path()).unwrap().delete(ID).unwrap();
        told += usize::from(writer.join().unwrap());
        let left = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(left, 0, "trial {trial}: the deleted game was written back");
    }
    // Most writers are still playing when the delete comes, and are told.
    assert!(
        told >= 10,
        "only {told} of 20 writers were told of the delete"
    );
}
