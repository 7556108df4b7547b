//! A client asking for a room that another node of the cluster owns is passed through to
//! that node: this node opens a WebSocket of its own to the owner and carries messages
//! both ways until either side closes (see docs/DEPLOY.md).

use crate::limits::{RateLimit, Verdict};
use crate::outbox::{Encoded, Outbox};
use crate::room::{encode, error_message, refuse};
use crate::shared::Shared;
use axum::extract::ws::{Message, WebSocket};
use futures_util::stream::SplitStream;
use futures_util::{SinkExt, StreamExt};
use std::time::Instant;
use yut_net::protocol::{ClientMessage, ErrorCode, Request, ServerMessage, PROTOCOL_VERSION};

/// The node that owns a room a client asked for, and the request that asked.
pub struct OwnerNode {
    pub url: String,
    pub code: String,
    pub id: Option<u64>,
    /// The client's request as it came: the owner answers it.
    pub first: String,
}

/// What the passing through needs of the client's connection.
pub struct ClientSide<'a> {
    pub stream: &'a mut SplitStream<WebSocket>,
    pub outbox: &'a Outbox,
    pub rate: &'a mut RateLimit,
}

impl ClientSide<'_> {
    fn send(&self, m: Encoded) {
        self.outbox.push(m);
    }
}

/// Passes the client's messages to the owner and its answers back, until either side
/// closes (`true`: the client then reconnects, and finds the room's owner or takes the
/// room over if that node has died). `false` when the owner is out of reach: the request
/// is refused and the client may ask again (the owner's lease runs out soon).
pub async fn pass_through(shared: &Shared, client: ClientSide<'_>, to: OwnerNode) -> bool {
    use tokio_tungstenite::tungstenite::Message as Up;
    let Some(cluster) = shared.rooms.cluster().cloned() else {
        return false;
    };
    let url = yut_net::protocol::socket_url(&to.url);
    // A node that hangs (paused, cut off) accepts TCP but never answers: give up on it
    // within a lease, by which time another node may take the room.
    let connecting = tokio::time::timeout(
        cluster.lease(),
        tokio_tungstenite::connect_async(url.as_str()),
    );
    let up = match connecting.await {
        Ok(Ok((up, _))) => up,
        Ok(Err(e)) => {
            tracing::debug!(%url, error = %e, "cannot reach the room's node");
            client.send(error_message(
                to.id,
                &refuse(
                    ErrorCode::Internal,
                    "the room's node is out of reach: try again in a moment",
                ),
            ));
            return false;
        }
        Err(_) => {
            client.send(error_message(
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
    let mut shutdown = shared.shutdown.listen();
    // A hung owner keeps its connections open: the passing ends once Redis says the room
    // has another owner (or none), and the client reconnects to find it.
    let mut check = tokio::time::interval(cluster.lease() / 2);
    check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let ClientSide {
        stream,
        outbox,
        rate,
    } = client;
    let send = |text| outbox.push(text);
    let refused = |code, m: &str| send(error_message(None, &refuse(code, m)));
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
                Some(Ok(Message::Text(text))) => match rate.check(Instant::now()) {
                    Verdict::Accept => {
                        if up_tx.send(Up::text(text.as_str())).await.is_err() {
                            break;
                        }
                    }
                    Verdict::Refuse => refused(ErrorCode::RateLimited, "too many messages"),
                    Verdict::Disconnect => break,
                },
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Binary(_))) => {
                    refused(ErrorCode::BadMessage, "messages are JSON text")
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            m = up_rx.next() => match m {
                Some(Ok(Up::Text(text))) => {
                    if !welcomed && text.contains("\"welcome\"") {
                        welcomed = true;
                        continue;
                    }
                    send(Encoded::raw(std::sync::Arc::from(text.as_str())));
                }
                Some(Ok(Up::Close(_)) | Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
            _ = shutdown.fired() => {
                send(encode(&ServerMessage::Closing {
                    message: "the server is restarting; reconnect with your seat tokens".into(),
                }));
                break;
            }
        }
    }
    let _ = up_tx.close().await;
    true
}
