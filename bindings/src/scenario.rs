//! `ScenarioGame`: a bare rules engine (`yut_core::Game`) set up from the scenario file
//! format, with forced throws, so binding tests and rule explorers drive it step by step.

use crate::error::{guarded, with_state, YutError};
use std::sync::{Arc, Mutex};
use yut_app::convert::{core_move, core_move_spec, events};
use yut_app::error::json_error;
use yut_app::records::*;
use yut_app::snapshot::{legal_moves, next_state, snapshot, Extras, SeatLook};
use yut_core::game::{Event, Game};
use yut_core::scenario::{find_one, Scenario};
use yut_core::setup::{Setup, TableSpec};

struct ScenarioState {
    game: Game,
    state: u64,
    last_events: Vec<Event>,
    looks: Vec<SeatLook>,
}

impl ScenarioState {
    fn new(game: Game) -> ScenarioState {
        let looks = SeatLook::defaults(game.seats());
        ScenarioState {
            game,
            state: next_state(),
            last_events: Vec::new(),
            looks,
        }
    }

    fn changed(&mut self, ev: &[Event]) -> Vec<GameEvent> {
        self.state = next_state();
        self.last_events = ev.to_vec();
        events(ev)
    }
}

/// A game position under given rules, played with throws chosen by the caller (no RNG, no
/// seats, no history): scenario files, rule explorers, tutorials.
#[derive(uniffi::Object)]
pub struct ScenarioGame {
    inner: Mutex<ScenarioState>,
    name: String,
    scenario: Option<Scenario>,
}

#[uniffi::export]
impl ScenarioGame {
    /// The position before the first step of a scenario file (its whole JSON text).
    #[uniffi::constructor]
    pub fn from_scenario(json: String) -> Result<Arc<ScenarioGame>, YutError> {
        let scenario = Scenario::parse(&json).map_err(|e| YutError::InvalidInput {
            reason: e.to_string(),
        })?;
        let game = guarded(|| Ok(scenario.table().game(scenario.setup.as_ref())?))?;
        Ok(Arc::new(ScenarioGame {
            inner: Mutex::new(ScenarioState::new(game)),
            name: scenario.name.clone(),
            scenario: Some(scenario),
        }))
    }

    /// A table (`{"rules": {...}, "seats": 2, "teams": [[0], [1]]}`) and optionally a
    /// setup (the scenario format's `setup` object); without one every piece is home
    /// and seat 0 throws.
    #[uniffi::constructor]
    pub fn new(
        table_json: String,
        setup_json: Option<String>,
    ) -> Result<Arc<ScenarioGame>, YutError> {
        let table: TableSpec = serde_json::from_str(&table_json).map_err(json_error)?;
        let setup: Option<Setup> = match setup_json {
            Some(s) => Some(serde_json::from_str(&s).map_err(json_error)?),
            None => None,
        };
        let game = guarded(|| Ok(table.game(setup.as_ref())?))?;
        Ok(Arc::new(ScenarioGame {
            inner: Mutex::new(ScenarioState::new(game)),
            name: String::new(),
            scenario: None,
        }))
    }

    /// The scenario's name (empty when built from a table).
    pub fn name(&self) -> String {
        self.name.clone()
    }

    /// Throws, with the result given.
    pub fn throw_result(&self, result: Throw) -> Result<Vec<GameEvent>, YutError> {
        with_state(&self.inner, |s| {
            let ev = s.game.throw_result(result.into())?;
            Ok(s.changed(&ev))
        })
    }

    pub fn legal_moves(&self) -> Result<Vec<LegalMove>, YutError> {
        with_state(&self.inner, |s| Ok(legal_moves(&s.game, s.state)))
    }

    /// Plays one of the moves listed for the current state.
    pub fn play(&self, mv: LegalMove) -> Result<Vec<GameEvent>, YutError> {
        with_state(&self.inner, |s| {
            if mv.state != s.state {
                return Err(YutError::StaleObject {
                    reason: "the move was listed for an earlier state of the game".into(),
                });
            }
            let ev = s.game.play(&core_move(&mv)?)?;
            Ok(s.changed(&ev))
        })
    }

    /// Plays the one legal move that fits a scenario file's move description; refused
    /// (`IllegalMove`) when none or several fit.
    pub fn play_spec(&self, spec: MoveSpec) -> Result<Vec<GameEvent>, YutError> {
        with_state(&self.inner, |s| {
            let legal = find_one(&s.game, &core_move_spec(&spec)?)
                .map_err(|reason| YutError::IllegalMove { reason })?;
            let ev = s.game.play_legal(&legal)?;
            Ok(s.changed(&ev))
        })
    }

    pub fn snapshot(&self) -> Result<GameSnapshot, YutError> {
        with_state(&self.inner, |s| {
            Ok(snapshot(
                &s.game,
                Extras {
                    seats: &s.looks,
                    state: s.state,
                    can_undo: false,
                    last_events: &s.last_events,
                },
            ))
        })
    }

    /// The core's own verdict on the whole scenario file (run from its start, apart from
    /// this object's position): `None` when every step holds, else the first difference.
    /// Lets binding tests check that they and the core agree.
    pub fn core_verdict(&self) -> Result<Option<String>, YutError> {
        let scenario = self.scenario.as_ref().ok_or_else(|| YutError::WrongPhase {
            reason: "this game was not built from a scenario file".into(),
        })?;
        guarded(|| Ok(scenario.run().err().map(|e| e.to_string())))
    }
}
