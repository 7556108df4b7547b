//! The client: one WebSocket to a `yut-server`, requests as async methods, everything the
//! room broadcasts handed to a `Listener`, and reconnecting (with backoff and the seat
//! tokens) when the connection is lost.
//!
//! Shaped for a UniFFI wrapper: plain records and enums, async methods on one object, one
//! callback trait that receives every event and connection change.

use crate::protocol::{
    ClientMessage, ErrorCode, GameView, Request, RoomSnapshot, RoomSpec, SeatToken, SeatView,
};
use crate::verify::ThrowCheck;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use yut_core::game::Event;
use yut_core::session::{Action, Player};
use yut_core::setup::MoveSpec;

mod dial;
mod task;

use dial::open;
pub use dial::{carry, open_socket, Backoff, Dial, Trust};
use task::drive;

/// Why a request failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum NetError {
    /// The server refused it, with its typed code.
    #[error("{code:?}: {message}")]
    Refused { code: ErrorCode, message: String },
    #[error("not connected")]
    Disconnected,
    #[error("cannot connect: {0}")]
    Connect(String),
    #[error("no answer in time")]
    Timeout,
    #[error("the server sent something unreadable: {0}")]
    Protocol(String),
}

impl NetError {
    /// The server's code, when the server refused.
    pub fn code(&self) -> Option<ErrorCode> {
        match self {
            NetError::Refused { code, .. } => Some(*code),
            _ => None,
        }
    }
}

/// The state of the connection, for a banner on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConnectionState {
    Connected,
    /// Lost; trying again (attempt counts from 1).
    Reconnecting {
        attempt: u32,
    },
    /// Back, and the seats taken back with their tokens.
    Restored,
    /// Given up after every attempt, or closed.
    Closed,
}

/// What the room says, in order.
// A room is large beside the other events; each is handed on once, not stored.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum ClientEvent {
    Connection(ConnectionState),
    Room(RoomSnapshot),
    Seats(Vec<SeatView>),
    Played {
        game: u32,
        seq: u64,
        action: Action,
        events: Vec<Event>,
        view: GameView,
        /// A bot played it for the seat's absent person.
        stand_in: bool,
        /// The game's secret, on the action that ends it.
        secret: Option<String>,
    },
    Undone {
        game: u32,
        seq: u64,
        seat: usize,
        view: GameView,
    },
    /// An error not tied to a request (a rate limit, an oversized frame).
    Error {
        code: ErrorCode,
        message: String,
    },
    /// The server is going away; the client reconnects by itself.
    Closing {
        message: String,
    },
    /// What the client now knows of the game's throws: committed to at its start, and
    /// verified (or not) against the secret revealed at its end. Told after the room or
    /// the action that changed it.
    Throws(ThrowCheck),
}

/// Receives everything the room sends. Called from the client's own task: return quickly.
pub trait Listener: Send + Sync {
    fn on_event(&self, event: ClientEvent);
}

/// A listener that puts every event on a channel (for tests, the bench and the terminal).
pub struct ChannelListener(mpsc::UnboundedSender<ClientEvent>);

impl ChannelListener {
    pub fn new() -> (Arc<ChannelListener>, mpsc::UnboundedReceiver<ClientEvent>) {
        let (tx, rx) = mpsc::unbounded_channel();
        (Arc::new(ChannelListener(tx)), rx)
    }
}

impl Listener for ChannelListener {
    fn on_event(&self, event: ClientEvent) {
        let _ = self.0.send(event);
    }
}

/// What a join, create or resume gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Joined {
    pub code: String,
    pub link: String,
    pub seats: Vec<SeatToken>,
    pub host: bool,
}

/// How long a request waits for its answer.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);

enum Reply {
    Ok,
    Joined(Joined),
}

/// Where the client is, to get back there after a reconnect.
#[derive(Clone, Debug, Default)]
struct Membership {
    code: Option<String>,
    tokens: Vec<SeatToken>,
    spectator: bool,
}

struct Inner {
    url: String,
    dial: Dial,
    listener: Arc<dyn Listener>,
    /// Wakes a reconnect waiting out its pause (`reconnect_now`).
    wake: tokio::sync::Notify,
    out: Mutex<Option<mpsc::UnboundedSender<String>>>,
    pending: Mutex<HashMap<u64, oneshot::Sender<Result<Reply, NetError>>>>,
    next_id: AtomicU64,
    membership: Mutex<Membership>,
    /// The room as heard, kept to check the game's throws once it is over.
    heard: Mutex<Heard>,
    closed: AtomicBool,
}

#[derive(Default)]
struct Heard {
    room: Option<RoomSnapshot>,
    check: Option<ThrowCheck>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// A WebSocket to a server ([`open_socket`]).
pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A connection to a server, kept up until `close`.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

impl Client {
    /// Connects to `url` (`ws://HOST:PORT` or `wss://HOST:PORT`, `/ws` added when missing).
    pub async fn connect(url: &str, listener: Arc<dyn Listener>) -> Result<Client, NetError> {
        Client::connect_with(url, listener, Backoff::default()).await
    }

    pub async fn connect_with(
        url: &str,
        listener: Arc<dyn Listener>,
        backoff: Backoff,
    ) -> Result<Client, NetError> {
        let dial = Dial {
            backoff,
            ..Dial::default()
        };
        Client::dial(url, listener, dial).await
    }

    /// As [`Client::connect_with`], trusting `trust` for `wss://` (and on every reconnect).
    pub async fn connect_trusting(
        url: &str,
        listener: Arc<dyn Listener>,
        backoff: Backoff,
        trust: Trust,
    ) -> Result<Client, NetError> {
        let dial = Dial {
            backoff,
            trust,
            from: None,
        };
        Client::dial(url, listener, dial).await
    }

    /// Connects to `url` as `dial` says (and reconnects so).
    pub async fn dial(
        url: &str,
        listener: Arc<dyn Listener>,
        dial: Dial,
    ) -> Result<Client, NetError> {
        let socket = open(url, &dial).await?;
        let inner = Arc::new(Inner {
            url: url.to_string(),
            dial,
            listener,
            wake: tokio::sync::Notify::new(),
            out: Mutex::new(None),
            pending: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(1),
            membership: Mutex::new(Membership::default()),
            heard: Mutex::default(),
            closed: AtomicBool::new(false),
        });
        let (tx, rx) = mpsc::unbounded_channel();
        *lock(&inner.out) = Some(tx);
        inner
            .listener
            .on_event(ClientEvent::Connection(ConnectionState::Connected));
        tokio::spawn(drive(inner.clone(), socket, rx));
        Ok(Client { inner })
    }

    /// What is known of the current game's throws (`None` before a game).
    pub fn throw_check(&self) -> Option<ThrowCheck> {
        lock(&self.inner.heard).check.clone()
    }

    /// The room code and seat tokens this client holds (keep them to come back later).
    pub fn seats(&self) -> (Option<String>, Vec<SeatToken>) {
        let m = lock(&self.inner.membership);
        (m.code.clone(), m.tokens.clone())
    }

    async fn request(&self, body: ClientMessage) -> Result<Reply, NetError> {
        let id = self.inner.next_id.fetch_add(1, Ordering::Relaxed);
        let text = serde_json::to_string(&Request { id: Some(id), body })
            .map_err(|e| NetError::Protocol(e.to_string()))?;
        let (tx, rx) = oneshot::channel();
        lock(&self.inner.pending).insert(id, tx);
        let sent = lock(&self.inner.out)
            .as_ref()
            .is_some_and(|out| out.send(text).is_ok());
        if !sent {
            lock(&self.inner.pending).remove(&id);
            return Err(NetError::Disconnected);
        }
        match tokio::time::timeout(REQUEST_TIMEOUT, rx).await {
            Ok(Ok(r)) => r,
            Ok(Err(_)) => Err(NetError::Disconnected),
            Err(_) => {
                lock(&self.inner.pending).remove(&id);
                Err(NetError::Timeout)
            }
        }
    }

    async fn ok(&self, body: ClientMessage) -> Result<(), NetError> {
        self.request(body).await.map(|_| ())
    }

    async fn joined(&self, body: ClientMessage, spectator: bool) -> Result<Joined, NetError> {
        match self.request(body).await? {
            Reply::Joined(j) => {
                let mut m = lock(&self.inner.membership);
                if m.code.as_deref() != Some(j.code.as_str()) {
                    m.tokens.clear();
                }
                m.code = Some(j.code.clone());
                m.spectator = spectator;
                for t in &j.seats {
                    m.tokens.retain(|o| o.seat != t.seat);
                    m.tokens.push(t.clone());
                }
                Ok(j)
            }
            Reply::Ok => Err(NetError::Protocol("expected joined".into())),
        }
    }

    /// Opens a room with this table; the client becomes its host and takes `claim` (or
    /// the first seat for a person).
    pub async fn create_room(
        &self,
        name: &str,
        table: RoomSpec,
        claim: Option<Vec<usize>>,
    ) -> Result<Joined, NetError> {
        self.joined(
            ClientMessage::CreateRoom {
                name: name.into(),
                table,
                claim,
            },
            false,
        )
        .await
    }

    /// Takes a seat (`seat`, or the first open one) in the room with this code.
    pub async fn join(
        &self,
        code: &str,
        name: &str,
        seat: Option<usize>,
    ) -> Result<Joined, NetError> {
        self.joined(
            ClientMessage::Join {
                code: code.into(),
                name: name.into(),
                seat,
            },
            false,
        )
        .await
    }

    /// Takes back seats with tokens kept from an earlier connection.
    pub async fn resume(&self, code: &str, tokens: Vec<String>) -> Result<Joined, NetError> {
        self.joined(
            ClientMessage::Resume {
                code: code.into(),
                tokens,
            },
            false,
        )
        .await
    }

    /// Watches a room.
    pub async fn spectate(&self, code: &str) -> Result<(), NetError> {
        self.ok(ClientMessage::Spectate { code: code.into() })
            .await?;
        let mut m = lock(&self.inner.membership);
        m.code = Some(code.to_string());
        m.tokens.clear();
        m.spectator = true;
        Ok(())
    }

    pub async fn leave(&self) -> Result<(), NetError> {
        let r = self.ok(ClientMessage::Leave).await;
        *lock(&self.inner.membership) = Membership::default();
        r
    }

    pub async fn sync(&self) -> Result<(), NetError> {
        self.ok(ClientMessage::Sync).await
    }
    pub async fn ready(&self, seat: usize, ready: bool) -> Result<(), NetError> {
        self.ok(ClientMessage::Ready { seat, ready }).await
    }
    pub async fn start(&self) -> Result<(), NetError> {
        self.ok(ClientMessage::Start).await
    }
    pub async fn rematch(&self) -> Result<(), NetError> {
        self.ok(ClientMessage::Rematch).await
    }
    pub async fn add_seat(&self, player: Player, name: Option<String>) -> Result<(), NetError> {
        self.ok(ClientMessage::AddSeat { player, name }).await
    }
    pub async fn remove_seat(&self, seat: usize) -> Result<(), NetError> {
        self.ok(ClientMessage::RemoveSeat { seat }).await
    }
    pub async fn move_seat(&self, from: usize, to: usize) -> Result<(), NetError> {
        self.ok(ClientMessage::MoveSeat { from, to }).await
    }
    pub async fn set_seat(&self, seat: usize, player: Player) -> Result<(), NetError> {
        self.ok(ClientMessage::SetSeat { seat, player }).await
    }
    pub async fn throw(&self, seat: usize) -> Result<(), NetError> {
        self.ok(ClientMessage::Throw { seat }).await
    }
    pub async fn play(
        &self,
        seat: usize,
        mv: MoveSpec,
        pieces: Option<u8>,
    ) -> Result<(), NetError> {
        self.ok(ClientMessage::Move { seat, mv, pieces }).await
    }
    pub async fn undo(&self, seat: usize) -> Result<(), NetError> {
        self.ok(ClientMessage::Undo { seat }).await
    }

    /// Sends any request as it is (for tools that test the server's refusals).
    pub async fn send_raw(&self, body: ClientMessage) -> Result<(), NetError> {
        self.ok(body).await
    }

    /// Drops the connection without leaving, as a lost network would (the client then
    /// reconnects by itself).
    pub fn drop_connection(&self) {
        lock(&self.inner.out).take();
    }

    /// Tries to reconnect at once instead of waiting out the pause (a person's retry key).
    pub fn reconnect_now(&self) {
        self.inner.wake.notify_one();
    }

    /// Closes for good: no reconnect.
    pub fn close(&self) {
        self.inner.wake.notify_one();
        self.inner.closed.store(true, Ordering::SeqCst);
        lock(&self.inner.out).take();
    }
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.closed.store(true, Ordering::SeqCst);
    }
}
