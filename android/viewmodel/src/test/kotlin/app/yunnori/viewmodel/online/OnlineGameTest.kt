package app.yunnori.viewmodel.online

import app.yunnori.core.GameSnapshot
import app.yunnori.core.MessageKind
import app.yunnori.core.NewGame
import app.yunnori.core.PlayerKind
import app.yunnori.core.Preset
import app.yunnori.core.RoomStage
import app.yunnori.core.RuleSetting
import app.yunnori.core.RuleValue
import app.yunnori.core.Rules
import app.yunnori.core.SeatSpec
import app.yunnori.core.TableAction
import app.yunnori.core.defaultRoomSettings
import app.yunnori.viewmodel.YutServer
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancel
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import kotlin.test.fail
import kotlin.math.ceil
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * Two phones (two [OnlineViewModel]s) play whole games in one room of a real `yut-server` on
 * loopback: host, join, ready, start; one phone loses its connection mid-game and both go
 * on once it is restored; the other leaves, the server's stand-in bot plays its seat, and
 * the seat is handed back when it rejoins with the kept ticket. The time from a throw on one
 * phone to its landed snapshot on the other is measured over every throw.
 */
class OnlineGameTest {

    @Test
    fun `two phones play whole games with a reconnect and a stand-in bot`() = runBlocking {
        Phone(address).use { ann ->
            Phone(address).use { ben ->
                val code = openRoom(ann, ben)
                val latencies = mutableListOf<Double>()
                playGame(ann, ben, latencies, trouble = true, code = code)
                // More games at the same table, for more throws to time.
                while (latencies.size < 60) {
                    rematch(ann, ben)
                    playGame(ann, ben, latencies, trouble = false, code = code)
                }
                val sorted = latencies.sorted()
                val median = sorted[sorted.size / 2]
                val p99 = sorted[(ceil(sorted.size * 0.99).toInt() - 1).coerceAtLeast(0)]
                println("online latency: throws=${sorted.size} median=${"%.1f".format(median)} ms p99=${"%.1f".format(p99)} ms")
                assertTrue(median < 1_000, "median $median ms")
            }
        }
    }

    @Test
    fun `a bad code, a bad address, and the tickets kept and forgotten`(): Unit = runBlocking {
        Phone(address).use { ann ->
            ann.vm.onEvent(OnlineEvent.JoinRoom("not a code!", "Ann"))
            assertEquals(MessageKind.BadRoomCode, ann.await("bad code", allowMessage = true) { it.message != null }.message?.kind)
            ann.vm.onEvent(OnlineEvent.Dismiss)
            ann.await("dismissed", allowMessage = true) { it.message == null }
            // A code no room has: the server's refusal, in the app's words.
            ann.vm.onEvent(OnlineEvent.JoinRoom("ACDEFG", "Ann"))
            val missing = ann.await("no such room", allowMessage = true) { it.message != null }
            assertEquals(MessageKind.RoomNotFound, missing.message?.kind)
            assertEquals(OnlineStage.ENTRY, missing.stage)
            ann.vm.onEvent(OnlineEvent.Dismiss)
            ann.await("dismissed", allowMessage = true) { it.message == null }
            ann.vm.onEvent(OnlineEvent.SetServer("ftp://example.com"))
            assertEquals(MessageKind.BadServerAddress, ann.await("bad address", allowMessage = true) { it.message != null }.message?.kind)
            ann.vm.onEvent(OnlineEvent.Dismiss)
            ann.await("dismissed", allowMessage = true) { it.message == null }
            assertEquals(address, ann.state.server, "a refused address leaves the server as it was")
            ann.vm.onEvent(OnlineEvent.SetServer(address))
            ann.vm.onEvent(OnlineEvent.HostRoom("Ann", table(), roomSettings()))
            val room = ann.await("hosted") { it.room != null && it.kept.isNotEmpty() }.room!!
            assertEquals(RoomStage.LOBBY, room.stage)
            assertTrue(room.hosting)
            assertEquals(room.code, ann.state.kept.single().code)
            ann.vm.onEvent(OnlineEvent.LeaveRoom)
            assertEquals(OnlineStage.ENTRY, ann.await("left") { it.room == null }.stage)
            assertEquals(room.code, ann.state.kept.single().code, "the ticket is kept for Rejoin")
            ann.vm.onEvent(OnlineEvent.Rejoin(room.code))
            val back = ann.await("rejoined") { it.room?.seats?.any { s -> s.mine } == true }.room!!
            assertTrue(back.hosting, "the host is the host again")
            ann.vm.onEvent(OnlineEvent.LeaveRoom)
            ann.await("left again") { it.room == null }
            ann.vm.onEvent(OnlineEvent.Forget(room.code))
            ann.await("forgotten") { it.kept.isEmpty() }
        }
    }

    @Test
    fun `a second tap while the throw is on its way throws nothing more`(): Unit = runBlocking {
        Phone(address).use { ann ->
            Phone(address).use { ben ->
                openRoom(ann, ben)
                val thrower = listOf(ann, ben).single { it.state.game.canThrow }
                val before = thrower.state.game.lastThrow?.seq
                thrower.vm.onGameEvent(TableAction.ThrowTap)
                thrower.vm.onGameEvent(TableAction.ThrowTap)
                val landed = thrower.await("the throw landed") {
                    it.game.lastThrow.let { t -> t != null && t.seq != before && t.landed }
                }
                // A second throw sent would be refused (a result in hand is moved first).
                delay(300)
                assertEquals(null, thrower.state.message, "no refusal")
                assertEquals(landed.game.lastThrow?.seq, thrower.state.game.lastThrow?.seq, "one throw shown")
                assertEquals(1, thrower.state.game.snapshot!!.hand.size, "one result in hand")
                assertTrue(thrower.state.game.canMove && !thrower.state.game.sending)
            }
        }
    }

    /** Ann hosts a two-person table, Ben joins by its code, both are ready, Ann starts. */
    private suspend fun openRoom(ann: Phone, ben: Phone): String {
        ann.vm.onEvent(OnlineEvent.HostRoom("Ann", table(), roomSettings()))
        val code = ann.await("hosted") { it.room != null }.room!!.code
        ben.vm.onEvent(OnlineEvent.JoinRoom("yunnori://room/$code", "Ben"))
        val joined = ben.await("joined") { it.mySeats.isNotEmpty() }
        assertEquals(listOf(1), joined.mySeats)
        assertEquals(OnlineStage.LOBBY, joined.stage)
        // Only the host starts: the server's refusal, in the app's words.
        ben.vm.onEvent(OnlineEvent.StartRoom)
        assertEquals(MessageKind.HostOnly, ben.await("refused", allowMessage = true) { it.message != null }.message?.kind)
        ben.vm.onEvent(OnlineEvent.Dismiss)
        ben.await("dismissed", allowMessage = true) { it.message == null }
        getReady(ann, ben)
        for (p in listOf(ann, ben)) p.await("started") { it.stage == OnlineStage.GAME && it.game.hasGame }
        return code
    }

    /** Both say they are ready (each sees it), and Ann starts. */
    private suspend fun getReady(ann: Phone, ben: Phone) {
        for (p in listOf(ann, ben)) {
            p.vm.onEvent(OnlineEvent.SetReady(true))
            p.await("ready") { it.ready }
        }
        ann.await("everyone ready") { it.canStart }
        ann.vm.onEvent(OnlineEvent.StartRoom)
    }

    private suspend fun rematch(ann: Phone, ben: Phone) {
        val number = ann.state.room!!.gameNumber
        ann.vm.onEvent(OnlineEvent.Rematch)
        for (p in listOf(ann, ben)) p.await("rematch") { it.room?.gameNumber == number + 1 }
        if (ann.state.room?.stage == RoomStage.LOBBY) {
            getReady(ann, ben)
        }
        for (p in listOf(ann, ben)) p.await("playing again") { it.stage == OnlineStage.GAME && it.game.hasGame && !it.game.over }
    }

    /**
     * Plays until both phones show the game over: whoever may act throws (a tap) or plays the
     * first listed move. With [trouble], Ann's connection drops after a few actions, and later
     * Ben leaves, a stand-in bot plays his seat, and he rejoins with his ticket.
     */
    private suspend fun playGame(ann: Phone, ben: Phone, latencies: MutableList<Double>, trouble: Boolean, code: String) {
        var actions = 0
        var droppedAt = -1
        var standin = StandIn.NOT_YET
        val deadline = System.currentTimeMillis() + 120_000
        while (!(ann.state.game.over && ben.state.game.over)) {
            check(System.currentTimeMillis() < deadline) { "the game did not end: ${ann.state.game.snapshot?.turn}" }
            for (p in listOf(ann, ben)) p.state.message?.let { fail("unexpected message ${it.kind}: ${it.detail}") }
            if (standin == StandIn.AWAY && ann.state.game.lastThrow?.let { it.seat == 1 && it.byBot } == true) {
                // The bot played Ben's seat: he comes back with his ticket.
                ben.vm.onEvent(OnlineEvent.Rejoin(code))
                ben.await("Ben back") { it.room?.seats?.getOrNull(1)?.let { s -> s.mine && s.standin == null } == true }
                ann.await("Ben's seat handed back") { it.room?.seats?.getOrNull(1)?.let { s -> s.connected && s.standin == null } == true }
                standin = StandIn.BACK
            }
            val actor = listOf(ann, ben).firstOrNull { it.state.game.canThrow || it.state.game.canMove }
            if (actor == null) {
                delay(1)
                continue
            }
            val other = if (actor === ann) ben else ann
            val game = actor.state.game
            if (game.canThrow) {
                val seen = other.state.game.lastThrow?.seq
                val own = game.lastThrow?.seq
                val watching = other.state.room != null
                val t0 = System.nanoTime()
                actor.vm.onGameEvent(TableAction.ThrowTap)
                if (watching) {
                    other.await("the throw on the other phone") { it.game.lastThrow.let { t -> t != null && t.seq != seen && t.landed } }
                    latencies += (System.nanoTime() - t0) / 1e6
                }
                actor.await("the throw landed") { it.game.lastThrow.let { t -> t != null && t.seq != own && t.landed } }
            } else {
                val state = game.snapshot!!.state
                actor.vm.onGameEvent(TableAction.ChooseMove(0u, state))
                actor.await("the move") { it.game.snapshot?.state != state }
            }
            actions++
            if (!trouble) continue
            if (droppedAt < 0 && actions == 4) {
                droppedAt = actions
                ann.vm.onEvent(OnlineEvent.Reconnect)
                ann.await("restored") { it.banner == ConnectionBanner.Restored }
                // Both phones see the same game after the reconnect.
                ann.vm.onEvent(OnlineEvent.Dismiss)
            }
            if (standin == StandIn.NOT_YET && actions == 10) {
                ben.vm.onEvent(OnlineEvent.LeaveRoom)
                ben.await("Ben left") { it.room == null }
                assertEquals(code, ben.state.kept.single().code)
                val seat = ann.await("a stand-in for Ben") { it.room?.seats?.getOrNull(1)?.standin != null }.room!!.seats[1]
                assertTrue(!seat.mine)
                standin = StandIn.AWAY
            }
        }
        if (trouble) {
            assertTrue(droppedAt > 0, "the connection was dropped")
            assertEquals(StandIn.BACK, standin, "the stand-in bot played and Ben came back (game too short?)")
        }
        assertEquals(ann.state.game.snapshot!!.position(), ben.state.game.snapshot!!.position())
        assertNotNull(ann.state.game.snapshot!!.winner)
        // "Connection restored" goes away by itself (the game may end before it does).
        ann.await("the banner gone") { it.banner == null }
    }

    private enum class StandIn { NOT_YET, AWAY, BACK }

    /** Two people, two pieces each, the first seat first. */
    private fun table() = NewGame(
        rules = Rules(
            Preset.YUNNORI,
            listOf(RuleSetting("first_player", RuleValue.Choice("seat_order")), RuleSetting("pieces_per_player", RuleValue.Count(2))),
        ),
        seats = listOf(SeatSpec("Seat 0", "#D55E00", PlayerKind.Human), SeatSpec("Seat 1", "#0072B2", PlayerKind.Human)),
        teams = null,
        seed = 7u,
        undo = true,
    )

    /** The snapshot without what differs between two objects of the same position (state tags, last events). */
    private fun GameSnapshot.position(): GameSnapshot =
        copy(state = 0u, legalMoves = legalMoves.map { it.copy(state = 0u) }, lastEvents = emptyList())

    private fun roomSettings() = defaultRoomSettings().copy(botDelayMs = 0, graceMs = 300, undo = false)

    /** One phone: an online view model on its own threads, with its own kept tickets. */
    private class Phone(address: String) : AutoCloseable {
        val scope = CoroutineScope(SupervisorJob() + Dispatchers.Default)
        val vm = OnlineViewModel(
            scope,
            MemoryRoomTickets(),
            address,
            OnlineSettings(flightPace = 0.0, restoredShownMs = 500),
        )
        val state: OnlineUiState get() = vm.state.value

        suspend fun await(what: String, allowMessage: Boolean = false, until: (OnlineUiState) -> Boolean): OnlineUiState =
            try {
                withTimeout(10_000) {
                    vm.state.first {
                        if (!allowMessage) it.message?.let { m -> fail("$what: unexpected message ${m.kind}: ${m.detail}") }
                        until(it)
                    }
                }
            } catch (e: kotlinx.coroutines.TimeoutCancellationException) {
                fail("$what: not within 10 s; ${state.brief()}")
            }

        override fun close() {
            vm.close()
            Thread.sleep(50)
            scope.cancel()
        }
    }

    companion object {
        private lateinit var server: YutServer
        private val address: String get() = server.address

        @BeforeAll
        @JvmStatic
        fun startServer() {
            server = YutServer()
        }

        @AfterAll
        @JvmStatic
        fun stopServer() {
            server.close()
        }
    }
}

/** The state in a line: what a wait that timed out saw last. */
private fun OnlineUiState.brief(): String {
    val seats = room?.seats?.joinToString(" ") { s ->
        listOfNotNull(
            "${s.seat}:${if (s.mine) "mine" else "other"}",
            "ready".takeIf { s.ready },
            "away".takeIf { !s.connected },
            "standin".takeIf { s.standin != null },
        ).joinToString(",")
    }
    val snap = game.snapshot
    val thrown = game.lastThrow?.let { "#${it.seq} seat ${it.seat} landed=${it.landed}" }
    return "stage=$stage room=${room?.code} game=${room?.gameNumber} seats=[$seats] " +
        "turn=${snap?.turn?.seat} phase=${snap?.phase} lastThrow=$thrown banner=$banner busy=$busy message=$message"
}
