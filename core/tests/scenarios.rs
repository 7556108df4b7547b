//! Runs every scenario file of `tests/scenarios/` (the public format of SCENARIOS.md).

use yut_core::scenario::Scenario;

#[test]
fn every_scenario_file_passes() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/scenarios");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/scenarios exists")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 60, "only {} scenario files", files.len());
    let mut failures = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable");
        let outcome = Scenario::parse(&text).and_then(|s| s.run());
        if let Err(e) = outcome {
            failures.push(format!("{}: {e}", f.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn malformed_files_are_refused_with_a_reason() {
    let bad = [
        r#"{"name":"x","seats":2,"steps":[],"extra":1}"#,
        r#"{"name":"x","seats":2,"steps":[{"throw":"mo","move":{"from":"home","use":["mo"]}}]}"#,
        r#"{"name":"x","seats":2,"steps":[{"throw":"moo"}]}"#,
        r#"{"name":"x","seats":9,"steps":[]}"#,
        r#"{"name":"x","seats":2,"rules":{"stacking":"maybe"},"steps":[]}"#,
        r#"{"name":"x","seats":2,"setup":{"pieces":{"0":["Q9","home","home","home"]}},"steps":[]}"#,
    ];
    for b in bad {
        let r = Scenario::parse(b).and_then(|s| s.run());
        assert!(r.is_err(), "accepted {b}");
    }
}

#[test]
fn a_wrong_expectation_names_the_step_and_the_difference() {
    let text = r#"{"name":"x","seats":2,"steps":[
        {"throw":"gae"},
        {"move":{"from":"home","use":["gae"]}},
        {"expect":{"pieces":{"0":["3","home","home","home"]}}}]}"#;
    let err = Scenario::parse(text)
        .unwrap()
        .run()
        .unwrap_err()
        .to_string();
    assert!(err.contains("step 2"), "{err}");
    assert!(
        err.contains("expected [home, home, home, 3], got [home, home, home, 2]"),
        "{err}"
    );
}
