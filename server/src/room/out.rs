//! What a room sends: its messages serialised once for every reader, the views of its
//! seats and game, and who hears what.

use super::{ConnId, Outbox, Refusal, Room};
use crate::outbox::{Encoded, Kind};
use std::time::Instant;
use yut_core::session::{now_ms, Player};
use yut_net::protocol::{
    room_link, GameSnapshot, GameView, RoomSnapshot, SeatToken, SeatView, ServerMessage, Stage,
};

/// Serialises a message once for every reader.
pub fn encode(msg: &ServerMessage) -> Encoded {
    let kind = match msg {
        ServerMessage::Room { .. } => Kind::Snapshot,
        ServerMessage::Seats { .. }
        | ServerMessage::Played { .. }
        | ServerMessage::Undone { .. } => Kind::Change,
        _ => Kind::Answer,
    };
    let text = serde_json::to_string(msg)
        .unwrap_or_else(|_| {
            r#"{"type":"error","code":"internal","message":"unencodable message"}"#.into()
        })
        .into();
    Encoded { kind, text }
}

/// The error message for a refusal.
pub fn error_message(id: Option<u64>, r: &Refusal) -> Encoded {
    encode(&ServerMessage::Error {
        id,
        code: r.code,
        message: r.message.clone(),
    })
}

impl Room {
    pub(super) fn send_to(&self, conn: ConnId, msg: Encoded) {
        if let Some(m) = self.members.get(&conn) {
            m.outbox.push(msg);
        }
    }

    pub(super) fn broadcast(&self, msg: &ServerMessage) {
        let text = encode(msg);
        for m in self.members.values() {
            m.outbox.push(text.clone());
        }
    }

    pub(super) fn reply_ok(&self, conn: ConnId, id: Option<u64>) {
        if id.is_some() {
            self.send_to(conn, encode(&ServerMessage::Ok { id }));
        }
    }

    pub(super) fn seat_views(&self) -> Vec<SeatView> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatView {
                seat: i,
                name: s.rec.name.clone(),
                colour: s.rec.colour.clone(),
                player: s.rec.player,
                taken: s.rec.token_hash.is_some(),
                connected: s.holder.is_some(),
                ready: s.rec.ready || matches!(s.rec.player, Player::Bot { .. }),
                standin: s.standin.then_some(self.options.standin),
            })
            .collect()
    }

    /// A seat in words for people: its name and its number as the screens count (from 1).
    pub(super) fn who(&self, seat: usize) -> String {
        match self.seats.get(seat) {
            Some(s) if s.rec.token_hash.is_some() || s.rec.player != Player::Human => {
                format!("{} (seat {})", s.rec.name, seat + 1)
            }
            _ => format!("seat {}", seat + 1),
        }
    }

    pub(super) fn view(&self) -> Option<GameView> {
        let s = self.game.as_ref()?;
        let mut v = GameView::of(s.game());
        v.can_undo = s.can_undo() && !self.last_move_by_bot;
        v.deadline_ms = self
            .turn_deadline()
            .map(|d| now_ms() + d.saturating_duration_since(Instant::now()).as_millis() as u64);
        Some(v)
    }

    pub fn snapshot(&self) -> RoomSnapshot {
        let game = self.game.as_ref().and_then(|s| {
            Some(GameSnapshot {
                number: self.game_number,
                seq: self.seq,
                start: s.start.clone(),
                history: s.history().to_vec(),
                view: self.view()?,
                engine: s.engine,
                commitment: s.commitment(),
                secret: s.revealed(),
                stood_in: s.stood_in().to_vec(),
            })
        });
        RoomSnapshot {
            code: self.code.clone(),
            link: room_link(&self.code),
            stage: self.stage,
            host: self.host,
            seats: self.seat_views(),
            spectators: self.members.values().filter(|m| m.spectator).count() as u32,
            rules: self.rules_json.clone(),
            teams: self.teams.clone(),
            options: self.options.clone(),
            game_number: self.game_number,
            game,
        }
    }

    pub(super) fn broadcast_room(&self) {
        self.broadcast(&ServerMessage::Room {
            room: self.snapshot(),
        });
    }

    pub(super) fn broadcast_seats(&self) {
        if self.stage == Stage::Lobby {
            self.broadcast_room();
        } else {
            self.broadcast(&ServerMessage::Seats {
                seats: self.seat_views(),
            });
        }
    }

    /// After a successful join: `joined` to the joiner, the room to everyone.
    pub(super) fn answer_join(
        &mut self,
        conn: ConnId,
        outbox: Outbox,
        id: Option<u64>,
        r: Result<Vec<SeatToken>, Refusal>,
    ) {
        match r {
            Ok(seats) => {
                let host = self.holds(conn, self.host);
                self.send_to(
                    conn,
                    encode(&ServerMessage::Joined {
                        id,
                        code: self.code.clone(),
                        link: room_link(&self.code),
                        seats,
                        host,
                    }),
                );
                self.broadcast_seats_or_room_to(conn);
            }
            Err(e) => {
                outbox.push(error_message(id, &e));
            }
        }
    }

    /// The newcomer gets the whole room; the others hear only about the seats.
    pub(super) fn broadcast_seats_or_room_to(&self, conn: ConnId) {
        if self.stage == Stage::Lobby {
            self.broadcast_room();
            return;
        }
        self.send_to(
            conn,
            encode(&ServerMessage::Room {
                room: self.snapshot(),
            }),
        );
        let seats = encode(&ServerMessage::Seats {
            seats: self.seat_views(),
        });
        for (c, m) in &self.members {
            if *c != conn {
                m.outbox.push(seats.clone());
            }
        }
    }
}
