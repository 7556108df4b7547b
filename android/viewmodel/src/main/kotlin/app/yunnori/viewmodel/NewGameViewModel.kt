package app.yunnori.viewmodel

import app.yunnori.core.BotLevel
import app.yunnori.core.GameSession
import app.yunnori.core.NewGame as NewGameSetup
import app.yunnori.core.PlayerKind
import app.yunnori.core.Preset
import app.yunnori.core.PresetInfo
import app.yunnori.core.RuleOption
import app.yunnori.core.RuleSetting
import app.yunnori.core.RuleValue
import app.yunnori.core.Rules
import app.yunnori.core.RulesDescription
import app.yunnori.core.SeatSpec
import app.yunnori.core.YutException
import app.yunnori.core.describeRules
import app.yunnori.core.presetRules
import app.yunnori.core.presets
import app.yunnori.core.tablePieces
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow

/** One seat of the new-game form. */
data class SeatForm(
    val name: String,
    /** `#RRGGBB`. */
    val colour: String,
    val player: PlayerKind,
    /** The side (team) the seat plays for, when playing in teams. */
    val side: Int,
)

/**
 * The new-game form. The rule options, their labels, allowed values and the preset's
 * values all come from the core (`describeRules`); the form only keeps what was picked.
 */
data class NewGameUiState(
    val presets: List<PresetInfo>,
    val preset: Preset,
    /** The preset plus the house rules changed from it, as the core normalised them. */
    val rules: Rules,
    val options: List<RuleOption>,
    val minSeats: Int,
    val maxSeats: Int,
    val seats: List<SeatForm>,
    val teams: Boolean = false,
    val undo: Boolean = true,
    val palette: List<String> = PALETTE,
    val message: UserMessage? = null,
    /** The table the core accepted after `Start`: hand it to the game screen, then send `StartHandled`. */
    val ready: NewGameSetup? = null,
) {
    val presetInfo: PresetInfo? get() = presets.firstOrNull { it.preset == preset }

    /** Keys of the house rules that differ from the preset. */
    val changedKeys: Set<String> get() = rules.changes.map { it.key }.toSet()
    val canAddSeat: Boolean get() = seats.size < maxSeats
    val canRemoveSeat: Boolean get() = seats.size > minSeats

    /** Teams need at least three seats (two sides, one of them shared). */
    val teamsAllowed: Boolean get() = seats.size >= 3

    companion object {
        /**
         * Seat colours, from design/tokens.json (the same as the iPhone app's): Okabe and
         * Ito's set, which people with any common colour-vision deficiency tell apart; each
         * seat also has its own shape on its pieces.
         */
        val PALETTE: List<String> = SeatColour.entries.map { it.hex }
    }
}

/**
 * The new-game screen's state holder. Everything it asks of the core is quick and in
 * memory, so it answers on the caller's thread.
 *
 * [defaultName] names a seat the player has not named (the app passes localised words).
 */
class NewGameViewModel(
    private val defaultName: (seat: Int, player: PlayerKind) -> String = ::englishName,
) {
    private val lock = Any()
    private val _state: MutableStateFlow<NewGameUiState>
    val state: StateFlow<NewGameUiState>

    init {
        val all = presets()
        val preset = all.first().preset
        val desc = describeRules(presetRules(preset))
        val seats = listOf(
            seat(0, PlayerKind.Human, side = 0),
            seat(1, PlayerKind.Bot(BotLevel.MEDIUM), side = 1),
        )
        _state = MutableStateFlow(
            NewGameUiState(
                presets = all,
                preset = preset,
                rules = desc.rules,
                options = desc.options,
                minSeats = desc.minSeats,
                maxSeats = desc.maxSeats,
                seats = seats,
            ).fitSeats(),
        )
        state = _state.asStateFlow()
    }

    fun onEvent(event: UiEvent.ForNewGame) {
        synchronized(lock) {
            val now = _state.value
            _state.value = try {
                reduce(now, event)
            } catch (e: YutException) {
                now.copy(message = e.toUserMessage())
            }
        }
    }

    private fun reduce(s: NewGameUiState, event: UiEvent.ForNewGame): NewGameUiState = when (event) {
        is UiEvent.SelectPreset -> s.copy(preset = event.preset).withRules(describeRules(presetRules(event.preset))).fitSeats().let {
            it.withPieces(tablePieces(it.preset, it.seats.size, it.teams))
        }
        is UiEvent.SetRule -> s.withRules(
            describeRules(Rules(s.preset, s.rules.changes.filter { it.key != event.key } + RuleSetting(event.key, event.value))),
        )
        is UiEvent.ResetRule -> s.withRules(describeRules(Rules(s.preset, s.rules.changes.filter { it.key != event.key })))
        UiEvent.ResetRules -> s.withRules(describeRules(presetRules(s.preset)))
        UiEvent.AddSeat -> if (!s.canAddSeat) s else s.retable { copy(seats = seats + newSeat(this)) }
        is UiEvent.RemoveSeat -> if (!s.canRemoveSeat || event.seat !in s.seats.indices) {
            s
        } else {
            s.retable { copy(seats = seats.filterIndexed { i, _ -> i != event.seat }) }
        }
        is UiEvent.SetSeatName -> s.editSeat(event.seat) { it.copy(name = event.name) }
        is UiEvent.SetSeatColour -> s.editSeat(event.seat) { it.copy(colour = event.colour) }
        is UiEvent.SetSeatPlayer -> s.editSeat(event.seat) { seat ->
            // A name the player never typed follows the kind of player.
            val keepName = seat.name != defaultName(event.seat, seat.player)
            seat.copy(player = event.player, name = if (keepName) seat.name else defaultName(event.seat, event.player))
        }
        is UiEvent.SetTeams -> s.retable { copy(teams = event.on && teamsAllowed) }
        is UiEvent.SetSeatSide -> if (event.side !in s.seats.indices) s else s.editSeat(event.seat) { it.copy(side = event.side) }
        is UiEvent.SetUndo -> s.copy(undo = event.on)
        UiEvent.Start -> start(s)
        UiEvent.StartHandled -> s.copy(ready = null)
        UiEvent.Dismiss -> s.copy(message = null)
    }

    private fun start(s: NewGameUiState): NewGameUiState {
        s.seats.indexOfFirst { it.name.isBlank() }.takeIf { it >= 0 }?.let {
            return s.copy(message = UserMessage(MessageKind.SeatNameMissing, "seat ${it + 1}"))
        }
        val colours = s.seats.map { it.colour.uppercase() }
        if (colours.toSet().size != colours.size) return s.copy(message = UserMessage(MessageKind.SameColour))
        val setup = NewGameSetup(
            rules = s.rules,
            seats = s.seats.map { SeatSpec(it.name.trim(), it.colour, it.player) },
            teams = if (s.teams) {
                s.seats.indices.groupBy { s.seats[it].side }.toSortedMap().values.toList()
            } else {
                null
            },
            seed = null,
            undo = s.undo,
        )
        // The core has the last word on the table (sides, colours, seat count): seat it once.
        GameSession(setup).close()
        return s.copy(ready = setup, message = null)
    }

    private fun newSeat(s: NewGameUiState): SeatForm {
        val i = s.seats.size
        val used = s.seats.map { it.colour.uppercase() }.toSet()
        val colour = s.palette.firstOrNull { it.uppercase() !in used } ?: s.palette[i % s.palette.size]
        return SeatForm(defaultName(i, PlayerKind.Human), colour, PlayerKind.Human, side = i % 2)
    }

    private fun seat(i: Int, player: PlayerKind, side: Int) =
        SeatForm(defaultName(i, player), NewGameUiState.PALETTE[i], player, side)

    private fun NewGameUiState.withRules(d: RulesDescription) =
        copy(rules = d.rules, options = d.options, minSeats = d.minSeats, maxSeats = d.maxSeats, message = null)

    private fun NewGameUiState.withPieces(n: Int) =
        withRules(describeRules(Rules(preset, rules.changes.filter { it.key != PIECES } + RuleSetting(PIECES, RuleValue.Count(n)))))

    /**
     * Changes the table (seats, teams). Where that changes the pieces the tradition deals
     * (Culin: 3 each for three players, 2 for four in teams), the form takes the new count;
     * otherwise a host's own choice of pieces stays.
     */
    private fun NewGameUiState.retable(change: NewGameUiState.() -> NewGameUiState): NewGameUiState {
        val dealt = tablePieces(preset, seats.size, teams)
        val next = change().fitSeats()
        val now = tablePieces(next.preset, next.seats.size, next.teams)
        return if (now == dealt) next else next.withPieces(now)
    }

    /** Brings the seat count into the preset's range, and teams into line with it. */
    private fun NewGameUiState.fitSeats(): NewGameUiState {
        var s = this
        if (s.seats.size > s.maxSeats) s = s.copy(seats = s.seats.take(s.maxSeats))
        while (s.seats.size < s.minSeats) s = s.copy(seats = s.seats + newSeat(s))
        if (!s.teamsAllowed) s = s.copy(teams = false)
        // Sides numbered within the table.
        s = s.copy(seats = s.seats.map { if (it.side >= s.seats.size) it.copy(side = 0) else it })
        return s
    }

    private fun NewGameUiState.editSeat(i: Int, f: (SeatForm) -> SeatForm) =
        if (i !in seats.indices) this else copy(seats = seats.mapIndexed { j, seat -> if (j == i) f(seat) else seat })
}

private const val PIECES = "pieces_per_player"

private fun englishName(seat: Int, player: PlayerKind): String = when (player) {
    is PlayerKind.Bot -> "Bot ${seat + 1}"
    PlayerKind.Human -> "Player ${seat + 1}"
}
