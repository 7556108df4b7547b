//! One room: a task that owns the table, the seats and the game's `Session`, and takes
//! commands one at a time. It is the only place a room changes, so a throw is drawn once,
//! from the session's RNG, whatever the clients do; every accepted action is stored
//! before anyone hears of it.

use crate::store::{Entry, GameRecord, LoadedRoom, RoomRecord, SeatRecord, Store, StoreError};
use rand::RngCore;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio::time::sleep_until;
use yut_core::bot::Bot;
use yut_core::game::{Phase, RuleError};
use yut_core::rules::RuleSet;
use yut_core::session::{
    now_ms, Action, BotLevel, NewSession, Player, Seat, Session, SessionError, SessionOptions,
};
use yut_core::setup::MoveSpec;
use yut_net::protocol::{
    room_link, ClientMessage, ErrorCode, GameSnapshot, GameView, RoomSnapshot, SeatToken, SeatView,
    ServerMessage, Stage,
};

/// A connection's number, unique while the server runs.
pub type ConnId = u64;

/// Where a connection's outgoing messages go (already serialised, shared by all readers).
pub type Outbox = mpsc::Sender<Arc<str>>;

/// A refusal: a typed code and a sentence for people.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
}

pub fn refuse(code: ErrorCode, message: impl Into<String>) -> Refusal {
    Refusal {
        code,
        message: message.into(),
    }
}

/// Serialises a message once for every reader.
pub fn encode(msg: &ServerMessage) -> Arc<str> {
    serde_json::to_string(msg)
        .unwrap_or_else(|_| {
            r#"{"type":"error","code":"internal","message":"unencodable message"}"#.into()
        })
        .into()
}

/// The error message for a refusal.
pub fn error_message(id: Option<u64>, r: &Refusal) -> Arc<str> {
    encode(&ServerMessage::Error {
        id,
        code: r.code,
        message: r.message.clone(),
    })
}

/// What a room task is asked to do.
pub enum Command {
    /// The room's creator takes its seats (sent once, right after the room is made).
    Create {
        conn: ConnId,
        outbox: Outbox,
        id: Option<u64>,
        name: String,
        claim: Vec<usize>,
    },
    Join {
        conn: ConnId,
        outbox: Outbox,
        id: Option<u64>,
        name: String,
        seat: Option<usize>,
    },
    Spectate {
        conn: ConnId,
        outbox: Outbox,
        id: Option<u64>,
    },
    Resume {
        conn: ConnId,
        outbox: Outbox,
        id: Option<u64>,
        tokens: Vec<String>,
    },
    /// Any other request of a connection in the room.
    Request {
        conn: ConnId,
        outbox: Outbox,
        id: Option<u64>,
        msg: ClientMessage,
    },
    /// The connection closed or left.
    Gone { conn: ConnId },
    /// This node lost the room's lease: the room ends here without writing anything, and
    /// its clients reconnect (to the node that takes it over).
    Lost,
}

/// How the rest of the server reaches a room.
#[derive(Clone)]
pub struct RoomHandle {
    pub code: String,
    tx: mpsc::Sender<Command>,
}

impl RoomHandle {
    /// Hands a command to the room; `false` when the room has closed.
    pub async fn send(&self, c: Command) -> bool {
        self.tx.send(c).await.is_ok()
    }

    /// Returns once the room's task has ended (expired, shut down, or lost to another
    /// node), so its connections can close and their clients reconnect.
    pub async fn closed(&self) {
        self.tx.closed().await
    }
}

/// What every room shares: the store, limits, and how to leave the registry.
pub struct RoomContext {
    pub store: Arc<dyn Store>,
    pub ttl: Duration,
    pub max_spectators: usize,
    /// Called with the room's code when it expires.
    pub forget: Box<dyn Fn(&str) + Send + Sync>,
}

/// A fresh random token of 256 bits, hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

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

/// A seat while the server runs: the stored part and who holds it now.
struct SeatState {
    rec: SeatRecord,
    holder: Option<ConnId>,
    /// Since when the holder is away (during a game the grace period runs from here).
    away_since: Option<Instant>,
    /// A bot plays the seat while its person is away.
    standin: bool,
    bot: Option<Bot>,
}

impl SeatState {
    fn new(rec: SeatRecord) -> SeatState {
        SeatState {
            rec,
            holder: None,
            away_since: None,
            standin: false,
            bot: None,
        }
    }
}

struct Member {
    outbox: Outbox,
    spectator: bool,
}

pub struct Room {
    code: String,
    created_ms: u64,
    empty_since_ms: Option<u64>,
    stage: Stage,
    host: usize,
    rules_json: serde_json::Value,
    teams: Option<Vec<Vec<usize>>>,
    options: yut_net::protocol::RoomOptions,
    seats: Vec<SeatState>,
    game_number: u32,
    game: Option<GameRecord>,
    session: Option<Session>,
    seq: u64,
    members: HashMap<ConnId, Member>,
    last_action_at: Instant,
    /// The last move was played by a bot for a person (standin or turn timer): no undo.
    last_move_by_bot: bool,
    /// The fencing token this node holds the room under (0 with the embedded store).
    fence: u64,
    /// The store refused a write under `fence`: another node owns the room now.
    lost: std::sync::atomic::AtomicBool,
    ctx: Arc<RoomContext>,
}

fn session_refusal(e: SessionError) -> Refusal {
    let code = match &e {
        SessionError::Rules(RuleError::GameOver) => ErrorCode::GameOver,
        SessionError::Rules(RuleError::NoThrowOwed) => ErrorCode::NoThrowOwed,
        SessionError::Rules(RuleError::MustThrow) => ErrorCode::MustThrow,
        SessionError::Rules(_) => ErrorCode::IllegalMove,
        SessionError::NothingToUndo => ErrorCode::NothingToUndo,
        SessionError::UndoOff => ErrorCode::UndoOff,
        SessionError::Setup(_) | SessionError::Seat { .. } => ErrorCode::BadTable,
        SessionError::Replay(_) => ErrorCode::Internal,
    };
    refuse(code, e.to_string())
}

fn store_refusal(e: StoreError) -> Refusal {
    tracing::error!(error = %e, "store failed");
    refuse(
        ErrorCode::StoreFailed,
        format!("the action was not stored: {e}"),
    )
}

/// Checks that `rules`, `seats` and `teams` make a playable table; returns the rule set.
pub fn check_table(
    rules: &serde_json::Value,
    seats: usize,
    teams: Option<&[Vec<usize>]>,
) -> Result<RuleSet, Refusal> {
    let set = RuleSet::from_json(rules).map_err(|e| refuse(ErrorCode::BadTable, e.to_string()))?;
    yut_core::game::Game::new(set.clone(), seats, teams, 0)
        .map_err(|e| refuse(ErrorCode::BadTable, e.to_string()))?;
    Ok(set)
}

/// Rebuilds a game's session from its setup and stored entries, drawing every throw
/// again from the seed and checking it is the stored one.
fn rebuild(game: &GameRecord, entries: &[Entry]) -> Result<Session, String> {
    let mut s = Session::new_under(game.setup.clone(), game.engine).map_err(|e| e.to_string())?;
    let mut history: Vec<Action> = Vec::with_capacity(entries.len());
    let mut updated = game.created_ms;
    for (i, e) in entries.iter().enumerate() {
        let bad = |m: String| format!("entry {}: {m}", i + 1);
        match e {
            Entry::Action { action } => {
                match action {
                    Action::Throw {
                        outcome,
                        sticks,
                        at_ms,
                        ..
                    } => {
                        let r = s.throw().map_err(|e| bad(e.to_string()))?;
                        if r.outcome != *outcome || r.sticks != *sticks {
                            return Err(bad("the stored throw is not the RNG's".into()));
                        }
                        updated = *at_ms;
                    }
                    Action::Move { mv, at_ms, .. } => {
                        s.play(mv).map_err(|e| bad(e.to_string()))?;
                        updated = *at_ms;
                    }
                }
                history.push(action.clone());
            }
            Entry::Undo { at_ms, .. } => {
                s.undo().map_err(|e| bad(e.to_string()))?;
                history.pop();
                updated = *at_ms;
            }
        }
    }
    // The replay stamped every action with today's clock; put the recorded times back
    // (reading the session replays it once more and checks the RNG state).
    let mut v = serde_json::to_value(&s).map_err(|e| e.to_string())?;
    v["history"] = serde_json::to_value(&history).map_err(|e| e.to_string())?;
    v["created_ms"] = game.created_ms.into();
    v["updated_ms"] = updated.into();
    serde_json::from_value(v).map_err(|e| e.to_string())
}

impl Room {
    /// A new room in the lobby, seats all open.
    pub fn new(
        code: String,
        rules: &RuleSet,
        seats: Vec<SeatRecord>,
        teams: Option<Vec<Vec<usize>>>,
        options: yut_net::protocol::RoomOptions,
        ctx: Arc<RoomContext>,
    ) -> Room {
        let now = now_ms();
        Room {
            code,
            created_ms: now,
            empty_since_ms: Some(now),
            stage: Stage::Lobby,
            host: 0,
            rules_json: rules.to_json(),
            teams,
            options,
            seats: seats.into_iter().map(SeatState::new).collect(),
            game_number: 0,
            game: None,
            session: None,
            seq: 0,
            members: HashMap::new(),
            last_action_at: Instant::now(),
            last_move_by_bot: false,
            fence: 0,
            lost: std::sync::atomic::AtomicBool::new(false),
            ctx,
        }
    }

    /// A room as the store kept it, its game replayed.
    pub fn restore(loaded: LoadedRoom, ctx: Arc<RoomContext>) -> Result<Room, String> {
        let r = loaded.record;
        let session = match &r.game {
            Some(g) => Some(rebuild(g, &loaded.entries).map_err(|e| format!("{}: {e}", r.code))?),
            None => None,
        };
        let now = Instant::now();
        let playing = r.stage == Stage::Playing;
        let seats = r
            .seats
            .into_iter()
            .map(|rec| {
                let mut s = SeatState::new(rec);
                // Nobody is connected to a room just restored: the grace period starts now.
                if playing && s.rec.token_hash.is_some() {
                    s.away_since = Some(now);
                }
                s
            })
            .collect();
        Ok(Room {
            code: r.code,
            created_ms: r.created_ms,
            empty_since_ms: Some(r.empty_since_ms.unwrap_or_else(now_ms)),
            stage: r.stage,
            host: r.host,
            rules_json: r.rules,
            teams: r.teams,
            options: r.options,
            seats,
            game_number: r.game_number,
            game: r.game,
            session,
            seq: loaded.entries.len() as u64,
            members: HashMap::new(),
            last_action_at: now,
            last_move_by_bot: false,
            fence: 0,
            lost: std::sync::atomic::AtomicBool::new(false),
            ctx,
        })
    }

    pub fn code(&self) -> &str {
        &self.code
    }

    /// The room held under the fencing token `fence`: every write carries it.
    pub fn fenced(mut self, fence: u64) -> Room {
        self.fence = fence;
        self
    }

    /// A store's answer: a refusal when it failed, and the room marked lost when the
    /// failure was a newer owner's fence.
    fn stored(&self, r: Result<(), StoreError>) -> Result<(), Refusal> {
        if let Err(StoreError::Fenced(_)) = &r {
            self.lost.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        r.map_err(store_refusal)
    }

    pub fn record(&self) -> RoomRecord {
        RoomRecord {
            code: self.code.clone(),
            created_ms: self.created_ms,
            updated_ms: now_ms(),
            empty_since_ms: self.empty_since_ms,
            stage: self.stage,
            host: self.host,
            rules: self.rules_json.clone(),
            teams: self.teams.clone(),
            options: self.options.clone(),
            seats: self.seats.iter().map(|s| s.rec.clone()).collect(),
            game_number: self.game_number,
            game: self.game.clone(),
        }
    }

    /// Starts the room's task; it ends when the room expires or the server shuts down.
    pub fn spawn(
        self,
        mut shutdown: crate::shutdown::Shutdown,
        done: mpsc::Sender<()>,
    ) -> RoomHandle {
        let (tx, mut rx) = mpsc::channel(256);
        let handle = RoomHandle {
            code: self.code.clone(),
            tx,
        };
        let mut room = self;
        tokio::spawn(async move {
            let _done = done;
            let mut expired = false;
            loop {
                if room.lost.load(std::sync::atomic::Ordering::Relaxed) {
                    break;
                }
                let due = room.next_due();
                tokio::select! {
                    c = rx.recv() => match c {
                        Some(c) => room.handle(c).await,
                        None => break,
                    },
                    _ = sleep_until(due.unwrap_or_else(far_future).into()), if due.is_some() => {
                        if room.on_timer().await {
                            expired = true;
                            break;
                        }
                    }
                    _ = shutdown.fired() => break,
                }
            }
            // An expired room is gone from the store; a lost one belongs to another node;
            // anything else stores its record.
            if room.lost.load(std::sync::atomic::Ordering::Relaxed) {
                tracing::info!(room = %room.code, "room lost to another node");
                (room.ctx.forget)(&room.code);
            } else if !expired {
                room.close().await;
            }
        });
        handle
    }

    /// Stores the record one last time (every action is stored already).
    async fn close(&mut self) {
        if let Err(e) = self
            .ctx
            .store
            .save_room_fenced(&self.record(), self.fence)
            .await
        {
            tracing::error!(room = %self.code, error = %e, "could not store the room on closing");
        }
    }

    async fn save(&self) -> Result<(), Refusal> {
        let r = self
            .ctx
            .store
            .save_room_fenced(&self.record(), self.fence)
            .await;
        self.stored(r)
    }

    // ---- messages out ----

    fn send_to(&self, conn: ConnId, msg: Arc<str>) {
        if let Some(m) = self.members.get(&conn) {
            // A reader too slow to keep up misses messages; its client notices the gap in
            // `seq` and asks for a `sync`.
            let _ = m.outbox.try_send(msg);
        }
    }

    fn broadcast(&self, msg: &ServerMessage) {
        let text = encode(msg);
        for m in self.members.values() {
            let _ = m.outbox.try_send(text.clone());
        }
    }

    fn reply_ok(&self, conn: ConnId, id: Option<u64>) {
        if id.is_some() {
            self.send_to(conn, encode(&ServerMessage::Ok { id }));
        }
    }

    fn seat_views(&self) -> Vec<SeatView> {
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

    fn view(&self) -> Option<GameView> {
        let s = self.session.as_ref()?;
        let mut v = GameView::of(s.game());
        v.can_undo = s.can_undo() && !self.last_move_by_bot;
        v.deadline_ms = self
            .turn_deadline()
            .map(|d| now_ms() + d.saturating_duration_since(Instant::now()).as_millis() as u64);
        Some(v)
    }

    pub fn snapshot(&self) -> RoomSnapshot {
        let game = self.session.as_ref().and_then(|s| {
            Some(GameSnapshot {
                number: self.game_number,
                seq: self.seq,
                start: s.start.clone(),
                history: s.history().to_vec(),
                view: self.view()?,
                engine: s.engine(),
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

    fn broadcast_room(&self) {
        self.broadcast(&ServerMessage::Room {
            room: self.snapshot(),
        });
    }

    fn broadcast_seats(&self) {
        if self.stage == Stage::Lobby {
            self.broadcast_room();
        } else {
            self.broadcast(&ServerMessage::Seats {
                seats: self.seat_views(),
            });
        }
    }

    // ---- commands ----

    async fn handle(&mut self, c: Command) {
        match c {
            Command::Create {
                conn,
                outbox,
                id,
                name,
                claim,
            } => {
                let r = self.take_seats(conn, &outbox, &name, &claim, true).await;
                self.answer_join(conn, outbox, id, r);
            }
            Command::Join {
                conn,
                outbox,
                id,
                name,
                seat,
            } => {
                let r = match self.open_seat(seat) {
                    Ok(seat) => self.take_seats(conn, &outbox, &name, &[seat], false).await,
                    Err(e) => Err(e),
                };
                self.answer_join(conn, outbox, id, r);
            }
            Command::Spectate { conn, outbox, id } => {
                let spectators = self.members.values().filter(|m| m.spectator).count();
                if !self.members.contains_key(&conn) && spectators >= self.ctx.max_spectators {
                    let _ = outbox.try_send(error_message(
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
            Command::Resume {
                conn,
                outbox,
                id,
                tokens,
            } => {
                let r = self.resume(conn, &outbox, &tokens).await;
                self.answer_join(conn, outbox, id, r);
            }
            Command::Request {
                conn,
                outbox,
                id,
                msg,
            } => {
                if !self.members.contains_key(&conn) {
                    // Its join was refused, or it left.
                    let _ = outbox.try_send(error_message(
                        id,
                        &refuse(
                            ErrorCode::NotInRoom,
                            "join, spectate or resume the room first",
                        ),
                    ));
                    return;
                }
                // Answered on the outbox given: after `leave` the sender is no member.
                let answer = match self.request(conn, msg).await {
                    Ok(()) => id.map(|_| encode(&ServerMessage::Ok { id })),
                    Err(r) => Some(error_message(id, &r)),
                };
                if let Some(a) = answer {
                    let _ = outbox.try_send(a);
                }
            }
            Command::Gone { conn } => self.gone(conn).await,
            Command::Lost => self.lost.store(true, std::sync::atomic::Ordering::Relaxed),
        }
    }

    /// After a successful join: `joined` to the joiner, the room to everyone.
    fn answer_join(
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
                let _ = outbox.try_send(error_message(id, &e));
            }
        }
    }

    /// The newcomer gets the whole room; the others hear only about the seats.
    fn broadcast_seats_or_room_to(&self, conn: ConnId) {
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
                let _ = m.outbox.try_send(seats.clone());
            }
        }
    }

    fn holds(&self, conn: ConnId, seat: usize) -> bool {
        self.seats.get(seat).and_then(|s| s.holder) == Some(conn)
    }

    fn open_seat(&self, wanted: Option<usize>) -> Result<usize, Refusal> {
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

    async fn take_seats(
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
        self.members.entry(conn).or_insert(Member {
            outbox: outbox.clone(),
            spectator: false,
        });
        if let Some(m) = self.members.get_mut(&conn) {
            m.spectator = false;
        }
        self.empty_since_ms = None;
        self.save().await?;
        Ok(tokens)
    }

    async fn resume(
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
        self.members.entry(conn).or_insert(Member {
            outbox: outbox.clone(),
            spectator: false,
        });
        if let Some(m) = self.members.get_mut(&conn) {
            m.spectator = false;
        }
        self.mark_occupied().await;
        Ok(found)
    }

    async fn mark_occupied(&mut self) {
        if self.empty_since_ms.is_some() {
            self.empty_since_ms = None;
            if let Err(r) = self.save().await {
                tracing::warn!(room = %self.code, "{}", r.message);
            }
        }
    }

    async fn gone(&mut self, conn: ConnId) {
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

    fn must_hold(&self, conn: ConnId, seat: usize) -> Result<(), Refusal> {
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

    fn must_be_host(&self, conn: ConnId) -> Result<(), Refusal> {
        if self.holds(conn, self.host) {
            Ok(())
        } else {
            Err(refuse(ErrorCode::NotHost, "only the host may do this"))
        }
    }

    fn must_be_lobby(&self) -> Result<(), Refusal> {
        match self.stage {
            Stage::Lobby => Ok(()),
            _ => Err(refuse(
                ErrorCode::AlreadyStarted,
                "the table changes only in the lobby",
            )),
        }
    }

    /// A game intent's checks: the seat is this connection's and it is its turn.
    fn must_act(&self, conn: ConnId, seat: usize) -> Result<(), Refusal> {
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

    async fn request(&mut self, conn: ConnId, msg: ClientMessage) -> Result<(), Refusal> {
        match msg {
            ClientMessage::Leave => {
                self.gone(conn).await;
                Ok(())
            }
            ClientMessage::Sync => {
                self.send_to(
                    conn,
                    encode(&ServerMessage::Room {
                        room: self.snapshot(),
                    }),
                );
                Ok(())
            }
            ClientMessage::Ready { seat, ready } => {
                self.must_hold(conn, seat)?;
                self.must_be_lobby()?;
                self.seats[seat].rec.ready = ready;
                self.save().await?;
                self.broadcast_room();
                Ok(())
            }
            ClientMessage::Start => {
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
            ClientMessage::Rematch => {
                self.must_be_host(conn)?;
                if self.stage != Stage::Over {
                    return Err(refuse(
                        ErrorCode::NotStarted,
                        "a rematch follows a finished game",
                    ));
                }
                self.begin_game().await
            }
            ClientMessage::AddSeat { player, name } => {
                self.must_be_host(conn)?;
                self.must_be_lobby()?;
                let i = self.seats.len();
                let name = match name {
                    Some(n) => yut_net::protocol::check_name(&n)
                        .map_err(|m| refuse(ErrorCode::BadName, m))?,
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
            ClientMessage::RemoveSeat { seat } => {
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
            ClientMessage::MoveSeat { from, to } => {
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
            ClientMessage::SetSeat { seat, player } => {
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
            ClientMessage::Throw { seat } => {
                self.must_act(conn, seat)?;
                self.throw(false).await
            }
            ClientMessage::Move { seat, mv, pieces } => {
                self.must_act(conn, seat)?;
                self.play(&mv, pieces, false).await
            }
            ClientMessage::Undo { seat } => {
                self.must_hold(conn, seat)?;
                self.undo(seat).await
            }
            ClientMessage::Hello { .. } => Err(refuse(ErrorCode::HelloFirst, "hello comes once")),
            ClientMessage::CreateRoom { .. }
            | ClientMessage::Join { .. }
            | ClientMessage::Spectate { .. }
            | ClientMessage::Resume { .. } => Err(refuse(
                ErrorCode::Internal,
                "room requests are not handled here",
            )),
        }
    }

    /// Applies a change of the lobby's seats if the table it gives can be played.
    async fn change_table(&mut self, f: impl FnOnce(&mut Vec<SeatState>)) -> Result<(), Refusal> {
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

    async fn begin_game(&mut self) -> Result<(), Refusal> {
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

    /// Stores an entry; the caller has already changed the session and puts it back if
    /// this fails.
    async fn store_entry(&mut self, entry: &Entry) -> Result<(), Refusal> {
        let r = self
            .ctx
            .store
            .append_fenced(
                &self.code,
                self.game_number,
                self.seq + 1,
                entry,
                self.fence,
            )
            .await;
        self.stored(r)?;
        self.seq += 1;
        Ok(())
    }

    async fn throw(&mut self, by_bot: bool) -> Result<(), Refusal> {
        let Some(session) = self.session.as_mut() else {
            return Err(refuse(ErrorCode::NotStarted, "the game has not started"));
        };
        let before = session.clone();
        let report = session.throw().map_err(session_refusal)?;
        self.after_action(before, report.events, by_bot).await
    }

    async fn play(
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
    async fn after_action(
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

    async fn undo(&mut self, seat: usize) -> Result<(), Refusal> {
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

    // ---- time ----

    /// The seat to act, when a bot plays it now (a bot seat, or a person's seat with a bot
    /// standing in).
    /// The seat a bot plays now. Nobody connected (every person gone, no spectator): the
    /// game waits for them rather than playing itself to the end unseen.
    fn bot_turn(&self) -> Option<usize> {
        let s = self.session.as_ref()?;
        if self.stage != Stage::Playing || s.game().is_over() || self.members.is_empty() {
            return None;
        }
        let seat = s.to_move();
        let st = self.seats.get(seat)?;
        (matches!(st.rec.player, Player::Bot { .. }) || st.standin).then_some(seat)
    }

    fn turn_deadline(&self) -> Option<Instant> {
        let timer = self.options.turn_timer_ms?;
        if self.stage != Stage::Playing || self.members.is_empty() || self.bot_turn().is_some() {
            return None;
        }
        Some(self.last_action_at + Duration::from_millis(timer))
    }

    fn next_due(&self) -> Option<Instant> {
        let mut due: Vec<Instant> = Vec::new();
        if self.bot_turn().is_some() {
            due.push(self.last_action_at + Duration::from_millis(self.options.bot_delay_ms));
        }
        due.extend(self.turn_deadline());
        if self.stage == Stage::Playing {
            let grace = Duration::from_millis(self.options.grace_ms);
            due.extend(
                self.seats
                    .iter()
                    .filter(|s| !s.standin && s.holder.is_none())
                    .filter_map(|s| s.away_since.map(|t| t + grace)),
            );
        }
        if self.members.is_empty() {
            if let Some(since) = self.empty_since_ms {
                let left = Duration::from_millis(
                    (since + self.ctx.ttl.as_millis() as u64).saturating_sub(now_ms()),
                );
                due.push(Instant::now() + left);
            }
        }
        due.into_iter().min()
    }

    /// Does what is due; `true` when the room has expired and its task should end.
    async fn on_timer(&mut self) -> bool {
        let now = Instant::now();
        if self.members.is_empty() {
            if let Some(since) = self.empty_since_ms {
                if now_ms() >= since + self.ctx.ttl.as_millis() as u64 {
                    tracing::info!(room = %self.code, "room expired");
                    if let Err(e) = self
                        .ctx
                        .store
                        .delete_room_fenced(&self.code, self.fence)
                        .await
                    {
                        tracing::error!(room = %self.code, error = %e, "could not forget the room");
                    }
                    (self.ctx.forget)(&self.code);
                    return true;
                }
            }
        }
        if self.stage == Stage::Playing {
            let grace = Duration::from_millis(self.options.grace_ms);
            let mut changed = false;
            for s in &mut self.seats {
                if !s.standin
                    && s.holder.is_none()
                    && s.away_since.is_some_and(|t| t + grace <= now)
                {
                    s.standin = true;
                    changed = true;
                }
            }
            if changed {
                self.broadcast_seats();
            }
        }
        let bot_due = self.bot_turn().is_some()
            && self.last_action_at + Duration::from_millis(self.options.bot_delay_ms) <= now;
        let timer_due = self.turn_deadline().is_some_and(|d| d <= now);
        if bot_due || timer_due {
            if let Err(e) = self.bot_act().await {
                tracing::warn!(room = %self.code, code = ?e.code, "bot action refused: {}", e.message);
                // Do not spin on a refused bot action.
                self.last_action_at = Instant::now();
            }
        }
        false
    }

    /// One action by a bot for the seat to act.
    async fn bot_act(&mut self) -> Result<(), Refusal> {
        let Some(session) = self.session.as_ref() else {
            return Ok(());
        };
        let seat = session.to_move();
        match session.game().phase() {
            Phase::Over => Ok(()),
            Phase::Throw => self.throw(true).await,
            Phase::Move => {
                let level = match self.seats[seat].rec.player {
                    Player::Bot { level } => level,
                    Player::Human => self.options.standin,
                };
                let levels = session.seat_levels();
                let game = session.game().clone();
                let mut bot = self.seats[seat]
                    .bot
                    .take()
                    .filter(|b| b.level() == level.into())
                    .unwrap_or_else(|| {
                        Bot::new(level.into(), rand::rngs::OsRng.next_u64())
                            .with_seat_levels(&levels)
                    });
                let (bot, chosen) = tokio::task::spawn_blocking(move || {
                    let m = bot.choose_legal(&game, Duration::from_millis(500), None);
                    (bot, m)
                })
                .await
                .map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?;
                self.seats[seat].bot = Some(bot);
                let Some(chosen) = chosen else {
                    return Err(refuse(ErrorCode::Internal, "the bot found no move"));
                };
                let spec = MoveSpec::of(&chosen);
                self.play(&spec, Some(chosen.mv.pieces), true).await
            }
        }
    }
}

fn far_future() -> Instant {
    Instant::now() + Duration::from_secs(86_400 * 365)
}

/// Turns a bot level id into the level, for seats the host adds.
pub fn bot_level(id: &str) -> Option<BotLevel> {
    BotLevel::ALL.into_iter().find(|l| l.id() == id)
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
            .map(|a| Entry::Action { action: a.clone() })
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
        let rebuilt = rebuild(&record, &entries).expect("the room rebuilds");
        assert_eq!(rebuilt.history().len(), entries.len());
        assert_eq!(rebuilt.engine(), 1);
        // Read as today's revision the same history does not replay: the revision matters.
        let today = GameRecord {
            engine: yut_core::session::ENGINE_REVISION,
            ..record
        };
        assert!(rebuild(&today, &entries).is_err());
    }
}
