//! The room's lobby and seats: joining, taking seats back with their tokens, leaving, and
//! the host's changes to the table; one handler per request.

use super::encode;
use super::turns::SYNC_EVERY;
use super::{check_table, error_message, hash_token, new_token, refuse, ConnId, Member, Outbox};
use super::{Refusal, Room, SeatState};
use crate::store::SeatRecord;
use std::time::Instant;
use yut_core::seat_name::{check_name, MAX_NAME_CHARS};
use yut_core::session::{now_ms, Player};
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

/// The names of `count` seats one person takes under `name`: the name itself, or the name
/// numbered ("Mina 1", "Mina 2"), shortened where the number would make it too long.
fn seat_names(name: &str, count: usize) -> Vec<String> {
    if count <= 1 {
        return vec![name.to_string()];
    }
    (1..=count)
        .map(|k| {
            let number = format!(" {k}");
            let room = MAX_NAME_CHARS.saturating_sub(number.chars().count());
            let base: String = name.chars().take(room).collect();
            format!("{}{number}", base.trim_end())
        })
        .collect()
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
                    format!("{} is not open for a person", self.who(i)),
                )),
                None => Err(refuse(
                    ErrorCode::BadSeat,
                    format!("there is no seat {}", i + 1),
                )),
            },
            None => self.seats.iter().position(open).ok_or_else(|| {
                refuse(
                    ErrorCode::RoomFull,
                    "every seat for a person is taken: the room can still be watched",
                )
            }),
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
        for (k, &i) in seats.iter().enumerate() {
            self.open_seat(Some(i))?;
            if seats[..k].contains(&i) {
                return Err(refuse(
                    ErrorCode::BadSeat,
                    format!("seat {} is asked for twice", i + 1),
                ));
            }
        }
        // The names as they are stored (numbered when one person takes several seats) are
        // the ones the rule checks: a game starts only with names the rule accepts.
        let names = seat_names(name, seats.len());
        for n in &names {
            check_name(n).map_err(|m| refuse(ErrorCode::BadName, m))?;
        }
        let mut tokens = Vec::new();
        for (&i, name) in seats.iter().zip(names) {
            let token = new_token();
            let s = &mut self.seats[i];
            s.rec.token_hash = Some(hash_token(&token));
            s.rec.name = name;
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
            .or_insert_with(|| Member::new(outbox.clone(), false))
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

    /// The connection left (`leaving`: it said so) or dropped. Its seats stay its
    /// tokens'; a host who leaves hands the host's part to a person still here (one who
    /// dropped keeps it for the grace period, see `turns.rs`).
    pub(super) async fn gone(&mut self, conn: ConnId, leaving: bool) {
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
        if leaving
            && self
                .seats
                .get(self.host)
                .is_some_and(|s| s.holder.is_none())
        {
            self.pass_host().await;
        }
        if self.members.is_empty() {
            self.empty_since_ms = Some(now_ms());
            if let Err(r) = self.save().await {
                tracing::warn!(room = %self.code, "{}", r.message);
            }
        }
        self.broadcast_seats();
    }

    /// The host's part goes to the first seat whose person is here, if any (the host
    /// left, or dropped and did not come back in time), in the lobby or after a game:
    /// otherwise nobody could start or rematch.
    pub(super) async fn pass_host(&mut self) {
        if self.stage == Stage::Playing {
            return;
        }
        let Some(next) = self
            .seats
            .iter()
            .position(|s| s.holder.is_some() && s.rec.player == Player::Human)
        else {
            return;
        };
        tracing::info!(room = %self.code, from = self.host, to = next, "the host's part passes");
        self.host = next;
        if let Err(r) = self.save().await {
            tracing::warn!(room = %self.code, "{}", r.message);
        }
        self.broadcast_room();
    }

    pub(super) fn must_hold(&self, conn: ConnId, seat: usize) -> Result<(), Refusal> {
        if seat >= self.seats.len() {
            return Err(refuse(
                ErrorCode::BadSeat,
                format!("there is no seat {}", seat + 1),
            ));
        }
        if !self.holds(conn, seat) {
            return Err(refuse(
                ErrorCode::NotYourSeat,
                format!("{} is not yours", self.who(seat)),
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
        self.members
            .entry(conn)
            .or_insert_with(|| Member::new(outbox, true));
        self.mark_occupied().await;
        self.reply_ok(conn, id);
        self.broadcast_seats_or_room_to(conn);
    }

    /// The whole room again, to the one who asked: at once, or (asked again within
    /// `SYNC_EVERY`) once that has passed, the room as it is then.
    pub(super) fn on_sync(&mut self, conn: ConnId) {
        let now = Instant::now();
        let Some(m) = self.members.get_mut(&conn) else {
            return;
        };
        if m.last_sync.is_some_and(|t| now < t + SYNC_EVERY) {
            m.sync_owed = true;
            return;
        }
        m.last_sync = Some(now);
        m.sync_owed = false;
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
                        format!("seat {} waits for a player", i + 1),
                    ));
                }
                if !s.rec.ready && s.holder != Some(conn) {
                    return Err(refuse(
                        ErrorCode::NotReady,
                        format!("{} is not ready", self.who(i)),
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
                format!("{} cannot be removed", self.who(seat)),
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
                format!("{} cannot be changed", self.who(seat)),
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
