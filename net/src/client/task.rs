//! The client's task: one socket at a time, every message heard dispatched to the
//! requests waiting for it and to the listener, and the reconnecting and rejoining when
//! the socket is lost.

use super::*;
use crate::protocol::ServerMessage;
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;

fn fail_pending(inner: &Inner) {
    for (_, tx) in lock(&inner.pending).drain() {
        let _ = tx.send(Err(NetError::Disconnected));
    }
}

/// The client's task: runs one socket at a time, reconnecting until closed.
pub(super) async fn drive(
    inner: Arc<Inner>,
    mut socket: Socket,
    mut rx: mpsc::UnboundedReceiver<String>,
) {
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
    let msg = match ServerMessage::from_json(text) {
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
            match ServerMessage::from_json(t.as_str()) {
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
