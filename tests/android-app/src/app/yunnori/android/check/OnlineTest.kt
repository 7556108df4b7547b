package app.yunnori.android.check

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.hasClickAction
import androidx.compose.ui.test.hasText
import androidx.compose.ui.test.onAllNodesWithText
import androidx.compose.ui.test.onNodeWithContentDescription
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performScrollTo
import app.yunnori.core.AppEvent
import app.yunnori.core.AppScreen
import app.yunnori.core.OnlineAction
import app.yunnori.core.OnlineStage
import app.yunnori.core.SettingsAction
import app.yunnori.core.ShellEffect
import app.yunnori.core.TableAction
import app.yunnori.viewmodel.YutServer
import org.junit.jupiter.api.Test
import java.nio.file.Files
import kotlin.test.assertEquals

/**
 * The online screens against a real server, drawn from the core's `AppView.online` and
 * `AppView.table`: the app hosts a room from its menu (the new-game form), shows the code
 * large and shares it, a second phone (a second app core) joins by the code, both get
 * ready, the host starts, both play a few turns on the game screen (the app's throws
 * through its Throw button), the host leaves from the game screen and rejoins from Saved
 * games.
 */
@OptIn(ExperimentalTestApi::class)
class OnlineTest {

    @Test
    fun `host, share the code, join, play, leave and rejoin`() {
        val filesDir = Files.createTempDirectory("yunnori-files").toFile()
        YutServer().use { server ->
            GameHost().use { guest ->
                try {
                    screenTest {
                        val app = AppHost(this, filesDir, pacing = JUMPING)
                        setContent { app.Content() }
                        val online = { app.view.online }
                        app.send(this, AppEvent.Settings(SettingsAction.SetServer(server.address)))
                        guest.model.send(AppEvent.Settings(SettingsAction.SetServer(server.address)))
                        awaitReal("the server set") {
                            online().server == server.address && guest.view.online.server == server.address
                        }

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

                        // Share: the phone is asked to share the room's https link, the room's page
                        // on its server (its share sheet, on a phone).
                        tap(onNodeWithText("Share the code"))
                        val page = server.address.replaceFirst("ws://", "http://")
                        assertEquals(listOf("$page/r/$code"), app.effects.filterIsInstance<ShellEffect.Share>().map { it.link })

                        // The second phone joins by the code and is ready; the host is ready and starts.
                        guest.model.send(AppEvent.Online(OnlineAction.Join(code, "Ben")))
                        awaitReal("Ben joined") { online().room?.seats?.getOrNull(1)?.taken == true }
                        tap(onNodeWithText("I'm ready").performScrollTo())
                        awaitReal("the host ready") { online().room?.seats?.getOrNull(0)?.ready == true }
                        // A start before Ben is ready is refused, naming him in the app's words.
                        app.send(this, AppEvent.Online(OnlineAction.Start))
                        awaitReal("the refusal naming Ben") {
                            onAllNodesWithText("Ben (seat 2) is not ready yet.", substring = true)
                                .fetchSemanticsNodes().isNotEmpty()
                        }
                        guest.model.send(AppEvent.Online(OnlineAction.Ready(1u, true)))
                        awaitReal("all ready") { online().room?.canStart == true }
                        waitForIdle()
                        tap(onNode(hasText("Start the game") and hasClickAction()).performScrollTo())
                        awaitReal("the game on both tables") {
                            app.view.screen == AppScreen.TABLE && app.table != null && guest.view.table != null
                        }
                        waitForIdle()
                        onNodeWithText("Ben: another phone", substring = true).assertExists()

                        // A few actions each: the app's throws through its button, its moves and
                        // the other phone's turns as their cores take them.
                        var actions = 0
                        while (actions < 8) {
                            awaitReal("someone to act") {
                                app.table?.let { it.canThrow || it.canMove } == true ||
                                    guest.view.table?.let { it.canThrow || it.canMove } == true
                            }
                            waitForIdle()
                            val mine = app.table!!
                            val theirs = guest.view.table!!
                            val before = mine.snapshot.state
                            when {
                                mine.canThrow -> tap(onNodeWithText("Throw the sticks"))
                                mine.canMove -> app.send(this, AppEvent.Table(mine.choose(0)))
                                theirs.canThrow -> guest.model.send(TableAction.ThrowTap)
                                else -> guest.model.send(theirs.choose(0))
                            }
                            awaitReal("the action shown") { app.table?.let { it.snapshot.state != before && !it.flying } == true }
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
                            online().stage == OnlineStage.GAME && online().room?.seats?.getOrNull(0)?.mine == true &&
                                app.view.screen == AppScreen.TABLE
                        }
                        waitForIdle()
                        onNodeWithText("Ben: another phone", substring = true).assertExists()
                        screenshot("online-rejoined")
                        app.finish(this)
                    }
                } finally {
                    filesDir.deleteRecursively()
                }
            }
        }
    }
}
