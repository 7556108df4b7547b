//! `yut bot` and `yut sim` through the binary: a position in, a legal move out; bad input
//! is a clear error with exit status 1, never a panic; `sim --json` has its keys.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use yut_core::setup::{MoveSpec, Setup, TableSpec};

fn yut(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_yut"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run yut");
    // A bad argument makes `yut` exit before it reads its input; the pipe then closes
    // under us, which is the binary's right, not a test failure.
    match child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
    {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("write stdin: {e}"),
        _ => {}
    }
    child.wait_with_output().expect("yut output")
}

#[test]
fn bot_round_trip_returns_a_legal_move() {
    let request = serde_json::json!({
        "rules": {"preset": "yunnori"},
        "seats": 2,
        "setup": {
            "pieces": {"0": ["3", "home", "home", "home"], "1": ["5", "home", "home", "home"]},
            "to_move": 0,
            "hand": ["gae"]
        }
    });
    for level in ["random", "easy", "medium", "hard"] {
        let out = yut(&["bot", "--level", level], &request.to_string());
        assert!(
            out.status.success(),
            "{level}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let spec: MoveSpec = serde_json::from_slice(&out.stdout).expect("a move as JSON");
        let table = TableSpec {
            rules: request["rules"].clone(),
            seats: 2,
            teams: None,
        };
        let setup: Setup = serde_json::from_value(request["setup"].clone()).unwrap();
        let game = setup.build(&table).unwrap();
        assert!(
            game.legal_moves().iter().any(|l| spec.matches(l)),
            "{level}: {spec:?} is not legal"
        );
        if level == "medium" || level == "hard" {
            // 3 + Gae lands on 5, the rival's piece: a capture.
            assert_eq!(spec.from.to_string(), "3", "{level} should capture");
        }
    }
}

#[test]
fn bot_errors_are_clear_and_exit_1() {
    let cases = [
        (vec!["bot", "--level", "hard"], "not json"),
        (
            vec!["bot", "--level", "hard"],
            r#"{"seats": 2, "setup": {"pieces": {"0": ["3"]}, "hand": ["do"]}}"#,
        ),
        // No hand: nothing to move yet.
        (
            vec!["bot", "--level", "hard"],
            r#"{"seats": 2, "setup": {"to_move": 0}}"#,
        ),
        (
            vec!["bot", "--level", "hard"],
            r#"{"seats": 9, "setup": {"hand": ["do"]}}"#,
        ),
    ];
    for (args, input) in cases {
        let out = yut(&args, input);
        assert_eq!(out.status.code(), Some(1), "{args:?} {input}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("yut bot:"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// `yut sim ARGS --json`, which must succeed, as its one JSON object.
fn sim_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["sim"];
    all.extend_from_slice(args);
    all.push("--json");
    let out = yut(&all, "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn sim_json_reports_every_key() {
    let v = sim_json(&[
        "--a", "hard", "--b", "medium", "--games", "20", "--seed", "3",
    ]);
    for key in [
        "games",
        "wins_a",
        "wins_b",
        "mean_turns",
        "decision_ms_median_a",
        "decision_ms_p99_a",
        "decision_ms_median_b",
        "decision_ms_p99_b",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["games"], 20);
    let wins = v["wins_a"].as_u64().unwrap() + v["wins_b"].as_u64().unwrap();
    assert_eq!(wins + v["unfinished"].as_u64().unwrap(), 20);
    assert!(v["mean_turns"].as_f64().unwrap() > 5.0);
}

#[test]
fn sim_tells_the_bots_who_sits_where_unless_blind() {
    // A node budget, not the clock, ends the searches: the same games every run.
    let args = [
        "--a",
        "hard",
        "--b",
        "medium",
        "--games",
        "12",
        "--nodes",
        "400",
        "--budget-ms",
        "600000",
    ];
    let told = sim_json(&args);
    let mut blind_args = args.to_vec();
    blind_args.push("--blind");
    let blind = sim_json(&blind_args);
    assert_eq!(told["blind"], false);
    assert_eq!(blind["blind"], true);
    // Hard plays for the medium bot's mistakes when it knows the bot sits there, so the
    // games go differently.
    let games = |v: &serde_json::Value| (v["wins_a"].clone(), v["mean_turns"].clone());
    assert_ne!(games(&told), games(&blind));
}

#[test]
fn sim_ceiling_solves_the_game_against_the_rival() {
    // One piece each: no position has a choice, so every player wins half the games.
    let v = sim_json(&[
        "--a",
        "optimal",
        "--b",
        "medium",
        "--games",
        "10",
        "--pieces",
        "1",
        "--ceiling",
    ]);
    for key in ["ceiling_best_response_a", "ceiling_optimal_a"] {
        let x = v[key].as_f64().unwrap_or(f64::NAN);
        assert!((x - 0.5).abs() < 1e-9, "{key}: {x}");
    }
    // Easy draws its mistakes anew every game; the solver plays two seats: refused.
    for args in [
        &["--b", "easy", "--pieces", "1"],
        &["--b", "random", "--seats", "3"],
    ] {
        let mut all = vec!["sim", "--a", "hard", "--games", "2", "--ceiling"];
        all.extend_from_slice(args);
        let out = yut(&all, "");
        assert_eq!(out.status.code(), Some(1), "{all:?}");
        assert!(!out.stderr.is_empty());
    }
    // The 1-piece game has 1,266 states: a limit below that is refused with the reason,
    // whether the solver plays a seat or gives the ceiling.
    for args in [&["--a", "hard", "--ceiling"][..], &["--a", "optimal"]] {
        let mut all = vec!["sim", "--b", "random", "--games", "2", "--pieces", "1"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--max-states", "1000"]);
        let out = yut(&all, "");
        assert_eq!(out.status.code(), Some(1), "{all:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("more than 1000 states"), "{err}");
        *all.last_mut().unwrap() = "1300";
        let out = yut(&all, "");
        assert!(out.status.success(), "{all:?}");
    }
}

#[test]
fn sim_refuses_bad_options() {
    let out = yut(&["sim", "--a", "hard", "--games", "3"], "");
    assert_eq!(out.status.code(), Some(2));
    // An unknown level is a mistake on the command line, refused before any game.
    let out = yut(&["sim", "--a", "hard", "--b", "wizard", "--games", "3"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'wizard' for '--b <L>'"));

    let out = yut(
        &[
            "sim", "--a", "optimal", "--b", "random", "--games", "3", "--seats", "3",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_reader_that_goes_away_ends_yut_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_yut"))
        .args(["sim", "--a", "medium", "--b", "random", "--games", "40"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run yut");
    // The reader is gone before yut writes a line, as behind `yut sim | head -0`.
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("yut output");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
}
