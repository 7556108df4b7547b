//! A game session: the table (seats with names, colours, human or bot), who starts, the
//! game, the full history and the RNG state. This is what a save file holds, so a family
//! can close the app mid-game and resume days later exactly where they were.
//!
//! Every throw is drawn from the session's own seeded RNG and recorded; reloading restores
//! the RNG, so quitting cannot re-roll a throw. Undo takes back moves only, never throws.

use crate::game::{Event, Game, Move, Phase, RuleError, SetupError};
use crate::rules::{FirstPlayer, RuleSet};
use crate::seat_name::{check_name, check_stored_name, is_colour};
use crate::throw::{Outcome, Throw, ThrowRng};
use serde::{Deserialize, Serialize};
use std::time::{SystemTime, UNIX_EPOCH};

/// The strength of a bot seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    Easy,
    Medium,
    Hard,
}

impl BotLevel {
    pub const ALL: [BotLevel; 3] = [BotLevel::Easy, BotLevel::Medium, BotLevel::Hard];
    pub fn id(self) -> &'static str {
        match self {
            BotLevel::Easy => "easy",
            BotLevel::Medium => "medium",
            BotLevel::Hard => "hard",
        }
    }
}

impl From<BotLevel> for crate::bot::Level {
    fn from(l: BotLevel) -> crate::bot::Level {
        match l {
            BotLevel::Easy => crate::bot::Level::Easy,
            BotLevel::Medium => crate::bot::Level::Medium,
            BotLevel::Hard => crate::bot::Level::Hard,
        }
    }
}

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Player {
    Human,
    Bot { level: BotLevel },
}

/// A seat at the table: a name and a colour (`#RRGGBB`) chosen in the new-game screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seat {
    pub name: String,
    pub colour: String,
    pub player: Player,
}

/// Options of the session itself, beside the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SessionOptions {
    /// The mover may take back their last move while their turn goes on, until they
    /// throw again (on by default).
    pub undo: bool,
}

impl Default for SessionOptions {
    fn default() -> Self {
        SessionOptions { undo: true }
    }
}

/// Everything needed to start a session.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewSession {
    pub rules: RuleSet,
    pub seats: Vec<Seat>,
    /// Sides as lists of seats; `None`: each seat its own side.
    pub teams: Option<Vec<Vec<usize>>>,
    pub seed: u64,
    pub options: SessionOptions,
}

impl NewSession {
    /// The bot level at each seat (`None` for a person), for `Bot::with_seat_levels`: a
    /// hard bot at the table plays for the mistakes of the bots it knows are there.
    pub fn seat_levels(&self) -> Vec<Option<crate::bot::Level>> {
        self.seats
            .iter()
            .map(|s| match s.player {
                Player::Bot { level } => Some(level.into()),
                Player::Human => None,
            })
            .collect()
    }
}

/// One throw of the throw-off that decides who starts (`first_player = throw_off`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffThrow {
    pub seat: usize,
    pub outcome: Outcome,
    pub sticks: [bool; 4],
}

/// How the first player was chosen: the throw-off rounds (ties rethrow), if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Start {
    pub first: usize,
    pub throw_off: Vec<Vec<OffThrow>>,
}

/// One action of the history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    Throw {
        seat: usize,
        outcome: Outcome,
        sticks: [bool; 4],
        at_ms: u64,
    },
    Move {
        seat: usize,
        #[serde(rename = "move")]
        mv: Move,
        at_ms: u64,
    },
}

/// Why a session action was refused. The session is unchanged.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    Rules(#[from] RuleError),
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("seat {seat}: {reason}")]
    Seat { seat: usize, reason: String },
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("undo is off at this table")]
    UndoOff,
    #[error("the history does not replay: {0}")]
    Replay(String),
}

/// What a throw produced, for the screen.
#[derive(Clone, Debug, PartialEq)]
pub struct ThrowReport {
    pub seat: usize,
    pub outcome: Outcome,
    pub sticks: [bool; 4],
    pub events: Vec<Event>,
}

/// Game + seats + history + RNG + timestamps.
///
/// Serialised (the `session` block of a save file) without the position: reading one
/// replays the history from the seed, so a session read from a file always holds a game
/// the rules and the RNG really produced, and the file format does not depend on how the
/// engine stores a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    pub id: String,
    pub created_ms: u64,
    pub updated_ms: u64,
    pub setup: NewSession,
    pub start: Start,
    /// The RNG now: the next throw is drawn from it.
    rng: ThrowRng,
    history: Vec<Action>,
    game: Game,
}

pub use crate::game::ENGINE_REVISION;

/// Records written before the engine revision was stored (save format 1, rooms of an
/// earlier server) were played under revision 1.
pub fn first_engine() -> u32 {
    1
}

/// Refuses a revision this version does not play.
fn check_engine(engine: u32) -> Result<(), SessionError> {
    if (1..=ENGINE_REVISION).contains(&engine) {
        Ok(())
    } else {
        Err(SessionError::Replay(format!(
            "engine revision {engine} is not one this version plays (1 to {ENGINE_REVISION})"
        )))
    }
}

/// The stored form of a session, field by field in file order.
#[derive(Serialize)]
struct SessionOut<'a> {
    id: &'a str,
    created_ms: u64,
    updated_ms: u64,
    setup: &'a NewSession,
    start: &'a Start,
    rng: &'a ThrowRng,
    history: &'a [Action],
    engine: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SessionIn {
    id: String,
    created_ms: u64,
    updated_ms: u64,
    setup: NewSession,
    start: Start,
    rng: ThrowRng,
    history: Vec<Action>,
    #[serde(default = "first_engine")]
    engine: u32,
}

impl Serialize for Session {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        SessionOut {
            id: &self.id,
            created_ms: self.created_ms,
            updated_ms: self.updated_ms,
            setup: &self.setup,
            start: &self.start,
            rng: &self.rng,
            history: &self.history,
            engine: self.engine(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Session {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let r = SessionIn::deserialize(d)?;
        check_engine(r.engine).map_err(serde::de::Error::custom)?;
        let (game, rng) =
            replay(&r.setup, &r.start, &r.history, r.engine).map_err(serde::de::Error::custom)?;
        if rng != r.rng {
            return Err(serde::de::Error::custom(
                "the saved RNG state differs from the replayed one",
            ));
        }
        let s = Session {
            id: r.id,
            created_ms: r.created_ms,
            updated_ms: r.updated_ms,
            setup: r.setup,
            start: r.start,
            rng,
            history: r.history,
            game,
        };
        Ok(s)
    }
}

/// Milliseconds since the Unix epoch (0 if the clock is before it).
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

fn outcome_rank(o: Outcome) -> i8 {
    match o {
        Outcome::Result(t) => t.steps(),
        Outcome::Nak => i8::MIN,
    }
}

/// The most rounds a throw-off takes: ties among the leaders rethrow, bounded so a broken
/// source of throws cannot hang us (then the first of the leaders starts).
pub const MAX_THROW_OFF_ROUNDS: u32 = 1000;

/// A throw-off among `seats` seats: each round every seat still in contention throws
/// (`throw(round, place in the round)`, in seat order), the longest throw wins (낙 below
/// all), and the seats tied for it go on until one is left.
pub fn throw_off(seats: usize, mut throw: impl FnMut(u32, usize) -> (Outcome, [bool; 4])) -> Start {
    let mut contenders: Vec<usize> = (0..seats).collect();
    let mut rounds = Vec::new();
    for round in 0..MAX_THROW_OFF_ROUNDS {
        let throws: Vec<OffThrow> = contenders
            .iter()
            .enumerate()
            .map(|(k, &seat)| {
                let (outcome, sticks) = throw(round, k);
                OffThrow {
                    seat,
                    outcome,
                    sticks,
                }
            })
            .collect();
        let best = throws.iter().map(|t| outcome_rank(t.outcome)).max();
        contenders = throws
            .iter()
            .filter(|t| Some(outcome_rank(t.outcome)) == best)
            .map(|t| t.seat)
            .collect();
        rounds.push(throws);
        if contenders.len() == 1 {
            break;
        }
    }
    Start {
        first: contenders.first().copied().unwrap_or(0),
        throw_off: rounds,
    }
}

/// Checks the table and decides who starts: by seat order, by lot, or by a throw-off of
/// real throws drawn from the session's RNG (tied leaders rethrow). Returns the start,
/// the RNG right after it and the game ready for its first throw. Deterministic in the
/// seed, so a save can be checked by running it again.
fn decide_start(spec: &NewSession) -> Result<(Start, ThrowRng, Game), SessionError> {
    for (seat, s) in spec.seats.iter().enumerate() {
        // `new` trims; a name read back from a file must already be as `new` left it.
        match check_stored_name(&s.name) {
            Ok(n) if n == s.name => {}
            Ok(_) => {
                return Err(SessionError::Seat {
                    seat,
                    reason: "the name has spaces around it".into(),
                })
            }
            Err(reason) => return Err(SessionError::Seat { seat, reason }),
        }
        if !is_colour(&s.colour) {
            return Err(SessionError::Seat {
                seat,
                reason: format!("colour {:?} is not #RRGGBB", s.colour),
            });
        }
    }
    let teams = spec.teams.as_deref();
    // Validates rules, seat count and teams before anything is drawn.
    let probe = Game::new(spec.rules.clone(), spec.seats.len(), teams, 0)?;
    let mut rng = ThrowRng::seeded(spec.seed);
    let start = match spec.rules.first_player {
        FirstPlayer::SeatOrder => Start {
            first: 0,
            throw_off: Vec::new(),
        },
        FirstPlayer::Random => Start {
            first: rng.below(spec.seats.len()),
            throw_off: Vec::new(),
        },
        FirstPlayer::ThrowOff => throw_off(spec.seats.len(), |_, _| probe.draw(&mut rng)),
    };
    let game = Game::new(spec.rules.clone(), spec.seats.len(), teams, start.first)?;
    Ok((start, rng, game))
}

/// Plays `history` from the start, re-drawing every throw from the seed: a throw whose
/// recorded result differs from the draw means the file was tampered with.
fn replay(
    setup: &NewSession,
    recorded_start: &Start,
    history: &[Action],
    engine: u32,
) -> Result<(Game, ThrowRng), SessionError> {
    replay_seeing(setup, recorded_start, history, engine, |_| {})
}

/// `replay`, showing `before` the position each action is played from.
fn replay_seeing(
    setup: &NewSession,
    recorded_start: &Start,
    history: &[Action],
    engine: u32,
    mut before: impl FnMut(&Game),
) -> Result<(Game, ThrowRng), SessionError> {
    let (start, mut rng, game) = decide_start(setup)?;
    let mut game = game.under_engine(engine);
    if start != *recorded_start {
        return Err(SessionError::Replay(
            "the recorded start differs from the one the seed gives".into(),
        ));
    }
    for (i, a) in history.iter().enumerate() {
        let bad = |m: String| SessionError::Replay(format!("action {i}: {m}"));
        before(&game);
        match a {
            Action::Throw {
                seat,
                outcome,
                sticks,
                ..
            } => {
                if *seat != game.to_move() {
                    return Err(bad(format!("seat {seat} threw out of turn")));
                }
                let (drawn, drawn_sticks) = game.draw(&mut rng);
                if drawn != *outcome || drawn_sticks != *sticks {
                    return Err(bad("recorded throw differs from the saved RNG".into()));
                }
                game.throw_outcome(drawn).map_err(|e| bad(e.to_string()))?;
            }
            Action::Move { seat, mv, .. } => {
                if *seat != game.to_move() {
                    return Err(bad(format!("seat {seat} moved out of turn")));
                }
                game.play(mv).map_err(|e| bad(e.to_string()))?;
            }
        }
    }
    Ok((game, rng))
}

impl Session {
    /// Seats the table, decides who starts (by seat order, lot or a throw-off of real
    /// throws), and deals the first turn.
    pub fn new(spec: NewSession) -> Result<Session, SessionError> {
        Session::new_at(spec, now_ms())
    }

    /// `new` at `now_ms` (milliseconds since the Unix epoch) from the caller's clock: the
    /// browser has no clock std can read (the app core passes the time of its input).
    pub fn new_at(spec: NewSession, now_ms: u64) -> Result<Session, SessionError> {
        Session::create(spec, ENGINE_REVISION, now_ms)
    }

    /// `new`, played under engine revision `engine`: a server rebuilding a room that began
    /// under an earlier revision.
    pub fn new_under(spec: NewSession, engine: u32) -> Result<Session, SessionError> {
        Session::create(spec, engine, now_ms())
    }

    fn create(mut spec: NewSession, engine: u32, now: u64) -> Result<Session, SessionError> {
        check_engine(engine)?;
        for (seat, s) in spec.seats.iter_mut().enumerate() {
            s.name = check_name(&s.name).map_err(|reason| SessionError::Seat { seat, reason })?;
        }
        let (start, rng, game) = decide_start(&spec)?;
        let game = game.under_engine(engine);
        Ok(Session {
            id: format!("{:016x}{:08x}", spec.seed, now & 0xffff_ffff),
            created_ms: now,
            updated_ms: now,
            setup: spec,
            start,
            rng,
            history: Vec::new(),
            game,
        })
    }

    /// A session as someone else keeps it: an online room's table, its start and its
    /// history, for a client that only shows the game and lists the legal moves. The seed
    /// stays on the server, so the throws are taken as recorded (the rules still check
    /// each action) and this session's own `throw` and `undo` would not be the table's:
    /// such a client sends intents and rebuilds from what the server answers.
    pub fn observed(
        setup: NewSession,
        start: Start,
        history: Vec<Action>,
        engine: u32,
    ) -> Result<Session, SessionError> {
        check_engine(engine)?;
        let teams = setup.teams.as_deref();
        let mut game = Game::new(setup.rules.clone(), setup.seats.len(), teams, start.first)?
            .under_engine(engine);
        for (i, a) in history.iter().enumerate() {
            let bad = |m: String| SessionError::Replay(format!("action {i}: {m}"));
            let seat = match a {
                Action::Throw { seat, .. } | Action::Move { seat, .. } => *seat,
            };
            if seat != game.to_move() {
                return Err(bad(format!("seat {seat} acted out of turn")));
            }
            match a {
                Action::Throw { outcome, .. } => game.throw_outcome(*outcome),
                Action::Move { mv, .. } => game.play(mv),
            }
            .map_err(|e| bad(e.to_string()))?;
        }
        let at = |a: Option<&Action>| match a {
            Some(Action::Throw { at_ms, .. } | Action::Move { at_ms, .. }) => *at_ms,
            None => 0,
        };
        Ok(Session {
            id: String::new(),
            created_ms: at(history.first()),
            updated_ms: at(history.last()),
            rng: ThrowRng::seeded(setup.seed),
            setup,
            start,
            history,
            game,
        })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }
    /// The engine revision this game is played under (`ENGINE_REVISION` unless it was
    /// read from an older save).
    pub fn engine(&self) -> u32 {
        self.game.engine()
    }
    pub fn history(&self) -> &[Action] {
        &self.history
    }
    pub fn seats(&self) -> &[Seat] {
        &self.setup.seats
    }
    pub fn rules(&self) -> &RuleSet {
        &self.setup.rules
    }
    /// The bot level at each seat (see [`NewSession::seat_levels`]).
    pub fn seat_levels(&self) -> Vec<Option<crate::bot::Level>> {
        self.setup.seat_levels()
    }
    /// The seat whose turn it is.
    pub fn to_move(&self) -> usize {
        self.game.to_move()
    }
    /// Whether the seat to act is a bot (the app then asks the bot and plays its move).
    pub fn bot_to_act(&self) -> Option<BotLevel> {
        if self.game.is_over() {
            return None;
        }
        match self.setup.seats.get(self.game.to_move())?.player {
            Player::Bot { level } => Some(level),
            Player::Human => None,
        }
    }

    /// Throws the sticks: the result comes from the session's RNG alone. How the sticks fly
    /// is planned afterwards from the player's swipe (yut-physics), so a swipe can never
    /// change the odds.
    pub fn throw(&mut self) -> Result<ThrowReport, SessionError> {
        self.throw_at(now_ms())
    }

    /// `throw`, recorded at `at_ms` from the caller's clock (see `new_at`).
    pub fn throw_at(&mut self, at_ms: u64) -> Result<ThrowReport, SessionError> {
        match self.game.phase() {
            Phase::Over => return Err(RuleError::GameOver.into()),
            Phase::Move => return Err(RuleError::NoThrowOwed.into()),
            Phase::Throw => {}
        }
        let seat = self.game.to_move();
        let mut rng = self.rng.clone();
        let (outcome, sticks) = self.game.draw(&mut rng);
        let events = self.game.throw_outcome(outcome)?;
        self.rng = rng;
        self.updated_ms = at_ms;
        self.history.push(Action::Throw {
            seat,
            outcome,
            sticks,
            at_ms,
        });
        Ok(ThrowReport {
            seat,
            outcome,
            sticks,
            events,
        })
    }

    /// Plays a move (one of `game().legal_moves()`).
    pub fn play(&mut self, mv: &Move) -> Result<Vec<Event>, SessionError> {
        self.play_at(mv, now_ms())
    }

    /// `play`, recorded at `at_ms` from the caller's clock (see `new_at`).
    pub fn play_at(&mut self, mv: &Move, at_ms: u64) -> Result<Vec<Event>, SessionError> {
        let seat = self.game.to_move();
        let events = self.game.play(mv)?;
        self.updated_ms = at_ms;
        self.history.push(Action::Move {
            seat,
            mv: mv.clone(),
            at_ms,
        });
        Ok(events)
    }

    /// Whether `undo` would succeed now: undo is on and the last action is a human's move
    /// whose turn is still going (the seat to act made it). Once the turn has passed, the
    /// next player cannot take back the previous player's move: on one phone passed round
    /// the table, whoever holds it acts for the seat to act. A won game stays won: the
    /// move that ended it was announced to the table and is final, as in an online room
    /// (docs/SAVES.md, "Finished games").
    pub fn can_undo(&self) -> bool {
        self.setup.options.undo
            && !self.game.is_over()
            && matches!(self.history.last(), Some(Action::Move { seat, .. })
                if *seat == self.game.to_move()
                    && self.setup.seats.get(*seat).map(|s| s.player) == Some(Player::Human))
    }

    /// Takes back the mover's last move (never a throw) while their turn goes on: the
    /// result goes back in hand. Refused (`NothingToUndo`) once the turn has passed or
    /// the game is over.
    pub fn undo(&mut self) -> Result<(), SessionError> {
        self.undo_at(now_ms())
    }

    /// `undo` at `now_ms` from the caller's clock (see `new_at`).
    pub fn undo_at(&mut self, now_ms: u64) -> Result<(), SessionError> {
        if !self.setup.options.undo {
            return Err(SessionError::UndoOff);
        }
        if !self.can_undo() {
            return Err(SessionError::NothingToUndo);
        }
        let mut history = self.history.clone();
        history.pop();
        let (game, rng) = replay(&self.setup, &self.start, &history, self.engine())?;
        self.game = game;
        self.rng = rng;
        self.history = history;
        self.updated_ms = now_ms;
        Ok(())
    }

    /// Checks that the seed gives the recorded start and that the history replays to
    /// exactly the current game and RNG: such a session cannot hold a throw the RNG did not
    /// draw or a position the moves did not reach. Reading a session (serde) does the same
    /// replay, so a loaded session has passed it already.
    pub fn verify(&self) -> Result<(), SessionError> {
        let (game, rng) = replay(&self.setup, &self.start, &self.history, self.engine())?;
        if game != self.game {
            return Err(SessionError::Replay("replayed position differs".into()));
        }
        if rng != self.rng {
            return Err(SessionError::Replay("replayed RNG state differs".into()));
        }
        Ok(())
    }

    /// Throws drawn so far (for the summary and for tests).
    pub fn throws(&self) -> impl Iterator<Item = Throw> + '_ {
        self.history.iter().filter_map(|a| match a {
            Action::Throw {
                outcome: Outcome::Result(t),
                ..
            } => Some(*t),
            _ => None,
        })
    }

    /// The position each action of the history was played from, in order (replayed from
    /// the seed, for reviews).
    pub fn positions(&self) -> Result<Vec<Game>, SessionError> {
        let mut out = Vec::with_capacity(self.history.len());
        replay_seeing(
            &self.setup,
            &self.start,
            &self.history,
            self.engine(),
            |g| out.push(g.clone()),
        )?;
        Ok(out)
    }

    /// Number of turns played (throws by a new seat), a progress measure.
    pub fn turns(&self) -> usize {
        self.turn_of_each_action().last().unwrap_or(0)
    }

    /// The turn in progress, counted from 1, for a turn counter on screen. A turn is one
    /// seat's, bonus throws included; the next one counts from the moment the play passes
    /// to another seat (before its first throw), so the counter moves with the turn marker
    /// rather than with that seat's throw. Once the game is over, the last turn played.
    /// Derived from the history alone, so a resumed game shows the number it had.
    pub fn turn_number(&self) -> usize {
        let begun = self.turns();
        let last_thrower = self.history.iter().rev().find_map(|a| match a {
            Action::Throw { seat, .. } => Some(*seat),
            Action::Move { .. } => None,
        });
        if self.game.is_over() || last_thrower == Some(self.game.to_move()) {
            begun.max(1)
        } else {
            begun + 1
        }
    }

    /// The turn each action of the history belongs to (1 for the game's first; a turn
    /// starts with a throw by a new seat).
    pub fn turn_numbers(&self) -> Vec<usize> {
        self.turn_of_each_action().collect()
    }

    /// `turn_numbers` without collecting them (`turns` needs only the last).
    fn turn_of_each_action(&self) -> impl Iterator<Item = usize> + '_ {
        let mut last = None;
        let mut n = 0;
        self.history.iter().map(move |a| {
            if let Action::Throw { seat, .. } = a {
                if last != Some(*seat) {
                    n += 1;
                    last = Some(*seat);
                }
            }
            n
        })
    }
}
