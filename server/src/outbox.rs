//! Where a connection's outgoing messages wait for its writer: filled by its rooms and by
//! the connection itself, emptied onto the WebSocket.

use std::sync::Arc;
use tokio::sync::mpsc;

/// Messages queued for one connection before the slowest readers start missing some.
const QUEUED: usize = 512;

/// The sending side, shared by the connection and the rooms it is in. Messages are
/// serialised once and shared by every reader.
#[derive(Clone)]
pub struct Outbox(mpsc::Sender<Arc<str>>);

/// The writer's side.
pub struct Outgoing(mpsc::Receiver<Arc<str>>);

/// A new outbox and its writer's end.
pub fn outbox() -> (Outbox, Outgoing) {
    let (tx, rx) = mpsc::channel(QUEUED);
    (Outbox(tx), Outgoing(rx))
}

impl Outbox {
    /// Queues a message. A reader too slow to keep up misses messages; its client notices
    /// the gap in `seq` and asks for a `sync`.
    pub fn push(&self, text: Arc<str>) {
        let _ = self.0.try_send(text);
    }
}

impl Outgoing {
    /// The next message to write; `None` once every sender is gone.
    pub async fn next(&mut self) -> Option<Arc<str>> {
        self.0.recv().await
    }
}
