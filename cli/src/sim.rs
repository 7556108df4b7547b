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

pub const USAGE: &str = "usage: yut sim --a LEVEL --b LEVEL --games N [--seed S] [--preset P] \
[--seats S] [--pieces K] [--budget-ms MS] [--nodes N] [--ceiling] [--max-states N] [--blind] [--json]
  LEVEL: random, easy, medium, hard, optimal (optimal: 2 seats, small games only)
  bots are told which level sits at each seat, as in the apps; --blind keeps it from them
    (hard then expects every rival's best play)
  --ceiling: also solve the game against b (random or medium; 2 seats, small games only)
    and print the most any player can win against it, and what optimal play wins
  --max-states: the solver's limit (default 12000000; 2 pieces need 434037 states,
    3 pieces 61053821, which took 21 GB of memory and 72 minutes against random:
    yut sim --a hard --b random --pieces 3 --games 2000 --ceiling --max-states 62000000)
  games alternate who starts; with more than 2 seats, seats alternate a/b (a = even seats)
  decision times count decisions with a choice (two or more legal moves)";

/// Most actions one game may take before it is counted unfinished (a safety net only).
const ACTION_LIMIT: usize = 200_000;

struct Options {
    a: String,
    b: String,
    games: usize,
    seed: u64,
    preset: Preset,
    seats: usize,
    pieces: u8,
    budget: Duration,
    nodes: Option<u64>,
    ceiling: bool,
    max_states: usize,
    blind: bool,
    json: bool,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        a: String::new(),
        b: String::new(),
        games: 0,
        seed: 1,
        preset: Preset::Yunnori,
        seats: 2,
        pieces: 4,
        budget: Duration::from_millis(200),
        nodes: None,
        ceiling: false,
        max_states: MAX_STATES,
        blind: false,
        json: false,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if matches!(flag.as_str(), "--json" | "--ceiling" | "--blind") {
            o.json |= flag == "--json";
            o.ceiling |= flag == "--ceiling";
            o.blind |= flag == "--blind";
            continue;
        }
        let value = it
            .next()
            .ok_or_else(|| format!("{flag} needs a value"))?
            .as_str();
        let num = |what: &str| -> Result<u64, String> {
            value
                .parse::<u64>()
                .map_err(|_| format!("{what}: {value:?} is not a whole number"))
        };
        match flag.as_str() {
            "--a" => o.a = value.to_string(),
            "--b" => o.b = value.to_string(),
            "--games" => o.games = num("--games")? as usize,
            "--seed" => o.seed = num("--seed")?,
            "--seats" => o.seats = num("--seats")? as usize,
            "--pieces" => {
                o.pieces = u8::try_from(num("--pieces")?).map_err(|_| "--pieces: too large")?
            }
            "--budget-ms" => o.budget = Duration::from_millis(num("--budget-ms")?),
            "--nodes" => o.nodes = Some(num("--nodes")?),
            "--max-states" => {
                o.max_states =
                    usize::try_from(num("--max-states")?).map_err(|_| "--max-states: too large")?
            }
            "--preset" => {
                o.preset = Preset::ALL
                    .into_iter()
                    .find(|p| p.id() == value)
                    .ok_or_else(|| format!("unknown preset {value:?}"))?
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if o.a.is_empty() || o.b.is_empty() || o.games == 0 {
        return Err("--a, --b and --games (at least 1) are required".into());
    }
    Ok(o)
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

pub fn main(args: &[String]) -> ExitCode {
    let o = match parse(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("yut sim: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
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
                        Player::Bot(b) => b.choose(&game, o.budget),
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
