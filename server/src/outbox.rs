//! Where a connection's outgoing messages wait for its writer: filled by its rooms and by
//! the connection itself, emptied onto the WebSocket.
//!
//! Bounded in bytes, not in messages: a room's snapshot can be a hundred kilobytes, and a
//! client that asks for snapshots and never reads must not pile them up. A new snapshot
//! replaces every snapshot and change still waiting (it holds all of them), answers to
//! requests always wait their turn, and a connection whose queue still grows past its
//! bound is closed: its client reconnects and hears the room afresh.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::Notify;

/// What a message is to the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An answer to a request (`ok`, `error`, `joined`, `welcome`, `closing`): never
    /// dropped, its client waits for it.
    Answer,
    /// A change to the room (`played`, `undone`, `seats`): superseded by a snapshot.
    Change,
    /// The whole room (`room`): supersedes every change and snapshot before it.
    Snapshot,
}

/// A message serialised once, shared by every reader.
#[derive(Clone, Debug)]
pub struct Encoded {
    pub kind: Kind,
    pub text: Arc<str>,
}

impl Encoded {
    /// Text passed on as it came (from another node): kept like an answer.
    pub fn raw(text: Arc<str>) -> Encoded {
        Encoded {
            kind: Kind::Answer,
            text,
        }
    }
}

#[derive(Default)]
struct Waiting {
    items: VecDeque<Encoded>,
    bytes: usize,
    /// The bound was passed: the connection is to be closed.
    over: bool,
    /// The connection is ending: the writer sends what waits, then stops.
    closing: bool,
}

struct Queue {
    waiting: Mutex<Waiting>,
    ready: Notify,
    limit: usize,
    /// Bytes waiting in every connection's queue together.
    all: Arc<AtomicUsize>,
}

impl Queue {
    fn lock(&self) -> MutexGuard<'_, Waiting> {
        self.waiting.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Drop for Queue {
    fn drop(&mut self) {
        let w = self.waiting.get_mut().unwrap_or_else(|p| p.into_inner());
        self.all.fetch_sub(w.bytes, Ordering::Relaxed);
    }
}

/// The sending side, shared by the connection and the rooms it is in.
pub struct Outbox(Arc<Queue>);

/// The writer's side.
pub struct Outgoing(Arc<Queue>);

/// A new outbox of at most `limit` bytes waiting, counted into `all` as well.
pub fn outbox(limit: usize, all: Arc<AtomicUsize>) -> (Outbox, Outgoing) {
    let q = Arc::new(Queue {
        waiting: Mutex::default(),
        ready: Notify::new(),
        limit,
        all,
    });
    (Outbox(q.clone()), Outgoing(q))
}

impl Clone for Outbox {
    fn clone(&self) -> Outbox {
        Outbox(self.0.clone())
    }
}

impl Drop for Outbox {
    fn drop(&mut self) {
        // The writer stops once no sender is left: let it look.
        self.0.ready.notify_one();
    }
}

impl Outbox {
    /// Queues a message (nothing, once the connection is over its bound or ending).
    pub fn push(&self, m: Encoded) {
        let q = &self.0;
        let mut w = q.lock();
        if w.over || w.closing {
            return;
        }
        if m.kind == Kind::Snapshot {
            let mut freed = 0;
            w.items.retain(|i| {
                let keep = i.kind == Kind::Answer;
                if !keep {
                    freed += i.text.len();
                }
                keep
            });
            w.bytes -= freed;
            q.all.fetch_sub(freed, Ordering::Relaxed);
        }
        let n = m.text.len();
        w.items.push_back(m);
        w.bytes += n;
        q.all.fetch_add(n, Ordering::Relaxed);
        if w.bytes > q.limit {
            w.over = true;
        }
        drop(w);
        q.ready.notify_one();
    }

    /// The connection ends: what waits still goes out, nothing more is taken.
    pub fn close(&self) {
        self.0.lock().closing = true;
        self.0.ready.notify_one();
    }

    /// Bytes waiting now.
    pub fn bytes(&self) -> usize {
        self.0.lock().bytes
    }
}

impl Outgoing {
    /// The next message to write; `None` when the connection is to be closed: it ended,
    /// every sender is gone, or its client did not read and the bound was passed.
    pub async fn next(&mut self) -> Option<Arc<str>> {
        loop {
            {
                let mut w = self.0.lock();
                if w.over {
                    let freed = std::mem::take(&mut w.bytes);
                    w.items.clear();
                    self.0.all.fetch_sub(freed, Ordering::Relaxed);
                    return None;
                }
                if let Some(m) = w.items.pop_front() {
                    w.bytes -= m.text.len();
                    self.0.all.fetch_sub(m.text.len(), Ordering::Relaxed);
                    return Some(m.text);
                }
                if w.closing || Arc::strong_count(&self.0) == 1 {
                    return None;
                }
            }
            self.0.ready.notified().await;
        }
    }
}

impl Drop for Outgoing {
    fn drop(&mut self) {
        // Nobody writes any more: the senders' messages go nowhere.
        let mut w = self.0.lock();
        w.closing = true;
        let freed = std::mem::take(&mut w.bytes);
        w.items.clear();
        self.0.all.fetch_sub(freed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(kind: Kind, text: &str) -> Encoded {
        Encoded {
            kind,
            text: text.into(),
        }
    }

    #[tokio::test]
    async fn a_snapshot_replaces_the_changes_and_snapshots_before_it_but_no_answer() {
        let all = Arc::new(AtomicUsize::new(0));
        let (tx, mut rx) = outbox(1 << 20, all.clone());
        tx.push(msg(Kind::Snapshot, "room 1"));
        tx.push(msg(Kind::Answer, "ok 1"));
        tx.push(msg(Kind::Change, "played 2"));
        tx.push(msg(Kind::Snapshot, "room 2"));
        tx.push(msg(Kind::Answer, "ok 2"));
        assert_eq!(all.load(Ordering::Relaxed), tx.bytes());
        tx.close();
        let mut out = Vec::new();
        while let Some(t) = rx.next().await {
            out.push(t.to_string());
        }
        assert_eq!(out, ["ok 1", "room 2", "ok 2"]);
        assert_eq!(all.load(Ordering::Relaxed), 0);
    }

    #[tokio::test]
    async fn a_queue_past_its_bound_closes_and_gives_its_bytes_back() {
        let all = Arc::new(AtomicUsize::new(0));
        let (tx, mut rx) = outbox(100, all.clone());
        for _ in 0..11 {
            tx.push(msg(Kind::Answer, "0123456789"));
        }
        assert_eq!(
            rx.next().await,
            None,
            "over its bound: the connection closes"
        );
        tx.push(msg(Kind::Answer, "more"));
        assert_eq!(all.load(Ordering::Relaxed), 0);
    }

    #[tokio::test]
    async fn the_writer_stops_when_every_sender_is_gone() {
        let (tx, mut rx) = outbox(100, Arc::default());
        let other = tx.clone();
        tx.push(msg(Kind::Change, "x"));
        drop(tx);
        assert_eq!(rx.next().await.as_deref(), Some("x"));
        drop(other);
        assert_eq!(rx.next().await, None);
    }
}
