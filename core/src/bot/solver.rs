//! Exact solver for small games (2 seats, 1 or 2 pieces each): the optimal win probability
//! of every reachable position and the optimal move, by value iteration.
//!
//! Why the engine drives the transitions: the solver is the yardstick for the bots, so it
//! must play by exactly the rules the bots play by. Positions are keyed compactly (each
//! side's stacks as route, index, size and pending turn; home and done counts; the hand and
//! throws owed), always seen from the side about to throw, so a position and its mirror
//! image are one state. Only positions waiting for a throw are states; the moves between two
//! throws are all one player's, so a result's value is the best over every sequence of moves
//! it allows.

use super::eval::Model;
use super::state_hash;
use crate::board::Spot;
use crate::game::{Game, LegalMove, Phase};
use crate::route::RouteId;
use crate::rules::RuleSet;
use crate::setup::{RoutePin, Setup, StackSpec, TableSpec};
use crate::throw::Throw;
use std::collections::{BTreeMap, HashMap, HashSet};

/// Most states the solver builds unless told otherwise: about 4 GB at worst, which the
/// 2-piece game (434,037 states) never nears. Solved against random moves, the 3-piece game
/// has 61 million states and took 21 GB and 72 minutes, so only a caller that knows it has
/// the memory asks for it.
pub const MAX_STATES: usize = 12_000_000;

/// Why a game cannot be solved.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SolveError {
    #[error("the solver handles 2 seats without teams, not {0}")]
    Seats(usize),
    #[error("this game is too large to solve exactly: {0}")]
    TooLarge(String),
    #[error("rules not supported by the solver: {0}")]
    Unsupported(String),
    #[error("setup: {0}")]
    Setup(String),
}

/// A solved game: the value of every state and the way to look positions up.
pub struct Solver {
    rules: RuleSet,
    index: HashMap<u128, u32>,
    values: Vec<f64>,
    start: f64,
    sweeps: usize,
}

/// A child of a state under one result: another state (seen from its own mover), or the
/// end of the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Child {
    /// State id; `true` when its mover is the other side.
    State(u32, bool),
    /// The game ended; `true` when the mover of the parent won.
    End(bool),
    /// A position past the hand cap, valued ½ (see `MAX_HAND`).
    Cut,
}

/// Collect-first hands grow with every Yut or Mo in a row, without bound. A position with
/// more results than this in hand is reached with probability below 1e-12, so valuing it
/// ½ keeps every value exact to far within the 1e-9 of the iteration.
const MAX_HAND: usize = 12;

fn pack_child(c: Child) -> u32 {
    match c {
        Child::State(id, flip) => id << 1 | flip as u32,
        Child::End(won) => u32::MAX - 1 + won as u32,
        Child::Cut => u32::MAX - 2,
    }
}

struct Bits {
    v: u128,
    n: u32,
    overflow: bool,
}

impl Bits {
    fn put(&mut self, value: u64, bits: u32) {
        if value >= 1 << bits || self.n + bits > 128 {
            self.overflow = true;
            return;
        }
        self.v |= (value as u128) << self.n;
        self.n += bits;
    }
}

/// The key of a position waiting for a throw, seen from the seat to move; `None` if it does
/// not fit the key (too many stacks or results).
fn encode(game: &Game) -> Option<u128> {
    let me = game.to_move();
    let mut b = Bits {
        v: 0,
        n: 0,
        overflow: false,
    };
    for seat in [me, 1 - me] {
        b.put(game.home(seat) as u64, 3);
        b.put(game.done(seat) as u64, 3);
        let mut stacks: Vec<u64> = game
            .stacks()
            .iter()
            .filter(|s| s.side as usize == seat)
            .map(|s| {
                route_code(s.route)
                    | (s.index as u64) << 3
                    | (s.size() as u64) << 8
                    | s.turn.map_or(0, |r| 1 + route_code(r)) << 11
            })
            .collect();
        stacks.sort_unstable();
        b.put(stacks.len() as u64, 3);
        for s in stacks {
            b.put(s, 14);
        }
    }
    b.put(game.owed() as u64 - game.owed_prize() as u64, 3);
    b.put(game.owed_prize() as u64, 2);
    let mut hand: Vec<u64> = game
        .hand()
        .iter()
        .map(|h| throw_code(h.throw) | (h.prize as u64) << 3)
        .collect();
    hand.sort_unstable();
    b.put(hand.len() as u64, 4);
    for h in hand {
        b.put(h, 4);
    }
    (!b.overflow).then_some(b.v)
}

fn route_code(r: RouteId) -> u64 {
    RouteId::ALL.iter().position(|x| *x == r).unwrap_or(0) as u64
}

fn throw_code(t: Throw) -> u64 {
    Throw::ALL.iter().position(|x| *x == t).unwrap_or(0) as u64
}

struct Reader {
    v: u128,
}

impl Reader {
    fn get(&mut self, bits: u32) -> u64 {
        let x = (self.v & ((1u128 << bits) - 1)) as u64;
        self.v >>= bits;
        x
    }
}

/// Rebuilds the position of a key (seat 0 to move) through the public setup format.
fn decode(key: u128, table: &TableSpec) -> Result<Game, SolveError> {
    let mut r = Reader { v: key };
    let mut pieces: BTreeMap<String, Vec<Spot>> = BTreeMap::new();
    let mut stacks = Vec::new();
    let mut routes = Vec::new();
    let rules = table
        .rule_set()
        .map_err(|e| SolveError::Setup(e.to_string()))?;
    let map = rules.route_map();
    for seat in 0..2usize {
        let home = r.get(3) as usize;
        let done = r.get(3) as usize;
        let mut spots = vec![Spot::Home; home];
        spots.extend(std::iter::repeat_n(Spot::Done, done));
        let n = r.get(3);
        for _ in 0..n {
            let s = r.get(14);
            let route = RouteId::ALL[(s & 7) as usize % 5];
            let index = (s >> 3 & 31) as u8;
            let size = (s >> 8 & 7) as u8;
            let at = match map.spot(route, index) {
                Spot::At(st) => st,
                _ => return Err(SolveError::Unsupported("a stack off its route".into())),
            };
            spots.extend(std::iter::repeat_n(Spot::At(at), size as usize));
            stacks.push(StackSpec {
                seat,
                at,
                count: size,
            });
            routes.push(RoutePin { seat, at, route });
        }
        pieces.insert(seat.to_string(), spots);
    }
    let owed = r.get(3) as u8;
    let prize = r.get(2) as u8;
    let len = r.get(4);
    let mut hand = Vec::new();
    let mut prizes = Vec::new();
    for _ in 0..len {
        let h = r.get(4);
        hand.push(Throw::ALL[(h & 7) as usize % 6]);
        prizes.push(h >> 3 & 1 == 1);
    }
    let setup = Setup {
        pieces,
        stacks,
        routes,
        to_move: 0,
        hand: Some(hand),
        owed: Some(owed + prize),
    };
    let mut game = setup
        .build(table)
        .map_err(|e| SolveError::Setup(e.to_string()))?;
    game.mark_prizes(prize, &prizes);
    Ok(game)
}

impl Solver {
    /// Builds every state reachable from the start and iterates values until no state moves
    /// by more than 1e-9.
    pub fn solve(rules: &RuleSet, seats: usize) -> Result<Solver, SolveError> {
        Solver::solve_with_limit(rules, seats, MAX_STATES)
    }

    pub fn solve_with_limit(
        rules: &RuleSet,
        seats: usize,
        max_states: usize,
    ) -> Result<Solver, SolveError> {
        let graph = explore(rules, seats, max_states, None)?;
        let Graph {
            index,
            probs,
            ends,
            children,
            ..
        } = graph;
        let n = index.len();
        let (values, sweeps) = minimax_values(n, &probs, &ends, &children);
        Ok(Solver {
            rules: rules.clone(),
            start: values[0],
            index,
            values,
            sweeps,
        })
    }

    /// Number of states (positions waiting for a throw, up to mirror image).
    pub fn state_count(&self) -> usize {
        self.values.len()
    }

    /// Value-iteration sweeps it took to converge.
    pub fn sweeps(&self) -> usize {
        self.sweeps
    }

    /// The chance that the player who throws first wins, both sides playing perfectly.
    pub fn start_value(&self) -> f64 {
        self.start
    }

    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The chance that the seat to move wins from here with perfect play on both sides;
    /// `None` for a position the solver never reached (or other rules).
    pub fn value(&self, game: &Game) -> Option<f64> {
        if game.rules() != &self.rules || game.seats() != 2 {
            return None;
        }
        let me = game.to_move();
        let places = game.places();
        if let Some(w) = places.first() {
            return Some(if *w as usize == game.side_of(me) {
                1.0
            } else {
                0.0
            });
        }
        match game.phase() {
            Phase::Over => Some(0.5),
            Phase::Throw => {
                let id = *self.index.get(&encode(game)?)?;
                Some(self.values[id as usize])
            }
            Phase::Move => {
                let mut best: Option<f64> = None;
                for m in game.legal_moves() {
                    let mut c = game.clone();
                    c.play_legal(&m).ok()?;
                    // An ended game keeps its last mover (`me`) as the seat to move.
                    let v = self.value(&c)?;
                    let v = if c.to_move() == me { v } else { 1.0 - v };
                    best = Some(best.map_or(v, |b: f64| b.max(v)));
                }
                best
            }
        }
    }

    /// An optimal move (the first of the best), or `None` if the game does not wait for a
    /// move or the position is not in the solved table.
    pub fn best_move(&self, game: &Game) -> Option<LegalMove> {
        if game.phase() != Phase::Move {
            return None;
        }
        let me = game.to_move();
        let mut best: Option<(f64, LegalMove)> = None;
        for m in game.legal_moves() {
            let mut c = game.clone();
            if c.play_legal(&m).is_err() {
                continue;
            }
            // Unknown only past the hand cap, which play reaches with probability < 1e-12.
            let v = self.value(&c).unwrap_or(0.5);
            let v = if c.to_move() == me { v } else { 1.0 - v };
            if best.as_ref().is_none_or(|(b, _)| v > *b + 1e-12) {
                best = Some((v, m));
            }
        }
        best.map(|(_, m)| m)
    }
}

/// Every state reachable from the start of a 2-seat game and its children per throw
/// outcome; with a `rival`, also where that player's moves lead, with the odds of each.
struct Graph {
    index: HashMap<u128, u32>,
    probs: Vec<f64>,
    /// `ends[s * k + o]` closes the children of state s under outcome o.
    ends: Vec<u32>,
    children: Vec<u32>,
    rival_ends: Vec<u32>,
    /// Children with the rival's odds of reaching them. `f32` odds keep the 3-piece game's
    /// billion edges in 8 GB; every odd of the 2-piece game is exact in `f32` (its ceilings
    /// are the same to the last bit), others are within 6e-8 of their own size.
    rival_children: Vec<(u32, f32)>,
}

fn explore(
    rules: &RuleSet,
    seats: usize,
    max_states: usize,
    mut rival: Option<&mut Rival>,
) -> Result<Graph, SolveError> {
    if seats != 2 {
        return Err(SolveError::Seats(seats));
    }
    let table = TableSpec {
        rules: rules.to_json(),
        seats: 2,
        teams: None,
    };
    let model = Model::new(rules);
    let outcomes = model.outcomes.clone();
    let start =
        Game::new(rules.clone(), 2, None, 0).map_err(|e| SolveError::Setup(e.to_string()))?;
    let start_key =
        encode(&start).ok_or_else(|| SolveError::TooLarge("the key does not fit".into()))?;
    let mut keys: Vec<u128> = vec![start_key];
    let mut index: HashMap<u128, u32> = HashMap::new();
    index.insert(start_key, 0);
    let mut ends: Vec<u32> = Vec::new();
    let mut children: Vec<u32> = Vec::new();
    let mut rival_ends: Vec<u32> = Vec::new();
    let mut rival_children: Vec<(u32, f32)> = Vec::new();
    // State ids are packed into u32 children with a flag bit and three end codes.
    let max_states = max_states.min(1 << 30);
    let mut next = 0usize;
    while next < keys.len() {
        let key = keys[next];
        let game = decode(key, &table)?;
        if encode(&game) != Some(key) || game.phase() != Phase::Throw {
            return Err(SolveError::Unsupported(
                "a position cannot be written in the setup format (two stacks of one side \
                 on one station, left apart under optional stacking)"
                    .into(),
            ));
        }
        for &(o, _) in &outcomes {
            let mut c = game.clone();
            let mut set: Vec<Child> = Vec::new();
            let mut spread: Vec<(Child, f64)> = Vec::new();
            let mut id_of = |g: &Game| {
                let key = encode(g)?;
                let id = match index.get(&key) {
                    Some(id) => *id,
                    None => {
                        let id = keys.len() as u32;
                        keys.push(key);
                        index.insert(key, id);
                        id
                    }
                };
                Some(id)
            };
            if c.throw_outcome(o).is_ok() {
                let mut seen = HashSet::new();
                finals(&c, &mut set, &mut seen, &mut id_of)?;
                if let Some(r) = rival.as_deref_mut() {
                    rival_finals(&c, 1.0, r, &mut spread, &mut id_of)?;
                }
            } else {
                // An outcome the rules refuse here: the state keeps its own value.
                set.push(Child::State(next as u32, false));
                spread.push((Child::State(next as u32, false), 1.0));
            }
            if keys.len() > max_states {
                return Err(SolveError::TooLarge(format!(
                    "more than {max_states} states"
                )));
            }
            children.extend(set.iter().map(|c| pack_child(*c)));
            ends.push(offset(children.len())?);
            if rival.is_some() {
                rival_children.extend(spread.iter().map(|(c, w)| (pack_child(*c), *w as f32)));
                rival_ends.push(offset(rival_children.len())?);
            }
        }
        next += 1;
    }
    Ok(Graph {
        index,
        probs: outcomes.iter().map(|(_, p)| *p).collect(),
        ends,
        children,
        rival_ends,
        rival_children,
    })
}

/// Where an edge list ends: edge lists are closed by u32 offsets.
fn offset(len: usize) -> Result<u32, SolveError> {
    u32::try_from(len)
        .map_err(|_| SolveError::TooLarge("more than 2^32 moves between states".into()))
}

fn child_value(c: u32, values: &[f64]) -> f64 {
    match c {
        u32::MAX => return 1.0,
        0xFFFF_FFFE => return 0.0,
        0xFFFF_FFFD => return 0.5,
        _ => {}
    }
    let v = values[(c >> 1) as usize];
    if c & 1 == 1 {
        1.0 - v
    } else {
        v
    }
}

/// The child a position stands for when no move is left to choose (a state waiting for a
/// throw, the end of the game, a hand past the cap); `None` while moves are to be played.
fn settled(
    game: &Game,
    id_of: &mut dyn FnMut(&Game) -> Option<u32>,
) -> Result<Option<Child>, SolveError> {
    if game.hand().len() > MAX_HAND {
        return Ok(Some(Child::Cut));
    }
    Ok(match game.phase() {
        Phase::Over => Some(Child::End(game.winner() == Some(0))),
        Phase::Throw => {
            let id = id_of(game).ok_or_else(|| {
                SolveError::TooLarge("a position does not fit the state key".into())
            })?;
            Some(Child::State(id, game.to_move() != 0))
        }
        Phase::Move => None,
    })
}

/// Every state a player can reach with the moves of the current results (a game in the
/// move phase) or already stands in (a game waiting for a throw or over), seen from the
/// mover of the state the sequence started in (seat 0).
fn finals(
    game: &Game,
    out: &mut Vec<Child>,
    seen: &mut HashSet<u64>,
    id_of: &mut dyn FnMut(&Game) -> Option<u32>,
) -> Result<(), SolveError> {
    if !seen.insert(state_hash(game)) {
        return Ok(());
    }
    let Some(child) = settled(game, id_of)? else {
        for m in game.legal_moves() {
            let mut c = game.clone();
            if c.play_legal(&m).is_ok() {
                finals(&c, out, seen, id_of)?;
            }
        }
        return Ok(());
    };
    if !out.contains(&child) {
        out.push(child);
    }
    Ok(())
}

/// Value iteration for perfect play on both sides: each state's value for its mover, and
/// the sweeps it took.
fn minimax_values(n: usize, probs: &[f64], ends: &[u32], children: &[u32]) -> (Vec<f64>, usize) {
    let k = probs.len();
    let mut values = vec![0.5f64; n];
    let mut sweeps = 0;
    loop {
        sweeps += 1;
        let mut delta: f64 = 0.0;
        for s in (0..n).rev() {
            let mut v = 0.0;
            let mut lo = first_child(ends, s, k);
            for (o, p) in probs.iter().enumerate() {
                let hi = ends[s * k + o] as usize;
                let mut best = f64::MIN;
                for &c in &children[lo..hi] {
                    let cv = child_value(c, &values);
                    if cv > best {
                        best = cv;
                    }
                }
                if best > f64::MIN {
                    v += p * best;
                }
                lo = hi;
            }
            delta = delta.max((v - values[s]).abs());
            values[s] = v;
        }
        if delta < 1e-9 || sweeps >= 100_000 {
            return (values, sweeps);
        }
    }
}

/// A fixed rival to solve the game against.
pub enum Rival {
    /// Picks uniformly among the legal moves.
    Random,
    /// A bot: every decision as it would take it (the `random` level is modelled as
    /// `Random`). The bot is asked once per decision of every state, so the hard level,
    /// which searches each time, would take hours; the others take seconds.
    Bot(super::Bot),
}

impl Rival {
    /// The rival's odds of playing each of `moves` in `game`.
    fn choices(&mut self, game: &Game, moves: &[LegalMove]) -> Vec<f64> {
        let uniform = vec![1.0 / moves.len().max(1) as f64; moves.len()];
        match self {
            Rival::Random => uniform,
            Rival::Bot(bot) if bot.level() == super::Level::Random => uniform,
            Rival::Bot(bot) => {
                let far = std::time::Duration::from_secs(3600);
                let chosen = bot.choose_legal(game, far, None);
                let mut odds = vec![0.0; moves.len()];
                match moves.iter().position(|m| Some(m) == chosen.as_ref()) {
                    Some(i) => odds[i] = 1.0,
                    None => return uniform,
                }
                odds
            }
        }
    }
}

/// How well a player can do against a fixed rival (win rates with alternating starts).
#[derive(Clone, Copy, Debug)]
pub struct Versus {
    /// The best response: the most any player can win against this rival, a ceiling for
    /// every bot.
    pub best_response: f64,
    /// The optimal policy, which assumes a perfect rival.
    pub optimal: f64,
    pub states: usize,
}

impl Solver {
    /// Solves the game against a fixed rival: the exact ceiling that the bots' results
    /// against the `random` or `medium` level can be judged by.
    /// The solved game (its optimal moves) comes with it, from the same exploration.
    pub fn versus(rules: &RuleSet, rival: Rival) -> Result<(Solver, Versus), SolveError> {
        Solver::versus_with_limit(rules, rival, MAX_STATES)
    }

    /// `versus` for a game of up to `max_states` states (3 pieces each: 61,053,821 states).
    pub fn versus_with_limit(
        rules: &RuleSet,
        mut rival: Rival,
        max_states: usize,
    ) -> Result<(Solver, Versus), SolveError> {
        let g = explore(rules, 2, max_states, Some(&mut rival))?;
        let n = g.index.len();
        let (values, sweeps) = minimax_values(n, &g.probs, &g.ends, &g.children);
        let versus = Versus {
            best_response: rival_values(&g, None),
            optimal: rival_values(&g, Some(&values)),
            states: n,
        };
        let solver = Solver {
            rules: rules.clone(),
            start: values[0],
            index: g.index,
            values,
            sweeps,
        };
        Ok((solver, versus))
    }
}

/// Value iteration against the rival; the player takes the best child (`policy` None) or
/// the child a perfect-play table ranks best. Returns the player's win rate with
/// alternating starts.
fn rival_values(g: &Graph, policy: Option<&[f64]>) -> f64 {
    let n = g.index.len();
    let k = g.probs.len();
    // Player's chance to win, with the player (`vp`) or the rival (`vr`) to throw.
    let mut vp = vec![0.5f64; n];
    let mut vr = vec![0.5f64; n];
    let player = |c: u32, vp: &[f64], vr: &[f64]| player_chance(c, vp, vr, 1.0);
    let rival = |c: u32, vp: &[f64], vr: &[f64]| player_chance(c, vr, vp, 0.0);
    for _ in 0..100_000 {
        let mut delta: f64 = 0.0;
        for s in (0..n).rev() {
            let (mut a, mut b) = (0.0, 0.0);
            let mut lo = first_child(&g.ends, s, k);
            let mut rlo = first_child(&g.rival_ends, s, k);
            for (o, p) in g.probs.iter().enumerate() {
                let hi = g.ends[s * k + o] as usize;
                let kids = &g.children[lo..hi];
                let pick = match policy {
                    None => kids
                        .iter()
                        .map(|&c| player(c, &vp, &vr))
                        .fold(None, |m: Option<f64>, v| Some(m.map_or(v, |m| m.max(v)))),
                    Some(table) => kids
                        .iter()
                        .fold(None, |m: Option<(f64, u32)>, &c| {
                            let v = child_value(c, table);
                            match m {
                                Some((b, _)) if b >= v - 1e-12 => m,
                                _ => Some((v, c)),
                            }
                        })
                        .map(|(_, c)| player(c, &vp, &vr)),
                };
                a += p * pick.unwrap_or(0.0);
                let rhi = g.rival_ends[s * k + o] as usize;
                for &(c, w) in &g.rival_children[rlo..rhi] {
                    b += p * f64::from(w) * rival(c, &vp, &vr);
                }
                lo = hi;
                rlo = rhi;
            }
            delta = delta.max((a - vp[s]).abs()).max((b - vr[s]).abs());
            vp[s] = a;
            vr[s] = b;
        }
        if delta < 1e-9 {
            break;
        }
    }
    (vp[0] + vr[0]) / 2.0
}

/// Where the children of state `s` start in a list closed per (state, outcome) by `ends`
/// (`k` outcomes per state).
fn first_child(ends: &[u32], s: usize, k: usize) -> usize {
    match s {
        0 => 0,
        _ => ends[s * k - 1] as usize,
    }
}

/// The player's chance in child `c` of a state: `same` holds the values when the state's
/// mover throws again, `other` when the other side does, and `mover_won` is the player's
/// chance when the state's mover has won.
fn player_chance(c: u32, same: &[f64], other: &[f64], mover_won: f64) -> f64 {
    match c {
        u32::MAX => mover_won,
        0xFFFF_FFFE => 1.0 - mover_won,
        0xFFFF_FFFD => 0.5,
        _ if c & 1 == 1 => other[(c >> 1) as usize],
        _ => same[(c >> 1) as usize],
    }
}

/// Where the rival's moves of the current results lead, with the odds of each end (seen
/// as in `finals`).
fn rival_finals(
    game: &Game,
    weight: f64,
    rival: &mut Rival,
    out: &mut Vec<(Child, f64)>,
    id_of: &mut dyn FnMut(&Game) -> Option<u32>,
) -> Result<(), SolveError> {
    let Some(child) = settled(game, id_of)? else {
        let moves = game.legal_moves();
        let odds = rival.choices(game, &moves);
        for (m, p) in moves.iter().zip(odds) {
            let mut c = game.clone();
            if p > 0.0 && c.play_legal(m).is_ok() {
                rival_finals(&c, weight * p, rival, out, id_of)?;
            }
        }
        return Ok(());
    };
    match out.iter_mut().find(|(c, _)| *c == child) {
        Some((_, w)) => *w += weight,
        None => out.push((child, weight)),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_piece_game_solves_and_values_are_probabilities() {
        let rules = RuleSet {
            pieces_per_player: 1,
            ..RuleSet::default()
        };
        let s = Solver::solve(&rules, 2).unwrap();
        assert!(s.state_count() > 100);
        assert!(s.values.iter().all(|v| (0.0..=1.0).contains(v)));
        assert!(s.start_value() > 0.5 && s.start_value() < 0.7);
    }
}
