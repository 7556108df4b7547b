//! The Resume list tells the truth: every game is listed exactly as opening it will turn
//! out (good, opening from its backup, from a newer version, or damaged), whatever lies in
//! the folder: damaged, backup-only, newer, forged-summary, reordered, oversized and
//! non-regular files. Nothing in the folder can hang the list or take the memory.

mod common;

use common::*;
use std::fs;
use std::time::Duration;
use yut_core::save::{self, EntryStatus, SaveError, SaveLibrary, MAX_FILE_BYTES};
use yut_core::session::Session;
use yut_core::throw::ThrowRng;
use yut_core::Preset;

fn played(seed: u64, actions: usize) -> Session {
    let mut s = session(Preset::ALL[(seed % 3) as usize], 2, seed);
    advance(&mut s, &mut ThrowRng::seeded(seed), actions);
    s.id = format!("game{seed}");
    s
}

/// A game saved twice (so it has a backup), then its main file replaced by `main`.
fn with_main(lib: &SaveLibrary, seed: u64, main: impl FnOnce(&Session) -> Vec<u8>) -> Session {
    let mut s = played(seed, 10);
    lib.save(&s, None).unwrap();
    advance(&mut s, &mut ThrowRng::seeded(seed + 100), 3);
    lib.save(&s, None).unwrap();
    fs::write(lib.path_of(&s.id), main(&s)).unwrap();
    s
}

fn json_of(s: &Session) -> serde_json::Value {
    serde_json::from_slice(&save::encode(s).unwrap()).unwrap()
}

/// How each listed game opens, checked against how it is listed.
fn assert_list_matches_load(lib: &SaveLibrary) -> Vec<(String, &'static str)> {
    let mut seen = Vec::new();
    for entry in lib.list().unwrap() {
        let opened = lib.load(&entry.id);
        let turn = opened.as_ref().ok().map(|l| l.session.turn_number());
        assert_eq!(entry.turn_number, turn, "{}: listed turn", entry.id);
        let how = match (&entry.status, &opened) {
            (EntryStatus::Good(sum), Ok(l)) if l.recovered_from_backup.is_none() => {
                assert_eq!(*sum, l.summary, "{}: listed summary", entry.id);
                "good"
            }
            (EntryStatus::Backup { summary, .. }, Ok(l)) if l.recovered_from_backup.is_some() => {
                assert_eq!(*summary, l.summary, "{}: listed summary", entry.id);
                "backup"
            }
            (
                EntryStatus::Damaged(SaveError::NewerVersion { .. }),
                Err(SaveError::NewerVersion { .. }),
            ) => "newer",
            (EntryStatus::Damaged(_), Err(_)) => "damaged",
            (listed, opened) => panic!(
                "{} is listed as {listed:?} but opens as {:?}",
                entry.id,
                opened.as_ref().map(|l| l.recovered_from_backup.clone())
            ),
        };
        seen.push((entry.id, how));
    }
    seen.sort();
    seen
}

#[test]
fn every_game_is_listed_as_opening_it_turns_out() {
    let dir = TempDir::new("list-truth");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    // Good.
    let good = played(1, 20);
    lib.save(&good, None).unwrap();
    // Backup only: the main file is gone.
    let gone = with_main(&lib, 2, |_| Vec::new());
    fs::remove_file(lib.path_of(&gone.id)).unwrap();
    // A damaged body behind a good summary, with a backup.
    with_main(&lib, 3, |s| {
        let text = String::from_utf8(save::encode(s).unwrap()).unwrap();
        let cut = text.find("\"session\"").unwrap();
        format!("{}\"session\": <garbage", &text[..cut]).into_bytes()
    });
    // A forged summary: valid JSON that lies about the game ("LIAR ... won").
    with_main(&lib, 4, |s| {
        let mut v = json_of(s);
        v["summary"]["seats"][0]["name"] = "LIAR".into();
        v["summary"]["finished"] = true.into();
        v["summary"]["winner"] = 0.into();
        serde_json::to_vec(&v).unwrap()
    });
    // The same forgery with no backup to fall back on.
    let liar = played(5, 8);
    let mut v = json_of(&liar);
    v["summary"]["seats"][0]["name"] = "LIAR".into();
    fs::write(lib.path_of(&liar.id), serde_json::to_vec(&v).unwrap()).unwrap();
    // Keys in another order: schema_version, session, summary.
    let reordered = played(6, 12);
    let v = json_of(&reordered);
    let text = format!(
        "{{\"schema_version\":{},\"session\":{},\"summary\":{}}}",
        v["schema_version"], v["session"], v["summary"]
    );
    fs::write(lib.path_of(&reordered.id), text).unwrap();
    // From a newer version.
    fs::write(
        lib.path_of("future"),
        b"{\"schema_version\":99,\"summary\":{}}",
    )
    .unwrap();
    // Oversized: past the bound, whatever it holds.
    let mut big = b"{\"schema_version\":2,\"summary\":\"".to_vec();
    big.resize(MAX_FILE_BYTES as usize + 10, b'x');
    fs::write(lib.path_of("oversized"), big).unwrap();
    // A directory named like a save.
    fs::create_dir(lib.path_of("adir")).unwrap();

    let seen = assert_list_matches_load(&lib);
    let expect = |id: &str| seen.iter().find(|(i, _)| i == id).map(|(_, h)| *h);
    assert_eq!(expect("game1"), Some("good"));
    assert_eq!(expect("game2"), Some("backup"), "backup only");
    assert_eq!(expect("game3"), Some("backup"), "damaged body");
    assert_eq!(expect("game4"), Some("backup"), "forged summary");
    assert_eq!(
        expect("game5"),
        Some("damaged"),
        "forged summary, no backup"
    );
    assert_eq!(
        expect("game6"),
        Some("good"),
        "reordered keys load, so they list as good"
    );
    assert_eq!(expect("future"), Some("newer"));
    assert_eq!(expect("oversized"), Some("damaged"));
    assert_eq!(expect("adir"), Some("damaged"));
    assert_eq!(seen.len(), 9);
}

/// A pipe named like a save would block a reader for ever: the list must come back, with
/// the pipe listed as damaged.
#[cfg(unix)]
#[test]
fn a_pipe_named_like_a_save_never_hangs_the_list() {
    let dir = TempDir::new("fifo");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    lib.save(&played(1, 5), None).unwrap();
    let fifo = lib.path_of("pipe");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path; mkfifo only creates a file.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo");
    let path = dir.path().to_path_buf();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let lib = SaveLibrary::open(path).unwrap();
        let listed = assert_list_matches_load(&lib);
        let _ = tx.send(listed);
    });
    let listed = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("the list came back (a pipe named like a save hung it)");
    assert_eq!(
        listed,
        vec![
            ("game1".to_string(), "good"),
            ("pipe".to_string(), "damaged")
        ]
    );
    assert!(matches!(
        lib.load("pipe"),
        Err(SaveError::Corrupt { reason }) if reason.contains("regular")
    ));
    lib.delete("pipe").unwrap();
}

/// A 100 MB file whose `schema_version` is a huge array: listing and opening it is refused
/// before it is read, so neither takes memory in proportion to it.
#[cfg(target_os = "linux")]
#[test]
fn a_huge_damaged_file_takes_no_memory_to_list_or_open() {
    use std::io::Write;
    let dir = TempDir::new("huge");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    let mut f = fs::File::create(lib.path_of("huge")).unwrap();
    f.write_all(b"{\"schema_version\":[").unwrap();
    let chunk = b"0,".repeat(1 << 19);
    for _ in 0..100 {
        f.write_all(&chunk).unwrap();
    }
    drop(f);
    // A smaller one of the same shape, under the size bound, is refused at its head.
    fs::write(
        lib.path_of("deep"),
        [&b"{\"schema_version\":["[..], &b"0,".repeat(1 << 20)].concat(),
    )
    .unwrap();
    let listed = assert_list_matches_load(&lib);
    assert_eq!(
        listed,
        vec![("deep".into(), "damaged"), ("huge".into(), "damaged")]
    );
    assert!(matches!(
        lib.load("huge"),
        Err(SaveError::Corrupt { reason }) if reason.contains("larger than any saved game")
    ));
    let peak_kb: u64 = fs::read_to_string("/proc/self/status")
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    println!("peak memory of the test binary: {peak_kb} kB");
    // The whole test binary, every test of this file included, stays far under the file.
    assert!(
        peak_kb < 80 * 1024,
        "peak memory {peak_kb} kB while listing a 100 MB damaged file"
    );
}

#[test]
fn a_library_needs_a_directory() {
    assert!(matches!(SaveLibrary::open(""), Err(SaveError::NoDirectory)));
}
