package app.yunnori.android.check

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.hasClickAction
import androidx.compose.ui.test.hasText
import androidx.compose.ui.test.onAllNodesWithText
import androidx.compose.ui.test.onNodeWithContentDescription
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performScrollTo
import app.yunnori.core.PlayerKind
import app.yunnori.core.AppEvent
import app.yunnori.core.SettingsAction
import app.yunnori.core.ShellEffect
import app.yunnori.core.TableAction
import app.yunnori.viewmodel.online.MemoryRoomTickets
import app.yunnori.viewmodel.online.OnlineEvent
import app.yunnori.viewmodel.online.OnlineSettings
import app.yunnori.viewmodel.online.OnlineStage
import app.yunnori.viewmodel.online.OnlineViewModel
import app.yunnori.viewmodel.YutServer
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancel
import org.junit.jupiter.api.Test
import java.nio.file.Files
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The online screens against a real server: the app hosts a room from its menu (the
 * new-game form), shows the code large and shares it, a second phone (a view model) joins by
 * the code, both get ready, the host starts, both play a few turns (the app's throws through
 * its Throw button), the host leaves from the game screen and rejoins from Saved games.
 */
@OptIn(ExperimentalTestApi::class)
class OnlineTest {

    @Test
    fun `host, share the code, join, play, leave and rejoin`() {
        val filesDir = Files.createTempDirectory("yunnori-files").toFile()
        YutServer().use { server ->
            val guestScope = CoroutineScope(SupervisorJob() + Dispatchers.Default)
            val guest = OnlineViewModel(guestScope, MemoryRoomTickets(), server.address, OnlineSettings(flightPace = 0.0))
            try {
                screenTest {
                    val app = AppHost(this, filesDir)
                    setContent { app.Content() }
                    val online = { app.model.online.state.value }
                    app.send(this, AppEvent.Settings(SettingsAction.SetServer(server.address)))
                    awaitReal("the server set") { online().server == server.address }

                    // Host: Play online → Host a room → the new-game form, two people.
                    tap(onNodeWithText("Play online"))
                    tap(onNode(hasText("Host a room") and hasClickAction()))
                    tap(onAllNodesWithText("Person")[1].performScrollTo())
                    tap(onNodeWithText("Start the game"))
                    awaitReal("the room") { online().room != null }
                    waitForIdle()
                    val code = online().room!!.code
                    onNodeWithText(code).assertExists()
                    screenshot("online-lobby")

                    // Share: the phone is asked to share the room's link (its share sheet, on a phone).
                    tap(onNodeWithText("Share the code"))
                    assertEquals(listOf("yunnori://room/$code"), app.effects.filterIsInstance<ShellEffect.Share>().map { it.link })

                    // The second phone joins by the code and is ready; the host is ready and starts.
                    guest.onEvent(OnlineEvent.JoinRoom(code, "Ben"))
                    awaitReal("Ben joined") { online().room?.seats?.getOrNull(1)?.taken == true }
                    guest.onEvent(OnlineEvent.SetReady(true))
                    tap(onNodeWithText("I'm ready").performScrollTo())
                    awaitReal("all ready") { online().canStart }
                    waitForIdle()
                    tap(onNode(hasText("Start the game") and hasClickAction()).performScrollTo())
                    awaitReal("the game") { online().stage == OnlineStage.GAME && guest.state.value.game.hasGame }
                    waitForIdle()
                    onNodeWithText("Ben: another phone", substring = true).assertExists()

                    // A few actions each: the app's throws through its button, its moves and
                    // the other phone's turns through their view models.
                    var actions = 0
                    while (actions < 8) {
                        awaitReal("someone to act") {
                            online().game.let { it.canThrow || it.canMove } || guest.state.value.game.let { it.canThrow || it.canMove }
                        }
                        waitForIdle()
                        val mine = online().game
                        val theirs = guest.state.value.game
                        val before = mine.snapshot?.state
                        when {
                            mine.canThrow -> tap(onNodeWithText("Throw the sticks"))
                            mine.canMove -> runOnUiThread { app.model.online.onGameEvent(TableAction.ChooseMove(0u, before!!)) }
                            theirs.canThrow -> guest.onGameEvent(TableAction.ThrowTap)
                            else -> guest.onGameEvent(TableAction.ChooseMove(0u, theirs.snapshot!!.state))
                        }
                        awaitReal("the action shown") { online().game.snapshot?.state != before && !online().game.flying }
                        actions++
                    }
                    screenshot("online-game")

                    // Leave from the game screen, rejoin from Saved games.
                    tap(onNodeWithContentDescription("Leave the game (it stays saved)"))
                    awaitReal("left") { online().room == null }
                    assertEquals(code, online().kept.single().code)
                    tap(onNodeWithText("Saved games"))
                    tap(onNodeWithContentDescription("Rejoin room $code"))
                    awaitReal("back in the room") {
                        online().stage == OnlineStage.GAME && online().room?.seats?.getOrNull(0)?.mine == true
                    }
                    waitForIdle()
                    onNodeWithText("Ben: another phone", substring = true).assertExists()
                    screenshot("online-rejoined")
                    app.finish(this)
                }
            } finally {
                guest.close()
                guestScope.cancel()
                filesDir.deleteRecursively()
            }
        }
    }
}
