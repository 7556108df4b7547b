package app.yunnori.viewmodel

import app.yunnori.core.Flight
import app.yunnori.core.Mat
import app.yunnori.core.Pose
import app.yunnori.core.Swipe
import app.yunnori.core.matLayout
import app.yunnori.core.planFlight
import app.yunnori.core.tapSwipe
import org.junit.jupiter.api.Test
import kotlin.math.PI
import kotlin.math.abs
import kotlin.math.cos
import kotlin.math.hypot
import kotlin.math.sin
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The sticks in the hand are the core's: its numbers for each mat, asked once, and its
 * flight's first frame, so that nothing jumps when the finger lets go.
 */
class HandOffTest {
    /** The mats the throws are made on: 3:2, 3:1 and 1:2, in points. */
    private val mats = listOf(Mat(300f, 200f), Mat(480f, 160f), Mat(200f, 400f))

    /** Flicks up, up and to either side, across and down the mat, and a tap, let go inside the mat. */
    private fun swipesOn(mat: Mat): List<Swipe> {
        fun flick(vx: Float, vy: Float, x: Float = 0.5f, y: Float = 0.62f) =
            Swipe(mat, releaseX = mat.width * x, releaseY = mat.height * y, velocityX = vx, velocityY = vy, spin = 0f)
        return listOf(
            flick(0f, -900f),
            flick(700f, -300f, x = 0.4f),
            flick(-450f, -650f, x = 0.6f, y = 0.58f),
            flick(800f, 60f, x = 0.35f, y = 0.5f),
            flick(-40f, 500f, y = 0.45f),
            tapSwipe(mat),
        )
    }

    private fun sticksOf(salt: Int) = List(4) { (salt shr it) and 1 == 1 }

    private fun flightOf(swipe: Swipe, salt: Int): Flight = planFlight(swipe, sticksOf(salt), nak = false, salt = salt.toULong())

    @Test
    fun `the core is asked once per mat size, and only the last few sizes are kept`() {
        val asked = mutableListOf<Mat>()
        val layouts = MatLayouts(capacity = 3) { asked += it; matLayout(it) }
        // A drag draws the same mat over and over.
        repeat(200) { assertEquals(matLayout(mats[0]), layouts.of(mats[0])) }
        assertEquals(listOf(mats[0]), asked, "one size, one question")
        for (m in mats) repeat(20) { assertEquals(matLayout(m), layouts.of(m)) }
        assertEquals(mats, asked, "each size asked once")
        // A fourth size pushes out the one least recently used, the others stay.
        val fourth = Mat(240f, 240f)
        layouts.of(fourth)
        layouts.of(mats[2])
        layouts.of(mats[1])
        assertEquals(mats + fourth, asked)
        layouts.of(mats[0])
        assertEquals(mats + fourth + mats[0], asked, "the eldest size was let go")
    }

    @Test
    fun `the core takes the test mats as they are, and throws on them with the numbers of its layout`() {
        for (mat in mats) {
            val layout = matLayout(mat)
            assertEquals(mat, layout.mat, "the core kept $mat")
            val flight = flightOf(tapSwipe(mat), salt = 1)
            assertEquals(mat, flight.mat)
            assertEquals(layout.size, flight.size, "the flight's sticks are the layout's")
            assertTrue(layout.releaseHeight > layout.size.thickness && layout.handSpacing > layout.size.width, "$layout")
        }
    }

    @Test
    fun `the bundle lies side by side across the throw at the release height, the spacing apart, round side up`() {
        for (mat in mats) {
            val layout = matLayout(mat)
            for (heading in listOf(HandHold.UP, 0f, 0.7f, -2.4f, PI.toFloat())) {
                val hold = HandHold(mat.width * 0.4f, mat.height * 0.6f, heading)
                val hand = handPoses(layout, hold)
                assertEquals(4, hand.size)
                val along = Vec3(cos(heading), sin(heading), 0f)
                val across = Vec3(-along.y, along.x, 0f)
                for (p in hand) {
                    assertEquals(layout.releaseHeight, p.z, 1e-4f, "at the release height")
                    assertEquals(1f, p.axis dot along, 1e-5f, "its length along the throw")
                    assertEquals(-1f, p.normal.z, 1e-6f, "round side up")
                }
                // Centred on the finger, each next stick one spacing further across the throw.
                assertEquals(hold.x, hand.map { it.x }.average().toFloat(), 1e-3f)
                assertEquals(hold.y, hand.map { it.y }.average().toFloat(), 1e-3f)
                for ((a, b) in hand.zipWithNext()) {
                    val step = b.centre - a.centre
                    assertEquals(layout.handSpacing, step dot across, 1e-3f, "centre to centre across the throw")
                    assertEquals(0f, step dot along, 1e-3f, "side by side, not one ahead of the other")
                }
            }
            // A tap, and a finger that barely moves, hold the sticks straight up the mat.
            assertEquals(HandHold.UP, HandHold.of(tapSwipe(mat), layout).heading)
            assertEquals(HandHold.UP, throwHeading(layout.handSpacing * 0.2f, 0f, layout))
            assertEquals(0f, throwHeading(layout.handSpacing * 20f, 0f, layout))
        }
    }

    @Test
    fun `the flight leaves from the hand, its first frame the bundle stick by stick, over 32 throws of each swipe`() {
        for (mat in mats) {
            val layout = matLayout(mat)
            for (swipe in swipesOn(mat)) {
                val hold = HandHold.of(swipe, layout)
                val hand = handPoses(layout, hold)
                val along = Vec3(cos(hold.heading), sin(hold.heading), 0f)
                val offsets = List(4) { mutableListOf<Vec3>() }
                for (salt in 0 until 32) {
                    val first = flightOf(swipe, salt).posesAt(0f)
                    val what = "salt $salt, $swipe"
                    val places = HandOff.rowPlaces(hand, first)
                    assertEquals(listOf(0, 1, 2, 3), places.sorted(), what)
                    first.forEachIndexed { i, f ->
                        val h = hand[places[i]]
                        val off = f.centre - h.centre
                        assertTrue(
                            hypot(off.x, off.y) <= layout.handSpacing / 4,
                            "stick $i is ${hypot(off.x, off.y)} points from its place in the hand (spacing ${layout.handSpacing}): $what",
                        )
                        assertTrue(abs(f.axis dot along) > cos(0.1f), "stick $i lies along the throw: ${f.axis}, $what")
                        assertTrue(f.normal.z < -0.99f, "stick $i round side up: ${f.normal}, $what")
                        offsets[places[i]] += off
                    }
                    assertEquals(layout.releaseHeight, first.minOf { it.z }, layout.releaseHeight * 1e-3f, "the lowest at the release height: $what")
                }
                // Stick by stick the core only jitters the hand: no place in the row is off on average.
                offsets.forEachIndexed { place, offs ->
                    val mean = offs.reduce(Vec3::plus) * (1f / offs.size)
                    assertTrue(hypot(mean.x, mean.y) < 1f, "place $place is off by $mean on average: $swipe")
                }
            }
        }
    }

    @Test
    fun `the hand-off starts in the hand, moves no faster than the flight and a little, and is the flight from 150 ms on`() {
        for (mat in mats) {
            val layout = matLayout(mat)
            for (swipe in swipesOn(mat)) {
                val hand = handPoses(layout, HandHold.of(swipe, layout))
                for (salt in listOf(0, 5, 11, 30)) {
                    val flight = flightOf(swipe, salt)
                    val handOff = HandOff(hand, flight)
                    val what = "salt $salt, $swipe"

                    // At the release: the hand, each stick in its place in the row.
                    val places = HandOff.rowPlaces(hand, flight.posesAt(0f))
                    handOff.posesAt(0f).forEachIndexed { i, p -> assertSamePose(hand[places[i]], p, what) }

                    // From 150 ms on: the flight itself.
                    for (ms in listOf(HAND_OFF_MS, 151f, 200f, 400f, flight.endMs.toFloat())) {
                        assertEquals(flight.posesAt(ms), handOff.posesAt(ms), "at $ms ms: $what")
                    }

                    // In between, millisecond by millisecond, no stick moves or turns much
                    // faster than it flies: the gap between the hand and the flight's first
                    // frame (a third of the spacing at most) fades over 150 ms.
                    val fastest = layout.handSpacing / 200
                    for (ms in 0 until HAND_OFF_MS.toInt() + 5) {
                        val (a, b) = handOff.posesAt(ms.toFloat()) to handOff.posesAt(ms + 1f)
                        val (fa, fb) = flight.posesAt(ms.toFloat()) to flight.posesAt(ms + 1f)
                        for (i in a.indices) {
                            val moved = (b[i].centre - a[i].centre).length()
                            val flew = (fb[i].centre - fa[i].centre).length()
                            assertTrue(moved <= flew + fastest, "stick $i moved $moved points at $ms ms, flew $flew: $what")
                            val turned = (b[i].axis - a[i].axis).length() + (b[i].normal - a[i].normal).length()
                            val spun = (fb[i].axis - fa[i].axis).length() + (fb[i].normal - fa[i].normal).length()
                            assertTrue(turned <= spun + 0.003f, "stick $i turned $turned at $ms ms, spun $spun: $what")
                        }
                    }
                }
            }
        }
    }

    @Test
    fun `the hand-off keeps the sticks square, and a hand turned end for end needs no half turn`() {
        val mat = mats[0]
        val layout = matLayout(mat)
        val swipe = swipesOn(mat).first()
        val flight = flightOf(swipe, salt = 7)
        // The same bundle held the other way round: the sticks look the same.
        val hold = HandHold.of(swipe, layout)
        val reversed = handPoses(layout, hold.copy(heading = hold.heading + PI.toFloat())).reversed()
        val handOff = HandOff(reversed, flight)
        for (ms in 0..150 step 10) {
            val now = handOff.posesAt(ms.toFloat())
            val flying = flight.posesAt(ms.toFloat())
            for ((p, f) in now.zip(flying)) {
                assertEquals(1f, p.axis.length(), 1e-4f)
                assertEquals(1f, p.normal.length(), 1e-4f)
                assertEquals(0f, p.axis dot p.normal, 1e-4f)
                // Never more than a small turn from the flight.
                assertTrue(abs(p.axis dot f.axis) > cos(0.2f), "turned ${p.axis} from ${f.axis} at $ms ms")
            }
        }
    }

    private fun assertSamePose(expected: Pose, actual: Pose, what: String) {
        assertTrue((expected.centre - actual.centre).length() < 1e-2f, "at ${actual.centre}, not ${expected.centre}: $what")
        // A stick looks the same end for end.
        assertTrue(abs(expected.axis dot actual.axis) > 1f - 1e-4f, "along ${actual.axis}, not ${expected.axis}: $what")
        assertTrue((expected.normal dot actual.normal) > 1f - 1e-4f, "facing ${actual.normal}, not ${expected.normal}: $what")
    }
}
