//! What a room stores: its record, each accepted action before it is told, and how a
//! stored room is rebuilt (every throw drawn again and checked).

use super::{refuse, Refusal, Room};
use crate::store::{Entry, GameRecord, RoomRecord, StoreError};
use yut_core::session::{now_ms, Action, Session};
use yut_net::protocol::ErrorCode;

fn store_refusal(e: StoreError) -> Refusal {
    tracing::error!(error = %e, "store failed");
    refuse(
        ErrorCode::StoreFailed,
        format!("the action was not stored: {e}"),
    )
}

/// Rebuilds a game's session from its setup and stored entries, drawing every throw
/// again from the seed and checking it is the stored one.
pub(super) fn rebuild(game: &GameRecord, entries: &[Entry]) -> Result<Session, String> {
    let mut s = Session::new_under(game.setup.clone(), game.engine).map_err(|e| e.to_string())?;
    let mut history: Vec<Action> = Vec::with_capacity(entries.len());
    let mut updated = game.created_ms;
    for (i, e) in entries.iter().enumerate() {
        let bad = |m: String| format!("entry {}: {m}", i + 1);
        match e {
            Entry::Action { action } => {
                match action {
                    Action::Throw {
                        outcome,
                        sticks,
                        at_ms,
                        ..
                    } => {
                        let r = s.throw().map_err(|e| bad(e.to_string()))?;
                        if r.outcome != *outcome || r.sticks != *sticks {
                            return Err(bad("the stored throw is not the RNG's".into()));
                        }
                        updated = *at_ms;
                    }
                    Action::Move { mv, at_ms, .. } => {
                        s.play(mv).map_err(|e| bad(e.to_string()))?;
                        updated = *at_ms;
                    }
                }
                history.push(action.clone());
            }
            Entry::Undo { at_ms, .. } => {
                s.undo().map_err(|e| bad(e.to_string()))?;
                history.pop();
                updated = *at_ms;
            }
        }
    }
    // The replay stamped every action with today's clock; put the recorded times back
    // (reading the session replays it once more and checks the RNG state).
    let mut v = serde_json::to_value(&s).map_err(|e| e.to_string())?;
    v["history"] = serde_json::to_value(&history).map_err(|e| e.to_string())?;
    v["created_ms"] = game.created_ms.into();
    v["updated_ms"] = updated.into();
    serde_json::from_value(v).map_err(|e| e.to_string())
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
            stage: self.stage,
            host: self.host,
            rules: self.rules_json.clone(),
            teams: self.teams.clone(),
            options: self.options.clone(),
            seats: self.seats.iter().map(|s| s.rec.clone()).collect(),
            game_number: self.game_number,
            game: self.game.clone(),
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

    /// Stores an entry; the caller has already changed the session and puts it back if
    /// this fails.
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

#[cfg(test)]
mod tests {
    use super::*;
    use yut_core::session::NewSession;

    /// A Russian-set game whose history spends an ordinary result where engine revision 2
    /// would spend the prize copy (a save of format 1, played under revision 1).
    fn revision_1_game() -> (NewSession, Vec<Entry>) {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/saves/v1/nyout_ru_5_seats_mid.json"
        );
        let bytes = std::fs::read(path).expect("the golden file");
        let loaded = yut_core::save::decode(&bytes).expect("it loads");
        assert_eq!(loaded.session.engine(), 1);
        let entries = loaded
            .session
            .history()
            .iter()
            .map(|a| Entry::Action { action: a.clone() })
            .collect();
        (loaded.session.setup.clone(), entries)
    }

    #[test]
    fn a_room_stored_by_an_earlier_server_rebuilds_under_the_revision_it_was_played_with() {
        let (setup, entries) = revision_1_game();
        // An earlier server's record has no engine revision.
        let record: GameRecord = serde_json::from_value(serde_json::json!({
            "number": 1,
            "setup": setup,
            "created_ms": 0,
        }))
        .expect("an old record reads");
        assert_eq!(record.engine, 1);
        let rebuilt = rebuild(&record, &entries).expect("the room rebuilds");
        assert_eq!(rebuilt.history().len(), entries.len());
        assert_eq!(rebuilt.engine(), 1);
        // Read as today's revision the same history does not replay: the revision matters.
        let today = GameRecord {
            engine: yut_core::session::ENGINE_REVISION,
            ..record
        };
        assert!(rebuild(&today, &entries).is_err());
    }
}
