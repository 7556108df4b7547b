//! The game in a room: starting it, throws, moves and undo, each stored before anyone
//! hears of it.

use super::game::{RoomGame, Step};
use super::{refuse, ConnId, Refusal, Room};
use crate::store::{Entry, GameRecord};
use rand::RngCore;
use std::time::Instant;
use yut_core::bot::Bot;
use yut_core::game::{Phase, RuleError};
use yut_core::rules::RuleSet;
use yut_core::session::{now_ms, Action, NewSession, Player, Seat, SessionOptions};
use yut_core::setup::MoveSpec;
use yut_net::protocol::{ErrorCode, ServerMessage, Stage};
use yut_net::verify::Secret;

/// A rule of the game refused an action.
fn rule_refusal(e: RuleError) -> Refusal {
    let code = match &e {
        RuleError::GameOver => ErrorCode::GameOver,
        RuleError::NoThrowOwed => ErrorCode::NoThrowOwed,
        RuleError::MustThrow => ErrorCode::MustThrow,
        _ => ErrorCode::IllegalMove,
    };
    refuse(code, e.to_string())
}

fn not_started() -> Refusal {
    refuse(ErrorCode::NotStarted, "the game has not started")
}

impl Room {
    /// A game intent's checks: the seat is this connection's and it is its turn.
    pub(super) fn must_act(&self, conn: ConnId, seat: usize) -> Result<(), Refusal> {
        self.must_hold(conn, seat)?;
        let g = match (&self.game, self.stage) {
            (Some(g), Stage::Playing) => g,
            (Some(_), Stage::Over) => return Err(refuse(ErrorCode::GameOver, "the game is over")),
            _ => return Err(not_started()),
        };
        if g.to_move() != seat {
            return Err(refuse(
                ErrorCode::OutOfTurn,
                format!(
                    "it is {}'s turn, not {}'s",
                    self.who(g.to_move()),
                    self.who(seat)
                ),
            ));
        }
        Ok(())
    }

    /// The host, once a game is over: a new game at the same table, unless nobody played
    /// the last one (a room of bots playing itself over and over for nobody).
    pub(super) async fn on_rematch(&mut self, conn: ConnId) -> Result<(), Refusal> {
        self.must_be_host(conn)?;
        if self.stage != Stage::Over {
            return Err(refuse(
                ErrorCode::NotStarted,
                "a rematch follows a finished game",
            ));
        }
        if !self.people_played {
            return Err(refuse(
                ErrorCode::NotReady,
                "nobody played the last game: bots do not play another by themselves",
            ));
        }
        self.begin_game().await
    }

    /// A new game at the table: its secret drawn and committed to (the commitment goes
    /// out with the room before the first throw), the record stored, everyone told.
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
        let mut secret = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut secret);
        let secret = Secret::from_bytes(secret);
        let record = GameRecord {
            number: self.game_number + 1,
            setup: setup.clone(),
            created_ms: now_ms(),
            engine: yut_core::session::ENGINE_REVISION,
            secret: Some(secret.to_hex()),
        };
        let game = RoomGame::begin(setup, secret).map_err(|e| refuse(ErrorCode::BadTable, e))?;
        let previous = (
            self.stage,
            self.game_number,
            self.game_record.take(),
            self.joined,
        );
        self.game_number += 1;
        self.game_record = Some(record);
        self.stage = Stage::Playing;
        self.joined = true;
        if let Err(e) = self.save().await {
            (self.stage, self.game_number, self.game_record, self.joined) = previous;
            return Err(e);
        }
        // Only the game being played is ever replayed: the ones before go.
        if let Err(e) = self
            .ctx
            .store
            .forget_games_before(&self.code, self.game_number, self.fence)
            .await
        {
            tracing::warn!(room = %self.code, error = %e, "could not forget earlier games");
        }
        let levels = game.seat_levels();
        self.game = Some(game);
        self.seq = 0;
        self.last_action_at = Instant::now();
        self.last_move_by_bot = false;
        self.people_played = false;
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

    /// Whether an action by a bot now is one it plays for an absent person.
    fn for_a_person(&self, by_bot: bool) -> bool {
        by_bot
            && self.game.as_ref().is_some_and(|g| {
                self.seats
                    .get(g.to_move())
                    .is_some_and(|s| s.rec.player == Player::Human)
            })
    }

    pub(super) async fn throw(&mut self, by_bot: bool) -> Result<(), Refusal> {
        let stand_in = self.for_a_person(by_bot);
        let g = self.game.as_ref().ok_or_else(not_started)?;
        let step = g.throw(now_ms(), stand_in).map_err(rule_refusal)?;
        self.after_action(step, by_bot).await
    }

    pub(super) async fn play(
        &mut self,
        spec: &MoveSpec,
        pieces: Option<u8>,
        by_bot: bool,
    ) -> Result<(), Refusal> {
        let stand_in = self.for_a_person(by_bot);
        let g = self.game.as_ref().ok_or_else(not_started)?;
        if g.game().phase() == Phase::Throw {
            return Err(refuse(
                ErrorCode::MustThrow,
                "a throw is owed: throw before moving",
            ));
        }
        let legal = g.game().legal_moves();
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
        let step = g.play(&mv, now_ms(), stand_in).map_err(rule_refusal)?;
        self.after_action(step, by_bot).await
    }

    /// Stores an action worked out, then makes it and tells everyone; on a store failure
    /// nothing changes and nothing is told.
    async fn after_action(&mut self, step: Step, by_bot: bool) -> Result<(), Refusal> {
        let entry = Entry::Action {
            action: step.action.clone(),
            stand_in: step.stand_in,
        };
        self.store_entry(&entry).await?;
        let (action, events, stand_in) = (step.action.clone(), step.events.clone(), step.stand_in);
        let Some(g) = self.game.as_mut() else {
            return Err(not_started());
        };
        g.commit(step);
        if matches!(action, Action::Move { .. }) {
            self.last_move_by_bot = by_bot;
        }
        self.people_played |= !by_bot;
        self.last_action_at = Instant::now();
        let over = g.game().is_over();
        let secret = g.revealed();
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
                stand_in,
                secret,
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
        let g = self.game.as_ref().ok_or_else(not_started)?;
        let last_seat = match g.history().last() {
            Some(Action::Move { seat, .. }) => Some(*seat),
            _ => None,
        };
        if last_seat != Some(seat)
            || self.last_move_by_bot
            || self.stage != Stage::Playing
            || !g.can_undo()
        {
            return Err(refuse(
                ErrorCode::NothingToUndo,
                "only the last move, by its player, while that turn goes on",
            ));
        }
        let before = g
            .before_last()
            .map_err(|e| refuse(ErrorCode::Internal, e))?;
        let entry = Entry::Undo {
            seat,
            at_ms: now_ms(),
        };
        self.store_entry(&entry).await?;
        if let Some(g) = self.game.as_mut() {
            g.commit_undo(before);
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
