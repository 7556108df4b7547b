//! The game in a room: starting it, throws, moves and undo, each stored before anyone
//! hears of it.

use super::{refuse, session_refusal, ConnId, Refusal, Room};
use crate::store::{Entry, GameRecord};
use rand::RngCore;
use std::time::Instant;
use yut_core::bot::Bot;
use yut_core::game::Phase;
use yut_core::rules::RuleSet;
use yut_core::session::{now_ms, Action, NewSession, Player, Seat, Session, SessionOptions};
use yut_core::setup::MoveSpec;
use yut_net::protocol::{ErrorCode, ServerMessage, Stage};

impl Room {
    /// A game intent's checks: the seat is this connection's and it is its turn.
    pub(super) fn must_act(&self, conn: ConnId, seat: usize) -> Result<(), Refusal> {
        self.must_hold(conn, seat)?;
        let s = match (&self.session, self.stage) {
            (Some(s), Stage::Playing) => s,
            (Some(_), Stage::Over) => return Err(refuse(ErrorCode::GameOver, "the game is over")),
            _ => return Err(refuse(ErrorCode::NotStarted, "the game has not started")),
        };
        if s.to_move() != seat {
            return Err(refuse(
                ErrorCode::OutOfTurn,
                format!("it is seat {}'s turn, not seat {seat}'s", s.to_move()),
            ));
        }
        Ok(())
    }

    /// The host, once a game is over: a new game at the same table.
    pub(super) async fn on_rematch(&mut self, conn: ConnId) -> Result<(), Refusal> {
        self.must_be_host(conn)?;
        if self.stage != Stage::Over {
            return Err(refuse(
                ErrorCode::NotStarted,
                "a rematch follows a finished game",
            ));
        }
        self.begin_game().await
    }

    pub(super) async fn begin_game(&mut self) -> Result<(), Refusal> {
        let rules = RuleSet::from_json(&self.rules_json)
            .map_err(|e| refuse(ErrorCode::BadTable, e.to_string()))?;
        let setup = NewSession {
            rules,
            seats: self
                .seats
                .iter()
                .map(|s| Seat {
                    name: s.rec.name.clone(),
                    colour: s.rec.colour.clone(),
                    player: s.rec.player,
                })
                .collect(),
            teams: self.teams.clone(),
            seed: rand::rngs::OsRng.next_u64(),
            options: SessionOptions {
                undo: self.options.undo,
            },
        };
        let session = Session::new(setup.clone()).map_err(session_refusal)?;
        let previous = (self.stage, self.game_number, self.game.take());
        self.game_number += 1;
        self.game = Some(GameRecord {
            number: self.game_number,
            setup,
            created_ms: session.created_ms,
            engine: session.engine(),
        });
        self.stage = Stage::Playing;
        if let Err(e) = self.save().await {
            (self.stage, self.game_number, self.game) = previous;
            return Err(e);
        }
        self.session = Some(session);
        self.seq = 0;
        self.last_action_at = Instant::now();
        self.last_move_by_bot = false;
        let levels = self
            .session
            .as_ref()
            .map(|s| s.seat_levels())
            .unwrap_or_default();
        for s in &mut self.seats {
            s.bot = None;
            if let Player::Bot { level } = s.rec.player {
                s.bot = Some(
                    Bot::new(level.into(), rand::rngs::OsRng.next_u64()).with_seat_levels(&levels),
                );
            }
        }
        tracing::info!(room = %self.code, game = self.game_number, "game started");
        self.broadcast_room();
        Ok(())
    }

    pub(super) async fn throw(&mut self, by_bot: bool) -> Result<(), Refusal> {
        let Some(session) = self.session.as_mut() else {
            return Err(refuse(ErrorCode::NotStarted, "the game has not started"));
        };
        let before = session.clone();
        let report = session.throw().map_err(session_refusal)?;
        self.after_action(before, report.events, by_bot).await
    }

    pub(super) async fn play(
        &mut self,
        spec: &MoveSpec,
        pieces: Option<u8>,
        by_bot: bool,
    ) -> Result<(), Refusal> {
        let Some(session) = self.session.as_mut() else {
            return Err(refuse(ErrorCode::NotStarted, "the game has not started"));
        };
        if session.game().phase() == Phase::Throw {
            return Err(refuse(
                ErrorCode::MustThrow,
                "a throw is owed: throw before moving",
            ));
        }
        let legal = session.game().legal_moves();
        let found: Vec<_> = legal
            .iter()
            .filter(|l| spec.matches(l) && pieces.is_none_or(|p| p == l.mv.pieces))
            .collect();
        let mv = match found.as_slice() {
            [one] => one.mv.clone(),
            [] => return Err(refuse(ErrorCode::IllegalMove, "no legal move matches")),
            _ => {
                return Err(refuse(
                    ErrorCode::IllegalMove,
                    "more than one legal move matches: give route, stack or pieces",
                ))
            }
        };
        let before = session.clone();
        let events = session.play(&mv).map_err(session_refusal)?;
        self.after_action(before, events, by_bot).await
    }

    /// Stores the action just played and tells everyone; on a store failure the session
    /// goes back to `before` and nothing is told.
    pub(super) async fn after_action(
        &mut self,
        before: Session,
        events: Vec<yut_core::game::Event>,
        by_bot: bool,
    ) -> Result<(), Refusal> {
        let Some(action) = self
            .session
            .as_ref()
            .and_then(|s| s.history().last().cloned())
        else {
            return Err(refuse(ErrorCode::Internal, "no action recorded"));
        };
        let entry = Entry::Action {
            action: action.clone(),
        };
        if let Err(e) = self.store_entry(&entry).await {
            self.session = Some(before);
            return Err(e);
        }
        if matches!(action, Action::Move { .. }) {
            self.last_move_by_bot = by_bot;
        }
        self.last_action_at = Instant::now();
        let over = self.session.as_ref().is_some_and(|s| s.game().is_over());
        if over {
            self.stage = Stage::Over;
            if let Err(e) = self.save().await {
                tracing::warn!(room = %self.code, "{}", e.message);
            }
        }
        if let Some(view) = self.view() {
            self.broadcast(&ServerMessage::Played {
                game: self.game_number,
                seq: self.seq,
                action,
                events,
                view,
            });
        }
        if over {
            tracing::info!(room = %self.code, game = self.game_number, "game over");
        }
        Ok(())
    }

    pub(super) async fn undo(&mut self, seat: usize) -> Result<(), Refusal> {
        if !self.options.undo {
            return Err(refuse(ErrorCode::UndoOff, "undo is off at this table"));
        }
        let Some(session) = self.session.as_mut() else {
            return Err(refuse(ErrorCode::NotStarted, "the game has not started"));
        };
        let last_seat = match session.history().last() {
            Some(Action::Move { seat, .. }) => Some(*seat),
            _ => None,
        };
        if last_seat != Some(seat) || self.last_move_by_bot || self.stage != Stage::Playing {
            return Err(refuse(
                ErrorCode::NothingToUndo,
                "only the last move, by its player, while that turn goes on",
            ));
        }
        let before = session.clone();
        session.undo().map_err(session_refusal)?;
        let entry = Entry::Undo {
            seat,
            at_ms: now_ms(),
        };
        if let Err(e) = self.store_entry(&entry).await {
            self.session = Some(before);
            return Err(e);
        }
        self.last_action_at = Instant::now();
        if let Some(view) = self.view() {
            self.broadcast(&ServerMessage::Undone {
                game: self.game_number,
                seq: self.seq,
                seat,
                view,
            });
        }
        Ok(())
    }
}
