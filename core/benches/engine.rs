//! Engine speed: legal-move generation, whole random games, and the hard bot's decision
//! (the time players wait), 2 seats × 4 pieces Yunnori.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;
use yut_core::bot::{Bot, Level};
use yut_core::game::{Game, Phase, MAX_HAND};
use yut_core::rules::RuleSet;
use yut_core::sim::random_game;
use yut_core::throw::ThrowRng;
use yut_core::{Setup, TableSpec};

/// Positions met in real play: every position of a few random games where a move is due.
fn sample_positions() -> Vec<Game> {
    let mut out = Vec::new();
    let mut rng = ThrowRng::seeded(42);
    for seed in 0..20 {
        let mut g = Game::new(RuleSet::default(), 2, None, seed % 2).expect("valid table");
        while !g.is_over() {
            if g.phase() == Phase::Move {
                out.push(g.clone());
            }
            yut_core::sim::random_action(&mut g, &mut rng);
        }
    }
    out
}

fn benches(c: &mut Criterion) {
    let positions = sample_positions();
    let mut group = c.benchmark_group("yunnori_2x4");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            let mut n = 0;
            for g in &positions {
                n += black_box(g).legal_moves().len();
            }
            n
        })
    });
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("random_game", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = Game::new(RuleSet::default(), 2, None, 0).expect("valid table");
            let mut rng = ThrowRng::seeded(seed);
            black_box(random_game(&mut g, &mut rng, 100_000))
        })
    });
    // Positions with a real choice, a handful spread over the games.
    let choices: Vec<&Game> = positions
        .iter()
        .filter(|g| g.legal_moves().len() > 1)
        .step_by(7)
        .take(40)
        .collect();
    group.throughput(Throughput::Elements(choices.len() as u64));
    group.sample_size(10);
    let mut hard = Bot::new(Level::Hard, 1);
    group.bench_function("hard_decisions", |b| {
        b.iter(|| {
            for g in &choices {
                black_box(hard.choose(g, Duration::from_secs(10)));
            }
        })
    });
    group.finish();

    // The largest hand the rules allow (`MAX_HAND` results, Culin combining them) with four
    // stacks that may each go two ways: listing its moves is the slowest listing there is.
    let kinds = ["do", "gae", "geol", "yut", "mo"];
    let hand: Vec<&str> = (0..MAX_HAND).map(|i| kinds[i % kinds.len()]).collect();
    let table = TableSpec {
        rules: serde_json::json!({"preset": "culin1895", "back_do": true}),
        seats: 2,
        teams: None,
    };
    let setup: Setup = serde_json::from_value(serde_json::json!({
        "pieces": {"0": ["5", "10", "C", "12"], "1": ["home", "home", "home", "home"]},
        "stacks": [],
        "hand": hand,
    }))
    .expect("a setup");
    let largest = table
        .game(Some(&setup))
        .expect("the largest hand is allowed");
    let mut group = c.benchmark_group("culin_largest_hand");
    group.bench_function("legal_moves", |b| {
        b.iter(|| black_box(&largest).legal_moves().len())
    });
    group.finish();
}

criterion_group!(engine, benches);
criterion_main!(engine);
