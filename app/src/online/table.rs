//! The room's game on the game table: the same `TableState` a local game draws (the
//! position, the turn line, the mat, the enabled controls, the movable pieces, the picked
//! piece and its destinations, an open question), and the table's actions turned into the
//! room's (a tap picks and plays by the same rules as at a local table; a throw, move or
//! undo goes to the server). No hint and no review: a room has neither.

use super::view::{OnlineAction, RoomGameState, RoomState};
use crate::flight::Mat;
use crate::input::TableAction;
use crate::message::MessageKind;
use crate::picking::{self, Pick};
use crate::records::{Phase, Spot};
use crate::view::{BotState, MatState, TableRoom, TableState, TurnLine};

/// What a table action asks of the room.
pub enum Asked {
    /// Send this to the room.
    Room(OnlineAction),
    /// Refused here: say why.
    Refuse(MessageKind, &'static str),
    /// Only the table's own state changed (a pick, a question).
    Nothing,
}

/// The table's own state for the room's game: what is picked and what is asked, for the
/// position whose tag is `state` (a new position drops both).
#[derive(Default)]
pub struct RoomTable {
    state: u64,
    picked: Option<Spot>,
    asked: Option<Vec<u32>>,
}

fn can_move(g: &RoomGameState) -> bool {
    g.my_turn && !g.on_its_way && g.snapshot.phase == Phase::ToMove && !g.snapshot.over
}

fn can_throw(g: &RoomGameState) -> bool {
    g.my_turn && !g.on_its_way && g.snapshot.phase == Phase::ToThrow && !g.snapshot.over
}

impl RoomTable {
    /// Forgets a pick or question made on another position than `g`'s.
    pub fn follow(&mut self, g: &RoomGameState) {
        if self.state != g.snapshot.state {
            *self = RoomTable {
                state: g.snapshot.state,
                ..RoomTable::default()
            };
        }
    }

    /// A table action on the room's game `g`.
    pub fn action(&mut self, g: &RoomGameState, a: TableAction) -> Asked {
        self.follow(g);
        let s = &g.snapshot;
        let pick = match a {
            TableAction::ThrowTap
            | TableAction::ThrowSwipe { .. }
            | TableAction::SwipeEnd { .. } => return Asked::Room(OnlineAction::Throw),
            TableAction::ChooseMove { index, state } => {
                return Asked::Room(OnlineAction::Move { index, state })
            }
            TableAction::Undo => return Asked::Room(OnlineAction::Undo),
            TableAction::PlayAgain => return Asked::Room(OnlineAction::Rematch),
            TableAction::Leave => return Asked::Room(OnlineAction::Leave),
            TableAction::Hint | TableAction::Review => {
                return Asked::Refuse(MessageKind::NotNow, "a room has no hint or review")
            }
            TableAction::CancelChoice => {
                self.asked = None;
                return Asked::Nothing;
            }
            TableAction::Tap { spot } => {
                if !can_move(g) {
                    return Asked::Nothing;
                }
                picking::tap(s, self.picked.as_ref(), &spot)
            }
            TableAction::ChooseRoute { .. }
            | TableAction::ChooseStack { .. }
            | TableAction::ChooseUses { .. } => {
                let Some(open) = self.asked.clone() else {
                    return Asked::Refuse(MessageKind::NoSuchMove, "no question is open");
                };
                let narrowed = picking::narrow(s, &open, |m| match &a {
                    TableAction::ChooseRoute { route } => m.route == *route,
                    TableAction::ChooseStack { join } => m.stack == Some(*join),
                    TableAction::ChooseUses { uses } => m.uses == *uses,
                    _ => false,
                });
                match narrowed {
                    Some(p) => p,
                    None => return Asked::Refuse(MessageKind::NoSuchMove, "no such option"),
                }
            }
            _ => return Asked::Nothing,
        };
        match pick {
            Pick::Play(index) => {
                self.picked = None;
                self.asked = None;
                Asked::Room(OnlineAction::Move {
                    index,
                    state: s.state,
                })
            }
            Pick::Ask(moves) => {
                self.asked = Some(moves);
                Asked::Nothing
            }
            Pick::Select(from) => {
                self.picked = from;
                self.asked = None;
                Asked::Nothing
            }
        }
    }

    /// The table of the room's game, when the room has one.
    pub fn view(&self, room: &RoomState, mat: Mat) -> Option<TableState> {
        let g = room.game.as_ref()?;
        let s = &g.snapshot;
        let fresh = self.state == s.state;
        let moving = can_move(g);
        let status = if s.over {
            TurnLine::Over
        } else if !g.my_turn {
            TurnLine::Remote
        } else {
            match s.phase {
                Phase::ToThrow => TurnLine::Throw {
                    throws: (s.owed + s.owed_prize).max(1) as u32,
                },
                Phase::ToMove if fresh && self.picked.is_some() => TurnLine::PickDestination,
                Phase::ToMove => TurnLine::PickPiece,
                Phase::Over => TurnLine::Over,
            }
        };
        let mat_state = if s.over {
            MatState::Over
        } else if can_throw(g) {
            MatState::Ready
        } else if moving {
            MatState::MoveFirst
        } else {
            MatState::OthersTurn { seat: s.turn.seat }
        };
        let picked = self.picked.as_ref().filter(|_| fresh && moving);
        Some(TableState {
            game_id: format!("{}-{}", room.code, room.game_number),
            room: Some(TableRoom {
                code: room.code.clone(),
                link: room.link.clone(),
                game_number: room.game_number,
            }),
            snapshot: s.clone(),
            status,
            mat: mat_state,
            can_throw: can_throw(g),
            can_move: moving,
            can_undo: g.my_turn && !g.on_its_way && s.can_undo,
            can_hint: false,
            advice: false,
            movable: if moving {
                picking::movable(s)
            } else {
                Vec::new()
            },
            selection: picked.and_then(|p| picking::selection(s, p, None)),
            choice: self
                .asked
                .as_ref()
                .filter(|_| fresh && moving)
                .and_then(|m| picking::choice(s, m)),
            throw: None,
            last_move: None,
            bot: match s.bot_to_act {
                Some(_) if !s.over => BotState::Waiting { seat: s.turn.seat },
                _ => BotState::Idle,
            },
            hint: None,
            hint_pending: false,
            review: None,
            review_pending: false,
            // The server keeps the room's game.
            saved: true,
            result_aside: false,
            recovered_from_backup: None,
            mat_size: mat,
        })
    }
}
