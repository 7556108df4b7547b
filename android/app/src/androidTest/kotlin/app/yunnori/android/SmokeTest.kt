package app.yunnori.android

import androidx.annotation.StringRes
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.hasContentDescription
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.hasText
import androidx.compose.ui.test.isEnabled
import androidx.compose.ui.test.junit4.createAndroidComposeRule
import androidx.compose.ui.test.onNodeWithContentDescription
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.swipeUp
import androidx.test.ext.junit.runners.AndroidJUnit4
import app.yunnori.android.ui.game.STICK_MAT_TAG
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith

/**
 * The installed app on a phone (the CI's emulator, 16 KB pages): the real activity, the
 * real core through JNA, the release of the core the APK carries. A player's first minute:
 * launch, start a game, throw with a swipe on the mat, move, leave to the menu, Continue.
 * Everything is found by the app's own strings, so it reads the same in any language.
 */
@RunWith(AndroidJUnit4::class)
class SmokeTest {
    @get:Rule
    val compose = createAndroidComposeRule<MainActivity>()

    private fun text(@StringRes id: Int, vararg args: Any): String = compose.activity.getString(id, *args)

    private val destination get() = hasContentDescription(text(R.string.board_move_to, ""), substring = true)
    private val throwButton get() = hasText(text(R.string.game_throw)) and isEnabled()

    private fun exists(matcher: SemanticsMatcher) =
        compose.onAllNodes(matcher).fetchSemanticsNodes().isNotEmpty()

    @Test
    fun aNewGameIsThrownByASwipePlayedLeftAndContinued() {
        compose.onNodeWithText(text(R.string.app_name)).assertExists()
        compose.onNodeWithText(text(R.string.menu_new_game)).performClick()
        compose.onNodeWithText(text(R.string.new_game_start)).performScrollTo().performClick()
        compose.waitUntil(TIMEOUT_MS) { exists(hasTestTag(STICK_MAT_TAG)) && exists(throwButton) }

        // Swipe until the core offers a destination: Yut and Mo throw again, and a lone
        // Back-Do with nothing on the board passes the turn (to the table's bot and back).
        var throws = 0
        while (!exists(destination)) {
            check(throws < MAX_THROWS) { "no destination after $throws throws" }
            compose.waitUntil(TIMEOUT_MS) { exists(throwButton) || exists(destination) }
            if (exists(destination)) break
            compose.onNodeWithTag(STICK_MAT_TAG).performTouchInput { swipeUp() }
            throws++
            compose.waitUntil(TIMEOUT_MS) { exists(destination) || exists(throwButton) }
        }

        // Move the picked piece: the destinations go once the move is played.
        compose.onAllNodes(destination)[0].performClick()
        compose.waitUntil(TIMEOUT_MS) { !exists(destination) }

        // Leave to the menu: the game stays saved and Continue opens it again.
        compose.onNodeWithContentDescription(text(R.string.game_leave)).performClick()
        compose.waitUntil(TIMEOUT_MS) { exists(hasText(text(R.string.menu_continue))) }
        compose.onNodeWithText(text(R.string.menu_continue)).performClick()
        compose.waitUntil(TIMEOUT_MS) { exists(hasTestTag(STICK_MAT_TAG)) }
        compose.onNodeWithContentDescription(text(R.string.game_leave)).assertExists()
    }

    private companion object {
        /** Generous: an emulator without hardware acceleration, and the bot's turns. */
        const val TIMEOUT_MS = 20_000L
        const val MAX_THROWS = 12
    }
}
