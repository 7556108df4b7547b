//! Limits that keep one client from hurting the others: connections per address and
//! messages per connection. (Frame size is enforced by the WebSocket layer.)

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The address a limit counts a client under: its IPv4 address, or the /64 network of
/// its IPv6 address (one household or host is handed a whole /64).
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// Counts open connections per address (see [`address_key`]).
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
        let ip = address_key(ip);
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

    /// A place among all connections, whatever their address (a limit for the server).
    pub fn admit_any(&self) -> Option<ConnectionPermit> {
        self.admit(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
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
    fn an_ipv6_network_counts_as_one_address() {
        let limit = ConnectionLimit::new(1);
        let a: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        let elsewhere: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        let _held = limit.admit(a);
        assert!(limit.admit(b).is_none(), "the same /64");
        assert!(limit.admit(elsewhere).is_some());
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(address_key(mapped), "192.0.2.7".parse::<IpAddr>().unwrap());
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
