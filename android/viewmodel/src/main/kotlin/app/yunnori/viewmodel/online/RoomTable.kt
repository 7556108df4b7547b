package app.yunnori.viewmodel.online

import app.yunnori.core.BotState
import app.yunnori.core.GameEvent
import app.yunnori.core.MatState
import app.yunnori.core.MoveQuestion
import app.yunnori.core.Phase
import app.yunnori.core.TableState
import app.yunnori.core.ThrowMotion
import app.yunnori.core.TurnLine
import app.yunnori.core.Destination as CoreDestination
import app.yunnori.core.MoveShown as CoreMoveShown
import app.yunnori.core.Selection as CoreSelection
import app.yunnori.core.ThrowOutcome as CoreThrowOutcome
import app.yunnori.core.ThrowShown as CoreThrowShown

/**
 * The room's game as the game screen draws every table: the app core's [TableState], until
 * the core's online part makes it itself. `null` while the room has no game. A throw's
 * times are its own (it starts at 0 and lands after its play time); a move's step is
 * [hopMs] (none under Reduce Motion, as the core does).
 */
fun RoomGame.toTable(hopMs: Int): TableState? {
    val snap = snapshot ?: return null
    val status = when {
        snap.over -> TurnLine.Over
        othersToAct -> TurnLine.Remote
        flying -> TurnLine.InTheAir
        snap.phase == Phase.TO_THROW -> TurnLine.Throw(maxOf(1, snap.owed + snap.owedPrize).toUInt())
        selection != null -> TurnLine.PickDestination
        else -> TurnLine.PickPiece
    }
    val mat = when {
        snap.over -> MatState.Over
        flying -> MatState.InTheAir
        canThrow -> MatState.Ready
        canMove -> MatState.MoveFirst
        else -> MatState.OthersTurn(snap.turn.seat)
    }
    return TableState(
        gameId = gameId.orEmpty(),
        snapshot = snap,
        status = status,
        mat = mat,
        canThrow = canThrow,
        canMove = canMove,
        canUndo = canUndo,
        canHint = false,
        advice = false,
        movable = movableFrom,
        selection = selection?.let { s ->
            CoreSelection(s.from, s.destinations.map { CoreDestination(it.to, it.moveIndices.map(Int::toUInt), it.captures, null) })
        },
        choice = choice?.let { c ->
            MoveQuestion(
                from = c.from,
                to = c.to,
                moves = c.options.map { it.moveIndex.toUInt() },
                routes = c.routes,
                stackChoices = c.stackChoices,
                usesChoices = c.options.map { it.move.uses }.distinct(),
            )
        },
        `throw` = lastThrow?.let { t ->
            CoreThrowShown(
                seq = t.seq.toULong(),
                seat = t.seat,
                colour = t.colour,
                sticks = t.sticks,
                flight = t.flight,
                motion = if (t.drop) ThrowMotion.DROP else ThrowMotion.FLIGHT,
                startedAtMs = 0uL,
                landsAtMs = t.playMs.toULong(),
                byBot = t.byBot,
                outcome = t.outcome?.let { CoreThrowOutcome(it.result, it.events) },
            )
        },
        lastMove = lastMove?.let { m ->
            val step = if (reduceMotion) 0 else hopMs
            CoreMoveShown(
                seq = m.seq.toULong(),
                seat = m.seat,
                colour = m.colour,
                from = m.from,
                path = m.path,
                points = emptyList(),
                pieces = m.pieces,
                captured = m.events.sumOf { (it as? GameEvent.Captured)?.pieces ?: 0 },
                events = m.events,
                byBot = m.byBot,
                startedAtMs = 0uL,
                stepMs = step.toUInt(),
                landsAtMs = (step.toLong() * m.path.size).toULong(),
            )
        },
        bot = BotState.Idle,
        hint = null,
        hintPending = false,
        review = null,
        reviewPending = false,
        saved = false,
        resultAside = resultAside,
        recoveredFromBackup = null,
        matSize = this.mat,
    )
}
