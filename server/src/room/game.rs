//! The game a room plays: the engine's position, its history, and where its throws come
//! from. A game begun here draws each throw from its secret (`yut_net::verify`), so that
//! once the game is over anyone can check every throw; a game an earlier server began
//! goes on drawing from its seeded RNG, as it started.
//!
//! Each change is worked out first (`Step`), stored, and only then made (`commit`): a
//! store that fails leaves the game as it was.

use crate::store::{Entry, GameRecord};
use yut_core::game::{Event, Game, Move, RuleError};
use yut_core::session::{Action, NewSession, Player, Session, Start};
use yut_core::throw::ThrowRng;
use yut_net::protocol::apply;
use yut_net::verify::Secret;

/// Where a game's throws come from.
#[derive(Clone)]
enum Draws {
    /// Each from the game's secret and the throw's place in the history.
    Committed(Secret),
    /// From the seeded RNG of a game begun by an earlier server.
    Seeded(Box<ThrowRng>),
}

pub(super) struct RoomGame {
    pub setup: NewSession,
    pub start: Start,
    pub engine: u32,
    game: Game,
    history: Vec<Action>,
    /// The places in `history` of the actions a bot played for an absent person (a
    /// stand-in, or the turn timer).
    stood_in: Vec<usize>,
    draws: Draws,
}

/// A change worked out and not yet made.
pub(super) struct Step {
    game: Game,
    pub action: Action,
    pub events: Vec<Event>,
    /// Played by a bot for an absent person.
    pub stand_in: bool,
    rng: Option<ThrowRng>,
}

/// Plays `history` from the start (each throw's recorded outcome).
fn replay(
    setup: &NewSession,
    start: &Start,
    engine: u32,
    history: &[Action],
) -> Result<Game, String> {
    let teams = setup.teams.as_deref();
    let mut game = Game::new(setup.rules.clone(), setup.seats.len(), teams, start.first)
        .map_err(|e| e.to_string())?
        .under_engine(engine);
    for (i, a) in history.iter().enumerate() {
        apply(&mut game, a).map_err(|e| format!("action {i}: {e}"))?;
    }
    Ok(game)
}

impl RoomGame {
    /// A new game whose throws come from `secret`.
    pub fn begin(setup: NewSession, secret: Secret) -> Result<RoomGame, String> {
        let start = secret.start(&setup.rules, setup.seats.len());
        let engine = yut_core::session::ENGINE_REVISION;
        let game = replay(&setup, &start, engine, &[])?;
        Ok(RoomGame {
            setup,
            start,
            engine,
            game,
            history: Vec::new(),
            stood_in: Vec::new(),
            draws: Draws::Committed(secret),
        })
    }

    /// The game as the store kept it, every throw checked against where it came from.
    pub fn rebuild(record: &GameRecord, entries: &[Entry]) -> Result<RoomGame, String> {
        let mut history = Vec::with_capacity(entries.len());
        let mut stood_in = Vec::new();
        for e in entries {
            match e {
                Entry::Action { action, stand_in } => {
                    if *stand_in {
                        stood_in.push(history.len());
                    }
                    history.push(action.clone());
                }
                Entry::Undo { .. } => {
                    history.pop();
                    stood_in.retain(|&i| i < history.len());
                }
            }
        }
        let Some(secret) = &record.secret else {
            return RoomGame::rebuild_seeded(record, entries, stood_in);
        };
        let secret = Secret::from_hex(secret).map_err(|e| e.to_string())?;
        let start = secret.start(&record.setup.rules, record.setup.seats.len());
        for (i, a) in history.iter().enumerate() {
            if let Action::Throw {
                outcome, sticks, ..
            } = a
            {
                if secret.throw_at(i as u64, &record.setup.rules) != (*outcome, *sticks) {
                    return Err(format!("action {i}: the stored throw is not the secret's"));
                }
            }
        }
        let game = replay(&record.setup, &start, record.engine, &history)?;
        Ok(RoomGame {
            setup: record.setup.clone(),
            start,
            engine: record.engine,
            game,
            history,
            stood_in,
            draws: Draws::Committed(secret),
        })
    }

    /// A game an earlier server began: replayed through a session from its seed (which
    /// draws every throw again and checks it), its RNG kept for the throws to come.
    fn rebuild_seeded(
        record: &GameRecord,
        entries: &[Entry],
        stood_in: Vec<usize>,
    ) -> Result<RoomGame, String> {
        let mut s =
            Session::new_under(record.setup.clone(), record.engine).map_err(|e| e.to_string())?;
        let mut history: Vec<Action> = Vec::with_capacity(entries.len());
        for (i, e) in entries.iter().enumerate() {
            let bad = |m: String| format!("entry {}: {m}", i + 1);
            match e {
                Entry::Action { action, .. } => {
                    match action {
                        Action::Throw {
                            outcome, sticks, ..
                        } => {
                            let r = s.throw().map_err(|e| bad(e.to_string()))?;
                            if r.outcome != *outcome || r.sticks != *sticks {
                                return Err(bad("the stored throw is not the RNG's".into()));
                            }
                        }
                        Action::Move { mv, .. } => {
                            s.play(mv).map_err(|e| bad(e.to_string()))?;
                        }
                    }
                    // The recorded action, with its recorded time.
                    history.push(action.clone());
                }
                Entry::Undo { .. } => {
                    s.undo().map_err(|e| bad(e.to_string()))?;
                    history.pop();
                }
            }
        }
        // The session keeps its RNG to itself but writes it with the rest.
        let state = serde_json::to_value(&s).map_err(|e| e.to_string())?;
        let rng: ThrowRng =
            serde_json::from_value(state["rng"].clone()).map_err(|e| e.to_string())?;
        Ok(RoomGame {
            setup: record.setup.clone(),
            start: s.start.clone(),
            engine: s.engine(),
            game: s.game().clone(),
            history,
            stood_in,
            draws: Draws::Seeded(Box::new(rng)),
        })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn history(&self) -> &[Action] {
        &self.history
    }

    pub fn stood_in(&self) -> &[usize] {
        &self.stood_in
    }

    pub fn to_move(&self) -> usize {
        self.game.to_move()
    }

    /// The commitment published before the first throw (none for a seeded game).
    pub fn commitment(&self) -> Option<String> {
        match &self.draws {
            Draws::Committed(s) => Some(s.commitment()),
            Draws::Seeded(_) => None,
        }
    }

    /// The secret, once the game is over (never before).
    pub fn revealed(&self) -> Option<String> {
        match &self.draws {
            Draws::Committed(s) if self.game.is_over() => Some(s.to_hex()),
            _ => None,
        }
    }

    /// The bot level at each seat (`None` for a person), for the bots' own reading.
    pub fn seat_levels(&self) -> Vec<Option<yut_core::bot::Level>> {
        self.setup.seat_levels()
    }

    /// The throw owed now.
    pub fn throw(&self, at_ms: u64, stand_in: bool) -> Result<Step, RuleError> {
        let seat = self.game.to_move();
        let (outcome, sticks, rng) = match &self.draws {
            Draws::Committed(secret) => {
                let (o, s) = secret.throw_at(self.history.len() as u64, &self.setup.rules);
                (o, s, None)
            }
            Draws::Seeded(rng) => {
                let mut rng = rng.as_ref().clone();
                let (o, s) = self.game.draw(&mut rng);
                (o, s, Some(rng))
            }
        };
        let mut game = self.game.clone();
        let events = game.throw_outcome(outcome)?;
        Ok(Step {
            game,
            action: Action::Throw {
                seat,
                outcome,
                sticks,
                at_ms,
            },
            events,
            stand_in,
            rng,
        })
    }

    /// A legal move for the seat to act.
    pub fn play(&self, mv: &Move, at_ms: u64, stand_in: bool) -> Result<Step, RuleError> {
        let seat = self.game.to_move();
        let mut game = self.game.clone();
        let events = game.play(mv)?;
        Ok(Step {
            game,
            action: Action::Move {
                seat,
                mv: mv.clone(),
                at_ms,
            },
            events,
            stand_in,
            rng: None,
        })
    }

    /// Makes a stored step.
    pub fn commit(&mut self, step: Step) {
        self.game = step.game;
        if step.stand_in {
            self.stood_in.push(self.history.len());
        }
        self.history.push(step.action);
        if let (Some(rng), Draws::Seeded(own)) = (step.rng, &mut self.draws) {
            **own = rng;
        }
    }

    /// Whether the last action is a person's move that its mover may take back: undo is
    /// on, and the mover's turn goes on.
    pub fn can_undo(&self) -> bool {
        self.setup.options.undo
            && matches!(self.history.last(), Some(Action::Move { seat, .. })
                if *seat == self.game.to_move()
                    && self.setup.seats.get(*seat).map(|s| s.player) == Some(Player::Human))
    }

    /// The position before the last action (to take it back once that is stored).
    pub fn before_last(&self) -> Result<Game, String> {
        let n = self.history.len().saturating_sub(1);
        replay(&self.setup, &self.start, self.engine, &self.history[..n])
    }

    /// Takes back the last action, `game` being the position before it.
    pub fn commit_undo(&mut self, game: Game) {
        self.history.pop();
        let n = self.history.len();
        self.stood_in.retain(|&i| i < n);
        self.game = game;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Russian-set game whose history spends an ordinary result where engine revision 2
    /// would spend the prize copy (a save of format 1, played under revision 1).
    fn revision_1_game() -> (NewSession, Vec<Entry>) {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/saves/v1/nyout_ru_5_seats_mid.json"
        );
        let bytes = std::fs::read(path).expect("the golden file");
        let loaded = yut_core::save::decode(&bytes).expect("it loads");
        assert_eq!(loaded.session.engine(), 1);
        let entries = loaded
            .session
            .history()
            .iter()
            .map(|a| Entry::Action {
                action: a.clone(),
                stand_in: false,
            })
            .collect();
        (loaded.session.setup.clone(), entries)
    }

    #[test]
    fn a_room_stored_by_an_earlier_server_rebuilds_under_the_revision_it_was_played_with() {
        let (setup, entries) = revision_1_game();
        // An earlier server's record has no engine revision.
        let record: GameRecord = serde_json::from_value(serde_json::json!({
            "number": 1,
            "setup": setup,
            "created_ms": 0,
        }))
        .expect("an old record reads");
        assert_eq!(record.engine, 1);
        let rebuilt = RoomGame::rebuild(&record, &entries).expect("the room rebuilds");
        assert_eq!(rebuilt.history().len(), entries.len());
        assert_eq!(rebuilt.engine, 1);
        assert_eq!(
            rebuilt.commitment(),
            None,
            "an earlier game has no commitment"
        );
        // Read as today's revision the same history does not replay: the revision matters.
        let today = GameRecord {
            engine: yut_core::session::ENGINE_REVISION,
            ..record
        };
        assert!(RoomGame::rebuild(&today, &entries).is_err());
    }

    /// A game of two people played to its end by throwing and taking the first move.
    fn played_game() -> (GameRecord, Vec<Entry>, RoomGame) {
        let setup = NewSession {
            rules: yut_core::rules::RuleSet::from_json(
                &serde_json::json!({"preset": "yunnori", "pieces_per_player": 1}),
            )
            .expect("rules"),
            seats: ["Mina", "Bo"]
                .iter()
                .map(|n| yut_core::session::Seat {
                    name: n.to_string(),
                    colour: "#D64545".into(),
                    player: Player::Human,
                })
                .collect(),
            teams: None,
            seed: 1,
            options: Default::default(),
        };
        let secret = Secret::from_bytes([9; 32]);
        let record = GameRecord {
            number: 1,
            setup: setup.clone(),
            created_ms: 0,
            engine: yut_core::session::ENGINE_REVISION,
            secret: Some(secret.to_hex()),
        };
        let mut g = RoomGame::begin(setup, secret).expect("begins");
        let mut entries = Vec::new();
        while !g.game().is_over() {
            let step = match g.game().phase() {
                yut_core::game::Phase::Throw => g.throw(1, false).expect("throws"),
                _ => {
                    let mv = g.game().legal_moves()[0].mv.clone();
                    g.play(&mv, 1, false).expect("moves")
                }
            };
            entries.push(Entry::Action {
                action: step.action.clone(),
                stand_in: false,
            });
            g.commit(step);
        }
        (record, entries, g)
    }

    #[test]
    fn a_stored_game_rebuilds_and_a_changed_throw_in_it_is_refused() {
        let (record, entries, played) = played_game();
        let rebuilt = RoomGame::rebuild(&record, &entries).expect("rebuilds");
        assert_eq!(rebuilt.history(), played.history());
        assert!(rebuilt.game().is_over());
        assert_eq!(rebuilt.revealed(), played.revealed());
        let mut changed = entries.clone();
        let Some(Entry::Action {
            action: Action::Throw { sticks, .. },
            ..
        }) = changed.first_mut()
        else {
            panic!("the game begins with a throw");
        };
        sticks[0] = !sticks[0];
        let e = RoomGame::rebuild(&record, &changed).err().expect("refused");
        assert!(e.contains("not the secret's"), "{e}");
    }

    #[test]
    fn the_secret_is_told_only_once_the_game_is_over() {
        let (record, entries, played) = played_game();
        assert!(played.revealed().is_some());
        let half = RoomGame::rebuild(&record, &entries[..entries.len() / 2]).expect("rebuilds");
        assert!(!half.game().is_over());
        assert_eq!(half.revealed(), None);
        assert_eq!(half.commitment(), played.commitment());
    }
}
