package app.yunnori.viewmodel.online

import app.yunnori.core.NewGame as NewGameSetup
import app.yunnori.core.PlayerKind
import app.yunnori.core.RoomSettings

/**
 * What the online screens ask of [OnlineViewModel] (the room's game itself takes the core's
 * `TableAction`s, as a local game does), until the app core's online part takes rooms over.
 */
sealed interface OnlineEvent {
    /** Closes the message on screen. */
    data object Dismiss : OnlineEvent

    /** The server to use (Settings); refused unless `checkServerAddress` accepts it. */
    data class SetServer(val address: String) : OnlineEvent

    /** Opens a room at [table] (its seed is the server's) and takes the first person's seat as [name]. */
    data class HostRoom(val name: String, val table: NewGameSetup, val room: RoomSettings) : OnlineEvent

    /** Takes a seat in the room of [code] (a code or a `yunnori://room/CODE` link) as [name]. */
    data class JoinRoom(val code: String, val name: String) : OnlineEvent

    /** Comes back to a room kept in the tickets (the saved-games list). */
    data class Rejoin(val code: String) : OnlineEvent

    /** Forgets a kept room (its seats are then lost to this device). */
    data class Forget(val code: String) : OnlineEvent

    /** This device's seats are ready (or not) to start. */
    data class SetReady(val ready: Boolean) : OnlineEvent

    /** Host: starts the game. */
    data object StartRoom : OnlineEvent

    /** Host, after a game: another at the same table. */
    data object Rematch : OnlineEvent

    /** Host, in the lobby: a seat becomes a bot's or a person's. */
    data class SetRoomSeat(val seat: Int, val player: PlayerKind) : OnlineEvent

    /** Drops the connection and lets it come back ("reconnect now"; the tests' lost network). */
    data object Reconnect : OnlineEvent

    /** Leaves the room; its ticket stays kept for Rejoin. */
    data object LeaveRoom : OnlineEvent

    /** The system asks for less motion: a throw shows as a short drop. */
    data class SetReduceMotion(val on: Boolean) : OnlineEvent

    /** The settings' mute switch: no clack and no haptic tap when a stick knocks. */
    data class SetMuted(val muted: Boolean) : OnlineEvent
}
