//! The hard bot's search: expectimax over the engine itself, with chance nodes weighted by
//! the throw odds of the rule set in play.
//!
//! Why the engine and not a private copy of the rules: every preset and house rule (hands of
//! several results, combined results, optional stacking and turns, prize throws, teams) is
//! then searched exactly as it will be played. Depth counts throws (chance nodes); the moves
//! between two throws are searched in full, with a transposition table so that orders of
//! the same moves are searched once. Iterative deepening under a node budget keeps the
//! choice deterministic; the time budget and the stop flag only cut a search short.

use super::eval::Model;
use super::state_hash;
use crate::game::{Game, LegalMove, Phase};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Deepest search tried (in throws); reached only in tiny positions.
const MAX_DEPTH: u32 = 8;

/// Throw outcomes less likely than this are searched one throw shallower.
const RARE: f64 = 0.1;

pub(crate) struct Search<'a> {
    model: &'a Model,
    me: usize,
    placed0: usize,
    nodes: u64,
    limit: u64,
    deadline: Instant,
    /// Depth 0 always completes, so there is always an answer.
    interruptible: bool,
    stop: Option<&'a AtomicBool>,
    aborted: bool,
    tt: HashMap<u64, (u32, f64)>,
}

/// What a search found: the index of the chosen move and its value.
pub(crate) struct Found {
    pub index: usize,
    pub value: f64,
}

impl<'a> Search<'a> {
    pub(crate) fn new(
        model: &'a Model,
        game: &Game,
        deadline: Instant,
        stop: Option<&'a AtomicBool>,
    ) -> Search<'a> {
        Search {
            model,
            me: game.side_of(game.to_move()),
            placed0: game.places().len(),
            nodes: 0,
            limit: u64::MAX,
            deadline,
            interruptible: false,
            stop,
            aborted: false,
            tt: HashMap::new(),
        }
    }

    /// Picks among `moves` (the legal moves of `game`) by iterative deepening within
    /// `node_budget` nodes.
    pub(crate) fn run(&mut self, game: &Game, moves: &[LegalMove], node_budget: u64) -> Found {
        let children: Vec<Option<Game>> = moves
            .iter()
            .map(|m| {
                let mut c = game.clone();
                c.play_own(m).ok().map(|_| c)
            })
            .collect();
        let mut best = self.root(&children, 0).unwrap_or(Found {
            index: 0,
            value: 0.5,
        });
        self.interruptible = true;
        let mut last = self.nodes.max(1);
        let mut growth = 30.0;
        for depth in 1..=MAX_DEPTH {
            let estimate = (last as f64 * growth) as u64;
            if self.nodes + estimate > node_budget {
                break;
            }
            let before = self.nodes;
            self.limit = node_budget;
            match self.root(&children, depth) {
                Some(found) => best = found,
                None => break,
            }
            let used = (self.nodes - before).max(1);
            growth = (used as f64 / last as f64).clamp(2.0, 60.0);
            last = used;
            // A search that reached every end of the game cannot learn more.
            if used < 2 * children.len() as u64 {
                break;
            }
        }
        best
    }

    fn root(&mut self, children: &[Option<Game>], depth: u32) -> Option<Found> {
        let mut best: Option<Found> = None;
        for (i, c) in children.iter().enumerate() {
            let Some(c) = c else { continue };
            let v = self.value(c, depth);
            if self.aborted {
                return None;
            }
            if best.as_ref().is_none_or(|b| v > b.value + 1e-12) {
                best = Some(Found { index: i, value: v });
            }
        }
        best
    }

    fn out_of_time(&mut self) -> bool {
        self.nodes += 1;
        if !self.interruptible {
            return false;
        }
        if self.aborted {
            return true;
        }
        if self.nodes > self.limit {
            self.aborted = true;
        } else if self.nodes & 127 == 0 {
            let stopped = self.stop.is_some_and(|s| s.load(Ordering::Relaxed));
            if stopped || Instant::now() >= self.deadline {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Win probability of the searching side, `depth` throws deep.
    fn value(&mut self, game: &Game, depth: u32) -> f64 {
        if self.out_of_time() {
            return 0.5;
        }
        let places = game.places();
        if places.len() > self.placed0 {
            return if places[self.placed0] as usize == self.me {
                1.0
            } else {
                0.0
            };
        }
        if game.phase() == Phase::Over {
            return self.model.win_probability(game, self.me, self.placed0);
        }
        // At the horizon a known result is still played out (the mover's best move by the
        // static evaluation): it is no longer chance, and the evaluation is made for
        // positions waiting for a throw. Big hands are left to the evaluation.
        if depth == 0 && (game.phase() == Phase::Throw || game.hand().len() > 2) {
            return self.model.win_probability(game, self.me, self.placed0);
        }
        let key = state_hash(game);
        if let Some(&(d, v)) = self.tt.get(&key) {
            if d >= depth {
                return v;
            }
        }
        let v = match game.phase() {
            Phase::Throw => {
                let mut sum = 0.0;
                let mut weight = 0.0;
                for &(o, p) in &self.model.outcomes {
                    let mut c = game.clone();
                    if c.throw_outcome(o).is_err() {
                        continue;
                    }
                    // Rare results are looked at less deeply: they weigh little, and the
                    // depth saved goes where most of the probability is.
                    let d = if p < RARE && depth >= 2 {
                        depth - 2
                    } else {
                        depth - 1
                    };
                    sum += p * self.value(&c, d);
                    weight += p;
                }
                if weight > 0.0 {
                    sum / weight
                } else {
                    self.model.win_probability(game, self.me, self.placed0)
                }
            }
            _ => {
                let me = self.me;
                best_child(game, me, |c| self.value(c, depth))
                    .unwrap_or_else(|| self.model.win_probability(game, self.me, self.placed0))
            }
        };
        if !self.aborted {
            self.tt.insert(key, (depth, v));
        }
        v
    }
}

/// The value of the best move for the side to move (maximising for `me`, minimising for a
/// rival), each child valued by `value`; `None` when no move can be played.
pub(crate) fn best_child(
    game: &Game,
    me: usize,
    mut value: impl FnMut(&Game) -> f64,
) -> Option<f64> {
    let maximise = game.side_of(game.to_move()) == me;
    let mut best: Option<f64> = None;
    for m in game.legal_moves() {
        let mut c = game.clone();
        if c.play_own(&m).is_err() {
            continue;
        }
        let v = value(&c);
        best = Some(match best {
            None => v,
            Some(b) if maximise => b.max(v),
            Some(b) => b.min(v),
        });
    }
    best
}
