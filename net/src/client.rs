//! The client: one WebSocket to a `yut-server`, requests as async methods, everything the
//! room broadcasts handed to a `Listener`, and reconnecting (with backoff and the seat
//! tokens) when the connection is lost.
//!
//! Shaped for a UniFFI wrapper: plain records and enums, async methods on one object, one
//! callback trait that receives every event and connection change.

use crate::protocol::{
    ClientMessage, ErrorCode, GameView, Request, RoomSnapshot, RoomSpec, SeatToken, SeatView,
    ServerMessage, PROTOCOL_VERSION,
};
use crate::verify::ThrowCheck;
use futures_util::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;
use yut_core::game::Event;
use yut_core::session::{Action, Player};
use yut_core::setup::MoveSpec;

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

/// How patiently the client reconnects: pauses doubling from `first` up to `max`.
#[derive(Clone, Debug)]
pub struct Backoff {
    pub first: Duration,
    pub max: Duration,
    /// Attempts before giving up; `None` (the default): for as long as the room lives (a
    /// room the server no longer has ends the trying).
    pub attempts: Option<u32>,
}

impl Default for Backoff {
    fn default() -> Self {
        Backoff {
            first: Duration::from_millis(100),
            max: Duration::from_secs(5),
            attempts: None,
        }
    }
}

/// How the client reaches its server: the reconnecting, the certificates trusted for
/// `wss://`, and the local address to connect from.
#[derive(Clone, Debug, Default)]
pub struct Dial {
    pub backoff: Backoff,
    pub trust: Trust,
    /// The local address the connection leaves from (`None`: the system's choice). A
    /// bench uses many loopback addresses, as that many households would.
    pub from: Option<std::net::IpAddr>,
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

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A connection to a server, kept up until `close`.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

/// How `wss://` servers are trusted: the web's certificate authorities, plus any
/// certificates a self-hosted server handed out (a family server with its own certificate).
#[derive(Clone)]
pub struct Trust {
    connector: tokio_tungstenite::Connector,
}

impl Trust {
    /// The web's certificate authorities only.
    pub fn web() -> Trust {
        Trust::with_roots(Vec::new())
    }

    /// Also trusts the certificates in `pem` (one or more `BEGIN CERTIFICATE` blocks).
    pub fn also_pem(pem: &[u8]) -> Result<Trust, NetError> {
        use rustls::pki_types::pem::PemObject;
        use rustls::pki_types::CertificateDer;
        let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(pem)
            .collect::<Result<_, _>>()
            .map_err(|e| NetError::Connect(format!("the certificate file is unreadable: {e:?}")))?;
        if certs.is_empty() {
            return Err(NetError::Connect(
                "the certificate file holds no certificate".into(),
            ));
        }
        Ok(Trust::with_roots(certs))
    }

    fn with_roots(extra: Vec<rustls::pki_types::CertificateDer<'static>>) -> Trust {
        let mut roots = rustls::RootCertStore::empty();
        roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        // A certificate rustls cannot use as a root is left out; the handshake then names it.
        let _ = roots.add_parsable_certificates(extra);
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map(|b| b.with_root_certificates(roots).with_no_client_auth());
        let connector = match config {
            Ok(c) => tokio_tungstenite::Connector::Rustls(Arc::new(c)),
            // ring supports the default versions; should it not, plain ws:// still works.
            Err(_) => tokio_tungstenite::Connector::Plain,
        };
        Trust { connector }
    }
}

impl Default for Trust {
    fn default() -> Trust {
        Trust::web()
    }
}

impl std::fmt::Debug for Trust {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Trust")
    }
}

/// A TCP connection to the server of `request`, leaving from `from`.
async fn tcp_from(
    request: &tokio_tungstenite::tungstenite::handshake::client::Request,
    from: std::net::IpAddr,
) -> Result<tokio::net::TcpStream, NetError> {
    let uri = request.uri();
    let host = uri
        .host()
        .ok_or_else(|| NetError::Connect(format!("{uri} names no host")))?;
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let port = uri.port_u16().unwrap_or(match uri.scheme_str() {
        Some("wss") => 443,
        _ => 80,
    });
    let to = tokio::net::lookup_host((host, port))
        .await
        .map_err(|e| NetError::Connect(e.to_string()))?
        .find(|a| a.is_ipv4() == from.is_ipv4())
        .ok_or_else(|| NetError::Connect(format!("{host} has no address to reach from {from}")))?;
    let socket = match from {
        std::net::IpAddr::V4(_) => tokio::net::TcpSocket::new_v4(),
        std::net::IpAddr::V6(_) => tokio::net::TcpSocket::new_v6(),
    }
    .map_err(|e| NetError::Connect(e.to_string()))?;
    socket
        .bind(std::net::SocketAddr::new(from, 0))
        .map_err(|e| NetError::Connect(format!("cannot leave from {from}: {e}")))?;
    let stream = socket
        .connect(to)
        .await
        .map_err(|e| NetError::Connect(e.to_string()))?;
    stream
        .set_nodelay(true)
        .map_err(|e| NetError::Connect(e.to_string()))?;
    Ok(stream)
}

/// Opens a socket and does the version handshake.
async fn open(url: &str, dial: &Dial) -> Result<Socket, NetError> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let ws_url = if url.ends_with("/ws") {
        url.to_string()
    } else {
        format!("{}/ws", url.trim_end_matches('/'))
    };
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024);
    let connector = Some(dial.trust.connector.clone());
    let connected = match dial.from {
        Some(from) => {
            let request = ws_url
                .as_str()
                .into_client_request()
                .map_err(|e| NetError::Connect(e.to_string()))?;
            let tcp = tcp_from(&request, from).await?;
            tokio_tungstenite::client_async_tls_with_config(request, tcp, Some(config), connector)
                .await
        }
        // Nagle off: intents are small frames that should leave at once.
        None => {
            tokio_tungstenite::connect_async_tls_with_config(
                ws_url.as_str(),
                Some(config),
                true,
                connector,
            )
            .await
        }
    };
    let (mut socket, _) = connected.map_err(|e| NetError::Connect(e.to_string()))?;
    let hello = serde_json::to_string(&Request {
        id: None,
        body: ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            client: format!("yut-net {}", env!("CARGO_PKG_VERSION")),
        },
    })
    .map_err(|e| NetError::Protocol(e.to_string()))?;
    socket
        .send(Message::Text(hello.into()))
        .await
        .map_err(|e| NetError::Connect(e.to_string()))?;
    let answer = tokio::time::timeout(REQUEST_TIMEOUT, socket.next())
        .await
        .map_err(|_| NetError::Timeout)?;
    match answer {
        Some(Ok(Message::Text(t))) => match serde_json::from_str::<ServerMessage>(t.as_str()) {
            Ok(ServerMessage::Welcome { .. }) => Ok(socket),
            Ok(ServerMessage::Error { code, message, .. }) => {
                Err(NetError::Refused { code, message })
            }
            Ok(other) => Err(NetError::Protocol(format!(
                "expected welcome, got {other:?}"
            ))),
            Err(e) => Err(NetError::Protocol(e.to_string())),
        },
        Some(Ok(other)) => Err(NetError::Protocol(format!(
            "expected welcome, got {other:?}"
        ))),
        Some(Err(e)) => Err(NetError::Connect(e.to_string())),
        None => Err(NetError::Connect("closed during the handshake".into())),
    }
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

fn fail_pending(inner: &Inner) {
    for (_, tx) in lock(&inner.pending).drain() {
        let _ = tx.send(Err(NetError::Disconnected));
    }
}

/// The client's task: runs one socket at a time, reconnecting until closed.
async fn drive(inner: Arc<Inner>, mut socket: Socket, mut rx: mpsc::UnboundedReceiver<String>) {
    loop {
        run_socket(&inner, &mut socket, &mut rx).await;
        let _ = socket.close(None).await;
        fail_pending(&inner);
        if inner.closed.load(Ordering::SeqCst) {
            break;
        }
        match reconnect(&inner).await {
            Some((s, r)) => {
                socket = s;
                rx = r;
            }
            None => break,
        }
    }
    lock(&inner.out).take();
    inner
        .listener
        .on_event(ClientEvent::Connection(ConnectionState::Closed));
}

async fn run_socket(inner: &Inner, socket: &mut Socket, rx: &mut mpsc::UnboundedReceiver<String>) {
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(text) => {
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        return;
                    }
                }
                // `drop_connection` or `close` took the sender away.
                None => return,
            },
            m = socket.next() => match m {
                Some(Ok(Message::Text(t))) => dispatch(inner, t.as_str()),
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
        }
    }
}

fn dispatch(inner: &Inner, text: &str) {
    let msg: ServerMessage = match serde_json::from_str(text) {
        Ok(m) => m,
        Err(e) => {
            inner.listener.on_event(ClientEvent::Error {
                code: ErrorCode::BadMessage,
                message: format!("unreadable message from the server: {e}"),
            });
            return;
        }
    };
    let answer = |id: Option<u64>, r: Result<Reply, NetError>| -> bool {
        match id.and_then(|id| lock(&inner.pending).remove(&id)) {
            Some(tx) => {
                let _ = tx.send(r);
                true
            }
            None => false,
        }
    };
    let l = &inner.listener;
    match msg {
        ServerMessage::Welcome { .. } => {}
        ServerMessage::Ok { id } => {
            answer(id, Ok(Reply::Ok));
        }
        ServerMessage::Error { id, code, message } => {
            if !answer(
                id,
                Err(NetError::Refused {
                    code,
                    message: message.clone(),
                }),
            ) {
                l.on_event(ClientEvent::Error { code, message });
            }
        }
        ServerMessage::Joined {
            id,
            code,
            link,
            seats,
            host,
        } => {
            answer(
                id,
                Ok(Reply::Joined(Joined {
                    code,
                    link,
                    seats,
                    host,
                })),
            );
        }
        ServerMessage::Room { room } => {
            lock(&inner.heard).room = Some(room.clone());
            l.on_event(ClientEvent::Room(room));
            recheck(inner);
        }
        ServerMessage::Seats { seats } => {
            if let Some(r) = lock(&inner.heard).room.as_mut() {
                r.seats = seats.clone();
            }
            l.on_event(ClientEvent::Seats(seats));
        }
        ServerMessage::Played {
            game,
            seq,
            action,
            events,
            view,
            stand_in,
            secret,
        } => {
            if let Some(r) = lock(&inner.heard).room.as_mut() {
                r.heard_played(game, &action, &view, stand_in, secret.as_deref());
            }
            l.on_event(ClientEvent::Played {
                game,
                seq,
                action,
                events,
                view,
                stand_in,
                secret,
            });
            recheck(inner);
        }
        ServerMessage::Undone {
            game,
            seq,
            seat,
            view,
        } => {
            if let Some(r) = lock(&inner.heard).room.as_mut() {
                r.heard_undone(game, &view);
            }
            l.on_event(ClientEvent::Undone {
                game,
                seq,
                seat,
                view,
            });
        }
        ServerMessage::Closing { message } => l.on_event(ClientEvent::Closing { message }),
    }
}

/// Checks the game's throws again after the room changed, and tells the listener when
/// what is known of them changed (a game began; a game ended and its secret came).
fn recheck(inner: &Inner) {
    let told = {
        let mut h = lock(&inner.heard);
        let now = h.room.as_ref().and_then(RoomSnapshot::throw_check);
        if now == h.check {
            None
        } else {
            h.check = now.clone();
            now
        }
    };
    if let Some(c) = told {
        inner.listener.on_event(ClientEvent::Throws(c));
    }
}

/// Why a reconnect stopped trying.
enum Rejoin {
    Back(Box<Socket>),
    /// The attempt failed; try again after a pause.
    Again,
    /// The room is gone from the server (expired, or the seats' tokens are no longer
    /// its): nothing to go back to.
    Gone(ErrorCode, String),
}

/// One attempt: a socket, and the room taken back with the tokens (or watched again),
/// answered before the client counts as back.
async fn rejoin(inner: &Inner) -> Rejoin {
    let Ok(mut socket) = open(&inner.url, &inner.dial).await else {
        return Rejoin::Again;
    };
    let m = lock(&inner.membership).clone();
    let Some(code) = &m.code else {
        return Rejoin::Back(Box::new(socket));
    };
    let body = if m.spectator {
        ClientMessage::Spectate { code: code.clone() }
    } else {
        ClientMessage::Resume {
            code: code.clone(),
            tokens: m.tokens.iter().map(|t| t.token.clone()).collect(),
        }
    };
    // Id 0 is never a request's (they count from 1): the answer is this one's.
    let Ok(text) = serde_json::to_string(&Request { id: Some(0), body }) else {
        return Rejoin::Again;
    };
    if socket.send(Message::Text(text.into())).await.is_err() {
        return Rejoin::Again;
    }
    // Broadcasts may come before the answer: they are handed on as they come.
    let answered = tokio::time::timeout(REQUEST_TIMEOUT, async {
        while let Some(Ok(m)) = socket.next().await {
            let Message::Text(t) = m else { continue };
            match serde_json::from_str::<ServerMessage>(t.as_str()) {
                Ok(
                    ServerMessage::Joined { id: Some(0), .. } | ServerMessage::Ok { id: Some(0) },
                ) => {
                    return Some(Ok(()));
                }
                Ok(ServerMessage::Error {
                    id: Some(0),
                    code,
                    message,
                }) => return Some(Err((code, message))),
                _ => dispatch(inner, t.as_str()),
            }
        }
        None
    })
    .await;
    match answered {
        Ok(Some(Ok(()))) => Rejoin::Back(Box::new(socket)),
        Ok(Some(Err((code, message))))
            if matches!(code, ErrorCode::NoSuchRoom | ErrorCode::WrongToken) =>
        {
            Rejoin::Gone(code, message)
        }
        _ => Rejoin::Again,
    }
}

/// Tries again with growing pauses (up to the backoff's cap, for as long as the room
/// lives unless the backoff counts its attempts); back in the room with the tokens when it
/// works.
async fn reconnect(inner: &Arc<Inner>) -> Option<(Socket, mpsc::UnboundedReceiver<String>)> {
    let mut pause = inner.dial.backoff.first;
    let mut attempt: u32 = 0;
    loop {
        attempt = attempt.saturating_add(1);
        if inner.closed.load(Ordering::SeqCst)
            || inner.dial.backoff.attempts.is_some_and(|n| attempt > n)
        {
            return None;
        }
        inner
            .listener
            .on_event(ClientEvent::Connection(ConnectionState::Reconnecting {
                attempt,
            }));
        // A retry key ends the pause early.
        let _ = tokio::time::timeout(pause, inner.wake.notified()).await;
        pause = (pause * 2).min(inner.dial.backoff.max);
        if inner.closed.load(Ordering::SeqCst) {
            return None;
        }
        match rejoin(inner).await {
            Rejoin::Back(socket) => {
                let (tx, rx) = mpsc::unbounded_channel();
                *lock(&inner.out) = Some(tx);
                inner
                    .listener
                    .on_event(ClientEvent::Connection(ConnectionState::Restored));
                return Some((*socket, rx));
            }
            Rejoin::Again => {}
            Rejoin::Gone(code, message) => {
                inner
                    .listener
                    .on_event(ClientEvent::Error { code, message });
                return None;
            }
        }
    }
}
