package app.yunnori.viewmodel.online

import app.yunnori.core.Message
import app.yunnori.core.MessageKind
import app.yunnori.core.OnlineException
import app.yunnori.core.YutException
import java.util.concurrent.atomic.AtomicLong

/**
 * A room's message: one of the core's [MessageKind]s (the screens word them as they word a
 * local game's) and the core's English [detail], until the app core's online part says
 * them itself. [id] differs for every message, so the same message twice shows twice.
 */
data class UserMessage(
    val kind: MessageKind,
    val detail: String? = null,
    val id: Long = nextId.incrementAndGet(),
) {
    /** As the screens take a message. */
    fun toMessage(): Message = Message(id.toULong(), kind, detail.orEmpty())

    private companion object {
        /** Far from the core's own ids, so a room's message never repeats a local one's. */
        val nextId = AtomicLong(1L shl 40)
    }
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
    is YutException.SaveFromNewerVersion -> UserMessage(MessageKind.SaveFromNewerVersion(version), "format $version")
    is YutException.SaveConflict -> UserMessage(MessageKind.SaveConflict, reason)
    is YutException.Io -> UserMessage(MessageKind.FileProblem, reason)
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
    is OnlineException.Protocol -> UserMessage(MessageKind.ServerProtocol, reason)
}

/**
 * A refusal in the app's words: the protocol's error id a player can meet gets a sentence
 * of its own; one the screen already prevents reads as the game having moved on (the app
 * core's `MessageKind::refusal`, which replaces this once rooms move into the core).
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
    "incompatible_version" -> MessageKind.ServerProtocol
    else -> MessageKind.Refused(code)
}
