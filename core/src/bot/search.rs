//! The hard bot's search: expectimax over the engine itself, with chance nodes weighted by
//! the throw odds of the rule set in play.
//!
//! Why the engine and not a private copy of the rules: every preset and house rule (hands of
//! several results, combined results, optional stacking and turns, prize throws, teams) is
//! then searched exactly as it will be played. Depth counts throws (chance nodes); the moves
//! between two throws are searched in full, with a transposition table so that orders of
//! the same moves are searched once. Iterative deepening under a node budget keeps the
//! choice deterministic; the time budget and the stop flag only cut a search short.
//!
//! A rival seat is assumed to play its best unless the search is told that our medium bot
//! sits there (`Expect`): then its moves are searched as the bot makes them, and positions
//! are valued by networks trained against it, the way a player who knows the table plays
//! for the mistakes it will see.

use super::net::{inputs, AgainstMedium};
use super::rule;
use super::state_hash;
use super::value::Valuation;
use crate::game::{Game, LegalMove, Phase};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Deepest search tried (in throws); reached only in tiny positions.
const MAX_DEPTH: u32 = 8;

/// Throw outcomes less likely than this are searched one throw shallower.
const RARE: f64 = 0.1;

/// How the search expects the player of a seat to choose its moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Expect {
    /// Its best move for its own side (a person, the hard level, or not known).
    #[default]
    Best,
    /// The medium level's rule choice, ties shared evenly.
    Medium,
}

pub(crate) struct Search<'a> {
    model: &'a Valuation,
    /// Per seat; missing seats are `Best`.
    expect: &'a [Expect],
    /// Leaves valued for a rival that is the medium bot (2 seats, where trained).
    against_medium: Option<&'a AgainstMedium>,
    me: usize,
    placed0: usize,
    nodes: u64,
    limit: u64,
    /// `None` where there is no clock to read (see `bot::deadline_after`).
    deadline: Option<Instant>,
    /// Depth 0 always completes, so there is always an answer.
    interruptible: bool,
    stop: Option<&'a AtomicBool>,
    aborted: bool,
    tt: HashMap<u64, (u32, f64)>,
}

/// What a search found: the index of the chosen move and its value, and the value of
/// every move at the same depth (`None` for one the engine refused), to compare them
/// (hints, reviews).
pub(crate) struct Found {
    pub index: usize,
    pub value: f64,
    pub values: Vec<Option<f64>>,
}

impl<'a> Search<'a> {
    pub(crate) fn new(
        model: &'a Valuation,
        game: &Game,
        expect: &'a [Expect],
        deadline: impl Into<Option<Instant>>,
        stop: Option<&'a AtomicBool>,
    ) -> Search<'a> {
        let me = game.side_of(game.to_move());
        let rival_is_medium = game.seats() == 2
            && expect
                .iter()
                .enumerate()
                .any(|(seat, e)| *e == Expect::Medium && game.side_of(seat) != me);
        Search {
            model,
            expect,
            against_medium: model.against_medium().filter(|_| rival_is_medium),
            me,
            placed0: game.places().len(),
            nodes: 0,
            limit: u64::MAX,
            deadline: deadline.into(),
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
            values: vec![None; children.len()],
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
        let mut best: Option<(usize, f64)> = None;
        let mut values = vec![None; children.len()];
        for (i, c) in children.iter().enumerate() {
            let Some(c) = c else { continue };
            let v = self.value(c, depth);
            if self.aborted {
                return None;
            }
            values[i] = Some(v);
            if best.is_none_or(|(_, b)| v > b + 1e-12) {
                best = Some((i, v));
            }
        }
        best.map(|(index, value)| Found {
            index,
            value,
            values,
        })
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
            if stopped || self.deadline.is_some_and(|d| Instant::now() >= d) {
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
            return self.leaf(game);
        }
        // At the horizon a known result is still played out (the mover's best move by the
        // static evaluation): it is no longer chance, and the evaluation is made for
        // positions waiting for a throw. Big hands are left to the evaluation.
        if depth == 0 && (game.phase() == Phase::Throw || game.hand().len() > 2) {
            return self.leaf(game);
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
                for &(o, p) in &self.model.race.outcomes {
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
                    self.leaf(game)
                }
            }
            _ => {
                let seat = game.to_move();
                let expect = match self.expect.get(seat) {
                    Some(e) if game.side_of(seat) != self.me => *e,
                    _ => Expect::Best,
                };
                let me = self.me;
                let found = match expect {
                    Expect::Best => best_child(game, me, |c| self.value(c, depth)),
                    Expect::Medium => {
                        let moves = game.legal_moves();
                        let scores = rule::medium_scores(game, &self.model.race, &moves);
                        let picks = rule::medium_candidates(&scores).map(|i| &moves[i]);
                        self.mean_over(game, picks, depth)
                    }
                };
                found.unwrap_or_else(|| self.leaf(game))
            }
        };
        if !self.aborted {
            self.tt.insert(key, (depth, v));
        }
        v
    }

    /// The static value of a position for the searching side: the networks trained
    /// against the medium bot when it is the rival, else the model's.
    fn leaf(&self, game: &Game) -> f64 {
        if let Some(pair) = self.against_medium {
            if game.places().is_empty() {
                if let Some(x) = inputs(&self.model.race, game) {
                    return if game.side_of(game.to_move()) == self.me {
                        pair.own.value(&x) as f64
                    } else {
                        1.0 - pair.medium.value(&x) as f64
                    };
                }
            }
        }
        self.model.win_probability(game, self.me, self.placed0)
    }

    /// The mean value of playing each of `moves` (all alike likely: the medium bot's ties);
    /// `None` if none can be played.
    fn mean_over<'m>(
        &mut self,
        game: &Game,
        moves: impl Iterator<Item = &'m LegalMove>,
        depth: u32,
    ) -> Option<f64> {
        let mut sum = 0.0;
        let mut n = 0usize;
        for m in moves {
            let mut c = game.clone();
            if c.play_own(m).is_ok() {
                sum += self.value(&c, depth);
                n += 1;
            }
        }
        (n > 0).then(|| sum / n as f64)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::{Bot, Level};
    use crate::rules::RuleSet;
    use crate::throw::ThrowRng;
    use std::time::Duration;

    /// Positions of random 4-piece games where seat 1 (the rival of seat 0) has a choice
    /// and one result in hand, so every move leads to a position waiting for a throw.
    fn rival_choices() -> Vec<Game> {
        let rules = RuleSet::default();
        let mut found = Vec::new();
        let mut random = Bot::new(Level::Random, 3);
        for g in 0..40u64 {
            let mut game = Game::new(rules.clone(), 2, None, 0).unwrap();
            let mut rng = ThrowRng::seeded(g);
            while !game.is_over() {
                if game.phase() == Phase::Throw {
                    let (o, _) = game.draw(&mut rng);
                    game.throw_outcome(o).unwrap();
                    continue;
                }
                if game.to_move() == 1 && game.hand().len() == 1 && game.legal_moves().len() >= 3 {
                    found.push(game.clone());
                }
                let mv = random.choose(&game, Duration::from_secs(1)).unwrap();
                game.play(&mv).unwrap();
            }
        }
        found
    }

    /// The value for seat 0 of each of the rival's moves, one throw from the horizon, by a
    /// search told `expect`.
    fn child_values(
        model: &Valuation,
        me_game: &Game,
        game: &Game,
        expect: &[Expect],
    ) -> Vec<(LegalMove, f64)> {
        let far = Instant::now() + Duration::from_secs(60);
        game.legal_moves()
            .into_iter()
            .map(|m| {
                let mut c = game.clone();
                c.play_own(&m).unwrap();
                let v = Search::new(model, me_game, expect, far, None).value(&c, 0);
                (m, v)
            })
            .collect()
    }

    #[test]
    fn a_known_rival_bot_is_searched_as_it_plays() {
        crate::bot::net::provide_all_from_disk();
        let rules = RuleSet::default();
        let model = Valuation::new(&rules);
        let me_game = Game::new(rules.clone(), 2, None, 0).unwrap();
        let far = Instant::now() + Duration::from_secs(60);
        let value = |expect: &[Expect], game: &Game| {
            Search::new(&model, &me_game, expect, far, None).value(game, 0)
        };
        let mut medium_differs = 0;
        let positions = rival_choices();
        assert!(positions.len() > 50, "{} positions", positions.len());
        for game in &positions {
            let kids = child_values(&model, &me_game, game, &[]);
            let worst = kids.iter().map(|k| k.1).fold(f64::MAX, f64::min);
            // Not told: the rival's best move, the worst for seat 0.
            assert!((value(&[], game) - worst).abs() < 1e-12);
            assert!((value(&[Expect::Best, Expect::Best], game) - worst).abs() < 1e-12);
            // A medium rival: the move the medium bot plays, unless it has ties.
            let mut medium = Bot::new(Level::Medium, 1);
            let chosen = medium
                .choose_legal(game, Duration::from_secs(1), None)
                .unwrap();
            // Facing the medium bot, the leaves are valued by the networks trained for it.
            let told = [Expect::Best, Expect::Medium];
            let kids = child_values(&model, &me_game, game, &told);
            let moves: Vec<LegalMove> = kids.iter().map(|k| k.0.clone()).collect();
            let scores = rule::medium_scores(game, &model.race, &moves);
            if rule::medium_candidates(&scores).count() == 1 {
                let expected = kids.iter().find(|(m, _)| *m == chosen).unwrap().1;
                let v = value(&told, game);
                assert!((v - expected).abs() < 1e-12, "medium {v} vs {expected}");
                let worst = kids.iter().map(|k| k.1).fold(f64::MAX, f64::min);
                medium_differs += usize::from(expected - worst > 1e-3);
            }
            // What a seat of the searching side is told does not matter: it plays its best
            // for its own side (here the rival's seat 1 is searched, seat 0 is told).
            assert!((value(&[Expect::Medium, Expect::Best], game) - worst).abs() < 1e-12);
        }
        // The test means something: the bot's choice is not the rival's best in many
        // positions.
        assert!(medium_differs > 50, "{medium_differs}");
    }
}
