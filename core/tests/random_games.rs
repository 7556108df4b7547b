//! Property tests: random games under random house rules, for every preset. Each game must
//! end with a winner; every move played is legal; pieces are conserved; two sides never
//! share a station except a safe one; a stack holds one side only.

use proptest::prelude::*;
use std::collections::BTreeMap;
use yut_core::game::{Game, Phase};
use yut_core::rules::*;
use yut_core::setup::MoveSpec;
use yut_core::throw::ThrowRng;
use yut_core::{Preset, Station};

/// Games per preset (the issue asks for 100,000). `YUT_PROPTEST_GAMES` lowers it for a
/// quick local run.
fn games() -> u32 {
    std::env::var("YUT_PROPTEST_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000)
}

#[derive(Debug, Clone)]
struct HouseRules {
    back_do: bool,
    stacking: Stacking,
    finish: Finish,
    capture_bonus: CaptureBonus,
    pieces: u8,
    play_on: bool,
    when_empty: BackDoWhenEmpty,
    from_first: BackDoFromFirst,
    nak: bool,
    shortcut: Switch,
    shortcut_at_15: Switch,
    combine: bool,
    timing: ThrowTiming,
    p: f64,
}

fn switch() -> impl Strategy<Value = Switch> {
    prop_oneof![
        Just(Switch::Forced),
        Just(Switch::Optional),
        Just(Switch::OnlyIfShorter),
        Just(Switch::Never)
    ]
}

fn house_rules() -> impl Strategy<Value = HouseRules> {
    (
        (
            any::<bool>(),
            prop_oneof![
                Just(Stacking::Mandatory),
                Just(Stacking::Optional),
                Just(Stacking::Off)
            ],
            prop_oneof![Just(Finish::Pass), Just(Finish::Exact)],
            prop_oneof![
                Just(CaptureBonus::Each),
                Just(CaptureBonus::SinglePrize),
                Just(CaptureBonus::Off)
            ],
            1u8..=4,
            any::<bool>(),
            prop_oneof![Just(BackDoWhenEmpty::Enter), Just(BackDoWhenEmpty::Lost)],
        ),
        (
            prop_oneof![
                Just(BackDoFromFirst::Home),
                Just(BackDoFromFirst::ToStartCorner)
            ],
            prop::bool::weighted(0.1),
            switch(),
            switch(),
            prop::bool::weighted(0.2),
            prop_oneof![
                Just(ThrowTiming::CollectFirst),
                Just(ThrowTiming::MoveAfterEach)
            ],
            0.3f64..0.7,
        ),
    )
        .prop_map(|(a, b)| HouseRules {
            back_do: a.0,
            stacking: a.1,
            finish: a.2,
            capture_bonus: a.3,
            pieces: a.4,
            play_on: a.5,
            when_empty: a.6,
            from_first: b.0,
            nak: b.1,
            shortcut: b.2,
            shortcut_at_15: b.3,
            combine: b.4,
            timing: b.5,
            p: b.6,
        })
}

fn rules_for(preset: Preset, h: &HouseRules, vary: bool) -> RuleSet {
    let mut r = RuleSet::preset(preset);
    r.pieces_per_player = h.pieces;
    r.play_on_for_places = h.play_on;
    if vary {
        r.back_do = h.back_do;
        r.stacking = h.stacking;
        r.finish = h.finish;
        r.capture_bonus = h.capture_bonus;
        r.back_do_when_empty = h.when_empty;
        r.back_do_from_first = h.from_first;
        r.nak = h.nak;
        r.shortcut = h.shortcut;
        r.shortcut_at_15 = h.shortcut_at_15;
        r.combine_results = h.combine;
        r.throw_timing = h.timing;
        r.stick_flat_probability = h.p;
    }
    r
}

fn check_invariants(g: &Game) -> Result<(), TestCaseError> {
    let n = g.rules().pieces_per_player as usize;
    for seat in 0..g.seats() {
        prop_assert_eq!(g.pieces_of(seat).len(), n, "seat {} pieces conserved", seat);
    }
    let mut sides_at: BTreeMap<Station, Vec<usize>> = BTreeMap::new();
    for st in g.stacks() {
        prop_assert!(st.size() > 0);
        for (seat, c) in st.counts.iter().enumerate() {
            if *c > 0 {
                prop_assert_eq!(g.side_of(seat), st.side as usize, "stack holds one side");
            }
        }
        sides_at
            .entry(g.station_of(st))
            .or_default()
            .push(st.side as usize);
    }
    for (s, sides) in sides_at {
        let first = sides[0];
        if sides.iter().any(|x| *x != first) {
            prop_assert!(
                g.rules().safe_stations.contains(&s),
                "two sides share {}",
                s
            );
        }
        if g.rules().stacking == Stacking::Mandatory {
            prop_assert!(sides.len() == 1 || g.rules().safe_stations.contains(&s));
        }
    }
    if g.phase() == Phase::Move {
        prop_assert!(
            !g.legal_moves().is_empty(),
            "a move is awaited but none is legal"
        );
    }
    Ok(())
}

fn play_out(g: &mut Game, seed: u64) -> Result<(), TestCaseError> {
    let mut rng = ThrowRng::seeded(seed);
    for _ in 0..50_000 {
        check_invariants(g)?;
        match g.phase() {
            Phase::Over => {
                prop_assert!(g.winner().is_some(), "an ended game has a winner");
                prop_assert_eq!(g.owed(), 0);
                prop_assert!(g.hand().is_empty());
                let w = g.winner().unwrap_or(0);
                for &seat in &g.sides()[w] {
                    prop_assert_eq!(g.done(seat as usize), g.rules().pieces_per_player);
                }
                if g.rules().play_on_for_places {
                    prop_assert_eq!(g.places().len(), g.sides().len());
                }
                return Ok(());
            }
            Phase::Throw => {
                let (o, _) = g.draw(&mut rng);
                prop_assert!(g.legal_moves().is_empty());
                g.throw_outcome(o)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
            Phase::Move => {
                let moves = g.legal_moves();
                let pick = &moves[rng.below(moves.len())];
                // The move as a player would name it is found among the legal moves.
                let spec = MoveSpec::of(pick);
                prop_assert!(moves.iter().any(|l| spec.matches(l)));
                let before = g.clone();
                // More results than the hand holds is refused and changes nothing.
                let mut bogus = pick.mv.clone();
                bogus.uses = vec![yut_core::Throw::Mo; g.hand().len() + 1];
                prop_assert!(g.play(&bogus).is_err());
                prop_assert_eq!(&before, &*g);
                g.play(&pick.mv)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
        }
    }
    Err(TestCaseError::fail("game did not end in 50,000 actions"))
}

fn run_preset(preset: Preset, max_seats: usize) {
    run_games(preset, max_seats, games(), play_out);
}

/// `cases` random games of `preset` under random house rules, each played by `play`.
fn run_games(
    preset: Preset,
    max_seats: usize,
    cases: u32,
    play: fn(&mut Game, u64) -> Result<(), TestCaseError>,
) {
    let cfg = ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    proptest!(cfg, |(seed in any::<u64>(), seats in 2..=max_seats, h in house_rules(),
                     vary in any::<bool>(), teams in any::<bool>(), first in 0usize..6)| {
        let rules = rules_for(preset, &h, vary);
        prop_assume!(rules.validate().is_ok());
        let team_list: Option<Vec<Vec<usize>>> = (teams && seats == 4)
            .then(|| vec![vec![0, 2], vec![1, 3]]);
        let mut g = Game::new(rules, seats, team_list.as_deref(), first % seats)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        play(&mut g, seed)?;
    });
}

#[test]
fn random_yunnori_games_end_and_keep_the_invariants() {
    run_preset(Preset::Yunnori, 4);
}

#[test]
fn random_culin_games_end_and_keep_the_invariants() {
    run_preset(Preset::Culin1895, 4);
}

#[test]
fn random_nyout_games_end_and_keep_the_invariants() {
    run_preset(Preset::NyoutRu, 6);
}

/// Games per preset for the distinct-effects property (each position applies every legal
/// move to a copy). `YUT_PROPTEST_EFFECT_GAMES` changes it.
fn effect_games() -> u32 {
    std::env::var("YUT_PROPTEST_EFFECT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

/// What a move leaves behind, independent of the order the engine keeps its stacks in.
fn effect(g: &Game) -> String {
    let mut stacks: Vec<String> = g.stacks().iter().map(|s| format!("{s:?}")).collect();
    stacks.sort();
    let mut hand: Vec<String> = g.hand().iter().map(|h| format!("{h:?}")).collect();
    hand.sort();
    let seats: Vec<(u8, u8)> = (0..g.seats()).map(|s| (g.home(s), g.done(s))).collect();
    format!(
        "{stacks:?} {hand:?} {seats:?} owed {} prize {} to_move {} places {:?} over {}",
        g.owed(),
        g.owed_prize(),
        g.to_move(),
        g.places(),
        g.is_over()
    )
}

fn play_checking_effects(g: &mut Game, seed: u64) -> Result<(), TestCaseError> {
    let mut rng = ThrowRng::seeded(seed);
    for _ in 0..50_000 {
        match g.phase() {
            Phase::Over => return Ok(()),
            Phase::Throw => {
                let (o, _) = g.draw(&mut rng);
                g.throw_outcome(o)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
            Phase::Move => {
                let moves = g.legal_moves();
                let mut seen: BTreeMap<String, String> = BTreeMap::new();
                for l in &moves {
                    let mut copy = g.clone();
                    copy.play(&l.mv)
                        .map_err(|e| TestCaseError::fail(e.to_string()))?;
                    // The results spent and the route are part of a move's identity (two
                    // routes out of a corner may both finish the piece).
                    let key = format!("{:?} {:?} {}", l.mv.uses, l.mv.route, effect(&copy));
                    if let Some(other) = seen.insert(key, format!("{:?}", l.mv)) {
                        return Err(TestCaseError::fail(format!(
                            "two legal moves with one effect: {other} and {:?}",
                            l.mv
                        )));
                    }
                }
                let pick = &moves[rng.below(moves.len())];
                g.play(&pick.mv)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
        }
    }
    Err(TestCaseError::fail("game did not end in 50,000 actions"))
}

fn effects_preset(preset: Preset, max_seats: usize) {
    run_games(preset, max_seats, effect_games(), play_checking_effects);
}

#[test]
fn no_two_legal_moves_of_a_yunnori_position_have_the_same_effect() {
    effects_preset(Preset::Yunnori, 4);
}

#[test]
fn no_two_legal_moves_of_a_culin_position_have_the_same_effect() {
    effects_preset(Preset::Culin1895, 4);
}

#[test]
fn no_two_legal_moves_of_a_nyout_position_have_the_same_effect() {
    effects_preset(Preset::NyoutRu, 6);
}
