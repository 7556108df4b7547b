//! `yut sim`: bot against bot, many games, win rate with a 95% interval, game length and
//! decision times. This is the bots' benchmark: build with `--release`.

use serde_json::json;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use yut_core::bot::solver::{Rival, Solver, Versus, MAX_STATES};
use yut_core::bot::{Bot, Level};
use yut_core::game::{Event, Game, Phase};
use yut_core::rules::{Preset, RuleSet};
use yut_core::throw::ThrowRng;

/// Notes below `yut sim --help`'s options.
const NOTES: &str = "\
Bots are told which level sits at each seat, as in the apps; --blind keeps it from them \
(hard then expects every rival's best play).
--max-states: 2 pieces need 434037 states, 3 pieces 61053821, which took 21 GB of memory \
and 72 minutes against random:
  yut sim --a hard --b random --pieces 3 --games 2000 --ceiling --max-states 62000000
Games alternate who starts; with more than 2 seats, seats alternate a/b (a = even seats).
Decision times count decisions with a choice (two or more legal moves).";

/// Most actions one game may take before it is counted unfinished (a safety net only).
const ACTION_LIMIT: usize = 200_000;

/// Bot against bot, alternating who starts: wins with a 95% interval, mean turns and
/// decision times (build with --release)
#[derive(Debug, clap::Args)]
#[command(after_help = NOTES)]
pub struct Options {
    /// The first side's player (optimal: the exact solver, 2 seats, small games only)
    #[arg(long, value_name = "L", value_parser = PLAYERS)]
    a: String,
    /// The second side's player
    #[arg(long, value_name = "L", value_parser = PLAYERS)]
    b: String,
    /// Games to play
    #[arg(long, value_name = "N", value_parser = crate::args::at_least_one::<usize>)]
    games: usize,
    /// Seed of the first game (each game reseeds the bots)
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Rule preset
    #[arg(long, value_name = "P", default_value = "yunnori", value_parser = crate::args::preset())]
    preset: Preset,
    /// Seats at the table
    #[arg(long, value_name = "S", default_value_t = 2)]
    seats: usize,
    /// Pieces per seat
    #[arg(long, value_name = "K", default_value_t = 4)]
    pieces: u8,
    /// Time budget of the hard bot's decision, in milliseconds
    #[arg(long = "budget-ms", value_name = "MS", default_value_t = 200)]
    budget_ms: u64,
    /// Node budget of the hard bot's search (default: its own)
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Also solve the game against b (random or medium; 2 seats, small games only) and
    /// print the most any player can win against it, and what optimal play wins
    #[arg(long)]
    ceiling: bool,
    /// The solver's limit of states
    #[arg(long, value_name = "N", default_value_t = MAX_STATES)]
    max_states: usize,
    /// Keep from the bots which level sits at each seat
    #[arg(long)]
    blind: bool,
    /// One JSON object instead of lines
    #[arg(long)]
    json: bool,
}

/// What `--a` and `--b` take: a bot level, or the exact solver.
const PLAYERS: [&str; 5] = ["random", "easy", "medium", "hard", "optimal"];

impl Options {
    fn budget(&self) -> Duration {
        Duration::from_millis(self.budget_ms)
    }
}

/// One side's player: a bot level, or the exact solver's policy.
enum Player {
    Bot(Bot),
    Optimal(std::rc::Rc<Solver>),
}

fn player(
    name: &str,
    seed: u64,
    nodes: Option<u64>,
    rules: &RuleSet,
    o: &Options,
    solved: &mut Option<std::rc::Rc<Solver>>,
) -> Result<Player, String> {
    if name == "optimal" {
        if solved.is_none() {
            if !o.json {
                eprintln!("solving the game exactly (this may take a while)…");
            }
            let s = Solver::solve_with_limit(rules, o.seats, o.max_states)
                .map_err(|e| e.to_string())?;
            if !o.json {
                eprintln!(
                    "solved: {} states, {} sweeps, V(start) = {:.6}",
                    s.state_count(),
                    s.sweeps(),
                    s.start_value()
                );
            }
            *solved = Some(std::rc::Rc::new(s));
        }
        return Ok(Player::Optimal(solved.clone().ok_or("solver missing")?));
    }
    let level: Level = name
        .parse()
        .map_err(|e: yut_core::bot::UnknownLevel| format!("{e}, or optimal"))?;
    let mut bot = Bot::new(level, seed);
    if let Some(n) = nodes {
        bot = bot.with_node_budget(n);
    }
    if !o.blind {
        let seats: Vec<Option<Level>> = (0..o.seats)
            .map(|s| if s % 2 == 0 { &o.a } else { &o.b }.parse().ok())
            .collect();
        bot = bot.with_seat_levels(&seats);
    }
    Ok(Player::Bot(bot))
}

/// The solved game against `b`: what the best response and the optimal policy win.
fn ceiling_against(b: &str, rules: &RuleSet, o: &Options) -> Result<Versus, String> {
    let rival = match b.parse::<Level>() {
        Ok(Level::Random) => Rival::Random,
        // Medium is a fixed policy up to its tie-breaks, so one seed stands for all.
        Ok(Level::Medium) => Rival::Bot(Bot::new(Level::Medium, o.seed ^ 0xb)),
        _ => {
            return Err(format!(
                "--ceiling solves against random or medium, not {b} (easy's mistakes are \
                 drawn anew every game; hard would take hours)"
            ))
        }
    };
    if o.seats != 2 {
        return Err("--ceiling needs 2 seats".into());
    }
    if !o.json {
        eprintln!("solving the game against {b} (this may take a while)…");
    }
    Solver::versus_with_limit(rules, rival, o.max_states)
        .map(|(_, versus)| versus)
        .map_err(|e| e.to_string())
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let k = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[k.min(sorted.len() - 1)]
}

/// Wilson score interval, which behaves near 0% and 100% where the normal one does not.
fn wilson(wins: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96;
    let n = n as f64;
    let p = wins as f64 / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    ((c - h).max(0.0), (c + h).min(1.0))
}

pub fn main(o: Options) -> ExitCode {
    match run(&o) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("yut sim: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(o: &Options) -> Result<(), String> {
    let mut rules = RuleSet::preset(o.preset);
    rules.pieces_per_player = o.pieces;
    rules.validate().map_err(|e| e.to_string())?;
    // Checks the seat count before any game starts.
    Game::new(rules.clone(), o.seats, None, 0).map_err(|e| e.to_string())?;
    let ceiling = if o.ceiling {
        Some(ceiling_against(&o.b, &rules, o)?)
    } else {
        None
    };
    let mut solved = None;
    let mut pa = player(&o.a, o.seed ^ 0xa, o.nodes, &rules, o, &mut solved)?;
    let mut pb = player(&o.b, o.seed ^ 0xb, o.nodes, &rules, o, &mut solved)?;
    let (mut wins_a, mut wins_b, mut unfinished) = (0usize, 0usize, 0usize);
    // Wins of the side that threw first: with two optimal players, compare with V(start).
    let mut wins_first = 0usize;
    let mut turns_total = 0usize;
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    for g in 0..o.games {
        let first = g % o.seats;
        // New seeds every game (see `Bot::reseed`), the same for the same --seed.
        let spread = (g as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for (p, salt) in [(&mut pa, 0xa), (&mut pb, 0xb)] {
            if let Player::Bot(b) = p {
                b.reseed((o.seed ^ salt).wrapping_add(spread));
            }
        }
        let mut game = Game::new(rules.clone(), o.seats, None, first).map_err(|e| e.to_string())?;
        let mut rng = ThrowRng::seeded(o.seed.wrapping_mul(1_000_003).wrapping_add(g as u64));
        let mut turns = 1usize;
        let mut actions = 0usize;
        while !game.is_over() && actions < ACTION_LIMIT {
            actions += 1;
            let events = match game.phase() {
                Phase::Over => break,
                Phase::Throw => {
                    let (outcome, _) = game.draw(&mut rng);
                    game.throw_outcome(outcome).map_err(|e| e.to_string())?
                }
                Phase::Move => {
                    let side = game.to_move() % 2;
                    let choice = game.legal_moves().len() > 1;
                    let p = if side == 0 { &mut pa } else { &mut pb };
                    let t = Instant::now();
                    let mv = match p {
                        Player::Bot(b) => b.choose(&game, o.budget()),
                        Player::Optimal(s) => s.best_move(&game).map(|l| l.mv),
                    };
                    let ms = t.elapsed().as_secs_f64() * 1e3;
                    if choice {
                        times[side].push(ms);
                    }
                    let mv = mv.ok_or("a bot returned no move in the move phase")?;
                    game.play(&mv)
                        .map_err(|e| format!("a bot chose an illegal move: {e}"))?
                }
            };
            turns += events
                .iter()
                .filter(|e| matches!(e, Event::TurnPassed { .. }))
                .count();
        }
        turns_total += turns;
        if game.winner() == Some(game.side_of(first)) {
            wins_first += 1;
        }
        match game.winner() {
            Some(side) if side % 2 == 0 => wins_a += 1,
            Some(_) => wins_b += 1,
            None => unfinished += 1,
        }
    }
    for t in &mut times {
        t.sort_by(f64::total_cmp);
    }
    let (lo, hi) = wilson(wins_a, o.games);
    let rate_a = wins_a as f64 / o.games as f64;
    let mean_turns = turns_total as f64 / o.games as f64;
    if o.json {
        let out = json!({
            "a": o.a, "b": o.b, "games": o.games, "seed": o.seed, "preset": o.preset.id(),
            "seats": o.seats, "pieces": o.pieces, "blind": o.blind,
            "wins_a": wins_a, "wins_b": wins_b, "unfinished": unfinished,
            "wins_first_mover": wins_first,
            "win_rate_a": rate_a, "ci95_low_a": lo, "ci95_high_a": hi,
            "mean_turns": mean_turns,
            "decision_ms_median_a": percentile(&times[0], 0.5),
            "decision_ms_p99_a": percentile(&times[0], 0.99),
            "decision_ms_median_b": percentile(&times[1], 0.5),
            "decision_ms_p99_b": percentile(&times[1], 0.99),
            "decisions_a": times[0].len(), "decisions_b": times[1].len(),
            "ceiling_best_response_a": ceiling.map(|c| c.best_response),
            "ceiling_optimal_a": ceiling.map(|c| c.optimal),
        });
        println!("{out}");
    } else {
        println!(
            "{} vs {}: {} games, preset {}, {} seats, {} pieces, seed {}{}",
            o.a,
            o.b,
            o.games,
            o.preset.id(),
            o.seats,
            o.pieces,
            o.seed,
            if o.blind { ", blind" } else { "" }
        );
        println!(
            "  a ({}) wins {wins_a} ({:.2}%, 95% CI {:.2}–{:.2}%)",
            o.a,
            100.0 * rate_a,
            100.0 * lo,
            100.0 * hi
        );
        println!(
            "  b ({}) wins {wins_b} ({:.2}%)",
            o.b,
            100.0 * wins_b as f64 / o.games as f64
        );
        if unfinished > 0 {
            println!("  unfinished {unfinished}");
        }
        if let Some(c) = ceiling {
            println!(
                "  exact ceiling against {}: best response {:.2}%, optimal policy {:.2}%",
                o.b,
                100.0 * c.best_response,
                100.0 * c.optimal
            );
        }
        let (flo, fhi) = wilson(wins_first, o.games);
        println!(
            "  first mover wins {wins_first} ({:.2}%, 95% CI {:.2}–{:.2}%)",
            100.0 * wins_first as f64 / o.games as f64,
            100.0 * flo,
            100.0 * fhi
        );
        println!("  mean turns {mean_turns:.1}");
        for (k, name) in [(0, &o.a), (1, &o.b)] {
            println!(
                "  decision ms {} ({}): median {:.3}, p99 {:.3} over {} decisions",
                if k == 0 { "a" } else { "b" },
                name,
                percentile(&times[k], 0.5),
                percentile(&times[k], 0.99),
                times[k].len()
            );
        }
    }
    Ok(())
}
