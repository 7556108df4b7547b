package app.yunnori.android.check

import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SkikoComposeUiTest
import androidx.compose.ui.test.hasClickAction
import androidx.compose.ui.test.hasText
import androidx.compose.ui.test.onAllNodesWithText
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performScrollTo
import androidx.lifecycle.SavedStateHandle
import app.yunnori.core.AppEvent
import app.yunnori.core.SettingsAction
import app.yunnori.viewmodel.YutServer
import org.junit.jupiter.api.Test
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertNull

/**
 * The system ends the process while the phone is in an online room (a call, memory running
 * low), and the player comes back: the app rejoins the room from the ticket it kept, or, when
 * it cannot (the server is gone), comes back to the menu and says so. Never a screen waiting
 * for a room that is not coming.
 */
@OptIn(ExperimentalTestApi::class)
class RoomSurvivalTest {

    /** Hosts a room of two people from the app's menu; its code. */
    private fun SkikoComposeUiTest.hostRoom(app: AppHost, server: YutServer): String {
        app.send(this, AppEvent.Settings(SettingsAction.SetServer(server.address)))
        awaitReal("the server set") { app.view.online.server == server.address }
        tap(onNodeWithText("Play online"))
        tap(onNode(hasText("Host a room") and hasClickAction()))
        tap(onAllNodesWithText("Person")[1].performScrollTo())
        tap(onNodeWithText("Start the game"))
        awaitReal("the room") { app.view.online.room != null }
        waitForIdle()
        return app.view.online.room!!.code
    }

    /** The process ends: the screens and the model go, the saved state stays; a new model is made from it. */
    private fun SkikoComposeUiTest.endProcess(app: AppHost, dir: File, hide: () -> Unit): AppHost {
        val saved = app.savedState(this)
        runOnUiThread(hide)
        waitForIdle()
        app.finish(this)
        return AppHost(this, dir, SavedStateHandle(saved))
    }


    @Test
    fun `the process ending in a room's lobby comes back to the room from the kept ticket`() = withFilesDir { dir ->
        YutServer().use { server ->
            screenTest {
                var app = AppHost(this, dir)
                var shown by mutableStateOf(true)
                setContent { if (shown) app.Content() }
                val code = hostRoom(app, server)
                onNodeWithText(code).assertExists()

                app = endProcess(app, dir) { shown = false }
                runOnUiThread { shown = true }
                awaitReal("the room rejoined") { app.view.online.room?.code == code }
                waitForIdle()
                // The lobby again, this phone in its seat, nothing waiting.
                onNodeWithText(code).assertExists()
                assertEquals(true, app.view.online.room!!.seats[0].mine)
                assertEquals(0, onAllNodesWithText("Connecting…").fetchSemanticsNodes().size, "still waiting")
                assertNull(app.model.rejoining.value)
                screenshot("room-rejoined-after-process-death")
                app.finish(this)
            }
        }
    }

    @Test
    fun `when the room cannot be rejoined, the menu says so and nothing waits`() = withFilesDir { dir ->
        val server = YutServer()
        server.use {
            screenTest {
                var app = AppHost(this, dir)
                var shown by mutableStateOf(true)
                setContent { if (shown) app.Content() }
                val code = hostRoom(app, server)

                // The family's server is switched off while the phone is away.
                server.close()
                app = endProcess(app, dir) { shown = false }
                runOnUiThread { shown = true }
                awaitReal("the menu saying the room is lost") {
                    onAllNodesWithText("Could not rejoin room $code", substring = true).fetchSemanticsNodes().isNotEmpty()
                }
                screenshot("room-lost-after-process-death")
                onNodeWithText("New game").assertExists()
                assertEquals(0, onAllNodesWithText("Connecting…").fetchSemanticsNodes().size, "a spinner left waiting")
                assertNull(app.model.rejoining.value)
                // The next time the process ends, nothing is rejoined again.
                assertNull(app.savedState(this)["open-room"])
                app.finish(this)
            }
        }
    }
}
