//! The registry of rooms: codes to room tasks; making a room, restoring every room from the
//! store at start.

use crate::room::{
    check_table, default_colour, default_name, refuse, Refusal, Room, RoomContext, RoomHandle,
};
use crate::shutdown::ShutdownTrigger;
use crate::store::{SeatRecord, Store, StoreError};
use rand::Rng;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;
use yut_core::session::Player;
use yut_net::protocol::{check_name, ErrorCode, RoomTable, CODE_ALPHABET, CODE_LENGTH};

type Map = Arc<Mutex<HashMap<String, RoomHandle>>>;

pub struct Rooms {
    map: Map,
    ctx: Arc<RoomContext>,
    max_rooms: usize,
    shutdown: ShutdownTrigger,
    /// Each room task holds a clone; the server waits for all of them to drop at shutdown.
    done: Mutex<Option<mpsc::Sender<()>>>,
}

fn lock(map: &Map) -> std::sync::MutexGuard<'_, HashMap<String, RoomHandle>> {
    map.lock().unwrap_or_else(|p| p.into_inner())
}

/// A new room code of unambiguous letters.
fn new_code() -> String {
    let mut rng = rand::thread_rng();
    (0..CODE_LENGTH)
        .map(|_| CODE_ALPHABET[rng.gen_range(0..CODE_ALPHABET.len())] as char)
        .collect()
}

impl Rooms {
    pub fn new(
        store: Arc<dyn Store>,
        ttl: Duration,
        max_rooms: usize,
        max_spectators: usize,
        shutdown: ShutdownTrigger,
        done: mpsc::Sender<()>,
    ) -> Rooms {
        let map: Map = Arc::default();
        let forget_map = map.clone();
        let ctx = Arc::new(RoomContext {
            store,
            ttl,
            max_spectators,
            forget: Box::new(move |code| {
                lock(&forget_map).remove(code);
            }),
        });
        Rooms {
            map,
            ctx,
            max_rooms,
            shutdown,
            done: Mutex::new(Some(done)),
        }
    }

    fn spawn(&self, room: Room) -> Result<RoomHandle, Refusal> {
        let done = self
            .done
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
            .ok_or_else(|| refuse(ErrorCode::Internal, "the server is shutting down"))?;
        let code = room.code().to_string();
        let handle = room.spawn(self.shutdown.listen(), done);
        lock(&self.map).insert(code, handle.clone());
        Ok(handle)
    }

    /// Rebuilds every stored room; returns how many came back and the rooms that could
    /// not (their codes and why), which stay in the store untouched.
    pub async fn restore(&self) -> Result<(usize, Vec<String>), StoreError> {
        let loaded = self.ctx.store.load_rooms().await?;
        let mut ok = 0;
        let mut failed = Vec::new();
        for l in loaded {
            match Room::restore(l, self.ctx.clone()) {
                Ok(room) => {
                    if self.spawn(room).is_ok() {
                        ok += 1;
                    }
                }
                Err(e) => failed.push(e),
            }
        }
        Ok((ok, failed))
    }

    pub fn get(&self, code: &str) -> Option<RoomHandle> {
        lock(&self.map).get(code).cloned()
    }

    pub fn count(&self) -> usize {
        lock(&self.map).len()
    }

    /// Checks the host's table and opens a room for it (seats still open).
    pub async fn create(&self, table: RoomTable) -> Result<RoomHandle, Refusal> {
        if self.count() >= self.max_rooms {
            return Err(refuse(
                ErrorCode::TooManyRooms,
                "the server holds as many rooms as it takes",
            ));
        }
        let rules = check_table(&table.rules, table.seats.len(), table.teams.as_deref())?;
        let mut seats = Vec::with_capacity(table.seats.len());
        for (i, s) in table.seats.iter().enumerate() {
            let name = match &s.name {
                Some(n) => check_name(n).map_err(|m| refuse(ErrorCode::BadName, m))?,
                None => default_name(i, s.player),
            };
            let colour = match &s.colour {
                Some(c) if is_colour(c) => c.clone(),
                Some(c) => {
                    return Err(refuse(
                        ErrorCode::BadTable,
                        format!("seat {i}: colour {c:?} is not #RRGGBB"),
                    ))
                }
                None => default_colour(i),
            };
            seats.push(SeatRecord {
                name,
                colour,
                player: s.player,
                token_hash: None,
                ready: false,
            });
        }
        if !seats.iter().any(|s| s.player == Player::Human) {
            return Err(refuse(
                ErrorCode::BadTable,
                "a room needs a seat for a person",
            ));
        }
        let code = {
            let map = lock(&self.map);
            let mut code = new_code();
            // 20^6 codes: a clash is rare, a second one rarer still.
            for _ in 0..32 {
                if !map.contains_key(&code) {
                    break;
                }
                code = new_code();
            }
            code
        };
        let room = Room::new(
            code,
            &rules,
            seats,
            table.teams.clone(),
            table.options.clone(),
            self.ctx.clone(),
        );
        self.ctx
            .store
            .save_room(&room.record())
            .await
            .map_err(|e| refuse(ErrorCode::StoreFailed, e.to_string()))?;
        self.spawn(room)
    }

    /// Stops taking rooms; the room tasks end on the shutdown signal.
    pub fn close(&self) {
        self.done.lock().unwrap_or_else(|p| p.into_inner()).take();
    }
}

fn is_colour(c: &str) -> bool {
    c.strip_prefix('#')
        .is_some_and(|h| h.len() == 6 && h.bytes().all(|b| b.is_ascii_hexdigit()))
}
