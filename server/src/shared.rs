//! What every connection shares: the operator's settings, the rooms, the shutdown signal
//! and the per-address limit.

use crate::config::Config;
use crate::limits::ConnectionLimit;
use crate::rooms::Rooms;
use crate::shutdown::ShutdownTrigger;

pub struct Shared {
    pub config: Config,
    pub rooms: Rooms,
    pub shutdown: ShutdownTrigger,
    pub limit: ConnectionLimit,
}
