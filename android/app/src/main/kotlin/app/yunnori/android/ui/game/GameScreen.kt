@file:OptIn(ExperimentalMaterial3Api::class)

package app.yunnori.android.ui.game

import androidx.compose.foundation.border
import androidx.compose.foundation.horizontalScroll
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material.icons.Icons
import androidx.compose.material.icons.automirrored.filled.ArrowBack
import androidx.compose.material.icons.filled.Info
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.AssistChip
import androidx.compose.material3.Button
import androidx.compose.material3.ButtonDefaults
import androidx.compose.material3.ExperimentalMaterial3Api
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
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.res.pluralStringResource
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.tooling.preview.Preview
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.coerceIn
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.min
import app.yunnori.android.R
import app.yunnori.android.ui.KeepScreenOn
import app.yunnori.android.ui.MessageEffect
import app.yunnori.android.ui.colourName
import app.yunnori.android.ui.colourOf
import app.yunnori.android.ui.label
import app.yunnori.android.ui.moveText
import app.yunnori.android.ui.onlyTopAndSides
import app.yunnori.android.ui.percent
import app.yunnori.android.ui.playerText
import app.yunnori.android.ui.safeInsets
import app.yunnori.android.ui.spotText
import app.yunnori.android.ui.teamName
import app.yunnori.android.ui.theme.YunnoriTheme
import app.yunnori.android.ui.theme.offContent
import app.yunnori.android.ui.Samples
import app.yunnori.android.ui.hintText
import app.yunnori.core.AppEvent
import app.yunnori.core.AppScreen
import app.yunnori.core.BoardLayout
import app.yunnori.core.BotState
import app.yunnori.core.GameEvent
import app.yunnori.core.GameSnapshot
import app.yunnori.core.Message
import app.yunnori.core.MoveQuestion
import app.yunnori.core.Phase
import app.yunnori.core.SeatCount
import app.yunnori.core.Slip
import app.yunnori.core.Spot
import app.yunnori.core.TableAction
import app.yunnori.core.TableState
import app.yunnori.core.TurnLine
import app.yunnori.core.boardLayout

/** Test tags of the game screen's parts, for the screen tests' layout checks. */
object GameTags {
    const val BOARD = "board"
    const val PLAYERS = "players"
    const val ACTIONS = "actions"
    const val HAND = "hand"
    const val STATUS = "status-line"
    const val THROW = "throw-button"
}

/** Side by side (board left, controls right) from this width on, or whenever the window is wider than tall. */
private val SIDE_BY_SIDE_WIDTH = 600.dp

/**
 * The game: who is to act, the players, the board, the results in hand and the stick mat.
 * Stateless: it draws the core's [state] and reports what the player does through
 * [onEvent] (the core decides what a tap or a swipe does). [reduceMotion] and [quickBots]
 * pace the board's own drawing (captures, stacks, the celebration).
 *
 * Nothing scrolls: every part has its place on screen at any window size (a column on a
 * phone held upright; board and controls side by side on a tablet or a phone on its side),
 * and rows that only matter in one phase keep their space in the other, so the mat and
 * the throw button never move under the player's finger.
 */
@Composable
fun GameScreen(
    state: TableState,
    message: Message?,
    onEvent: (AppEvent) -> Unit,
    reduceMotion: Boolean = false,
    quickBots: Boolean = false,
    tableMarks: @Composable () -> Unit = {},
) {
    val act: (TableAction) -> Unit = { onEvent(AppEvent.Table(it)) }
    val snackbar = remember { SnackbarHostState() }
    MessageEffect(message, snackbar, onDismiss = { onEvent(AppEvent.Dismiss) }, onRetry = { act(TableAction.RetryBot) })
    val snap = state.snapshot
    KeepScreenOn()
    // What has been animated already: kept here, above the layout switch, so turning the
    // phone (or any change of layout) never plays a throw or a move again.
    val played = rememberSaveable(saver = PlayedAnimations.Saver) { PlayedAnimations() }
    val board = remember { boardLayout() }
    val leave = { act(TableAction.Leave) }

    Scaffold(
        contentWindowInsets = safeInsets(),
        topBar = {
            TopAppBar(
                windowInsets = safeInsets().onlyTopAndSides(),
                title = { Text(turnText(state, snap), maxLines = 1, overflow = TextOverflow.Ellipsis) },
                navigationIcon = {
                    IconButton(onClick = leave) {
                        Icon(Icons.AutoMirrored.Filled.ArrowBack, contentDescription = stringResource(R.string.game_leave))
                    }
                },
                actions = {
                    if (snap.over && state.resultAside) {
                        TextButton(onClick = { act(TableAction.SetResultAside(false)) }) {
                            Text(stringResource(R.string.game_show_result))
                        }
                    }
                    TextButton(
                        onClick = { act(TableAction.Undo) },
                        enabled = state.canUndo,
                        colors = ButtonDefaults.textButtonColors(disabledContentColor = offContent(MaterialTheme.colorScheme)),
                    ) {
                        Text(stringResource(R.string.game_undo))
                    }
                    IconButton(onClick = { onEvent(AppEvent.Open(AppScreen.RULES)) }) {
                        Icon(Icons.Filled.Info, contentDescription = stringResource(R.string.menu_rules))
                    }
                },
            )
        },
        snackbarHost = { SnackbarHost(snackbar) },
    ) { padding ->
        Column(Modifier.fillMaxSize().padding(padding)) {
            // An online game's banner and seat holders take their own row above the table.
            tableMarks()
            BoxWithConstraints(Modifier.fillMaxWidth().weight(1f)) {
                val parts = GameParts(state, snap, board, act, played, reduceMotion, quickBots)
                if (maxWidth > maxHeight || maxWidth >= SIDE_BY_SIDE_WIDTH) {
                    SideBySide(parts, maxWidth, maxHeight)
                } else {
                    Upright(parts, maxHeight)
                }
            }
        }
    }

    state.choice?.let { ChoiceDialog(it, state, act) }
    when {
        state.reviewPending || state.review != null -> ReviewDialog(state, snap, board, act)
        snap.over && !state.resultAside -> GameOverDialog(snap, state.advice, act)
    }
}

/** The sequence numbers of the last throw and move already animated (see [GameScreen]). */
class PlayedAnimations(var throwSeq: Long = -1L, var moveSeq: Long = -1L, var celebratedSeq: Long = -1L) {
    companion object {
        val Saver: androidx.compose.runtime.saveable.Saver<PlayedAnimations, List<Long>> =
            androidx.compose.runtime.saveable.Saver(
                save = { listOf(it.throwSeq, it.moveSeq, it.celebratedSeq) },
                restore = { PlayedAnimations(it[0], it[1], it.getOrElse(2) { -1L }) },
            )
    }
}

/** The parts of the game screen, placed by [Upright] or [SideBySide]. */
private class GameParts(
    val state: TableState,
    val snap: GameSnapshot,
    val board: BoardLayout,
    val act: (TableAction) -> Unit,
    val played: PlayedAnimations,
    val reduceMotion: Boolean,
    val quickBots: Boolean,
)

/** A phone held upright: players, board (all the height left), actions, hand, status line, mat. */
@Composable
private fun Upright(parts: GameParts, height: Dp) {
    Column(Modifier.fillMaxSize(), verticalArrangement = Arrangement.spacedBy(4.dp)) {
        BotProgress(parts.state)
        Players(parts.snap, Modifier.padding(horizontal = 8.dp))
        GameBoard(parts, Modifier.weight(1f).fillMaxWidth().padding(horizontal = 8.dp))
        Controls(parts, Modifier.padding(horizontal = 12.dp)) { Modifier.height((height * 0.2f).coerceIn(96.dp, 180.dp)) }
        Spacer(Modifier.height(4.dp))
    }
}

/** A tablet, or a phone on its side: the board as large as the height allows, the rest beside it. */
@Composable
private fun SideBySide(parts: GameParts, width: Dp, height: Dp) {
    Row(
        Modifier.fillMaxSize().padding(8.dp),
        horizontalArrangement = Arrangement.spacedBy(12.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        val side = min(height - 16.dp, width * 0.55f)
        GameBoard(parts, Modifier.size(side))
        Column(
            Modifier.weight(1f).fillMaxHeight(),
            verticalArrangement = Arrangement.spacedBy(4.dp, Alignment.CenterVertically),
        ) {
            BotProgress(parts.state)
            Players(parts.snap)
            // The mat takes the height left over, up to a comfortable size.
            Controls(parts, Modifier.weight(1f, fill = false)) { Modifier.weight(1f, fill = false).heightIn(max = 220.dp).fillMaxHeight() }
        }
    }
}

/** A bar while a bot is about to act; its space is kept when none is. */
@Composable
private fun BotProgress(state: TableState) {
    Box(Modifier.fillMaxWidth().height(4.dp)) {
        if (state.bot != BotState.Idle) LinearProgressIndicator(Modifier.fillMaxWidth())
    }
}

@Composable
private fun GameBoard(parts: GameParts, modifier: Modifier) {
    val state = parts.state
    val snap = parts.snap
    Board(
        board = parts.board,
        stacks = snap.stacks,
        selection = state.selection,
        movableFrom = state.movable,
        hint = state.hint?.mv,
        destinationChances = state.selection?.destinations.orEmpty()
            .mapNotNull { d -> d.chance?.let { d.to to it } }.toMap(),
        lastMove = state.lastMove,
        turnColour = colourOf(snap.turn.colour),
        seatNames = snap.seats.associate { it.seat to it.name },
        played = parts.played,
        turnSeat = snap.turn.seat,
        sideSeats = snap.sides.associate { side ->
            side.side to snap.seats.filter { it.seat in side.seats }.map { SeatCount(it.seat, it.colour, 1) }
        },
        winnerColours = snap.seats.filter { snap.over && it.place == 1 }.map { colourOf(it.colour) }.takeIf { it.isNotEmpty() },
        // A quick bot's move plays at Reduce Motion's pace.
        reduceMotion = parts.reduceMotion || (parts.quickBots && state.lastMove?.byBot == true),
        onTap = { spot -> parts.act(TableAction.Tap(spot)) },
        modifier = modifier.testTag(GameTags.BOARD),
    )
}

/**
 * Everything below (or beside) the board, each row always there with the same height;
 * [matSize] sizes the row of the mat and the throw button.
 */
@Composable
private fun Controls(parts: GameParts, modifier: Modifier = Modifier, matSize: ColumnScope.() -> Modifier) {
    val state = parts.state
    Column(modifier.fillMaxWidth(), verticalArrangement = Arrangement.spacedBy(4.dp)) {
        Actions(state, parts.snap, parts.act)
        Hand(parts.snap)
        StatusLine(state, parts.snap, parts.board)
        Row(matSize().fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
            StickMat(
                lastThrow = state.`throw`,
                canThrow = state.canThrow,
                onAction = parts.act,
                played = parts.played,
                modifier = Modifier.weight(1f).fillMaxHeight(),
            )
            // The one thing to do while the sticks wait: a filled vermilion button, plainly on
            // (and plainly off while they fly or a move is to be made), its label on two lines.
            Button(
                onClick = { parts.act(TableAction.ThrowTap) },
                enabled = state.canThrow,
                colors = ButtonDefaults.buttonColors(disabledContentColor = offContent(MaterialTheme.colorScheme)),
                contentPadding = PaddingValues(horizontal = 8.dp, vertical = 8.dp),
                modifier = Modifier.width(112.dp).fillMaxHeight().testTag(GameTags.THROW),
            ) { Text(stringResource(R.string.game_throw), textAlign = TextAlign.Center) }
        }
    }
}

/** The top bar's line: whose turn it is and what they are to do, as the core's turn line says. */
@Composable
private fun turnText(state: TableState, snap: GameSnapshot): String = when (state.status) {
    TurnLine.Over -> stringResource(R.string.game_over)
    TurnLine.BotThrows, TurnLine.BotThinks, TurnLine.BotMoves -> stringResource(R.string.game_thinking, snap.turn.name)
    is TurnLine.Throw, TurnLine.InTheAir -> stringResource(R.string.game_to_throw, snap.turn.name)
    TurnLine.PickPiece, TurnLine.PickDestination -> stringResource(R.string.game_to_move, snap.turn.name)
    TurnLine.Remote -> stringResource(if (snap.phase == Phase.TO_THROW) R.string.game_to_throw else R.string.game_to_move, snap.turn.name)
}

/**
 * Each seat: its mark (colour and shape), name, team, and pieces waiting and home. Seats
 * share the width equally (up to four in a row, then a second row), and every cell has
 * the same lines whatever happens, so the row's height never changes during a game.
 */
@Composable
private fun Players(snap: GameSnapshot, modifier: Modifier = Modifier) {
    val teams = snap.sides.any { it.seats.size > 1 }
    val perRow = if (snap.seats.size <= 4) snap.seats.size.coerceAtLeast(1) else 3
    Column(modifier.fillMaxWidth().testTag(GameTags.PLAYERS), verticalArrangement = Arrangement.spacedBy(2.dp)) {
        snap.seats.chunked(perRow).forEach { row ->
            Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(4.dp)) {
                row.forEach { seat ->
                    val toAct = !snap.over && seat.seat == snap.turn.seat
                    val colour = colourOf(seat.colour)
                    val team = if (teams) teamName(seat.side) else null
                    val pieces = stringResource(R.string.game_seat_pieces, seat.home, seat.done)
                    val who = listOfNotNull(
                        seat.name,
                        stringResource(colourName(seat.colour)),
                        team,
                        playerText(seat.player),
                        pieces,
                        seat.place?.let { stringResource(R.string.game_place, it) },
                    ).joinToString(", ")
                    Row(
                        verticalAlignment = Alignment.CenterVertically,
                        modifier = Modifier.weight(1f)
                            .border(2.dp, if (toAct) colour else Color.Transparent, MaterialTheme.shapes.small)
                            .padding(4.dp)
                            // TalkBack reads the seat as one: name, colour, team, player, pieces.
                            .semantics(mergeDescendants = true) { contentDescription = who },
                    ) {
                        SeatMark(seat.seat, colour, Modifier.size(18.dp))
                        Spacer(Modifier.width(4.dp))
                        Column {
                            Text(
                                listOfNotNull(seat.name, team).joinToString(" · "),
                                fontWeight = if (toAct) FontWeight.Bold else FontWeight.Normal,
                                style = MaterialTheme.typography.bodyMedium,
                                maxLines = 1,
                                overflow = TextOverflow.Ellipsis,
                            )
                            val place = seat.place
                            if (place != null) {
                                Text(
                                    stringResource(R.string.game_place, place),
                                    style = MaterialTheme.typography.labelSmall,
                                    maxLines = 1,
                                    overflow = TextOverflow.Ellipsis,
                                )
                            } else {
                                // The same height as the line of text it stands for.
                                val line = with(LocalDensity.current) { MaterialTheme.typography.labelSmall.lineHeight.toDp() }
                                PieceTray(seat.seat, colour, seat.home, seat.done, Modifier.fillMaxWidth().height(line))
                            }
                        }
                    }
                }
                // A short last row keeps the cells of the rows above in line.
                repeat(perRow - row.size) { Spacer(Modifier.weight(1f)) }
            }
        }
    }
}

/**
 * Entering a new piece, bringing one home and taking one back off the board (Back-Do from
 * the first station) happen off the board: buttons for them; and the hint button. The row
 * keeps its height when none of them applies.
 */
@Composable
private fun Actions(state: TableState, snap: GameSnapshot, act: (TableAction) -> Unit) {
    val enter = Spot.Home in state.movable
    val ends = state.selection?.destinations.orEmpty().map { it.to }
    Row(
        Modifier.fillMaxWidth().height(48.dp).testTag(GameTags.ACTIONS),
        horizontalArrangement = Arrangement.spacedBy(8.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        Row(
            Modifier.weight(1f).horizontalScroll(rememberScrollState()),
            horizontalArrangement = Arrangement.spacedBy(8.dp),
            verticalAlignment = Alignment.CenterVertically,
        ) {
            if (enter) {
                val waiting = snap.seats.getOrNull(snap.turn.seat)?.home ?: 0
                AssistChip(
                    onClick = { act(TableAction.Tap(Spot.Home)) },
                    label = { Text(pluralStringResource(R.plurals.game_new_piece, waiting, waiting), maxLines = 1) },
                    leadingIcon = { SeatMark(snap.turn.seat, colourOf(snap.turn.colour), Modifier.size(14.dp)) },
                )
            }
            if (Spot.Done in ends) {
                AssistChip(
                    onClick = { act(TableAction.Tap(Spot.Done)) },
                    label = { Text(stringResource(R.string.game_bring_home), maxLines = 1) },
                )
            }
            if (Spot.Home in ends) {
                AssistChip(
                    onClick = { act(TableAction.Tap(Spot.Home)) },
                    label = { Text(stringResource(R.string.board_home), maxLines = 1) },
                )
            }
        }
        if (state.advice) {
            OutlinedButton(
                onClick = { act(TableAction.Hint) },
                enabled = state.canMove && !state.hintPending,
                colors = ButtonDefaults.outlinedButtonColors(disabledContentColor = offContent(MaterialTheme.colorScheme)),
            ) {
                Text(stringResource(R.string.game_hint), maxLines = 1)
            }
        }
    }
}

/** The results thrown and not yet spent, and the throws still owed, in one line (it scrolls sideways when long). */
@Composable
private fun Hand(snap: GameSnapshot) {
    Row(
        Modifier.fillMaxWidth().height(40.dp).horizontalScroll(rememberScrollState()).testTag(GameTags.HAND),
        horizontalArrangement = Arrangement.spacedBy(8.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        snap.hand.forEach { h ->
            val name = stringResource(h.result.label())
            SuggestionChip(
                onClick = {},
                label = { Text(if (h.prize) stringResource(R.string.game_prize, name) else name, maxLines = 1) },
            )
        }
        val owed = snap.owed + snap.owedPrize
        if (owed > 0 && (snap.hand.isNotEmpty() || owed > 1)) {
            Text(
                pluralStringResource(R.plurals.game_throws_owed, owed, owed),
                style = MaterialTheme.typography.bodyMedium,
                maxLines = 1,
            )
        }
    }
}

/**
 * Two lines under the hand: the hint once asked (the board rings it in gold), otherwise
 * what the last throw or move did. (TalkBack hears every throw, move and capture from the
 * core's announcements: see `Announcer`.)
 */
@Composable
private fun StatusLine(state: TableState, snap: GameSnapshot, board: BoardLayout) {
    val hint = state.hint
    val (first, second) = when {
        state.hintPending -> stringResource(R.string.game_hint_thinking) to ""
        hint != null -> hintText(hint.mv) to stringResource(R.string.game_hint_chance, percent(hint.winChance))
        else -> lastActionText(state, snap, board) to ""
    }
    Column(Modifier.fillMaxWidth().testTag(GameTags.STATUS).semantics(mergeDescendants = true) {}) {
        Text(first, style = MaterialTheme.typography.bodyMedium, maxLines = 1, overflow = TextOverflow.Ellipsis)
        Text(second, style = MaterialTheme.typography.bodySmall, maxLines = 1, overflow = TextOverflow.Ellipsis)
    }
}

/** The last throw or move (whichever came later) in words: who, what, and what it caught. */
@Composable
private fun lastActionText(state: TableState, snap: GameSnapshot, board: BoardLayout): String {
    val thrown = state.`throw`
    val moved = state.lastMove
    fun name(seat: Int) = snap.seats.getOrNull(seat)?.name.orEmpty()
    return when {
        moved != null && (thrown == null || moved.seq > thrown.seq) -> {
            val parts = mutableListOf(stringResource(R.string.said_moved, name(moved.seat), spotText(moved.path.lastOrNull() ?: moved.from, board)))
            for (e in moved.events) {
                when (e) {
                    is GameEvent.Captured -> parts += pluralStringResource(R.plurals.said_captured, e.pieces, e.pieces)
                    is GameEvent.Finished -> parts += pluralStringResource(R.plurals.said_finished, e.pieces, e.pieces)
                    is GameEvent.BonusOwed -> parts += stringResource(R.string.said_throw_again)
                    else -> Unit
                }
            }
            parts.joinToString(", ")
        }
        thrown != null -> {
            // Said once the sticks have settled; while they fly, who threw.
            val outcome = thrown.outcome ?: return stringResource(R.string.said_throwing, name(thrown.seat))
            val result = outcome.result?.let { stringResource(it.label()) } ?: stringResource(R.string.throw_nak)
            val again = outcome.events.any { it is GameEvent.BonusOwed }
            listOfNotNull(
                stringResource(R.string.said_threw, name(thrown.seat), result),
                stringResource(R.string.said_throw_again).takeIf { again },
            ).joinToString(", ")
        }
        else -> ""
    }
}

/** Several moves reach the tapped station: join or not, which route, or which results. */
@Composable
private fun ChoiceDialog(choice: MoveQuestion, state: TableState, act: (TableAction) -> Unit) {
    val asksStack = choice.stackChoices.size > 1
    val asksRoute = choice.routes.size > 1
    AlertDialog(
        onDismissRequest = { act(TableAction.CancelChoice) },
        title = {
            Text(
                stringResource(
                    when {
                        asksStack -> R.string.choice_stack_title
                        asksRoute -> R.string.choice_route_title
                        else -> R.string.choice_results_title
                    },
                ),
            )
        },
        text = {
            Column {
                when {
                    asksStack -> {
                        TextButton(onClick = { act(TableAction.ChooseStack(true)) }) { Text(stringResource(R.string.choice_stack_join)) }
                        TextButton(onClick = { act(TableAction.ChooseStack(false)) }) { Text(stringResource(R.string.choice_stack_apart)) }
                    }
                    asksRoute -> choice.routes.forEach { route ->
                        TextButton(onClick = { act(TableAction.ChooseRoute(route)) }) { Text(stringResource(route.label())) }
                    }
                    else -> choice.moves.forEach { index ->
                        val move = state.snapshot.legalMoves.getOrNull(index.toInt()) ?: return@forEach
                        val names = move.uses.map { stringResource(it.label()) }
                        TextButton(onClick = { act(TableAction.ChooseMove(index, state.snapshot.state)) }) {
                            Text(names.joinToString(" + "))
                        }
                    }
                }
            }
        },
        confirmButton = {},
        dismissButton = {
            TextButton(onClick = { act(TableAction.CancelChoice) }) { Text(stringResource(R.string.cancel)) }
        },
    )
}

/**
 * The end of the game: the winner, play again, the review, back to the menu, or put the
 * card aside to look at the final board (the top bar's "Result" brings it back).
 */
@Composable
private fun GameOverDialog(snap: GameSnapshot, advice: Boolean, act: (TableAction) -> Unit) {
    val winningSeats = snap.winner?.let { side -> snap.sides.getOrNull(side)?.seats }.orEmpty()
        .mapNotNull { s -> snap.seats.getOrNull(s) }
    AlertDialog(
        onDismissRequest = { act(TableAction.SetResultAside(true)) },
        title = { Text(stringResource(R.string.game_over)) },
        text = {
            Column(verticalArrangement = Arrangement.spacedBy(8.dp)) {
                if (winningSeats.isNotEmpty()) {
                    Text(
                        stringResource(R.string.game_winner, winningSeats.joinToString(" & ") { it.name }),
                        style = MaterialTheme.typography.titleMedium,
                        color = winningSeats.first().let { colourOf(it.colour) },
                    )
                }
                TextButton(onClick = { act(TableAction.SetResultAside(true)) }) {
                    Text(stringResource(R.string.game_see_board))
                }
            }
        },
        confirmButton = {
            Button(onClick = { act(TableAction.PlayAgain) }) { Text(stringResource(R.string.game_play_again)) }
        },
        dismissButton = {
            Row {
                if (advice) TextButton(onClick = { act(TableAction.Review) }) { Text(stringResource(R.string.review_button)) }
                TextButton(onClick = { act(TableAction.Leave) }) { Text(stringResource(R.string.game_back_to_menu)) }
            }
        },
    )
}

/** The review: each slip of a person, largest first, with the hard bot's better move. */
@Composable
private fun ReviewDialog(state: TableState, snap: GameSnapshot, board: BoardLayout, act: (TableAction) -> Unit) {
    val review = state.review
    AlertDialog(
        onDismissRequest = { act(TableAction.CloseReview) },
        title = { Text(stringResource(R.string.review_title)) },
        text = {
            when {
                review == null -> Column(verticalArrangement = Arrangement.spacedBy(8.dp)) {
                    Text(stringResource(R.string.review_working))
                    LinearProgressIndicator(Modifier.fillMaxWidth())
                }
                review.isEmpty() -> Text(stringResource(R.string.review_none))
                else -> Column(
                    Modifier.verticalScroll(rememberScrollState()),
                    verticalArrangement = Arrangement.spacedBy(12.dp),
                ) {
                    review.forEach { SlipRow(it, snap, board) }
                }
            }
        },
        confirmButton = {
            TextButton(onClick = { act(TableAction.CloseReview) }) { Text(stringResource(R.string.review_close)) }
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

/** A fresh game of two at a phone's size (the core's own board and snapshot, as the core shows it). */
@Preview(widthDp = 412, heightDp = 915)
@Composable
internal fun GameScreenPreview() {
    val state = remember { Samples.table() }
    YunnoriTheme { GameScreen(state, message = null, onEvent = {}) }
}

/** The same game on a phone on its side: board and controls side by side. */
@Preview(widthDp = 915, heightDp = 412)
@Composable
internal fun GameScreenLandscapePreview() = GameScreenPreview()
