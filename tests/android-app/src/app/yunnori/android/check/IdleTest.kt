package app.yunnori.android.check

import androidx.compose.runtime.Recomposer
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SkikoComposeUiTest
import app.yunnori.core.PlayerKind
import app.yunnori.core.AppEvent
import app.yunnori.core.TableState
import app.yunnori.core.TableAction
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The battery while a game is open: the screen is kept on (people think), so a screen where
 * nothing moves must ask for no frame at all. Frames are counted on the test's clock: one for
 * each frame time at which the composition has work waiting for it (an animation waiting on
 * the frame clock, as Android's Choreographer would be asked to wake the app each vsync, or a
 * change to compose).
 */
@OptIn(ExperimentalTestApi::class)
class IdleTest {
    private val human = PlayerKind.Human

    /**
     * The frames asked for over [ms] of the test's clock. The clock is advanced by hand from
     * before the screen is drawn: with it advancing itself, the test library cancels every
     * infinite animation at its first frame, and one would never be seen.
     */
    private fun SkikoComposeUiTest.framesOver(ms: Long): Int {
        var frames = 0
        val end = mainClock.currentTime + ms
        while (mainClock.currentTime < end) {
            if (Recomposer.runningRecomposers.value.any { it.hasPendingWork }) frames++
            mainClock.advanceTimeByFrame()
        }
        return frames
    }

    /**
     * Frames until one asks for none (at most [ms] of the test's clock): what is still moving
     * after a change settles, however long it takes, without drawing frames past it.
     */
    private fun SkikoComposeUiTest.framesUntilStill(ms: Long) {
        val end = mainClock.currentTime + ms
        while (mainClock.currentTime < end && Recomposer.runningRecomposers.value.any { it.hasPendingWork }) {
            mainClock.advanceTimeByFrame()
        }
    }

    /** Draws frame after frame until the game meets [done] (the core runs on its own thread). */
    private fun SkikoComposeUiTest.frameUntil(host: GameHost, what: String, done: (TableState) -> Boolean) {
        val start = System.currentTimeMillis()
        while (host.view.table?.let(done) != true) {
            check(System.currentTimeMillis() - start < PATIENCE_MS) { "waited too long for $what" }
            mainClock.advanceTimeByFrame()
            Thread.sleep(2)
        }
        // A few more frames, so that what the state changed is composed and drawn.
        repeat(5) { mainClock.advanceTimeByFrame() }
    }

    @Test
    fun `no frame is drawn while the board waits for a throw, and the lit pieces settle after pulsing`() = screenTest {
        GameHost().use { host ->
            mainClock.autoAdvance = false
            try {
                setContent { GameOf(host) }
                send(host, AppEvent.StartGame(table(human, human)))
                frameUntil(host, "a new game") { it.canThrow }
                framesOver(500)
                assertEquals(0, framesOver(3_000), "frames asked for in 3 s of a board waiting for a throw")

                // A throw: the pieces that may move are lit and pulse for a moment (a frame
                // each), then hold still, lit, while the player thinks.
                send(host, TableAction.ThrowTap)
                frameUntil(host, "the throw") { it.canMove }
                val pulsing = framesOver(2_000)
                assertTrue(pulsing > 30, "the lit pieces pulse at first ($pulsing frames in 2 s)")
                // The pulse ends (a still frame), or 10 s pass and the next 3 s count its frames.
                framesUntilStill(10_000)
                assertEquals(0, framesOver(3_000), "frames asked for in 3 s of a board waiting for a move, after the pulse")
            } finally {
                mainClock.autoAdvance = true
            }
            screenshot("idle-move")
        }
    }
}
