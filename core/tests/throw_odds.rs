//! The throw sampler matches the odds of RULES.md §3: chi-square over 1,000,000 throws for
//! fair sticks and for p = 0.6, with Back-Do on and off.

use yut_core::game::Game;
use yut_core::rules::RuleSet;
use yut_core::throw::{odds, Outcome, Throw, ThrowRng};

fn chi_square(p: f64, back_do: bool, seed: u64) -> (f64, usize) {
    let rules = RuleSet {
        back_do,
        stick_flat_probability: p,
        ..RuleSet::default()
    };
    let game = Game::new(rules, 2, None, 0).expect("valid table");
    let mut rng = ThrowRng::seeded(seed);
    let n = 1_000_000;
    let mut counts = [0u64; 6];
    for _ in 0..n {
        match game.draw(&mut rng).0 {
            Outcome::Result(t) => counts[Throw::ALL.iter().position(|x| *x == t).unwrap()] += 1,
            Outcome::Nak => panic!("nak is off"),
        }
    }
    let mut chi = 0.0;
    let mut cells = 0;
    for (i, (t, prob)) in odds(p, back_do).iter().enumerate() {
        assert_eq!(*t, Throw::ALL[i]);
        if *prob == 0.0 {
            assert_eq!(counts[i], 0, "{t} drawn though impossible");
            continue;
        }
        let expected = prob * n as f64;
        chi += (counts[i] as f64 - expected).powi(2) / expected;
        cells += 1;
    }
    (chi, cells - 1)
}

/// Chi-square critical values at the 0.1% level.
fn critical(df: usize) -> f64 {
    match df {
        4 => 18.47,
        5 => 20.52,
        _ => panic!("unexpected df {df}"),
    }
}

#[test]
fn fair_sticks_with_back_do_match_the_sixteenths() {
    let (chi, df) = chi_square(0.5, true, 1);
    assert_eq!(df, 5);
    assert!(chi < critical(df), "chi-square {chi:.2} with {df} df");
}

#[test]
fn fair_sticks_without_back_do_match() {
    let (chi, df) = chi_square(0.5, false, 2);
    assert_eq!(df, 4);
    assert!(chi < critical(df), "chi-square {chi:.2} with {df} df");
}

#[test]
fn biased_sticks_with_back_do_follow_the_binomial() {
    let (chi, df) = chi_square(0.6, true, 3);
    assert!(chi < critical(df), "chi-square {chi:.2} with {df} df");
}

#[test]
fn biased_sticks_without_back_do_follow_the_binomial() {
    let (chi, df) = chi_square(0.6, false, 4);
    assert!(chi < critical(df), "chi-square {chi:.2} with {df} df");
}

#[test]
fn the_test_would_catch_fair_odds_claimed_for_biased_sticks() {
    // Guard against a test that cannot fail: p = 0.6 draws judged against p = 0.5 odds.
    let rules = RuleSet {
        stick_flat_probability: 0.6,
        ..RuleSet::default()
    };
    let game = Game::new(rules, 2, None, 0).unwrap();
    let mut rng = ThrowRng::seeded(5);
    let n = 200_000;
    let mut counts = [0u64; 6];
    for _ in 0..n {
        if let Outcome::Result(t) = game.draw(&mut rng).0 {
            counts[Throw::ALL.iter().position(|x| *x == t).unwrap()] += 1;
        }
    }
    let chi: f64 = odds(0.5, true)
        .iter()
        .zip(counts)
        .map(|((_, p), c)| (c as f64 - p * n as f64).powi(2) / (p * n as f64))
        .sum();
    assert!(chi > critical(5) * 10.0);
}

#[test]
fn nak_voids_about_one_throw_in_twenty() {
    let rules = RuleSet {
        nak: true,
        ..RuleSet::default()
    };
    let game = Game::new(rules, 2, None, 0).unwrap();
    let mut rng = ThrowRng::seeded(6);
    let n = 200_000;
    let naks = (0..n)
        .filter(|_| game.draw(&mut rng).0 == Outcome::Nak)
        .count() as f64;
    let expected = n as f64 / 20.0;
    let sd = (n as f64 * 0.05 * 0.95).sqrt();
    assert!((naks - expected).abs() < 4.0 * sd, "{naks} naks");
}
