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

/// Culin (stacking optional): seat 0 on 1 and 3, a Gae in hand. From 1 the Gae lands on own
/// pieces (join or decline); from 3 it lands on 5, where no own piece stands.
fn stack_scenario(steps: &str) -> Result<(), String> {
    let text = format!(
        r#"{{"name":"stack","rules":{{"preset":"culin1895"}},"seats":2,
        "setup":{{"pieces":{{"0":["1","3","home","home"],"1":["home","home","home","home"]}},
                  "hand":["gae"]}},
        "steps":[{steps}]}}"#
    );
    Scenario::parse(&text)
        .and_then(|s| s.run())
        .map_err(|e| e.to_string())
}

#[test]
fn stack_false_matches_a_move_that_lands_where_no_own_piece_stands() {
    stack_scenario(
        r#"{"move":{"from":"3","use":["gae"],"stack":false}},
           {"expect":{"pieces":{"0":["1","5","home","home"]}}}"#,
    )
    .unwrap();
    stack_scenario(
        r#"{"expect_legal":[
             {"from":"3","use":["gae"],"to":"5","stack":false},
             {"from":"1","use":["gae"],"to":"3","stack":true},
             {"from":"1","use":["gae"],"to":"3","stack":false},
             {"from":"home","use":["gae"],"to":"2","stack":false}]}"#,
    )
    .unwrap();
}

#[test]
fn stack_false_still_matches_a_move_that_declines_to_join() {
    stack_scenario(
        r#"{"move":{"from":"1","use":["gae"],"stack":false}},
           {"expect":{"pieces":{"0":["3","3","home","home"]},"to_move":1}}"#,
    )
    .unwrap();
}

#[test]
fn stack_true_matches_only_a_move_that_joins_own_pieces() {
    let err = stack_scenario(r#"{"move":{"from":"3","use":["gae"],"stack":true}}"#).unwrap_err();
    assert!(
        err.contains("step 0") && err.contains("no legal move matches"),
        "{err}"
    );
    let err = stack_scenario(
        r#"{"expect_legal":[
             {"from":"3","use":["gae"],"to":"5","stack":true},
             {"from":"1","use":["gae"],"to":"3"},
             {"from":"home","use":["gae"],"to":"2"}]}"#,
    )
    .unwrap_err();
    assert!(err.contains("3[gae]->5"), "{err}");
    stack_scenario(
        r#"{"move":{"from":"1","use":["gae"],"stack":true}},
           {"expect":{"pieces":{"0":["3","3","home","home"]},"to_move":1}}"#,
    )
    .unwrap();
}

/// Yunnori with stacking optional: a pair and a single of seat 0 on 7, a Gae in hand.
fn groups_scenario(steps: &str) -> Result<(), String> {
    let text = format!(
        r#"{{"name":"groups","rules":{{"preset":"yunnori","stacking":"optional"}},"seats":2,
        "setup":{{"pieces":{{"0":["7","7","7","home"],"1":["home","home","home","home"]}},
                  "stacks":[{{"seat":0,"at":"7","count":2}}],"hand":["gae"]}},
        "steps":[{steps}]}}"#
    );
    Scenario::parse(&text)
        .and_then(|s| s.run())
        .map_err(|e| e.to_string())
}

#[test]
fn count_names_the_group_that_moves_where_groups_of_two_sizes_share_a_station() {
    // Without it the move is ambiguous, and the message shows the groups' sizes.
    let err = groups_scenario(r#"{"move":{"from":"7","use":["gae"]}}"#).unwrap_err();
    assert!(
        err.contains("2 legal moves match")
            && err.contains("count 2")
            && err.contains("say which with \"count\""),
        "{err}"
    );
    groups_scenario(
        r#"{"move":{"from":"7","use":["gae"],"count":2}},
           {"expect":{"pieces":{"0":["9","9","7","home"]},"to_move":1}}"#,
    )
    .unwrap();
    // A group of a size the station does not hold is no move.
    let err = groups_scenario(r#"{"move":{"from":"7","use":["gae"],"count":3}}"#).unwrap_err();
    assert!(err.contains("no legal move matches"), "{err}");
    // In expect_legal, an entry without `count` covers every group; with it, one.
    groups_scenario(
        r#"{"expect_legal":[
             {"from":"7","use":["gae"],"to":"9"},
             {"from":"home","use":["gae"],"to":"2"}]}"#,
    )
    .unwrap();
    let err = groups_scenario(
        r#"{"expect_legal":[
             {"from":"7","use":["gae"],"to":"9","count":1},
             {"from":"home","use":["gae"],"to":"2"}]}"#,
    )
    .unwrap_err();
    assert!(
        err.contains("legal but not expected: 7[gae]->9 via outer count 2"),
        "{err}"
    );
}
