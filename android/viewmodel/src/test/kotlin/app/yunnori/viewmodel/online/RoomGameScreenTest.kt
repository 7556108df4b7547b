package app.yunnori.viewmodel.online

import app.yunnori.core.GameSession
import app.yunnori.core.NewGame
import app.yunnori.core.PlayerKind
import app.yunnori.core.Preset
import app.yunnori.core.SeatSpec
import app.yunnori.core.presetRules
import app.yunnori.core.tapSwipe
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** How an online game screen takes the room's views (no server needed: the snapshots come from a local session). */
class RoomGameScreenTest {
    @Test
    fun `a seat handed back at the same position gets its moves`(): Unit = runBlocking {
        // A real position with a move due, from a local game.
        val people = NewGame(
            rules = presetRules(Preset.YUNNORI),
            seats = listOf(SeatSpec("Seat 0", "#D55E00", PlayerKind.Human), SeatSpec("Seat 1", "#0072B2", PlayerKind.Human)),
            teams = null,
            seed = 7u,
            undo = true,
        )
        val due = GameSession(people).use { it.throwSticks(tapSwipe(DEFAULT_MAT)).snapshot }
        assertTrue(due.legalMoves.isNotEmpty())

        // While a stand-in held the seat, the room showed that position with no moves for this phone.
        val away = RoomGame().showingRoomGame(due.copy(legalMoves = emptyList()), myTurn = false)
        assertFalse(away.canMove)

        // The seat is handed back: same position, the moves are this phone's.
        val back = away.showingRoomGame(due, myTurn = true)
        assertTrue(back.canMove, "the returned player can move")
        assertEquals(due.legalMoves, back.legalMoves)
    }
}
