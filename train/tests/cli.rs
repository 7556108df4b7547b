//! The tool as a person runs it: short runs are seeded (the same settings write the same
//! bytes, which is what lets the full schedule reproduce the built-in files), and a file it
//! cannot use is named in a clear error, with nothing written.
//!
//! The full check, the built-in 2-piece network retrained and compared byte for byte, takes
//! minutes in release: `scripts/check-bot-networks.sh` (see train/README.md).

use std::path::Path;
use std::process::{Command, Output};

fn yut_train(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_yut-train"))
        .args(args)
        .output()
        .expect("the yut-train binary runs")
}

/// A short 2-piece run written to `out`, without the strength report.
fn short_run(out: &Path, extra: &[&str]) -> Output {
    let out = out.to_str().expect("a UTF-8 temporary path");
    let mut args = vec![
        "network",
        "--pieces",
        "2",
        "--games",
        "200",
        "--report-games",
        "0",
        "--out",
        out,
    ];
    args.extend_from_slice(extra);
    yut_train(&args)
}

#[test]
fn the_same_settings_write_the_same_weights() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.bin"), dir.path().join("b.bin"));
    for path in [&a, &b] {
        let run = short_run(path, &[]);
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(String::from_utf8_lossy(&run.stdout).contains("wrote"));
    }
    let (a, b) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert!(!a.is_empty());
    assert_eq!(
        a, b,
        "two runs with the same settings gave different weights"
    );

    // Another rate is another network: the bytes do depend on the settings.
    let c = dir.path().join("c.bin");
    assert!(short_run(&c, &["--rate", "0.01"]).status.success());
    assert_ne!(a, std::fs::read(&c).unwrap());
}

#[test]
fn training_goes_on_from_written_weights() {
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = (dir.path().join("first.bin"), dir.path().join("second.bin"));
    assert!(short_run(&first, &[]).status.success());
    let from = first.to_str().unwrap();
    let run = short_run(&second, &["--from", from]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert_ne!(
        std::fs::read(&first).unwrap(),
        std::fs::read(&second).unwrap()
    );
}

#[test]
fn a_missing_start_file_is_named_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.bin");
    let out = dir.path().join("out.bin");
    let run = short_run(&out, &["--from", missing.to_str().unwrap()]);
    assert!(!run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("missing.bin"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!out.exists());
}

#[test]
fn weights_of_another_layout_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.bin");
    std::fs::write(&junk, b"not a network at all").unwrap();
    let out = dir.path().join("out.bin");
    let run = short_run(&out, &["--from", junk.to_str().unwrap()]);
    assert!(!run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("not network weights"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!out.exists());

    let run = yut_train(&["strength", "--games", "2", "--from", junk.to_str().unwrap()]);
    assert!(!run.status.success());
    assert!(String::from_utf8_lossy(&run.stderr).contains("not network weights"));
}

#[test]
fn a_rate_without_games_is_a_usage_error() {
    let run = yut_train(&["network", "--rate", "0.01"]);
    assert!(!run.status.success());
    assert!(String::from_utf8_lossy(&run.stderr).contains("--games"));
}
