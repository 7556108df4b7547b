//! What the online screens and lines say to people: refusals in words (not the protocol's
//! ids), who dropped and who plays for them, and whether the throws checked out. Seats are
//! counted from 1 wherever a person reads them.

use crate::play::text;
use yut_core::session::Player;
use yut_net::protocol::{ErrorCode, SeatView, CODE_ALPHABET, CODE_LENGTH};
use yut_net::verify::ThrowCheck;
use yut_net::NetError;

/// Why `input` is not a room code.
pub fn not_a_code(input: &str) -> String {
    let letters: String = CODE_ALPHABET.iter().map(|&b| b as char).collect();
    format!(
        "{input:?} is not a room code: a code is {CODE_LENGTH} letters from {letters} \
         (no B, I, L, O, S, Z and no digits, which are easy to mistake)"
    )
}

/// A refusal of `what` (a request, in words) for a person; `room` is the room asked for.
/// `with_id` adds the protocol's id in brackets, for someone reporting a problem.
pub fn refused(what: &str, e: &NetError, room: Option<&str>, with_id: bool) -> String {
    let room = room.unwrap_or("that room");
    let why = match e {
        NetError::Refused { code, message } => {
            let said = match code {
                ErrorCode::NoSuchRoom => {
                    format!("there is no room {room} on this server (it may have ended)")
                }
                ErrorCode::RoomFull => {
                    format!("{message}. Watch the game instead: yut online join {room} --watch")
                }
                ErrorCode::WrongToken => {
                    "the seats kept on this computer are no longer yours in that room".into()
                }
                ErrorCode::RateLimited => "too many requests at once: wait a moment".into(),
                ErrorCode::TooManyConnections => {
                    "too many connections from this address: close some and try again".into()
                }
                ErrorCode::IncompatibleVersion => {
                    format!("{message} (update yut to play on this server)")
                }
                _ => message.clone(),
            };
            if with_id {
                format!("{said} ({})", code.id())
            } else {
                said
            }
        }
        NetError::Disconnected => "not connected right now: it was not sent".into(),
        NetError::Timeout => "the server did not answer in time".into(),
        NetError::Connect(why) => format!("the server cannot be reached: {why}"),
        NetError::Protocol(why) => format!("the server said something unreadable: {why}"),
    };
    format!("{what} refused: {why}")
}

fn level_of(s: &SeatView) -> Option<&'static str> {
    s.standin.map(text::level_name)
}

/// A seat's absence for a seat list: "" while its person is here (or it is a bot's).
pub fn away_or_standin(s: &SeatView) -> String {
    if s.player != Player::Human || !s.taken || s.connected {
        return String::new();
    }
    match level_of(s) {
        Some(level) => format!("away · a {level} bot plays for them"),
        None => "away".into(),
    }
}

/// The log's line when a bot begins playing for an absent person.
pub fn plays_for(s: &SeatView) -> String {
    let level = level_of(s).unwrap_or("stand-in");
    format!("{} is away: a {level} bot plays for them", s.name)
}

/// What changed in the seats, for the log: who dropped, who is played by a bot, who is
/// back (`mine`: this terminal's seats, told about in the title instead).
pub fn seat_changes(before: &[SeatView], after: &[SeatView], mine: &[usize]) -> Vec<String> {
    let mut lines = Vec::new();
    for (b, a) in before.iter().zip(after) {
        if a.player != Player::Human || !a.taken || mine.contains(&a.seat) || b.seat != a.seat {
            continue;
        }
        if b.connected && !a.connected {
            lines.push(format!(
                "{} dropped; their seat waits for them (seat {})",
                a.name,
                a.seat + 1
            ));
        }
        if b.standin.is_none() && a.standin.is_some() {
            lines.push(plays_for(a));
        }
        if !b.connected && a.connected {
            lines.push(format!("{} is back", a.name));
        }
    }
    lines
}

/// The log's line for what is known of the throws (nothing while the game goes on).
pub fn throws(c: &ThrowCheck) -> Option<String> {
    Some(match c {
        ThrowCheck::Committed => return None,
        ThrowCheck::Verified { throws } => format!(
            "Throws verified: all {throws} came from the secret the room committed to before the game"
        ),
        ThrowCheck::Mismatch { reason } => format!(
            "WARNING: the throws do NOT match what the room committed to before the game: {reason}"
        ),
        ThrowCheck::Unverifiable => {
            "This game began on an older server: its throws cannot be checked".into()
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_read_as_sentences_not_ids() {
        let e = NetError::Refused {
            code: ErrorCode::NoSuchRoom,
            message: "no room \"ACDEFG\"".into(),
        };
        let line = refused("Joining", &e, Some("ACDEFG"), false);
        assert_eq!(
            line,
            "Joining refused: there is no room ACDEFG on this server (it may have ended)"
        );
        assert!(!line.contains("NoSuchRoom") && !line.contains("no_such_room"));
        let full = NetError::Refused {
            code: ErrorCode::RoomFull,
            message: "every seat for a person is taken".into(),
        };
        assert!(refused("Joining", &full, Some("ACDEFG"), false)
            .contains("yut online join ACDEFG --watch"));
    }

    #[test]
    fn a_code_that_is_not_one_says_which_letters_codes_use() {
        let why = not_a_code("BBBBBB");
        assert!(why.contains("ACDEFGHJKMNPQRTUVWXY"), "{why}");
        assert!(why.contains("no B"), "{why}");
    }
}
