package app.yunnori.viewmodel

import app.yunnori.core.BotLevel
import app.yunnori.core.GameSnapshot
import app.yunnori.core.Mat
import app.yunnori.core.NewGame
import app.yunnori.core.PlayerKind
import app.yunnori.core.Preset
import app.yunnori.core.RuleSetting
import app.yunnori.core.RuleValue
import app.yunnori.core.Rules
import app.yunnori.core.SeatSpec
import app.yunnori.core.Swipe
import kotlinx.coroutines.flow.first
import kotlin.coroutines.EmptyCoroutineContext

/** Tables the tests seat, with a fixed seed and the first seat to throw first. */
object Tables {
    val human = PlayerKind.Human
    val easyBot = PlayerKind.Bot(BotLevel.EASY)

    fun rules(vararg extra: Pair<String, RuleValue>): Rules = Rules(
        preset = Preset.YUNNORI,
        changes = listOf(RuleSetting("first_player", RuleValue.Choice("seat_order"))) +
            extra.map { (k, v) -> RuleSetting(k, v) },
    )

    fun table(
        vararg players: PlayerKind,
        seed: ULong = 7u,
        undo: Boolean = true,
        rules: Rules = rules(),
    ): NewGame = NewGame(
        rules = rules,
        seats = players.mapIndexed { i, p -> SeatSpec("Seat $i", NewGameUiState.PALETTE[i], p) },
        teams = null,
        seed = seed,
        undo = undo,
    )

    /** Settings for tests under `runTest`: everything on the test dispatcher (virtual time). */
    val testSettings = GameSettings(worker = EmptyCoroutineContext)

    /** The mat the tests throw on (the view model's default). */
    val mat: Mat = DEFAULT_MAT

    /** A flick let go at ([x], [y]) on [mat] (default: low in the middle) at ([vx], [vy]) points per second. */
    fun flick(vx: Float, vy: Float, x: Float = mat.width / 2, y: Float = mat.height * 0.7f, spin: Float = 0f): Swipe =
        Swipe(mat = mat, releaseX = x, releaseY = y, velocityX = vx, velocityY = vy, spin = spin)
}

/** The snapshot without what differs between two objects of the same position (state tags, last events). */
fun GameSnapshot.position(): GameSnapshot =
    copy(state = 0u, legalMoves = legalMoves.map { it.copy(state = 0u) }, lastEvents = emptyList())

/**
 * Sends [event] and waits for its answer: a new position or a new message (after an
 * action, a bot may already have played on: the state flow keeps only the latest).
 */
suspend fun GameViewModel.act(event: UiEvent.ForGame): GameUiState {
    val before = state.value
    onEvent(event)
    return state.first {
        it.snapshot?.state != before.snapshot?.state || it.message?.id != before.message?.id ||
            it.gameId != before.gameId
    }
}

/** Plays the human to act until the turn passes (throws, then the first listed move). */
suspend fun GameViewModel.playHumanTurn(): GameUiState {
    var st = state.first { it.humanToAct }
    val seat = st.snapshot!!.turn.seat
    while (st.humanToAct && st.snapshot!!.turn.seat == seat) {
        st = when {
            st.canThrow -> act(UiEvent.Throw(Tables.flick(0f, -300f)))
            else -> act(UiEvent.ChooseMove(0, st.snapshot!!.state))
        }
        check(st.message == null) { "unexpected message ${st.message}" }
    }
    return st
}
