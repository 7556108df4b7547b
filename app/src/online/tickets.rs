//! The rooms' tickets: the seat tokens this device holds, kept in `KeyValue` under
//! [`ROOMS_KEY`] so a killed app takes its seats back (Rejoin on the saved-games screen),
//! and forgotten when the room is gone or the person says so.

use crate::store::{KeyValue, StoreError, ROOMS_KEY};
use serde::{Deserialize, Serialize};

/// A seat's token: whoever presents it plays the seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatTicket {
    /// The seat's index (from 0, the protocol's).
    pub seat: u32,
    pub token: String,
}

/// What this device keeps to come back to a room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomTicket {
    /// The server's address.
    pub server: String,
    pub code: String,
    pub link: String,
    pub seats: Vec<SeatTicket>,
    pub host: bool,
    /// When this device last joined or rejoined it (ms since the Unix epoch), for the list.
    #[serde(default)]
    pub joined_at_ms: u64,
}

impl RoomTicket {
    pub fn holds(&self, seat: usize) -> bool {
        self.seats.iter().any(|s| s.seat as usize == seat)
    }

    /// Takes in seats the server handed over (a join on the same connection adds seats).
    pub fn add_seats(&mut self, seats: impl IntoIterator<Item = SeatTicket>) {
        for s in seats {
            self.seats.retain(|o| o.seat != s.seat);
            self.seats.push(s);
        }
        self.seats.sort_by_key(|s| s.seat);
    }
}

/// The kept tickets, newest first. A store that cannot be read yields none (a ticket is
/// a convenience: the room can still be joined by its code); the reason is returned.
pub fn load(kv: &dyn KeyValue) -> (Vec<RoomTicket>, Option<String>) {
    match kv.get(ROOMS_KEY) {
        Ok(None) => (Vec::new(), None),
        Ok(Some(bytes)) => match serde_json::from_slice::<Vec<RoomTicket>>(&bytes) {
            Ok(mut list) => {
                list.sort_by_key(|t| std::cmp::Reverse(t.joined_at_ms));
                (list, None)
            }
            Err(e) => (Vec::new(), Some(format!("the kept rooms do not read: {e}"))),
        },
        Err(e) => (Vec::new(), Some(e.0)),
    }
}

fn store(kv: &dyn KeyValue, list: &[RoomTicket]) -> Result<(), StoreError> {
    if list.is_empty() {
        return kv.delete(ROOMS_KEY);
    }
    let bytes = serde_json::to_vec(list).map_err(|e| StoreError(e.to_string()))?;
    kv.put(ROOMS_KEY, &bytes)
}

/// Keeps `ticket` (replacing the one of the same server and room).
pub fn keep(kv: &dyn KeyValue, ticket: &RoomTicket) -> Result<(), StoreError> {
    let (mut list, _) = load(kv);
    list.retain(|t| !(t.code == ticket.code && t.server == ticket.server));
    list.insert(0, ticket.clone());
    store(kv, &list)
}

/// Forgets the ticket of room `code` (on any server).
pub fn forget(kv: &dyn KeyValue, code: &str) -> Result<(), StoreError> {
    let (mut list, _) = load(kv);
    let before = list.len();
    list.retain(|t| t.code != code);
    if list.len() == before {
        return Ok(());
    }
    store(kv, &list)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::MemoryKv;

    fn ticket(code: &str, at: u64) -> RoomTicket {
        RoomTicket {
            server: "ws://s".into(),
            code: code.into(),
            link: format!("yunnori://room/{code}"),
            seats: vec![SeatTicket {
                seat: 1,
                token: "t".into(),
            }],
            host: false,
            joined_at_ms: at,
        }
    }

    #[test]
    fn tickets_are_kept_newest_first_and_forgotten() {
        let kv = MemoryKv::default();
        keep(&kv, &ticket("ACDEFG", 1)).unwrap();
        keep(&kv, &ticket("HJKMNP", 2)).unwrap();
        keep(&kv, &ticket("ACDEFG", 3)).unwrap();
        let (list, problem) = load(&kv);
        assert_eq!(problem, None);
        let codes: Vec<&str> = list.iter().map(|t| t.code.as_str()).collect();
        assert_eq!(codes, ["ACDEFG", "HJKMNP"]);
        forget(&kv, "ACDEFG").unwrap();
        forget(&kv, "HJKMNP").unwrap();
        assert_eq!(kv.get(ROOMS_KEY).unwrap(), None);
    }

    #[test]
    fn a_damaged_store_yields_no_tickets_and_says_why() {
        let kv = MemoryKv::default();
        kv.put(ROOMS_KEY, b"{not json").unwrap();
        let (list, problem) = load(&kv);
        assert!(list.is_empty());
        assert!(problem.is_some());
    }
}
