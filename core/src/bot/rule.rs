//! The easy and medium bots: one-move scoring with hand-written rules, no lookahead.
//!
//! Medium plays the way a sound casual player does (capture when it can, do not stop where
//! the rival's likely throws reach, take shortcuts, stack near home, keep a waiting piece
//! as a threat); easy only leans towards captures and progress and often just plays
//! anything, so its mistakes are visible.

use super::eval::Model;
use crate::board::{Spot, STATION_COUNT};
use crate::game::{Game, LegalMove};
use crate::throw::{Throw, ThrowRng};

/// Chance per station that some opposing stack (or a piece entering) lands there with one
/// result of the next throw.
fn danger_map(game: &Game, model: &Model, side: usize) -> [f64; STATION_COUNT] {
    let mut danger = [0.0f64; STATION_COUNT];
    let mut buf = Vec::with_capacity(2);
    for other in 0..game.sides().len() {
        if other == side || game.places().contains(&(other as u8)) {
            continue;
        }
        let on_board = game.stacks().iter().any(|s| s.side as usize == other);
        let has_home = game.sides()[other]
            .iter()
            .any(|s| game.home(*s as usize) > 0);
        let mut reach = [0.0f64; STATION_COUNT];
        for &(t, p) in &model.result_odds {
            let mut hit = [false; STATION_COUNT];
            if has_home && (t != Throw::BackDo || !on_board) {
                model.landings(None, t, &mut buf);
                for s in &buf {
                    hit[s.index()] = true;
                }
            }
            for st in game.stacks().iter().filter(|s| s.side as usize == other) {
                model.landings(Some(st), t, &mut buf);
                for s in &buf {
                    hit[s.index()] = true;
                }
            }
            for (r, h) in reach.iter_mut().zip(hit) {
                if h {
                    *r += p;
                }
            }
        }
        for (d, r) in danger.iter_mut().zip(reach) {
            *d = 1.0 - (1.0 - *d) * (1.0 - r.min(1.0));
        }
    }
    danger
}

/// The medium bot adds noise of up to this much to every score to break ties per seed, so
/// moves scored this close to the best are its coin flips.
pub(crate) const TIE_NOISE: f64 = 1e-6;

/// The indices of `scores` the medium bot may play: those within its tie noise of the best
/// (the search that expects the bot shares its value out among them).
pub(crate) fn medium_candidates(scores: &[f64]) -> impl Iterator<Item = usize> + '_ {
    let top = scores.iter().copied().fold(f64::MIN, f64::max);
    scores
        .iter()
        .enumerate()
        .filter(move |(_, s)| **s >= top - TIE_NOISE)
        .map(|(i, _)| i)
}

/// Medium's score of each of `moves` (legal moves of `game`), for the side to move: what
/// the medium bot, the search that expects it and the tuning harness all rank by.
pub(crate) fn medium_scores(game: &Game, model: &Model, moves: &[LegalMove]) -> Vec<f64> {
    let danger = danger_map(game, model, game.side_of(game.to_move()));
    moves
        .iter()
        .map(|lm| medium_score(game, model, &danger, lm))
        .collect()
}

/// Medium's score of one move (higher is better).
fn medium_score(game: &Game, model: &Model, danger: &[f64; STATION_COUNT], lm: &LegalMove) -> f64 {
    let seat = game.to_move();
    let side = game.side_of(seat);
    let pieces = lm.mv.pieces as f64;
    let mut score = 0.0;
    // Progress, in steps saved over all pieces: a shortcut shows up as the steps it cuts,
    // Back-Do as a step lost.
    let mut after = game.clone();
    let before = side_steps(game, side);
    if after.play_own(lm).is_ok() {
        score += 0.7 * (before - side_steps(&after, side));
    }
    if lm.captures > 0 {
        score += 12.0 + 3.0 * lm.captures as f64;
    }
    if lm.to == Spot::Done {
        score += 2.0 * pieces;
    }
    let from_danger = match lm.mv.from {
        Spot::At(s) => danger[s.index()],
        _ => 0.0,
    };
    if let Spot::At(s) = lm.to {
        let d = danger[s.index()];
        let joined = if lm.mv.stack == Some(true) {
            own_pieces_at(game, side, s) as f64
        } else {
            0.0
        };
        score -= 10.0 * d * (pieces + joined);
        if lm.mv.stack == Some(true) {
            // Stacking near home saves results for the long way round; far on, it only
            // raises the stake.
            let steps = model
                .map
                .steps_to_done(lm.mv.route, station_index(game, lm));
            score += if steps >= 12 { 2.0 } else { 0.3 };
        } else if lm.mv.stack == Some(false) {
            score += 0.2;
        }
        if s.is_corner_or_center() {
            score += 1.0;
        }
    }
    // Running away from a threat is worth what the threat was.
    score += 6.0 * from_danger * pieces;
    // Keep the last waiting piece as a threat on the first stations.
    if lm.mv.from == Spot::Home && lm.captures == 0 {
        let side_home: u32 = game.sides()[side]
            .iter()
            .map(|s| game.home(*s as usize) as u32)
            .sum();
        if side_home == 1 && game.stacks().iter().any(|s| s.side as usize == side) {
            score -= 1.5;
        }
    }
    score
}

fn own_pieces_at(game: &Game, side: usize, s: crate::board::Station) -> u8 {
    game.stacks()
        .iter()
        .filter(|st| st.side as usize == side && game.station_of(st) == s)
        .map(|st| st.size())
        .sum()
}

fn station_index(game: &Game, lm: &LegalMove) -> u8 {
    match lm.to {
        Spot::At(s) => game.route_map().index_of(lm.mv.route, s).unwrap_or(0),
        _ => 0,
    }
}

/// Steps every piece of a side still has to go, each along the shorter way it may take.
fn side_steps(game: &Game, side: usize) -> f64 {
    let map = game.route_map();
    let mut n = 0.0;
    for st in game.stacks().iter().filter(|s| s.side as usize == side) {
        let mut steps = map.steps_to_done(st.route, st.index);
        if let Some(r) = st.turn {
            steps = steps.min(map.steps_to_done(r, st.index));
        }
        n += steps as f64 * st.size() as f64;
    }
    let from_home = map.steps_to_done(crate::route::RouteId::Outer, 0) as f64 + 1.0;
    for seat in &game.sides()[side] {
        n += game.home(*seat as usize) as f64 * from_home;
    }
    n
}

/// Easy's pick: a third of the time any legal move, otherwise a light preference for
/// captures, finishing and distance, blurred by noise.
pub(crate) fn easy_pick(moves: &[LegalMove], rng: &mut ThrowRng) -> usize {
    if moves.len() <= 1 || rng.chance(0.35) {
        return rng.below(moves.len());
    }
    let mut best = 0;
    let mut best_score = f64::MIN;
    for (i, lm) in moves.iter().enumerate() {
        let steps: i32 = lm.mv.uses.iter().map(|t| t.steps() as i32).sum();
        let mut s = 0.3 * steps as f64 + 4.0 * rng.unit();
        if lm.captures > 0 {
            s += 5.0;
        }
        if lm.to == Spot::Done {
            s += 3.0;
        }
        if s > best_score {
            best_score = s;
            best = i;
        }
    }
    best
}
