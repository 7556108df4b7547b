//! The shared store of a cluster: PostgreSQL through sqlx, migrated on open
//! (`migrations/postgres`), the same rooms and actions as the embedded store.
//!
//! Every write carries the room's fencing token (see `cluster.rs`) and is refused when the
//! room's stored token is higher: a node that lost a room's lease, however late its write
//! arrives, can never add an action after the new owner has loaded the room. An append
//! locks the room's row (`FOR SHARE`) while it checks the token, so a claim (which raises
//! the token) waits for it and the new owner's load then sees it.

use crate::store::{
    database as db, parse_record, with_entries, Entry, LoadedRoom, RoomRecord, Store, StoreError,
};
use async_trait::async_trait;
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::Row;
use std::time::Duration;

pub struct PgStore {
    pool: PgPool,
}

impl PgStore {
    /// Connects to `url` (`postgres://…`) and brings the schema up to date (sqlx takes an
    /// advisory lock, so two nodes starting at once migrate once).
    pub async fn open(url: &str) -> Result<PgStore, StoreError> {
        let pool = PgPoolOptions::new()
            // Appends from many rooms at once; PostgreSQL commits them together.
            .max_connections(24)
            .acquire_timeout(Duration::from_secs(10))
            .connect(url)
            .await
            .map_err(db)?;
        sqlx::migrate!("./migrations/postgres")
            .run(&pool)
            .await
            .map_err(db)?;
        Ok(PgStore { pool })
    }

    async fn entries(&self, record: RoomRecord) -> Result<LoadedRoom, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, entry FROM actions WHERE code = $1 AND game = $2 ORDER BY seq",
        )
        .bind(&record.code)
        .bind(record.game_number as i32)
        .fetch_all(&self.pool)
        .await
        .map_err(db)?;
        with_entries(record, &rows)
    }
}

#[async_trait]
impl Store for PgStore {
    async fn save_room(&self, room: &RoomRecord, fence: u64) -> Result<(), StoreError> {
        let record = serde_json::to_string(room).map_err(db)?;
        let done = sqlx::query(
            "INSERT INTO rooms (code, created_ms, updated_ms, empty_since_ms, fence, record)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (code) DO UPDATE SET updated_ms = $3, empty_since_ms = $4, record = $6
             WHERE rooms.fence <= $5",
        )
        .bind(&room.code)
        .bind(room.created_ms as i64)
        .bind(room.updated_ms as i64)
        .bind(room.empty_since_ms.map(|m| m as i64))
        .bind(fence as i64)
        .bind(record)
        .execute(&self.pool)
        .await
        .map_err(db)?;
        if done.rows_affected() == 0 {
            return Err(StoreError::Fenced(room.code.clone()));
        }
        Ok(())
    }

    async fn append(
        &self,
        code: &str,
        game: u32,
        seq: u64,
        entry: &Entry,
        fence: u64,
    ) -> Result<(), StoreError> {
        let text = serde_json::to_string(entry).map_err(db)?;
        let done = sqlx::query(
            "WITH owner AS (SELECT code FROM rooms WHERE code = $1 AND fence <= $5 FOR SHARE)
             INSERT INTO actions (code, game, seq, entry) SELECT code, $2, $3, $4 FROM owner",
        )
        .bind(code)
        .bind(game as i32)
        .bind(seq as i64)
        .bind(text)
        .bind(fence as i64)
        .execute(&self.pool)
        .await
        .map_err(db)?;
        if done.rows_affected() == 0 {
            return Err(StoreError::Fenced(code.to_string()));
        }
        Ok(())
    }

    async fn claim(&self, code: &str, fence: u64) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE rooms SET fence = $2 WHERE code = $1 AND fence < $2")
            .bind(code)
            .bind(fence as i64)
            .execute(&self.pool)
            .await
            .map_err(db)?;
        Ok(done.rows_affected() == 1)
    }

    async fn load_room(&self, code: &str) -> Result<Option<LoadedRoom>, StoreError> {
        let row = sqlx::query("SELECT record FROM rooms WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await
            .map_err(db)?;
        let Some(row) = row else { return Ok(None) };
        let text: String = row.try_get("record").map_err(db)?;
        Ok(Some(self.entries(parse_record(code, &text)?).await?))
    }

    async fn load_rooms(&self) -> Result<Vec<LoadedRoom>, StoreError> {
        let codes: Vec<String> = sqlx::query_scalar("SELECT code FROM rooms ORDER BY code")
            .fetch_all(&self.pool)
            .await
            .map_err(db)?;
        let mut out = Vec::with_capacity(codes.len());
        for code in codes {
            out.extend(self.load_room(&code).await?);
        }
        Ok(out)
    }

    async fn forget_games_before(
        &self,
        code: &str,
        game: u32,
        fence: u64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "DELETE FROM actions WHERE code = $1 AND game < $2
             AND EXISTS (SELECT 1 FROM rooms WHERE code = $1 AND fence <= $3)",
        )
        .bind(code)
        .bind(game as i32)
        .bind(fence as i64)
        .execute(&self.pool)
        .await
        .map_err(db)?;
        Ok(())
    }

    async fn delete_room(&self, code: &str, fence: u64) -> Result<(), StoreError> {
        // The room's actions go with it (ON DELETE CASCADE).
        sqlx::query("DELETE FROM rooms WHERE code = $1 AND fence <= $2")
            .bind(code)
            .bind(fence as i64)
            .execute(&self.pool)
            .await
            .map_err(db)?;
        Ok(())
    }
}
