package app.yunnori.android.ui

import androidx.compose.foundation.background
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.text.KeyboardOptions
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.Card
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Scaffold
import androidx.compose.material3.SnackbarHost
import androidx.compose.material3.SnackbarHostState
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.remember
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontFamily
import androidx.compose.ui.text.input.KeyboardCapitalization
import androidx.compose.ui.tooling.preview.Preview
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.sp
import app.yunnori.android.R
import app.yunnori.android.ui.game.SeatMark
import app.yunnori.android.ui.theme.YunnoriTheme
import app.yunnori.core.BotLevel
import app.yunnori.core.PlayerKind
import app.yunnori.core.Preset
import app.yunnori.core.RoomStage
import app.yunnori.core.defaultRoomSettings
import app.yunnori.core.defaultServer
import app.yunnori.core.describeRules
import app.yunnori.core.presetRules
import app.yunnori.core.roomLink
import app.yunnori.viewmodel.online.RoomGame
import app.yunnori.core.RoomSeat
import app.yunnori.core.RoomTicket
import app.yunnori.core.RoomView
import app.yunnori.viewmodel.online.ConnectionBanner
import app.yunnori.viewmodel.online.OnlineEvent
import app.yunnori.viewmodel.online.OnlineUiState

/**
 * Play online: host a room (the new-game form comes next), join one by its code and a name,
 * or come back to a room this phone holds a seat in. The code and name being typed are
 * hoisted to the caller.
 */
@Composable
fun OnlineScreen(
    state: OnlineUiState,
    code: String,
    name: String,
    onCodeChange: (String) -> Unit,
    onNameChange: (String) -> Unit,
    onHost: () -> Unit,
    onEvent: (OnlineEvent) -> Unit,
    onBack: () -> Unit,
) {
    OnlinePage(stringResource(R.string.online_title), state, onEvent, onBack, Alignment.Start) {
        val wide = Modifier.widthIn(max = 480.dp).fillMaxWidth()
        Text(stringResource(R.string.online_host), style = MaterialTheme.typography.titleLarge)
        Text(stringResource(R.string.online_host_help), style = MaterialTheme.typography.bodyMedium)
        FilledTonalButton(onClick = onHost, enabled = !state.busy, modifier = wide) {
            Text(stringResource(R.string.online_host))
        }
        HorizontalDivider()
        Text(stringResource(R.string.online_join), style = MaterialTheme.typography.titleLarge)
        OutlinedTextField(
            value = code,
            onValueChange = onCodeChange,
            label = { Text(stringResource(R.string.online_code)) },
            supportingText = { Text(stringResource(R.string.online_code_help)) },
            singleLine = true,
            keyboardOptions = KeyboardOptions(capitalization = KeyboardCapitalization.Characters),
            modifier = wide,
        )
        OutlinedTextField(
            value = name,
            onValueChange = onNameChange,
            label = { Text(stringResource(R.string.online_name)) },
            singleLine = true,
            modifier = wide,
        )
        Button(
            onClick = { onEvent(OnlineEvent.JoinRoom(code, name)) },
            enabled = !state.busy && code.isNotBlank() && name.isNotBlank(),
            modifier = wide,
        ) { Text(stringResource(R.string.online_join_button)) }
        if (state.busy) {
            Row(verticalAlignment = Alignment.CenterVertically) {
                CircularProgressIndicator(Modifier.size(20.dp))
                Spacer(Modifier.width(8.dp))
                Text(stringResource(R.string.online_working))
            }
        }
        if (state.kept.isNotEmpty()) {
            HorizontalDivider()
            Text(stringResource(R.string.online_kept), style = MaterialTheme.typography.titleLarge)
            Text(stringResource(R.string.online_kept_help), style = MaterialTheme.typography.bodyMedium)
            state.kept.forEach { ticket ->
                KeptRoomCard(
                    ticket,
                    onRejoin = { onEvent(OnlineEvent.Rejoin(ticket.code)) },
                    onForget = { onEvent(OnlineEvent.Forget(ticket.code)) },
                )
            }
        }
        Text(stringResource(R.string.online_server, state.server), style = MaterialTheme.typography.bodySmall)
    }
}

/** A page of the online screens: a back bar, the message of [state] as a snackbar, a scrolling column. */
@Composable
private fun OnlinePage(
    title: String,
    state: OnlineUiState,
    onEvent: (OnlineEvent) -> Unit,
    onBack: () -> Unit,
    alignment: Alignment.Horizontal,
    content: @Composable ColumnScope.() -> Unit,
) {
    val snackbar = remember { SnackbarHostState() }
    MessageEffect(state.message?.toMessage(), snackbar, onDismiss = { onEvent(OnlineEvent.Dismiss) })
    Scaffold(
        contentWindowInsets = safeInsets(),
        topBar = { BackTopBar(title, onBack) },
        snackbarHost = { SnackbarHost(snackbar) },
    ) { padding ->
        Column(
            Modifier.fillMaxSize().padding(padding).verticalScroll(rememberScrollState()).padding(16.dp),
            verticalArrangement = Arrangement.spacedBy(12.dp),
            horizontalAlignment = alignment,
            content = content,
        )
    }
}

/** A room this phone holds a seat in: rejoin it, or forget it. */
@Composable
fun KeptRoomCard(ticket: RoomTicket, onRejoin: () -> Unit, onForget: () -> Unit) {
    Card(Modifier.fillMaxWidth()) {
        Row(Modifier.padding(16.dp), verticalAlignment = Alignment.CenterVertically) {
            Text(
                ticket.code,
                style = MaterialTheme.typography.titleLarge,
                fontFamily = FontFamily.Monospace,
                modifier = Modifier.weight(1f),
            )
            val rejoin = stringResource(R.string.online_rejoin_room, ticket.code)
            val forget = stringResource(R.string.online_forget_room, ticket.code)
            Button(onClick = onRejoin, modifier = Modifier.semantics { contentDescription = rejoin }) {
                Text(stringResource(R.string.online_rejoin))
            }
            TextButton(onClick = onForget, modifier = Modifier.semantics { contentDescription = forget }) {
                Text(stringResource(R.string.online_forget))
            }
        }
    }
}

/**
 * The room before its game: the code, large, to read out or share; the seats (who holds
 * each, connected, ready); ready, and for the host start and each seat's person or bot.
 */
@Composable
fun LobbyScreen(
    state: OnlineUiState,
    onEvent: (OnlineEvent) -> Unit,
    onShare: (RoomView) -> Unit,
    onLeave: () -> Unit,
) {
    val room = state.room
    OnlinePage(stringResource(R.string.lobby_title), state, onEvent, onLeave, Alignment.CenterHorizontally) {
        if (room == null) {
            // Rejoining the room (after the process ended): what the spinner waits for.
            CircularProgressIndicator()
            Text(stringResource(R.string.online_working), style = MaterialTheme.typography.bodyMedium)
            return@OnlinePage
        }
        ConnectionBannerView(state.banner)
        Text(stringResource(R.string.lobby_code_label), style = MaterialTheme.typography.titleMedium)
        Text(
            room.code,
            fontSize = 56.sp,
            fontFamily = FontFamily.Monospace,
            color = MaterialTheme.colorScheme.primary,
            modifier = Modifier.semantics { contentDescription = room.code.toList().joinToString(" ") },
        )
        OutlinedButton(onClick = { onShare(room) }) { Text(stringResource(R.string.lobby_share)) }
        HorizontalDivider()
        room.seats.forEach { seat ->
            LobbySeatRow(seat, host = seat.seat == room.hostSeat, hosting = room.hosting) { player ->
                onEvent(OnlineEvent.SetRoomSeat(seat.seat, player))
            }
        }
        if (room.spectators > 0) {
            Text(stringResource(R.string.lobby_spectators, room.spectators), style = MaterialTheme.typography.bodySmall)
        }
        HorizontalDivider()
        val wide = Modifier.widthIn(max = 480.dp).fillMaxWidth()
        if (state.mySeats.isNotEmpty()) {
            FilledTonalButton(onClick = { onEvent(OnlineEvent.SetReady(!state.ready)) }, modifier = wide) {
                Text(stringResource(if (state.ready) R.string.lobby_not_ready else R.string.lobby_ready))
            }
        }
        if (room.hosting) {
            Button(onClick = { onEvent(OnlineEvent.StartRoom) }, enabled = state.canStart && !state.busy, modifier = wide) {
                Text(stringResource(R.string.lobby_start))
            }
            Text(stringResource(R.string.lobby_start_help), style = MaterialTheme.typography.bodySmall)
        }
        TextButton(onClick = onLeave) { Text(stringResource(R.string.lobby_leave)) }
    }
}

@Composable
private fun LobbySeatRow(seat: RoomSeat, host: Boolean, hosting: Boolean, onSetPlayer: (PlayerKind) -> Unit) {
    Row(Modifier.fillMaxWidth(), verticalAlignment = Alignment.CenterVertically) {
        SeatMark(seat.seat, colourOf(seat.colour), Modifier.size(20.dp))
        Spacer(Modifier.width(8.dp))
        Column(Modifier.weight(1f)) {
            val name = if (seat.taken || seat.player is PlayerKind.Bot) seat.name else stringResource(R.string.lobby_seat_open)
            Text(name, style = MaterialTheme.typography.bodyLarge)
            Text(seatStatus(seat, host), style = MaterialTheme.typography.bodySmall)
        }
        if (hosting && !seat.mine) {
            TextButton(onClick = {
                onSetPlayer(if (seat.player is PlayerKind.Bot) PlayerKind.Human else PlayerKind.Bot(BotLevel.MEDIUM))
            }) {
                Text(stringResource(if (seat.player is PlayerKind.Bot) R.string.lobby_make_person else R.string.lobby_make_bot))
            }
        }
    }
}

/** What a seat's line says under its name: you, the host, ready or not, away, a bot. */
@Composable
private fun seatStatus(seat: RoomSeat, host: Boolean): String {
    val parts = buildList {
        if (seat.mine) add(stringResource(R.string.lobby_seat_you))
        if (host) add(stringResource(R.string.lobby_seat_host))
        when {
            seat.player is PlayerKind.Bot -> add(stringResource(R.string.lobby_seat_bot))
            seat.standin != null -> add(stringResource(R.string.online_seat_standin))
            seat.taken && !seat.connected -> add(stringResource(R.string.lobby_seat_away))
            seat.ready -> add(stringResource(R.string.lobby_seat_ready))
            seat.taken -> add(stringResource(R.string.lobby_seat_waiting))
        }
    }
    return parts.joinToString(" · ")
}

/** The banner while the connection is lost and being restored, and once it is back. */
@Composable
fun ConnectionBannerView(banner: ConnectionBanner?, modifier: Modifier = Modifier) {
    val text = when (banner) {
        null -> return
        is ConnectionBanner.Reconnecting -> stringResource(R.string.online_banner_reconnecting, banner.attempt)
        ConnectionBanner.Restored -> stringResource(R.string.online_banner_restored)
        ConnectionBanner.Closed -> stringResource(R.string.online_banner_closed)
    }
    val colour = if (banner == ConnectionBanner.Restored) {
        MaterialTheme.colorScheme.secondaryContainer
    } else {
        MaterialTheme.colorScheme.errorContainer
    }
    Text(
        text,
        style = MaterialTheme.typography.bodyLarge,
        modifier = modifier.fillMaxWidth().background(colour, RoundedCornerShape(8.dp)).padding(12.dp),
    )
}

/**
 * The online game's marks over the game screen: the connection banner, and whose device
 * holds each seat (this phone, another phone, a bot while its player is away).
 */
@Composable
fun OnlineTableMarks(state: OnlineUiState, modifier: Modifier = Modifier) {
    val room = state.room ?: return
    Column(modifier.fillMaxWidth().padding(horizontal = 8.dp), verticalArrangement = Arrangement.spacedBy(4.dp)) {
        ConnectionBannerView(state.banner)
        Row(
            Modifier
                .background(MaterialTheme.colorScheme.surface.copy(alpha = 0.85f), RoundedCornerShape(8.dp))
                .padding(horizontal = 8.dp, vertical = 4.dp)
                .semantics(mergeDescendants = true) {},
            horizontalArrangement = Arrangement.spacedBy(12.dp),
            verticalAlignment = Alignment.CenterVertically,
        ) {
            room.seats.filter { it.player is PlayerKind.Human }.forEach { seat ->
                Row(verticalAlignment = Alignment.CenterVertically) {
                    SeatMark(seat.seat, colourOf(seat.colour), Modifier.size(12.dp))
                    Spacer(Modifier.width(4.dp))
                    val holder = when {
                        seat.standin != null -> R.string.online_seat_standin
                        seat.mine -> R.string.online_seat_yours
                        else -> R.string.online_seat_remote
                    }
                    Text("${seat.name}: ${stringResource(holder)}", style = MaterialTheme.typography.labelMedium)
                }
            }
        }
    }
}

// ----- previews ---------------------------------------------------------------------

@Preview(widthDp = 412, heightDp = 915)
@Composable
internal fun OnlineScreenPreview() {
    val state = remember { OnlinePreviews.state(room = null) }
    YunnoriTheme {
        OnlineScreen(state, code = "", name = "", onCodeChange = {}, onNameChange = {}, onHost = {}, onEvent = {}, onBack = {})
    }
}

@Preview(widthDp = 412, heightDp = 915)
@Composable
internal fun LobbyScreenPreview() {
    val state = remember { OnlinePreviews.state(room = OnlinePreviews.lobby()) }
    YunnoriTheme { LobbyScreen(state, onEvent = {}, onShare = {}, onLeave = {}) }
}

@Preview(widthDp = 412, heightDp = 200)
@Composable
internal fun OnlineTableMarksPreview() {
    val state = remember {
        OnlinePreviews.state(room = OnlinePreviews.lobby()).copy(banner = ConnectionBanner.Reconnecting(2))
    }
    YunnoriTheme { Box(Modifier.fillMaxSize()) { OnlineTableMarks(state) } }
}

/** Sample rooms for the previews (no server). */
internal object OnlinePreviews {
    fun lobby(): RoomView = RoomView(
        code = "K7TQ2M",
        link = roomLink("K7TQ2M"),
        stage = RoomStage.LOBBY,
        hostSeat = 0,
        hosting = true,
        seats = listOf(
            RoomSeat(0, "Ana", "#D55E00", PlayerKind.Human, taken = true, connected = true, ready = true, standin = null, mine = true),
            RoomSeat(1, "Bo", "#0072B2", PlayerKind.Human, taken = true, connected = false, ready = false, standin = BotLevel.MEDIUM, mine = false),
            RoomSeat(2, "", "#009E73", PlayerKind.Human, taken = false, connected = false, ready = false, standin = null, mine = false),
        ),
        spectators = 1,
        rules = describeRules(presetRules(Preset.YUNNORI)),
        settings = defaultRoomSettings(),
        gameNumber = 0,
        game = null,
        myTurn = false,
        deadlineMs = null,
    )

    fun state(room: RoomView?): OnlineUiState = OnlineUiState(
        server = defaultServer(),
        room = room,
        kept = listOf(RoomTicket(defaultServer(), "K7TQ2M", roomLink("K7TQ2M"), emptyList(), host = true)),
        game = RoomGame(),
    )
}
