package app.yunnori.android.check

import android.content.Intent
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SkikoComposeUiTest
import androidx.compose.ui.test.hasText
import androidx.compose.ui.test.onAllNodesWithText
import androidx.compose.ui.test.onNodeWithContentDescription
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performScrollTo
import androidx.lifecycle.SavedStateHandle
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertNull

/**
 * A shared room's link (`https://HOST/r/CODE`, the App Link the phone verified, or the older
 * `yunnori://room/CODE`) as the activity hands it to the app's model
 * (`YunnoriModel.intentArrived`, the call `MainActivity.onCreate` and `onNewIntent` make with
 * the intent's action, link and flags):
 * opened once, never again when the activity is made again or the process comes back, and a
 * link tapped while the app runs goes to the running app.
 */
@OptIn(ExperimentalTestApi::class)
class LinkTest {
    /** What the apps share now. */
    private val first = "https://rooms.yunnori.app/r/HJKMNP"
    /** A link shared before the https ones. */
    private val second = "yunnori://room/ACDEFG"

    /** A VIEW intent of [link] arriving, as the activity hands over its parts. */
    private fun AppHost.arrives(link: String, recreated: Boolean, flags: Int = 0) =
        model.intentArrived(Intent.ACTION_VIEW, link, flags, recreated)

    /** The join form is showing (its code field, "Room code"), with [code] in it. */
    private fun SkikoComposeUiTest.joinFormShows(code: String): Boolean =
        onlineShowing() && onAllNodes(hasText(code)).fetchSemanticsNodes().isNotEmpty()

    private fun SkikoComposeUiTest.onlineShowing(): Boolean = onAllNodesWithText("Room code").fetchSemanticsNodes().isNotEmpty()


    @Test
    fun `only a fresh VIEW intent's link is opened`() = withFilesDir { dir ->
        screenTest {
            val app = AppHost(this, dir)
            runOnUiThread { app.arrives(first, recreated = true) }
            assertNull(app.model.link.value, "an activity made again has its old intent")
            runOnUiThread { app.arrives(first, recreated = false, flags = Intent.FLAG_ACTIVITY_LAUNCHED_FROM_HISTORY) }
            assertNull(app.model.link.value, "started again from Recents")
            runOnUiThread { app.model.intentArrived("android.intent.action.MAIN", null, 0, recreated = false) }
            assertNull(app.model.link.value, "the launcher's intent has no link")
            runOnUiThread { app.arrives(first, recreated = false) }
            assertEquals(first, app.model.link.value)
            app.finish(this)
        }
    }

    @Test
    fun `a link opens the join form once, not again after turning, dark mode or the process ending`() = withFilesDir { dir ->
        screenTest {
            var app = AppHost(this, dir)
            var shown by mutableStateOf(true)
            setContent { if (shown) app.Content() }
            // The activity starts from the link.
            runOnUiThread { app.arrives(first, recreated = false) }
            awaitReal("the join form with the link's code") { joinFormShows("HJKMNP") }
            screenshot("link-join-form")
            assertNull(app.model.link.value, "the link is forgotten once opened")

            // The player goes back and starts a game of two people.
            tap(onNodeWithContentDescription("Back"))
            tap(onNodeWithText("New game"))
            tap(onAllNodesWithText("Person")[1].performScrollTo())
            tap(onNodeWithText("Start the game"))
            awaitReal("the game") { app.table?.canThrow == true }
            waitForIdle()

            // Turned, dark mode, another language: the activity and its screens are made
            // again over the same model, with the same intent.
            repeat(3) {
                runOnUiThread { shown = false }
                waitForIdle()
                runOnUiThread {
                    app.arrives(first, recreated = true)
                    shown = true
                }
                waitForIdle()
                assertEquals(false, onlineShowing(), "the link opened the join form again after the activity was made again")
            }

            // The process ends with the game open and comes back from the saved state.
            val saved = app.savedState(this)
            runOnUiThread { shown = false }
            waitForIdle()
            app.finish(this)
            app = AppHost(this, dir, SavedStateHandle(saved))
            runOnUiThread {
                app.arrives(first, recreated = true)
                shown = true
            }
            awaitReal("the game again") { app.table?.canThrow == true }
            waitForIdle()
            onNodeWithText("Throw the sticks").assertExists()
            assertEquals(false, onlineShowing(), "the link opened the join form again after the process came back")
            app.finish(this)
        }
    }

    @Test
    fun `a link tapped while a game is open goes to the running app, over the game`() = withFilesDir { dir ->
        screenTest {
            val app = AppHost(this, dir)
            setContent { app.Content() }
            tap(onNodeWithText("New game"))
            tap(onAllNodesWithText("Person")[1].performScrollTo())
            tap(onNodeWithText("Start the game"))
            awaitReal("the game") { app.table?.canThrow == true }
            waitForIdle()
            val game = app.table?.gameId

            // onNewIntent: the running activity, its one model.
            runOnUiThread { app.arrives(second, recreated = false) }
            awaitReal("the join form with the new link's code") { joinFormShows("ACDEFG") }
            assertEquals(game, app.table?.gameId, "the open game is the same model's")

            // Back from the join form: the game is where it was.
            tap(onNodeWithContentDescription("Back"))
            onNodeWithText("Throw the sticks").assertExists()

            // A second tap of a link while the app runs is opened too.
            runOnUiThread { app.arrives(first, recreated = false) }
            awaitReal("the join form with the other code") { joinFormShows("HJKMNP") }
            app.finish(this)
        }
    }
}
