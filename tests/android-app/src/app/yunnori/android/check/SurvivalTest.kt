package app.yunnori.android.check

import android.view.View
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.platform.LocalView
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.onAllNodesWithText
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performScrollTo
import androidx.lifecycle.SavedStateHandle
import app.yunnori.android.ui.game.STICK_MAT_TAG
import app.yunnori.core.GameSession
import app.yunnori.core.GameSnapshot
import app.yunnori.core.Phase
import app.yunnori.core.PlayerKind
import app.yunnori.core.SaveLibrary
import app.yunnori.core.Mat
import app.yunnori.core.tapSwipe
import app.yunnori.core.AppEvent
import app.yunnori.core.TableAction
import org.junit.jupiter.api.Test
import java.io.File
import java.nio.file.Files
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/** What the system does to a running app: ending its process, turning the phone, the screen timing out. */
@OptIn(ExperimentalTestApi::class)
class SurvivalTest {
    private val human = PlayerKind.Human

    /** A position without what differs between two loads of it (state tags, last events). */
    private fun GameSnapshot.position() =
        copy(state = 0u, legalMoves = legalMoves.map { it.copy(state = 0u) }, lastEvents = emptyList())

    @Test
    fun `after the system ends the process, the open game is back on screen where it was`() {
        val filesDir = Files.createTempDirectory("yunnori-files").toFile()
        try {
            screenTest {
                var app = AppHost(this, filesDir)
                var shown by mutableStateOf(true)
                setContent { if (shown) app.Content() }
                tap(onNodeWithText("New game"))
                tap(onAllNodesWithText("Person")[1].performScrollTo())
                tap(onNodeWithText("Start the game"))
                awaitReal("the game") { app.table?.canThrow == true }
                tap(onNodeWithText("Throw the sticks"))
                awaitReal("the throw saved") { app.table?.let { it.canMove && it.saved } == true }
                waitForIdle()
                val before = assertNotNull(app.table)
                val id = before.gameId

                // The system keeps the activity's saved state and ends the process: the model,
                // its library and its game are gone. A new process makes a new model from it.
                val saved = app.savedState(this)
                assertTrue(id in saved.values, "the open game's id is in the saved state: $saved")
                // The screens go with the process: the new model opens the game again, and the
                // core shows it.
                runOnUiThread { shown = false }
                waitForIdle()
                app.finish(this)
                app = AppHost(this, filesDir, SavedStateHandle(saved))
                runOnUiThread { shown = true }
                awaitReal("the game opened again") { app.table != null }
                waitForIdle()
                assertEquals(id, app.table?.gameId)
                assertEquals(before.snapshot.position(), app.table!!.snapshot.position())
                // The game screen is back, showing the game.
                onNodeWithText("Player 1 moves").assertExists()
                app.finish(this)
            }
        } finally {
            filesDir.deleteRecursively()
        }
    }

    @Test
    fun `turning the phone keeps the game and plays the last throw no second time`() = screenTest(width = 915, height = 915) {
        // Flights as long as on a phone: a throw played again would take that long to land.
        GameHost(JUMPING.copy(flightPercent = 100u)).use { host ->
            var window by mutableStateOf(WINDOWS[1])
            setContent { Sized(window, 1f) { GameOf(host) } }
            send(host, AppEvent.StartGame(table(human, human, seed = 7u)))
            awaitGame(host, "a new game") { it.canThrow }
            send(host, TableAction.ThrowTap)
            val thrown = awaitGame(host, "the throw") { it.canMove }
            val mat = onNode(hasTestTag(STICK_MAT_TAG))
            fun said() = mat.fetchSemanticsNode().config.getOrNull(SemanticsProperties.ContentDescription).orEmpty().joinToString()
            val landed = said()
            assertTrue(landed.isNotEmpty(), "the mat says the result once the sticks land")

            // On its side: the screen is laid out anew (board and mat side by side). A throw
            // played again would send the sticks flying, and the mat would say nothing until
            // they landed; one frame later it still says the result.
            mainClock.autoAdvance = false
            try {
                runOnUiThread { window = WINDOWS[2] }
                mainClock.advanceTimeByFrame()
                mainClock.advanceTimeByFrame()
                assertEquals(landed, said(), "the throw played again after turning")
                // Only the mat's size changed (the next tap throws onto the mat as laid out now).
                assertEquals(thrown, host.state.copy(matSize = thrown.matSize), "turning changed the game")
            } finally {
                mainClock.autoAdvance = true
            }
            screenshot("game-turned")
        }
    }

    @Test
    fun `Continue opens the newest game still going, not a newer finished one`() {
        val filesDir = Files.createTempDirectory("yunnori-files").toFile()
        try {
            // Off screen: a game under way, then a newer one played to its end.
            val going: String
            SaveLibrary.open(File(filesDir, "saves").path).use { library ->
                going = GameSession(table(human, human, seed = 5u)).use { game ->
                    game.throwSticks(tapSwipe(Mat(320f, 200f)))
                    library.save(game)
                    game.id()
                }
                Thread.sleep(20)
                GameSession(table(human, human, seed = 3u)).use { game ->
                    var guard = 0
                    while (!game.snapshot().over) {
                        check(++guard < 3000) { "the game did not end" }
                        val snap = game.snapshot()
                        if (snap.phase == Phase.TO_THROW) game.throwSticks(tapSwipe(Mat(320f, 200f))) else game.play(snap.legalMoves.last())
                    }
                    library.save(game)
                }
            }
            screenTest {
                val app = AppHost(this, filesDir)
                setContent { app.Content() }
                awaitReal("the saved games read") { app.view.saved.rows.size == 2 }
                waitForIdle()
                tap(onNodeWithText("Continue"))
                awaitReal("a game opened") { app.table != null }
                waitForIdle()
                assertEquals(going, app.table?.gameId)
                assertFalse(app.table!!.over)
                app.finish(this)
            }
        } finally {
            filesDir.deleteRecursively()
        }
    }

    @Test
    fun `the screen stays on while a game is open, and may sleep again once it is left`() = screenTest {
        GameHost().use { host ->
            // The view the app is drawn in, as Android hands it: the test reads what the app set.
            var on = false
            val view = object : View(null) {
                override fun setKeepScreenOn(keepScreenOn: Boolean) {
                    on = keepScreenOn
                }
            }
            setContent { CompositionLocalProvider(LocalView provides view) { GameOf(host) } }
            waitForIdle()
            assertFalse(on, "no game open yet")
            send(host, AppEvent.StartGame(table(human, human)))
            awaitGame(host, "a new game") { it.canThrow }
            assertTrue(on, "a game is open")
            send(host, TableAction.Leave)
            awaitReal("the game left") { host.view.table == null }
            waitForIdle()
            assertFalse(on, "the game was left")
        }
    }
}
