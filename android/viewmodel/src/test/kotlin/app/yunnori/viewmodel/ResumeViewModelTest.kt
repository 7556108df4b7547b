package app.yunnori.viewmodel

import app.yunnori.core.SaveLibrary
import app.yunnori.viewmodel.Tables.human
import app.yunnori.viewmodel.Tables.table
import app.yunnori.viewmodel.Tables.testSettings
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.test.runTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.coroutines.EmptyCoroutineContext
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue
import kotlin.time.Duration.Companion.seconds

class ResumeViewModelTest {
    @TempDir
    lateinit var dir: Path

    private fun library() = SaveLibrary.open(dir.toString())

    /** Saves a game of two humans with one throw played, and returns its id. */
    private suspend fun savedGame(vm: GameViewModel, seed: ULong): String {
        vm.act(UiEvent.NewGame(table(human, human, seed = seed)))
        val st = vm.act(UiEvent.Throw())
        assertTrue(st.saved)
        return st.gameId!!
    }

    @Test
    fun `the list shows saved games and a damaged file as damaged`() = runTest(timeout = 60.seconds) {
        val library = library()
        val game = GameViewModel(backgroundScope, library, testSettings)
        val a = savedGame(game, 1u)
        val b = savedGame(game, 2u)
        Files.writeString(dir.resolve("broken.json"), "{\"schema_version\": 1, \"summary\": ")

        val vm = ResumeViewModel(backgroundScope, library(), EmptyCoroutineContext)
        val st = vm.state.first { !it.loading }
        assertNull(st.message)
        assertEquals(setOf(a, b, "broken"), st.rows.map { it.id }.toSet())
        // Good games first (the newest on top), the damaged one last.
        assertEquals("broken", st.rows.last().id)
        val broken = st.rows.last()
        assertEquals(SaveHealth.Damaged, broken.health)
        assertNull(broken.summary)
        assertNotNull(broken.problem)
        assertEquals(app.yunnori.core.SaveDamage.CORRUPT, broken.damage, "the screen words the reason from the core's id")
        assertFalse(broken.canResume)
        assertFalse(broken.canContinue)
        for (row in st.rows.dropLast(1)) {
            assertEquals(SaveHealth.Good, row.health)
            assertTrue(row.canResume)
            val summary = assertNotNull(row.summary)
            assertEquals(listOf("Seat 0", "Seat 1"), summary.seats.map { it.name })
            assertEquals(1, summary.actions)
            assertTrue(row.canContinue, "a game under way is one to continue")
            assertNull(row.damage)
        }

        // Opening the damaged game tells why, and crashes nothing.
        val opened = game.act(UiEvent.Resume("broken"))
        assertEquals(MessageKind.SaveDamaged, opened.message?.kind)
        assertEquals(b, opened.gameId, "the game on screen stays")
    }

    @Test
    fun `a damaged file with a good backup opens from the backup`() = runTest(timeout = 60.seconds) {
        val game = GameViewModel(backgroundScope, library(), testSettings)
        val id = savedGame(game, 3u)
        // A second save keeps the first as the backup.
        game.act(UiEvent.ChooseMove(0))
        game.onEvent(UiEvent.Leave)
        game.state.first { !it.hasGame }
        Files.writeString(dir.resolve("$id.json"), "garbage")

        val vm = ResumeViewModel(backgroundScope, library(), EmptyCoroutineContext)
        val row = vm.state.first { !it.loading }.rows.single()
        assertEquals(SaveHealth.Backup, row.health)
        assertTrue(row.canResume)
        assertNotNull(row.summary)

        val opened = game.act(UiEvent.Resume(id))
        assertEquals(id, opened.gameId)
        assertNotNull(opened.recoveredFromBackup)
        assertEquals(MessageKind.RecoveredFromBackup, game.state.value.message?.kind)
    }

    @Test
    fun `deleting asks first, then removes the game from the list`() = runTest(timeout = 60.seconds) {
        val game = GameViewModel(backgroundScope, library(), testSettings)
        val keep = savedGame(game, 4u)
        val gone = savedGame(game, 5u)
        game.onEvent(UiEvent.Leave)
        game.state.first { !it.hasGame }

        val vm = ResumeViewModel(backgroundScope, library(), EmptyCoroutineContext)
        assertEquals(2, vm.state.first { !it.loading }.rows.size)
        vm.onEvent(UiEvent.RequestDelete(gone))
        assertEquals(gone, vm.state.first { it.pendingDelete != null }.pendingDelete)
        vm.onEvent(UiEvent.Dismiss)
        vm.state.first { it.pendingDelete == null }
        assertEquals(2, vm.state.value.rows.size, "dismissing keeps the game")

        vm.onEvent(UiEvent.Delete(gone))
        val after = vm.state.first { it.rows.size == 1 }
        assertEquals(keep, after.rows.single().id)
        assertNull(after.message)

        // Deleting it again: the core's SaveNotFound, shown, and the list is still right.
        vm.onEvent(UiEvent.Delete(gone))
        val again = vm.state.first { it.message != null }
        assertEquals(MessageKind.SaveNotFound, again.message?.kind)
        assertEquals(listOf(keep), again.rows.map { it.id })
        assertEquals(MessageKind.SaveNotFound, game.act(UiEvent.Resume(gone)).message?.kind)
    }
}
