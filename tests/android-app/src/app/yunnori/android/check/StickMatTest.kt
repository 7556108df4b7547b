package app.yunnori.android.check

import androidx.compose.foundation.layout.size
import androidx.compose.runtime.remember
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.lerp
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.unit.Velocity
import androidx.compose.ui.unit.dp
import app.yunnori.android.ui.game.MatCamera
import app.yunnori.android.ui.game.PlayedAnimations
import app.yunnori.android.ui.game.STICK_MAT_TAG
import app.yunnori.android.ui.game.StickMat
import app.yunnori.android.ui.game.holdOver
import app.yunnori.android.ui.game.matFor
import app.yunnori.android.ui.game.matScene
import app.yunnori.android.ui.theme.YunnoriTheme
import app.yunnori.core.Mat
import app.yunnori.core.Swipe
import app.yunnori.core.matLayout
import app.yunnori.core.planFlight
import app.yunnori.core.HandHold
import app.yunnori.core.ThrowPlayback
import app.yunnori.core.flightPoses
import app.yunnori.core.handHold
import app.yunnori.viewmodel.MatLayouts
import app.yunnori.core.TableAction
import app.yunnori.core.ThrowMotion
import app.yunnori.core.ThrowShown
import app.yunnori.android.ui.game.Vec3
import app.yunnori.core.handPoses
import org.junit.jupiter.api.Test
import java.util.Collections
import kotlin.math.PI
import kotlin.math.abs
import kotlin.math.max
import kotlin.math.min
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/** The stick mat draws with the core's numbers only, on a mat the core takes as it is. */
@OptIn(ExperimentalTestApi::class)
class StickMatTest {
    /** A cache that writes down every mat it asks the core about. */
    private class Counted {
        val asked: MutableList<Mat> = Collections.synchronizedList(mutableListOf())
        val layouts = MatLayouts { asked += it; matLayout(it) }
    }

    @Test
    fun `the mat laid out under any view size is one the core takes as it is, from 1 to 3 to 3 to 1`() {
        val sides = listOf(0f, 0.4f, 1f, 2f, 7f, 48f, 160f, 280f, 412f, 915f, 2_400f, 1e5f, 1e9f, Float.POSITIVE_INFINITY, Float.NaN)
        for (w in sides) for (h in sides) {
            val mat = matFor(w, h)
            assertEquals(mat, matLayout(mat).mat, "the core replaced the mat laid out on a $w × $h view")
            val aspect = mat.width / mat.height
            assertTrue(aspect >= 1f / 3 && aspect <= 3f, "$mat for $w × $h")
        }
        // Within 1:3..3:1 the mat is the view's (a little deeper for the slant), not cut.
        assertEquals(Mat(600f, 200f * 1.15f), matFor(600f, 200f))
        assertEquals(Mat(200f, 400f * 1.15f), matFor(200f, 400f))
        // A flatter view gets a 3:1 mat (the core's thinnest), not a 2:1 one.
        val wide = matFor(900f, 100f)
        assertEquals(115f, wide.height)
        assertTrue(abs(wide.width / wide.height - 3f) < 1e-3f, "$wide")
        val tall = matFor(100f, 900f)
        assertEquals(100f, tall.width)
        assertTrue(abs(tall.height / tall.width - 3f) < 1e-3f, "$tall")
    }

    @Test
    fun `every size drawn is the core's layout of the mat drawn`() {
        val counted = Counted()
        val mat = matFor(360f, 200f)
        val layout = matLayout(mat)

        // Waiting: four sticks on the mat, side by side the hand's spacing apart.
        val waiting = matScene(counted.layouts, mat, hand = null, shown = null, progress = 1f, playback = null)
        assertEquals(layout, waiting.layout)
        assertTrue(waiting.sticks.all { it.pose.z == 0f && it.pose.normalZ < 0f })
        for ((a, b) in waiting.sticks.zipWithNext()) assertEquals(layout.handSpacing, b.pose.x - a.pose.x, 1e-3f)

        // In the hand: the core's bundle, at its release height.
        val hold = HandHold(mat.width * 0.6f, mat.height * 0.7f, 0.4f)
        val held = matScene(counted.layouts, mat, hold, shown = null, progress = 0f, playback = null)
        assertEquals(layout, held.layout)
        assertEquals(handPoses(layout, hold), held.sticks.map { it.pose })
        assertTrue(held.sticks.all { it.pose.z == layout.releaseHeight })

        // The camera's rim and the sticks' size are the layout's; the finger holds the sticks
        // where the camera shows them at the release height.
        val camera = MatCamera(held.layout, 720f, 400f)
        assertEquals(layout.size.rim, camera.rim)
        assertEquals(mat, camera.mat)
        val finger = Offset(420f, 260f)
        val over = assertNotNull(holdOver(camera, finger, Velocity(0f, 0f)))
        assertEquals((-PI / 2).toFloat(), over.heading, 1e-6f, "a still finger holds the sticks up the mat")
        val seen = camera.project(Vec3(over.x, over.y, layout.releaseHeight))
        assertTrue((seen - finger).getDistance() < 0.5f, "held at $seen, the finger is at $finger")

        // In the air: on the flight's mat, out of the hand for 150 ms, then the flight itself.
        val swipe = Swipe(mat, mat.width * 0.5f, mat.height * 0.65f, 300f, -700f, 0f)
        val flight = planFlight(swipe, listOf(true, false, false, true), nak = false, salt = 4uL)
        val shown = ThrowShown(
            1u, 0, "#000000", listOf(true, false, false, true), flight, ThrowMotion.FLIGHT,
            startedAtMs = 0u, landsAtMs = flight.endMs.toULong(), byBot = false, outcome = null,
        )
        val letGo = handHold(swipe, layout)
        val playback = ThrowPlayback(shown, letGo)
        val hand = handPoses(layout, letGo)
        val end = flight.endMs.toFloat()
        for (progress in listOf(0f, 40f / end, 120f / end, 300f / end, 1f)) {
            val flying = matScene(counted.layouts, mat, hand = null, shown, progress, playback)
            val ms = progress * end
            assertEquals(layout, flying.layout)
            // The scene draws the core's playback at the time played, nothing of its own.
            assertEquals(playback.sticksAt(ms).map { it.pose }, flying.sticks.map { it.pose }, "at $ms ms")
            if (progress == 0f) {
                for (s in flying.sticks) assertTrue(hand.any { abs(it.x - s.pose.x) < 0.01f && abs(it.y - s.pose.y) < 0.01f }, "out of the hand")
            }
            assertEquals(flight.sticks.map { it.marked }, flying.sticks.map { it.marked })
        }
        assertEquals(flightPoses(flight, 1e9f), matScene(counted.layouts, mat, null, shown, 1f, playback).sticks.map { it.pose }, "at rest")

        // One mat, one question, however often it was drawn.
        assertEquals(listOf(mat), counted.asked)
    }

    @Test
    fun `a drag draws the sticks in the hand with the core's numbers, asked once per mat size`() = screenTest {
        val counted = Counted()
        val laidOut = mutableListOf<Mat>()
        val drag = mutableListOf<TableAction>()
        setContent {
            YunnoriTheme {
                StickMat(
                    lastThrow = null,
                    canThrow = true,
                    onAction = { a -> if (a is TableAction.MatLaidOut) laidOut += a.mat else drag += a },
                    played = remember { PlayedAnimations() },
                    modifier = Modifier.size(360.dp, 200.dp),
                    layouts = counted.layouts,
                )
            }
        }
        waitForIdle()
        val node = onNode(hasTestTag(STICK_MAT_TAG))
        val size = node.fetchSemanticsNode().size
        val from = Offset(size.width * 0.3f, size.height * 0.8f)
        val to = Offset(size.width * 0.55f, size.height * 0.45f)
        node.performTouchInput {
            down(from)
            for (i in 1..40) moveTo(lerp(from, to, i / 40f), delayMillis = 8)
        }
        waitForIdle()
        screenshot("sticks-in-hand")
        node.performTouchInput { up() }
        waitForIdle()
        // The drag went to the core point by point, in the mat's points, ending where it let go.
        assertTrue(drag.first() is TableAction.SwipeStart, "$drag")
        val end = assertNotNull(drag.last() as? TableAction.SwipeEnd, "$drag")
        assertTrue(drag.count { it is TableAction.SwipeMove } >= 30, "${drag.size} points")
        val mat = laidOut.last()
        assertTrue(end.x in 0.0..mat.width.toDouble() && end.y in 0.0..mat.height.toDouble(), "$end on $mat")
        assertEquals(mat, matLayout(mat).mat)
        assertTrue(max(mat.width, mat.height) / min(mat.width, mat.height) <= 3f)
        // Forty drag events drawn, and each mat size asked about once.
        assertTrue(mat in counted.asked, "${counted.asked}")
        assertEquals(counted.asked.distinct(), counted.asked.toList(), "a mat size asked twice")
    }
}
