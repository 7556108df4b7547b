//! Killing the app at any instant never costs more than the action in flight: a child
//! process plays and autosaves after every action and is killed with SIGKILL at random
//! moments, 300 times over (`YUT_CRASH_KILLS` changes that). After every kill the save
//! directory must hold a file that loads without falling back to the backup and is
//! exactly the state before or after the interrupted action.
//!
//! The child is this test binary run again (test `crash_child`, which does nothing unless
//! `YUT_CRASH_CHILD_DIR` is set). It reports on stdout, flushed line by line:
//! `READY h` after loading, `PENDING h` before saving the state hashed `h`, `SAVED h`
//! once `save` returned.

mod common;

use common::*;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;
use yut_core::save::{self, SaveError, SaveLibrary};
use yut_core::session::Session;
use yut_core::throw::ThrowRng;
use yut_core::Preset;

const CHILD_DIR: &str = "YUT_CRASH_CHILD_DIR";
const CHILD_SEED: &str = "YUT_CRASH_CHILD_SEED";
const ID: &str = "crash-test-game";

/// FNV-1a: enough to tell states apart in a side channel.
fn hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn new_game(seed: u64) -> Session {
    let preset = Preset::ALL[(seed % 3) as usize];
    let mut s = session(preset, 2 + (seed % 3) as usize, seed);
    s.id = ID.to_string();
    s
}

#[test]
fn crash_child() {
    let Ok(dir) = std::env::var(CHILD_DIR) else {
        return; // not run as a child: nothing to do
    };
    let seed: u64 = std::env::var(CHILD_SEED)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let lib = SaveLibrary::open(&dir).unwrap();
    let mut out = std::io::stdout();
    let mut report = |tag: &str, s: &Session| {
        let h = hash(&save::encode(s).unwrap());
        writeln!(out, "{tag} {h:016x}").unwrap();
        out.flush().unwrap();
    };
    let (mut s, mut seen) = match lib.load(ID) {
        Ok(l) => {
            assert!(l.recovered_from_backup.is_none(), "main file damaged");
            (l.session, Some(l.revision))
        }
        Err(SaveError::NotFound) => (new_game(seed), None),
        Err(e) => panic!("cannot resume: {e}"),
    };
    report("READY", &s);
    let mut pick = ThrowRng::seeded(seed);
    let mut games = seed;
    loop {
        if !random_step(&mut s, &mut pick) {
            games += 1;
            s = new_game(games);
        }
        report("PENDING", &s);
        seen = Some(lib.save(&s, seen).unwrap());
        report("SAVED", &s);
    }
}

/// The hash of the game on disk, checking it loads from the main file itself.
fn on_disk(dir: &Path) -> Option<u64> {
    let lib = SaveLibrary::open(dir).unwrap();
    match lib.load(ID) {
        Ok(l) => {
            assert!(
                l.recovered_from_backup.is_none(),
                "a kill damaged the main file: {:?}",
                l.recovered_from_backup
            );
            let bytes = std::fs::read(lib.path_of(ID)).unwrap();
            assert_eq!(save::encode(&l.session).unwrap(), bytes);
            let bak = dir.join(format!("{ID}.json.bak"));
            if bak.exists() {
                save::check_file(&bak).expect("the backup is always a good save");
            }
            Some(hash(&bytes))
        }
        Err(SaveError::NotFound) => None,
        Err(e) => panic!("after a kill the save does not load: {e}"),
    }
}

#[test]
fn killing_the_app_mid_save_never_loses_more_than_the_action_in_flight() {
    let kills: u32 = std::env::var("YUT_CRASH_KILLS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let dir = TempDir::new("crash");
    let exe = std::env::current_exe().unwrap();
    let mut delay = ThrowRng::seeded(0xc4a5);
    let mut state: Option<u64> = None;
    let (mut saves, mut caught_after_save) = (0u32, 0u32);
    for i in 0..kills {
        let mut child = Command::new(&exe)
            .args(["crash_child", "--exact", "--nocapture", "--test-threads=1"])
            .env(CHILD_DIR, dir.path())
            .env(CHILD_SEED, i.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Lines are read on a thread, so a child that never gets going fails the test
        // instead of hanging it. libtest may print on the same line: find the tags.
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            for l in BufReader::new(stdout).lines().map_while(Result::ok) {
                for tag in ["READY", "PENDING", "SAVED"] {
                    if let Some((_, h)) = l.split_once(&format!("{tag} ")) {
                        let h = u64::from_str_radix(h.trim(), 16).unwrap();
                        let _ = tx.send((tag, h));
                    }
                }
            }
        });
        // Wait until the child has resumed the game, so the kill lands in the save loop.
        let ready = match rx.recv_timeout(Duration::from_secs(120)) {
            Ok(("READY", h)) => h,
            other => {
                let _ = child.kill();
                panic!("kill {i}: the child did not resume the game ({other:?})");
            }
        };
        if let Some(prev) = state {
            assert_eq!(ready, prev, "kill {i}: the child resumed another state");
        }
        std::thread::sleep(Duration::from_micros(delay.below(4000) as u64));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        reader.join().unwrap();
        let (mut saved, mut pending) = (ready, ready);
        for (tag, h) in rx.try_iter() {
            match tag {
                "SAVED" => {
                    saved = h;
                    saves += 1;
                }
                _ => pending = h,
            }
        }
        let found = on_disk(dir.path());
        if found.is_none() {
            // Killed before the very first save completed: nothing was promised yet.
            assert!(
                state.is_none() && saved == ready,
                "kill {i}: the save vanished"
            );
        } else {
            assert!(
                found == Some(saved) || found == Some(pending),
                "kill {i}: the save holds neither the state before nor after the action"
            );
        }
        if found == Some(pending) && pending != saved {
            caught_after_save += 1;
        }
        state = found;
    }
    println!(
        "{kills} kills, {saves} acknowledged saves, {caught_after_save} kills between a \
         save and its acknowledgement"
    );
    assert!(saves > 0, "the children never got to save");
}
