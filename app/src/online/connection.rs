//! The room's connection as a state machine on the inputs' clock: open, the `hello`
//! handshake, live, lost and tried again with a capped backoff for as long as the room
//! lives, closed with a retry. It says what to do (`SocketCommand`s, the next try's time);
//! the executor does it.

use crate::effect::SocketCommand;

/// The first wait before trying again, and the longest: 0.5 s, 1 s, 2 s, … 15 s, then
/// every 15 s for as long as the room lives (issue 42: never giving up after two minutes).
pub const FIRST_WAIT_MS: u64 = 500;
pub const LONGEST_WAIT_MS: u64 = 15_000;

/// The wait before try `attempt` (from 1).
pub fn backoff_ms(attempt: u32) -> u64 {
    let doublings = attempt.saturating_sub(1).min(16);
    FIRST_WAIT_MS
        .saturating_mul(1u64 << doublings)
        .min(LONGEST_WAIT_MS)
}

/// Where the connection is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// No socket and none wanted.
    Idle,
    /// A socket asked for (`attempt` from 1; 1 is the first connection).
    Opening { attempt: u32 },
    /// Open; our `hello` sent, the server's `welcome` awaited.
    Greeting { attempt: u32 },
    /// Welcomed: requests may go.
    Live,
    /// Lost; the next try is at `at_ms`.
    Waiting { attempt: u32, at_ms: u64 },
    /// Given up (the first connection failed, or the server said the room is gone):
    /// a retry opens again.
    Closed { reason: String },
}

impl Link {
    pub fn live(&self) -> bool {
        matches!(self, Link::Live)
    }

    /// Opens (anew) to the server `url`: the socket command to send, at the server's
    /// socket address (the one rule every client dials by).
    pub fn open(&mut self, url: &str, attempt: u32) -> SocketCommand {
        *self = Link::Opening { attempt };
        SocketCommand::Open {
            url: yut_net::protocol::socket_url(url),
        }
    }

    /// The socket opened: the hello goes.
    pub fn opened(&mut self) -> bool {
        match *self {
            Link::Opening { attempt } => {
                *self = Link::Greeting { attempt };
                true
            }
            _ => false,
        }
    }

    /// The attempt of the connection being made (0 when none is).
    pub fn attempt(&self) -> u32 {
        match *self {
            Link::Opening { attempt } | Link::Greeting { attempt } => attempt,
            Link::Waiting { attempt, .. } => attempt,
            _ => 0,
        }
    }

    /// The socket closed. With `keep` (a room is held), the next try is planned after the
    /// backoff; without, the connection is closed for good.
    pub fn lost(&mut self, now: u64, keep: bool, reason: &str) {
        if !keep {
            *self = Link::Closed {
                reason: reason.to_string(),
            };
            return;
        }
        let attempt = match *self {
            Link::Opening { attempt } | Link::Greeting { attempt } => attempt + 1,
            Link::Waiting { attempt, .. } => attempt + 1,
            _ => 2,
        };
        // Try `attempt` waits the backoff of the tries that failed before it.
        *self = Link::Waiting {
            attempt,
            at_ms: now + backoff_ms(attempt - 1),
        };
    }

    /// When the next try is due, if one is planned.
    pub fn next_try(&self) -> Option<u64> {
        match *self {
            Link::Waiting { at_ms, .. } => Some(at_ms),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_doubles_up_to_its_cap_and_never_stops() {
        let waits: Vec<u64> = (1..=8).map(backoff_ms).collect();
        assert_eq!(
            waits,
            [500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000]
        );
        assert_eq!(backoff_ms(10_000), LONGEST_WAIT_MS);
        let mut link = Link::Live;
        for n in 0..1_000 {
            link.lost(n, true, "gone");
            assert!(link.next_try().is_some(), "still trying after {n} losses");
            let attempt = link.attempt();
            link.open("ws://x", attempt);
        }
    }

    #[test]
    fn without_a_room_a_loss_closes() {
        let mut link = Link::Opening { attempt: 1 };
        link.lost(5, false, "refused");
        assert_eq!(
            link,
            Link::Closed {
                reason: "refused".into()
            }
        );
        assert_eq!(link.next_try(), None);
    }
}
