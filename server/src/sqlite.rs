//! The embedded store: one SQLite file through sqlx, migrated on open.
//!
//! Write-ahead log with `synchronous = NORMAL`: a commit is in the log before the call
//! returns, so a server killed at any point (SIGKILL included) loses no accepted action;
//! only a power cut may take back the last few commits.

use crate::store::{Entry, LoadedRoom, RoomRecord, Store, StoreError};
use async_trait::async_trait;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqlitePool};
use std::path::Path;
use std::time::Duration;

/// The store file inside `--data DIR`.
pub const FILE_NAME: &str = "yunnori.sqlite3";

pub struct SqliteStore {
    pool: SqlitePool,
}

fn db(e: impl std::fmt::Display) -> StoreError {
    StoreError::Database(e.to_string())
}

impl SqliteStore {
    /// Opens (creating when missing) the store in `dir` and brings its schema up to date.
    pub async fn open(dir: &Path) -> Result<SqliteStore, StoreError> {
        std::fs::create_dir_all(dir).map_err(|e| db(format!("{}: {e}", dir.display())))?;
        let options = SqliteConnectOptions::new()
            .filename(dir.join(FILE_NAME))
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        // One connection: SQLite takes one writer at a time anyway, and a single
        // connection keeps appends in the order the rooms made them.
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await
            .map_err(db)?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(db)?;
        Ok(SqliteStore { pool })
    }
}

#[async_trait]
impl Store for SqliteStore {
    async fn save_room(&self, room: &RoomRecord) -> Result<(), StoreError> {
        let record = serde_json::to_string(room).map_err(db)?;
        sqlx::query(
            "INSERT INTO rooms (code, created_ms, updated_ms, empty_since_ms, record)
             VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (code) DO UPDATE SET updated_ms = ?3, empty_since_ms = ?4, record = ?5",
        )
        .bind(&room.code)
        .bind(room.created_ms as i64)
        .bind(room.updated_ms as i64)
        .bind(room.empty_since_ms.map(|m| m as i64))
        .bind(record)
        .execute(&self.pool)
        .await
        .map_err(db)?;
        Ok(())
    }

    async fn append(
        &self,
        code: &str,
        game: u32,
        seq: u64,
        entry: &Entry,
    ) -> Result<(), StoreError> {
        let text = serde_json::to_string(entry).map_err(db)?;
        sqlx::query("INSERT INTO actions (code, game, seq, entry) VALUES (?1, ?2, ?3, ?4)")
            .bind(code)
            .bind(game as i64)
            .bind(seq as i64)
            .bind(text)
            .execute(&self.pool)
            .await
            .map_err(db)?;
        Ok(())
    }

    async fn load_rooms(&self) -> Result<Vec<LoadedRoom>, StoreError> {
        let rows = sqlx::query("SELECT code, record FROM rooms ORDER BY code")
            .fetch_all(&self.pool)
            .await
            .map_err(db)?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let code: String = row.try_get("code").map_err(db)?;
            let text: String = row.try_get("record").map_err(db)?;
            let record: RoomRecord = serde_json::from_str(&text)
                .map_err(|e| StoreError::Damaged(format!("room {code}: {e}")))?;
            let entries = sqlx::query(
                "SELECT seq, entry FROM actions WHERE code = ?1 AND game = ?2 ORDER BY seq",
            )
            .bind(&code)
            .bind(record.game_number as i64)
            .fetch_all(&self.pool)
            .await
            .map_err(db)?;
            let mut list = Vec::with_capacity(entries.len());
            for (i, e) in entries.iter().enumerate() {
                let seq: i64 = e.try_get("seq").map_err(db)?;
                if seq != i as i64 + 1 {
                    return Err(StoreError::Damaged(format!(
                        "room {code}: action {} is missing",
                        i + 1
                    )));
                }
                let text: String = e.try_get("entry").map_err(db)?;
                list.push(
                    serde_json::from_str(&text)
                        .map_err(|e| StoreError::Damaged(format!("room {code}: {e}")))?,
                );
            }
            out.push(LoadedRoom {
                record,
                entries: list,
            });
        }
        Ok(out)
    }

    async fn delete_room(&self, code: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM actions WHERE code = ?1")
            .bind(code)
            .execute(&self.pool)
            .await
            .map_err(db)?;
        sqlx::query("DELETE FROM rooms WHERE code = ?1")
            .bind(code)
            .execute(&self.pool)
            .await
            .map_err(db)?;
        Ok(())
    }
}
