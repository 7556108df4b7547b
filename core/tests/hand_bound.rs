//! No position stalls the engine: the hand a setup may give is bounded (a typed error
//! beyond it), a turn's series of bonus throws ends where every result earns one, and
//! games under the house rules that once froze real play (results collected first,
//! combined, a bonus throw on every forward result) play to the end.

use serde_json::json;
use std::time::{Duration, Instant};
use yut_core::game::MAX_HAND;
use yut_core::{Event, Game, Phase, Setup, SetupError, TableSpec, ThrowRng};

fn table(rules: serde_json::Value, seats: usize) -> TableSpec {
    TableSpec {
        rules,
        seats,
        teams: None,
    }
}

fn setup(v: serde_json::Value) -> Setup {
    serde_json::from_value(v).unwrap()
}

/// Four pieces of seat 0 spread over the board, and a Culin hand of `n` results.
fn culin_with_hand(n: usize) -> Result<Game, SetupError> {
    let kinds = ["do", "gae", "geol", "yut", "mo"];
    let hand: Vec<&str> = (0..n).map(|i| kinds[i % kinds.len()]).collect();
    table(json!({"preset": "culin1895"}), 2).game(Some(&setup(json!({
        "pieces": {"0": ["5", "10", "12", "home"], "1": ["home", "home", "home", "home"]},
        "stacks": [],
        "hand": hand,
    }))))
}

#[test]
fn a_setup_with_more_results_than_the_hand_holds_is_refused_with_a_typed_error() {
    for n in [MAX_HAND + 1, 40] {
        assert_eq!(
            culin_with_hand(n).err(),
            Some(SetupError::HandTooLarge {
                held: n,
                max: MAX_HAND
            })
        );
    }
    // Under combine_results the throws owed count too: they are thrown before any is spent.
    let owed = table(json!({"preset": "culin1895"}), 2).game(Some(&setup(json!({
        "pieces": {"0": ["5", "home", "home", "home"], "1": ["home", "home", "home", "home"]},
        "hand": ["do"],
        "owed": MAX_HAND,
    }))));
    assert_eq!(
        owed.err(),
        Some(SetupError::HandTooLarge {
            held: MAX_HAND + 1,
            max: MAX_HAND
        })
    );
    // The largest hand allowed is a position like any other.
    let g = culin_with_hand(MAX_HAND).unwrap();
    assert_eq!(g.phase(), Phase::Move);
    let t = Instant::now();
    let moves = g.legal_moves();
    // A figure for the note (`cargo bench` holds the target, not this test).
    println!(
        "largest hand: {} moves listed in {:?}",
        moves.len(),
        t.elapsed()
    );
    assert!(moves.len() > 1000, "{} moves", moves.len());
    let mut seen = std::collections::HashSet::new();
    assert!(
        moves.iter().all(|l| seen.insert(l.mv.clone())),
        "no move listed twice"
    );
}

/// Yunnori with every forward result earning one more throw, results collected first and
/// combined: the set that froze real play.
fn freezing_rules() -> serde_json::Value {
    json!({
        "preset": "yunnori",
        "throw_timing": "collect_first",
        "combine_results": true,
        "bonus_throw_on": ["do", "gae", "geol", "yut", "mo"],
    })
}

#[test]
fn a_series_where_every_result_earns_a_throw_ends_at_the_hand_bound() {
    let mut g = table(freezing_rules(), 2).new_game(0).unwrap();
    let mut series = 0;
    while g.phase() == Phase::Throw {
        let ev = g.throw_result(yut_core::Throw::Gae).unwrap();
        series += 1;
        assert!(series <= MAX_HAND, "the series did not end");
        let earned = ev.iter().any(|e| matches!(e, Event::BonusOwed { .. }));
        assert_eq!(earned, series < MAX_HAND, "throw {series}: {ev:?}");
    }
    assert_eq!(g.hand().len(), MAX_HAND);
    assert_eq!(g.to_move(), 0, "the turn goes on with the hand");
}

#[test]
fn a_hundred_games_under_the_freezing_house_rules_play_to_the_end() {
    let mut slowest = Duration::ZERO;
    let mut most_moves = 0;
    for seed in 0..100u64 {
        let seats = 2 + (seed % 3) as usize;
        let mut g = table(freezing_rules(), seats).new_game(0).unwrap();
        let mut rng = ThrowRng::seeded(seed);
        let mut actions = 0;
        while !g.is_over() {
            actions += 1;
            assert!(actions < 20_000, "game {seed} did not end");
            assert!(
                g.hand().len() <= MAX_HAND,
                "game {seed}: {} results",
                g.hand().len()
            );
            let t = Instant::now();
            match g.phase() {
                Phase::Throw => {
                    let (o, _) = g.draw(&mut rng);
                    g.throw_outcome(o).unwrap();
                }
                Phase::Move => {
                    let moves = g.legal_moves();
                    most_moves = most_moves.max(moves.len());
                    let pick = moves[rng.below(moves.len())].clone();
                    g.play(&pick.mv).unwrap();
                }
                Phase::Over => {}
            }
            slowest = slowest.max(t.elapsed());
        }
    }
    // Figures for the note (benchmarks hold the targets, not this test).
    println!("slowest call {slowest:?}, most legal moves {most_moves}");
}
