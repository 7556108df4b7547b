package app.yunnori.android.check

import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.onAllNodesWithText
import androidx.compose.ui.test.onNodeWithContentDescription
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performScrollTo
import app.yunnori.android.R
import app.yunnori.android.ui.LobbyScreen
import app.yunnori.android.ui.OnlinePreviews
import app.yunnori.android.ui.OnlineTableMarks
import app.yunnori.android.ui.ResumeScreen
import app.yunnori.android.ui.theme.YunnoriTheme
import app.yunnori.core.AppEvent
import app.yunnori.core.LinkState
import app.yunnori.core.OnlineAction
import app.yunnori.core.SavedState
import org.junit.jupiter.api.Test
import java.util.Locale
import kotlin.test.assertEquals

/**
 * How the online screens draw the core's `OnlineState`: the connection's banner (lost and
 * tried again with its attempt; closed, with Retry sending the core's Retry; nothing once
 * live), who holds each seat over the room's game (this phone, another phone, a bot while
 * its person is away), the lobby's away seat, and the kept rooms in Saved games with
 * Rejoin and Forget sending the core's events, in English and in Korean.
 */
@OptIn(ExperimentalTestApi::class)
class OnlineMarksTest {
    private val lobby = OnlinePreviews.state(OnlinePreviews.lobby())

    @Test
    fun `the banner follows the connection and Retry goes to the core`() = screenTest {
        var state by mutableStateOf(lobby.copy(connection = LinkState.Reconnecting(3u, 0u)))
        val sent = mutableListOf<OnlineAction>()
        setContent { YunnoriTheme { OnlineTableMarks(state, onRetry = { sent += OnlineAction.Retry }) } }
        onNodeWithText("Connection lost. Reconnecting… (attempt 3)").assertExists()
        // Who holds each person's seat: this phone, and a bot while Bo is away.
        onNodeWithText("Ana: this phone", substring = true).assertExists()
        onNodeWithText("Bo: bot while away", substring = true).assertExists()
        screenshot("online-marks-reconnecting")

        runOnUiThread { state = lobby.copy(connection = LinkState.Closed("gone")) }
        onNodeWithText("Connection closed.").assertExists()
        tap(onNodeWithText("Try again"))
        assertEquals(listOf<OnlineAction>(OnlineAction.Retry), sent)

        runOnUiThread { state = lobby.copy(connection = LinkState.Live) }
        waitForIdle()
        assertEquals(0, onAllNodesWithText("Connection", substring = true).fetchSemanticsNodes().size, "a banner while live")
    }

    @Test
    fun `the lobby shows the away seat and its stand-in, and shares the room's link`() = screenTest {
        val shared = mutableListOf<String>()
        val sent = mutableListOf<AppEvent>()
        setContent { YunnoriTheme { LobbyScreen(lobby, message = null, onEvent = { sent += it }, onShare = { shared += it }, onLeave = {}) } }
        onNodeWithText("K7TQ2M").assertExists()
        onNodeWithText("bot while away", substring = true).assertExists()
        tap(onNodeWithText("Share the code"))
        assertEquals(listOf("https://rooms.yunnori.app/r/K7TQ2M"), shared)
        // Ana (this phone) is ready: the button takes it back for her seat.
        tap(onNodeWithText("Not ready").performScrollTo())
        assertEquals(listOf<AppEvent>(AppEvent.Online(OnlineAction.Ready(0u, false))), sent)
    }

    @Test
    fun `kept rooms in Saved games rejoin and forget through the core, in Korean too`() {
        for (locale in listOf(Locale.ENGLISH, Locale.KOREAN)) screenTest(locale) {
            val sent = mutableListOf<AppEvent>()
            setContent {
                YunnoriTheme {
                    ResumeScreen(SavedState(loaded = true, rows = emptyList(), pendingDelete = null), null, { sent += it }, rooms = lobby.kept)
                }
            }
            if (locale == Locale.ENGLISH) onNodeWithContentDescription("Rejoin room K7TQ2M").assertExists()
            tap(onNodeWithContentDescription(AppStrings.format(R.string.online_rejoin_room, "K7TQ2M")))
            tap(onNodeWithContentDescription(AppStrings.format(R.string.online_forget_room, "K7TQ2M")))
            assertEquals(
                listOf<AppEvent>(AppEvent.Online(OnlineAction.Rejoin("K7TQ2M")), AppEvent.Online(OnlineAction.Forget("K7TQ2M"))),
                sent,
            )
            screenshot("kept-rooms-${locale.language}")
        }
    }
}
