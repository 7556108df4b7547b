package app.yunnori.viewmodel

import app.yunnori.core.SaveLibrary
import app.yunnori.viewmodel.Tables.human
import app.yunnori.viewmodel.Tables.table
import app.yunnori.viewmodel.Tables.testSettings
import kotlinx.coroutines.test.runTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue
import kotlin.time.Duration.Companion.seconds

/** How an online game screen takes the room's views (no server needed: the views are made here). */
class RoomGameScreenTest {
    @TempDir
    lateinit var dir: Path

    @Test
    fun `a seat handed back at the same position gets its moves`() = runTest(timeout = 60.seconds) {
        // A real position with a move due, from a local table.
        val vm = GameViewModel(backgroundScope, SaveLibrary.open(dir.toString()), testSettings)
        vm.act(UiEvent.NewGame(table(human, human)))
        val local = vm.act(UiEvent.Throw())
        vm.close()
        val due = local.snapshot!!
        assertTrue(due.legalMoves.isNotEmpty())

        // While a stand-in held the seat, the room showed that position with no moves for this phone.
        val away = local.copy(snapshot = null).showingRoomGame(due.copy(legalMoves = emptyList()), myTurn = false)
        assertFalse(away.canMove)

        // The seat is handed back: same position, the moves are this phone's.
        val back = away.showingRoomGame(due, myTurn = true)
        assertTrue(back.canMove, "the returned player can move")
        assertEquals(due.legalMoves, back.legalMoves)
    }
}
