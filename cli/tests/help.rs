//! `--help` on every command: its usage on stdout and status 0, with nothing run — as
//! any command-line tool does. (It used to be an error for `sim` and `bot`, "a file that
//! cannot be read" for `scenario`, and status 2 for `yut --help` itself.)

use std::process::Command;

/// `yut` with an empty stdin: a command that read a position instead of printing its
/// help would fail on it, so "nothing run" is part of what status 0 shows.
fn help_of(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_yut"))
        .args(args)
        .output()
        .expect("run yut");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_command_prints_its_usage_for_help_and_succeeds() {
    for command in ["play", "scenario", "sim", "bot", "saves"] {
        for flag in ["--help", "-h"] {
            let (code, stdout, stderr) = help_of(&[command, flag]);
            assert_eq!(
                code, 0,
                "yut {command} {flag}: status {code}, stderr {stderr}"
            );
            assert!(
                stdout.starts_with("usage:") && stdout.contains(&format!("yut {command}")),
                "yut {command} {flag} printed: {stdout:?}"
            );
            assert!(
                stderr.is_empty(),
                "yut {command} {flag} complained: {stderr}"
            );
        }
    }
    // Help anywhere among the options wins over the rest, even a missing value.
    let (code, stdout, _) = help_of(&["sim", "--a", "hard", "--help"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("--max-states"), "{stdout}");
}

#[test]
fn the_program_lists_its_commands_for_help_but_not_after_a_mistake() {
    for flag in ["--help", "-h", "help"] {
        let (code, stdout, _) = help_of(&[flag]);
        assert_eq!(code, 0, "yut {flag}");
        for command in ["play", "scenario", "sim", "bot", "saves"] {
            assert!(stdout.contains(&format!("yut {command}")), "{stdout}");
        }
    }
    for mistake in [&[][..], &["plya"][..]] {
        let (code, stdout, stderr) = help_of(mistake);
        assert_eq!(code, 2, "yut {mistake:?}");
        assert!(
            stdout.is_empty() && stderr.starts_with("usage:"),
            "{stderr}"
        );
    }
}
