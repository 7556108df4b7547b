package app.yunnori.android.ui

import androidx.activity.compose.BackHandler
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.size
import androidx.compose.runtime.Composable
import androidx.compose.runtime.DisposableEffect
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.LocalView
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.unit.dp
import androidx.lifecycle.Lifecycle
import androidx.lifecycle.compose.LifecycleEventEffect
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import androidx.lifecycle.viewmodel.compose.viewModel
import app.yunnori.android.R
import app.yunnori.android.Spoken
import app.yunnori.android.YunnoriModel
import app.yunnori.android.ui.game.GameScreen
import app.yunnori.android.ui.game.MOVE_STEP_MS
import app.yunnori.core.AppEvent
import app.yunnori.core.AppScreen
import app.yunnori.core.FormEvent
import app.yunnori.core.OnlineAction
import app.yunnori.core.OnlineStage
import app.yunnori.core.ShellEffect
import app.yunnori.core.TableAction
import app.yunnori.core.boardLayout
import app.yunnori.core.readRoomCode
import app.yunnori.core.throwKinds

/** The test tag of the node TalkBack's announcements are read from. */
const val ANNOUNCER_TAG = "announcer"

/**
 * The whole app: the screen the core says ([app.yunnori.core.AppView.screen]), drawn from
 * its view model, every event sent to it. The system's back gesture is the core's Back;
 * the app's lifecycle (to the background, back in front with Remove animations maybe
 * changed) and a room link handed to the activity go to the model. TalkBack hears the
 * core's announcements through [Announcer].
 *
 * Online rooms are the core's too ([app.yunnori.core.AppView.online]): the entry, the
 * lobby, and the room's game on the same game screen as a local game, with the room's
 * marks (the connection, who holds each seat) over it.
 */
@Composable
fun YunnoriApp(model: YunnoriModel = viewModel()) {
    val view by model.app.view.collectAsStateWithLifecycle()
    val online = view.online
    val hosting by model.hosting.collectAsStateWithLifecycle()
    val link by model.link.collectAsStateWithLifecycle()
    val rejoining by model.rejoining.collectAsStateWithLifecycle()
    val roomLost by model.roomLost.collectAsStateWithLifecycle()
    val spoken by model.shell.spoken.collectAsStateWithLifecycle()
    val send: (AppEvent) -> Unit = model.app::send
    // What the join form holds (a shared link fills the code in).
    var joinCode by rememberSaveable { mutableStateOf("") }
    var joinName by rememberSaveable { mutableStateOf("") }
    // The room's rules, over its game (the core's Rules screen shows local games').
    var roomRules by rememberSaveable { mutableStateOf(false) }

    // The view the app is drawn in: the table's haptics are its.
    val androidView = LocalView.current
    DisposableEffect(androidView) {
        model.shell.view = androidView
        onDispose { if (model.shell.view === androidView) model.shell.view = null }
    }
    // Back in front: the player may have turned animations off or on meanwhile.
    LifecycleEventEffect(Lifecycle.Event.ON_RESUME) { model.refreshMotion() }
    LifecycleEventEffect(Lifecycle.Event.ON_STOP) { model.backgrounded() }
    // The app's words for seats nobody has named (in the language showing).
    val names = seatNames()
    LaunchedEffect(names) { send(names) }
    // A shared room's link: the join form with its code, once (the model forgets it then).
    LaunchedEffect(link) {
        val opened = link ?: return@LaunchedEffect
        readRoomCode(opened)?.let { code ->
            joinCode = code
            send(AppEvent.Open(AppScreen.ONLINE))
        }
        model.linkOpened(opened)
    }

    fun leaveRoom() {
        roomRules = false
        send(AppEvent.Online(OnlineAction.Leave))
        send(AppEvent.Back)
    }

    val inRoom = online.room != null || rejoining != null
    // The room's game is on the table (the core marks a room's table with its room).
    val roomGame = online.stage == OnlineStage.GAME &&
        online.room.let { room -> room != null && view.table?.room?.code == room.code }
    BackHandler(enabled = view.screen != AppScreen.MENU) {
        when {
            view.screen == AppScreen.NEW_GAME && hosting -> model.closeHostForm()
            roomRules -> roomRules = false
            view.screen == AppScreen.ONLINE && inRoom -> leaveRoom()
            view.screen == AppScreen.TABLE && roomGame -> leaveRoom()
            else -> send(AppEvent.Back)
        }
    }

    Box(Modifier.fillMaxSize()) {
        when (view.screen) {
            AppScreen.MENU -> {
                val lost = roomLost?.let { r ->
                    stringResource(R.string.online_room_lost, r.code, r.why?.let { messageText(it) }.orEmpty())
                }
                MenuScreen(view.menu, view.message, send, notice = lost, onNoticeShown = model::dismissRoomLost)
            }
            AppScreen.NEW_GAME -> view.form?.let { form ->
                if (hosting) {
                    // The host's table: Start opens the room instead of a game here.
                    NewGameScreen(form, view.message) { e ->
                        when {
                            e == AppEvent.Form(FormEvent.Start) -> model.hostRoom()
                            e == AppEvent.Back -> model.closeHostForm()
                            else -> send(e)
                        }
                    }
                } else {
                    NewGameScreen(form, view.message, send)
                }
            }
            AppScreen.TABLE -> when {
                roomRules && roomGame && view.rules != null -> RulesScreen(
                    rules = view.rules!!,
                    throwKinds = remember { throwKinds() },
                    onBack = { roomRules = false },
                )
                else -> view.table?.let { table ->
                    GameScreen(
                        table,
                        view.message,
                        onEvent = { e ->
                            // The room's rules show over its game (the core's Rules screen is a local game's).
                            if (roomGame && e == AppEvent.Open(AppScreen.RULES)) roomRules = true else send(e)
                        },
                        reduceMotion = view.settings.reduceMotion,
                        quickBots = view.settings.quickBots,
                        tableMarks = {
                            if (roomGame) OnlineTableMarks(online, onRetry = { send(AppEvent.Online(OnlineAction.Retry)) })
                        },
                    )
                }
            }
            AppScreen.SAVED_GAMES -> ResumeScreen(view.saved, view.message, send, rooms = online.kept)
            AppScreen.SETTINGS -> SettingsScreen(view.settings, view.message, send)
            AppScreen.RULES -> view.rules?.let { rules ->
                RulesScreen(rules, throwKinds = remember { throwKinds() }, onBack = { send(AppEvent.Back) })
            }
            AppScreen.ONLINE -> when {
                inRoom -> LobbyScreen(
                    state = online,
                    message = view.message,
                    onEvent = send,
                    onShare = { model.shell.perform(ShellEffect.Share(it)) },
                    onLeave = { leaveRoom() },
                )
                else -> OnlineScreen(
                    state = online,
                    message = view.message,
                    code = joinCode,
                    name = joinName,
                    onCodeChange = { joinCode = it },
                    onNameChange = { joinName = it },
                    onHost = model::openHostForm,
                    onEvent = send,
                )
            }
        }
        Announcer(spoken)
    }
}

/**
 * What TalkBack says as the game goes: the core's latest announcement ([Spoken]), worded,
 * in a live region of its own (a point in the corner, drawn as nothing), so every throw,
 * move, capture and turn is heard once, a bot's as well as the player's own.
 */
@Composable
fun Announcer(spoken: Spoken?) {
    val board = remember { boardLayout() }
    val said = spoken?.let { speechText(it.speech, board) }.orEmpty()
    Box(
        Modifier
            .size(1.dp)
            .testTag(ANNOUNCER_TAG)
            .clearAndSetSemantics {
                contentDescription = said
                liveRegion = LiveRegionMode.Polite
            },
    )
}
