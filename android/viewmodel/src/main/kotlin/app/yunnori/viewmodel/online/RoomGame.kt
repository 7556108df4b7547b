package app.yunnori.viewmodel.online

import app.yunnori.core.Flight
import app.yunnori.core.GameEvent
import app.yunnori.core.GameSnapshot
import app.yunnori.core.LegalMove
import app.yunnori.core.Mat
import app.yunnori.core.Phase
import app.yunnori.core.Route
import app.yunnori.core.RulesDescription
import app.yunnori.core.Spot
import app.yunnori.core.Throw

/**
 * An online room's game as this device shows it, until the app core's online part takes
 * rooms over (docs/APP_CORE.md section 10); the game screen draws it as a `TableState`
 * ([toTable]). The position is the room's [GameSnapshot], untouched.
 */
data class RoomGame(
    /** The room's code, `null` when no game is open. */
    val gameId: String? = null,
    val snapshot: GameSnapshot? = null,
    /** The room's rules, option by option (the Rules screen). */
    val rules: RulesDescription? = null,
    /** The piece the player picked and where it may go. */
    val selection: Selection? = null,
    /** Several moves lead to the tapped destination: the screen asks which. */
    val choice: MoveChoice? = null,
    /**
     * The last throw, to animate. While its sticks fly ([flying]) the position on screen is
     * still the one before it.
     */
    val lastThrow: ThrowShown? = null,
    /** The last move, to animate along its path. */
    val lastMove: MoveShown? = null,
    val resultAside: Boolean = false,
    val message: UserMessage? = null,
    /** The stick mat as laid out on screen (points): a tap throws onto it. */
    val mat: Mat = DEFAULT_MAT,
    /** Throws show as a short drop (the system asks for less motion). */
    val reduceMotion: Boolean = false,
    /** No clack and no haptic tap when a stick knocks. */
    val muted: Boolean = false,
    /** The seat to act is played on another device (or by the server's bot). */
    val othersToAct: Boolean = false,
    /**
     * This device's throw, move or undo is on its way to the room: nothing more is offered
     * until it is answered (its play on screen, a refusal, or a lost connection).
     */
    val sending: Boolean = false,
) {
    val hasGame: Boolean get() = snapshot != null
    val over: Boolean get() = snapshot?.over == true

    /** The sticks of [lastThrow] are in the air. */
    val flying: Boolean get() = lastThrow?.landed == false

    /** The seat to act is this device's, and the game waits for it. */
    val humanToAct: Boolean
        get() = snapshot.let { it != null && !it.over } && !othersToAct && !sending
    val canThrow: Boolean get() = humanToAct && !flying && snapshot?.phase == Phase.TO_THROW
    val canMove: Boolean get() = humanToAct && !flying && snapshot?.phase == Phase.TO_MOVE
    val canUndo: Boolean get() = !flying && snapshot?.canUndo == true
    val legalMoves: List<LegalMove> get() = snapshot?.legalMoves.orEmpty()

    /** Where this device's movable pieces are, when it is to move. */
    val movableFrom: List<Spot> get() = if (canMove) legalMoves.map { it.from }.distinct() else emptyList()
}

/** A piece the player picked, and the destinations its legal moves reach. */
data class Selection(val from: Spot, val destinations: List<Destination>)

/** A destination, and the legal moves (indices into the snapshot's list) that reach it. */
data class Destination(val to: Spot, val moveIndices: List<Int>, val captures: Int)

/** The moves from [from] to [to] among which the player must choose. */
data class MoveChoice(val from: Spot, val to: Spot, val options: List<MoveOption>) {
    val routes: List<Route> get() = options.map { it.move.route }.distinct()
    val stackChoices: List<Boolean> get() = options.mapNotNull { it.move.stack }.distinct()
}

data class MoveOption(val moveIndex: Int, val move: LegalMove)

/** A throw to animate: its flight, then (once [landed]) what it did. */
data class ThrowShown(
    val seq: Long,
    val seat: Int,
    val colour: String,
    val sticks: List<Boolean>,
    val flight: Flight,
    val drop: Boolean,
    /** How long after the release the result shows. */
    val playMs: Long,
    val byBot: Boolean,
    val outcome: ThrowOutcome? = null,
) {
    val landed: Boolean get() = outcome != null
}

data class ThrowOutcome(val result: Throw?, val events: List<GameEvent>)

/** The mat a tap throws onto before the screen has laid its mat out (points). */
val DEFAULT_MAT: Mat = Mat(width = 320f, height = 200f)

/** A move to animate, along [path]. */
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
