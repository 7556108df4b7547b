package app.yunnori.viewmodel

import app.yunnori.core.GameSnapshot
import app.yunnori.core.LegalMove
import app.yunnori.core.Spot

/**
 * How a tap on the board becomes a move, for every game screen (a local game's
 * [GameViewModel], an online room's [OnlineViewModel]): pure functions of the state.
 */
internal sealed interface Pick {
    /** Exactly one move: play it. */
    data class Play(val move: LegalMove) : Pick

    /** Several moves: ask which. */
    data class Ask(val choice: MoveChoice) : Pick

    data class Refuse(val kind: MessageKind) : Pick
}

/** Picks the piece at [from] (or clears the pick when it cannot move). */
internal fun GameUiState.selecting(from: Spot?): GameUiState =
    if (from == null || !canMove) copy(selection = null, choice = null)
    else copy(selection = selectionOf(legalMoves, from), choice = null)

/** A tap on destination [to] of the picked piece. */
internal fun GameUiState.pickDestination(to: Spot): Pick {
    if (!canMove) return Pick.Refuse(whyNoMove(this))
    val sel = selection ?: return Pick.Refuse(MessageKind.NoSuchMove)
    val options = legalMoves.withIndex()
        .filter { (_, m) -> m.from == sel.from && m.to == to }
        .map { (i, m) -> MoveOption(i, m) }
    return when (options.size) {
        0 -> Pick.Refuse(MessageKind.NoSuchMove)
        1 -> Pick.Play(options.single().move)
        else -> Pick.Ask(MoveChoice(sel.from, to, options))
    }
}

/** Answers the open choice with the options that [keep]. */
internal fun GameUiState.narrowChoice(keep: (MoveOption) -> Boolean): Pick {
    val open = choice ?: return Pick.Refuse(MessageKind.NoSuchMove)
    val left = open.options.filter(keep)
    return when (left.size) {
        0 -> Pick.Refuse(MessageKind.NoSuchMove)
        1 -> Pick.Play(left.single().move)
        else -> Pick.Ask(open.copy(options = left))
    }
}

internal fun whyNoMove(st: GameUiState): MessageKind = when {
    !st.hasGame -> MessageKind.NoGame
    st.snapshot?.botToAct != null -> MessageKind.NotYourTurn
    else -> MessageKind.NotNow
}

/** No game: what the screen keeps from one game to the next (the board, the mat, the player's settings). */
internal fun GameUiState.fresh(): GameUiState =
    GameUiState(
        board = board, throwKinds = throwKinds, mat = mat, reduceMotion = reduceMotion, muted = muted,
        quickBots = quickBots, advice = advice,
    )

/** The state showing [snap]: a new position clears the pick, and picks the only movable piece. */
internal fun GameUiState.withSnapshot(snap: GameSnapshot): GameUiState {
    val next = copy(
        snapshot = snap,
        selection = null,
        choice = null,
        saved = false,
        hint = hint?.takeIf { it.state == snap.state },
        review = review?.takeIf { it.state == snap.state },
    )
    val froms = next.movableFrom
    return if (froms.size == 1) next.copy(selection = selectionOf(snap.legalMoves, froms.single())) else next
}

internal fun selectionOf(moves: List<LegalMove>, from: Spot): Selection? {
    val destinations = moves.withIndex()
        .filter { (_, m) -> m.from == from }
        .groupBy({ (_, m) -> m.to }, { (i, m) -> i to m })
        .map { (to, list) -> Destination(to, list.map { it.first }, list.maxOf { it.second.captures }) }
    return if (destinations.isEmpty()) null else Selection(from, destinations)
}

