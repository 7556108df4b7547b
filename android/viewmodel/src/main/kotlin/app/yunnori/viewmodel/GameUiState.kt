package app.yunnori.viewmodel

import app.yunnori.core.BoardLayout
import app.yunnori.core.Flight
import app.yunnori.core.GameEvent
import app.yunnori.core.GameSnapshot
import app.yunnori.core.LegalMove
import app.yunnori.core.Mat
import app.yunnori.core.Phase
import app.yunnori.core.Route
import app.yunnori.core.RulesDescription
import app.yunnori.core.Slip
import app.yunnori.core.Spot
import app.yunnori.core.Throw
import app.yunnori.core.ThrowInfo

/**
 * Everything the game screen draws, as one immutable value. The position itself is the
 * core's [GameSnapshot], untouched; the rest is what the screen adds around it (the piece
 * the player picked, an open question, what to animate, a message).
 */
data class GameUiState(
    /** Station coordinates and lines, for drawing the board. */
    val board: BoardLayout,
    /** Names of the six results, in step order. */
    val throwKinds: List<ThrowInfo>,
    /** The open game's id (its save file), `null` when no game is open. */
    val gameId: String? = null,
    val snapshot: GameSnapshot? = null,
    /** The rules of the open game, option by option (the Rules screen). */
    val rules: RulesDescription? = null,
    /** The piece the player picked and where it may go. */
    val selection: Selection? = null,
    /** Several moves lead to the tapped destination: the screen asks which. */
    val choice: MoveChoice? = null,
    /**
     * The last throw, to animate (a new [ThrowShown.seq] means a new throw). While its sticks
     * fly ([flying]) the position on screen is still the one before it: the result, the
     * hand and the moves come with the snapshot once the last stick has settled.
     */
    val lastThrow: ThrowShown? = null,
    /** The last move, to animate along its path. */
    val lastMove: MoveShown? = null,
    /** A bot is about to act (waiting out its pause, or thinking). */
    val botThinking: Boolean = false,
    /** The hard bot's advice for the position on screen (asked with [UiEvent.Hint]). */
    val hint: Hint? = null,
    /** A hint is being worked out. */
    val hintThinking: Boolean = false,
    /** The review of the game so far (asked with [UiEvent.Review]). */
    val review: GameReview? = null,
    /** A review is being worked out. */
    val reviewing: Boolean = false,
    /** The position on screen is the one on disk. */
    val saved: Boolean = false,
    /** The game is over and the player put the result card aside to look at the board. */
    val resultAside: Boolean = false,
    /** Set when the game was opened from its backup file: why. */
    val recoveredFromBackup: String? = null,
    val message: UserMessage? = null,
    /** The stick mat as laid out on screen (points): a tap or a bot throws onto it. */
    val mat: Mat = DEFAULT_MAT,
    /** Throws show as a short drop, not the whole flight (the system asks for less motion). */
    val reduceMotion: Boolean = false,
    /** No clack and no haptic tap when a stick knocks (the settings' switch). */
    val muted: Boolean = false,
    /**
     * The table wants the bots quick (a setting): their pause, their sticks' flight (a short
     * drop) and their pieces' moves take a quarter of the time.
     */
    val quickBots: Boolean = false,
    /**
     * Online: the seat to act is played on another device (or by the server's bot), so this
     * one waits. Always false in a local game.
     */
    val othersToAct: Boolean = false,
    /**
     * Online: this device's throw, move or undo is on its way to the room. Nothing more is
     * offered until it is answered (its play on screen, a refusal, or a lost connection):
     * the position on screen is still the one before it, and would offer the same again.
     */
    val sending: Boolean = false,
    /** Hints and the review are offered (a local game's; an online room has neither). */
    val advice: Boolean = true,
) {
    val hasGame: Boolean get() = snapshot != null
    val over: Boolean get() = snapshot?.over == true

    /** The sticks of [lastThrow] are in the air: nothing can be thrown or moved until they settle. */
    val flying: Boolean get() = lastThrow?.landed == false

    /** The seat to act is a human on this device, and the game waits for them. */
    val humanToAct: Boolean
        get() = snapshot.let { it != null && !it.over && it.botToAct == null } && !othersToAct && !sending
    val canThrow: Boolean get() = humanToAct && !flying && snapshot?.phase == Phase.TO_THROW
    val canMove: Boolean get() = humanToAct && !flying && snapshot?.phase == Phase.TO_MOVE
    val canUndo: Boolean get() = !flying && snapshot?.canUndo == true

    /** A hint makes sense: a person is to move, and none is on screen or on its way. */
    val canAskHint: Boolean get() = canMove && !hintThinking && hint == null
    val legalMoves: List<LegalMove> get() = snapshot?.legalMoves.orEmpty()

    /** The hint's estimate for a destination of the picked piece (the best move reaching it), when a hint is shown. */
    fun chanceAt(destination: Destination): Double? {
        val chances = hint?.chances ?: return null
        return destination.moveIndices.mapNotNull { chances.getOrNull(it) }.maxOrNull()
    }

    /** Where the player's movable pieces are (highlight them), when it is a human's move. */
    val movableFrom: List<Spot> get() = if (canMove) legalMoves.map { it.from }.distinct() else emptyList()
}

/**
 * The move the hard bot would play in the position on screen: legal move [moveIndex] of
 * the snapshot whose state tag is [state], and the bot's estimate (0–1) of the mover's
 * chance of winning after it. It goes with that position: any change clears it.
 */
data class Hint(
    val state: ULong,
    val moveIndex: Int,
    val move: LegalMove,
    val winChance: Double,
    /** The estimate after each legal move of the snapshot, in its order (to compare the options). */
    val chances: List<Double?>,
)

/**
 * The review of the game up to the position whose state tag is [state]: the moves of
 * people where the hard bot's own choice was clearly better, largest loss first. Empty
 * when there were none.
 */
data class GameReview(
    val state: ULong,
    val slips: List<Slip>,
)

/** A piece the player picked, and the destinations its legal moves reach. */
data class Selection(
    val from: Spot,
    val destinations: List<Destination>,
)

/** A highlighted destination, and the legal moves (indices into the snapshot's list) that reach it. */
data class Destination(
    val to: Spot,
    val moveIndices: List<Int>,
    /** Opposing pieces a move there sends home (the most of its moves). */
    val captures: Int,
)

/** The moves from [from] to [to] among which the player must choose. */
data class MoveChoice(
    val from: Spot,
    val to: Spot,
    val options: List<MoveOption>,
) {
    /** Routes to choose between (more than one: ask which). */
    val routes: List<Route> get() = options.map { it.move.route }.distinct()

    /** Whether to join own pieces on [to] (both values listed: ask). */
    val stackChoices: List<Boolean> get() = options.mapNotNull { it.move.stack }.distinct()
    val asksRoute: Boolean get() = routes.size > 1
    val asksStack: Boolean get() = stackChoices.size > 1
}

data class MoveOption(val moveIndex: Int, val move: LegalMove)

/** A throw to animate: its flight, then (once [landed]) what it did. */
data class ThrowShown(
    /** Grows with every throw of the view model. */
    val seq: Long,
    val seat: Int,
    val colour: String,
    /** Which sticks land flat side up (stick 0 is the marked one), as the flight ends. */
    val sticks: List<Boolean>,
    /** The four sticks simulated from the swipe to rest: pose tracks, contacts, [Flight.endMs]. */
    val flight: Flight,
    /** How the screen shows it: the whole flight, or a short drop to the final poses. */
    val motion: ThrowMotion,
    /** How long after the release the result shows (the flight's end, or the drop's). */
    val playMs: Long,
    val byBot: Boolean,
    /** What the throw did: `null` while the sticks fly (the result is withheld until they settle). */
    val outcome: ThrowOutcome? = null,
) {
    val landed: Boolean get() = outcome != null
}

/** A throw's result, shown once its sticks have settled. */
data class ThrowOutcome(
    /** `null` for 낙 (a stick off the mat). */
    val result: Throw?,
    val events: List<GameEvent>,
)

enum class ThrowMotion {
    /** The simulated flight, frame by frame, with a knock at each contact. */
    FLIGHT,

    /** Reduce Motion: the sticks drop briefly onto their final poses. */
    DROP,
}

/** The mat a tap throws onto before the screen has laid its mat out (points). */
val DEFAULT_MAT: Mat = Mat(width = 320f, height = 200f)

/** A move to animate, along [path] (every spot passed after [from], ending at the destination). */
data class MoveShown(
    val seq: Long,
    val seat: Int,
    val colour: String,
    val from: Spot,
    val path: List<Spot>,
    val pieces: Int,
    val events: List<GameEvent>,
    val byBot: Boolean,
)
