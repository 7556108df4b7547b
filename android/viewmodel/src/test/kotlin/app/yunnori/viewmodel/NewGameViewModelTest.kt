package app.yunnori.viewmodel

import app.yunnori.core.BotLevel
import app.yunnori.core.PlayerKind
import app.yunnori.core.Preset
import app.yunnori.core.RuleKind
import app.yunnori.core.RuleValue
import app.yunnori.core.SaveLibrary
import app.yunnori.core.describeRules
import app.yunnori.core.presets
import app.yunnori.viewmodel.Tables.testSettings
import kotlinx.coroutines.test.runTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue
import kotlin.time.Duration.Companion.seconds

class NewGameViewModelTest {
    @TempDir
    lateinit var dir: Path

    @Test
    fun `the form comes from the core's presets and rule options`() {
        val vm = NewGameViewModel()
        val st = vm.state.value
        assertEquals(presets(), st.presets)
        assertEquals(st.presets.first().preset, st.preset)
        val described = describeRules(st.rules)
        assertEquals(described.options, st.options)
        assertTrue(st.options.any { it.kind is RuleKind.Flag } && st.options.any { it.kind is RuleKind.Choice })
        assertEquals(described.minSeats to described.maxSeats, st.minSeats to st.maxSeats)
        assertEquals(2, st.seats.size)
        assertEquals(PlayerKind.Human, st.seats[0].player)
        assertTrue(st.seats[1].player is PlayerKind.Bot)
        assertTrue(st.changedKeys.isEmpty())
        assertFalse(st.teamsAllowed)
    }

    @Test
    fun `house rules change, reset, and a value the core refuses is a message`() {
        val vm = NewGameViewModel()
        val backDo = vm.state.value.options.single { it.key == "back_do" }
        val flipped = RuleValue.Flag(!(backDo.value as RuleValue.Flag).on)
        vm.onEvent(UiEvent.SetRule("back_do", flipped))
        assertEquals(setOf("back_do"), vm.state.value.changedKeys)
        assertEquals(flipped, vm.state.value.options.single { it.key == "back_do" }.value)

        // Setting the preset's own value is no change at all (the core normalises).
        vm.onEvent(UiEvent.SetRule("back_do", backDo.presetValue))
        assertTrue(vm.state.value.changedKeys.isEmpty())

        vm.onEvent(UiEvent.SetRule("pieces_per_player", RuleValue.Count(2)))
        vm.onEvent(UiEvent.SetRule("finish", RuleValue.Choice("exact")))
        assertEquals(setOf("pieces_per_player", "finish"), vm.state.value.changedKeys)
        vm.onEvent(UiEvent.ResetRule("finish"))
        assertEquals(setOf("pieces_per_player"), vm.state.value.changedKeys)

        val before = vm.state.value
        vm.onEvent(UiEvent.SetRule("pieces_per_player", RuleValue.Count(9)))
        assertEquals(MessageKind.InvalidRules, vm.state.value.message?.kind)
        assertEquals(before.rules, vm.state.value.rules, "a refused value changes nothing")
        vm.onEvent(UiEvent.SetRule("no_such_rule", RuleValue.Flag(true)))
        assertEquals(MessageKind.InvalidRules, vm.state.value.message?.kind)
        vm.onEvent(UiEvent.Dismiss)
        assertNull(vm.state.value.message)
        vm.onEvent(UiEvent.ResetRules)
        assertTrue(vm.state.value.changedKeys.isEmpty())
    }

    @Test
    fun `Culin's tradition deals the pieces for the table, and a host's own count stays`() {
        val vm = NewGameViewModel()
        fun pieces() = (vm.state.value.options.single { it.key == "pieces_per_player" }.value as RuleValue.Count).value
        vm.onEvent(UiEvent.SetRule("pieces_per_player", RuleValue.Count(2)))
        vm.onEvent(UiEvent.AddSeat)
        assertEquals(2, pieces(), "Yunnori deals 4 at every table: the host's 2 stays")

        vm.onEvent(UiEvent.SelectPreset(Preset.CULIN1895))
        assertEquals(3, vm.state.value.seats.size)
        assertEquals(3, pieces(), "three players in Culin's account take 3 each")
        assertEquals(setOf("pieces_per_player"), vm.state.value.changedKeys)
        vm.onEvent(UiEvent.AddSeat)
        assertEquals(4, pieces(), "four players each for themselves: the usual 4")
        vm.onEvent(UiEvent.SetTeams(true))
        assertEquals(2, pieces(), "four in two teams take 2 each")
        vm.onEvent(UiEvent.SetRule("pieces_per_player", RuleValue.Count(1)))
        vm.onEvent(UiEvent.SetSeatSide(3, 0))
        assertEquals(1, pieces(), "a change of partners deals nothing new")
        vm.onEvent(UiEvent.RemoveSeat(3))
        assertEquals(3, pieces())
        vm.onEvent(UiEvent.Start)
        val ready = assertNotNull(vm.state.value.ready, "${vm.state.value.message}")
        val dealt = describeRules(ready.rules).options.single { it.key == "pieces_per_player" }.value
        assertEquals(RuleValue.Count(3), dealt, "the game starts with the dealt pieces")
    }

    @Test
    fun `seats stay within the preset's range`() {
        val vm = NewGameViewModel()
        repeat(10) { vm.onEvent(UiEvent.AddSeat) }
        val st = vm.state.value
        assertEquals(st.maxSeats, st.seats.size)
        assertFalse(st.canAddSeat)
        assertEquals(st.seats.size, st.seats.map { it.colour }.toSet().size, "every seat its own colour")

        // A preset with more seats, then back to fewer: the table is cut to fit.
        val big = st.presets.maxBy { it.maxSeats }
        vm.onEvent(UiEvent.SelectPreset(big.preset))
        repeat(10) { vm.onEvent(UiEvent.AddSeat) }
        assertEquals(big.maxSeats, vm.state.value.seats.size)
        vm.onEvent(UiEvent.SelectPreset(Preset.YUNNORI))
        assertEquals(vm.state.value.maxSeats, vm.state.value.seats.size)

        repeat(10) { vm.onEvent(UiEvent.RemoveSeat(0)) }
        assertEquals(vm.state.value.minSeats, vm.state.value.seats.size)
        assertFalse(vm.state.value.canRemoveSeat)
    }

    @Test
    fun `start hands a table the core accepts to the game screen`() = runTest(timeout = 60.seconds) {
        val vm = NewGameViewModel()
        vm.onEvent(UiEvent.AddSeat)
        vm.onEvent(UiEvent.AddSeat)
        vm.onEvent(UiEvent.SetSeatName(0, "Grandma"))
        vm.onEvent(UiEvent.SetSeatPlayer(1, PlayerKind.Human))
        vm.onEvent(UiEvent.SetSeatPlayer(3, PlayerKind.Bot(BotLevel.HARD)))
        assertEquals("Bot 4", vm.state.value.seats[3].name, "an untouched name follows the player kind")
        vm.onEvent(UiEvent.SetTeams(true))
        assertTrue(vm.state.value.teams)
        vm.onEvent(UiEvent.SetUndo(false))
        vm.onEvent(UiEvent.Start)
        val ready = assertNotNull(vm.state.value.ready, "${vm.state.value.message}")
        assertEquals(listOf(listOf(0, 2), listOf(1, 3)), ready.teams)
        assertEquals("Grandma", ready.seats[0].name)
        assertFalse(ready.undo)
        vm.onEvent(UiEvent.StartHandled)
        assertNull(vm.state.value.ready)

        val game = GameViewModel(backgroundScope, SaveLibrary.open(dir.toString()), testSettings)
        val st = game.act(UiEvent.NewGame(ready))
        assertNull(st.message)
        assertEquals(2, st.snapshot!!.sides.size)
        assertEquals(listOf("Grandma", "Player 2", "Player 3", "Bot 4"), st.snapshot!!.seats.map { it.name })
    }

    @Test
    fun `a table the form or the core refuses is a message`() {
        val vm = NewGameViewModel()
        vm.onEvent(UiEvent.SetSeatName(1, "  "))
        vm.onEvent(UiEvent.Start)
        assertEquals(MessageKind.SeatNameMissing, vm.state.value.message?.kind)
        assertNull(vm.state.value.ready)
        vm.onEvent(UiEvent.SetSeatName(1, "Min"))

        vm.onEvent(UiEvent.SetSeatColour(1, vm.state.value.seats[0].colour.lowercase()))
        vm.onEvent(UiEvent.Start)
        assertEquals(MessageKind.SameColour, vm.state.value.message?.kind)

        vm.onEvent(UiEvent.SetSeatColour(1, "blue"))
        vm.onEvent(UiEvent.Start)
        assertEquals(MessageKind.InvalidSetup, vm.state.value.message?.kind, "the core checks colours")
        vm.onEvent(UiEvent.SetSeatColour(1, "#123456"))

        // Three seats, all on one side: the core wants two sides.
        vm.onEvent(UiEvent.AddSeat)
        vm.onEvent(UiEvent.SetTeams(true))
        repeat(3) { vm.onEvent(UiEvent.SetSeatSide(it, 0)) }
        vm.onEvent(UiEvent.Start)
        assertEquals(MessageKind.InvalidSetup, vm.state.value.message?.kind)
        assertNull(vm.state.value.ready)

        vm.onEvent(UiEvent.SetSeatSide(2, 1))
        vm.onEvent(UiEvent.Start)
        assertNull(vm.state.value.message)
        assertEquals(listOf(listOf(0, 1), listOf(2)), vm.state.value.ready?.teams)
    }
}
