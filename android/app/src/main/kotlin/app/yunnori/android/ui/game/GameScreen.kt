@file:OptIn(ExperimentalMaterial3Api::class, ExperimentalLayoutApi::class)

package app.yunnori.android.ui.game

import androidx.compose.foundation.background
import androidx.compose.foundation.border
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.aspectRatio
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material.icons.Icons
import androidx.compose.material.icons.automirrored.filled.ArrowBack
import androidx.compose.material.icons.filled.Info
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.AssistChip
import androidx.compose.material3.Button
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.Icon
import androidx.compose.material3.IconButton
import androidx.compose.material3.LinearProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Scaffold
import androidx.compose.material3.SnackbarHost
import androidx.compose.material3.SnackbarHostState
import androidx.compose.material3.SuggestionChip
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.material3.TopAppBar
import androidx.compose.runtime.Composable
import androidx.compose.runtime.remember
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import app.yunnori.android.R
import app.yunnori.android.ui.MessageEffect
import app.yunnori.android.ui.colourOf
import app.yunnori.android.ui.label
import app.yunnori.android.ui.moveText
import app.yunnori.android.ui.percent
import app.yunnori.android.ui.playerText
import app.yunnori.core.BoardLayout
import app.yunnori.core.GameSnapshot
import app.yunnori.core.Phase
import app.yunnori.core.Slip
import app.yunnori.core.Spot
import app.yunnori.viewmodel.GameUiState
import app.yunnori.viewmodel.MoveChoice
import app.yunnori.viewmodel.UiEvent

/**
 * The game: who is to act, the players, the board, the results in hand and the stick mat.
 * Stateless: it draws [state] and reports what the player does through [onEvent].
 */
@Composable
fun GameScreen(
    state: GameUiState,
    onEvent: (UiEvent.ForGame) -> Unit,
    onRules: () -> Unit,
    onLeave: () -> Unit,
) {
    val snackbar = remember { SnackbarHostState() }
    MessageEffect(state.message, snackbar) { onEvent(UiEvent.Dismiss) }
    val snap = state.snapshot

    Scaffold(
        topBar = {
            TopAppBar(
                title = { Text(if (snap == null) stringResource(R.string.app_name) else turnText(state, snap)) },
                navigationIcon = {
                    IconButton(onClick = onLeave) {
                        Icon(Icons.AutoMirrored.Filled.ArrowBack, contentDescription = stringResource(R.string.game_leave))
                    }
                },
                actions = {
                    TextButton(onClick = { onEvent(UiEvent.Undo) }, enabled = state.canUndo) {
                        Text(stringResource(R.string.game_undo))
                    }
                    IconButton(onClick = onRules) {
                        Icon(Icons.Filled.Info, contentDescription = stringResource(R.string.menu_rules))
                    }
                },
            )
        },
        snackbarHost = { SnackbarHost(snackbar) },
    ) { padding ->
        if (snap == null) {
            Box(Modifier.fillMaxSize().padding(padding), contentAlignment = Alignment.Center) {
                Column(horizontalAlignment = Alignment.CenterHorizontally) {
                    Text(stringResource(R.string.game_none))
                    Spacer(Modifier.height(12.dp))
                    Button(onClick = onLeave) { Text(stringResource(R.string.game_back_to_menu)) }
                }
            }
            return@Scaffold
        }
        Column(
            Modifier.fillMaxSize().padding(padding).verticalScroll(rememberScrollState()),
            verticalArrangement = Arrangement.spacedBy(8.dp),
        ) {
            if (state.botThinking) LinearProgressIndicator(Modifier.fillMaxWidth())
            Players(snap)
            Board(
                board = state.board,
                stacks = snap.stacks,
                selection = state.selection,
                movableFrom = state.movableFrom,
                hint = state.hint?.move,
                destinationChances = state.selection?.destinations.orEmpty()
                    .mapNotNull { d -> state.chanceAt(d)?.let { d.to to it } }.toMap(),
                lastMove = state.lastMove,
                turnColour = colourOf(snap.turn.colour),
                seatNames = snap.seats.associate { it.seat to it.name },
                onTap = { spot ->
                    when {
                        state.selection?.destinations?.any { it.to == spot } == true -> onEvent(UiEvent.ChooseDestination(spot))
                        spot in state.movableFrom -> onEvent(UiEvent.SelectPiece(spot))
                        else -> onEvent(UiEvent.SelectPiece(null))
                    }
                },
                modifier = Modifier.fillMaxWidth().aspectRatio(1f).padding(horizontal = 8.dp),
            )
            OffBoardTargets(state, snap, onEvent)
            Hand(snap)
            if (state.canMove) HintRow(state, onEvent)
            StickMat(
                lastThrow = state.lastThrow,
                canThrow = state.canThrow,
                onThrow = { onEvent(UiEvent.Throw(it)) },
                modifier = Modifier.fillMaxWidth().height(180.dp).padding(horizontal = 16.dp),
            )
            FilledTonalButton(
                onClick = { onEvent(UiEvent.Throw()) },
                enabled = state.canThrow,
                modifier = Modifier.fillMaxWidth().padding(horizontal = 16.dp),
            ) { Text(stringResource(R.string.game_throw)) }
            Spacer(Modifier.height(16.dp))
        }
    }

    state.choice?.let { ChoiceDialog(it, state, onEvent) }
    when {
        snap == null -> Unit
        state.reviewing || state.review != null -> ReviewDialog(state, snap, onEvent)
        snap.over -> GameOverDialog(snap, onEvent, onLeave)
    }
}

@Composable
private fun turnText(state: GameUiState, snap: GameSnapshot): String = when {
    snap.over -> stringResource(R.string.game_over)
    state.botThinking -> stringResource(R.string.game_thinking, snap.turn.name)
    snap.phase == Phase.TO_THROW -> stringResource(R.string.game_to_throw, snap.turn.name)
    else -> stringResource(R.string.game_to_move, snap.turn.name)
}

/** Each seat: colour, name, who plays it, pieces waiting and pieces home. */
@Composable
private fun Players(snap: GameSnapshot) {
    FlowRow(
        Modifier.fillMaxWidth().padding(horizontal = 16.dp),
        horizontalArrangement = Arrangement.spacedBy(12.dp),
        verticalArrangement = Arrangement.spacedBy(4.dp),
    ) {
        snap.seats.forEach { seat ->
            val toAct = !snap.over && seat.seat == snap.turn.seat
            Row(
                verticalAlignment = Alignment.CenterVertically,
                modifier = if (toAct) {
                    Modifier.border(2.dp, colourOf(seat.colour), MaterialTheme.shapes.small).padding(4.dp)
                } else {
                    Modifier.padding(4.dp)
                },
            ) {
                Box(Modifier.size(16.dp).background(colourOf(seat.colour), CircleShape))
                Spacer(Modifier.width(6.dp))
                Column {
                    Text(seat.name, fontWeight = if (toAct) FontWeight.Bold else FontWeight.Normal)
                    Text(
                        stringResource(R.string.game_seat_pieces, seat.home, seat.done) + " · " + playerText(seat.player),
                        style = MaterialTheme.typography.bodySmall,
                    )
                    seat.place?.let { Text(stringResource(R.string.game_place, it), style = MaterialTheme.typography.labelSmall) }
                }
            }
        }
    }
}

/**
 * Entering a new piece, bringing one home and taking one back off the board (Back-Do from
 * the first station) happen off the board: buttons for them.
 */
@Composable
private fun OffBoardTargets(state: GameUiState, snap: GameSnapshot, onEvent: (UiEvent.ForGame) -> Unit) {
    val enter = Spot.Home in state.movableFrom
    val ends = state.selection?.destinations.orEmpty().map { it.to }
    val finish = Spot.Done in ends
    val backOff = Spot.Home in ends
    if (!enter && !finish && !backOff) return
    Row(Modifier.fillMaxWidth().padding(horizontal = 16.dp), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
        if (enter) {
            val waiting = snap.seats.getOrNull(snap.turn.seat)?.home ?: 0
            val picked = state.selection?.from == Spot.Home
            AssistChip(
                onClick = { onEvent(UiEvent.SelectPiece(if (picked) null else Spot.Home)) },
                label = { Text(stringResource(R.string.game_new_piece, waiting)) },
                leadingIcon = { Box(Modifier.size(12.dp).background(colourOf(snap.turn.colour), CircleShape)) },
            )
        }
        if (finish) {
            AssistChip(
                onClick = { onEvent(UiEvent.ChooseDestination(Spot.Done)) },
                label = { Text(stringResource(R.string.game_bring_home)) },
            )
        }
        if (backOff) {
            AssistChip(
                onClick = { onEvent(UiEvent.ChooseDestination(Spot.Home)) },
                label = { Text(stringResource(R.string.board_home)) },
            )
        }
    }
}

/** The hint button, and what the hint says once it is found (the board rings it in gold). */
@Composable
private fun HintRow(state: GameUiState, onEvent: (UiEvent.ForGame) -> Unit) {
    Row(
        Modifier.fillMaxWidth().padding(horizontal = 16.dp),
        horizontalArrangement = Arrangement.spacedBy(8.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        OutlinedButton(onClick = { onEvent(UiEvent.Hint) }, enabled = !state.hintThinking) {
            Text(stringResource(R.string.game_hint))
        }
        val hint = state.hint
        when {
            state.hintThinking -> Text(
                stringResource(R.string.game_hint_thinking),
                style = MaterialTheme.typography.bodyMedium,
            )
            hint != null -> Column {
                val move = hint.move
                val uses = move.uses.map { stringResource(it.label()) }.joinToString(" + ")
                val what = when {
                    move.to == Spot.Done -> stringResource(R.string.game_hint_finish, uses)
                    move.captures > 0 -> stringResource(R.string.game_hint_capture, uses, move.captures)
                    else -> stringResource(R.string.game_hint_move, uses)
                }
                Text(what, style = MaterialTheme.typography.bodyMedium)
                Text(
                    stringResource(R.string.game_hint_chance, percent(hint.winChance)),
                    style = MaterialTheme.typography.bodySmall,
                )
            }
        }
    }
}

/** The results thrown and not yet spent, and the throws still owed. */
@Composable
private fun Hand(snap: GameSnapshot) {
    if (snap.hand.isEmpty() && snap.owed + snap.owedPrize <= 1) return
    FlowRow(
        Modifier.fillMaxWidth().padding(horizontal = 16.dp),
        horizontalArrangement = Arrangement.spacedBy(8.dp),
        verticalArrangement = Arrangement.Center,
    ) {
        snap.hand.forEach { h ->
            val name = stringResource(h.result.label())
            SuggestionChip(
                onClick = {},
                label = { Text(if (h.prize) stringResource(R.string.game_prize, name) else name) },
            )
        }
        val owed = snap.owed + snap.owedPrize
        if (owed > 0) {
            Text(
                stringResource(R.string.game_throws_owed, owed),
                style = MaterialTheme.typography.bodyMedium,
                modifier = Modifier.align(Alignment.CenterVertically),
            )
        }
    }
}

/** Several moves reach the tapped station: join or not, which route, or which results. */
@Composable
private fun ChoiceDialog(choice: MoveChoice, state: GameUiState, onEvent: (UiEvent.ForGame) -> Unit) {
    AlertDialog(
        onDismissRequest = { onEvent(UiEvent.CancelChoice) },
        title = {
            Text(
                stringResource(
                    when {
                        choice.asksStack -> R.string.choice_stack_title
                        choice.asksRoute -> R.string.choice_route_title
                        else -> R.string.choice_results_title
                    },
                ),
            )
        },
        text = {
            Column {
                when {
                    choice.asksStack -> {
                        TextButton(onClick = { onEvent(UiEvent.ChooseStack(true)) }) { Text(stringResource(R.string.choice_stack_join)) }
                        TextButton(onClick = { onEvent(UiEvent.ChooseStack(false)) }) { Text(stringResource(R.string.choice_stack_apart)) }
                    }
                    choice.asksRoute -> choice.routes.forEach { route ->
                        TextButton(onClick = { onEvent(UiEvent.ChooseRoute(route)) }) { Text(stringResource(route.label())) }
                    }
                    else -> choice.options.forEach { option ->
                        val names = option.move.uses.map { stringResource(it.label()) }
                        TextButton(onClick = { onEvent(UiEvent.ChooseMove(option.moveIndex, state.snapshot?.state)) }) {
                            Text(names.joinToString(" + "))
                        }
                    }
                }
            }
        },
        confirmButton = {},
        dismissButton = {
            TextButton(onClick = { onEvent(UiEvent.CancelChoice) }) { Text(stringResource(R.string.cancel)) }
        },
    )
}

@Composable
private fun GameOverDialog(snap: GameSnapshot, onEvent: (UiEvent.ForGame) -> Unit, onLeave: () -> Unit) {
    val winningSeats = snap.winner?.let { side -> snap.sides.getOrNull(side)?.seats }.orEmpty()
        .mapNotNull { s -> snap.seats.getOrNull(s) }
    AlertDialog(
        onDismissRequest = {},
        title = { Text(stringResource(R.string.game_over)) },
        text = {
            Text(
                if (winningSeats.isEmpty()) "" else stringResource(R.string.game_winner, winningSeats.joinToString(" & ") { it.name }),
                style = MaterialTheme.typography.titleMedium,
                color = winningSeats.firstOrNull()?.let { colourOf(it.colour) } ?: Color.Unspecified,
            )
        },
        confirmButton = {
            Button(onClick = { onEvent(UiEvent.PlayAgain) }) { Text(stringResource(R.string.game_play_again)) }
        },
        dismissButton = {
            Row {
                TextButton(onClick = { onEvent(UiEvent.Review) }) { Text(stringResource(R.string.review_button)) }
                TextButton(onClick = onLeave) { Text(stringResource(R.string.game_back_to_menu)) }
            }
        },
    )
}

/** The review: each slip of a person, largest first, with the hard bot's better move. */
@Composable
private fun ReviewDialog(state: GameUiState, snap: GameSnapshot, onEvent: (UiEvent.ForGame) -> Unit) {
    val review = state.review
    AlertDialog(
        onDismissRequest = { onEvent(UiEvent.CloseReview) },
        title = { Text(stringResource(R.string.review_title)) },
        text = {
            when {
                review == null -> Column(verticalArrangement = Arrangement.spacedBy(8.dp)) {
                    Text(stringResource(R.string.review_working))
                    LinearProgressIndicator(Modifier.fillMaxWidth())
                }
                review.slips.isEmpty() -> Text(stringResource(R.string.review_none))
                else -> Column(
                    Modifier.verticalScroll(rememberScrollState()),
                    verticalArrangement = Arrangement.spacedBy(12.dp),
                ) {
                    review.slips.forEach { SlipRow(it, snap, state.board) }
                }
            }
        },
        confirmButton = {
            TextButton(onClick = { onEvent(UiEvent.CloseReview) }) { Text(stringResource(R.string.review_close)) }
        },
    )
}

@Composable
private fun SlipRow(slip: Slip, snap: GameSnapshot, board: BoardLayout) {
    val seat = snap.seats.getOrNull(slip.seat)
    Column {
        Text(
            stringResource(R.string.review_slip_title, slip.turn.toInt(), seat?.name.orEmpty()),
            fontWeight = FontWeight.Bold,
            color = seat?.let { colourOf(it.colour) } ?: Color.Unspecified,
        )
        Text(stringResource(R.string.review_played, moveText(slip.played, board), percent(slip.playedChance)))
        Text(
            stringResource(R.string.review_better, moveText(slip.best, board), percent(slip.bestChance)),
            color = MaterialTheme.colorScheme.primary,
        )
    }
}
