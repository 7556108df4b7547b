//! The counters a setup or a save can preset stay within their documented bounds: more is
//! refused with a typed error, and play at the bound never wraps a counter.

use serde_json::json;
use yut_core::game::{BonusReason, MAX_OWED};
use yut_core::{Event, Game, MoveSpec, Phase, Setup, SetupError, Spot, TableSpec, Throw};

fn table(rules: serde_json::Value) -> TableSpec {
    TableSpec {
        rules,
        seats: 2,
        teams: None,
    }
}

fn setup(v: serde_json::Value) -> Setup {
    serde_json::from_value(v).unwrap()
}

/// Seat 0 on 1 with a Do in hand, seat 1 on 2: the Do captures.
fn capture_position(rules: serde_json::Value, owed: u8) -> Result<Game, SetupError> {
    table(rules).game(Some(&setup(json!({
        "pieces": {"0": ["1", "home", "home", "home"], "1": ["2", "home", "home", "home"]},
        "hand": ["do"],
        "owed": owed,
    }))))
}

fn capture(g: &mut Game) -> Vec<Event> {
    let spec = MoveSpec {
        from: "1".parse::<Spot>().unwrap(),
        uses: vec![Throw::Do],
        route: None,
        stack: None,
        count: None,
    };
    let legal = g
        .legal_moves()
        .into_iter()
        .find(|l| spec.matches(l))
        .unwrap();
    assert_eq!(legal.captures, 1);
    g.play_legal(&legal).unwrap()
}

fn bonus_owed(ev: &[Event]) -> bool {
    ev.iter().any(|e| {
        matches!(
            e,
            Event::BonusOwed {
                reason: BonusReason::Capture,
                ..
            }
        )
    })
}

#[test]
fn a_setup_owing_255_throws_is_refused_with_a_typed_error() {
    for owed in [255, MAX_OWED + 1] {
        let r = capture_position(json!({"preset": "yunnori"}), owed);
        assert_eq!(
            r.err(),
            Some(SetupError::TooManyOwed {
                owed,
                max: MAX_OWED
            })
        );
    }
    assert!(capture_position(json!({"preset": "yunnori"}), MAX_OWED).is_ok());
}

#[test]
fn a_capture_at_the_owed_bound_keeps_the_turn_with_the_mover() {
    let mut g = capture_position(json!({"preset": "yunnori"}), MAX_OWED).unwrap();
    assert_eq!(g.phase(), Phase::Move);
    let ev = capture(&mut g);
    assert!(!bonus_owed(&ev), "no bonus past the bound: {ev:?}");
    assert_eq!(g.owed(), MAX_OWED);
    assert_eq!(g.to_move(), 0, "the turn stays with the mover");
    assert_eq!(g.phase(), Phase::Throw);
    // With this many throws owed the series has reached its end (`MAX_HAND`): a Yut spends
    // its throw and earns none.
    let ev = g.throw_result(Throw::Yut).unwrap();
    assert!(
        !ev.iter().any(|e| matches!(e, Event::BonusOwed { .. })),
        "{ev:?}"
    );
    assert_eq!(g.owed(), MAX_OWED - 1);
    assert_eq!(g.to_move(), 0);
}

#[test]
fn a_capture_one_below_the_bound_still_earns_its_throw() {
    for rules in [
        json!({"preset": "yunnori"}),
        json!({"preset": "nyout_ru", "throw_timing": "move_after_each"}),
    ] {
        let mut g = capture_position(rules.clone(), MAX_OWED - 1).unwrap();
        let ev = capture(&mut g);
        assert!(bonus_owed(&ev), "{rules}: {ev:?}");
        assert_eq!(g.owed(), MAX_OWED, "{rules}");
        assert_eq!(g.to_move(), 0, "{rules}");
    }
}

#[test]
fn a_prize_capture_at_the_owed_bound_earns_nothing_and_never_wraps() {
    let rules = json!({"preset": "nyout_ru", "throw_timing": "move_after_each"});
    let mut g = capture_position(rules, MAX_OWED).unwrap();
    let ev = capture(&mut g);
    assert!(!bonus_owed(&ev), "{ev:?}");
    assert_eq!(g.owed(), MAX_OWED);
    assert_eq!(g.owed_prize(), 0);
    assert_eq!(g.to_move(), 0);
}

#[test]
fn a_saved_game_owing_more_than_the_bound_is_refused() {
    let g = capture_position(json!({"preset": "yunnori"}), 1).unwrap();
    let mut v = serde_json::to_value(&g).unwrap();
    assert!(serde_json::from_value::<Game>(v.clone()).is_ok());
    v["owed"] = json!(200);
    v["owed_prize"] = json!(100);
    assert!(serde_json::from_value::<Game>(v.clone()).is_err());
    v["owed"] = json!(MAX_OWED);
    v["owed_prize"] = json!(1);
    assert!(serde_json::from_value::<Game>(v).is_err());
}
