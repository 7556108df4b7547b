//! What a screen tells the player: a kind with its parameters, which each shell words in
//! its own strings (English and Korean), and the core's English detail for logs. One list
//! for every shell: the union of what the Kotlin and Swift view models said, one way.

use crate::error::YutError;
use yut_core::save::SaveError;

/// Expands to `$then! { … }` over this file's records and enums (see `records!`).
#[macro_export]
macro_rules! message_records {
    ($then:ident) => {
        $then! {
                    /// A message on screen. `id` differs for every message, so the same one twice shows
                    /// twice.
                    #[derive(Clone, Debug, PartialEq)]
                    pub struct Message {
                        pub id: u64,
                        pub kind: MessageKind,
                        /// The core's explanation, in English, for logs and a small second line; empty when
                        /// there is none.
                        pub detail: String,
                    }

                    /// Every kind of message, with what its sentence needs.
                    #[derive(Clone, Debug, PartialEq)]
                    pub enum MessageKind {
                        /// The chosen rules cannot be played together.
                        InvalidRules,
                        /// The table cannot be set up like this (seat count, teams, colours).
                        InvalidSetup,
                        /// The rules refuse this move.
                        IllegalMove,
                        /// Not the moment for this (a throw while a move is due, the sticks in the air).
                        NotNow,
                        /// A bot (or, online, another device) is to act: the player's throw or move waits.
                        NotYourTurn,
                        /// Nothing to take back (or the turn has passed).
                        CannotUndo,
                        /// The action belongs to an earlier position (a double tap, a late tap): choose again.
                        Stale,
                        /// No such move (an index or destination that is not listed).
                        NoSuchMove,
                        /// No game is open.
                        NoGame,
                        /// That saved game no longer exists.
                        SaveNotFound,
                        /// That saved game cannot be read.
                        SaveDamaged,
                        /// That saved game comes from a newer version of the app (its format `version`).
                        SaveFromNewerVersion { version: u64 },
                        /// Another copy of the game (another window) saved or deleted it since it was
                        /// opened here: its moves are kept, this copy's are not saved.
                        SaveConflict,
                        /// Reading or writing a file failed (storage full, permissions).
                        FileProblem,
                        /// The game could not be saved; it goes on, unsaved.
                        NotSaved,
                        /// The saved game could not be deleted (the detail says why); it is still
                        /// listed.
                        NotDeleted,
                        /// The game was opened from its backup file (the last action or so may be missing).
                        RecoveredFromBackup,
                        /// The computer player could not move.
                        BotFailed,
                        /// A computer player has waited long for what it plays with (its network,
                        /// downloaded in the browser): it moves once that arrives, the game waits.
                        BotNetsLate,
                        /// Input the core could not read.
                        InvalidInput,
                        /// A bug: the game object cannot go on.
                        Internal,
                        /// The new-game form: seat `seat` (from 0) has no name.
                        SeatNameMissing { seat: u32 },
                        /// The new-game form: two seats share a colour.
                        SameColour,
                        /// Online: refused for a reason without a sentence of its own (`code`: the protocol's
                        /// error id).
                        Refused { code: String },
                        /// Online: no room has that code (it may have closed).
                        RoomNotFound,
                        /// Online: the room has no open seat.
                        RoomFull,
                        /// Online: the server cannot take it now; nothing changed.
                        ServerBusy,
                        /// Online: too many requests in too short a time.
                        TooFast,
                        /// Online: the kept ticket no longer holds a seat in the room.
                        SeatGone,
                        /// Online: only the host may do this; `name`: the host's, when the room is known.
                        HostOnly { name: Option<String> },
                        /// Online: a person's seat keeps the game from starting: `name` in seat `number` is
                        /// not ready, or seat `number` waits for a player (`name` none). Seats are counted
                        /// from 1, as on screen. Both none when the room as last heard shows no such seat.
                        NotEveryoneReady { name: Option<String>, number: Option<u32> },
                        /// Online: the room's game has started.
                        AlreadyStarted,
                        /// Online: the server does not take that name.
                        BadName,
                        /// Online: taking back moves is off in this room.
                        UndoOff,
                        /// Online: no connection (it is being restored, or the address is wrong).
                        Offline,
                        /// Online: the server speaks a newer protocol; update the app.
                        ServerProtocol,
                        /// Online: not a room code.
                        BadRoomCode,
                        /// Online: not a server address.
                        BadServerAddress,
                        /// Online: the server's word that answers no request (`code`: `rate_limited`,
                        /// `closing`, …).
                        ServerNotice { code: String },
                    }
        }
    };
}

message_records!(with_serde);

impl Message {
    pub fn new(id: u64, kind: MessageKind, detail: impl Into<String>) -> Message {
        Message {
            id,
            kind,
            detail: detail.into(),
        }
    }
}

impl MessageKind {
    /// The kind of a core error; `None` for a cancelled search, which is never news.
    pub fn of_error(e: &YutError) -> Option<(MessageKind, String)> {
        Some(match e {
            YutError::InvalidRules { reason } => (MessageKind::InvalidRules, reason.clone()),
            YutError::InvalidSetup { reason } => (MessageKind::InvalidSetup, reason.clone()),
            YutError::IllegalMove { reason } => (MessageKind::IllegalMove, reason.clone()),
            YutError::WrongPhase { reason } => (MessageKind::NotNow, reason.clone()),
            YutError::CannotUndo { reason } => (MessageKind::CannotUndo, reason.clone()),
            YutError::SaveNotFound { id } => (MessageKind::SaveNotFound, id.clone()),
            YutError::SaveCorrupt { reason, .. } => (MessageKind::SaveDamaged, reason.clone()),
            YutError::SaveFromNewerVersion { version, .. } => (
                MessageKind::SaveFromNewerVersion { version: *version },
                format!("format {version}"),
            ),
            YutError::SaveConflict { reason, .. } => (MessageKind::SaveConflict, reason.clone()),
            YutError::Io { reason } => (MessageKind::FileProblem, reason.clone()),
            YutError::StaleObject { reason } => (MessageKind::Stale, reason.clone()),
            YutError::Cancelled => return None,
            YutError::InvalidInput { reason } => (MessageKind::InvalidInput, reason.clone()),
            YutError::Internal { reason } => (MessageKind::Internal, reason.clone()),
        })
    }

    /// The kind of a save library's error about game `id`.
    pub fn of_save(e: SaveError, id: &str) -> (MessageKind, String) {
        let e = crate::error::from_save(e, id);
        MessageKind::of_error(&e).unwrap_or((MessageKind::Internal, e.to_string()))
    }

    /// A refusal of the server in the app's words: an error id a player can meet gets a
    /// sentence of its own; one the screen already prevents (a throw or move the position
    /// on screen no longer offers, a seat not to act) reads as the game having moved on.
    pub fn refusal(code: &str) -> MessageKind {
        match code {
            "no_such_room" => MessageKind::RoomNotFound,
            "room_full" => MessageKind::RoomFull,
            "too_many_rooms" | "too_many_connections" | "store_failed" => MessageKind::ServerBusy,
            "rate_limited" => MessageKind::TooFast,
            "wrong_token" => MessageKind::SeatGone,
            "not_host" => MessageKind::HostOnly { name: None },
            "not_ready" => MessageKind::NotEveryoneReady {
                name: None,
                number: None,
            },
            "already_started" => MessageKind::AlreadyStarted,
            "bad_name" => MessageKind::BadName,
            "undo_off" => MessageKind::UndoOff,
            "out_of_turn" | "not_your_seat" | "must_throw" | "no_throw_owed" | "illegal_move" => {
                MessageKind::Stale
            }
            "nothing_to_undo" => MessageKind::CannotUndo,
            "game_over" | "not_started" => MessageKind::NotNow,
            "incompatible_version" => MessageKind::ServerProtocol,
            other => MessageKind::Refused { code: other.into() },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every error id of the protocol has a kind, and those a player can meet have their
    /// own sentence (not the catch-all).
    #[test]
    fn refusals_a_player_meets_have_their_own_kind() {
        for code in [
            "no_such_room",
            "room_full",
            "too_many_rooms",
            "rate_limited",
            "wrong_token",
            "not_host",
            "not_ready",
            "already_started",
            "bad_name",
            "undo_off",
            "out_of_turn",
            "nothing_to_undo",
            "game_over",
            "incompatible_version",
        ] {
            assert!(
                !matches!(MessageKind::refusal(code), MessageKind::Refused { .. }),
                "{code}"
            );
        }
        assert_eq!(
            MessageKind::refusal("bad_table"),
            MessageKind::Refused {
                code: "bad_table".into()
            }
        );
    }
}
