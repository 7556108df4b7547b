package app.yunnori.viewmodel

import app.yunnori.core.AppEvent
import app.yunnori.core.AppScreen
import app.yunnori.core.AppView
import app.yunnori.core.HapticKind
import app.yunnori.core.NewGame
import app.yunnori.core.PlayerKind
import app.yunnori.core.Preset
import app.yunnori.core.RuleSetting
import app.yunnori.core.RuleValue
import app.yunnori.core.Rules
import app.yunnori.core.SeatSpec
import app.yunnori.core.ShellEffect
import app.yunnori.core.SpeechPart
import app.yunnori.core.TableAction
import app.yunnori.core.defaultPacing
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Test
import java.io.File
import java.nio.file.Files
import java.util.Collections
import java.util.concurrent.Executors
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * The adapter over the real app core: the view it publishes follows what is sent, the
 * platform's effects come on the main thread in the core's order, and a closed adapter
 * takes nothing more while the game it had stays saved.
 */
class AppModelTest {
    private val mainThread = Executors.newSingleThreadExecutor { Thread(it, "main") }

    /** Each effect performed, with the thread it was performed on. */
    private val performed: MutableList<Pair<ShellEffect, String>> = Collections.synchronizedList(mutableListOf())
    private val effects = ShellEffects { performed += it to Thread.currentThread().name }

    /** No bot pause, and sticks that land as they are thrown. */
    private val quick = defaultPacing().copy(botPauseMs = 0u, flightPercent = 0u)

    private fun table(seed: ULong) = NewGame(
        rules = Rules(Preset.YUNNORI, listOf(RuleSetting("first_player", RuleValue.Choice("seat_order")))),
        seats = listOf(SeatSpec("Ana", "#D55E00", PlayerKind.Human), SeatSpec("Bo", "#0072B2", PlayerKind.Human)),
        teams = null,
        seed = seed,
        undo = true,
    )

    private fun AppModel.await(what: String, done: (AppView) -> Boolean): AppView = runBlocking {
        try {
            withTimeout(20_000) { view.first(done) }
        } catch (e: kotlinx.coroutines.TimeoutCancellationException) {
            throw AssertionError("$what: not within 20 s; last view ${view.value.screen} ${view.value.table?.status}", e)
        }
    }

    private fun withDir(block: (File) -> Unit) {
        val dir = Files.createTempDirectory("yunnori-adapter").toFile()
        try {
            block(dir)
        } finally {
            mainThread.shutdownNow()
            dir.deleteRecursively()
        }
    }

    @Test
    fun `the view follows what is sent, and the effects come on the main thread in the core's order`() = withDir { dir ->
        AppModel(dir, effects, mainThread, quick).use { app ->
            assertEquals(AppScreen.MENU, app.view.value.screen)
            assertNull(app.view.value.table)

            app.send(AppEvent.StartGame(table(7u)))
            val started = app.await("the game") { it.table?.canThrow == true }
            assertEquals(AppScreen.TABLE, started.screen)

            app.send(TableAction.ThrowTap)
            val landed = app.await("the throw landed") { it.table?.`throw`?.outcome != null }
            val thrown = assertNotNull(landed.table?.`throw`)
            assertEquals(0, thrown.seat)

            // The effects of those updates, as the platform performed them.
            runBlocking { withTimeout(5_000) { while (performed.none { (e, _) -> e.says<SpeechPart.Threw>() }) kotlinx.coroutines.delay(5) } }
            val seen = synchronized(performed) { performed.toList() }
            assertTrue(seen.all { (_, thread) -> thread == "main" }, "on the main thread: ${seen.map { it.second }.toSet()}")
            val haptic = seen.indexOfFirst { (e, _) -> e == ShellEffect.Haptic(HapticKind.THROWN) }
            val said = seen.indexOfFirst { (e, _) -> e.says<SpeechPart.Threw>() }
            assertTrue(haptic in 0 until said, "the haptic of the throw, then what it threw: $seen")
            // Whose turn, said as the game opened, comes before both.
            val turn = seen.indexOfFirst { (e, _) -> e.says<SpeechPart.Turn>() }
            assertTrue(turn in 0 until haptic, "$seen")
        }
    }

    @Test
    fun `a closed adapter takes nothing more, and its game stays saved for the next one`() = withDir { dir ->
        val id: String
        AppModel(dir, effects, mainThread, quick).use { app ->
            app.send(AppEvent.StartGame(table(9u)))
            id = app.await("the game saved") { it.table?.saved == true }.table!!.gameId
            app.close()
            // The screens may still send as they go away: nothing happens, nothing breaks.
            app.send(TableAction.ThrowTap)
        }
        AppModel(dir, effects, mainThread, quick).use { again ->
            assertEquals(id, again.view.value.menu.continueId, "Continue offers the game")
            again.send(AppEvent.Continue)
            assertEquals(id, again.await("the game reopened") { it.table != null }.table!!.gameId)
        }
    }
}

private inline fun <reified T : SpeechPart> ShellEffect.says(): Boolean =
    this is ShellEffect.Announce && speech.any { it is T }
