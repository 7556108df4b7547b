//! The rules engine: position, turn, legal moves, throws and moves.
//!
//! `Game` knows nothing of names, files or randomness beyond the result it is handed:
//! `throw_outcome` takes an already-drawn result, `play` takes a move. Every action either
//! returns the events that explain it, or a `RuleError` and leaves the game unchanged.

use crate::board::{Spot, Station};
use crate::route::{RouteId, RouteMap};
use crate::rules::{RuleSet, RuleSetError, ThrowTiming};
use crate::throw::{Outcome, Throw};
use serde::{Deserialize, Serialize};

mod moves;
mod play;
mod saved;

use play::Landing;
use saved::GameRepr;

/// Most seats any rule set allows (the Russian set: 2–6).
pub const MAX_SEATS: usize = 6;

/// Most throws a turn may owe at once, ordinary and prize together. Play stays far below it
/// (each throw spends one and earns at most one; only captures add more), but the counters
/// are bytes: a setup or save owing more is refused, and a bonus that would pass the bound is
/// not granted, so the counters never wrap and the turn never passes to the wrong seat.
pub const MAX_OWED: u8 = 64;

/// Most results a turn may hold, and the end of a series of bonus throws: a result earns its
/// bonus throw only while the results in hand and the throws owed number fewer than this.
/// Where every result earns one (a house rule) the series would otherwise go on for as long
/// as the sticks allow, and with `combine_results` every subset of the hand is a move, so the
/// hand's size sets the cost of listing the moves. Ordinary play never comes near it (16 Yut
/// or Mo in a row).
pub const MAX_HAND: usize = 16;

/// The revision of the rules engine a new game is played under, stored with every game so
/// an older game replays under the readings it was played with. 1: a non-capturing move
/// spent the ordinary copy of a result held also as a prize result. 2: it spends the prize
/// copy (RULES.md §4).
pub const ENGINE_REVISION: u32 = 2;

/// Pieces of one side standing together on one station and moving as one (a single piece
/// is a stack of one). `counts` says how many belong to each seat, for teams.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stack {
    pub side: u8,
    pub counts: [u8; MAX_SEATS],
    pub route: RouteId,
    pub index: u8,
    /// The route this stack may turn onto with its next move (an optional switch it
    /// landed on); `None` when it has no choice.
    pub turn: Option<RouteId>,
}

impl Stack {
    pub fn size(&self) -> u8 {
        // Saturating: a damaged file may hold absurd counts; validation rejects them later.
        self.counts.iter().fold(0u8, |a, c| a.saturating_add(*c))
    }
}

/// A result waiting to be spent. `prize` marks the result of a prize throw (`single_prize`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandResult {
    pub throw: Throw,
    pub prize: bool,
}

/// A move as a player names it: which stack (by where it stands and the route it moves
/// along), which results, and the stacking choice.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub from: Spot,
    /// The results spent, sorted.
    pub uses: Vec<Throw>,
    /// The route the stack moves along in this move.
    pub route: RouteId,
    /// Present when the destination holds own pieces: whether the move joins them.
    pub stack: Option<bool>,
    /// How many pieces move (tells apart two stacks of one side on one station).
    pub pieces: u8,
}

/// A legal move with what the screen needs to show and animate it.
#[derive(Clone, Debug, PartialEq)]
pub struct LegalMove {
    pub mv: Move,
    pub to: Spot,
    /// Every spot passed, ending at `to` (not including the start).
    pub path: Vec<Spot>,
    /// Opposing pieces it would send home.
    pub captures: u8,
    source: Source,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Source {
    Home,
    Stack(usize),
}

/// Why a bonus throw is owed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BonusReason {
    Result,
    Capture,
}

/// What happened, in order, so the apps can animate and announce it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    Thrown {
        seat: u8,
        outcome: Outcome,
        prize: bool,
    },
    Moved {
        seat: u8,
        from: Spot,
        to: Spot,
        path: Vec<Spot>,
        pieces: u8,
        uses: Vec<Throw>,
        route: RouteId,
    },
    /// The stack changed route on landing (a forced turn at a corner or the centre).
    Turned {
        at: Station,
        route: RouteId,
    },
    Stacked {
        at: Station,
        pieces: u8,
    },
    Captured {
        at: Station,
        side: u8,
        pieces: u8,
    },
    Finished {
        side: u8,
        pieces: u8,
    },
    BonusOwed {
        reason: BonusReason,
        prize: bool,
    },
    ResultLost {
        throw: Throw,
    },
    TurnPassed {
        to: u8,
    },
    Won {
        side: u8,
    },
    Placed {
        side: u8,
        place: u8,
    },
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Throw,
    Move,
    Over,
}

/// An action the rules refuse. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("no throw is owed now: a result in hand must be moved first")]
    NoThrowOwed,
    #[error("a throw is owed: throw before moving")]
    MustThrow,
    #[error("Back-Do is not part of these rules")]
    BackDoOff,
    #[error("not a legal move: {0}")]
    IllegalMove(String),
}

/// Why a table cannot be set up.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SetupError {
    #[error(transparent)]
    Rules(#[from] RuleSetError),
    #[error("setup: {0}")]
    Invalid(String),
    #[error("setup: {owed} throws owed, at most {max} may be")]
    TooManyOwed { owed: u8, max: u8 },
    #[error("setup: {held} results in hand, at most {max} may be")]
    HandTooLarge { held: usize, max: usize },
}

/// Rules + position + turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "GameRepr", into = "GameRepr")]
pub struct Game {
    /// Shared: the rules never change during a game, and bots clone games by the thousand.
    rules: std::sync::Arc<RuleSet>,
    map: RouteMap,
    /// Shared like the rules: the seating never changes during a game.
    side_of: std::sync::Arc<[u8]>,
    sides: std::sync::Arc<[Vec<u8>]>,
    stacks: Vec<Stack>,
    home: Vec<u8>,
    done: Vec<u8>,
    to_move: u8,
    owed: u8,
    owed_prize: u8,
    hand: Vec<HandResult>,
    places: Vec<u8>,
    over: bool,
    /// The engine revision the game is played under (`ENGINE_REVISION` unless it began
    /// under an earlier one).
    engine: u32,
}

/// Checks seat count and teams; returns each seat's side and each side's seats.
pub fn validate_table(
    rules: &RuleSet,
    seats: usize,
    teams: Option<&[Vec<usize>]>,
) -> Result<(Vec<u8>, Vec<Vec<u8>>), SetupError> {
    rules.validate()?;
    let (min, max) = rules.seat_range();
    if seats < min || seats > max {
        return Err(RuleSetError::SeatCount { seats, min, max }.into());
    }
    if let Some(bad) = teams.into_iter().flatten().flatten().find(|s| **s >= seats) {
        return Err(
            RuleSetError::Teams(format!("seat {bad} does not exist ({seats} seats)")).into(),
        );
    }
    let sides: Vec<Vec<u8>> = match teams {
        None => (0..seats as u8).map(|s| vec![s]).collect(),
        Some(t) => t
            .iter()
            .map(|side| side.iter().map(|s| *s as u8).collect())
            .collect(),
    };
    let mut side_of = vec![u8::MAX; seats];
    for (i, side) in sides.iter().enumerate() {
        if side.is_empty() {
            return Err(RuleSetError::Teams(format!("side {i} has no seat")).into());
        }
        for &s in side {
            let slot = side_of.get_mut(s as usize).ok_or_else(|| {
                RuleSetError::Teams(format!("seat {s} does not exist ({seats} seats)"))
            })?;
            if *slot != u8::MAX {
                return Err(RuleSetError::Teams(format!("seat {s} is on two sides")).into());
            }
            *slot = i as u8;
        }
    }
    if let Some(s) = side_of.iter().position(|s| *s == u8::MAX) {
        return Err(RuleSetError::Teams(format!("seat {s} is on no side")).into());
    }
    if sides.len() < 2 {
        return Err(RuleSetError::Teams("at least two sides are needed".into()).into());
    }
    Ok((side_of, sides))
}

impl Game {
    /// A new game: every piece home, `first` to throw.
    pub fn new(
        rules: RuleSet,
        seats: usize,
        teams: Option<&[Vec<usize>]>,
        first: usize,
    ) -> Result<Game, SetupError> {
        let (side_of, sides) = validate_table(&rules, seats, teams)?;
        if first >= seats {
            return Err(SetupError::Invalid(format!("seat {first} does not exist")));
        }
        let map = rules.route_map();
        let n = rules.pieces_per_player;
        Ok(Game {
            rules: std::sync::Arc::new(rules),
            map,
            side_of: side_of.into(),
            sides: sides.into(),
            stacks: Vec::new(),
            home: vec![n; seats],
            done: vec![0; seats],
            to_move: first as u8,
            owed: 1,
            owed_prize: 0,
            hand: Vec::new(),
            places: Vec::new(),
            over: false,
            engine: ENGINE_REVISION,
        })
    }

    /// Builds a game from explicit parts (used by `Setup`), then checks and settles it.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn from_parts(
        rules: RuleSet,
        side_of: Vec<u8>,
        sides: Vec<Vec<u8>>,
        stacks: Vec<Stack>,
        home: Vec<u8>,
        done: Vec<u8>,
        to_move: u8,
        owed: u8,
        hand: Vec<HandResult>,
    ) -> Result<Game, SetupError> {
        if owed > MAX_OWED {
            return Err(SetupError::TooManyOwed {
                owed,
                max: MAX_OWED,
            });
        }
        // Under `combine_results` the throws owed become results before any is spent, so
        // they count towards the hand as well.
        let held = hand.len()
            + if rules.combine_results {
                owed as usize
            } else {
                0
            };
        if held > MAX_HAND {
            return Err(SetupError::HandTooLarge {
                held,
                max: MAX_HAND,
            });
        }
        let map = rules.route_map();
        let mut g = Game {
            rules: std::sync::Arc::new(rules),
            map,
            side_of: side_of.into(),
            sides: sides.into(),
            stacks,
            home,
            done,
            to_move,
            owed,
            owed_prize: 0,
            hand,
            places: Vec::new(),
            over: false,
            engine: ENGINE_REVISION,
        };
        for i in 0..g.stacks.len() {
            let landed = g.landing_turn(g.stacks[i].route, g.stacks[i].index);
            match landed {
                Landing::Switch(r) => g.stacks[i].route = r,
                Landing::Choice(r) => g.stacks[i].turn = Some(r),
                Landing::Stay => {}
            }
        }
        let mut ev = Vec::new();
        for side in 0..g.sides.len() as u8 {
            if g.side_complete(side) {
                g.places.push(side);
            }
        }
        if !g.places.is_empty() {
            if !g.rules.play_on_for_places || g.sides.len() - g.places.len() <= 1 {
                g.end_game(&mut ev);
            } else if g.places.contains(&g.side_of[g.to_move as usize]) {
                g.pass_turn(&mut ev);
            }
        }
        g.settle(&mut ev);
        Ok(g)
    }

    // ----- reading the state -----

    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }
    pub fn route_map(&self) -> RouteMap {
        self.map
    }
    pub fn seats(&self) -> usize {
        self.side_of.len()
    }
    pub fn side_of(&self, seat: usize) -> usize {
        self.side_of.get(seat).map_or(0, |s| *s as usize)
    }
    pub fn sides(&self) -> &[Vec<u8>] {
        &self.sides
    }
    pub fn stacks(&self) -> &[Stack] {
        &self.stacks
    }
    pub fn home(&self, seat: usize) -> u8 {
        self.home.get(seat).copied().unwrap_or(0)
    }
    pub fn done(&self, seat: usize) -> u8 {
        self.done.get(seat).copied().unwrap_or(0)
    }
    pub fn to_move(&self) -> usize {
        self.to_move as usize
    }
    /// Every throw owed now, ordinary and prize.
    pub fn owed(&self) -> u8 {
        // Both are kept within MAX_OWED together; saturating all the same.
        self.owed.saturating_add(self.owed_prize)
    }
    pub fn owed_prize(&self) -> u8 {
        self.owed_prize
    }
    /// Makes `owed_prize` of the owed throws prize throws and marks the hand's results as
    /// prize ones where `prizes` says so (in hand order). The setup format cannot say
    /// either (`single_prize` positions arise only in play), but the solver keys positions
    /// with them and rebuilds each through a setup; this restores what the key holds.
    pub(crate) fn mark_prizes(&mut self, owed_prize: u8, prizes: &[bool]) {
        let moved = owed_prize.min(self.owed);
        self.owed -= moved;
        self.owed_prize += moved;
        for (h, &prize) in self.hand.iter_mut().zip(prizes) {
            h.prize = prize;
        }
    }
    pub fn hand(&self) -> &[HandResult] {
        &self.hand
    }
    pub fn is_over(&self) -> bool {
        self.over
    }
    /// The first side to finish, if any.
    pub fn winner(&self) -> Option<usize> {
        self.places.first().map(|s| *s as usize)
    }
    /// Sides in the order they finished (the last side left is placed when the game ends).
    pub fn places(&self) -> &[u8] {
        &self.places
    }

    /// The station a stack stands on.
    pub fn station_of(&self, stack: &Stack) -> Station {
        match self.map.spot(stack.route, stack.index) {
            Spot::At(s) => s,
            // A stack never rests on `done`; report 참먹이 rather than fail.
            _ => Station::CHAMMEOGI,
        }
    }

    /// Every piece of a seat, as spots (a multiset: home, stations, done).
    pub fn pieces_of(&self, seat: usize) -> Vec<Spot> {
        let mut out = vec![Spot::Home; self.home(seat) as usize];
        for st in &self.stacks {
            let n = st.counts.get(seat).copied().unwrap_or(0);
            for _ in 0..n {
                out.push(Spot::At(self.station_of(st)));
            }
        }
        out.extend(std::iter::repeat_n(Spot::Done, self.done(seat) as usize));
        out
    }

    pub fn phase(&self) -> Phase {
        if self.over {
            Phase::Over
        } else if self.must_throw() {
            Phase::Throw
        } else {
            Phase::Move
        }
    }

    fn must_throw(&self) -> bool {
        if self.owed() == 0 {
            return false;
        }
        match self.rules.throw_timing {
            ThrowTiming::CollectFirst => true,
            ThrowTiming::MoveAfterEach => self.candidate_moves().is_empty(),
        }
    }

    /// This game as engine revision `engine` plays it (see `session::ENGINE_REVISION`):
    /// under revision 1 every move spends ordinary results before prize ones.
    pub fn under_engine(mut self, engine: u32) -> Game {
        self.engine = engine;
        self
    }

    /// The engine revision this game is played under.
    pub fn engine(&self) -> u32 {
        self.engine
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teams_naming_a_seat_that_does_not_exist_are_refused() {
        let r = Game::new(RuleSet::default(), 2, Some(&[vec![256], vec![1]]), 0);
        assert!(matches!(r, Err(SetupError::Rules(RuleSetError::Teams(_)))));
        let r = Game::new(RuleSet::default(), 2, Some(&[vec![0, 1]]), 0);
        assert!(r.is_err(), "one side only");
        let r = Game::new(RuleSet::default(), 4, Some(&[vec![0, 2], vec![1, 3]]), 0);
        assert!(r.is_ok());
    }

    #[test]
    fn absurd_piece_counts_in_a_saved_game_are_refused_not_a_panic() {
        let g = Game::new(RuleSet::default(), 2, None, 0).unwrap();
        let mut v = serde_json::to_value(&g).unwrap();
        v["stacks"] = serde_json::json!([{"side": 0, "counts": [200, 100, 0, 0, 0, 0],
            "route": "outer", "index": 3, "turn": null}]);
        assert!(serde_json::from_value::<Game>(v).is_err());
    }

    #[test]
    fn a_move_of_another_position_is_refused_by_the_fast_path_and_changes_nothing() {
        let mut a = Game::new(RuleSet::default(), 2, None, 0).unwrap();
        a.throw_outcome(Outcome::Result(Throw::Geol)).unwrap();
        let entering = a.legal_moves().remove(0);
        let mut b = a.clone();
        b.play_own(&entering).unwrap();
        assert_eq!(
            b.stacks().len(),
            1,
            "the fast path plays the move it was given"
        );
        // Seat 1 to throw now: the same move (seat 0's Geol) no longer exists.
        let before = serde_json::to_value(&b).unwrap();
        assert!(matches!(
            b.play_own(&entering),
            Err(RuleError::IllegalMove(_))
        ));
        b.throw_outcome(Outcome::Result(Throw::Do)).unwrap();
        let thrown = serde_json::to_value(&b).unwrap();
        assert!(matches!(
            b.play_own(&entering),
            Err(RuleError::IllegalMove(_))
        ));
        assert_eq!(serde_json::to_value(&b).unwrap(), thrown);
        assert_ne!(before, thrown);
    }
}
