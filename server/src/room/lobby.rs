//! The room's lobby and seats: joining, taking seats back with their tokens, leaving, and
//! the host's changes to the table; one handler per request.

use super::encode;
use super::{check_table, error_message, hash_token, new_token, refuse, ConnId, Member, Outbox};
use super::{Refusal, Room, SeatState};
use crate::store::SeatRecord;
use std::time::Instant;
use yut_core::session::{check_name, now_ms, Player};
use yut_net::protocol::{ErrorCode, SeatToken, ServerMessage, Stage};

/// Seat colours by seat when the host names none (the apps' palette).
const PALETTE: [&str; 6] = [
    "#D64545", "#2F6FD0", "#2E9E5B", "#E0A100", "#8A4FCF", "#1E9AA8",
];

pub fn default_colour(seat: usize) -> String {
    PALETTE[seat % PALETTE.len()].to_string()
}

pub fn default_name(seat: usize, player: Player) -> String {
    match player {
        Player::Human => format!("Player {}", seat + 1),
        Player::Bot { level } => format!("{} bot {}", capitalised(level.id()), seat + 1),
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

impl Room {
    pub(super) fn holds(&self, conn: ConnId, seat: usize) -> bool {
        self.seats.get(seat).and_then(|s| s.holder) == Some(conn)
    }

    pub(super) fn open_seat(&self, wanted: Option<usize>) -> Result<usize, Refusal> {
        let open = |s: &SeatState| s.rec.player == Player::Human && s.rec.token_hash.is_none();
        match wanted {
            Some(i) => match self.seats.get(i) {
                Some(s) if open(s) => Ok(i),
                Some(_) => Err(refuse(
                    ErrorCode::BadSeat,
                    format!("seat {i} is not open for a person"),
                )),
                None => Err(refuse(ErrorCode::BadSeat, format!("there is no seat {i}"))),
            },
            None => self
                .seats
                .iter()
                .position(open)
                .ok_or_else(|| refuse(ErrorCode::RoomFull, "every seat for a person is taken")),
        }
    }

    pub(super) async fn take_seats(
        &mut self,
        conn: ConnId,
        outbox: &Outbox,
        name: &str,
        seats: &[usize],
        creating: bool,
    ) -> Result<Vec<SeatToken>, Refusal> {
        for &i in seats {
            self.open_seat(Some(i))?;
        }
        let mut tokens = Vec::new();
        for (k, &i) in seats.iter().enumerate() {
            let token = new_token();
            let s = &mut self.seats[i];
            s.rec.token_hash = Some(hash_token(&token));
            s.rec.name = if seats.len() > 1 {
                format!("{name} {}", k + 1)
            } else {
                name.to_string()
            };
            s.rec.ready = false;
            s.holder = Some(conn);
            tokens.push(SeatToken { seat: i, token });
        }
        if creating {
            if let Some(&first) = seats.first() {
                self.host = first;
            }
        }
        self.seat_holder(conn, outbox);
        self.empty_since_ms = None;
        self.save().await?;
        Ok(tokens)
    }

    /// The connection is a member holding seats (a spectator no longer).
    fn seat_holder(&mut self, conn: ConnId, outbox: &Outbox) {
        self.members
            .entry(conn)
            .or_insert(Member {
                outbox: outbox.clone(),
                spectator: false,
            })
            .spectator = false;
    }

    pub(super) async fn resume(
        &mut self,
        conn: ConnId,
        outbox: &Outbox,
        tokens: &[String],
    ) -> Result<Vec<SeatToken>, Refusal> {
        let mut found = Vec::new();
        for t in tokens {
            let h = hash_token(t);
            match self
                .seats
                .iter()
                .position(|s| s.rec.token_hash.as_deref() == Some(h.as_str()))
            {
                Some(i) => found.push(SeatToken {
                    seat: i,
                    token: t.clone(),
                }),
                None => {
                    return Err(refuse(
                        ErrorCode::WrongToken,
                        "a token does not belong to any seat of this room",
                    ))
                }
            }
        }
        if found.is_empty() {
            return Err(refuse(ErrorCode::WrongToken, "no token given"));
        }
        for st in &found {
            let s = &mut self.seats[st.seat];
            // A second connection with the token takes the seat from the first.
            s.holder = Some(conn);
            s.away_since = None;
            s.standin = false;
        }
        self.seat_holder(conn, outbox);
        self.mark_occupied().await;
        Ok(found)
    }

    pub(super) async fn mark_occupied(&mut self) {
        if self.empty_since_ms.is_some() {
            self.empty_since_ms = None;
            if let Err(r) = self.save().await {
                tracing::warn!(room = %self.code, "{}", r.message);
            }
        }
    }

    pub(super) async fn gone(&mut self, conn: ConnId) {
        if self.members.remove(&conn).is_none() {
            return;
        }
        let now = Instant::now();
        for s in &mut self.seats {
            if s.holder == Some(conn) {
                s.holder = None;
                s.away_since = Some(now);
            }
        }
        if self.members.is_empty() {
            self.empty_since_ms = Some(now_ms());
            if let Err(r) = self.save().await {
                tracing::warn!(room = %self.code, "{}", r.message);
            }
        }
        self.broadcast_seats();
    }

    pub(super) fn must_hold(&self, conn: ConnId, seat: usize) -> Result<(), Refusal> {
        if seat >= self.seats.len() {
            return Err(refuse(
                ErrorCode::BadSeat,
                format!("there is no seat {seat}"),
            ));
        }
        if !self.holds(conn, seat) {
            return Err(refuse(
                ErrorCode::NotYourSeat,
                format!("seat {seat} is not held by this connection"),
            ));
        }
        Ok(())
    }

    pub(super) fn must_be_host(&self, conn: ConnId) -> Result<(), Refusal> {
        if self.holds(conn, self.host) {
            Ok(())
        } else {
            Err(refuse(ErrorCode::NotHost, "only the host may do this"))
        }
    }

    pub(super) fn must_be_lobby(&self) -> Result<(), Refusal> {
        match self.stage {
            Stage::Lobby => Ok(()),
            _ => Err(refuse(
                ErrorCode::AlreadyStarted,
                "the table changes only in the lobby",
            )),
        }
    }

    /// Watches the room without a seat.
    pub(super) async fn spectate(&mut self, conn: ConnId, outbox: Outbox, id: Option<u64>) {
        let spectators = self.members.values().filter(|m| m.spectator).count();
        if !self.members.contains_key(&conn) && spectators >= self.ctx.max_spectators {
            outbox.push(error_message(
                id,
                &refuse(ErrorCode::RoomFull, "the room takes no more spectators"),
            ));
            return;
        }
        self.members.entry(conn).or_insert(Member {
            outbox,
            spectator: true,
        });
        self.mark_occupied().await;
        self.reply_ok(conn, id);
        self.broadcast_seats_or_room_to(conn);
    }

    /// The whole room again, to the one who asked.
    pub(super) fn on_sync(&self, conn: ConnId) {
        self.send_to(
            conn,
            encode(&ServerMessage::Room {
                room: self.snapshot(),
            }),
        );
    }

    pub(super) async fn on_ready(
        &mut self,
        conn: ConnId,
        seat: usize,
        ready: bool,
    ) -> Result<(), Refusal> {
        self.must_hold(conn, seat)?;
        self.must_be_lobby()?;
        self.seats[seat].rec.ready = ready;
        self.save().await?;
        self.broadcast_room();
        Ok(())
    }

    /// The host starts the game once every person's seat is taken and ready.
    pub(super) async fn on_start(&mut self, conn: ConnId) -> Result<(), Refusal> {
        self.must_be_host(conn)?;
        self.must_be_lobby()?;
        for (i, s) in self.seats.iter().enumerate() {
            if s.rec.player == Player::Human {
                if s.rec.token_hash.is_none() {
                    return Err(refuse(
                        ErrorCode::NotReady,
                        format!("seat {i} waits for a player"),
                    ));
                }
                if !s.rec.ready && s.holder != Some(conn) {
                    return Err(refuse(
                        ErrorCode::NotReady,
                        format!("seat {i} is not ready"),
                    ));
                }
            }
        }
        self.begin_game().await
    }

    pub(super) async fn on_add_seat(
        &mut self,
        conn: ConnId,
        player: Player,
        name: Option<String>,
    ) -> Result<(), Refusal> {
        self.must_be_host(conn)?;
        self.must_be_lobby()?;
        let i = self.seats.len();
        let name = match name {
            Some(n) => check_name(&n).map_err(|m| refuse(ErrorCode::BadName, m))?,
            None => default_name(i, player),
        };
        self.change_table(|seats| {
            seats.push(SeatState::new(SeatRecord {
                name,
                colour: default_colour(i),
                player,
                token_hash: None,
                ready: false,
            }))
        })
        .await
    }

    pub(super) async fn on_remove_seat(
        &mut self,
        conn: ConnId,
        seat: usize,
    ) -> Result<(), Refusal> {
        self.must_be_host(conn)?;
        self.must_be_lobby()?;
        if seat >= self.seats.len() || seat == self.host {
            return Err(refuse(
                ErrorCode::BadSeat,
                format!("seat {seat} cannot be removed"),
            ));
        }
        let host = self.host;
        self.change_table(|seats| {
            seats.remove(seat);
        })
        .await?;
        if seat < host {
            self.host = host - 1;
            self.save().await?;
            self.broadcast_room();
        }
        Ok(())
    }

    /// The seat at `from` moves to `to`, the others shift (the host's seat too).
    pub(super) async fn on_move_seat(
        &mut self,
        conn: ConnId,
        from: usize,
        to: usize,
    ) -> Result<(), Refusal> {
        self.must_be_host(conn)?;
        self.must_be_lobby()?;
        let n = self.seats.len();
        if from >= n || to >= n {
            return Err(refuse(ErrorCode::BadSeat, "no such seat"));
        }
        let mut order: Vec<usize> = (0..n).collect();
        let moved = order.remove(from);
        order.insert(to, moved);
        let host_at = order.iter().position(|&i| i == self.host).unwrap_or(0);
        self.change_table(|seats| {
            let s = seats.remove(from);
            seats.insert(to, s);
        })
        .await?;
        self.host = host_at;
        self.save().await?;
        self.broadcast_room();
        Ok(())
    }

    /// A person's seat becomes a bot's, or the other way round; its holder loses it.
    pub(super) async fn on_set_seat(
        &mut self,
        conn: ConnId,
        seat: usize,
        player: Player,
    ) -> Result<(), Refusal> {
        self.must_be_host(conn)?;
        self.must_be_lobby()?;
        if seat >= self.seats.len() || seat == self.host {
            return Err(refuse(
                ErrorCode::BadSeat,
                format!("seat {seat} cannot be changed"),
            ));
        }
        self.change_table(|seats| {
            let s = &mut seats[seat];
            s.rec.player = player;
            s.rec.name = default_name(seat, player);
            s.rec.token_hash = None;
            s.rec.ready = false;
            s.holder = None;
        })
        .await
    }

    /// Applies a change of the lobby's seats if the table it gives can be played.
    pub(super) async fn change_table(
        &mut self,
        f: impl FnOnce(&mut Vec<SeatState>),
    ) -> Result<(), Refusal> {
        let before: Vec<SeatRecord> = self.seats.iter().map(|s| s.rec.clone()).collect();
        let holders: Vec<Option<ConnId>> = self.seats.iter().map(|s| s.holder).collect();
        f(&mut self.seats);
        if let Err(e) = check_table(&self.rules_json, self.seats.len(), self.teams.as_deref()) {
            self.seats = before
                .into_iter()
                .zip(holders)
                .map(|(rec, holder)| {
                    let mut s = SeatState::new(rec);
                    s.holder = holder;
                    s
                })
                .collect();
            return Err(e);
        }
        self.save().await?;
        self.broadcast_room();
        Ok(())
    }
}
