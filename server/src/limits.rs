//! Limits that keep one client from hurting the others: connections per address and
//! messages per connection. (Frame size is enforced by the WebSocket layer.)

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Counts open connections per IP address.
#[derive(Clone)]
pub struct ConnectionLimit {
    max: usize,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One counted connection; dropping it frees its place.
pub struct ConnectionPermit {
    ip: IpAddr,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl ConnectionLimit {
    pub fn new(max: usize) -> ConnectionLimit {
        ConnectionLimit {
            max,
            open: Arc::default(),
        }
    }

    /// A place for one more connection from `ip`, or `None` when it has `max` already.
    pub fn admit(&self, ip: IpAddr) -> Option<ConnectionPermit> {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let n = open.entry(ip).or_insert(0);
        if *n >= self.max {
            return None;
        }
        *n += 1;
        Some(ConnectionPermit {
            ip,
            open: self.open.clone(),
        })
    }
}

impl Drop for ConnectionPermit {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = open.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// A token bucket: `rate` messages a second on average, `burst` at once.
pub struct RateLimit {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
    /// Messages refused in a row; a client that goes on flooding is disconnected.
    refused_in_a_row: u32,
}

/// What to do with a message.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Accept,
    Refuse,
    /// Refused too often in a row: close the connection.
    Disconnect,
}

/// Refusals in a row after which a flooding connection is closed.
const REFUSALS_BEFORE_DISCONNECT: u32 = 200;

impl RateLimit {
    pub fn new(rate: u32, burst: u32) -> RateLimit {
        let burst = f64::from(burst.max(1));
        RateLimit {
            rate: f64::from(rate.max(1)),
            burst,
            tokens: burst,
            last: Instant::now(),
            refused_in_a_row: 0,
        }
    }

    pub fn check(&mut self, now: Instant) -> Verdict {
        let dt = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            self.refused_in_a_row = 0;
            Verdict::Accept
        } else {
            self.refused_in_a_row += 1;
            if self.refused_in_a_row >= REFUSALS_BEFORE_DISCONNECT {
                Verdict::Disconnect
            } else {
                Verdict::Refuse
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn an_address_gets_its_places_back() {
        let limit = ConnectionLimit::new(2);
        let ip: IpAddr = [127, 0, 0, 1].into();
        let a = limit.admit(ip);
        let b = limit.admit(ip);
        assert!(a.is_some() && b.is_some());
        assert!(limit.admit(ip).is_none());
        assert!(limit.admit([127, 0, 0, 2].into()).is_some());
        drop(a);
        assert!(limit.admit(ip).is_some());
    }

    #[test]
    fn a_burst_then_the_rate() {
        let mut r = RateLimit::new(10, 5);
        let t = Instant::now();
        for _ in 0..5 {
            assert_eq!(r.check(t), Verdict::Accept);
        }
        assert_eq!(r.check(t), Verdict::Refuse);
        assert_eq!(r.check(t + Duration::from_millis(100)), Verdict::Accept);
    }

    #[test]
    fn a_flood_is_disconnected() {
        let mut r = RateLimit::new(1, 1);
        let t = Instant::now();
        let verdicts: Vec<Verdict> = (0..=REFUSALS_BEFORE_DISCONNECT)
            .map(|_| r.check(t))
            .collect();
        assert_eq!(verdicts.last(), Some(&Verdict::Disconnect));
    }
}
