//! The local table's view model.

use super::LocalTable;
use crate::picking;
use crate::records::Phase;
use crate::view::{BotState, MatState, TableState, TurnLine};

impl LocalTable {
    pub fn view(&self) -> TableState {
        let s = &self.shown;
        let can_move = self.can_move();
        let hint = self
            .hint
            .as_ref()
            .filter(|(st, _)| *st == s.state)
            .map(|(_, h)| h.clone());
        let status = if s.over {
            TurnLine::Over
        } else {
            match self.bot {
                BotState::Waiting { .. } | BotState::Throwing { .. } => TurnLine::BotThrows,
                BotState::Thinking { .. } => TurnLine::BotThinks,
                BotState::Moving { .. } => TurnLine::BotMoves,
                BotState::Idle if self.in_the_air() => TurnLine::InTheAir,
                BotState::Idle => match s.phase {
                    Phase::ToThrow => TurnLine::Throw {
                        throws: (s.owed + s.owed_prize).max(1) as u32,
                    },
                    Phase::ToMove if self.picked.is_some() => TurnLine::PickDestination,
                    Phase::ToMove => TurnLine::PickPiece,
                    Phase::Over => TurnLine::Over,
                },
            }
        };
        let mat = if s.over {
            MatState::Over
        } else if self.in_the_air() {
            MatState::InTheAir
        } else if self.can_throw() {
            MatState::Ready
        } else if can_move {
            MatState::MoveFirst
        } else {
            MatState::OthersTurn { seat: s.turn.seat }
        };
        TableState {
            game_id: self.session.id.clone(),
            room: None,
            snapshot: s.clone(),
            status,
            mat,
            can_throw: self.can_throw(),
            can_move,
            can_undo: !self.in_the_air() && s.can_undo,
            can_hint: can_move && self.hint_work.is_none() && hint.is_none(),
            advice: true,
            movable: if can_move {
                picking::movable(s)
            } else {
                Vec::new()
            },
            selection: self
                .picked
                .as_ref()
                .filter(|_| can_move)
                .and_then(|p| picking::selection(s, p, hint.as_ref())),
            choice: self.asked.as_ref().and_then(|m| picking::choice(s, m)),
            throw: self.throw.clone(),
            last_move: self.last_move.clone(),
            bot: self.bot.clone(),
            hint,
            hint_pending: self.hint_work.is_some(),
            review: self.review.as_ref().map(|(_, r)| r.clone()),
            review_pending: self.review_work.is_some(),
            saved: self.saved,
            result_aside: self.result_aside,
            recovered_from_backup: self.recovered.clone(),
            mat_size: self.mat,
        }
    }
}
