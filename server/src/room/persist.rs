//! What a room stores: its record, and each accepted action before it is told (a stored
//! room's game is rebuilt in `game.rs`).

use super::{refuse, Refusal, Room};
use crate::store::{Entry, RoomRecord, StoreError};
use yut_core::session::now_ms;
use yut_net::protocol::ErrorCode;

fn store_refusal(e: StoreError) -> Refusal {
    tracing::error!(error = %e, "store failed");
    refuse(
        ErrorCode::StoreFailed,
        format!("the action was not stored: {e}"),
    )
}

impl Room {
    /// A store's answer: a refusal when it failed, and the room marked lost when the
    /// failure was a newer owner's fence.
    pub(super) fn stored(&self, r: Result<(), StoreError>) -> Result<(), Refusal> {
        if let Err(StoreError::Fenced(_)) = &r {
            self.lost.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        r.map_err(store_refusal)
    }

    pub fn record(&self) -> RoomRecord {
        RoomRecord {
            code: self.code.clone(),
            created_ms: self.created_ms,
            updated_ms: now_ms(),
            empty_since_ms: self.empty_since_ms,
            joined: self.joined,
            stage: self.stage,
            host: self.host,
            rules: self.rules_json.clone(),
            teams: self.teams.clone(),
            options: self.options.clone(),
            seats: self.seats.iter().map(|s| s.rec.clone()).collect(),
            game_number: self.game_number,
            game: self.game_record.clone(),
        }
    }

    /// Stores the record one last time (every action is stored already).
    pub(super) async fn close(&mut self) {
        if let Err(e) = self.ctx.store.save_room(&self.record(), self.fence).await {
            tracing::error!(room = %self.code, error = %e, "could not store the room on closing");
        }
    }

    pub(super) async fn save(&self) -> Result<(), Refusal> {
        let r = self.ctx.store.save_room(&self.record(), self.fence).await;
        self.stored(r)
    }

    /// Stores an entry; the caller makes the change once it is stored.
    pub(super) async fn store_entry(&mut self, entry: &Entry) -> Result<(), Refusal> {
        let r = self
            .ctx
            .store
            .append(
                &self.code,
                self.game_number,
                self.seq + 1,
                entry,
                self.fence,
            )
            .await;
        self.stored(r)?;
        self.seq += 1;
        Ok(())
    }
}
