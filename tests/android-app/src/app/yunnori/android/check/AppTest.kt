package app.yunnori.android.check

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.onAllNodesWithText
import androidx.compose.ui.test.onNodeWithContentDescription
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performScrollTo
import app.yunnori.core.GameSnapshot
import org.junit.jupiter.api.Test
import java.nio.file.Files
import kotlin.test.assertEquals
import kotlin.test.assertNotNull

/** The whole app: the menu, the navigation between screens, and a game kept across launches. */
@OptIn(ExperimentalTestApi::class)
class AppTest {
    /** A position without what differs between two loads of it (state tags, last events). */
    private fun GameSnapshot.position() =
        copy(state = 0u, legalMoves = legalMoves.map { it.copy(state = 0u) }, lastEvents = emptyList())

    @Test
    fun `a game started from the menu is left, continued from the menu, and opens again after a relaunch`() {
        val filesDir = Files.createTempDirectory("yunnori-files").toFile()
        try {
            var kept: GameSnapshot? = null
            var keptId: String? = null
            screenTest {
                val app = AppHost(this, filesDir)
                setContent { app.Content() }
                onNodeWithText("Yunnori").assertExists()
                onNodeWithText("Continue").assertDoesNotExist()

                tap(onNodeWithText("New game"))
                // The app's default table is a person and a bot, named from the app's strings;
                // two people here, so that nothing moves while the test looks.
                onNodeWithText("Player 1").assertExists()
                tap(onAllNodesWithText("Person")[1].performScrollTo())
                tap(onNodeWithText("Start the game"))
                awaitReal("the game") { app.table?.canThrow == true }
                waitForIdle()
                onNodeWithText("Player 1 throws").assertExists()
                tap(onNodeWithText("Throw the sticks"))
                // The result shows once the sticks have settled (a real flight here: a second or two).
                awaitReal("the throw") { app.table?.lastThrow?.landed == true && app.table?.saved == true }
                waitForIdle()
                screenshot("app-game")

                // Leaving keeps the game: the menu offers to continue it, at the same position.
                val left = app.table!!.snapshot
                tap(onNodeWithContentDescription("Leave the game (it stays saved)"))
                onNodeWithText("Continue").assertExists()
                tap(onNodeWithText("Continue"))
                onNodeWithText("Throw the sticks").assertExists()
                assertEquals(left.position(), app.table!!.snapshot.position())

                // How to play, from the game, and back.
                tap(onNodeWithContentDescription("How to play"))
                onNodeWithText("How to play").assertExists()
                screenshot("app-rules")
                tap(onNodeWithContentDescription("Back"))
                onNodeWithText("Throw the sticks").assertExists()

                kept = app.table!!.snapshot
                keptId = app.table?.gameId
                app.finish(this)
            }

            // Days later: a new launch over the same files continues the same game.
            screenTest {
                val app = AppHost(this, filesDir)
                setContent { app.Content() }
                awaitReal("the saved games read") { app.view.saved.loaded && app.view.saved.rows.isNotEmpty() }
                waitForIdle()
                tap(onNodeWithText("Continue"))
                awaitReal("the game opened") { app.table != null }
                waitForIdle()
                assertEquals(keptId, app.table?.gameId)
                assertEquals(assertNotNull(kept).position(), app.table!!.snapshot.position())
                onNodeWithText("Player 1").assertExists()

                tap(onNodeWithContentDescription("Leave the game (it stays saved)"))
                tap(onNodeWithText("Saved games"))
                onNodeWithText("Turn ", substring = true).assertExists()
                screenshot("app-saved-games")
                app.finish(this)
            }
        } finally {
            filesDir.deleteRecursively()
        }
    }
}
