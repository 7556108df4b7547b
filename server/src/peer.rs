//! One client's WebSocket as the server sees it (a `Peer`): the version handshake, the
//! rate limit, reading requests and handing them to the room, writing what the room sends.
//! A client asking for a room another node owns is passed through to it (`proxy.rs`).

use crate::limits::{RateLimit, Verdict};
use crate::outbox::{outbox, Encoded, Outbox};
use crate::proxy::{pass_through, ClientSide, OwnerNode};
use crate::room::{encode, error_message, refuse, Command, ConnId, Refusal, RoomHandle};
use crate::rooms::Found;
use crate::shared::Shared;
use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use yut_net::protocol::{
    check_name, normalise_code, ClientMessage, ErrorCode, Request, ServerMessage, PROTOCOL_VERSION,
};

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

/// Serves one client's WebSocket until it closes.
pub async fn serve(socket: WebSocket, shared: Arc<Shared>, addr: std::net::SocketAddr) {
    let conn: ConnId = NEXT_CONN.fetch_add(1, Ordering::Relaxed);
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut outgoing) = outbox(shared.config.max_queued_bytes, shared.queued.clone());
    // Pings keep a quiet client's connection alive (its pong is a byte read, see
    // `socket.rs`), and find one that no longer answers.
    let ping_every = shared.config.idle() / 3;
    let mut writer = tokio::spawn(async move {
        let mut ping =
            tokio::time::interval_at(tokio::time::Instant::now() + ping_every, ping_every);
        loop {
            let sent = tokio::select! {
                m = outgoing.next() => match m {
                    Some(text) => sink.send(Message::Text(text.as_ref().into())).await,
                    None => break,
                },
                _ = ping.tick() => sink.send(Message::Ping(Default::default())).await,
            };
            if sent.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    tracing::debug!(conn, %addr, "connected");
    let mut c = Peer {
        conn,
        addr,
        outbox,
        shared: shared.clone(),
        room: None,
        opened: Vec::new(),
        owner: None,
        greeted: false,
        rate: RateLimit::new(shared.config.rate_per_sec, shared.config.rate_burst),
    };
    let mut shutdown = shared.shutdown.listen();
    let hello_by = tokio::time::Instant::now() + Duration::from_secs(shared.config.hello_secs);
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
                    if let Some(to) = c.owner.take() {
                        let client = ClientSide {
                            stream: &mut stream,
                            outbox: &c.outbox,
                            rate: &mut c.rate,
                        };
                        if pass_through(&c.shared, client, to).await {
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
            _ = tokio::time::sleep_until(hello_by), if !c.greeted => {
                c.send(error_message(None, &refuse(ErrorCode::HelloFirst, "no hello in time")));
                break;
            }
            // The writer stopped: the client does not read (its queue passed the bound,
            // or a message could not go out in time) or the socket failed.
            _ = &mut writer => break,
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
    c.outbox.close();
    drop(c);
    // What waits still goes out, briefly: a client that does not read gets no longer.
    if !writer.is_finished()
        && tokio::time::timeout(Duration::from_secs(2), &mut writer)
            .await
            .is_err()
    {
        writer.abort();
    }
    tracing::debug!(conn, "disconnected");
}

/// The server's end of one client's WebSocket.
struct Peer {
    conn: ConnId,
    addr: std::net::SocketAddr,
    outbox: Outbox,
    shared: Arc<Shared>,
    room: Option<RoomHandle>,
    /// The rooms this connection opened (those still held count against its limit).
    opened: Vec<String>,
    /// Set when the room asked for is owned by another node: the client is passed through.
    owner: Option<OwnerNode>,
    greeted: bool,
    rate: RateLimit,
}

impl Peer {
    fn send(&self, m: Encoded) {
        self.outbox.push(m);
    }

    /// Sends a refusal; `false` when the connection should close.
    fn refused(&self, id: Option<u64>, r: Refusal) -> bool {
        self.send(error_message(id, &r));
        true
    }

    /// Handles one text message; `false` to close the connection.
    async fn on_text(&mut self, text: &str) -> bool {
        match self.rate.check(Instant::now()) {
            Verdict::Accept => {}
            // Answered with the request's id: its client is told at once, instead of
            // waiting out its timeout for an answer that never comes.
            Verdict::Refuse => {
                return self.refused(
                    request_id(text),
                    refuse(ErrorCode::RateLimited, "too many messages"),
                )
            }
            Verdict::Disconnect => {
                self.send(error_message(
                    request_id(text),
                    &refuse(ErrorCode::RateLimited, "too many messages: disconnected"),
                ));
                return false;
            }
        }
        let req: Request = match serde_json::from_str(text) {
            Ok(r) => r,
            Err(e) => {
                return self.refused(
                    request_id(text),
                    refuse(ErrorCode::BadMessage, e.to_string()),
                );
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
                if let Err(r) = check_claim(&claim, &table) {
                    return self.refused(id, r);
                }
                let max = self.shared.config.max_rooms_per_connection;
                self.opened
                    .retain(|code| self.shared.rooms.get(code).is_some());
                if self.opened.len() >= max {
                    return self.refused(
                        id,
                        refuse(
                            ErrorCode::TooManyRooms,
                            format!("this connection has {max} rooms open already"),
                        ),
                    );
                }
                match self.shared.rooms.create(table, self.addr.ip()).await {
                    Ok(room) => {
                        self.opened.push(room.code.clone());
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
    /// (owned by another node) the passing through set up.
    async fn find(&mut self, id: Option<u64>, code: &str, text: &str) -> Option<RoomHandle> {
        let normal = normalise_code(code);
        let found = match &normal {
            Some(c) => self.shared.rooms.find(c).await,
            None => Ok(Found::Nowhere),
        };
        match found {
            Ok(Found::Here(room)) => return Some(room),
            Ok(Found::Elsewhere(url)) if self.room.is_none() => {
                self.owner = Some(OwnerNode {
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

/// The id of a request that is refused before it is read (too fast, or not one of the
/// protocol's messages), when it has one: its client matches the refusal by it.
fn request_id(text: &str) -> Option<u64> {
    #[derive(serde::Deserialize)]
    struct Id {
        id: Option<u64>,
    }
    serde_json::from_str::<Id>(text).ok().and_then(|r| r.id)
}

/// The seats a host claims: at least one, each once, each a person's seat of the table.
fn check_claim(claim: &[usize], table: &yut_net::protocol::RoomSpec) -> Result<(), Refusal> {
    if claim.is_empty() {
        return Err(refuse(
            ErrorCode::BadSeat,
            "the host takes at least one seat",
        ));
    }
    for (k, &seat) in claim.iter().enumerate() {
        if claim[..k].contains(&seat) {
            return Err(refuse(
                ErrorCode::BadSeat,
                format!("seat {} is claimed twice", seat + 1),
            ));
        }
        match table.seats.get(seat) {
            Some(s) if s.player == yut_core::session::Player::Human => {}
            Some(_) => {
                return Err(refuse(
                    ErrorCode::BadSeat,
                    format!("seat {} is a bot's", seat + 1),
                ))
            }
            None => {
                return Err(refuse(
                    ErrorCode::BadSeat,
                    format!("there is no seat {}", seat + 1),
                ))
            }
        }
    }
    Ok(())
}
