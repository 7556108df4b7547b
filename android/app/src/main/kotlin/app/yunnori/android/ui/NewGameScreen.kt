@file:OptIn(ExperimentalMaterial3Api::class, ExperimentalLayoutApi::class)

package app.yunnori.android.ui

import androidx.compose.foundation.background
import androidx.compose.foundation.border
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.layout.windowInsetsPadding
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.foundation.lazy.itemsIndexed
import androidx.compose.foundation.selection.selectable
import androidx.compose.foundation.selection.toggleable
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.material.icons.Icons
import androidx.compose.material.icons.filled.Close
import androidx.compose.material3.AssistChip
import androidx.compose.material3.Button
import androidx.compose.material3.Card
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.FilterChip
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.Icon
import androidx.compose.material3.IconButton
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Slider
import androidx.compose.material3.SnackbarHost
import androidx.compose.material3.SnackbarHostState
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableFloatStateOf
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.tooling.preview.Preview
import androidx.compose.ui.unit.dp
import app.yunnori.android.R
import app.yunnori.android.ui.theme.YunnoriTheme
import app.yunnori.core.BotLevel
import app.yunnori.core.PlayerKind
import app.yunnori.core.RuleKind
import app.yunnori.core.RuleOption
import app.yunnori.core.RuleValue
import app.yunnori.core.boardLayout
import app.yunnori.core.throwFromId
import app.yunnori.core.AppEvent
import app.yunnori.core.FormEvent
import app.yunnori.core.FormState
import app.yunnori.core.Message
import app.yunnori.core.SeatForm

/** The new-game form's start button's test tag. */
const val START_TAG = "start-game"

/**
 * The new-game form: preset, seats, and every house rule the core describes. Stateless: it
 * draws the core's [state] (which also checks the table on Start) and reports each edit
 * through [onEvent].
 */
@Composable
fun NewGameScreen(state: FormState, message: Message?, onEvent: (AppEvent) -> Unit) {
    val snackbar = remember { SnackbarHostState() }
    MessageEffect(message, snackbar, onDismiss = { onEvent(AppEvent.Dismiss) })
    val form: (FormEvent) -> Unit = { onEvent(AppEvent.Form(it)) }

    Scaffold(
        contentWindowInsets = safeInsets(),
        topBar = { BackTopBar(stringResource(R.string.new_game_title)) { onEvent(AppEvent.Back) } },
        snackbarHost = { SnackbarHost(snackbar) },
        bottomBar = {
            // Above the navigation bar, and above the keyboard while a name is typed.
            Box(Modifier.fillMaxWidth().windowInsetsPadding(safeInsets().onlyBottomAndSides())) {
                Button(
                    onClick = { form(FormEvent.Start) },
                    modifier = Modifier.fillMaxWidth().padding(16.dp).testTag(START_TAG),
                ) { Text(stringResource(R.string.new_game_start)) }
            }
        },
    ) { padding ->
        LazyColumn(
            modifier = Modifier.fillMaxSize().padding(padding),
            verticalArrangement = Arrangement.spacedBy(12.dp),
        ) {
            item { SectionTitle(stringResource(R.string.new_game_preset)) }
            item {
                FlowRow(Modifier.padding(horizontal = 16.dp), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                    state.presets.forEach { p ->
                        FilterChip(
                            selected = p.preset == state.preset,
                            onClick = { form(FormEvent.SelectPreset(p.preset)) },
                            label = { Text(stringResource(p.preset.label())) },
                        )
                    }
                }
                state.presets.firstOrNull { it.preset == state.preset }?.let {
                    Text(
                        stringResource(it.preset.description()),
                        style = MaterialTheme.typography.bodySmall,
                        modifier = Modifier.padding(horizontal = 16.dp, vertical = 4.dp),
                    )
                }
            }

            item {
                SectionTitle(stringResource(R.string.new_game_seats, state.seats.size, state.minSeats.toInt(), state.maxSeats.toInt()))
            }
            itemsIndexed(state.seats) { index, seat ->
                SeatCard(index, seat, state, form)
            }
            item {
                Row(Modifier.padding(horizontal = 16.dp), verticalAlignment = Alignment.CenterVertically) {
                    OutlinedButton(onClick = { form(FormEvent.AddSeat) }, enabled = state.canAddSeat) {
                        Text(stringResource(R.string.new_game_add_seat))
                    }
                }
            }
            item {
                SwitchRow(
                    label = stringResource(R.string.new_game_teams),
                    help = stringResource(if (state.teamsAllowed) R.string.new_game_teams_help else R.string.new_game_teams_need_seats),
                    checked = state.teams,
                    enabled = state.teamsAllowed,
                    onChange = { form(FormEvent.SetTeams(it)) },
                )
            }
            item {
                SwitchRow(
                    label = stringResource(R.string.new_game_undo),
                    help = stringResource(R.string.new_game_undo_help),
                    checked = state.undo,
                    enabled = true,
                    onChange = { form(FormEvent.SetUndo(it)) },
                )
            }

            item {
                Row(verticalAlignment = Alignment.CenterVertically) {
                    SectionTitle(stringResource(R.string.new_game_house_rules), Modifier.weight(1f))
                    if (state.changed.isNotEmpty()) {
                        TextButton(onClick = { form(FormEvent.ResetRules) }) { Text(stringResource(R.string.new_game_reset_all)) }
                    }
                }
            }
            items(state.options, key = { it.key }) { option ->
                RuleEditor(option, changed = option.key in state.changed, onEvent = form)
            }
        }
    }
}

@Composable
private fun SectionTitle(text: String, modifier: Modifier = Modifier) {
    Text(
        text,
        style = MaterialTheme.typography.titleMedium,
        color = MaterialTheme.colorScheme.primary,
        modifier = modifier.padding(horizontal = 16.dp, vertical = 4.dp),
    )
}

@Composable
private fun SeatCard(index: Int, seat: SeatForm, state: FormState, onEvent: (FormEvent) -> Unit) {
    val at = index.toUInt()
    Card(Modifier.fillMaxWidth().padding(horizontal = 16.dp)) {
        Column(Modifier.padding(12.dp), verticalArrangement = Arrangement.spacedBy(8.dp)) {
            Row(verticalAlignment = Alignment.CenterVertically) {
                // What the player typed, until the core has it (a keystroke never waits for it).
                var typed by remember { mutableStateOf<String?>(null) }
                LaunchedEffect(seat.name) { if (seat.name == typed) typed = null }
                OutlinedTextField(
                    value = typed ?: seat.name,
                    onValueChange = {
                        typed = it
                        onEvent(FormEvent.SetSeatName(at, it))
                    },
                    label = { Text(stringResource(R.string.new_game_seat_name, index + 1)) },
                    singleLine = true,
                    modifier = Modifier.weight(1f),
                )
                IconButton(onClick = { onEvent(FormEvent.RemoveSeat(at)) }, enabled = state.canRemoveSeat) {
                    Icon(Icons.Filled.Close, contentDescription = stringResource(R.string.new_game_remove_seat))
                }
            }
            // Colours: the palette, each a tappable disc with the seat's mark (TalkBack: its
            // colour's name, selected or not).
            Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                state.palette.forEach { hex ->
                    val colourLabel = stringResource(R.string.new_game_colour_named, stringResource(colourName(hex)))
                    val selected = hex.equals(seat.colour, ignoreCase = true)
                    Box(
                        Modifier
                            .size(if (selected) 32.dp else 28.dp)
                            .background(colourOf(hex), CircleShape)
                            .border(
                                width = if (selected) 3.dp else 1.dp,
                                color = if (selected) MaterialTheme.colorScheme.onSurface else Color.Black.copy(alpha = 0.2f),
                                shape = CircleShape,
                            )
                            .selectable(selected = selected, role = Role.RadioButton) { onEvent(FormEvent.SetSeatColour(at, hex)) }
                            .semantics { contentDescription = colourLabel },
                    )
                }
            }
            FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                val kinds = listOf<PlayerKind>(PlayerKind.Human) + BotLevel.entries.map { PlayerKind.Bot(it) }
                kinds.forEach { kind ->
                    FilterChip(
                        selected = seat.player == kind,
                        onClick = { onEvent(FormEvent.SetSeatPlayer(at, kind)) },
                        label = { Text(playerText(kind)) },
                    )
                }
            }
            if (state.teams) {
                Row(verticalAlignment = Alignment.CenterVertically, horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                    Text(stringResource(R.string.new_game_side), style = MaterialTheme.typography.labelLarge)
                    // As many sides as half the table (rounded up), at least two.
                    val sides = maxOf(2, (state.seats.size + 1) / 2)
                    (0 until sides).forEach { side ->
                        FilterChip(
                            selected = seat.side == side.toUInt(),
                            onClick = { onEvent(FormEvent.SetSeatSide(at, side.toUInt())) },
                            label = { Text(teamName(side)) },
                        )
                    }
                }
            }
        }
    }
}

/** One house rule, edited the way its kind says. */
@Composable
private fun RuleEditor(option: RuleOption, changed: Boolean, onEvent: (FormEvent) -> Unit) {
    val label = ruleLabel(option)
    val board = remember { boardLayout() }
    val flag = (option.value as? RuleValue.Flag)?.takeIf { option.kind is RuleKind.Flag }
    Column(Modifier.fillMaxWidth().padding(horizontal = 16.dp)) {
        // A yes/no rule's row is its switch (a tap anywhere toggles it; TalkBack reads the label).
        val toggle = if (flag != null) {
            Modifier.toggleable(value = flag.on, role = Role.Switch) { onEvent(FormEvent.SetRule(option.key, RuleValue.Flag(it))) }
        } else {
            Modifier
        }
        Row(toggle, verticalAlignment = Alignment.CenterVertically) {
            Column(Modifier.weight(1f)) {
                Text(label, style = MaterialTheme.typography.bodyLarge)
                Text(ruleHelp(option), style = MaterialTheme.typography.bodySmall)
            }
            if (changed) {
                AssistChip(
                    onClick = { onEvent(FormEvent.ResetRule(option.key)) },
                    label = { Text(stringResource(R.string.new_game_reset_rule)) },
                )
            }
            if (flag != null) {
                Spacer(Modifier.width(8.dp))
                Switch(checked = flag.on, onCheckedChange = null)
            }
        }
        when (val kind = option.kind) {
            RuleKind.Flag -> Unit
            RuleKind.Choice -> FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                val current = (option.value as? RuleValue.Choice)?.id
                option.choices.forEach { choice ->
                    FilterChip(
                        selected = choice.id == current,
                        onClick = { onEvent(FormEvent.SetRule(option.key, RuleValue.Choice(choice.id))) },
                        label = { Text(choiceLabel(option, choice)) },
                    )
                }
            }
            is RuleKind.Count -> {
                val n = (option.value as? RuleValue.Count)?.value ?: kind.min
                Row(verticalAlignment = Alignment.CenterVertically) {
                    val fewer = stringResource(R.string.new_game_fewer, label)
                    val more = stringResource(R.string.new_game_more, label)
                    OutlinedButton(
                        onClick = { onEvent(FormEvent.SetRule(option.key, RuleValue.Count(n - 1))) },
                        enabled = n > kind.min,
                        modifier = Modifier.semantics { contentDescription = fewer },
                    ) { Text("−") }
                    Text(n.toString(), style = MaterialTheme.typography.titleMedium, modifier = Modifier.padding(horizontal = 16.dp))
                    OutlinedButton(
                        onClick = { onEvent(FormEvent.SetRule(option.key, RuleValue.Count(n + 1))) },
                        enabled = n < kind.max,
                        modifier = Modifier.semantics { contentDescription = more },
                    ) { Text("+") }
                }
            }
            is RuleKind.Probability -> {
                val p = (option.value as? RuleValue.Probability)?.value ?: 0.5
                // Edited locally while dragging; the core checks the value on release.
                var dragged by remember(p) { mutableFloatStateOf(p.toFloat()) }
                Row(verticalAlignment = Alignment.CenterVertically) {
                    Slider(
                        value = dragged,
                        onValueChange = { dragged = it },
                        onValueChangeFinished = { onEvent(FormEvent.SetRule(option.key, RuleValue.Probability(dragged.toDouble()))) },
                        valueRange = kind.min.toFloat()..kind.max.toFloat(),
                        modifier = Modifier.weight(1f),
                    )
                    Text("%.2f".format(dragged), modifier = Modifier.padding(start = 8.dp))
                }
            }
            RuleKind.ThrowSet -> FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                val chosen = (option.value as? RuleValue.Throws)?.results.orEmpty()
                option.choices.forEach { choice ->
                    // The choices are the core's own result ids; skip one it would not know.
                    val result = runCatching { throwFromId(choice.id) }.getOrNull() ?: return@forEach
                    FilterChip(
                        selected = result in chosen,
                        onClick = {
                            val next = if (result in chosen) chosen - result else chosen + result
                            onEvent(FormEvent.SetRule(option.key, RuleValue.Throws(next)))
                        },
                        label = { Text(stringResource(result.label())) },
                    )
                }
            }
            RuleKind.StationSet -> FlowRow(horizontalArrangement = Arrangement.spacedBy(4.dp)) {
                val chosen = (option.value as? RuleValue.Stations)?.ids.orEmpty()
                option.choices.forEach { choice ->
                    FilterChip(
                        selected = choice.id in chosen,
                        onClick = {
                            val next = if (choice.id in chosen) chosen - choice.id else chosen + choice.id
                            onEvent(FormEvent.SetRule(option.key, RuleValue.Stations(next)))
                        },
                        label = { Text(stationChoiceText(choice.id, board)) },
                    )
                }
            }
        }
        HorizontalDivider(Modifier.padding(top = 8.dp))
    }
}

/** The form as it opens: a person and a bot, the app's rules (the core's own form). */
@Preview(widthDp = 412, heightDp = 915)
@Composable
internal fun NewGameScreenPreview() {
    val names = seatNames()
    val state = remember(names) { Samples.form(names) }
    YunnoriTheme { NewGameScreen(state, message = null, onEvent = {}) }
}
