//! `--help` on every command: its usage on stdout and status 0, with nothing run — as
//! any command-line tool does; a mistake names itself on stderr with status 2, with
//! nothing run. (Help used to be an error for `sim` and `bot`, "a file that cannot be
//! read" for `scenario`, and status 2 for `yut --help` itself.)

use std::process::Command;

/// Every command as its help's usage line spells it.
const COMMANDS: [&str; 11] = [
    "play",
    "scenario",
    "sim",
    "bot",
    "throws",
    "saves list",
    "saves check",
    "saves bench",
    "online host",
    "online join",
    "online bench",
];

/// `yut` with an empty stdin: a command that read a position instead of printing its
/// help would fail on it, so "nothing run" is part of what status 0 shows.
fn help_of(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_yut"))
        .args(args)
        .env_remove("YUT_BOT_DELAY_MS")
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
    for command in COMMANDS
        .into_iter()
        .chain(["saves", "online", "completions"])
    {
        for flag in ["--help", "-h"] {
            let mut args: Vec<&str> = command.split(' ').collect();
            args.push(flag);
            let (code, stdout, stderr) = help_of(&args);
            assert_eq!(
                code, 0,
                "yut {command} {flag}: status {code}, stderr {stderr}"
            );
            assert!(
                stdout.contains(&format!("Usage: yut {command}")),
                "yut {command} {flag} printed: {stdout:?}"
            );
            assert!(
                stderr.is_empty(),
                "yut {command} {flag} complained: {stderr}"
            );
        }
    }
    // Help anywhere among the options wins over the rest, even a missing value.
    for args in [
        &["sim", "--a", "hard", "--help"][..],
        &["sim", "--a", "--help"],
        &["sim", "--games", "0", "-h"],
    ] {
        let (code, stdout, stderr) = help_of(args);
        assert_eq!((code, stderr.as_str()), (0, ""), "{args:?}");
        assert!(stdout.contains("--max-states"), "{args:?}: {stdout}");
    }
    // Each option of `yut play` is in its help, with the variable that sets the delay.
    let (_, stdout, _) = help_of(&["play", "--help"]);
    for option in [
        "--resume",
        "--save-dir",
        "--seed",
        "--bot-delay-ms",
        "YUT_BOT_DELAY_MS",
    ] {
        assert!(stdout.contains(option), "{option}: {stdout}");
    }
}

#[test]
fn the_program_lists_its_commands_for_help_but_not_after_a_mistake() {
    for flag in ["--help", "-h", "help"] {
        let (code, stdout, stderr) = help_of(&[flag]);
        assert_eq!((code, stderr.as_str()), (0, ""), "yut {flag}");
        for command in COMMANDS.into_iter().chain(["completions"]) {
            assert!(stdout.contains(&format!("yut {command}")), "{stdout}");
        }
        // Every command's options too: `--bot-delay-ms` was once left out.
        for option in ["--bot-delay-ms", "--max-states", "--budget-ms", "--no-undo"] {
            assert!(stdout.contains(option), "yut {flag}: no {option}");
        }
    }
    for mistake in [&[][..], &["plya"], &["saves"], &["online", "frobnicate"]] {
        let (code, stdout, stderr) = help_of(mistake);
        assert_eq!(code, 2, "yut {mistake:?}");
        assert!(
            stdout.is_empty() && stderr.contains("Usage: yut"),
            "{stderr}"
        );
    }
    let (_, _, stderr) = help_of(&["frobnicate"]);
    assert!(
        stderr.contains("unrecognized subcommand 'frobnicate'"),
        "{stderr}"
    );
}

/// A mistake on the command line says which argument is wrong, on stderr with status 2,
/// and runs nothing (`bot` would otherwise wait on, and complain about, its empty stdin).
#[test]
fn a_mistake_names_the_argument_and_exits_2() {
    let cases: [(&[&str], &str); 12] = [
        (&["play", "--seed", "five"], "--seed"),
        (&["play", "--bot-delay-ms"], "--bot-delay-ms"),
        (&["play", "--bogus"], "--bogus"),
        (&["sim", "--a", "hard", "--games", "3"], "--b"),
        (
            &["sim", "--a", "hard", "--b", "easy", "--games", "0"],
            "--games",
        ),
        (
            &[
                "sim", "--a", "hard", "--b", "easy", "--games", "1", "--preset", "x",
            ],
            "--preset",
        ),
        (&["bot", "--level", "genius"], "--level"),
        (&["bot"], "--level"),
        (&["throws", "--count", "0"], "--count"),
        (&["saves", "bench", "0"], "[N]"),
        (&["online", "host", "--seats", "medium,easy"], "--seats"),
        (
            &["online", "bench", "--server", "ws://x", "--rooms", "1"],
            "--seconds",
        ),
    ];
    for (args, names) in cases {
        let (code, stdout, stderr) = help_of(args);
        assert_eq!(code, 2, "yut {args:?}: {stderr}");
        assert!(stdout.is_empty(), "yut {args:?} printed {stdout}");
        assert!(
            stderr.starts_with("error: ") && stderr.contains(names),
            "yut {args:?}: {stderr}"
        );
    }
}

#[test]
fn completions_come_for_each_shell_and_know_the_commands() {
    for shell in ["bash", "zsh", "fish"] {
        let (code, stdout, stderr) = help_of(&["completions", shell]);
        assert_eq!((code, stderr.as_str()), (0, ""), "{shell}");
        for word in ["play", "scenario", "sim", "saves", "online", "bot-delay-ms"] {
            assert!(stdout.contains(word), "{shell} completions lack {word}");
        }
    }
    let (_, bash, _) = help_of(&["completions", "bash"]);
    assert!(
        bash.contains("complete -F") && bash.contains("yut"),
        "{bash}"
    );
    let (code, _, stderr) = help_of(&["completions", "tcsh"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("<SHELL>"), "{stderr}");
}
