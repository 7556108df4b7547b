package app.yunnori.viewmodel.online

import app.yunnori.core.GameSnapshot
import app.yunnori.core.LegalMove
import app.yunnori.core.MessageKind
import app.yunnori.core.Spot

/**
 * How a tap on the board becomes a move in a room, until the app core's online part takes
 * rooms over (a local game's is the core's `picking.rs`).
 */
internal sealed interface Pick {
    data class Play(val move: LegalMove) : Pick
    data class Ask(val choice: MoveChoice) : Pick
    data class Refuse(val kind: MessageKind) : Pick
}

/** Picks the piece at [from] (or clears the pick when it cannot move). */
internal fun RoomGame.selecting(from: Spot?): RoomGame =
    if (from == null || !canMove) copy(selection = null, choice = null)
    else copy(selection = selectionOf(legalMoves, from), choice = null)

/** A tap on destination [to] of the picked piece. */
internal fun RoomGame.pickDestination(to: Spot): Pick {
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
internal fun RoomGame.narrowChoice(keep: (MoveOption) -> Boolean): Pick {
    val open = choice ?: return Pick.Refuse(MessageKind.NoSuchMove)
    val left = open.options.filter(keep)
    return when (left.size) {
        0 -> Pick.Refuse(MessageKind.NoSuchMove)
        1 -> Pick.Play(left.single().move)
        else -> Pick.Ask(open.copy(options = left))
    }
}

internal fun whyNoMove(st: RoomGame): MessageKind = when {
    !st.hasGame -> MessageKind.NoGame
    st.othersToAct -> MessageKind.NotYourTurn
    else -> MessageKind.NotNow
}

/** No game: what the screen keeps from one game to the next (the mat, the player's settings). */
internal fun RoomGame.fresh(): RoomGame = RoomGame(mat = mat, reduceMotion = reduceMotion, muted = muted)

/** The state showing [snap]: a new position clears the pick, and picks the only movable piece. */
internal fun RoomGame.withSnapshot(snap: GameSnapshot): RoomGame {
    val next = copy(snapshot = snap, selection = null, choice = null)
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
