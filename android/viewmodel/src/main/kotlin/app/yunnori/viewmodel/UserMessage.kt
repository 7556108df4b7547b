package app.yunnori.viewmodel

import app.yunnori.core.OnlineException
import app.yunnori.core.YutException
import java.util.concurrent.atomic.AtomicLong

/**
 * What a screen tells the player: a [kind] the app turns into a sentence of its own
 * language, and the core's [detail] (English, technical) to show smaller below it.
 * [id] differs for every message, so the same message twice is shown twice.
 */
data class UserMessage(
    val kind: MessageKind,
    val detail: String? = null,
    val id: Long = nextId.incrementAndGet(),
) {
    private companion object {
        val nextId = AtomicLong()
    }
}

enum class MessageKind {
    // From the core (one per YutError case).
    InvalidRules,
    InvalidSetup,
    IllegalMove,
    NotNow,
    CannotUndo,
    SaveNotFound,
    SaveDamaged,
    SaveFromNewerVersion,
    /** Another copy of the game (another window) saved or deleted it since it was opened here. */
    SaveConflict,
    FileError,
    Stale,
    InvalidInput,
    Internal,

    // From the view models.
    /** A bot is to act: the player's throw or move waits. */
    NotYourTurn,

    /** There is no such move (an index or destination that is not listed). */
    NoSuchMove,

    /** No game is open. */
    NoGame,

    /** The game was opened from its backup file (the last action or so may be missing). */
    RecoveredFromBackup,

    /** The game could not be saved: it goes on, unsaved. */
    NotSaved,

    /** A seat has no name. */
    SeatNameMissing,

    /** Two seats share a colour. */
    SameColour,

    // Online rooms (detail: the server's error id and its English reason).
    /** The server refused the request, for a reason without a sentence of its own. */
    OnlineRefused,

    /** No room has that code (it may have closed). */
    RoomNotFound,

    /** The room has no open seat for a person (or no room for more spectators). */
    RoomFull,

    /** The server cannot take it now (full, or it could not store the action); nothing changed. */
    ServerBusy,

    /** Too many requests in too short a time. */
    TooFast,

    /** The kept ticket no longer holds a seat in the room. */
    SeatGone,

    /** Only the host may do this (start, change seats). */
    HostOnly,

    /** A person's seat is open or not ready: the game cannot start. */
    NotEveryoneReady,

    /** The room's game has started: the lobby's controls are closed. */
    AlreadyStarted,

    /** The server does not take that name. */
    BadName,

    /** Taking back moves is off in this room. */
    UndoOff,

    /** No connection to the server (it is being restored, or the address is wrong). */
    Offline,

    /** The server said something this version of the app cannot read. */
    OnlineProtocol,

    /** Not a room code (six letters and digits, or a yunnori://room/ link). */
    BadRoomCode,

    /** Not a server address (wss://host[:port], or ws:// on a home network). */
    BadServerAddress,

    /** The server's word that answers no request (a rate limit, the server closing). */
    ServerNotice,
}

/** The message for an error of the core. */
fun YutException.toUserMessage(): UserMessage = when (this) {
    is YutException.InvalidRules -> UserMessage(MessageKind.InvalidRules, reason)
    is YutException.InvalidSetup -> UserMessage(MessageKind.InvalidSetup, reason)
    is YutException.IllegalMove -> UserMessage(MessageKind.IllegalMove, reason)
    is YutException.WrongPhase -> UserMessage(MessageKind.NotNow, reason)
    is YutException.CannotUndo -> UserMessage(MessageKind.CannotUndo, reason)
    is YutException.SaveNotFound -> UserMessage(MessageKind.SaveNotFound, id)
    is YutException.SaveCorrupt -> UserMessage(MessageKind.SaveDamaged, reason)
    is YutException.SaveFromNewerVersion -> UserMessage(MessageKind.SaveFromNewerVersion, "format $version")
    is YutException.SaveConflict -> UserMessage(MessageKind.SaveConflict, reason)
    is YutException.Io -> UserMessage(MessageKind.FileError, reason)
    is YutException.StaleObject -> UserMessage(MessageKind.Stale, reason)
    is YutException.Cancelled -> UserMessage(MessageKind.Internal, "cancelled")
    is YutException.InvalidInput -> UserMessage(MessageKind.InvalidInput, reason)
    is YutException.Internal -> UserMessage(MessageKind.Internal, reason)
}

/** The message for a failed online call. */
fun OnlineException.toUserMessage(): UserMessage = when (this) {
    is OnlineException.Refused -> UserMessage(refusalKind(code), "$code: $reason")
    is OnlineException.Offline -> UserMessage(MessageKind.Offline, reason)
    is OnlineException.Stale -> UserMessage(MessageKind.Stale, reason)
    is OnlineException.InvalidInput -> UserMessage(MessageKind.InvalidInput, reason)
    is OnlineException.Protocol -> UserMessage(MessageKind.OnlineProtocol, reason)
}

/**
 * A refusal in the app's words: the protocol's error id ([OnlineException.Refused.code]) a
 * player can meet gets a sentence of its own; one the screen already prevents (a throw or
 * move the position on screen no longer offers) reads as the game having moved on.
 */
fun refusalKind(code: String): MessageKind = when (code) {
    "no_such_room" -> MessageKind.RoomNotFound
    "room_full" -> MessageKind.RoomFull
    "too_many_rooms", "too_many_connections", "store_failed" -> MessageKind.ServerBusy
    "rate_limited" -> MessageKind.TooFast
    "wrong_token" -> MessageKind.SeatGone
    "not_host" -> MessageKind.HostOnly
    "not_ready" -> MessageKind.NotEveryoneReady
    "already_started" -> MessageKind.AlreadyStarted
    "bad_name" -> MessageKind.BadName
    "undo_off" -> MessageKind.UndoOff
    "out_of_turn", "not_your_seat" -> MessageKind.NotYourTurn
    "must_throw", "no_throw_owed", "illegal_move" -> MessageKind.Stale
    "nothing_to_undo" -> MessageKind.CannotUndo
    "game_over", "not_started" -> MessageKind.NotNow
    "incompatible_version" -> MessageKind.OnlineProtocol
    else -> MessageKind.OnlineRefused
}
