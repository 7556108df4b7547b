//! Computer players. A bot only decides moves: the caller draws throws
//! (`game.draw(&mut rng)` then `game.throw_outcome(o)`), so a bot can never cheat the
//! sticks, and the same code serves the apps, the FFI layer and `yut sim`.
//!
//! Levels: `random` (any legal move, for simulations), `easy` (light preferences, visible
//! mistakes), `medium` (rules of thumb, no lookahead), `hard` (expectimax over the throw
//! odds of the rule set in play, judging positions with a learned network where one was
//! trained for the table, see `net`, else with the race model of `eval`; told that our
//! medium bot is its rival, it searches that bot's own moves, see `with_seat_levels`).
//! `solver` holds the exact solver for small games, which measures how far each level is
//! from optimal play.

mod eval;
pub mod net;
pub mod review;
mod rule;
mod search;
pub mod solver;
#[cfg(feature = "train")]
pub mod train;
mod value;

use crate::game::{Game, LegalMove, Move, Phase};
use crate::rules::RuleSet;
use crate::throw::ThrowRng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

pub use eval::Model;
use value::Valuation;

/// How well a bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Random,
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Medium, Level::Hard];

    pub fn id(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A level name that does not exist.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot level {0:?} (random, easy, medium, hard)")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.id() == s)
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// Nodes the hard bot searches per decision: two to three throws deep in a normal
/// 4-piece position, a few milliseconds (depth still paid off at this size, measured by
/// regret against the exact solver and by play against the medium bot).
pub const HARD_NODE_BUDGET: u64 = 12_000;

/// What a hint shows: the hard search's move for the side to move, and its estimate of
/// that side's chance of winning after it (0–1; with more than two sides, of coming first).
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    pub chosen: LegalMove,
    pub win_chance: f64,
    /// Every legal move with its estimate, from the same search (so the player can compare
    /// the other options), in `game.legal_moves()` order; `chosen` is one of the best.
    pub appraisal: Vec<(LegalMove, f64)>,
}

/// A computer player of one level. `choose` is a pure function of (level, seed, position)
/// as long as the time budget is not what ends the hard bot's search.
#[derive(Clone, Debug)]
pub struct Bot {
    level: Level,
    seed: u64,
    node_budget: u64,
    /// How each seat's player chooses, as far as the bot knows (see `with_seat_levels`).
    expect: Vec<search::Expect>,
    /// Rule-derived tables and networks, built on first use and kept while the rules stay
    /// the same (boxed: they are a couple of kilobytes).
    model: Option<Box<(RuleSet, Valuation)>>,
}

impl Bot {
    pub fn new(level: Level, seed: u64) -> Bot {
        Bot {
            level,
            seed,
            node_budget: HARD_NODE_BUDGET,
            expect: Vec::new(),
            model: None,
        }
    }

    /// Changes how many nodes the hard bot may search (stronger and slower when larger).
    pub fn with_node_budget(mut self, nodes: u64) -> Bot {
        self.node_budget = nodes.max(1);
        self
    }

    /// Tells the bot who sits at each seat: one of our levels, or `None` for a person. The
    /// hard level then searches a rival medium bot's moves as that bot makes them (its rule
    /// choice) instead of as the best play, values positions with networks trained against
    /// it (2 seats × 4 pieces, Yunnori), and so plays for the mistakes it will make.
    /// Everyone else is expected to play their best: the random and easy levels draw their
    /// moves by chance, and searching them as chance gained nothing against random moves
    /// and lost games against easy (docs/BOTS.md). The other levels do not look ahead and
    /// ignore this.
    pub fn with_seat_levels(mut self, seats: &[Option<Level>]) -> Bot {
        self.expect = seats
            .iter()
            .map(|l| match l {
                Some(Level::Medium) => search::Expect::Medium,
                _ => search::Expect::Best,
            })
            .collect();
        self
    }

    pub fn level(&self) -> Level {
        self.level
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Gives the bot a new seed, keeping what it has built for the rules. A bot's choices
    /// are a function of (seed, position), so a simulation reseeds its bots every game:
    /// otherwise the random level would play each position the same way in every game,
    /// one fixed policy instead of random moves.
    pub fn reseed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// The networks this bot's hard search (its own move at the hard level, or a hint)
    /// would read at `game` and that are not loaded yet: always none with the networks
    /// built in (`net::provide`).
    pub fn missing_nets(&self, game: &Game) -> Vec<net::NetFile> {
        net::missing(game, self.expect.contains(&search::Expect::Medium))
    }

    /// As `choose_legal`, but refuses, instead of playing on without it, when the hard
    /// search needs a network that is not loaded yet (`NetError::Missing`): the caller
    /// waits for it. Never refuses with the networks built in.
    pub fn try_choose_legal(
        &mut self,
        game: &Game,
        budget: Duration,
        stop: Option<&AtomicBool>,
    ) -> Result<Option<LegalMove>, net::NetError> {
        if self.level == Level::Hard && game.phase() == Phase::Move {
            self.need_nets(game)?;
        }
        Ok(self.choose_legal(game, budget, stop))
    }

    /// As `advise`, refusing as `try_choose_legal` does.
    pub fn try_advise(
        &mut self,
        game: &Game,
        budget: Duration,
        stop: Option<&AtomicBool>,
    ) -> Result<Option<Advice>, net::NetError> {
        if game.phase() == Phase::Move {
            self.need_nets(game)?;
        }
        Ok(self.advise(game, budget, stop))
    }

    fn need_nets(&self, game: &Game) -> Result<(), net::NetError> {
        match self.missing_nets(game).first() {
            Some(file) => Err(net::NetError::Missing(*file)),
            None => Ok(()),
        }
    }

    /// The move to play now, or `None` when the game does not wait for a move. Without the
    /// built-in networks, a hard bot whose network is missing plays on the race model
    /// (`try_choose_legal` refuses instead).
    pub fn choose(&mut self, game: &Game, budget: Duration) -> Option<Move> {
        self.choose_legal(game, budget, None).map(|l| l.mv)
    }

    /// As `choose`, but gives up early (with the best move found so far) once `stop` is
    /// set: the FFI layer runs bots on a background thread and may cancel them.
    pub fn choose_until(
        &mut self,
        game: &Game,
        budget: Duration,
        stop: &AtomicBool,
    ) -> Option<Move> {
        self.choose_legal(game, budget, Some(stop)).map(|l| l.mv)
    }

    /// The chosen move as one of `game.legal_moves()`.
    pub fn choose_legal(
        &mut self,
        game: &Game,
        budget: Duration,
        stop: Option<&AtomicBool>,
    ) -> Option<LegalMove> {
        if game.phase() != Phase::Move {
            return None;
        }
        let mut moves = game.legal_moves();
        if moves.len() <= 1 {
            return moves.pop();
        }
        let deadline = deadline_after(budget);
        // Seeded per position, so asking twice gives the same answer.
        let mut rng = ThrowRng::seeded(self.seed ^ state_hash(game).rotate_left(17));
        let index = match self.level {
            Level::Random => rng.below(moves.len()),
            Level::Easy => rule::easy_pick(&moves, &mut rng),
            Level::Medium => {
                let model = model_for(&mut self.model, game.rules());
                let mut best = 0;
                let mut best_score = f64::MIN;
                for (i, s) in rule::medium_scores(game, &model.race, &moves)
                    .iter()
                    .enumerate()
                {
                    // A hair of noise breaks ties differently per seed.
                    let s = s + rule::TIE_NOISE * rng.unit();
                    if s > best_score {
                        best_score = s;
                        best = i;
                    }
                }
                best
            }
            Level::Hard => self.search(game, &moves, deadline, stop).index,
        };
        let index = index.min(moves.len() - 1);
        Some(moves.swap_remove(index))
    }

    /// The hard level's move, whatever this bot's level, with the search's estimate of
    /// the mover's winning chance after it: a hint. A forced move is searched too, to
    /// value it. `None` when the game does not wait for a move.
    pub fn advise(
        &mut self,
        game: &Game,
        budget: Duration,
        stop: Option<&AtomicBool>,
    ) -> Option<Advice> {
        if game.phase() != Phase::Move {
            return None;
        }
        let moves = game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let found = self.search(game, &moves, deadline_after(budget), stop);
        let chosen = moves.get(found.index.min(moves.len() - 1))?.clone();
        Some(Advice {
            chosen,
            win_chance: found.value.clamp(0.0, 1.0),
            appraisal: appraisal(moves, found.values),
        })
    }

    /// The hard level's search over `moves` (the legal moves of `game`).
    fn search(
        &mut self,
        game: &Game,
        moves: &[LegalMove],
        deadline: Option<Instant>,
        stop: Option<&AtomicBool>,
    ) -> search::Found {
        let model = model_for(&mut self.model, game.rules());
        search::Search::new(model, game, &self.expect, deadline, stop).run(
            game,
            moves,
            self.node_budget,
        )
    }
}

/// The moves with their values, for `Advice::appraisal` (a move the engine refused, which
/// cannot happen for a legal move, is left out).
fn appraisal(moves: Vec<LegalMove>, values: Vec<Option<f64>>) -> Vec<(LegalMove, f64)> {
    moves
        .into_iter()
        .zip(values)
        .filter_map(|(m, v)| v.map(|v| (m, v.clamp(0.0, 1.0))))
        .collect()
}

/// `budget` from now (an hour when that overflows the clock). `None` in the browser
/// (wasm32-unknown-unknown), where std has no clock and reading one panics: the node
/// budget and the stop flag end the search there.
fn deadline_after(budget: Duration) -> Option<Instant> {
    if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
        return None;
    }
    Some(
        Instant::now()
            .checked_add(budget)
            .unwrap_or_else(|| Instant::now() + Duration::from_secs(3600)),
    )
}

/// The rule-derived tables for `rules`, built on first use and kept while the rules stay
/// the same (and rebuilt once a network missing when they were built has come). A function of the bot's slot, not of the bot, so that the search can borrow
/// the bot's other fields beside it.
fn model_for<'m>(
    slot: &'m mut Option<Box<(RuleSet, Valuation)>>,
    rules: &RuleSet,
) -> &'m Valuation {
    if slot
        .as_ref()
        .is_some_and(|b| &b.0 != rules || !b.1.complete && Valuation::could_complete(rules))
    {
        *slot = None;
    }
    let b = slot.get_or_insert_with(|| Box::new((rules.clone(), Valuation::new(rules))));
    &b.1
}

/// A 64-bit digest of everything that decides play from here (position, turn, hand,
/// places), for transposition tables and per-position seeds.
pub fn state_hash(game: &Game) -> u64 {
    let mut h = Hasher(0x9e37_79b9_7f4a_7c15);
    h.add(game.to_move() as u64);
    h.add(game.owed() as u64 | (game.owed_prize() as u64) << 8 | (game.is_over() as u64) << 16);
    for seat in 0..game.seats() {
        h.add(game.home(seat) as u64 | (game.done(seat) as u64) << 8);
    }
    let mut stacks: Vec<u64> = game
        .stacks()
        .iter()
        .map(|st| {
            let mut counts = 0u64;
            for c in st.counts {
                counts = counts << 4 | c as u64;
            }
            counts
                | (st.route as u64) << 24
                | (st.index as u64) << 28
                | (st.turn.map_or(7, |r| r as u64)) << 36
                | (st.side as u64) << 40
        })
        .collect();
    stacks.sort_unstable();
    h.add(stacks.len() as u64);
    for s in stacks {
        h.add(s);
    }
    let mut hand: Vec<u64> = game
        .hand()
        .iter()
        .map(|r| r.throw as u64 | (r.prize as u64) << 4)
        .collect();
    hand.sort_unstable();
    h.add(hand.len() as u64 | 1 << 20);
    for r in hand {
        h.add(r);
    }
    for p in game.places() {
        h.add(*p as u64 | 1 << 30);
    }
    h.0
}

struct Hasher(u64);

impl Hasher {
    fn add(&mut self, v: u64) {
        let mut z = (self.0 ^ v).wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        self.0 = z ^ (z >> 31);
    }
}
