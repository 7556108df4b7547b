package app.yunnori.viewmodel

import app.yunnori.core.Flight
import app.yunnori.core.Mat
import app.yunnori.core.Swipe
import app.yunnori.core.ThrowMotion
import app.yunnori.core.ThrowPlayback
import app.yunnori.core.ThrowShown
import app.yunnori.core.flightPoses
import app.yunnori.core.handHold
import app.yunnori.core.handPoses
import app.yunnori.core.matLayout
import app.yunnori.core.planFlight
import app.yunnori.core.tapSwipe
import org.junit.jupiter.api.Test
import kotlin.math.abs
import kotlin.math.hypot
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The sticks in the hand and in the air are the core's: its numbers for each mat, asked
 * once, and its playback of a throw, which leaves from the hand (nothing jumps when the
 * finger lets go) and ends where the flight comes to rest.
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

    private fun shownOf(flight: Flight, motion: ThrowMotion) = ThrowShown(
        seq = 1uL, seat = 0, colour = "#000000", sticks = flight.sticks.map { it.flatUp }, flight = flight, motion = motion,
        startedAtMs = 1_000uL, landsAtMs = 1_000uL + flight.endMs, byBot = false, outcome = null,
    )

    @Test
    fun `the core's playback leaves the hand where the finger let go, and ends on the resting poses`() {
        for (mat in mats) {
            val layout = matLayout(mat)
            for (swipe in swipesOn(mat)) {
                val hold = handHold(swipe, layout)
                val hand = handPoses(layout, hold)
                assertEquals(4, hand.size)
                hand.forEach { assertEquals(layout.releaseHeight, it.z, 1e-4f, "the bundle at the release height") }
                for (salt in listOf(0, 5, 11)) {
                    val flight = flightOf(swipe, salt)
                    val what = "salt $salt, $swipe"
                    val playback = ThrowPlayback(shownOf(flight, ThrowMotion.FLIGHT), hold)
                    // At the release: each of the hand's sticks, once.
                    val atRelease = playback.sticksAt(0f)
                    assertEquals(4, atRelease.size, what)
                    val taken = atRelease.map { s -> hand.indexOfFirst { h -> hypot(h.x - s.pose.x, h.y - s.pose.y) < 0.01f && abs(h.z - s.pose.z) < 0.01f } }
                    assertEquals(listOf(0, 1, 2, 3), taken.sorted(), "the sticks leave from the hand: $what")
                    // Once landed: where the flight has them come to rest, each with its mark.
                    val rest = playback.sticksAt(playback.durationMs() + 500f)
                    assertEquals(flight.sticks.map { it.frames.last() }, rest.map { it.pose }, what)
                    assertEquals(flight.sticks.map { it.marked }, rest.map { it.marked }, what)
                    assertEquals(flightPoses(flight, 1e9f), rest.map { it.pose })
                }
            }
        }
    }

    @Test
    fun `a drop falls onto the resting poses and fades in, whatever the hand`() {
        val mat = mats[0]
        val flight = flightOf(tapSwipe(mat), salt = 3)
        val playback = ThrowPlayback(shownOf(flight, ThrowMotion.DROP), handHold(tapSwipe(mat), matLayout(mat)))
        val start = playback.sticksAt(0f)
        val end = playback.sticksAt(playback.durationMs())
        for ((i, track) in flight.sticks.withIndex()) {
            val rest = track.frames.last()
            assertTrue(start[i].pose.z > rest.z + flight.size.thickness, "stick $i starts above its rest")
            assertTrue(start[i].opacity < 1f, "and faint")
            assertEquals(rest, end[i].pose)
            assertEquals(1f, end[i].opacity)
        }
    }
}
