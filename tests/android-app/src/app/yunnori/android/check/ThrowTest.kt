package app.yunnori.android.check

import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.key
import androidx.compose.runtime.mutableIntStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.lerp
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SemanticsNodeInteraction
import androidx.compose.ui.test.SemanticsNodeInteractionsProvider
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.assertIsOff
import androidx.compose.ui.test.assertIsOn
import androidx.compose.ui.test.click
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.unit.Velocity
import app.yunnori.android.ui.QUICK_BOTS_SWITCH_TAG
import app.yunnori.android.ui.SOUND_SWITCH_TAG
import app.yunnori.android.ui.label
import app.yunnori.android.ui.SettingsScreenPreview
import app.yunnori.android.ui.game.GameScreen
import app.yunnori.android.ui.game.GameTags
import app.yunnori.android.ui.game.MatCamera
import app.yunnori.android.ui.game.STICK_MAT_TAG
import app.yunnori.android.ui.game.StickMatFlightPreview
import app.yunnori.android.ui.game.StickMatPreview
import app.yunnori.android.ui.game.swipeFrom
import app.yunnori.android.ui.theme.YunnoriTheme
import app.yunnori.core.Mat
import app.yunnori.core.PlayerKind
import app.yunnori.core.matLayout
import app.yunnori.core.AppEvent
import app.yunnori.core.TableAction
import app.yunnori.android.ui.game.Vec3
import org.junit.jupiter.api.Test
import java.nio.file.Files
import kotlin.math.PI
import kotlin.math.abs
import kotlin.math.cos
import kotlin.math.hypot
import kotlin.math.min
import kotlin.math.sin
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** The physical throw on screen: the finger's swipe, the flight, the result after it, the mute switch. */
@OptIn(ExperimentalTestApi::class)
class ThrowTest {
    private val human = PlayerKind.Human

    private fun SemanticsNodeInteractionsProvider.mat(): SemanticsNodeInteraction = onNode(hasTestTag(STICK_MAT_TAG))

    private fun SemanticsNodeInteraction.description(): String =
        fetchSemanticsNode().config.getOrNull(SemanticsProperties.ContentDescription).orEmpty().joinToString()

    @Test
    fun `a swipe on the mat throws from where the finger let go, the way it went, and a tap throws nothing`() = screenTest {
        GameHost().use { host ->
            // The drag's points as the screen sends them to the core.
            val drag = mutableListOf<TableAction>()
            setContent {
                val view by host.model.view.collectAsState()
                YunnoriTheme {
                    view.table?.let { table ->
                        GameScreen(table, view.message, onEvent = { e ->
                            val a = (e as? AppEvent.Table)?.action
                            if (a is TableAction.SwipeStart || a is TableAction.SwipeMove || a is TableAction.SwipeEnd) drag += a
                            host.model.send(e)
                        })
                    }
                }
            }
            send(host, AppEvent.StartGame(table(human, human, seed = 7u)))
            awaitGame(host, "a new game") { it.canThrow }
            val size = mat().fetchSemanticsNode().size
            val (w, h) = size.width.toFloat() to size.height.toFloat()

            // A tap on the mat, and a finger pressed and lifted without moving: no throw.
            mat().performTouchInput { click(center) }
            mat().performTouchInput {
                down(center)
                up()
            }
            waitForIdle()
            Thread.sleep(300)
            waitForIdle()
            assertNull(host.state.lastThrow, "a tap on the mat threw")
            assertTrue(host.state.canThrow)

            // A drag to the right across the mat, let go in the middle. (Let go nearer the
            // right edge, the sticks are tossed mostly up, slow enough along the mat to come
            // down on it: the drag's direction would hide in their first frames.)
            drag.clear()
            val from = Offset(w * 0.08f, h * 0.55f)
            val to = Offset(w * 0.5f, h * 0.5f)
            mat().performTouchInput {
                down(from)
                for (i in 1..12) moveTo(lerp(from, to, i / 12f), delayMillis = 12)
                up()
            }
            val landed = awaitGame(host, "the swipe's throw landed") { it.lastThrow?.landed == true }
            val end = assertNotNull(drag.last() as? TableAction.SwipeEnd, "the drag ends where the finger let go: $drag")

            // The points are the mat's, at the height the hand lets go: the last one is seen
            // exactly where the finger left the glass.
            val camera = MatCamera(matLayout(landed.matSize), w, h)
            val seen = camera.project(Vec3(end.x.toFloat(), end.y.toFloat(), camera.layout.releaseHeight))
            assertTrue((seen - to).getDistance() < 2f, "released at $seen on screen, the finger left at $to")

            // The flight the core made of it leaves from there, going right, not up or down the mat.
            val flight = landed.lastThrow!!.flight
            fun centre(frame: Int) = flight.sticks.map { it.frames[minOf(frame, it.frames.lastIndex)] }
                .let { f -> Offset(f.map { it.x }.average().toFloat(), f.map { it.y }.average().toFloat()) }
            val off = (centre(0) - Offset(end.x.toFloat(), end.y.toFloat())).getDistance()
            assertTrue(off < min(flight.mat.width, flight.mat.height) * 0.2f, "the sticks left $off points from the release point")
            val way = centre(6) - centre(0)
            assertTrue(way.x > 0f && abs(way.y) < way.x, "the sticks fly right: $way in their first 100 ms; drag $drag")
            assertEquals(1, drag.count { it is TableAction.SwipeEnd }, "one swipe, one throw")
            screenshot("throw-swiped")
        }
    }

    @Test
    fun `the finger's point is the mat's point under it, up the screen is up the mat, and a faster finger holds a faster throw`() {
        val camera = MatCamera(matLayout(Mat(300f, 200f)), 600f, 400f)
        val height = camera.layout.releaseHeight
        for (p in listOf(Offset(300f, 300f), Offset(120f, 250f), Offset(480f, 180f))) {
            val onMat = assertNotNull(camera.toMat(p, height), "$p")
            val back = camera.project(Vec3(onMat.x, onMat.y, height))
            assertTrue((back - p).getDistance() < 0.5f, "$p → $onMat → $back")
        }
        val low = assertNotNull(camera.toMat(Offset(300f, 300f), height))
        val high = assertNotNull(camera.toMat(Offset(300f, 200f), height))
        assertTrue(high.y < low.y && abs(high.x - low.x) < 1f, "up the screen is up the mat: $low → $high")

        // The sticks in a moving hand (drawn under the finger) point the way it goes, faster on screen faster on the mat.
        val slow = assertNotNull(swipeFrom(camera, Offset(300f, 300f), Velocity(0f, -800f), 0f))
        val fast = assertNotNull(swipeFrom(camera, Offset(300f, 300f), Velocity(0f, -1600f), 0f))
        assertTrue(slow.velocityY < 0f && abs(slow.velocityX) < 1f, "$slow")
        assertTrue(hypot(fast.velocityX, fast.velocityY) > 1.8f * hypot(slow.velocityX, slow.velocityY))
        assertEquals(150f, slow.releaseX, 1f)
    }

    @Test
    fun `the sticks fly before the result shows, and nothing can be played meanwhile`() = screenTest {
        // Slowed down three times, so the test can look while the sticks are in the air.
        GameHost(JUMPING.copy(flightPercent = 300u)).use { host ->
            setContent { GameOf(host) }
            send(host, AppEvent.StartGame(table(human, human, seed = 7u)))
            awaitGame(host, "a new game") { it.canThrow }
            mainClock.autoAdvance = false
            onNodeWithText("Throw the sticks").performClick()
            awaitReal("the sticks in the air") { host.state.lastThrow != null }
            mainClock.advanceTimeBy(250)
            val flying = host.state
            assertTrue(flying.flying, "still in the air")
            // No result anywhere yet: not on the mat, not in the hand, not in the status line.
            assertEquals("The sticks are in the air", mat().description())
            onNodeWithText("Seat 0's sticks are in the air").assertExists()
            assertTrue(flying.snapshot.hand.isEmpty())
            onNodeWithText("Throw the sticks").assertIsNotEnabled()
            screenshot("throw-in-the-air")
            mainClock.autoAdvance = true

            val landed = awaitGame(host, "the sticks settled") { it.lastThrow?.landed == true }
            val result = assertNotNull(landed.lastThrow?.outcome?.result)
            val name = AppStrings.text(result.label())
            assertTrue(mat().description().startsWith(name), mat().description())
            onNodeWithText("Seat 0 threw $name").assertExists()
            onNode(hasTestTag(GameTags.HAND)).assertExists()
            screenshot("throw-landed")
        }
    }

    @Test
    fun `the mute and quick-bots switches in the settings reach the core, and stay as set after a relaunch`() {
        val filesDir = Files.createTempDirectory("yunnori-files").toFile()
        try {
            screenTest {
                val app = AppHost(this, filesDir)
                setContent { app.Content() }
                assertEquals(false, app.view.settings.muted)
                tap(onNodeWithText("Settings"))
                onNode(hasTestTag(SOUND_SWITCH_TAG)).assertIsOn()
                screenshot("settings")
                tap(onNode(hasTestTag(SOUND_SWITCH_TAG)))
                onNode(hasTestTag(SOUND_SWITCH_TAG)).assertIsOff()
                awaitReal("the game muted") { app.view.settings.muted }
                onNode(hasTestTag(QUICK_BOTS_SWITCH_TAG)).assertIsOff()
                assertEquals(false, app.view.settings.quickBots)
                tap(onNode(hasTestTag(QUICK_BOTS_SWITCH_TAG)))
                onNode(hasTestTag(QUICK_BOTS_SWITCH_TAG)).assertIsOn()
                awaitReal("the bots quick") { app.view.settings.quickBots }
                app.finish(this)
            }
            screenTest {
                val app = AppHost(this, filesDir)
                setContent { app.Content() }
                awaitReal("the settings read") { app.view.settings.muted && app.view.settings.quickBots }
                tap(onNodeWithText("Settings"))
                onNode(hasTestTag(SOUND_SWITCH_TAG)).assertIsOff()
                onNode(hasTestTag(QUICK_BOTS_SWITCH_TAG)).assertIsOn()
                app.finish(this)
            }
        } finally {
            filesDir.deleteRecursively()
        }
    }

    @Test
    fun `the mat's previews draw`() = screenTest {
        var which by mutableIntStateOf(0)
        setContent {
            key(which) {
                when (which) {
                    0 -> StickMatFlightPreview()
                    1 -> StickMatPreview()
                    else -> SettingsScreenPreview()
                }
            }
        }
        waitForIdle()
        screenshot("preview-stick-flight")
        runOnUiThread { which = 1 }
        waitForIdle()
        assertTrue(mat().description().contains("Double-tap to throw the sticks"))
        screenshot("preview-stick-mat")
        runOnUiThread { which = 2 }
        waitForIdle()
        onNodeWithText("Stick sounds and vibration").assertExists()
    }
}
