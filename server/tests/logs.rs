//! The server's log as an operator reads it from a file or a journal.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// Written to a pipe (not a terminal), the log is plain text: no colour codes that a
/// file or `journalctl` would show as `\x1b[2m…`.
#[test]
fn a_log_not_written_to_a_terminal_has_no_colour_codes() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut child = Command::new(env!("CARGO_BIN_EXE_yut-server"))
        .args(["--listen", "127.0.0.1:0", "--data"])
        .arg(dir.path())
        .env("YUT_LOG", "info")
        .env_remove("NO_COLOR")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("yut-server starts");
    let stdout = child.stdout.take().expect("stdout");
    let mut logged = Vec::new();
    // The log comes first; the address line (`println!`) once the server listens.
    for line in BufReader::new(stdout).lines() {
        let Ok(line) = line else { break };
        if line.starts_with("listening on ") {
            break;
        }
        logged.push(line);
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        logged.iter().any(|l| l.contains("INFO")),
        "the server logged at info: {logged:?}"
    );
    for line in &logged {
        assert!(!line.contains('\u{1b}'), "a colour code in {line:?}");
    }
}
