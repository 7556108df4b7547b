package app.yunnori.viewmodel

import app.yunnori.core.Mat
import app.yunnori.core.NewGame as NewGameSetup
import app.yunnori.core.RoomSettings
import app.yunnori.core.PlayerKind
import app.yunnori.core.Preset
import app.yunnori.core.Route
import app.yunnori.core.RuleValue
import app.yunnori.core.Spot
import app.yunnori.core.Swipe
import app.yunnori.core.tapSwipe
import kotlin.math.PI
import kotlin.math.cos
import kotlin.math.sin
import kotlin.random.Random

/**
 * Everything a screen can ask for. Each view model takes the events of its own screen
 * through a single `onEvent`:
 * [GameViewModel] the [ForGame] ones, [ResumeViewModel] the [ForResume] ones and
 * [NewGameViewModel] the [ForNewGame] ones. [Dismiss] goes to any of them.
 */
sealed interface UiEvent {
    sealed interface ForGame : UiEvent
    sealed interface ForResume : UiEvent
    sealed interface ForNewGame : UiEvent

    /** The online screens' room actions ([OnlineViewModel]; the game screen's own events are [ForGame]). */
    sealed interface ForOnline : UiEvent

    /** Closes the message on screen (on the Resume screen, also the delete question). */
    data object Dismiss : ForGame, ForResume, ForNewGame, ForOnline

    // ----- the game screen --------------------------------------------------------

    /**
     * Throws the sticks from [swipe] (where the finger let go on the mat, how fast, how it
     * turned). `null`, as the Throw button and TalkBack's action send it, is a tap: a gentle
     * drop on the mat as laid out ([MatLaidOut]). The swipe only shapes the flight: the core
     * draws the result, and the screen shows it once the last stick has settled.
     */
    data class Throw(val swipe: Swipe? = null) : ForGame

    /** The stick mat's size on screen (points): taps and bots throw onto it. */
    data class MatLaidOut(val mat: Mat) : ForGame

    /**
     * The system asks for less motion (animations off, animator duration scale 0): a throw
     * shows as a short drop of the sticks to where they come to rest, not the whole flight.
     */
    data class SetReduceMotion(val on: Boolean) : ForGame

    /** The settings' mute switch: no clack and no haptic tap when a stick knocks. */
    data class SetMuted(val muted: Boolean) : ForGame

    /** Quick bots: a bot's turn waits a quarter of the pause and shows at a quarter of the pace. */
    data class SetQuickBots(val on: Boolean) : ForGame

    /** Taps a piece (a station holding the player's stack, or [Spot.Home] for a new piece); `null` clears. */
    data class SelectPiece(val from: Spot?) : ForGame

    /** Taps a highlighted destination of the selected piece. */
    data class ChooseDestination(val to: Spot) : ForGame

    /**
     * Plays legal move [index] of the snapshot on screen. [state] is the snapshot's state tag
     * the index was read from; a choice made on an older screen is refused as stale.
     */
    data class ChooseMove(val index: Int, val state: ULong? = null) : ForGame

    /** Answers the open [MoveChoice]: take this route. */
    data class ChooseRoute(val route: Route) : ForGame

    /** Answers the open [MoveChoice]: join own pieces on the destination, or stay apart. */
    data class ChooseStack(val join: Boolean) : ForGame

    /** Closes the open [MoveChoice] without moving. */
    data object CancelChoice : ForGame

    /**
     * Asks the hard bot which move it would play here (a person is to move). The answer
     * arrives as [GameUiState.hint], with its piece picked so its destinations light up.
     */
    data object Hint : ForGame

    /** Reviews the game so far (usually once it is over): see [GameUiState.review]. */
    data object Review : ForGame

    /** Closes the review. */
    data object CloseReview : ForGame

    /** Takes back the last move (stops a bot that is about to act). */
    data object Undo : ForGame

    /** Puts the game-over card aside (to look at the final board), or brings it back. */
    data class SetResultAside(val aside: Boolean) : ForGame

    /** Starts a game (from the new-game form or "play again"). */
    data class NewGame(val setup: NewGameSetup) : ForGame

    /** Starts a new game at the same table, with the same rules (after a game ends). */
    data object PlayAgain : ForGame

    /** Opens a saved game. */
    data class Resume(val id: String) : ForGame

    /** Leaves the game screen: stops the bot, saves, closes the game. */
    data object Leave : ForGame

    // ----- the resume screen ------------------------------------------------------

    /** Reads the save directory again. */
    data object Refresh : ForResume

    /** Asks to delete a saved game (the screen then asks for confirmation). */
    data class RequestDelete(val id: String) : ForResume

    /** Deletes a saved game. */
    data class Delete(val id: String) : ForResume

    // ----- the new-game screen ----------------------------------------------------

    data class SelectPreset(val preset: Preset) : ForNewGame

    /** Changes one house rule (a [app.yunnori.core.RuleOption] by its key). */
    data class SetRule(val key: String, val value: RuleValue) : ForNewGame

    /** Puts one house rule back to the preset's value. */
    data class ResetRule(val key: String) : ForNewGame

    /** Puts every house rule back to the preset's values. */
    data object ResetRules : ForNewGame

    data object AddSeat : ForNewGame
    data class RemoveSeat(val seat: Int) : ForNewGame
    data class SetSeatName(val seat: Int, val name: String) : ForNewGame

    /** A colour as `#RRGGBB`. */
    data class SetSeatColour(val seat: Int, val colour: String) : ForNewGame
    data class SetSeatPlayer(val seat: Int, val player: PlayerKind) : ForNewGame

    /** Plays in teams (sides of several seats) or every seat for itself. */
    data class SetTeams(val on: Boolean) : ForNewGame
    data class SetSeatSide(val seat: Int, val side: Int) : ForNewGame
    data class SetUndo(val on: Boolean) : ForNewGame

    /** Checks the table with the core; when it is playable the state holds it as `ready`. */
    data object Start : ForNewGame

    /** The app handed `ready` to the game screen. */
    data object StartHandled : ForNewGame

    // ----- online rooms -----------------------------------------------------------

    /** The server to use (Settings); refused unless `checkServerAddress` accepts it. */
    data class SetServer(val address: String) : ForOnline

    /** Opens a room at [table] (its seed is the server's) and takes the first person's seat as [name]. */
    data class HostRoom(val name: String, val table: NewGameSetup, val room: RoomSettings) : ForOnline

    /** Takes a seat in the room of [code] (a code or a `yunnori://room/CODE` link) as [name]. */
    data class JoinRoom(val code: String, val name: String) : ForOnline

    /** Comes back to a room kept in the tickets (the saved-games list). */
    data class Rejoin(val code: String) : ForOnline

    /** Forgets a kept room (its seats are then lost to this device). */
    data class Forget(val code: String) : ForOnline

    /** This device's seats are ready (or not) to start. */
    data class SetReady(val ready: Boolean) : ForOnline

    /** Host: starts the game. */
    data object StartRoom : ForOnline

    /** Host, after a game: another at the same table. */
    data object Rematch : ForOnline

    /** Host, in the lobby: a seat becomes a bot's or a person's. */
    data class SetRoomSeat(val seat: Int, val player: PlayerKind) : ForOnline

    /** Drops the connection and lets it come back ("reconnect now"; the tests' lost network). */
    data object Reconnect : ForOnline

    /** Leaves the room; its ticket stays kept for Rejoin. */
    data object LeaveRoom : ForOnline
}

/** Ready-made swipes. */
object Swipes {
    /** A tap (the Throw button, TalkBack's action): a gentle drop on [mat]. */
    fun tap(mat: Mat): Swipe = tapSwipe(mat)

    /**
     * A bot's flick, different from throw to throw ([seed]) but always plausible: let go
     * in the near half of the mat, brisk, up the mat with a little drift and curl.
     */
    fun bot(mat: Mat, seed: Long): Swipe {
        val rng = Random(seed)
        fun between(a: Double, b: Double) = rng.nextDouble(a, b).toFloat()
        val speed = between(500.0, 1100.0)
        val angle = between(-0.35, 0.35) - (PI / 2).toFloat()
        return Swipe(
            mat = mat,
            releaseX = mat.width * between(0.35, 0.65),
            releaseY = mat.height * between(0.62, 0.78),
            velocityX = speed * cos(angle),
            velocityY = speed * sin(angle),
            spin = between(-2.0, 2.0),
        )
    }
}
