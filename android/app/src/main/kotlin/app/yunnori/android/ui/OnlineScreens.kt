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
import app.yunnori.core.AppEvent
import app.yunnori.core.BotLevel
import app.yunnori.core.KeptRoom
import app.yunnori.core.LinkState
import app.yunnori.core.Message
import app.yunnori.core.OnlineAction
import app.yunnori.core.OnlineStage
import app.yunnori.core.OnlineState
import app.yunnori.core.PlayerKind
import app.yunnori.core.Preset
import app.yunnori.core.RoomPhase
import app.yunnori.core.RoomSeatState
import app.yunnori.core.RoomState
import app.yunnori.core.describeRules
import app.yunnori.core.presetRules

/**
 * Play online: host a room (the new-game form comes next), join one by its code and a name,
 * or come back to a room this phone holds a seat in. Draws the core's [OnlineState]; the
 * code and name being typed are hoisted to the caller; what the person does goes to the
 * core as [AppEvent]s.
 */
@Composable
fun OnlineScreen(
    state: OnlineState,
    message: Message?,
    code: String,
    name: String,
    onCodeChange: (String) -> Unit,
    onNameChange: (String) -> Unit,
    onHost: () -> Unit,
    onEvent: (AppEvent) -> Unit,
) {
    val online = { a: OnlineAction -> onEvent(AppEvent.Online(a)) }
    OnlinePage(stringResource(R.string.online_title), message, onEvent, { onEvent(AppEvent.Back) }, Alignment.Start) {
        val wide = Modifier.widthIn(max = 480.dp).fillMaxWidth()
        LinkBanner(state.connection, onRetry = { online(OnlineAction.Retry) })
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
            onClick = { online(OnlineAction.Join(code, name)) },
            enabled = !state.busy && code.isNotBlank() && name.isNotBlank(),
            modifier = wide,
        ) { Text(stringResource(R.string.online_join_button)) }
        // A full room, or a game to follow: watched without a seat.
        Text(stringResource(R.string.online_watch_help), style = MaterialTheme.typography.bodyMedium)
        OutlinedButton(
            onClick = { online(OnlineAction.Watch(code)) },
            enabled = !state.busy && code.isNotBlank(),
            modifier = wide,
        ) { Text(stringResource(R.string.online_watch_button)) }
        if (state.busy) Working()
        if (state.kept.isNotEmpty()) {
            HorizontalDivider()
            Text(stringResource(R.string.online_kept), style = MaterialTheme.typography.titleLarge)
            Text(stringResource(R.string.online_kept_help), style = MaterialTheme.typography.bodyMedium)
            state.kept.forEach { room -> KeptRoomCard(room, onEvent) }
        }
        Text(stringResource(R.string.online_server, state.server), style = MaterialTheme.typography.bodySmall)
    }
}

/** The spinner while a host, join or rejoin is on its way. */
@Composable
private fun Working() {
    Row(verticalAlignment = Alignment.CenterVertically) {
        CircularProgressIndicator(Modifier.size(20.dp))
        Spacer(Modifier.width(8.dp))
        Text(stringResource(R.string.online_working))
    }
}

/** A page of the online screens: a back bar, the core's [message] as a snackbar, a scrolling column. */
@Composable
private fun OnlinePage(
    title: String,
    message: Message?,
    onEvent: (AppEvent) -> Unit,
    onBack: () -> Unit,
    alignment: Alignment.Horizontal,
    content: @Composable ColumnScope.() -> Unit,
) {
    val snackbar = remember { SnackbarHostState() }
    MessageEffect(message, snackbar, onDismiss = { onEvent(AppEvent.Dismiss) })
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

/** A room this phone holds a seat in (the core keeps its ticket): rejoin it, or forget it. */
@Composable
fun KeptRoomCard(room: KeptRoom, onEvent: (AppEvent) -> Unit) {
    Card(Modifier.fillMaxWidth()) {
        Row(Modifier.padding(16.dp), verticalAlignment = Alignment.CenterVertically) {
            Text(
                room.code,
                style = MaterialTheme.typography.titleLarge,
                fontFamily = FontFamily.Monospace,
                modifier = Modifier.weight(1f),
            )
            val rejoin = stringResource(R.string.online_rejoin_room, room.code)
            val forget = stringResource(R.string.online_forget_room, room.code)
            Button(
                onClick = { onEvent(AppEvent.Online(OnlineAction.Rejoin(room.code))) },
                modifier = Modifier.semantics { contentDescription = rejoin },
            ) { Text(stringResource(R.string.online_rejoin)) }
            TextButton(
                onClick = { onEvent(AppEvent.Online(OnlineAction.Forget(room.code))) },
                modifier = Modifier.semantics { contentDescription = forget },
            ) { Text(stringResource(R.string.online_forget)) }
        }
    }
}

/**
 * The room before its game: the code, large, to read out or share; the seats (who holds
 * each, connected, ready, away); ready, and for the host start and each seat's person or
 * bot. [onShare] hands the room's link to the phone's share sheet.
 */
@Composable
fun LobbyScreen(
    state: OnlineState,
    message: Message?,
    onEvent: (AppEvent) -> Unit,
    onShare: (String) -> Unit,
    onLeave: () -> Unit,
) {
    val room = state.room
    val online = { a: OnlineAction -> onEvent(AppEvent.Online(a)) }
    OnlinePage(stringResource(R.string.lobby_title), message, onEvent, onLeave, Alignment.CenterHorizontally) {
        if (room == null) {
            // Rejoining the room (after the process ended): what the spinner waits for.
            LinkBanner(state.connection, onRetry = { online(OnlineAction.Retry) })
            Working()
            return@OnlinePage
        }
        LinkBanner(state.connection, onRetry = { online(OnlineAction.Retry) })
        if (state.watching) Text(stringResource(R.string.online_watching), style = MaterialTheme.typography.bodyMedium)
        Text(stringResource(R.string.lobby_code_label), style = MaterialTheme.typography.titleMedium)
        Text(
            room.code,
            fontSize = 56.sp,
            fontFamily = FontFamily.Monospace,
            color = MaterialTheme.colorScheme.primary,
            modifier = Modifier.semantics { contentDescription = room.code.toList().joinToString(" ") },
        )
        OutlinedButton(onClick = { onShare(room.link) }) { Text(stringResource(R.string.lobby_share)) }
        HorizontalDivider()
        room.seats.forEach { seat ->
            LobbySeatRow(seat, host = seat.seat == room.hostSeat, hosting = room.hosting) { player ->
                online(OnlineAction.SetSeat(seat.seat, player))
            }
        }
        if (room.spectators > 0u) {
            Text(stringResource(R.string.lobby_spectators, room.spectators.toInt()), style = MaterialTheme.typography.bodySmall)
        }
        HorizontalDivider()
        val wide = Modifier.widthIn(max = 480.dp).fillMaxWidth()
        val mine = room.seats.filter { it.mine }
        if (mine.isNotEmpty()) {
            val ready = mine.all { it.ready }
            FilledTonalButton(onClick = { mine.forEach { online(OnlineAction.Ready(it.seat, !ready)) } }, modifier = wide) {
                Text(stringResource(if (ready) R.string.lobby_not_ready else R.string.lobby_ready))
            }
        }
        if (room.hosting) {
            Button(onClick = { online(OnlineAction.Start) }, enabled = room.canStart && !state.busy, modifier = wide) {
                Text(stringResource(R.string.lobby_start))
            }
            Text(stringResource(R.string.lobby_start_help), style = MaterialTheme.typography.bodySmall)
        }
        TextButton(onClick = onLeave) { Text(stringResource(R.string.lobby_leave)) }
    }
}

@Composable
private fun LobbySeatRow(seat: RoomSeatState, host: Boolean, hosting: Boolean, onSetPlayer: (PlayerKind) -> Unit) {
    Row(Modifier.fillMaxWidth(), verticalAlignment = Alignment.CenterVertically) {
        SeatMark(seat.seat.toInt(), colourOf(seat.colour), Modifier.size(20.dp))
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
private fun seatStatus(seat: RoomSeatState, host: Boolean): String {
    val parts = buildList {
        if (seat.mine) add(stringResource(R.string.lobby_seat_you))
        if (host) add(stringResource(R.string.lobby_seat_host))
        when {
            seat.player is PlayerKind.Bot -> add(stringResource(R.string.lobby_seat_bot))
            seat.standin != null -> add(stringResource(R.string.online_seat_standin))
            seat.away -> add(stringResource(R.string.lobby_seat_away))
            seat.ready -> add(stringResource(R.string.lobby_seat_ready))
            seat.taken -> add(stringResource(R.string.lobby_seat_waiting))
        }
    }
    return parts.joinToString(" · ")
}

/**
 * The connection's banner: lost and being tried again (which attempt), or closed with
 * Retry; nothing while it is live or idle.
 */
@Composable
fun LinkBanner(link: LinkState, onRetry: () -> Unit, modifier: Modifier = Modifier) {
    val text = when (link) {
        is LinkState.Reconnecting -> stringResource(R.string.online_banner_reconnecting, link.attempt.toInt())
        is LinkState.Connecting -> if (link.attempt > 1u) {
            stringResource(R.string.online_banner_reconnecting, link.attempt.toInt())
        } else {
            return
        }
        is LinkState.Closed -> stringResource(R.string.online_banner_closed)
        LinkState.Idle, LinkState.Live -> return
    }
    Row(
        modifier.fillMaxWidth().background(MaterialTheme.colorScheme.errorContainer, RoundedCornerShape(8.dp)).padding(12.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        Text(text, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.weight(1f))
        if (link is LinkState.Closed) {
            TextButton(onClick = onRetry) { Text(stringResource(R.string.msg_retry)) }
        }
    }
}

/**
 * The room's marks over the game screen: the connection's banner, and whose device holds
 * each person's seat (this phone, another phone, away, a bot while its person is away).
 */
@Composable
fun OnlineTableMarks(state: OnlineState, onRetry: () -> Unit, modifier: Modifier = Modifier) {
    val room = state.room ?: return
    Column(modifier.fillMaxWidth().padding(horizontal = 8.dp), verticalArrangement = Arrangement.spacedBy(4.dp)) {
        LinkBanner(state.connection, onRetry)
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
                    SeatMark(seat.seat.toInt(), colourOf(seat.colour), Modifier.size(12.dp))
                    Spacer(Modifier.width(4.dp))
                    val holder = when {
                        seat.standin != null -> R.string.online_seat_standin
                        seat.away -> R.string.lobby_seat_away
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
        OnlineScreen(state, message = null, code = "", name = "", onCodeChange = {}, onNameChange = {}, onHost = {}, onEvent = {})
    }
}

@Preview(widthDp = 412, heightDp = 915)
@Composable
internal fun LobbyScreenPreview() {
    val state = remember { OnlinePreviews.state(room = OnlinePreviews.lobby()) }
    YunnoriTheme { LobbyScreen(state, message = null, onEvent = {}, onShare = {}, onLeave = {}) }
}

@Preview(widthDp = 412, heightDp = 200)
@Composable
internal fun OnlineTableMarksPreview() {
    val state = remember {
        OnlinePreviews.state(room = OnlinePreviews.lobby()).copy(connection = LinkState.Reconnecting(2u, 0u))
    }
    YunnoriTheme { Box(Modifier.fillMaxSize()) { OnlineTableMarks(state, onRetry = {}) } }
}

/** Sample rooms for the previews (no server). */
internal object OnlinePreviews {
    private const val SERVER = "wss://rooms.yunnori.app"
    private const val CODE = "K7TQ2M"

    private fun seat(seat: Int, name: String, colour: String, taken: Boolean, away: Boolean, ready: Boolean, standin: BotLevel?) =
        RoomSeatState(
            seat = seat.toUInt(),
            number = (seat + 1).toUInt(),
            name = name,
            colour = colour,
            player = PlayerKind.Human,
            taken = taken,
            connected = taken && !away,
            away = away,
            ready = ready,
            standin = standin,
            mine = seat == 0,
        )

    fun lobby(): RoomState = RoomState(
        code = CODE,
        link = "https://rooms.yunnori.app/r/$CODE",
        phase = RoomPhase.LOBBY,
        hosting = true,
        hostSeat = 0u,
        seats = listOf(
            seat(0, "Ana", "#D55E00", taken = true, away = false, ready = true, standin = null),
            seat(1, "Bo", "#0072B2", taken = true, away = true, ready = false, standin = BotLevel.MEDIUM),
            seat(2, "", "#009E73", taken = false, away = false, ready = false, standin = null),
        ),
        spectators = 1u,
        canStart = false,
        gameNumber = 0u,
        rules = describeRules(presetRules(Preset.YUNNORI)),
        game = null,
    )

    fun state(room: RoomState?): OnlineState = OnlineState(
        stage = if (room == null) OnlineStage.ENTRY else OnlineStage.LOBBY,
        server = SERVER,
        busy = false,
        watching = false,
        connection = LinkState.Live,
        room = room,
        kept = listOf(KeptRoom(CODE, SERVER, listOf(0u), host = true, joinedAtMs = 0u)),
    )
}
