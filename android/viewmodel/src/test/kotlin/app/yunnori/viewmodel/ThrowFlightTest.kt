package app.yunnori.viewmodel

import app.yunnori.core.Against
import app.yunnori.core.Phase
import app.yunnori.core.SaveLibrary
import app.yunnori.core.Swipe
import app.yunnori.viewmodel.Tables.easyBot
import app.yunnori.viewmodel.Tables.human
import app.yunnori.viewmodel.Tables.table
import app.yunnori.viewmodel.Tables.testSettings
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.test.TestScope
import kotlinx.coroutines.test.advanceTimeBy
import kotlinx.coroutines.test.currentTime
import kotlinx.coroutines.test.runCurrent
import kotlinx.coroutines.test.runTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.math.atan2
import kotlin.math.hypot
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue
import kotlin.time.Duration.Companion.seconds

/**
 * The physical throw as the player lives it: the sticks leave from where the finger let
 * go, fly the way it went, knock as they land, and only once the last one lies still does
 * the result show.
 */
@OptIn(ExperimentalCoroutinesApi::class)
class ThrowFlightTest {
    @TempDir
    lateinit var dir: Path

    private fun library() = SaveLibrary.open(dir.toString())

    /** A knock the screen was asked to play, at the test's virtual time. */
    private data class Heard(val atMs: Long, val strength: Float, val against: Against)

    private fun TestScope.listener(heard: MutableList<Heard>) =
        ThrowFeedback { strength, against -> heard += Heard(currentTime, strength, against) }

    /** Throws [swipe] and lets the view model take it up, without letting any time pass. */
    private fun TestScope.throwNow(vm: GameViewModel, swipe: Swipe? = null): ThrowShown {
        vm.onEvent(UiEvent.Throw(swipe))
        runCurrent()
        return assertNotNull(vm.state.value.lastThrow, "the throw is on screen")
    }

    @Test
    fun `the result, the hand and the moves show only once the last stick has settled`() = runTest(timeout = 60.seconds) {
        val vm = GameViewModel(backgroundScope, library(), testSettings)
        val start = vm.act(UiEvent.NewGame(table(human, human)))
        val shown = throwNow(vm, Tables.flick(80f, -500f))

        // In the air: the sticks fly, the position is still the one before the throw.
        val end = shown.flight.endMs.toLong()
        assertTrue(end >= 500, "a flight of $end ms")
        assertEquals(ThrowMotion.FLIGHT, shown.motion)
        assertEquals(end, shown.playMs)
        assertFalse(shown.landed)
        assertNull(shown.outcome, "no result while the sticks fly")
        val flying = vm.state.value
        assertTrue(flying.flying)
        assertEquals(start.snapshot, flying.snapshot)
        assertEquals(Phase.TO_THROW, flying.snapshot!!.phase)
        assertTrue(flying.snapshot!!.hand.isEmpty(), "nothing in hand yet")
        assertTrue(flying.legalMoves.isEmpty() && flying.movableFrom.isEmpty(), "no moves yet")
        assertFalse(flying.canThrow)
        assertFalse(flying.canMove)

        // Nothing can be thrown or moved meanwhile.
        vm.onEvent(UiEvent.Throw())
        vm.onEvent(UiEvent.ChooseMove(0))
        runCurrent()
        assertEquals(MessageKind.NotNow, vm.state.value.message?.kind)
        assertEquals(shown.seq, vm.state.value.lastThrow?.seq, "no second throw")
        assertEquals(start.snapshot, vm.state.value.snapshot)
        vm.onEvent(UiEvent.Dismiss)

        // A moment before the last stick settles: still nothing.
        advanceTimeBy(end - 1)
        runCurrent()
        assertFalse(vm.state.value.lastThrow!!.landed)
        assertEquals(Phase.TO_THROW, vm.state.value.snapshot!!.phase)
        assertTrue(vm.state.value.snapshot!!.hand.isEmpty())

        // Settled: the result, the hand, the moves and the phase, all at once.
        advanceTimeBy(1)
        runCurrent()
        val landed = vm.state.value
        val outcome = assertNotNull(landed.lastThrow?.outcome)
        assertEquals(shown.seq, landed.lastThrow!!.seq)
        assertFalse(landed.flying)
        assertEquals(Phase.TO_MOVE, landed.snapshot!!.phase, "the first throw of this game enters a piece")
        assertEquals(listOf(outcome.result), landed.snapshot!!.hand.map { it.result })
        assertTrue(landed.legalMoves.isNotEmpty())
        assertTrue(landed.canMove)
        assertTrue(landed.saved)
    }

    @Test
    fun `the sticks leave from the release point and fly the swipe's way, and the result never depends on it`() = runTest(timeout = 60.seconds) {
        val mat = Tables.mat
        // Let go low on the left flicking right and up, or low on the right flicking left and up.
        val right = Tables.flick(vx = 700f, vy = -300f, x = mat.width * 0.3f, y = mat.height * 0.7f)
        val left = Tables.flick(vx = -700f, vy = -300f, x = mat.width * 0.7f, y = mat.height * 0.7f)
        val flights = listOf(right, left).map { swipe ->
            val vm = GameViewModel(backgroundScope, library(), testSettings)
            vm.act(UiEvent.NewGame(table(human, human)))
            val landed = vm.act(UiEvent.Throw(swipe))
            val shown = assertNotNull(landed.lastThrow)
            assertEquals(swipe.mat, shown.flight.mat)

            // Frame 0: the four sticks are in the hand, where the finger let go.
            val first = shown.flight.sticks.map { it.frames.first() }
            val cx = first.map { it.x }.average().toFloat()
            val cy = first.map { it.y }.average().toFloat()
            val off = hypot(cx - swipe.releaseX, cy - swipe.releaseY)
            assertTrue(off < mat.height * 0.15f, "the sticks start $off points from the release point")
            assertTrue(first.all { it.z > 0f }, "released above the mat")

            // A fifth of a second later they have gone the swipe's way.
            val later = shown.flight.sticks.map { it.frames[minOf(12, it.frames.lastIndex)] }
            val dx = later.map { it.x }.average().toFloat() - cx
            val dy = later.map { it.y }.average().toFloat() - cy
            val turn = angleBetween(atan2(dy, dx), atan2(swipe.velocityY, swipe.velocityX))
            assertTrue(hypot(dx, dy) > 10f, "the sticks moved ${hypot(dx, dy)} points")
            assertTrue(turn < Math.toRadians(50.0), "the sticks went ${Math.toDegrees(turn)}° off the swipe's direction")
            shown
        }
        val (a, b) = flights
        assertNotEquals(a.flight, b.flight, "another swipe, another flight")
        assertEquals(a.outcome, b.outcome, "the same game throws the same result whatever the swipe")
        assertEquals(a.sticks, b.sticks)
        assertEquals(a.sticks, a.flight.sticks.map { it.flatUp })
        assertEquals(b.sticks, b.flight.sticks.map { it.flatUp })
    }

    @Test
    fun `each contact knocks once, at its time, with its strength`() = runTest(timeout = 60.seconds) {
        val heard = mutableListOf<Heard>()
        val vm = GameViewModel(backgroundScope, library(), testSettings, listener(heard))
        vm.act(UiEvent.NewGame(table(human, human)))
        val shown = throwNow(vm, Tables.flick(0f, -900f))
        val t0 = currentTime
        assertTrue(heard.isEmpty(), "no knock before the sticks come down")
        val contacts = shown.flight.contacts
        assertTrue(contacts.size >= 4, "${contacts.size} contacts")

        // Half way through, only the knocks due by then were heard.
        val half = shown.flight.endMs.toLong() / 2
        advanceTimeBy(half)
        runCurrent()
        assertEquals(contacts.count { it.atMs.toLong() <= half }, heard.size)

        vm.state.first { it.lastThrow?.landed == true }
        assertEquals(contacts.map { it.atMs.toLong() }, heard.map { it.atMs - t0 })
        assertEquals(contacts.map { it.strength }, heard.map { it.strength })
        assertEquals(contacts.map { it.against }, heard.map { it.against })
        assertTrue(heard.all { it.strength in 0f..1f })
    }

    @Test
    fun `muted, the sticks knock silently`() = runTest(timeout = 60.seconds) {
        val heard = mutableListOf<Heard>()
        val vm = GameViewModel(backgroundScope, library(), testSettings, listener(heard))
        vm.onEvent(UiEvent.SetMuted(true))
        vm.act(UiEvent.NewGame(table(human, human)))
        assertTrue(vm.state.value.muted)
        val shown = throwNow(vm, Tables.flick(0f, -900f))
        assertTrue(shown.flight.contacts.isNotEmpty())
        vm.state.first { it.lastThrow?.landed == true }
        assertEquals(emptyList(), heard, "muted: no clack, no buzz")

        // Unmuted, the next throw (the other seat's, after a move) is heard again.
        vm.onEvent(UiEvent.SetMuted(false))
        var st = vm.state.value
        while (!st.canThrow) st = vm.act(UiEvent.ChooseMove(0, st.snapshot!!.state))
        val next = throwNow(vm)
        vm.state.first { it.lastThrow?.landed == true }
        assertEquals(next.flight.contacts.size, heard.size)
    }

    @Test
    fun `Reduce Motion shows a short drop and the result sooner`() = runTest(timeout = 60.seconds) {
        val heard = mutableListOf<Heard>()
        val settings = testSettings.copy(dropMs = 350)
        val vm = GameViewModel(backgroundScope, library(), settings, listener(heard))
        vm.act(UiEvent.NewGame(table(human, human)))
        vm.onEvent(UiEvent.SetReduceMotion(true))
        val shown = throwNow(vm, Tables.flick(0f, -900f))
        val t0 = currentTime
        assertEquals(ThrowMotion.DROP, shown.motion)
        assertEquals(350, shown.playMs)
        assertTrue(shown.flight.endMs > 350u, "the flight itself takes ${shown.flight.endMs} ms")

        advanceTimeBy(349)
        runCurrent()
        assertFalse(vm.state.value.lastThrow!!.landed)
        advanceTimeBy(1)
        runCurrent()
        assertTrue(vm.state.value.lastThrow!!.landed, "the result shows when the drop ends")
        assertTrue(vm.state.value.canMove)
        // One soft knock as they land, not one per contact of the flight not shown.
        assertEquals(listOf(350L), heard.map { it.atMs - t0 })
    }

    @Test
    fun `a bot's throw flies too, and it moves only once its sticks have settled`() = runTest(timeout = 60.seconds) {
        val heard = mutableListOf<Heard>()
        val vm = GameViewModel(backgroundScope, library(), testSettings.copy(botPauseMs = 300), listener(heard))
        vm.act(UiEvent.NewGame(table(easyBot, human)))
        val inAir = vm.state.first { it.lastThrow?.byBot == true }
        val shown = inAir.lastThrow!!
        val t0 = currentTime
        assertFalse(shown.landed)
        assertEquals(Phase.TO_THROW, inAir.snapshot!!.phase)
        assertTrue(shown.flight.sticks.all { it.frames.size > 10 }, "the sticks fly")
        // A flick, not a drop: the sticks travel across the mat.
        val travel = shown.flight.sticks.map { t -> hypot(t.frames.last().x - t.frames.first().x, t.frames.last().y - t.frames.first().y) }
        assertTrue(travel.average() > 20.0, "the bot's sticks went ${travel.average()} points")

        val landed = vm.state.first { it.lastThrow?.landed == true }
        assertTrue(currentTime - t0 >= shown.flight.endMs.toLong(), "landed after ${currentTime - t0} ms")
        assertNull(landed.lastMove, "the bot has not moved before its sticks settled")
        assertEquals(shown.flight.contacts.size, heard.size)
        val moved = vm.state.first { it.lastMove != null }
        assertEquals(0, moved.lastMove!!.seat)
    }

    @Test
    fun `leaving while the sticks fly keeps the throw, and nothing lands afterwards`() = runTest(timeout = 60.seconds) {
        val vm = GameViewModel(backgroundScope, library(), testSettings)
        val start = vm.act(UiEvent.NewGame(table(human, human)))
        val shown = throwNow(vm)
        vm.onEvent(UiEvent.Leave)
        runCurrent()
        assertFalse(vm.state.value.hasGame)
        advanceTimeBy(shown.flight.endMs.toLong() + 1_000)
        runCurrent()
        assertNull(vm.state.value.lastThrow)
        assertFalse(vm.state.value.hasGame)
        // The throw happened: the game opens with its result in hand.
        val resumed = vm.act(UiEvent.Resume(start.gameId!!))
        assertEquals(Phase.TO_MOVE, resumed.snapshot!!.phase)
        assertTrue(resumed.canMove)
    }

    private fun angleBetween(a: Float, b: Float): Double {
        var d = Math.abs(a - b).toDouble()
        while (d > Math.PI) d = Math.abs(d - 2 * Math.PI)
        return d
    }
}
