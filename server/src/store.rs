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
    /// The write carried a fencing token lower than the room's: another node owns the
    /// room now, and this one must let it go.
    #[error("room {0} is owned by another node now")]
    Fenced(String),
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
    /// The secret every throw of the game comes from (hex; see `yut_net::verify`). A game
    /// begun by an earlier server has none and draws from the setup's seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
}

/// A room as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomRecord {
    pub code: String,
    pub created_ms: u64,
    pub updated_ms: u64,
    pub empty_since_ms: Option<u64>,
    /// Someone besides the host has joined, or a game began: once empty, the room is kept
    /// for the full time (a room stored by an earlier server counts as joined).
    #[serde(default = "joined_before")]
    pub joined: bool,
    pub stage: Stage,
    pub host: usize,
    pub rules: serde_json::Value,
    pub teams: Option<Vec<Vec<usize>>>,
    pub options: RoomOptions,
    pub seats: Vec<SeatRecord>,
    pub game_number: u32,
    pub game: Option<GameRecord>,
}

fn joined_before() -> bool {
    true
}

/// One accepted action of a game, in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Entry {
    Action {
        action: Action,
        /// A bot played it for an absent person (a stand-in, or the turn timer).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        stand_in: bool,
    },
    Undo {
        seat: usize,
        at_ms: u64,
    },
}

/// A room and its current game's entries, as loaded.
pub struct LoadedRoom {
    pub record: RoomRecord,
    pub entries: Vec<Entry>,
}

/// A fencing token above any a cluster hands out: a write under it is never refused (a
/// cleanup by the operator, a test).
pub const ANY_FENCE: u64 = i64::MAX as u64;

/// The durable store of rooms. Every method returns only once the data is written.
///
/// Every write carries the fencing token the room is held under (see `cluster.rs`): a
/// shared store refuses it (`Fenced`) when the room's stored token is higher, so a node
/// that lost a room can never write to it again. The embedded store serves one node and
/// has no fences: it takes any token.
#[async_trait]
pub trait Store: Send + Sync + 'static {
    /// Writes the room record (insert or replace).
    async fn save_room(&self, room: &RoomRecord, fence: u64) -> Result<(), StoreError>;
    /// Appends an entry to a room's game; `seq` counts from 1 within the game.
    async fn append(
        &self,
        code: &str,
        game: u32,
        seq: u64,
        entry: &Entry,
        fence: u64,
    ) -> Result<(), StoreError>;
    /// Every room with the entries of its current game.
    async fn load_rooms(&self) -> Result<Vec<LoadedRoom>, StoreError>;
    /// Forgets a room and its actions; does nothing when another node holds the room
    /// under a higher fencing token.
    async fn delete_room(&self, code: &str, fence: u64) -> Result<(), StoreError>;
    /// Forgets the actions of the room's games before `game` (a new game began: only the
    /// one being played is ever replayed).
    async fn forget_games_before(
        &self,
        code: &str,
        game: u32,
        fence: u64,
    ) -> Result<(), StoreError>;

    /// Raises the room's fencing token to `fence` before its new owner loads it, so that
    /// from then on every write of an earlier owner is refused. `false` when the room is
    /// not stored or a later owner has claimed it already.
    async fn claim(&self, _code: &str, _fence: u64) -> Result<bool, StoreError> {
        Ok(true)
    }

    /// One room with the entries of its current game (a node taking a room over).
    async fn load_room(&self, code: &str) -> Result<Option<LoadedRoom>, StoreError> {
        Ok(self
            .load_rooms()
            .await?
            .into_iter()
            .find(|r| r.record.code == code))
    }
}

/// A room's record as read back from any SQL store.
pub fn parse_record(code: &str, text: &str) -> Result<RoomRecord, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Damaged(format!("room {code}: {e}")))
}

/// A room with its entries as read back from any SQL store: rows of `seq` and `entry`,
/// in order; checks that no entry is missing.
pub fn with_entries<R>(record: RoomRecord, rows: &[R]) -> Result<LoadedRoom, StoreError>
where
    R: sqlx::Row,
    for<'r> i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'s> &'s str: sqlx::ColumnIndex<R>,
{
    let damaged = |e: String| StoreError::Damaged(format!("room {}: {e}", record.code));
    let mut list = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let seq: i64 = row.try_get("seq").map_err(database)?;
        if seq != i as i64 + 1 {
            return Err(damaged(format!("action {} is missing", i + 1)));
        }
        let text: String = row.try_get("entry").map_err(database)?;
        list.push(serde_json::from_str(&text).map_err(|e| damaged(e.to_string()))?);
    }
    Ok(LoadedRoom {
        record,
        entries: list,
    })
}

/// A database's error as the store's.
pub fn database(e: impl std::fmt::Display) -> StoreError {
    StoreError::Database(e.to_string())
}
