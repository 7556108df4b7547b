//! `OnlineRoom`: a room on a `yut-server`, through the `yut-net` client. The apps call its
//! async methods (Kotlin `suspend`, Swift `async`) and receive everything the room says
//! through a [`RoomListener`].
//!
//! The room's game is rebuilt here with the core from the server's history (every throw's
//! result is in it), so the listener receives the very `GameSnapshot` a local game screen
//! draws, and legal moves carry a state tag as a local game's do. The server decides; this
//! object never changes the game by itself.

mod forwarder;
mod records;
mod room_copy;

pub use records::*;

use forwarder::EventForwarder;
use room_copy::RoomCopy;

use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use yut_app::catalog::rule_set;
use yut_app::convert::{core_spot, core_throws, index, to_i32};
use yut_app::flight::{Mat, Swipe};
use yut_app::records::*;
use yut_net::protocol::{self, RoomSpec, SeatSpec as NetSeat};

/// The server the apps use until a person sets another in Settings.
pub const DEFAULT_SERVER: &str = "wss://rooms.yunnori.app";

/// How long a join waits for the room after the server's answer (it comes right after).
const ROOM_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// A connection to one server and the room it joined. Connect, then `host`, `join`,
/// `resume` or `spectate`. The connection comes back by itself when lost (the listener
/// hears `Reconnecting`, then `Restored`), until `disconnect`.
#[derive(uniffi::Object)]
pub struct OnlineRoom {
    server: String,
    client: yut_net::Client,
    room_copy: Arc<Mutex<RoomCopy>>,
    forwarder: Arc<EventForwarder>,
}

/// A room code as a person typed or pasted it (spaces, dashes, small letters, a
/// `yunnori://room/` link); `None` when it cannot be a code.
#[uniffi::export]
pub fn read_room_code(input: String) -> Option<String> {
    protocol::normalise_code(&input)
}

/// The link that opens the app on a room's join screen.
#[uniffi::export]
pub fn room_link(code: String) -> String {
    protocol::room_link(&code)
}

/// The server the apps use until a person sets another.
#[uniffi::export]
pub fn default_server() -> String {
    DEFAULT_SERVER.to_string()
}

/// Checks a server address a person typed (`ws://` or `wss://`, a host, maybe a port);
/// gives it back trimmed.
#[uniffi::export]
pub fn check_server_address(input: String) -> Result<String, OnlineError> {
    let s = input.trim();
    let rest = s
        .strip_prefix("wss://")
        .or_else(|| s.strip_prefix("ws://"))
        .ok_or_else(|| OnlineError::InvalidInput {
            reason: "the address starts with wss:// (or ws:// on a home network)".into(),
        })?;
    let host = rest.split('/').next().unwrap_or_default();
    if host.is_empty() || host.chars().any(|c| c.is_whitespace()) {
        return Err(OnlineError::InvalidInput {
            reason: "the address has no host".into(),
        });
    }
    Ok(s.trim_end_matches('/').to_string())
}

fn seat_index(seat: i32) -> Result<usize, OnlineError> {
    index(seat, "seat").map_err(Into::into)
}

fn code_of(input: &str) -> Result<String, OnlineError> {
    protocol::normalise_code(input).ok_or_else(|| OnlineError::InvalidInput {
        reason: format!("{input:?} is not a room code"),
    })
}

impl OnlineRoom {
    /// After a join's answer: waits for the room, then tells it with this device's seats.
    async fn joined_room(&self, code: &str) {
        self.until_room_heard(code).await;
        self.tell_room();
    }

    /// Waits (a while at most) until the room with this code has been heard. The server
    /// answers a join before it sends the room, and the app draws the room as soon as the
    /// call returns; without this it would find none, or the last room before.
    async fn until_room_heard(&self, code: &str) {
        let mut heard = self.forwarder.rooms_heard.subscribe();
        let here = |_: &u64| {
            lock(&self.room_copy)
                .room
                .as_ref()
                .is_some_and(|r| r.code == code)
        };
        let _ = tokio::time::timeout(ROOM_WAIT, heard.wait_for(here)).await;
    }

    /// Tells the listener the room as this device now holds it. The server's news of a
    /// join can come before its answer, and was then told with the seats not yet marked as
    /// this device's; without this, that view could be the last one heard.
    fn tell_room(&self) {
        let _order = lock(&self.forwarder.order);
        let view = lock(&self.room_copy).view();
        self.forwarder.room_changed(view);
    }

    fn remember(&self, joined: yut_net::Joined) -> RoomTicket {
        let mut m = lock(&self.room_copy);
        let seats: Vec<SeatTicket> = joined
            .seats
            .iter()
            .map(|t| SeatTicket {
                seat: to_i32(t.seat),
                token: t.token.clone(),
            })
            .collect();
        let ticket = match m.ticket.take() {
            // Another seat taken in the same room: one device may hold several.
            Some(mut t) if t.code == joined.code => {
                for s in seats {
                    t.seats.retain(|o| o.seat != s.seat);
                    t.seats.push(s);
                }
                t.host |= joined.host;
                t
            }
            _ => RoomTicket {
                server: self.server.clone(),
                code: joined.code,
                link: joined.link,
                seats,
                host: joined.host,
            },
        };
        m.ticket = Some(ticket.clone());
        ticket
    }

    fn my_seat(&self, seat: i32) -> Result<usize, OnlineError> {
        let s = seat_index(seat)?;
        if !lock(&self.room_copy).mine(s) {
            return Err(OnlineError::Stale {
                reason: format!("seat {seat} is not held by this device"),
            });
        }
        Ok(s)
    }
}

#[uniffi::export(async_runtime = "tokio")]
impl OnlineRoom {
    /// Connects to a server (`wss://HOST[:PORT]`, or `ws://` on a home network).
    #[uniffi::constructor]
    pub async fn connect(
        server: String,
        listener: Arc<dyn RoomListener>,
    ) -> Result<Arc<OnlineRoom>, OnlineError> {
        let server = check_server_address(server)?;
        let room_copy = Arc::new(Mutex::new(RoomCopy::default()));
        let forwarder = Arc::new(EventForwarder {
            room_copy: room_copy.clone(),
            listener,
            client: OnceLock::new(),
            order: Mutex::new(()),
            rooms_heard: tokio::sync::watch::Sender::new(0),
        });
        let client = yut_net::Client::connect(&server, forwarder.clone()).await?;
        let _ = forwarder.client.set(client.clone());
        Ok(Arc::new(OnlineRoom {
            server,
            client,
            room_copy,
            forwarder,
        }))
    }

    /// Opens a room at this table (rules, seats with their bots, teams; the seed is the
    /// server's) and takes the seats in `claim` (default: the first person's seat) under
    /// `name`. People's seats wait for players to join with the code.
    pub async fn host(
        &self,
        name: String,
        game: NewGame,
        settings: RoomSettings,
        claim: Option<Vec<i32>>,
    ) -> Result<RoomTicket, OnlineError> {
        let rules = rule_set(&game.rules)?.to_json();
        let seats = game
            .seats
            .iter()
            .map(|s| NetSeat {
                player: s.player.into(),
                name: match s.player {
                    PlayerKind::Bot { .. } => Some(s.name.clone()),
                    PlayerKind::Human => None,
                },
                colour: Some(s.colour.clone()),
            })
            .collect();
        let teams = game
            .teams
            .as_ref()
            .map(|sides| {
                sides
                    .iter()
                    .map(|side| side.iter().map(|s| seat_index(*s)).collect())
                    .collect::<Result<Vec<Vec<usize>>, OnlineError>>()
            })
            .transpose()?;
        let claim = claim
            .map(|c| c.into_iter().map(seat_index).collect())
            .transpose()?;
        let table = RoomSpec {
            rules,
            seats,
            teams,
            options: settings.options()?,
        };
        let joined = self.client.create_room(&name, table, claim).await?;
        let ticket = self.remember(joined);
        self.joined_room(&ticket.code).await;
        Ok(ticket)
    }

    /// Takes a seat (`seat`, or the first open one) in the room with this code.
    pub async fn join(
        &self,
        code: String,
        name: String,
        seat: Option<i32>,
    ) -> Result<RoomTicket, OnlineError> {
        let code = code_of(&code)?;
        let seat = seat.map(seat_index).transpose()?;
        let joined = self.client.join(&code, &name, seat).await?;
        let ticket = self.remember(joined);
        self.joined_room(&ticket.code).await;
        Ok(ticket)
    }

    /// Takes back the seats of a ticket kept from an earlier visit.
    pub async fn resume(&self, ticket: RoomTicket) -> Result<RoomTicket, OnlineError> {
        let code = code_of(&ticket.code)?;
        let tokens = ticket.seats.iter().map(|s| s.token.clone()).collect();
        let joined = self.client.resume(&code, tokens).await?;
        {
            // The host's mark is the server's to give; a resumed ticket keeps it.
            let mut m = lock(&self.room_copy);
            if m.ticket.as_ref().is_none_or(|t| t.code != code) {
                m.ticket = None;
            }
        }
        let mut t = self.remember(joined);
        if ticket.host && !t.host {
            t.host = ticket.host;
            if let Some(kept) = lock(&self.room_copy).ticket.as_mut() {
                kept.host = t.host;
            }
        }
        self.joined_room(&t.code).await;
        Ok(t)
    }

    /// Watches a room without a seat.
    pub async fn spectate(&self, code: String) -> Result<(), OnlineError> {
        let code = code_of(&code)?;
        self.client.spectate(&code).await?;
        self.until_room_heard(&code).await;
        Ok(())
    }

    /// Leaves the room; the seats stay this device's (resume with the ticket).
    pub async fn leave(&self) -> Result<(), OnlineError> {
        let r = self.client.leave().await;
        let mut m = lock(&self.room_copy);
        *m = RoomCopy {
            mat: m.mat,
            ..RoomCopy::default()
        };
        drop(m);
        Ok(r?)
    }

    /// Asks for the whole room again (`on_room`).
    pub async fn sync(&self) -> Result<(), OnlineError> {
        Ok(self.client.sync().await?)
    }

    pub async fn ready(&self, seat: i32, ready: bool) -> Result<(), OnlineError> {
        let seat = self.my_seat(seat)?;
        Ok(self.client.ready(seat, ready).await?)
    }

    /// Host: starts the game (every person's seat taken and ready).
    pub async fn start(&self) -> Result<(), OnlineError> {
        Ok(self.client.start().await?)
    }

    /// Host, once a game is over: a new game at the same table.
    pub async fn rematch(&self) -> Result<(), OnlineError> {
        Ok(self.client.rematch().await?)
    }

    /// Host, in the lobby: a new seat at the end.
    pub async fn add_seat(&self, player: PlayerKind) -> Result<(), OnlineError> {
        Ok(self.client.add_seat(player.into(), None).await?)
    }

    /// Host, in the lobby.
    pub async fn remove_seat(&self, seat: i32) -> Result<(), OnlineError> {
        Ok(self.client.remove_seat(seat_index(seat)?).await?)
    }

    /// Host, in the lobby: a person's seat becomes a bot's or the other way round.
    pub async fn set_seat(&self, seat: i32, player: PlayerKind) -> Result<(), OnlineError> {
        Ok(self
            .client
            .set_seat(seat_index(seat)?, player.into())
            .await?)
    }

    /// Throws for a seat of this device. The server draws the result; `on_played` brings
    /// it with the sticks' flight planned from this swipe.
    pub async fn throw_sticks(&self, seat: i32, swipe: Swipe) -> Result<(), OnlineError> {
        let s = self.my_seat(seat)?;
        lock(&self.room_copy).swipe = Some((s, swipe));
        let r = self.client.throw(s).await;
        if r.is_err() {
            let mut m = lock(&self.room_copy);
            if m.swipe.as_ref().is_some_and(|(x, _)| *x == s) {
                m.swipe = None;
            }
        }
        Ok(r?)
    }

    /// Plays one of the moves listed in the room's current snapshot.
    pub async fn play(&self, mv: LegalMove) -> Result<(), OnlineError> {
        let seat = self.my_seat(mv.seat)?;
        if lock(&self.room_copy).state != mv.state {
            return Err(OnlineError::Stale {
                reason: "the move was listed for an earlier state of the game".into(),
            });
        }
        let spec = yut_core::setup::MoveSpec {
            from: core_spot(&mv.from)?,
            uses: core_throws(&mv.uses),
            route: Some(mv.route.into()),
            stack: mv.stack,
            count: None,
        };
        let pieces = u8::try_from(mv.pieces).map_err(|_| OnlineError::InvalidInput {
            reason: "pieces out of range".into(),
        })?;
        Ok(self.client.play(seat, spec, Some(pieces)).await?)
    }

    /// Takes back the last move of a seat of this device (while its turn goes on).
    pub async fn undo(&self, seat: i32) -> Result<(), OnlineError> {
        let seat = self.my_seat(seat)?;
        Ok(self.client.undo(seat).await?)
    }
}

#[uniffi::export]
impl OnlineRoom {
    /// The server this object is connected to.
    pub fn server(&self) -> String {
        self.server.clone()
    }

    /// The stick mat as the app lays it out: other seats' throws are planned on it (the
    /// app's own throws on its swipe's mat).
    pub fn set_mat(&self, mat: Mat) {
        lock(&self.room_copy).mat = mat;
    }

    /// The room as last heard (`None` before joining).
    pub fn room(&self) -> Option<RoomView> {
        lock(&self.room_copy).view()
    }

    /// The ticket to keep for coming back (`None` before joining, or as a spectator).
    pub fn ticket(&self) -> Option<RoomTicket> {
        lock(&self.room_copy).ticket.clone()
    }

    /// Drops the connection as a lost network would; the client reconnects by itself
    /// (for tests, and a "reconnect now" button).
    pub fn drop_connection(&self) {
        self.client.drop_connection();
    }

    /// Closes the connection for good. Not `close`: every Kotlin object's `close()` (from
    /// `AutoCloseable`) frees the Rust object.
    pub fn disconnect(&self) {
        self.client.close();
    }
}

impl Drop for OnlineRoom {
    fn drop(&mut self) {
        self.client.close();
    }
}
