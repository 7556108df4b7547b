//! The registry of rooms: codes to room tasks; making a room, restoring every room from the
//! store at start.

use crate::bots::BotPool;
use crate::cluster::{Cluster, Owner};
use crate::config::Config;
use crate::limits::address_key;
use crate::room::{
    check_table, default_colour, default_name, refuse, Refusal, Room, RoomContext, RoomHandle,
};
use crate::shutdown::ShutdownTrigger;
use crate::store::{SeatRecord, Store, StoreError};
use rand::Rng;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;
use yut_core::seat_name::is_colour;
use yut_core::session::Player;
use yut_net::protocol::{check_name, ErrorCode, RoomOptions, RoomSpec, CODE_ALPHABET, CODE_LENGTH};

/// The rooms held here, and the address each was opened from.
#[derive(Default)]
struct Held {
    rooms: HashMap<String, (RoomHandle, Option<IpAddr>)>,
    /// Rooms held per opening address (see `limits::address_key`), counting those being
    /// opened.
    per_address: HashMap<IpAddr, usize>,
    /// Rooms past their limits' check and not yet held (their store write awaited).
    opening: usize,
}

impl Held {
    fn insert(&mut self, code: String, handle: RoomHandle, from: Option<IpAddr>) {
        if let Some(ip) = from {
            *self.per_address.entry(ip).or_default() += 1;
        }
        if let Some((_, Some(old))) = self.rooms.insert(code, (handle, from)) {
            self.release(old);
        }
    }

    fn remove(&mut self, code: &str) {
        if let Some((_, Some(ip))) = self.rooms.remove(code) {
            self.release(ip);
        }
    }

    fn release(&mut self, ip: IpAddr) {
        if let Some(n) = self.per_address.get_mut(&ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.per_address.remove(&ip);
            }
        }
    }
}

type Map = Arc<Mutex<Held>>;

/// A room counted against the server's and its address's limits from the moment it
/// passed them until it is held or failed: without it, rooms asked for at once from many
/// connections of one address all passed the check before any was held.
struct Opening {
    map: Map,
    from: IpAddr,
}

impl Opening {
    fn new(held: &mut Held, map: &Map, from: IpAddr) -> Opening {
        held.opening += 1;
        *held.per_address.entry(from).or_default() += 1;
        Opening {
            map: map.clone(),
            from,
        }
    }
}

impl Drop for Opening {
    fn drop(&mut self) {
        let mut held = lock(&self.map);
        held.opening = held.opening.saturating_sub(1);
        held.release(self.from);
    }
}

pub struct Rooms {
    map: Map,
    ctx: Arc<RoomContext>,
    max_rooms: usize,
    max_rooms_per_address: usize,
    shutdown: ShutdownTrigger,
    /// Each room task holds a clone; the server waits for all of them to drop at shutdown.
    done: Mutex<Option<mpsc::Sender<()>>>,
    /// The other nodes sharing the store, if any: rooms are then taken on demand.
    cluster: Option<Arc<Cluster>>,
    /// Rooms being taken over, each behind a lock of its own, so two clients of one room
    /// arriving at once do not both load it while other rooms are taken meanwhile.
    taking: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
}

/// Where a room a client asked for is.
pub enum Found {
    Here(RoomHandle),
    /// Owned by another node, reachable at this URL.
    Elsewhere(String),
    Nowhere,
}

fn lock(map: &Map) -> std::sync::MutexGuard<'_, Held> {
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
        config: &Config,
        shutdown: ShutdownTrigger,
        done: mpsc::Sender<()>,
    ) -> Rooms {
        let map: Map = Arc::default();
        let forget_map = map.clone();
        let ctx = Arc::new(RoomContext {
            store,
            ttl: config.room_ttl(),
            unjoined_ttl: Duration::from_secs(config.unjoined_room_ttl_secs),
            max_spectators: config.max_spectators,
            min_bot_delay: Duration::from_millis(config.min_bot_delay_ms),
            bots: BotPool::new(config.bot_threads()),
            forget: Box::new(move |code| {
                lock(&forget_map).remove(code);
            }),
        });
        Rooms {
            map,
            ctx,
            max_rooms: config.max_rooms,
            max_rooms_per_address: config.max_rooms_per_ip,
            shutdown,
            done: Mutex::new(Some(done)),
            cluster: None,
            taking: Mutex::default(),
        }
    }

    /// Rooms shared with other nodes through `cluster`.
    pub fn with_cluster(mut self, cluster: Arc<Cluster>) -> Rooms {
        self.cluster = Some(cluster);
        self
    }

    pub fn cluster(&self) -> Option<&Arc<Cluster>> {
        self.cluster.as_ref()
    }

    /// The room `code`: held here, or (in a cluster) owned by another live node, or taken
    /// over from the store because its owner is gone.
    pub async fn find(&self, code: &str) -> Result<Found, Refusal> {
        if let Some(h) = self.get(code) {
            return Ok(Found::Here(h));
        }
        let Some(cluster) = &self.cluster else {
            return Ok(Found::Nowhere);
        };
        let one = self
            .taking
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(code.to_string())
            .or_default()
            .clone();
        let _one = one.lock().await;
        let found = self.take_over(cluster, code).await;
        // The room is in the map now (or not to be had): a later client finds it there.
        self.taking
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(code);
        found
    }

    /// `find` for a room not held here, one client of the room at a time.
    async fn take_over(&self, cluster: &Cluster, code: &str) -> Result<Found, Refusal> {
        if let Some(h) = self.get(code) {
            return Ok(Found::Here(h));
        }
        let internal = |e: String| refuse(ErrorCode::Internal, e);
        let fence = match cluster
            .take(code)
            .await
            .map_err(|e| internal(e.to_string()))?
        {
            Owner::Me(fence) => fence,
            // An earlier run of this node at this address, its lease not yet run out:
            // relaying would only reach this node again.
            Owner::Other(url) if url == cluster.url() => {
                return Err(internal(
                    "the room's node is restarting: try again in a moment".into(),
                ))
            }
            Owner::Other(url) => return Ok(Found::Elsewhere(url)),
            Owner::Lapsed => return Err(internal("this node is renewing its lease".into())),
        };
        let store = &self.ctx.store;
        let stored = |e: StoreError| refuse(ErrorCode::StoreFailed, e.to_string());
        // The fence first: from here on no write of the room's former owner is accepted,
        // so what is loaded next is all there will ever be of it.
        if !store.claim(code, fence).await.map_err(stored)? {
            return Ok(Found::Nowhere);
        }
        let Some(loaded) = store.load_room(code).await.map_err(stored)? else {
            return Ok(Found::Nowhere);
        };
        let room = Room::restore(loaded, self.ctx.clone()).map_err(internal)?;
        tracing::info!(room = code, fence, "room taken over");
        self.spawn(room.fenced(fence), None).map(Found::Here)
    }

    /// This node's lease lapsed: every room it holds may have a new owner, so all of them
    /// end here (without writing) and their clients reconnect.
    pub async fn lose_all(&self) {
        let handles: Vec<RoomHandle> = lock(&self.map)
            .rooms
            .values()
            .map(|(h, _)| h.clone())
            .collect();
        for h in handles {
            h.send(crate::room::Command::Lost).await;
        }
    }

    fn spawn(&self, room: Room, from: Option<IpAddr>) -> Result<RoomHandle, Refusal> {
        let done = self
            .done
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
            .ok_or_else(|| refuse(ErrorCode::Internal, "the server is shutting down"))?;
        let code = room.code().to_string();
        let handle = room.spawn(self.shutdown.listen(), done);
        lock(&self.map).insert(code, handle.clone(), from);
        Ok(handle)
    }

    /// Rebuilds every stored room; returns how many came back and the rooms that could
    /// not (their codes and why), which stay in the store untouched.
    pub async fn restore(&self) -> Result<(usize, Vec<String>), StoreError> {
        // In a cluster, rooms are loaded when a client asks for one (see `find`).
        if self.cluster.is_some() {
            return Ok((0, Vec::new()));
        }
        let loaded = self.ctx.store.load_rooms().await?;
        let mut ok = 0;
        let mut failed = Vec::new();
        for l in loaded {
            match Room::restore(l, self.ctx.clone()) {
                Ok(room) => {
                    if self.spawn(room, None).is_ok() {
                        ok += 1;
                    }
                }
                Err(e) => failed.push(e),
            }
        }
        Ok((ok, failed))
    }

    pub fn get(&self, code: &str) -> Option<RoomHandle> {
        lock(&self.map).rooms.get(code).map(|(h, _)| h.clone())
    }

    pub fn count(&self) -> usize {
        lock(&self.map).rooms.len()
    }

    /// Checks the host's table and opens a room for it (seats still open); `from` is the
    /// address that asked, held to its share of rooms.
    pub async fn create(&self, table: RoomSpec, from: IpAddr) -> Result<RoomHandle, Refusal> {
        let from = address_key(from);
        let _opening = {
            let mut held = lock(&self.map);
            if held.rooms.len() + held.opening >= self.max_rooms {
                return Err(refuse(
                    ErrorCode::TooManyRooms,
                    "the server holds as many rooms as it takes",
                ));
            }
            if held.per_address.get(&from).copied().unwrap_or(0) >= self.max_rooms_per_address {
                return Err(refuse(
                    ErrorCode::TooManyRooms,
                    format!(
                        "{} rooms opened from this address are open already: play in one, or \
                         wait for one to close",
                        self.max_rooms_per_address
                    ),
                ));
            }
            Opening::new(&mut held, &self.map, from)
        };
        check_options(&table.options)?;
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
        let (code, fence) = self.new_code().await?;
        let room = Room::new(
            code,
            &rules,
            seats,
            table.teams.clone(),
            table.options.clone(),
            self.ctx.clone(),
        )
        .fenced(fence);
        self.ctx
            .store
            .save_room(&room.record(), fence)
            .await
            .map_err(|e| refuse(ErrorCode::StoreFailed, e.to_string()))?;
        self.spawn(room, Some(from))
    }

    /// A code no room here has (in a cluster: taken, with its fencing token).
    async fn new_code(&self) -> Result<(String, u64), Refusal> {
        // 20^6 codes: a clash is rare, a second one rarer still.
        for _ in 0..32 {
            let code = new_code();
            if lock(&self.map).rooms.contains_key(&code) {
                continue;
            }
            let Some(cluster) = &self.cluster else {
                return Ok((code, 0));
            };
            match cluster.take(&code).await {
                Ok(Owner::Me(fence)) => return Ok((code, fence)),
                Ok(Owner::Other(_)) => continue,
                Ok(Owner::Lapsed) => break,
                Err(e) => return Err(refuse(ErrorCode::Internal, e.to_string())),
            }
        }
        Err(refuse(ErrorCode::Internal, "no room code is free"))
    }

    /// Stops taking rooms; the room tasks end on the shutdown signal.
    pub fn close(&self) {
        self.done.lock().unwrap_or_else(|p| p.into_inner()).take();
    }
}

/// The longest any of a room's waits may be set to: a day.
const LONGEST_WAIT_MS: u64 = 86_400_000;

/// The shortest turn timer: a person gets at least a second, and a room whose people
/// never act is played by the timer no faster than this.
pub const SHORTEST_TURN_MS: u64 = 1_000;

/// Checks the host's settings beside the rules: every wait within a day (a wait near the
/// largest number would run past the end of time and be sent to clients wrapped round),
/// and a turn timer that gives people time to act.
fn check_options(o: &RoomOptions) -> Result<(), Refusal> {
    let bad = |m: String| Err(refuse(ErrorCode::BadTable, m));
    for (name, ms) in [("grace_ms", o.grace_ms), ("bot_delay_ms", o.bot_delay_ms)] {
        if ms > LONGEST_WAIT_MS {
            return bad(format!(
                "{name} is at most {LONGEST_WAIT_MS} (a day), not {ms}"
            ));
        }
    }
    if let Some(t) = o.turn_timer_ms {
        if !(SHORTEST_TURN_MS..=LONGEST_WAIT_MS).contains(&t) {
            return bad(format!(
                "turn_timer_ms is {SHORTEST_TURN_MS} to {LONGEST_WAIT_MS} (a second to a day), not {t}"
            ));
        }
    }
    Ok(())
}
