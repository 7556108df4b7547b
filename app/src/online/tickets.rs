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
        // Read as text, as every other JSON of the app core is: one reader in WebAssembly.
        Ok(Some(bytes)) => {
            let read = std::str::from_utf8(&bytes)
                .map_err(|e| e.to_string())
                .and_then(|t| {
                    serde_json::from_str::<Vec<RoomTicket>>(t).map_err(|e| e.to_string())
                });
            match read {
                Ok(mut list) => {
                    list.sort_by_key(|t| std::cmp::Reverse(t.joined_at_ms));
                    (list, None)
                }
                Err(e) => (Vec::new(), Some(format!("the kept rooms do not read: {e}"))),
            }
        }
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

/// A ticket as the Android app kept one before the app core (one `files/rooms/CODE.room`
/// per room): lines `server`, `code`, `link`, `host` (true/false), then `seat token` per
/// seat. `joined_at_ms` is the file's time. `None` when it does not read (it could take no
/// seat back anyway). The link becomes the room's https page.
pub fn read_legacy(text: &str, joined_at_ms: u64) -> Option<RoomTicket> {
    let mut lines = text.lines();
    let server = lines.next()?.trim().to_string();
    let code = yut_net::protocol::normalise_code(lines.next()?)?;
    let link = lines.next()?.trim().to_string();
    let host = match lines.next()?.trim() {
        "true" => true,
        "false" => false,
        _ => return None,
    };
    let mut seats = Vec::new();
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let (seat, token) = line.trim().split_once(' ')?;
        seats.push(SeatTicket {
            seat: seat.parse().ok()?,
            token: token.to_string(),
        });
    }
    if server.is_empty() || seats.is_empty() {
        return None;
    }
    Some(RoomTicket {
        link: yut_net::protocol::web_room_link(&server, &code).unwrap_or(link),
        server,
        code,
        seats,
        host,
        joined_at_ms,
    })
}

/// Takes in tickets kept before the app core (see [`read_legacy`]); a room the store
/// already holds keeps the store's ticket (it is the newer). How many were taken in.
pub fn adopt(kv: &dyn KeyValue, older: Vec<RoomTicket>) -> Result<usize, StoreError> {
    let (mut list, problem) = load(kv);
    if let Some(p) = problem {
        // Writing over a store that does not read would lose what it holds.
        return Err(StoreError(p));
    }
    let before = list.len();
    for t in older {
        if !list
            .iter()
            .any(|k| k.code == t.code && k.server == t.server)
        {
            list.push(t);
        }
    }
    let taken = list.len() - before;
    if taken > 0 {
        list.sort_by_key(|t| std::cmp::Reverse(t.joined_at_ms));
        store(kv, &list)?;
    }
    Ok(taken)
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
    fn tickets_from_before_the_core_are_taken_in_once_and_not_over_newer_ones() {
        // As FileRoomTickets wrote them (android/, before the app core).
        let older = "wss://rooms.example\nHJKMNP\nyunnori://room/HJKMNP\ntrue\n0 tok-a\n2 tok-b\n";
        let t = read_legacy(older, 5).expect("reads");
        assert_eq!(t.code, "HJKMNP");
        assert_eq!(
            t.link, "https://rooms.example/r/HJKMNP",
            "shared as the https page now"
        );
        assert!(t.host && t.holds(0) && t.holds(2) && !t.holds(1));
        for damaged in [
            "",
            "wss://s\nHJKMNP\nl\nyes\n0 t",
            "wss://s\nHJKMNP\nl\ntrue\n",
            "wss://s\nHJKMNP\nl\ntrue\nx t",
        ] {
            assert_eq!(read_legacy(damaged, 5), None, "{damaged:?}");
        }
        let kv = MemoryKv::default();
        let mut newer = ticket("HJKMNP", 9);
        newer.server = "wss://rooms.example".into();
        keep(&kv, &newer).unwrap();
        let other =
            read_legacy("ws://s\nACDEFG\nyunnori://room/ACDEFG\nfalse\n1 tok-c", 3).unwrap();
        assert_eq!(
            adopt(&kv, vec![t, other]).unwrap(),
            1,
            "the room kept since stays the store's"
        );
        let (list, _) = load(&kv);
        let codes: Vec<(&str, u64)> = list
            .iter()
            .map(|t| (t.code.as_str(), t.joined_at_ms))
            .collect();
        assert_eq!(codes, [("HJKMNP", 9), ("ACDEFG", 3)]);
        kv.put(ROOMS_KEY, b"{not json").unwrap();
        let again = read_legacy("ws://s\nACDEFG\nl\nfalse\n1 t", 3).unwrap();
        assert!(
            adopt(&kv, vec![again]).is_err(),
            "a store that does not read is not written over"
        );
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
