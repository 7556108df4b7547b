//! What every connection shares: the operator's settings, the rooms, the shutdown signal
//! and the bytes queued for all of them.

use crate::config::Config;
use crate::rooms::Rooms;
use crate::shutdown::ShutdownTrigger;
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;

pub struct Shared {
    pub config: Config,
    pub rooms: Rooms,
    pub shutdown: ShutdownTrigger,
    /// Bytes of messages waiting in every connection's outbox (`/health` tells it).
    pub queued: Arc<AtomicUsize>,
}
