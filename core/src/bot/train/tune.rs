//! Tuning the race model (the hand-made evaluation of eval.rs) against the exact solver:
//! the regret of each bot in the 2-piece game, i.e. how much win probability a choice gives
//! away compared with the best move (far less noisy than playing games), and coordinate
//! descent of the race model's weights on the solver's values or on 4-piece outcomes.

use super::{engine, TrainError};
use crate::bot::eval::{Model, Params};
use crate::bot::rule;
use crate::bot::search::Search;
use crate::bot::solver::Solver;
use crate::bot::value::Valuation;
use crate::bot::{Bot, Level, HARD_NODE_BUDGET};
use crate::game::{Game, Phase};
use crate::rules::RuleSet;
use crate::throw::ThrowRng;
use std::io::Write;
use std::time::{Duration, Instant};

struct Sample {
    game: Game,
    /// Value of each legal move for the mover.
    values: Vec<f64>,
}

/// The solver's value of `game` for the side to move.
fn solved(solver: &Solver, game: &Game) -> Result<f64, TrainError> {
    solver
        .value(game)
        .ok_or_else(|| engine("a position the solver did not reach"))
}

fn samples(solver: &Solver, rules: &RuleSet, games: usize) -> Result<Vec<Sample>, TrainError> {
    let mut out = Vec::new();
    varied_games(rules, games, (99, 5, 0.15), |seen| {
        let Seen::Position(game) = seen else {
            return Ok(());
        };
        let moves = game.legal_moves();
        if game.phase() != Phase::Move || moves.len() < 2 {
            return Ok(());
        }
        let me = game.to_move();
        let mut values = Vec::with_capacity(moves.len());
        for m in &moves {
            let mut c = game.clone();
            c.play_legal(m).map_err(engine)?;
            let v = solved(solver, &c)?;
            values.push(if c.to_move() == me { v } else { 1.0 - v });
        }
        let hi = values.iter().cloned().fold(f64::MIN, f64::max);
        let lo = values.iter().cloned().fold(f64::MAX, f64::min);
        if hi - lo > 1e-7 {
            out.push(Sample {
                game: game.clone(),
                values,
            });
        }
        Ok(())
    })?;
    Ok(out)
}

/// What `varied_games` shows: each position before it is acted on, then the finished game.
enum Seen<'a> {
    Position(&'a Game),
    Over(&'a Game),
}

/// Plays `games` games between medium bots that sometimes move at random, so the positions
/// are varied. `seeds` = (throw RNG seed, bot seed, share of random moves).
fn varied_games(
    rules: &RuleSet,
    games: usize,
    seeds: (u64, u64, f64),
    mut see: impl FnMut(Seen) -> Result<(), TrainError>,
) -> Result<(), TrainError> {
    let (rng_seed, bot_seed, random_share) = seeds;
    let mut rng = ThrowRng::seeded(rng_seed);
    let mut bot = Bot::new(Level::Medium, bot_seed);
    for g in 0..games {
        let mut game = Game::new(rules.clone(), 2, None, g % 2).map_err(engine)?;
        while !game.is_over() {
            see(Seen::Position(&game))?;
            if game.phase() == Phase::Throw {
                let (o, _) = game.draw(&mut rng);
                game.throw_outcome(o).map_err(engine)?;
            } else {
                let moves = game.legal_moves();
                let m = if rng.chance(random_share) {
                    moves[rng.below(moves.len())].clone()
                } else {
                    bot.choose_legal(&game, Duration::from_secs(1), None)
                        .ok_or_else(|| engine("the medium bot found no move"))?
                };
                game.play_legal(&m).map_err(engine)?;
            }
        }
        see(Seen::Over(&game))?;
    }
    Ok(())
}

fn regret(samples: &[Sample], pick: &mut dyn FnMut(&Game) -> usize) -> f64 {
    let mut total = 0.0;
    for s in samples {
        let i = pick(&s.game);
        let hi = s.values.iter().cloned().fold(f64::MIN, f64::max);
        total += hi - s.values[i];
    }
    total
}

fn hard_regret(samples: &[Sample], rules: &RuleSet, p: Params, nodes: u64) -> f64 {
    let mut model = Model::new(rules);
    model.params = p;
    // The race model's weights are what is tuned here, not the learned network.
    search_regret(samples, &Valuation::with(model, None), nodes)
}

fn search_regret(samples: &[Sample], model: &Valuation, nodes: u64) -> f64 {
    let far = Instant::now() + Duration::from_secs(3600);
    regret(samples, &mut |g: &Game| {
        let moves = g.legal_moves();
        Search::new(model, g, &[], far, None)
            .run(g, &moves, nodes)
            .index
    })
}

/// Writes each bot's regret per game against the exact solver of the 2-piece game (1,500
/// games of decisions); with `descend`, then a coordinate search of the race model's
/// weights for the hard bot at a cheap budget.
pub fn regret_against_the_solver(descend_too: bool, out: &mut dyn Write) -> Result<(), TrainError> {
    let (rules, solver) = solved_two_pieces()?;
    let games = 1500;
    let s = samples(&solver, &rules, games)?;
    writeln!(out, "{} decision samples from {games} games", s.len())?;
    let per_game = |r: f64| r / games as f64;
    let model = Model::new(&rules);
    let mut rng = ThrowRng::seeded(3);
    let r = regret(&s, &mut |g: &Game| rng.below(g.legal_moves().len()));
    writeln!(out, "random: regret/game {:.5}", per_game(r))?;
    let r = regret(&s, &mut |g: &Game| {
        let mut best = 0;
        let mut bs = f64::MIN;
        for (i, &v) in rule::medium_scores(g, &model, &g.legal_moves())
            .iter()
            .enumerate()
        {
            if v > bs {
                bs = v;
                best = i;
            }
        }
        best
    });
    writeln!(out, "medium: regret/game {:.5}", per_game(r))?;
    let base = Params::default();
    for nodes in [1, 2_500, HARD_NODE_BUDGET] {
        let r = hard_regret(&s, &rules, base, nodes);
        writeln!(out, "hard nodes {nodes}: regret/game {:.5}", per_game(r))?;
        let learned = Valuation::new(&rules);
        if learned.has_net() {
            let r = search_regret(&s, &learned, nodes);
            writeln!(
                out,
                "hard nodes {nodes}, learned network: regret/game {:.5}",
                per_game(r)
            )?;
        }
    }
    if !descend_too {
        return Ok(());
    }
    // Coordinate search at a cheap budget.
    let nodes = 300;
    let weights = [0, 1, 2, 3, 4, 5, 7];
    let (best, best_r) = descend(
        base,
        3,
        &weights,
        &[0.5, 0.75, 1.33, 2.0],
        |_| {},
        |p| hard_regret(&s, &rules, p, nodes),
        |round, p, r, end| {
            if end {
                return Ok(());
            }
            writeln!(out, "round {round}: {p:?} regret/game {:.5}", per_game(r))
        },
    )?;
    writeln!(out, "best {:?} regret/game {:.5}", best, per_game(best_r))?;
    Ok(())
}

/// Positions waiting for a throw, with the solver's value for the side to throw.
fn throw_states(
    solver: &Solver,
    rules: &RuleSet,
    games: usize,
) -> Result<Vec<(Game, f64)>, TrainError> {
    let mut out = Vec::new();
    varied_games(rules, games, (7, 5, 0.15), |seen| {
        if let Seen::Position(game) = seen {
            if game.phase() == Phase::Throw {
                out.push((game.clone(), solved(solver, game)?));
            }
        }
        Ok(())
    })?;
    Ok(out)
}

/// The 2-piece Yunnori game and its exact solution, what the harnesses measure against.
fn solved_two_pieces() -> Result<(RuleSet, Solver), TrainError> {
    let rules = RuleSet {
        pieces_per_player: 2,
        ..RuleSet::default()
    };
    let solver = Solver::solve(&rules, 2).map_err(engine)?;
    Ok((rules, solver))
}

/// Mean squared error of the race model (the hand-made evaluation these harnesses tune; the
/// learned networks are trained in `train.rs`).
fn mse(states: &[(Game, f64)], model: &Model) -> f64 {
    let mut e = 0.0;
    for (g, v) in states {
        let side = g.side_of(g.to_move());
        let d = model.race_probability(g, side, 0) - v;
        e += d * d;
    }
    e / states.len() as f64
}

/// Fits the race model's weights to the solver's values of the 2-piece game (least squares
/// over the positions of 3,000 games), writing each round's error.
pub fn fit_eval_to_solver(out: &mut dyn Write) -> Result<(), TrainError> {
    let (rules, solver) = solved_two_pieces()?;
    let states = throw_states(&solver, &rules, 3000)?;
    coordinate_descent(&rules, &states, |_| {}, out)
}

/// Writes 30 of the positions where the race model is furthest from the solver's value.
pub fn worst_eval_errors(out: &mut dyn Write) -> Result<(), TrainError> {
    let (rules, solver) = solved_two_pieces()?;
    let states = throw_states(&solver, &rules, 300)?;
    let model = Model::new(&rules);
    let mut rows: Vec<(f64, f64, &Game, f64)> = states
        .iter()
        .map(|(g, v)| {
            let e = model.race_probability(g, g.side_of(g.to_move()), 0);
            ((e - v).abs(), e, g, *v)
        })
        .collect();
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (_, e, g, v) in rows.iter().step_by(7).take(30) {
        let me = g.to_move();
        writeln!(
            out,
            "eval {e:.3} true {v:.3}  me {:?} them {:?} hand {:?} owed {}",
            g.pieces_of(me)
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>(),
            g.pieces_of(1 - me)
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>(),
            g.hand().iter().map(|h| h.throw.id()).collect::<Vec<_>>(),
            g.owed()
        )?;
    }
    Ok(())
}

/// Positions waiting for a throw in 4-piece games between medium bots (with some random
/// moves), labelled with whether the side to throw went on to win.
fn outcome_states(
    rules: &RuleSet,
    games: usize,
    every: usize,
) -> Result<Vec<(Game, f64)>, TrainError> {
    let mut out = Vec::new();
    let mut mine: Vec<(Game, usize)> = Vec::new();
    let mut k = 0;
    varied_games(rules, games, (21, 9, 0.1), |seen| {
        match seen {
            Seen::Position(game) if game.phase() == Phase::Throw => {
                k += 1;
                if k % every == 0 {
                    mine.push((game.clone(), game.side_of(game.to_move())));
                }
            }
            Seen::Position(_) => {}
            Seen::Over(game) => {
                let w = game.winner();
                for (s, side) in mine.drain(..) {
                    out.push((s, if w == Some(side) { 1.0 } else { 0.0 }));
                }
                k = 0;
            }
        }
        Ok(())
    })?;
    Ok(out)
}

/// Fits the race model's weights to who went on to win from the positions of 12,000
/// 4-piece games (the weights 2-piece games cannot show), writing each round's error.
pub fn fit_eval_to_four_piece_outcomes(out: &mut dyn Write) -> Result<(), TrainError> {
    let rules = RuleSet::default();
    let states = outcome_states(&rules, 12000, 3)?;
    coordinate_descent(
        &rules,
        &states,
        |p| {
            p.bonus = p.bonus.max(0.02);
            p.base_var = p.base_var.max(0.01);
        },
        out,
    )
}

/// Coordinate descent on the evaluation weights against `states`' target values, printing
/// the error after each round; `clamp` keeps weights in their useful range.
fn coordinate_descent(
    rules: &RuleSet,
    states: &[(Game, f64)],
    clamp: impl Fn(&mut Params),
    out: &mut dyn Write,
) -> Result<(), TrainError> {
    let mut model = Model::new(rules);
    let start = model.params;
    writeln!(
        out,
        "{} states, start mse {:.6} {:?}",
        states.len(),
        mse(states, &model),
        start
    )?;
    descend(
        start,
        4,
        &[0, 1, 2, 3, 4, 5, 6, 7],
        &[0.5, 0.8, 0.95, 1.05, 1.25, 2.0],
        clamp,
        |p| {
            model.params = p;
            mse(states, &model)
        },
        |round, p, e, end| {
            if !end {
                return Ok(());
            }
            writeln!(out, "round {round}: mse {e:.6} {p:?}")
        },
    )?;
    Ok(())
}

/// The race model's weights with weight `k` scaled by `f` (0 var, 1 tempo, 2 back_do_hand,
/// 3 threat, 4 bonus, 5 base_var, 6 exposure, 7 scale).
fn scaled(mut p: Params, k: usize, f: f64) -> Params {
    match k {
        0 => p.var *= f,
        1 => p.tempo *= f,
        2 => p.back_do_hand *= f,
        3 => p.threat *= f,
        4 => p.bonus *= f,
        5 => p.base_var *= f,
        6 => p.exposure = (p.exposure * f).max(0.01),
        _ => p.scale *= f,
    }
    p
}

/// Coordinate descent: each round tries every weight of `weights` scaled by every factor,
/// keeping a change when `cost` falls. `report(round, best, cost, end_of_round)` is told of
/// each improvement and of each round's end.
fn descend(
    start: Params,
    rounds: usize,
    weights: &[usize],
    factors: &[f64],
    clamp: impl Fn(&mut Params),
    mut cost: impl FnMut(Params) -> f64,
    mut report: impl FnMut(usize, Params, f64, bool) -> std::io::Result<()>,
) -> Result<(Params, f64), TrainError> {
    let mut best = start;
    let mut best_cost = cost(best);
    for round in 0..rounds {
        for &k in weights {
            for &f in factors {
                let mut p = scaled(best, k, f);
                clamp(&mut p);
                let c = cost(p);
                if c < best_cost {
                    best_cost = c;
                    best = p;
                    report(round, best, c, false)?;
                }
            }
        }
        report(round, best, best_cost, true)?;
    }
    Ok((best, best_cost))
}
