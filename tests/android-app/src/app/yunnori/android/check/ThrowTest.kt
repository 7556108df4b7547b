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
import app.yunnori.android.ui.game.PathSample
import app.yunnori.android.ui.game.STICK_MAT_TAG
import app.yunnori.android.ui.game.StickMatFlightPreview
import app.yunnori.android.ui.game.StickMatPreview
import app.yunnori.android.ui.game.swipeFrom
import app.yunnori.android.ui.game.turningRate
import app.yunnori.android.ui.theme.YunnoriTheme
import app.yunnori.core.Mat
import app.yunnori.core.PlayerKind
import app.yunnori.core.Swipe
import app.yunnori.core.matLayout
import app.yunnori.viewmodel.UiEvent
import app.yunnori.viewmodel.Vec3
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
            // The screen's events, as the view model gets them.
            val throws = mutableListOf<Swipe?>()
            setContent {
                val state by host.vm.state.collectAsState()
                YunnoriTheme {
                    GameScreen(
                        state = state,
                        onEvent = { e ->
                            if (e is UiEvent.Throw) throws += e.swipe
                            host.vm.onEvent(e)
                        },
                        onRules = {},
                        onLeave = {},
                    )
                }
            }
            send(host, UiEvent.NewGame(table(human, human, seed = 7u)))
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
            assertEquals(emptyList(), throws, "a tap on the mat threw")
            assertNull(host.state.lastThrow)

            // A drag to the right across the mat, let go just right of the middle.
            val from = Offset(w * 0.2f, h * 0.55f)
            val to = Offset(w * 0.62f, h * 0.5f)
            mat().performTouchInput {
                down(from)
                for (i in 1..12) moveTo(lerp(from, to, i / 12f), delayMillis = 12)
                up()
            }
            awaitReal("the swipe's throw") { throws.isNotEmpty() }
            val swipe = assertNotNull(throws.single(), "the swipe carries the finger's release")
            assertEquals(host.state.mat, swipe.mat, "the swipe is in the mat's own points")

            // Released where the sticks were drawn under the finger: the release point, at the
            // height the hand lets go, is seen exactly where the finger left the glass.
            val camera = MatCamera(matLayout(swipe.mat), w, h)
            val seen = camera.project(Vec3(swipe.releaseX, swipe.releaseY, camera.layout.releaseHeight))
            assertTrue((seen - to).getDistance() < 2f, "released at $seen on screen, the finger left at $to")
            // Going right, not up or down the mat, and briskly.
            assertTrue(swipe.velocityX > 300f, "velocity ${swipe.velocityX}, ${swipe.velocityY}")
            assertTrue(abs(swipe.velocityY) < swipe.velocityX * 0.25f, "velocity ${swipe.velocityX}, ${swipe.velocityY}")
            assertTrue(abs(swipe.spin) < 2f, "a straight drag does not spin the sticks (${swipe.spin})")

            // The flight the core made of it leaves from there.
            val landed = awaitGame(host, "the throw landed") { it.lastThrow?.landed == true }
            val first = landed.lastThrow!!.flight.sticks.map { it.frames.first() }
            val start = Offset(first.map { it.x }.average().toFloat(), first.map { it.y }.average().toFloat())
            val off = (start - Offset(swipe.releaseX, swipe.releaseY)).getDistance()
            assertTrue(off < min(swipe.mat.width, swipe.mat.height) * 0.2f, "the sticks left $off points from the release point")
            assertEquals(1, throws.size, "one swipe, one throw")
            screenshot("throw-swiped")
        }
    }

    @Test
    fun `a drag that curves spins the sticks its way`() {
        // Half a turn over a fifth of a second, clockwise on screen (y grows downwards).
        fun arc(clockwise: Boolean) = (0..20).map { i ->
            val a = (PI * i / 20).toFloat() * (if (clockwise) 1f else -1f)
            PathSample(atMs = 10L * i, at = Offset(100f + 50f * cos(a), 100f + 50f * sin(a)))
        }
        val cw = turningRate(arc(clockwise = true))
        val ccw = turningRate(arc(clockwise = false))
        assertTrue(abs(cw - (PI / 0.2).toFloat()) < 2f, "clockwise ${cw} rad/s")
        assertTrue(abs(ccw + (PI / 0.2).toFloat()) < 2f, "counter-clockwise ${ccw} rad/s")
        val straight = (0..10).map { PathSample(10L * it, Offset(10f * it, 5f * it)) }
        assertEquals(0f, turningRate(straight), 1e-3f)

        // Upward on screen is up the mat (towards its far end), and faster on screen is faster on the mat.
        val camera = MatCamera(matLayout(Mat(300f, 200f)), 600f, 400f)
        val slow = assertNotNull(swipeFrom(camera, Offset(300f, 300f), Velocity(0f, -800f), 0f))
        val fast = assertNotNull(swipeFrom(camera, Offset(300f, 300f), Velocity(0f, -1600f), 0f))
        assertTrue(slow.velocityY < 0f && abs(slow.velocityX) < 1f, "$slow")
        assertTrue(hypot(fast.velocityX, fast.velocityY) > 1.8f * hypot(slow.velocityX, slow.velocityY))
        assertEquals(150f, slow.releaseX, 1f)
    }

    @Test
    fun `the sticks fly before the result shows, and nothing can be played meanwhile`() = screenTest {
        // Slowed down three times, so the test can look while the sticks are in the air.
        GameHost(QUICK.copy(flightPace = 3.0)).use { host ->
            setContent { GameOf(host) }
            send(host, UiEvent.NewGame(table(human, human, seed = 7u)))
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
            assertTrue(flying.snapshot!!.hand.isEmpty())
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
    fun `the mute and quick-bots switches in the settings reach the game, and stay as set after a relaunch`() {
        val filesDir = Files.createTempDirectory("yunnori-files").toFile()
        try {
            screenTest {
                val app = AppHost(this, filesDir)
                setContent { app.Content() }
                assertEquals(false, app.model.game.state.value.muted)
                tap(onNodeWithText("Settings"))
                onNode(hasTestTag(SOUND_SWITCH_TAG)).assertIsOn()
                screenshot("settings")
                tap(onNode(hasTestTag(SOUND_SWITCH_TAG)))
                onNode(hasTestTag(SOUND_SWITCH_TAG)).assertIsOff()
                awaitReal("the game muted") { app.model.game.state.value.muted }
                onNode(hasTestTag(QUICK_BOTS_SWITCH_TAG)).assertIsOff()
                assertEquals(false, app.model.game.state.value.quickBots)
                tap(onNode(hasTestTag(QUICK_BOTS_SWITCH_TAG)))
                onNode(hasTestTag(QUICK_BOTS_SWITCH_TAG)).assertIsOn()
                awaitReal("the bots quick") { app.model.game.state.value.quickBots }
                app.finish(this)
            }
            screenTest {
                val app = AppHost(this, filesDir)
                setContent { app.Content() }
                awaitReal("the settings read") { app.model.game.state.value.muted && app.model.game.state.value.quickBots }
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
