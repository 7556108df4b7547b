//! The rules engine: position, turn, legal moves, throws and moves.
//!
//! `Game` knows nothing of names, files or randomness beyond the result it is handed:
//! `throw_outcome` takes an already-drawn result, `play` takes a move. Every action either
//! returns the events that explain it, or a `RuleError` and leaves the game unchanged.

use crate::board::{Spot, Station};
use crate::route::{RouteId, RouteMap, SwitchPoint};
use crate::rules::{
    BackDoFromFirst, BackDoWhenEmpty, CaptureBonus, Finish, RuleSet, RuleSetError, Stacking,
    Switch, ThrowTiming,
};
use crate::throw::{Outcome, Throw, ThrowRng, NAK_PROBABILITY};
use serde::{Deserialize, Serialize};

mod moves;

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

    // ----- throwing -----

    /// Draws the next throw from `rng` under these rules (sticks, and 낙 where on). The
    /// sticks are returned so the animation can show exactly what fell.
    pub fn draw(&self, rng: &mut ThrowRng) -> (Outcome, [bool; 4]) {
        let sticks = rng.sticks(self.rules.stick_flat_probability);
        if self.rules.nak && rng.chance(NAK_PROBABILITY) {
            return (Outcome::Nak, sticks);
        }
        (
            Outcome::Result(Throw::from_sticks(sticks, self.rules.back_do)),
            sticks,
        )
    }

    /// Throws with the given result (drawn by the caller, or forced by a test).
    pub fn throw_result(&mut self, t: Throw) -> Result<Vec<Event>, RuleError> {
        self.throw_outcome(Outcome::Result(t))
    }

    pub fn throw_outcome(&mut self, outcome: Outcome) -> Result<Vec<Event>, RuleError> {
        match self.phase() {
            Phase::Over => return Err(RuleError::GameOver),
            Phase::Move => return Err(RuleError::NoThrowOwed),
            Phase::Throw => {}
        }
        if outcome == Outcome::Result(Throw::BackDo) && !self.rules.back_do {
            return Err(RuleError::BackDoOff);
        }
        // The phase is Throw, so one of the two is above zero.
        let prize = if self.owed > 0 {
            self.owed -= 1;
            false
        } else {
            self.owed_prize = self.owed_prize.saturating_sub(1);
            true
        };
        let mut ev = vec![Event::Thrown {
            seat: self.to_move,
            outcome,
            prize,
        }];
        if let Outcome::Result(t) = outcome {
            self.hand.push(HandResult { throw: t, prize });
            let room = self.hand.len() + (self.owed() as usize) < MAX_HAND;
            if !prize && room && self.rules.bonus_throw_on.contains(&t) && self.owe_one(false) {
                ev.push(Event::BonusOwed {
                    reason: BonusReason::Result,
                    prize: false,
                });
            }
        }
        self.settle(&mut ev);
        Ok(ev)
    }

    // ----- moves -----

    /// Plays a move given by its description; the first legal move that matches it.
    pub fn play(&mut self, mv: &Move) -> Result<Vec<Event>, RuleError> {
        match self.phase() {
            Phase::Over => return Err(RuleError::GameOver),
            Phase::Throw => return Err(RuleError::MustThrow),
            Phase::Move => {}
        }
        let mut uses = mv.uses.clone();
        uses.sort();
        let legal = self
            .candidate_moves()
            .into_iter()
            .find(|l| {
                l.mv.from == mv.from
                    && l.mv.uses == uses
                    && l.mv.route == mv.route
                    && l.mv.stack == mv.stack
                    && l.mv.pieces == mv.pieces
            })
            .ok_or_else(|| RuleError::IllegalMove(describe(mv)))?;
        Ok(self.apply(&legal, true))
    }

    /// Plays one of the moves `legal_moves()` returned.
    pub fn play_legal(&mut self, legal: &LegalMove) -> Result<Vec<Event>, RuleError> {
        self.play(&legal.mv)
    }

    /// Plays a move this very position's `legal_moves()` returned, without finding it
    /// again: the bots' search plays every legal move of millions of positions. A move of
    /// another position is refused (`IllegalMove`), never misapplied.
    pub(crate) fn play_own(&mut self, legal: &LegalMove) -> Result<(), RuleError> {
        let seat = self.to_move as usize;
        let side = self.side_of.get(seat).copied();
        // Counted, not copied: this runs for every node of a search.
        let mut held = [0u8; Throw::ALL.len()];
        for h in &self.hand {
            held[h.throw as usize] = held[h.throw as usize].saturating_add(1);
        }
        let in_hand = legal.mv.uses.iter().all(|t| {
            let n = &mut held[*t as usize];
            n.checked_sub(1).map(|left| *n = left).is_some()
        });
        let fits = in_hand
            && match legal.source {
                Source::Home => self.home_piece_for(seat).is_some(),
                Source::Stack(i) => self.stacks.get(i).is_some_and(|st| {
                    Some(st.side) == side
                        && st.size() == legal.mv.pieces
                        && Spot::At(self.station_of(st)) == legal.mv.from
                }),
            };
        if self.phase() != Phase::Move || !fits {
            return Err(RuleError::IllegalMove(describe(&legal.mv)));
        }
        self.apply(legal, false);
        Ok(())
    }

    /// Plays `legal`; `record` false skips the move's own event (its path and results are
    /// copies the search has no use for).
    fn apply(&mut self, legal: &LegalMove, record: bool) -> Vec<Event> {
        let seat = self.to_move;
        let side = self.side_of[seat as usize];
        let mut ev = Vec::new();
        // Take the mover off its spot.
        let mut mover = match legal.source {
            Source::Home => {
                let owner = self.home_piece_for(seat as usize).unwrap_or(seat as usize);
                self.home[owner] = self.home[owner].saturating_sub(1);
                let mut counts = [0; MAX_SEATS];
                counts[owner] = 1;
                Stack {
                    side,
                    counts,
                    route: RouteId::Outer,
                    index: 0,
                    turn: None,
                }
            }
            Source::Stack(i) => self.stacks.remove(i),
        };
        let size = mover.size();
        let back_do = legal.mv.uses == [Throw::BackDo];
        if record {
            ev.push(Event::Moved {
                seat,
                from: legal.mv.from,
                to: legal.to,
                path: legal.path.clone(),
                pieces: size,
                uses: legal.mv.uses.clone(),
                route: legal.mv.route,
            });
        }
        let used_prize = self.spend(&legal.mv.uses, legal.captures > 0);
        let mut captured = false;
        match legal.to {
            Spot::Done => {
                add_counts(&mut self.done, &mover.counts);
                ev.push(Event::Finished { side, pieces: size });
            }
            Spot::Home => {
                add_counts(&mut self.home, &mover.counts);
            }
            Spot::At(station) => {
                // Where on which route the mover now stands.
                let (route, index) = if back_do {
                    match legal.source {
                        Source::Home => (RouteId::Outer, 0),
                        Source::Stack(_) if mover.index == 0 => (RouteId::Outer, 19),
                        Source::Stack(_) => {
                            let idx = mover.index - 1;
                            (self.map.after_back_step(mover.route, idx), idx)
                        }
                    }
                } else {
                    let start = match legal.source {
                        Source::Home => -1,
                        Source::Stack(_) => mover.index as i32,
                    };
                    let steps: i32 = legal.mv.uses.iter().map(|t| t.steps() as i32).sum();
                    (legal.mv.route, (start + steps) as u8)
                };
                mover.route = route;
                mover.index = index;
                mover.turn = None;
                // Capture.
                if !self.rules.safe_stations.contains(&station) {
                    let mut k = 0;
                    while k < self.stacks.len() {
                        let st = &self.stacks[k];
                        if st.side != side && self.station_of(st) == station {
                            let st = self.stacks.remove(k);
                            add_counts(&mut self.home, &st.counts);
                            ev.push(Event::Captured {
                                at: station,
                                side: st.side,
                                pieces: st.size(),
                            });
                            captured = true;
                        } else {
                            k += 1;
                        }
                    }
                }
                // Stacking.
                if legal.mv.stack == Some(true) {
                    let mut k = 0;
                    while k < self.stacks.len() {
                        let st = &self.stacks[k];
                        if st.side == side && self.station_of(st) == station {
                            let st = self.stacks.remove(k);
                            for (c, n) in mover.counts.iter_mut().zip(st.counts) {
                                *c += n;
                            }
                        } else {
                            k += 1;
                        }
                    }
                    ev.push(Event::Stacked {
                        at: station,
                        pieces: mover.size(),
                    });
                }
                // Turning at a corner or the centre.
                match self.landing_turn(mover.route, mover.index) {
                    Landing::Switch(r) => {
                        mover.route = r;
                        ev.push(Event::Turned {
                            at: station,
                            route: r,
                        });
                    }
                    Landing::Choice(r) => mover.turn = Some(r),
                    Landing::Stay => {}
                }
                self.stacks.push(mover);
            }
        }
        if captured {
            let bonus = self.rules.capture_bonus;
            match bonus {
                CaptureBonus::Each if self.owe_one(false) => {
                    ev.push(Event::BonusOwed {
                        reason: BonusReason::Capture,
                        prize: false,
                    });
                }
                CaptureBonus::SinglePrize if !used_prize && self.owe_one(true) => {
                    ev.push(Event::BonusOwed {
                        reason: BonusReason::Capture,
                        prize: true,
                    });
                }
                _ => {}
            }
        }
        if legal.to == Spot::Done && self.side_complete(side) {
            self.side_finished(side, &mut ev);
        }
        self.settle(&mut ev);
        ev
    }

    /// Owes one more throw (a prize throw if `prize`) unless the turn already owes
    /// `MAX_OWED`; says whether it did.
    fn owe_one(&mut self, prize: bool) -> bool {
        if self.owed() >= MAX_OWED {
            return false;
        }
        if prize {
            self.owed_prize += 1;
        } else {
            self.owed += 1;
        }
        true
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

    /// Removes the used results from the hand and says whether a prize result was among
    /// them. Where the hand holds a result both as an ordinary and as a prize result, a
    /// capturing move spends the ordinary one (so its capture earns the prize throw) and any
    /// other move the prize one (keeping the ordinary one for a later capture): never worse
    /// for the mover (RULES.md §4).
    fn spend(&mut self, uses: &[Throw], captures: bool) -> bool {
        let mut prize = false;
        // Revision 1 spent the ordinary copy first on every move.
        let first_prize = !captures && self.engine >= 2;
        for t in uses {
            let pick = |hand: &[HandResult], as_prize: bool| {
                hand.iter()
                    .position(|h| h.throw == *t && h.prize == as_prize)
            };
            let pos = pick(&self.hand, first_prize).or_else(|| pick(&self.hand, !first_prize));
            if let Some(p) = pos {
                prize |= self.hand[p].prize;
                self.hand.remove(p);
            }
        }
        prize
    }

    /// What landing on `index` of `route` (a forward move, a Back-Do or a setup) does to the
    /// route. On a branch station either way shares the path travelled, so the choice runs
    /// both ways: from the parent route towards the centre, and from a branch route (a piece
    /// that backed onto the corner it had turned at) back along the parent (RULES.md §2).
    fn landing_turn(&self, route: RouteId, index: u8) -> Landing {
        if let Some((to, point)) = self.map.turn_at(route, index) {
            return match self.switch_option(point) {
                Switch::Forced => Landing::Switch(to),
                Switch::Optional => Landing::Choice(to),
                Switch::OnlyIfShorter if self.shorter(to, route, index) => Landing::Choice(to),
                Switch::OnlyIfShorter | Switch::Never => Landing::Stay,
            };
        }
        let Some((parent, branch)) = self.map.parent(route) else {
            return Landing::Stay;
        };
        let Some((_, point)) = self.map.turn_at(parent, branch).filter(|_| branch == index) else {
            return Landing::Stay;
        };
        // `forced` would take this branch again and `never` would not leave it: both stay.
        match self.switch_option(point) {
            Switch::Optional => Landing::Choice(parent),
            Switch::OnlyIfShorter if self.shorter(parent, route, index) => Landing::Choice(parent),
            _ => Landing::Stay,
        }
    }

    fn switch_option(&self, point: SwitchPoint) -> Switch {
        match point {
            SwitchPoint::Corner => self.rules.shortcut,
            SwitchPoint::Fifteen => self.rules.shortcut_at_15,
        }
    }

    /// Whether `to` reaches `done` in strictly fewer steps than `from`, both from `index`.
    fn shorter(&self, to: RouteId, from: RouteId, index: u8) -> bool {
        self.map.steps_to_done(to, index) < self.map.steps_to_done(from, index)
    }

    fn side_complete(&self, side: u8) -> bool {
        let n = self.rules.pieces_per_player;
        self.sides[side as usize]
            .iter()
            .all(|s| self.done[*s as usize] == n)
    }

    fn side_finished(&mut self, side: u8, ev: &mut Vec<Event>) {
        if self.places.contains(&side) {
            return;
        }
        self.places.push(side);
        if self.places.len() == 1 {
            ev.push(Event::Won { side });
        }
        ev.push(Event::Placed {
            side,
            place: self.places.len() as u8,
        });
        if !self.rules.play_on_for_places || self.sides.len() - self.places.len() <= 1 {
            self.end_game(ev);
        } else {
            // A side that finishes ends its turn at once.
            self.hand.clear();
            self.owed = 0;
            self.owed_prize = 0;
            self.pass_turn(ev);
        }
    }

    fn end_game(&mut self, ev: &mut Vec<Event>) {
        if self.rules.play_on_for_places {
            for side in 0..self.sides.len() as u8 {
                if !self.places.contains(&side) {
                    self.places.push(side);
                    ev.push(Event::Placed {
                        side,
                        place: self.places.len() as u8,
                    });
                }
            }
        }
        self.over = true;
        self.hand.clear();
        self.owed = 0;
        self.owed_prize = 0;
    }

    /// Moves the turn to the next seat whose side still plays.
    fn pass_turn(&mut self, ev: &mut Vec<Event>) {
        let n = self.seats();
        for k in 1..=n {
            let seat = (self.to_move as usize + k) % n;
            if !self.places.contains(&self.side_of[seat]) {
                self.to_move = seat as u8;
                break;
            }
        }
        self.hand.clear();
        self.owed = 1;
        self.owed_prize = 0;
        ev.push(Event::TurnPassed { to: self.to_move });
    }

    /// After every action: lose unusable results and pass the turn when nothing is left
    /// to do.
    fn settle(&mut self, ev: &mut Vec<Event>) {
        if self.over || self.owed() > 0 {
            return;
        }
        if !self.candidate_moves().is_empty() {
            return;
        }
        for h in std::mem::take(&mut self.hand) {
            ev.push(Event::ResultLost { throw: h.throw });
        }
        self.pass_turn(ev);
    }
}

/// Adds a stack's pieces back to per-seat counters (home or done).
fn add_counts(target: &mut [u8], counts: &[u8; MAX_SEATS]) {
    for (t, n) in target.iter_mut().zip(counts) {
        *t += n;
    }
}

enum Landing {
    Stay,
    Switch(RouteId),
    Choice(RouteId),
}

fn describe(mv: &Move) -> String {
    let uses: Vec<&str> = mv.uses.iter().map(|t| t.id()).collect();
    format!(
        "from {} using [{}] along {}{}",
        mv.from,
        uses.join(", "),
        mv.route,
        match mv.stack {
            Some(true) => ", stacking",
            Some(false) => ", not stacking",
            None => "",
        }
    )
}

/// The saved form of a game; checked on the way in so a hand-edited or damaged file can
/// never produce an impossible position.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameRepr {
    rules: RuleSet,
    sides: Vec<Vec<u8>>,
    stacks: Vec<Stack>,
    home: Vec<u8>,
    done: Vec<u8>,
    to_move: u8,
    owed: u8,
    owed_prize: u8,
    hand: Vec<HandResult>,
    places: Vec<u8>,
    over: bool,
    #[serde(default = "current_engine", skip_serializing_if = "is_current_engine")]
    engine: u32,
}

fn current_engine() -> u32 {
    ENGINE_REVISION
}

fn is_current_engine(engine: &u32) -> bool {
    *engine == ENGINE_REVISION
}

impl From<Game> for GameRepr {
    fn from(g: Game) -> GameRepr {
        GameRepr {
            rules: std::sync::Arc::unwrap_or_clone(g.rules),
            sides: g.sides.to_vec(),
            stacks: g.stacks,
            home: g.home,
            done: g.done,
            to_move: g.to_move,
            owed: g.owed,
            owed_prize: g.owed_prize,
            hand: g.hand,
            places: g.places,
            over: g.over,
            engine: g.engine,
        }
    }
}

impl TryFrom<GameRepr> for Game {
    type Error = String;
    fn try_from(r: GameRepr) -> Result<Game, String> {
        let seats = r.home.len();
        let teams: Vec<Vec<usize>> = r
            .sides
            .iter()
            .map(|s| s.iter().map(|x| *x as usize).collect())
            .collect();
        let (side_of, sides) =
            validate_table(&r.rules, seats, Some(&teams)).map_err(|e| e.to_string())?;
        if r.done.len() != seats || r.to_move as usize >= seats {
            return Err("seat counts disagree".into());
        }
        let map = r.rules.route_map();
        let n = r.rules.pieces_per_player as usize;
        let mut on_board = vec![0usize; seats];
        for st in &r.stacks {
            if st.size() == 0 || st.index as usize >= map.stations(st.route).len() {
                return Err("a stack is empty or off its route".into());
            }
            if st.route == RouteId::MoStraight && !map.center_straight {
                return Err("route mo_straight under a turning centre".into());
            }
            for (seat, c) in st.counts.iter().enumerate() {
                if *c > 0 {
                    if seat >= seats || side_of[seat] != st.side {
                        return Err("a stack holds a piece of another side".into());
                    }
                    on_board[seat] += *c as usize;
                }
            }
        }
        for (seat, board) in on_board.iter().enumerate() {
            if r.home[seat] as usize + r.done[seat] as usize + board != n {
                return Err(format!("seat {seat} does not have {n} pieces"));
            }
        }
        if r.places.iter().any(|p| *p as usize >= sides.len()) {
            return Err("places name a side that does not exist".into());
        }
        if r.owed as u16 + r.owed_prize as u16 > MAX_OWED as u16 {
            return Err(format!("more than {MAX_OWED} throws owed"));
        }
        if r.hand.iter().any(|h| h.throw == Throw::BackDo) && !r.rules.back_do {
            return Err("hand holds back_do but Back-Do is off".into());
        }
        // Play keeps the hand at `MAX_HAND` or below unless a setup owed many throws (up to
        // `MAX_OWED`) whose results could not be used; more than that is a damaged file.
        if r.hand.len() > MAX_HAND + MAX_OWED as usize {
            return Err(format!("{} results in hand", r.hand.len()));
        }
        if !(1..=ENGINE_REVISION).contains(&r.engine) {
            return Err(format!("engine revision {} is unknown", r.engine));
        }
        Ok(Game {
            map,
            rules: std::sync::Arc::new(r.rules),
            side_of: side_of.into(),
            sides: sides.into(),
            stacks: r.stacks,
            home: r.home,
            done: r.done,
            to_move: r.to_move,
            owed: r.owed,
            owed_prize: r.owed_prize,
            hand: r.hand,
            places: r.places,
            over: r.over,
            engine: r.engine,
        })
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
