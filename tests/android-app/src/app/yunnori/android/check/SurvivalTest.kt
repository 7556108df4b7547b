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
import app.yunnori.viewmodel.DEFAULT_MAT
import app.yunnori.viewmodel.Swipes
import app.yunnori.viewmodel.UiEvent
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
                awaitReal("the game") { app.model.game.state.value.canThrow }
                tap(onNodeWithText("Throw the sticks"))
                awaitReal("the throw saved") { app.model.game.state.value.let { it.canMove && it.saved } }
                waitForIdle()
                val before = app.model.game.state.value
                val id = assertNotNull(before.gameId)

                // The system keeps the activity's saved state and ends the process: the model,
                // its library and its game are gone. A new process makes a new model from it.
                val saved = app.savedState(this)
                assertTrue(id in saved.values, "the open game's id is in the saved state: $saved")
                // The screens go with the process. (Android also restores the navigation's back
                // stack; the desktop build of the navigation library fails to restore it, "No
                // destination with ID 0", so here the screens start afresh, as without it.)
                runOnUiThread { shown = false }
                waitForIdle()
                app.finish(this)
                app = AppHost(this, filesDir, SavedStateHandle(saved))
                runOnUiThread { shown = true }
                awaitReal("the game opened again") { app.model.game.state.value.snapshot != null }
                waitForIdle()
                assertEquals(id, app.model.game.state.value.gameId)
                assertEquals(before.snapshot!!.position(), app.model.game.state.value.snapshot!!.position())
                // The navigation came back to the game screen, showing the game.
                onNodeWithText("Player 1 moves").assertExists()
                onNodeWithText("No game is open.").assertDoesNotExist()
                app.finish(this)
            }
        } finally {
            filesDir.deleteRecursively()
        }
    }

    @Test
    fun `turning the phone keeps the game and plays the last throw no second time`() = screenTest(width = 915, height = 915) {
        // Flights as long as on a phone: a throw played again would take that long to land.
        GameHost(QUICK.copy(flightPace = 1.0)).use { host ->
            var window by mutableStateOf(WINDOWS[1])
            setContent { Sized(window, 1f) { GameOf(host) } }
            send(host, UiEvent.NewGame(table(human, human, seed = 7u)))
            awaitGame(host, "a new game") { it.canThrow }
            send(host, UiEvent.Throw())
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
                assertEquals(thrown, host.state.copy(mat = thrown.mat), "turning changed the game")
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
            SaveLibrary.open(File(filesDir, "games").path).use { library ->
                going = GameSession(table(human, human, seed = 5u)).use { game ->
                    game.throwSticks(Swipes.tap(DEFAULT_MAT))
                    library.save(game)
                    game.id()
                }
                Thread.sleep(20)
                GameSession(table(human, human, seed = 3u)).use { game ->
                    var guard = 0
                    while (!game.snapshot().over) {
                        check(++guard < 3000) { "the game did not end" }
                        val snap = game.snapshot()
                        if (snap.phase == Phase.TO_THROW) game.throwSticks(Swipes.tap(DEFAULT_MAT)) else game.play(snap.legalMoves.last())
                    }
                    library.save(game)
                }
            }
            screenTest {
                val app = AppHost(this, filesDir)
                setContent { app.Content() }
                awaitReal("the saved games read") { app.model.resume.state.value.rows.size == 2 }
                waitForIdle()
                tap(onNodeWithText("Continue"))
                awaitReal("a game opened") { app.model.game.state.value.snapshot != null }
                waitForIdle()
                assertEquals(going, app.model.game.state.value.gameId)
                assertFalse(app.model.game.state.value.over)
                app.finish(this)
            }
        } finally {
            filesDir.deleteRecursively()
        }
    }

    @Test
    fun `the screen stays on while a game is open, and may sleep again once it is left`() = screenTest {
        GameHost().use { host ->
            val view = View(null)
            setContent { CompositionLocalProvider(LocalView provides view) { GameOf(host) } }
            waitForIdle()
            assertFalse(view.keepScreenOn, "no game open yet")
            send(host, UiEvent.NewGame(table(human, human)))
            awaitGame(host, "a new game") { it.canThrow }
            assertTrue(view.keepScreenOn, "a game is open")
            send(host, UiEvent.Leave)
            awaitGame(host, "the game left") { !it.hasGame }
            assertFalse(view.keepScreenOn, "the game was left")
        }
    }
}
