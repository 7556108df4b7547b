//! What the server keeps durably, behind a trait so that another database (PostgreSQL for
//! several nodes) can stand in for the embedded SQLite file.
//!
//! A room is a record (table, seats with hashed tokens, the current game's setup and seed)
//! plus the actions accepted in its current game, appended in order. Rebuilding a room
//! replays those actions through the engine from the seed, so a restarted server holds the
//! very throws it had drawn and draws the next ones from the same RNG state.

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use yut_core::session::{Action, NewSession, Player};
use yut_net::protocol::{RoomOptions, Stage};

/// Why the store failed. The action that needed it is refused and nothing changes.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Database(String),
    #[error("stored record is damaged: {0}")]
    Damaged(String),
}

/// A seat as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatRecord {
    pub name: String,
    pub colour: String,
    pub player: Player,
    /// SHA-256 of the seat's token, hex; `None` while no person holds the seat.
    pub token_hash: Option<String>,
    pub ready: bool,
}

/// The game being played (or last played) in a room.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub number: u32,
    /// Everything `Session::new` needs, seed included: the server's secret.
    pub setup: NewSession,
    pub created_ms: u64,
    /// The engine revision the game is played under (`session::ENGINE_REVISION` when it
    /// began); a room stored by an earlier server has none and was played under 1.
    #[serde(default = "yut_core::session::first_engine")]
    pub engine: u32,
}

/// A room as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomRecord {
    pub code: String,
    pub created_ms: u64,
    pub updated_ms: u64,
    pub empty_since_ms: Option<u64>,
    pub stage: Stage,
    pub host: usize,
    pub rules: serde_json::Value,
    pub teams: Option<Vec<Vec<usize>>>,
    pub options: RoomOptions,
    pub seats: Vec<SeatRecord>,
    pub game_number: u32,
    pub game: Option<GameRecord>,
}

/// One accepted action of a game, in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Entry {
    Action { action: Action },
    Undo { seat: usize, at_ms: u64 },
}

/// A room and its current game's entries, as loaded.
pub struct LoadedRoom {
    pub record: RoomRecord,
    pub entries: Vec<Entry>,
}

/// The durable store of rooms. Every method returns only once the data is written.
#[async_trait]
pub trait Store: Send + Sync + 'static {
    /// Writes the room record (insert or replace).
    async fn save_room(&self, room: &RoomRecord) -> Result<(), StoreError>;
    /// Appends an entry to a room's game; `seq` counts from 1 within the game.
    async fn append(
        &self,
        code: &str,
        game: u32,
        seq: u64,
        entry: &Entry,
    ) -> Result<(), StoreError>;
    /// Every room with the entries of its current game.
    async fn load_rooms(&self) -> Result<Vec<LoadedRoom>, StoreError>;
    /// Forgets a room and its actions.
    async fn delete_room(&self, code: &str) -> Result<(), StoreError>;
}
