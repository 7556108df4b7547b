//! One WebSocket connection: the version handshake, the rate limit, reading requests and
//! handing them to the room, writing what the room sends. In a cluster, a client asking
//! for a room another node owns is relayed there: this node opens a WebSocket of its own
//! to the owner and passes messages both ways until either side closes.

use crate::limits::{ConnectionPermit, RateLimit, Verdict};
use crate::room::{encode, error_message, refuse, Command, ConnId, Outbox, RoomHandle};
use crate::rooms::Found;
use crate::server::State;
use axum::extract::ws::{Message, WebSocket};
use futures_util::stream::SplitStream;
use futures_util::{SinkExt, StreamExt};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::mpsc;
use yut_net::protocol::{
    check_name, normalise_code, ClientMessage, ErrorCode, Request, ServerMessage, PROTOCOL_VERSION,
};

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

/// Messages queued for one connection before the slowest readers start missing some.
const OUTBOX: usize = 512;

pub async fn run(
    socket: WebSocket,
    state: Arc<State>,
    permit: ConnectionPermit,
    peer: std::net::SocketAddr,
) {
    let conn: ConnId = NEXT_CONN.fetch_add(1, Ordering::Relaxed);
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut out_rx) = mpsc::channel::<Arc<str>>(OUTBOX);
    let writer = tokio::spawn(async move {
        while let Some(text) = out_rx.recv().await {
            if sink
                .send(Message::Text(text.as_ref().into()))
                .await
                .is_err()
            {
                break;
            }
        }
        let _ = sink.close().await;
    });
    tracing::debug!(conn, %peer, "connected");
    let mut c = Connection {
        conn,
        outbox,
        state: state.clone(),
        room: None,
        relay: None,
        greeted: false,
        rate: RateLimit::new(state.config.rate_per_sec, state.config.rate_burst),
    };
    let mut shutdown = state.shutdown.listen();
    loop {
        let room = c.room.clone();
        let room_closed = async move {
            match room {
                Some(r) => r.closed().await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            m = stream.next() => match m {
                Some(Ok(Message::Text(text))) => {
                    if !c.on_text(text.as_str()).await {
                        break;
                    }
                    if let Some(to) = c.relay.take() {
                        if relay(&mut c, &mut stream, to).await {
                            break;
                        }
                    }
                }
                Some(Ok(Message::Binary(_))) => {
                    if !c.refused(None, refuse(ErrorCode::BadMessage, "messages are JSON text")) {
                        break;
                    }
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_))) | None => break,
                Some(Err(e)) => {
                    let text = e.to_string();
                    let code = if text.contains("too long") || text.contains("size") {
                        ErrorCode::TooLarge
                    } else {
                        ErrorCode::BadMessage
                    };
                    c.send(error_message(None, &refuse(code, text)));
                    break;
                }
            },
            _ = shutdown.fired() => {
                c.send(encode(&ServerMessage::Closing {
                    message: "the server is restarting; reconnect with your seat tokens".into(),
                }));
                break;
            }
            // The room ended while this client was in it: lost to another node (an
            // expired room has nobody in it). Reconnecting finds its new owner.
            _ = room_closed => {
                c.room = None;
                c.send(encode(&ServerMessage::Closing {
                    message: "the room moved to another node; reconnect with your seat tokens"
                        .into(),
                }));
                break;
            }
        }
    }
    if let Some(room) = c.room.take() {
        room.send(Command::Gone { conn }).await;
    }
    drop(c);
    let _ = writer.await;
    drop(permit);
    tracing::debug!(conn, "disconnected");
}

/// A room's owner to relay a client to, and the request that asked for the room.
struct Relay {
    url: String,
    code: String,
    id: Option<u64>,
    first: String,
}

/// Passes the client's messages to the node at `to` and its answers back, until either
/// side closes (`true`: the client then reconnects, and finds the room's owner or takes
/// the room over if that node has died). `false` when the owner is out of reach: the
/// request is refused and the client may ask again (the owner's lease runs out soon).
async fn relay(c: &mut Connection, stream: &mut SplitStream<WebSocket>, to: Relay) -> bool {
    use tokio_tungstenite::tungstenite::Message as Up;
    let Some(cluster) = c.state.rooms.cluster().cloned() else {
        return false;
    };
    let url = format!("{}/ws", to.url.trim_end_matches('/'));
    // A node that hangs (paused, cut off) accepts TCP but never answers: give up on it
    // within a lease, by which time another node may take the room.
    let connecting = tokio::time::timeout(
        cluster.lease(),
        tokio_tungstenite::connect_async(url.as_str()),
    );
    let up = match connecting.await {
        Ok(Ok((up, _))) => up,
        Ok(Err(e)) => {
            tracing::debug!(conn = c.conn, %url, error = %e, "cannot relay");
            c.send(error_message(
                to.id,
                &refuse(
                    ErrorCode::Internal,
                    "the room's node is out of reach: try again in a moment",
                ),
            ));
            return false;
        }
        Err(_) => {
            c.send(error_message(
                to.id,
                &refuse(
                    ErrorCode::Internal,
                    "the room's node does not answer: try again in a moment",
                ),
            ));
            return false;
        }
    };
    let (mut up_tx, mut up_rx) = up.split();
    let hello = Request {
        id: None,
        body: ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            client: format!("yut-server {} relay", env!("CARGO_PKG_VERSION")),
        },
    };
    let Ok(hello) = serde_json::to_string(&hello) else {
        return true;
    };
    if up_tx.send(Up::text(hello)).await.is_err() || up_tx.send(Up::text(to.first)).await.is_err() {
        return true;
    }
    // The owner's `welcome` answers this node's hello: the client had its own already.
    let mut welcomed = false;
    let mut shutdown = c.state.shutdown.listen();
    // A hung owner keeps its connections open: the relay ends once Redis says the room
    // has another owner (or none), and the client reconnects to find it.
    let mut check = tokio::time::interval(cluster.lease() / 2);
    check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = check.tick() => {
                if let Ok(owner) = cluster.owner(&to.code).await {
                    if owner.as_deref() != Some(to.url.as_str()) {
                        break;
                    }
                }
            }
            m = stream.next() => match m {
                Some(Ok(Message::Text(text))) => match c.rate.check(Instant::now()) {
                    Verdict::Accept => {
                        if up_tx.send(Up::text(text.as_str())).await.is_err() {
                            break;
                        }
                    }
                    Verdict::Refuse => {
                        c.refused(None, refuse(ErrorCode::RateLimited, "too many messages"));
                    }
                    Verdict::Disconnect => break,
                },
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Binary(_))) => {
                    c.refused(None, refuse(ErrorCode::BadMessage, "messages are JSON text"));
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            m = up_rx.next() => match m {
                Some(Ok(Up::Text(text))) => {
                    if !welcomed && text.contains("\"welcome\"") {
                        welcomed = true;
                        continue;
                    }
                    c.send(Arc::from(text.as_str()));
                }
                Some(Ok(Up::Close(_)) | Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
            _ = shutdown.fired() => {
                c.send(encode(&ServerMessage::Closing {
                    message: "the server is restarting; reconnect with your seat tokens".into(),
                }));
                break;
            }
        }
    }
    let _ = up_tx.close().await;
    true
}

struct Connection {
    conn: ConnId,
    outbox: Outbox,
    state: Arc<State>,
    room: Option<RoomHandle>,
    /// Set when the room asked for is owned by another node: the connection relays.
    relay: Option<Relay>,
    greeted: bool,
    rate: RateLimit,
}

impl Connection {
    fn send(&self, text: Arc<str>) {
        let _ = self.outbox.try_send(text);
    }

    /// Sends a refusal; `false` when the connection should close.
    fn refused(&self, id: Option<u64>, r: crate::room::Refusal) -> bool {
        self.send(error_message(id, &r));
        true
    }

    /// Handles one text message; `false` to close the connection.
    async fn on_text(&mut self, text: &str) -> bool {
        match self.rate.check(Instant::now()) {
            Verdict::Accept => {}
            Verdict::Refuse => {
                return self.refused(None, refuse(ErrorCode::RateLimited, "too many messages"))
            }
            Verdict::Disconnect => {
                self.send(error_message(
                    None,
                    &refuse(ErrorCode::RateLimited, "too many messages: disconnected"),
                ));
                return false;
            }
        }
        let req: Request = match serde_json::from_str(text) {
            Ok(r) => r,
            Err(e) => {
                // Echo the id when the message has one, so the client can match it.
                let id = serde_json::from_str::<serde_json::Value>(text)
                    .ok()
                    .and_then(|v| v.get("id").and_then(|i| i.as_u64()));
                return self.refused(id, refuse(ErrorCode::BadMessage, e.to_string()));
            }
        };
        let id = req.id;
        if !self.greeted {
            return match req.body {
                ClientMessage::Hello { protocol, client } => {
                    if protocol != PROTOCOL_VERSION {
                        self.send(error_message(
                            id,
                            &refuse(
                                ErrorCode::IncompatibleVersion,
                                format!(
                                    "this server speaks protocol {PROTOCOL_VERSION}, not {protocol}: update {client}"
                                ),
                            ),
                        ));
                        return false;
                    }
                    self.greeted = true;
                    self.send(encode(&ServerMessage::Welcome {
                        protocol: PROTOCOL_VERSION,
                        server: format!("yut-server {}", env!("CARGO_PKG_VERSION")),
                    }));
                    true
                }
                _ => self.refused(id, refuse(ErrorCode::HelloFirst, "send hello first")),
            };
        }
        match req.body {
            ClientMessage::Hello { .. } => {
                self.refused(id, refuse(ErrorCode::HelloFirst, "hello comes once"))
            }
            ClientMessage::CreateRoom { name, table, claim } => {
                let name = match check_name(&name) {
                    Ok(n) => n,
                    Err(m) => return self.refused(id, refuse(ErrorCode::BadName, m)),
                };
                let claim = claim.unwrap_or_else(|| {
                    table
                        .seats
                        .iter()
                        .position(|s| s.player == yut_core::session::Player::Human)
                        .into_iter()
                        .collect()
                });
                if claim.is_empty() {
                    return self.refused(
                        id,
                        refuse(ErrorCode::BadSeat, "the host takes at least one seat"),
                    );
                }
                match self.state.rooms.create(table).await {
                    Ok(room) => {
                        self.enter(room.clone()).await;
                        room.send(Command::Create {
                            conn: self.conn,
                            outbox: self.outbox.clone(),
                            id,
                            name,
                            claim,
                        })
                        .await;
                        true
                    }
                    Err(r) => self.refused(id, r),
                }
            }
            ClientMessage::Join { code, name, seat } => {
                let name = match check_name(&name) {
                    Ok(n) => n,
                    Err(m) => return self.refused(id, refuse(ErrorCode::BadName, m)),
                };
                let Some(room) = self.find(id, &code, text).await else {
                    return true;
                };
                let cmd = Command::Join {
                    conn: self.conn,
                    outbox: self.outbox.clone(),
                    id,
                    name,
                    seat,
                };
                self.enter_and_send(id, room, cmd).await
            }
            ClientMessage::Spectate { code } => {
                let Some(room) = self.find(id, &code, text).await else {
                    return true;
                };
                let cmd = Command::Spectate {
                    conn: self.conn,
                    outbox: self.outbox.clone(),
                    id,
                };
                self.enter_and_send(id, room, cmd).await
            }
            ClientMessage::Resume { code, tokens } => {
                let Some(room) = self.find(id, &code, text).await else {
                    return true;
                };
                let cmd = Command::Resume {
                    conn: self.conn,
                    outbox: self.outbox.clone(),
                    id,
                    tokens,
                };
                self.enter_and_send(id, room, cmd).await
            }
            msg => {
                let Some(room) = self.room.clone() else {
                    return self.refused(
                        id,
                        refuse(
                            ErrorCode::NotInRoom,
                            "join, spectate or resume a room first",
                        ),
                    );
                };
                let leaving = msg == ClientMessage::Leave;
                let sent = room
                    .send(Command::Request {
                        conn: self.conn,
                        outbox: self.outbox.clone(),
                        id,
                        msg,
                    })
                    .await;
                if leaving {
                    self.room = None;
                }
                if !sent {
                    self.room = None;
                    return self.refused(id, refuse(ErrorCode::NoSuchRoom, "the room has closed"));
                }
                true
            }
        }
    }

    /// The room `code` asked for by the request `text`: here, or else a refusal sent, or
    /// (owned by another node) the relay set up.
    async fn find(&mut self, id: Option<u64>, code: &str, text: &str) -> Option<RoomHandle> {
        let normal = normalise_code(code);
        let found = match &normal {
            Some(c) => self.state.rooms.find(c).await,
            None => Ok(Found::Nowhere),
        };
        match found {
            Ok(Found::Here(room)) => return Some(room),
            Ok(Found::Elsewhere(url)) if self.room.is_none() => {
                self.relay = Some(Relay {
                    url,
                    code: normal.unwrap_or_default(),
                    id,
                    first: text.to_string(),
                });
            }
            Ok(Found::Elsewhere(_) | Found::Nowhere) => self.send(error_message(
                id,
                &refuse(ErrorCode::NoSuchRoom, format!("no room {code:?}")),
            )),
            Err(r) => self.send(error_message(id, &r)),
        }
        None
    }

    /// Leaves the room this connection was in, if another.
    async fn enter(&mut self, room: RoomHandle) {
        if let Some(old) = self.room.take() {
            if old.code != room.code {
                old.send(Command::Gone { conn: self.conn }).await;
            }
        }
        self.room = Some(room);
    }

    async fn enter_and_send(&mut self, id: Option<u64>, room: RoomHandle, cmd: Command) -> bool {
        self.enter(room.clone()).await;
        if !room.send(cmd).await {
            self.room = None;
            return self.refused(id, refuse(ErrorCode::NoSuchRoom, "the room has closed"));
        }
        true
    }
}
