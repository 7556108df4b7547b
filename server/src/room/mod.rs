//! One room: a task that owns the table, the seats and the game, and takes commands one
//! at a time. It is the only place a room changes, so a throw is drawn once, from the
//! game's committed secret, whatever the clients do; every accepted action is stored
//! before anyone hears of it.
//!
//! The room's work is split by what it is about: the lobby and its seats (`lobby.rs`),
//! the game's actions (`play.rs`) on the game as the room holds it (`game.rs`), bots,
//! stand-ins and the turn timer (`turns.rs`), what is stored (`persist.rs`) and what is
//! sent (`out.rs`).

mod game;
mod lobby;
mod out;
mod persist;
mod play;
mod turns;

use crate::store::{GameRecord, LoadedRoom, SeatRecord, Store};
use game::RoomGame;
use rand::RngCore;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio::time::sleep_until;
use yut_core::bot::Bot;
use yut_core::rules::RuleSet;
use yut_core::session::now_ms;
use yut_net::protocol::{ClientMessage, ErrorCode, ServerMessage, Stage};

pub use lobby::{default_colour, default_name};
pub use out::{encode, error_message};

/// A connection's number, unique while the server runs.
pub type ConnId = u64;

pub use crate::outbox::Outbox;

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
    /// How long a room everyone left is kept.
    pub ttl: Duration,
    /// How long a room nobody but its host ever joined is kept once empty.
    pub unjoined_ttl: Duration,
    pub max_spectators: usize,
    /// The shortest pause before a bot's action, whatever the room's options say.
    pub min_bot_delay: Duration,
    /// Where the bots think.
    pub bots: crate::bots::BotPool,
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
    /// When this member last heard the whole room on asking (`sync`).
    last_sync: Option<Instant>,
    /// It asked again too soon: the room is sent once `turns::SYNC_EVERY` has passed.
    sync_owed: bool,
}

impl Member {
    fn new(outbox: Outbox, spectator: bool) -> Member {
        Member {
            outbox,
            spectator,
            last_sync: None,
            sync_owed: false,
        }
    }
}

pub struct Room {
    code: String,
    created_ms: u64,
    empty_since_ms: Option<u64>,
    /// Someone besides the host has joined, or a game began (see `RoomRecord::joined`).
    joined: bool,
    stage: Stage,
    host: usize,
    rules_json: serde_json::Value,
    teams: Option<Vec<Vec<usize>>>,
    options: yut_net::protocol::RoomOptions,
    seats: Vec<SeatState>,
    game_number: u32,
    /// The current (or last) game as stored: its setup and secret.
    game_record: Option<GameRecord>,
    /// The current (or last) game as played.
    game: Option<RoomGame>,
    /// A person's own throw or move was accepted in this game (a game played out by bots
    /// alone is not followed by a rematch).
    people_played: bool,
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
            joined: false,
            stage: Stage::Lobby,
            host: 0,
            rules_json: rules.to_json(),
            teams,
            options,
            seats: seats.into_iter().map(SeatState::new).collect(),
            game_number: 0,
            game_record: None,
            game: None,
            people_played: false,
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
        let game = match &r.game {
            Some(g) => Some(
                RoomGame::rebuild(g, &loaded.entries).map_err(|e| format!("{}: {e}", r.code))?,
            ),
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
            joined: r.joined,
            stage: r.stage,
            host: r.host,
            rules_json: r.rules,
            teams: r.teams,
            options: r.options,
            seats,
            game_number: r.game_number,
            game_record: r.game,
            game,
            people_played: true,
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

    /// Does one command; the only way a room changes.
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
                    Ok(seat) => {
                        self.joined = true;
                        self.take_seats(conn, &outbox, &name, &[seat], false).await
                    }
                    Err(e) => Err(e),
                };
                self.answer_join(conn, outbox, id, r);
            }
            Command::Spectate { conn, outbox, id } => self.spectate(conn, outbox, id).await,
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
                    outbox.push(error_message(
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
                    outbox.push(a);
                }
            }
            Command::Gone { conn } => self.gone(conn, false).await,
            Command::Lost => self.lost.store(true, std::sync::atomic::Ordering::Relaxed),
        }
    }

    /// A request of a member: each message has its handler (the lobby's in `lobby.rs`, the
    /// game's in `play.rs`).
    async fn request(&mut self, conn: ConnId, msg: ClientMessage) -> Result<(), Refusal> {
        match msg {
            ClientMessage::Leave => {
                self.gone(conn, true).await;
                Ok(())
            }
            ClientMessage::Sync => {
                self.on_sync(conn);
                Ok(())
            }
            ClientMessage::Ready { seat, ready } => self.on_ready(conn, seat, ready).await,
            ClientMessage::Start => self.on_start(conn).await,
            ClientMessage::AddSeat { player, name } => self.on_add_seat(conn, player, name).await,
            ClientMessage::RemoveSeat { seat } => self.on_remove_seat(conn, seat).await,
            ClientMessage::MoveSeat { from, to } => self.on_move_seat(conn, from, to).await,
            ClientMessage::SetSeat { seat, player } => self.on_set_seat(conn, seat, player).await,
            ClientMessage::Rematch => self.on_rematch(conn).await,
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
}

fn far_future() -> Instant {
    Instant::now() + Duration::from_secs(86_400 * 365)
}
