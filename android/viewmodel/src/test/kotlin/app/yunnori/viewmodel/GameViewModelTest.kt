package app.yunnori.viewmodel

import app.yunnori.core.BotLevel
import app.yunnori.core.GameEvent
import app.yunnori.core.Phase
import app.yunnori.core.PlayerKind
import app.yunnori.core.RuleValue
import app.yunnori.core.SaveLibrary
import app.yunnori.core.Spot
import app.yunnori.viewmodel.Tables.easyBot
import app.yunnori.viewmodel.Tables.human
import app.yunnori.viewmodel.Tables.table
import app.yunnori.viewmodel.Tables.testSettings
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.test.advanceTimeBy
import kotlinx.coroutines.test.currentTime
import kotlinx.coroutines.test.runCurrent
import kotlinx.coroutines.test.runTest
import kotlinx.coroutines.withContext
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue
import kotlin.time.Duration.Companion.seconds

@OptIn(ExperimentalCoroutinesApi::class)
class GameViewModelTest {
    @TempDir
    lateinit var dir: Path

    private fun library() = SaveLibrary.open(dir.toString())

    @Test
    fun `a game open in two windows - the window that fell behind is told, the other window keeps its moves`() = runTest(timeout = 60.seconds) {
        val first = GameViewModel(backgroundScope, library(), testSettings)
        val id = assertNotNull(first.act(UiEvent.NewGame(table(human, human))).gameId)
        // The same game opened in a second window (its own library object on the folder).
        val second = GameViewModel(backgroundScope, library(), testSettings)
        assertNull(second.act(UiEvent.Resume(id)).message)
        val thrown = first.act(UiEvent.Throw())
        assertTrue(thrown.saved)
        assertNull(thrown.message)
        val behind = second.act(UiEvent.Throw())
        assertEquals(MessageKind.SaveConflict, behind.message?.kind)
        assertFalse(behind.saved)
        // The first window's throw is what is on disk.
        val onDisk = library().load(id)
        assertEquals(1, onDisk.summary.actions)
        assertEquals(thrown.snapshot!!.hand, onDisk.session.snapshot().hand)
    }

    @Test
    fun `a human throws and moves, then the bot plays its turn after a visible pause`() = runTest(timeout = 60.seconds) {
        val settings = testSettings.copy(botPauseMs = 500)
        val vm = GameViewModel(backgroundScope, library(), settings)
        val start = vm.act(UiEvent.NewGame(table(human, easyBot)))
        assertNull(start.message)
        assertNotNull(start.gameId)
        assertEquals(29, start.board.stations.size)
        assertEquals(0, start.snapshot!!.turn.seat)
        assertTrue(start.canThrow)
        assertTrue(start.saved, "a new game is saved at once")

        // The throw: a flight of four sticks coming to rest on the core's result.
        val thrown = vm.act(UiEvent.Throw(Tables.flick(10f, -400f)))
        val shown = assertNotNull(thrown.lastThrow)
        assertFalse(shown.byBot)
        assertTrue(shown.landed)
        assertEquals(4, shown.flight.sticks.size)
        assertEquals(4, shown.sticks.size)
        assertEquals(shown.sticks, shown.flight.sticks.map { it.flatUp })

        // Finish the human's turn by choosing moves; the bot's turn then starts.
        var st = thrown
        while (st.humanToAct && st.snapshot!!.turn.seat == 0) {
            st = if (st.canThrow) {
                vm.act(UiEvent.Throw())
            } else {
                vm.act(UiEvent.ChooseMove(0, st.snapshot!!.state))
            }
            assertNull(st.message)
        }
        val handedOver = vm.state.first { it.botThinking }
        val t0 = currentTime
        assertEquals(1, handedOver.snapshot!!.turn.seat)
        assertNull(handedOver.lastThrow?.takeIf { it.byBot }, "the bot waits before throwing")

        // The bot throws after its pause (virtual time), then moves, then hands back.
        val botThrew = vm.state.first { it.lastThrow?.byBot == true }
        assertTrue(currentTime - t0 >= settings.botPauseMs, "the bot paused ${currentTime - t0} ms")
        assertEquals(1, botThrew.lastThrow!!.seat)
        val back = vm.state.first { it.humanToAct || it.over }
        assertFalse(back.botThinking)
        assertEquals(0, back.snapshot!!.turn.seat)
        assertTrue(back.saved)
        assertNull(back.message)

        // What the screen shows is what is on disk.
        val onDisk = library().load(back.gameId!!)
        assertEquals(back.snapshot!!.position(), onDisk.session.snapshot().position())
        vm.close()
    }

    @Test
    fun `quick bots wait a quarter of the pause and drop their sticks instead of flying them`() = runTest(timeout = 60.seconds) {
        for (quick in listOf(false, true)) {
            val settings = testSettings.copy(botPauseMs = 800)
            val vm = GameViewModel(backgroundScope, library(), settings)
            vm.onEvent(UiEvent.SetQuickBots(quick))
            val start = vm.act(UiEvent.NewGame(table(easyBot, human)))
            assertEquals(0, start.snapshot!!.turn.seat, "the bot opens")
            val t0 = currentTime
            val threw = vm.state.first { it.lastThrow?.byBot == true }
            val waited = currentTime - t0
            if (quick) {
                assertTrue(waited in 200 until 800, "a quick bot waited $waited ms")
                assertEquals(ThrowMotion.DROP, threw.lastThrow!!.motion)
            } else {
                assertTrue(waited >= 800, "a bot waited $waited ms")
                assertEquals(ThrowMotion.FLIGHT, threw.lastThrow!!.motion)
            }
            vm.close()
        }
    }

    @Test
    fun `tapping a piece highlights its destinations and tapping one plays the move`() = runTest(timeout = 60.seconds) {
        val vm = GameViewModel(backgroundScope, library(), testSettings)
        vm.act(UiEvent.NewGame(table(human, human)))
        val st = vm.act(UiEvent.Throw())
        assertTrue(st.canMove, "the first throw of a game always enters a piece")
        assertEquals(listOf<Spot>(Spot.Home), st.movableFrom)
        // The only movable piece is picked already; picking it again gives the same.
        val auto = assertNotNull(st.selection)
        vm.onEvent(UiEvent.SelectPiece(Spot.Home))
        val picked = vm.state.first { it.selection != null }
        assertEquals(auto, picked.selection)
        val dest = picked.selection!!.destinations.first()
        val played = vm.act(UiEvent.ChooseDestination(dest.to))
        assertNull(played.message)
        val move = assertNotNull(played.lastMove)
        assertEquals(Spot.Home, move.from)
        assertEquals(dest.to, move.path.last())
        assertTrue(played.snapshot!!.stacks.any { Spot.Station(it.station) == dest.to })
    }

    @Test
    fun `illegal and stale choices become messages, never crashes`() = runTest(timeout = 60.seconds) {
        val vm = GameViewModel(backgroundScope, library(), testSettings)
        // No game yet.
        assertEquals(MessageKind.NoGame, vm.act(UiEvent.Throw()).message?.kind)
        assertEquals(MessageKind.NoGame, vm.act(UiEvent.ChooseMove(0)).message?.kind)

        val st0 = vm.act(UiEvent.NewGame(table(human, human, undo = true)))
        val oldTag = st0.snapshot!!.state
        // A move while the game waits for a throw: refused before reaching the core.
        assertEquals(MessageKind.NotNow, vm.act(UiEvent.ChooseMove(0)).message?.kind)
        // Nothing to take back yet: the core says so.
        assertEquals(MessageKind.CannotUndo, vm.act(UiEvent.Undo).message?.kind)

        val st1 = vm.act(UiEvent.Throw())
        assertTrue(st1.canMove)
        // A second throw while a move is due: the core's WrongPhase.
        val twice = vm.act(UiEvent.Throw())
        assertEquals(MessageKind.NotNow, twice.message?.kind)
        assertEquals(st1.snapshot, twice.snapshot, "a refused action changes nothing")
        // An index that is not listed, and one read off an older screen.
        assertEquals(MessageKind.NoSuchMove, vm.act(UiEvent.ChooseMove(99)).message?.kind)
        assertEquals(MessageKind.NoSuchMove, vm.act(UiEvent.ChooseMove(-1)).message?.kind)
        assertEquals(MessageKind.Stale, vm.act(UiEvent.ChooseMove(0, oldTag)).message?.kind)
        // A destination no move reaches, and a route answer with no question open.
        assertEquals(MessageKind.NoSuchMove, vm.act(UiEvent.ChooseDestination(Spot.Done)).message?.kind)
        assertEquals(MessageKind.NoSuchMove, vm.act(UiEvent.ChooseStack(true)).message?.kind)
        // A saved game that does not exist.
        assertEquals(MessageKind.SaveNotFound, vm.act(UiEvent.Resume("nosuchgame")).message?.kind)
        assertEquals(MessageKind.InvalidInput, vm.act(UiEvent.Resume("../etc/passwd")).message?.kind)
        // A table the core refuses (one seat; a colour that is not #RRGGBB) leaves the game as it was.
        val lonely = table(human).copy(seats = table(human).seats.take(1))
        assertEquals(MessageKind.InvalidSetup, vm.act(UiEvent.NewGame(lonely)).message?.kind)
        val badColour = table(human, human).let { t -> t.copy(seats = t.seats.map { it.copy(colour = "red") }) }
        val refused = vm.act(UiEvent.NewGame(badColour))
        assertEquals(MessageKind.InvalidSetup, refused.message?.kind)
        assertEquals(st1.gameId, refused.gameId)
        // Rules the core refuses.
        val badRules = table(human, human, rules = Tables.rules("pieces_per_player" to RuleValue.Count(9)))
        assertEquals(MessageKind.InvalidRules, vm.act(UiEvent.NewGame(badRules)).message?.kind)

        // Dismiss clears the message, and the game goes on.
        vm.onEvent(UiEvent.Dismiss)
        assertNull(vm.state.first { it.message == null }.message)
        val moved = vm.act(UiEvent.ChooseMove(0, vm.state.value.snapshot!!.state))
        assertNull(moved.message)
        assertNotNull(moved.lastMove)
    }

    @Test
    fun `a human cannot throw for a bot`() = runTest(timeout = 60.seconds) {
        val vm = GameViewModel(backgroundScope, library(), testSettings.copy(botPauseMs = 10_000))
        vm.act(UiEvent.NewGame(table(easyBot, human)))
        val st = vm.state.first { it.botThinking }
        assertFalse(st.canThrow)
        assertEquals(MessageKind.NotYourTurn, vm.act(UiEvent.Throw()).message?.kind)
        assertEquals(st.snapshot, vm.state.value.snapshot)
    }

    @Test
    fun `a saved game resumes in a new view model at the same position`() = runTest(timeout = 60.seconds) {
        val first = GameViewModel(backgroundScope, library(), testSettings)
        first.act(UiEvent.NewGame(table(human, easyBot, seed = 11u)))
        first.playHumanTurn()
        val before = first.state.first { it.humanToAct && it.saved }
        val id = before.gameId!!
        // Leave right after a throw (if it handed over, before the bot's pause runs out).
        val mid = first.act(UiEvent.Throw())
        assertTrue(mid.saved)
        first.onEvent(UiEvent.Leave)
        assertNull(first.state.first { !it.hasGame }.snapshot)
        first.close()

        // As after a restart: another library object on the same directory, another view model.
        val second = GameViewModel(backgroundScope, library(), testSettings)
        val resumed = second.act(UiEvent.Resume(id))
        assertNull(resumed.message)
        assertEquals(id, resumed.gameId)
        assertNull(resumed.recoveredFromBackup)
        assertEquals(mid.snapshot!!.position(), resumed.snapshot!!.position())
        assertEquals(mid.rules, resumed.rules)
        // And it plays on from there.
        val next = second.act(UiEvent.ChooseMove(0, resumed.snapshot!!.state))
        assertNull(next.message)
        assertNotNull(next.lastMove)
    }

    @Test
    fun `the result card is put aside only once the game is over, and brought back`() = runTest(timeout = 60.seconds) {
        val vm = GameViewModel(backgroundScope, library(), testSettings)
        var st = vm.act(UiEvent.NewGame(table(human, human, seed = 3u)))
        vm.onEvent(UiEvent.SetResultAside(true))
        st = vm.act(UiEvent.Throw())
        assertFalse(st.resultAside, "a game under way has no result to put aside")
        var guard = 0
        while (!st.over) {
            check(++guard < 3000) { "the game did not end" }
            st = vm.act(if (st.canThrow) UiEvent.Throw() else UiEvent.ChooseMove(st.legalMoves.lastIndex, st.snapshot!!.state))
        }
        vm.onEvent(UiEvent.SetResultAside(true))
        assertTrue(vm.state.first { it.resultAside }.over)
        vm.onEvent(UiEvent.SetResultAside(false))
        assertFalse(vm.state.first { !it.resultAside }.resultAside)
    }

    @Test
    fun `undo takes back the mover's move while the turn goes on, and not the previous player's`() =
        runTest(timeout = 60.seconds) {
            val vm = GameViewModel(backgroundScope, library(), testSettings)
            // Pass-and-play: two people at one phone, each playing the first listed move.
            var st = vm.act(UiEvent.NewGame(table(human, human)))
            var undone = 0
            var refused = 0
            for (i in 0 until 400) {
                if (st.over || (undone > 0 && refused > 0)) break
                if (st.canThrow) {
                    st = vm.act(UiEvent.Throw())
                    assertFalse(st.canUndo, "a throw cannot be taken back")
                    continue
                }
                val before = st
                val moved = vm.act(UiEvent.ChooseMove(0, before.snapshot!!.state))
                st = moved
                if (moved.snapshot!!.turn.seat != before.snapshot!!.turn.seat) {
                    // The next player holds the phone now: their Undo leaves the move alone.
                    assertFalse(moved.canUndo, "the Undo button is off once the turn has passed")
                    val no = vm.act(UiEvent.Undo)
                    assertEquals(MessageKind.CannotUndo, no.message?.kind)
                    assertEquals(moved.snapshot, no.snapshot, "the previous player's move stands")
                    refused++
                    // The player reads the message and taps it away.
                    vm.onEvent(UiEvent.Dismiss)
                    st = vm.state.first { it.message == null }
                    continue
                }
                // The mover acts again (a throw owed after 윷, 모 or a capture): still theirs.
                assertTrue(moved.canUndo)
                val back = vm.act(UiEvent.Undo)
                assertNull(back.message)
                assertEquals(before.snapshot!!.position(), back.snapshot!!.position())
                assertFalse(back.canUndo)
                assertTrue(back.saved)
                // The taken-back position is what is on disk.
                assertEquals(back.snapshot!!.position(), library().load(back.gameId!!).session.snapshot().position())
                undone++
                st = back
            }
            assertTrue(undone > 0 && refused > 0, "undone $undone, refused $refused")
        }

    @Test
    fun `once the turn has passed to the bot, undo is refused and the bot plays on`() = runTest(timeout = 60.seconds) {
        val settings = testSettings.copy(botPauseMs = 5_000)
        val vm = GameViewModel(backgroundScope, library(), settings)
        // A table whose first turn ends on a move (not on a lost result).
        var waiting: GameUiState? = null
        for (seed in 1..30) {
            var st = vm.act(UiEvent.NewGame(table(human, easyBot, seed = seed.toULong())))
            while (st.humanToAct) {
                st = if (st.canThrow) vm.act(UiEvent.Throw()) else vm.act(UiEvent.ChooseMove(0, st.snapshot!!.state))
            }
            val w = vm.state.first { it.botThinking }
            if (w.snapshot!!.lastEvents.none { it is GameEvent.Moved }) continue
            waiting = w
            break
        }
        checkNotNull(waiting) { "no first turn ended on a move" }
        assertEquals(1, waiting.snapshot!!.turn.seat)
        assertFalse(waiting.canUndo, "the person's move stands once the turn has passed")
        val refused = vm.act(UiEvent.Undo)
        assertEquals(MessageKind.CannotUndo, refused.message?.kind)
        assertEquals(waiting.snapshot, refused.snapshot, "nothing was taken back")
        assertTrue(refused.botThinking, "the bot still waits to play")
        // After its pause the bot plays its turn.
        advanceTimeBy(60_000)
        runCurrent()
        val after = vm.state.value
        assertTrue(after.lastThrow?.byBot == true, "the bot threw")
        assertNotEquals(waiting.snapshot!!.state, after.snapshot!!.state)
    }

    @Test
    fun `a new game cancels the bot of the old one`() = runTest(timeout = 60.seconds) {
        val library = library()
        val vm = GameViewModel(backgroundScope, library, testSettings.copy(botPauseMs = 2_000))
        val old = vm.act(UiEvent.NewGame(table(easyBot, human, seed = 5u)))
        vm.state.first { it.botThinking }
        runCurrent()
        val fresh = vm.act(UiEvent.NewGame(table(human, human, seed = 6u)))
        assertNotEquals(old.gameId, fresh.gameId)
        assertFalse(fresh.botThinking)
        assertNull(fresh.lastThrow)
        // The old bot's pause runs out: nothing happens, to either game.
        advanceTimeBy(60_000)
        runCurrent()
        assertEquals(fresh.snapshot, vm.state.value.snapshot)
        val oldOnDisk = library.list().single { it.id == old.gameId }
        assertEquals(0, oldOnDisk.summary!!.actions, "the old game's bot never threw")
    }

    @Test
    fun `leaving stops a game of bots`() = runTest(timeout = 60.seconds) {
        val library = library()
        val hard = PlayerKind.Bot(app.yunnori.core.BotLevel.HARD)
        val vm = GameViewModel(backgroundScope, library, testSettings.copy(botPauseMs = 0, moveStepMs = 0))
        val st = vm.act(UiEvent.NewGame(table(hard, hard, seed = 9u)))
        val id = st.gameId!!
        // Let the bots play a while (real time: the core thinks on its own threads).
        vm.state.first { (it.lastMove?.seq ?: 0) >= 3 }
        vm.onEvent(UiEvent.Leave)
        vm.state.first { !it.hasGame }
        val actions = library.list().single { it.id == id }.summary!!.actions
        withContext(Dispatchers.Default) { delay(500) }
        advanceTimeBy(10_000)
        runCurrent()
        assertEquals(actions, library.list().single { it.id == id }.summary!!.actions, "no bot acted after leaving")
        assertFalse(vm.state.value.botThinking)
        assertNull(vm.state.value.snapshot)
    }

    @Test
    fun `a destination reached by two moves asks, and the answer plays`() = runTest(timeout = 60.seconds) {
        // With optional stacking, landing on one's own piece may join it or stay apart.
        val rules = Tables.rules("stacking" to RuleValue.Choice("optional"))
        val vm = GameViewModel(backgroundScope, library(), testSettings)
        var st = vm.act(UiEvent.NewGame(table(human, human, seed = 21u, rules = rules)))
        repeat(600) {
            if (st.over) return@repeat
            if (st.canThrow) {
                st = vm.act(UiEvent.Throw())
                return@repeat
            }
            val twoWay = st.legalMoves.groupBy { it.from to it.to }.values
                .firstOrNull { g -> g.size == 2 && g.map { it.stack }.toSet() == setOf(true, false) }
            if (twoWay == null) {
                st = vm.act(UiEvent.ChooseMove(0, st.snapshot!!.state))
                return@repeat
            }
            vm.onEvent(UiEvent.SelectPiece(twoWay.first().from))
            vm.state.first { it.selection?.from == twoWay.first().from }
            vm.onEvent(UiEvent.ChooseDestination(twoWay.first().to))
            val asked = vm.state.first { it.choice != null }.choice!!
            assertTrue(asked.asksStack)
            assertEquals(listOf(true, false), asked.stackChoices.sorted().reversed())
            val played = vm.act(UiEvent.ChooseStack(true))
            assertNull(played.message)
            assertNull(played.choice)
            assertTrue(played.lastMove!!.events.any { it is app.yunnori.core.GameEvent.Stacked })
            return@runTest
        }
        error("no stacking choice came up")
    }

    @Test
    fun `a finished game has no bot and no throw`() = runTest(timeout = 120.seconds) {
        // One piece each, two easy bots: a short game played to the end.
        val rules = Tables.rules("pieces_per_player" to RuleValue.Count(1))
        val vm = GameViewModel(backgroundScope, library(), testSettings.copy(botPauseMs = 0, moveStepMs = 0))
        vm.act(UiEvent.NewGame(table(easyBot, easyBot, seed = 4u, rules = rules)))
        val end = vm.state.first { it.over }
        assertEquals(Phase.OVER, end.snapshot!!.phase)
        assertNotNull(end.snapshot!!.winner)
        assertFalse(end.canThrow)
        vm.state.first { !it.botThinking && it.saved }
        assertEquals(MessageKind.NotNow, vm.act(UiEvent.Throw()).message?.kind)

        // Play again: a new game at the same table, with the same rules.
        val again = vm.act(UiEvent.PlayAgain)
        assertNotEquals(end.gameId, again.gameId)
        assertFalse(again.over)
        assertEquals(end.snapshot!!.seats.map { it.name to it.player }, again.snapshot!!.seats.map { it.name to it.player })
        assertEquals(end.rules, again.rules)
    }

    /** Plays the two human seats (last listed move) until seat 0 has a move with two destinations or more. */
    private suspend fun GameViewModel.toARealChoice(start: GameUiState): GameUiState {
        var st = start
        var actions = 0
        while (!(st.canMove && st.legalMoves.map { it.to }.distinct().size >= 2)) {
            check(++actions < 500 && !st.over) { "no choice came up" }
            st = if (st.canThrow) act(UiEvent.Throw()) else act(UiEvent.ChooseMove(st.legalMoves.lastIndex, st.snapshot!!.state))
            assertNull(st.message)
        }
        return st
    }

    @Test
    fun `a hint lights up the hard bot's move, and goes once the position changes`() = runTest(timeout = 60.seconds) {
        val vm = GameViewModel(backgroundScope, library(), testSettings)
        val asked = vm.toARealChoice(vm.act(UiEvent.NewGame(table(human, human, seed = 11u))))
        assertTrue(asked.canAskHint)
        vm.onEvent(UiEvent.Hint)
        val hinted = vm.state.first { it.hint != null || it.message != null }
        assertNull(hinted.message)
        val hint = assertNotNull(hinted.hint)
        assertFalse(hinted.hintThinking)
        assertFalse(hinted.canAskHint)
        assertEquals(asked.snapshot!!.state, hint.state)
        assertEquals(hinted.legalMoves[hint.moveIndex], hint.move)
        // Its piece is picked, so its destination lights up among the others.
        assertEquals(hint.move.from, hinted.selection?.from)
        assertTrue(hinted.selection!!.destinations.any { hint.moveIndex in it.moveIndices })
        // Every option has its estimate, to compare: the hinted destination shows the best.
        assertEquals(asked.legalMoves.size, hint.chances.size)
        assertEquals(hint.winChance, hint.chances[hint.moveIndex])
        assertTrue(hint.chances.all { it != null && it <= hint.winChance + 1e-9 })
        val dest = hinted.selection!!.destinations.first { hint.moveIndex in it.moveIndices }
        assertEquals(hint.winChance, hinted.chanceAt(dest))
        assertNull(asked.chanceAt(dest), "no estimates without a hint")

        // It is the hard bot's own choice, and its estimate: the saved position asked directly.
        assertTrue(hint.winChance in 0.0..1.0, "winning chance ${hint.winChance}")
        vm.state.first { it.saved }
        val copy = library().load(hinted.gameId!!).session
        val direct = copy.hint(1_500u)
        assertEquals(hint.move.copy(state = 0u), direct.chosen.copy(state = 0u))
        assertEquals(hint.winChance, direct.winChance)
        assertEquals(direct.chosen, copy.botMove(BotLevel.HARD, 1_500u))
        copy.close()

        // Picking another piece keeps the hint; asking again picks its piece again.
        val other = hinted.movableFrom.firstOrNull { it != hint.move.from }
        if (other != null) {
            vm.onEvent(UiEvent.SelectPiece(other))
            assertEquals(hint, vm.state.first { it.selection?.from == other }.hint)
            vm.onEvent(UiEvent.Hint)
            assertEquals(hint.move.from, vm.state.first { it.selection?.from == hint.move.from }.selection?.from)
        }

        // Playing it plays that move, and the hint goes with the position.
        val played = vm.act(UiEvent.ChooseMove(hint.moveIndex, hint.state))
        assertNull(played.message)
        assertEquals(hint.move.path, played.lastMove!!.path)
        assertNull(played.hint)
    }

    @Test
    fun `a hint is refused when there is no move to choose`() = runTest(timeout = 60.seconds) {
        val vm = GameViewModel(backgroundScope, library(), testSettings)
        assertEquals(MessageKind.NoGame, vm.act(UiEvent.Hint).message?.kind)
        val start = vm.act(UiEvent.NewGame(table(human, human)))
        assertFalse(start.canAskHint)
        assertEquals(MessageKind.NotNow, vm.act(UiEvent.Hint).message?.kind, "the sticks are not thrown yet")

        // The bot's turn (it waits out its pause): not the person's move.
        val botFirst = vm.act(UiEvent.NewGame(table(easyBot, human)))
        assertTrue(botFirst.botThinking)
        val refused = vm.act(UiEvent.Hint)
        assertEquals(MessageKind.NotYourTurn, refused.message?.kind)
        assertNull(refused.hint)
        assertFalse(refused.hintThinking)
    }

    @Test
    fun `a hint or review asked just before a move never shows on the next position`() = runTest(timeout = 60.seconds) {
        val vm = GameViewModel(backgroundScope, library(), testSettings)
        val asked = vm.toARealChoice(vm.act(UiEvent.NewGame(table(human, human, seed = 11u))))
        // The events queue in order: the searches start, then the move cancels them.
        vm.onEvent(UiEvent.Hint)
        vm.onEvent(UiEvent.Review)
        val moved = vm.act(UiEvent.ChooseMove(0, asked.snapshot!!.state))
        assertNull(moved.message)
        val after = vm.state.first { it.snapshot!!.state != asked.snapshot!!.state && !it.hintThinking && !it.reviewing }
        // Give a late answer time to arrive: it must be dropped.
        withContext(Dispatchers.Default) { delay(300) }
        assertNull(vm.state.value.hint)
        assertNull(vm.state.value.review)
        assertNull(vm.state.value.message)
        assertEquals(after.snapshot!!.state, vm.state.value.snapshot!!.state)

        // The stopped search left the game usable: a hint on a later move arrives.
        val next = vm.toARealChoice(vm.state.value)
        vm.onEvent(UiEvent.Hint)
        val hinted = vm.state.first { it.hint != null || it.message != null }
        assertNull(hinted.message)
        assertEquals(next.snapshot!!.state, hinted.hint!!.state)
    }

    @Test
    fun `a review after the game lists the people's slips, largest first`() = runTest(timeout = 120.seconds) {
        val vm = GameViewModel(backgroundScope, library(), testSettings)
        assertEquals(MessageKind.NoGame, vm.act(UiEvent.Review).message?.kind)
        var st = vm.act(UiEvent.NewGame(table(human, human, seed = 3u)))
        // Both people play the last listed move, whatever it is, to the end.
        var actions = 0
        while (!st.over) {
            check(++actions < 3000) { "the game did not end" }
            st = if (st.canThrow) vm.act(UiEvent.Throw()) else vm.act(UiEvent.ChooseMove(st.legalMoves.lastIndex, st.snapshot!!.state))
            assertNull(st.message)
        }
        vm.onEvent(UiEvent.Review)
        val reviewed = vm.state.first { it.review != null || it.message != null }
        assertNull(reviewed.message)
        assertFalse(reviewed.reviewing)
        val slips = reviewed.review!!.slips
        assertTrue(slips.size >= 3, "${slips.size} slips")
        val losses = slips.map { it.bestChance - it.playedChance }
        assertEquals(losses.sortedDescending(), losses)
        assertTrue(losses.all { it >= 0.05 })
        assertTrue(slips.all { it.seat in 0..1 && it.turn >= 1u && it.played != it.best })

        vm.onEvent(UiEvent.CloseReview)
        assertNull(vm.state.first { it.review == null }.message)
    }
}
