//! The pure-Rust side of the bindings benchmark: bot-vs-bot games played on the core
//! directly (Session + Bot), the same games `tests/kotlin/BotBench.kt` plays through the
//! Kotlin bindings (same seeds, same bot seeds, so the same moves).
//!
//!   cargo run -p yut-ffi --example bot_game -- [LEVEL [GAMES [SEED]]]
//!
//! LEVEL: easy, medium or hard (default hard); GAMES (default 20); SEED of the first game
//! (default 1; game k uses SEED + k). Prints one `rust:` line with the totals.

use std::time::{Duration, Instant};
use yut_core::bot::{Bot, Level};
use yut_core::game::Phase;
use yut_core::rules::RuleSet;
use yut_core::session::{BotLevel, NewSession, Player, Seat, Session, SessionOptions};

/// The seed the bindings give the bot of a seat (bindings/src/session.rs).
fn bot_seed(game_seed: u64, seat: usize) -> u64 {
    game_seed ^ (seat as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

fn play(level: BotLevel, seed: u64) -> Result<usize, String> {
    let bot = Player::Bot { level };
    let seat = |name: &str, colour: &str| Seat {
        name: name.into(),
        colour: colour.into(),
        player: bot,
    };
    let mut session = Session::new(NewSession {
        rules: RuleSet::default(),
        seats: vec![seat("Haneul", "#D64545"), seat("Bada", "#2E6FD8")],
        teams: None,
        seed,
        options: SessionOptions { undo: true },
    })
    .map_err(|e| e.to_string())?;
    // As the bindings make them: told who sits where.
    let levels = session.seat_levels();
    let mut bots: Vec<Bot> = (0..2)
        .map(|s| Bot::new(Level::from(level), bot_seed(seed, s)).with_seat_levels(&levels))
        .collect();
    let mut actions = 0;
    loop {
        match session.game().phase() {
            Phase::Over => return Ok(actions),
            Phase::Throw => {
                session.throw().map_err(|e| e.to_string())?;
            }
            Phase::Move => {
                let seat = session.to_move();
                let chosen = bots[seat]
                    .choose_legal(session.game(), Duration::from_secs(10), None)
                    .ok_or("the bot found no move")?;
                session.play(&chosen.mv).map_err(|e| e.to_string())?;
            }
        }
        actions += 1;
    }
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level = match args.first().map(String::as_str).unwrap_or("hard") {
        "easy" => BotLevel::Easy,
        "medium" => BotLevel::Medium,
        "hard" => BotLevel::Hard,
        other => return Err(format!("unknown level {other:?} (easy, medium, hard)")),
    };
    let parse = |i: usize, default: u64| -> Result<u64, String> {
        args.get(i).map_or(Ok(default), |s| {
            s.parse().map_err(|e| format!("{s:?}: {e}"))
        })
    };
    let games = parse(1, 20)?;
    let first = parse(2, 1)?;
    let started = Instant::now();
    let mut actions = 0;
    for k in 0..games {
        actions += play(level, first + k)?;
    }
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    println!(
        "rust: {games} games, {actions} actions, {ms:.1} ms, {:.3} ms per game",
        ms / games.max(1) as f64
    );
    Ok(())
}
