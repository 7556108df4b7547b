package app.yunnori.android.check

import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.WindowInsets
import androidx.compose.foundation.layout.size
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.remember
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.SkikoComposeUiTest
import androidx.compose.ui.test.assertCountEquals
import androidx.compose.ui.test.click
import androidx.compose.ui.test.hasAnyDescendant
import androidx.compose.ui.test.hasContentDescription
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.hasText
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.swipeUp
import androidx.compose.ui.unit.Density
import androidx.compose.ui.unit.dp
import app.yunnori.android.ui.LocalSafeInsets
import app.yunnori.android.ui.NewGameScreen
import app.yunnori.android.ui.START_TAG
import app.yunnori.android.ui.game.GameTags
import app.yunnori.android.ui.game.STICK_MAT_TAG
import app.yunnori.android.ui.theme.YunnoriTheme
import app.yunnori.core.PlayerKind
import app.yunnori.android.ui.Samples
import app.yunnori.android.ui.seatNames
import app.yunnori.core.AppEvent
import app.yunnori.core.TableAction
import org.junit.jupiter.api.Test
import java.util.Locale
import kotlin.math.roundToInt
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** A window the screens must fit, and the system bars drawn over it (dp). */
data class Window(val name: String, val width: Int, val height: Int, val left: Int, val top: Int, val right: Int, val bottom: Int) {
    val sideBySide: Boolean get() = width > height || width >= 600
    val insets: WindowInsets get() = WindowInsets(left.dp, top.dp, right.dp, bottom.dp)

    /** Where controls may be: inside the window, clear of the bars. */
    val safe: Rect get() = Rect(left.toFloat(), top.toFloat(), (width - right).toFloat(), (height - bottom).toFloat())

    /** The same window with a keyboard of [keyboard] dp open over its bottom. */
    fun withKeyboard(keyboard: Int) = copy(name = "$name+keyboard", bottom = maxOf(bottom, keyboard))
}

/**
 * The windows of the issue: a small phone, a large phone, a phone on its side (the
 * 3-button navigation bar then sits at the right) and a tablet, each with a 24 dp status
 * bar and a 48 dp navigation bar.
 */
val WINDOWS = listOf(
    Window("360x640", 360, 640, 0, 24, 0, 48),
    Window("412x915", 412, 915, 0, 24, 0, 48),
    Window("915x412", 915, 412, 0, 24, 48, 0),
    Window("800x1280", 800, 1280, 0, 24, 0, 48),
)
val FONT_SCALES = listOf(1.0f, 1.3f)

const val WINDOW_TAG = "window"

/** [content] in a window of [window]'s size with its bars, at [fontScale], at the top left of the test's screen. */
@Composable
fun Sized(window: Window, fontScale: Float, content: @Composable () -> Unit) {
    val base = LocalDensity.current
    CompositionLocalProvider(LocalDensity provides Density(base.density, fontScale), LocalSafeInsets provides window.insets) {
        Box(Modifier.size(window.width.dp, window.height.dp)) { content() }
    }
}

/** Where the game screen's parts are drawn, in dp from the window's top left. */
data class Parts(
    val board: Rect,
    val players: Rect,
    val actions: Rect,
    val hand: Rect,
    val status: Rect,
    val mat: Rect,
    val throwButton: Rect,
    val leave: Rect,
) {
    val all: Map<String, Rect> get() = mapOf(
        "board" to board, "players" to players, "actions" to actions, "hand" to hand,
        "status line" to status, "mat" to mat, "throw button" to throwButton, "leave button" to leave,
    )
}

/** The game screen at every window and font scale, read from the layout Compose really made. */
@OptIn(ExperimentalTestApi::class)
class LayoutTest {
    private val human = PlayerKind.Human

    @Test
    fun `the game screen fits every window with nothing moving between throw and move, in English`() = fits(Locale.ENGLISH)

    @Test
    fun `the game screen fits every window with nothing moving between throw and move, in Korean`() = fits(Locale.KOREAN)

    private fun SkikoComposeUiTest.rect(matcher: SemanticsMatcher): Rect {
        val px = onNode(matcher, useUnmergedTree = true).fetchSemanticsNode().boundsInRoot
        val d = density.density
        return Rect(px.left / d, px.top / d, px.right / d, px.bottom / d)
    }

    private fun SkikoComposeUiTest.parts(): Parts {
        // The view model's state reaches the screen through a flow collected on the UI
        // thread: on a busy machine the game may be ready a frame before the screen shows it.
        awaitReal("the game on screen") {
            onAllNodes(hasTestTag(GameTags.BOARD), useUnmergedTree = true).fetchSemanticsNodes().isNotEmpty()
        }
        return measuredParts()
    }

    private fun SkikoComposeUiTest.measuredParts() = Parts(
        board = rect(hasTestTag(GameTags.BOARD)),
        players = rect(hasTestTag(GameTags.PLAYERS)),
        actions = rect(hasTestTag(GameTags.ACTIONS)),
        hand = rect(hasTestTag(GameTags.HAND)),
        status = rect(hasTestTag(GameTags.STATUS)),
        mat = rect(hasTestTag(STICK_MAT_TAG)),
        throwButton = rect(hasTestTag(GameTags.THROW)),
        leave = rect(hasContentDescription(AppStrings.text(app.yunnori.android.R.string.game_leave))),
    )

    /** Every part inside the window and clear of its bars, no two overlapping, the board a playable size. */
    private fun checkFits(parts: Parts, window: Window, what: String) {
        val safe = window.safe
        for ((name, r) in parts.all) {
            assertTrue(
                r.left >= safe.left - 0.5f && r.top >= safe.top - 0.5f && r.right <= safe.right + 0.5f && r.bottom <= safe.bottom + 0.5f,
                "$what: the $name ($r) is not wholly on screen and clear of the bars ($safe)",
            )
            assertTrue(r.width > 1f && r.height > 1f, "$what: the $name has no size ($r)")
        }
        val list = parts.all.entries.toList()
        for (i in list.indices) for (j in i + 1 until list.size) {
            val overlap = list[i].value.intersect(list[j].value)
            assertTrue(
                overlap.width <= 0.5f || overlap.height <= 0.5f,
                "$what: the ${list[i].key} (${list[i].value}) and the ${list[j].key} (${list[j].value}) overlap",
            )
        }
        assertTrue(minOf(parts.board.width, parts.board.height) >= 150f, "$what: the board is too small (${parts.board})")
        assertTrue(parts.mat.height >= 90f, "$what: the mat is too small (${parts.mat})")
        if (window.sideBySide) {
            assertTrue(parts.board.right <= parts.mat.left + 0.5f, "$what: board and mat are not side by side")
        } else {
            assertTrue(parts.board.bottom <= parts.mat.top + 0.5f, "$what: the mat is not below the board")
        }
    }

    private fun fits(locale: Locale) = screenTest(locale, width = 915, height = 1280) {
        var window by mutableStateOf(WINDOWS[0])
        var scale by mutableStateOf(1f)
        val lang = locale.language
        // (window, phase) → the smallest gaps seen, mat and throw button, to the window's bottom edge.
        val smallest = linkedMapOf<Pair<String, String>, Pair<Float, Float>>()
        for (seats in listOf(2, 4)) {
            GameHost().use { host ->
                setContent { Sized(window, scale) { GameOf(host) } }
                send(host, AppEvent.StartGame(table(*Array<PlayerKind>(seats) { human }, seed = 7u)))
                awaitGame(host, "a new game") { it.canThrow }

                fun measure(phase: String): Map<Pair<Window, Float>, Parts> {
                    val seen = linkedMapOf<Pair<Window, Float>, Parts>()
                    for (w in WINDOWS) for (s in FONT_SCALES) {
                        runOnUiThread {
                            window = w
                            scale = s
                        }
                        waitForIdle()
                        val what = "$lang ${w.name} $seats seats font ×$s, $phase phase"
                        val parts = parts()
                        checkFits(parts, w, what)
                        // Nothing on the game screen scrolls up or down.
                        onAllNodes(SemanticsMatcher.keyIsDefined(SemanticsProperties.VerticalScrollAxisRange)).assertCountEquals(0)
                        if (phase == "move") {
                            // The hint line shows, in its place.
                            val hint = AppStrings.text(app.yunnori.android.R.string.game_hint_chance).substringBefore("%").trim()
                            onNode(hasTestTag(GameTags.STATUS) and hasAnyDescendant(hasText(hint, substring = true)), useUnmergedTree = true)
                                .assertExists("$what: the hint line")
                        }
                        val matGap = w.height - parts.mat.bottom
                        val throwGap = w.height - parts.throwButton.bottom
                        println(
                            "layout $lang ${w.name} seats=$seats font=$s $phase: mat bottom ${fmt(matGap)} dp and " +
                                "throw button bottom ${fmt(throwGap)} dp above the window's bottom edge",
                        )
                        val key = w.name to phase
                        val (m, t) = smallest[key] ?: (Float.MAX_VALUE to Float.MAX_VALUE)
                        smallest[key] = minOf(m, matGap) to minOf(t, throwGap)
                        seen[w to s] = parts
                    }
                    return seen
                }

                val throwing = measure("throw")
                screenshot("layout-$lang-$seats-throw")
                send(host, TableAction.ThrowTap)
                awaitGame(host, "the throw") { it.canMove }
                send(host, TableAction.Hint)
                awaitGame(host, "the hint") { it.hint != null && !it.hintPending }
                val moving = measure("move")
                screenshot("layout-$lang-$seats-move")
                // Rows that come and go keep their space: nothing moves between the phases.
                for ((key, before) in throwing) {
                    val after = moving.getValue(key)
                    val what = "$lang ${key.first.name} $seats seats font ×${key.second}"
                    assertEquals(before.board, after.board, "$what: the board moved between throw and move")
                    assertEquals(before.mat, after.mat, "$what: the mat moved between throw and move")
                    assertEquals(before.throwButton, after.throwButton, "$what: the throw button moved between throw and move")
                    assertEquals(before.hand, after.hand, "$what: the hand moved between throw and move")
                }
            }
        }
        for ((key, gaps) in smallest) {
            println(
                "layout-figures $lang ${key.first} ${key.second} phase: smallest gap to the window's bottom edge: " +
                    "mat ${fmt(gaps.first)} dp, throw button ${fmt(gaps.second)} dp",
            )
        }
    }

    private fun fmt(dp: Float): String = ((dp * 10).roundToInt() / 10.0).toString()

    @Test
    fun `a tap on the mat throws nothing, a swipe throws and moves nothing else`() = screenTest {
        GameHost().use { host ->
            setContent { GameOf(host) }
            send(host, AppEvent.StartGame(table(human, human, seed = 7u)))
            awaitGame(host, "a new game") { it.canThrow }
            val before = parts()
            val mat = onNode(hasTestTag(STICK_MAT_TAG))
            mat.performTouchInput { click() }
            waitForIdle()
            Thread.sleep(300)
            waitForIdle()
            assertNull(host.state.lastThrow, "a plain tap on the mat threw")
            assertTrue(host.state.canThrow)

            mat.performTouchInput { swipeUp() }
            awaitGame(host, "the swipe's throw") { it.lastThrow != null }
            assertEquals(before, parts(), "the swipe moved the screen")
            onAllNodes(SemanticsMatcher.keyIsDefined(SemanticsProperties.VerticalScrollAxisRange)).assertCountEquals(0)
        }
    }

    @Test
    fun `the start button stays above the navigation bar and the keyboard in every window`() = screenTest(width = 915, height = 1280) {
        var window by mutableStateOf(WINDOWS[0])
        var scale by mutableStateOf(1f)
        setContent {
            Sized(window, scale) {
                val names = seatNames()
                val form = remember(names) { Samples.form(names) }
                YunnoriTheme { NewGameScreen(form, message = null, onEvent = {}) }
            }
        }
        for (w in WINDOWS.flatMap { listOf(it, it.withKeyboard((it.height * 0.4f).roundToInt())) }) for (s in FONT_SCALES) {
            runOnUiThread {
                window = w
                scale = s
            }
            waitForIdle()
            val start = rect(hasTestTag(START_TAG))
            val back = rect(hasContentDescription(AppStrings.text(app.yunnori.android.R.string.back)))
            val safe = w.safe
            for ((name, r) in listOf("Start the game" to start, "Back" to back)) {
                assertTrue(
                    r.top >= safe.top - 0.5f && r.bottom <= safe.bottom + 0.5f && r.left >= safe.left - 0.5f && r.right <= safe.right + 0.5f,
                    "${w.name} font ×$s: \"$name\" ($r) is covered (clear area $safe)",
                )
            }
        }
    }
}
