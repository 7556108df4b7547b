//! The room as this device knows it: the server's snapshot, the game rebuilt from its
//! history, and this device's tickets.

use super::records::{clamp_ms, RoomSeat, RoomStage, RoomTicket, RoomView};
use crate::flight::tap_swipe;
use yut_app::catalog::describe;
use yut_app::convert::to_i32;
use yut_app::flight::{Mat, Swipe};
use yut_app::records::*;
use yut_app::snapshot::{next_state, snapshot, Extras, SeatLook};
use yut_core::game::{Event, Game, Phase as CorePhase};
use yut_core::rules::RuleSet;
use yut_core::session::{Action, Player};
use yut_net::protocol::{self, RoomSnapshot, SeatView as NetSeatView, Stage};

/// The room as this device knows it.
#[derive(Default)]
pub(super) struct RoomCopy {
    pub(super) room: Option<RoomSnapshot>,
    pub(super) rules: Option<RulesDescription>,
    pub(super) game: Option<Game>,
    /// Tag of the current state (see `snapshot::next_state`).
    pub(super) state: u64,
    pub(super) last_events: Vec<Event>,
    pub(super) ticket: Option<RoomTicket>,
    /// The swipe of this device's throw in flight, by seat.
    pub(super) swipe: Option<(usize, Swipe)>,
    /// The stick mat as this device lays it out (the core's default until `set_mat`):
    /// other seats' throws fly on it.
    pub(super) mat: Mat,
}
impl RoomCopy {
    pub(super) fn mine(&self, seat: usize) -> bool {
        self.ticket
            .as_ref()
            .is_some_and(|t| t.seats.iter().any(|s| s.seat == to_i32(seat)))
    }

    /// Takes a whole room; the game is rebuilt from its history.
    pub(super) fn set_room(&mut self, room: RoomSnapshot) -> Result<(), String> {
        let same_rules = self.room.as_ref().is_some_and(|r| r.rules == room.rules);
        if !same_rules || self.rules.is_none() {
            let rules = RuleSet::from_json(&room.rules).map_err(|e| e.to_string())?;
            self.rules = Some(describe(&rules).map_err(|e| e.to_string())?);
        }
        self.game = match room.replay() {
            Ok(g) => Some(g),
            Err(protocol::ReplayError::NoGame) => None,
            Err(e) => return Err(e.to_string()),
        };
        self.room = Some(room);
        self.state = next_state();
        self.last_events.clear();
        Ok(())
    }

    /// Applies an accepted action; `false` when it does not follow what is held here.
    pub(super) fn played(
        &mut self,
        number: u32,
        seq: u64,
        action: &Action,
        view: protocol::GameView,
    ) -> bool {
        let (Some(room), Some(game)) = (self.room.as_mut(), self.game.as_mut()) else {
            return false;
        };
        let Some(g) = room.game.as_mut().filter(|g| g.number == number) else {
            return false;
        };
        if seq != g.seq + 1 {
            return false;
        }
        let Ok(events) = protocol::apply(game, action) else {
            return false;
        };
        g.seq = seq;
        g.history.push(action.clone());
        if view.phase == CorePhase::Over {
            room.stage = Stage::Over;
        }
        g.view = view;
        self.state = next_state();
        self.last_events = events;
        true
    }

    pub(super) fn undone(&mut self, number: u32, seq: u64, view: protocol::GameView) -> bool {
        let Some(mut room) = self.room.clone() else {
            return false;
        };
        let Some(g) = room
            .game
            .as_mut()
            .filter(|g| g.number == number && seq == g.seq + 1)
        else {
            return false;
        };
        g.seq = seq;
        g.history.pop();
        g.view = view;
        self.set_room(room).is_ok()
    }

    pub(super) fn view(&self) -> Option<RoomView> {
        let room = self.room.as_ref()?;
        let rules = self.rules.clone()?;
        let looks: Vec<SeatLook> = room
            .seats
            .iter()
            .map(|s| SeatLook {
                name: s.name.clone(),
                colour: s.colour.clone(),
                player: s.player.into(),
            })
            .collect();
        let net_game = room.game.as_ref();
        let acting = |g: &Game| {
            let seat = g.to_move();
            let standin = room.seats.get(seat).and_then(|s| s.standin);
            !g.is_over() && self.mine(seat) && standin.is_none()
        };
        let my_turn = self.game.as_ref().is_some_and(acting) && room.stage == Stage::Playing;
        let game = self.game.as_ref().map(|g| {
            let mut snap = snapshot(
                g,
                Extras {
                    seats: &looks,
                    state: self.state,
                    can_undo: my_turn && net_game.is_some_and(|n| n.view.can_undo),
                    last_events: &self.last_events,
                },
            );
            if !my_turn {
                snap.legal_moves.clear();
            }
            // Online, bots play on the server: the screen only says who is playing.
            snap.bot_to_act =
                room.seats
                    .get(g.to_move())
                    .and_then(|s| match (s.standin, s.player) {
                        (Some(level), _) | (None, Player::Bot { level }) if !g.is_over() => {
                            Some(level.into())
                        }
                        _ => None,
                    });
            snap
        });
        Some(RoomView {
            code: room.code.clone(),
            link: room.link.clone(),
            stage: match room.stage {
                Stage::Lobby => RoomStage::Lobby,
                Stage::Playing => RoomStage::Playing,
                Stage::Over => RoomStage::Over,
            },
            host_seat: to_i32(room.host),
            hosting: self.ticket.as_ref().is_some_and(|t| t.host),
            seats: room.seats.iter().map(|s| self.seat(s)).collect(),
            spectators: to_i32(room.spectators),
            rules,
            settings: room.options.clone().into(),
            game_number: to_i32(room.game_number),
            game,
            my_turn,
            deadline_ms: net_game.and_then(|g| g.view.deadline_ms).map(clamp_ms),
        })
    }

    /// The swipe a throw of `seat` flies from, and whether it is this device's own: the
    /// swipe its player made, else a tap on this device's mat.
    pub(super) fn swipe_for(&mut self, seat: usize) -> (Swipe, bool) {
        match self.swipe.take() {
            Some((s, swipe)) if s == seat => (swipe, true),
            other => {
                self.swipe = other;
                (tap_swipe(self.mat), false)
            }
        }
    }

    pub(super) fn seat(&self, s: &NetSeatView) -> RoomSeat {
        RoomSeat {
            seat: to_i32(s.seat),
            name: s.name.clone(),
            colour: s.colour.clone(),
            player: s.player.into(),
            taken: s.taken,
            connected: s.connected,
            ready: s.ready,
            standin: s.standin.map(Into::into),
            mine: self.mine(s.seat),
        }
    }
}
