package app.yunnori.android.ui

import androidx.activity.compose.BackHandler
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import androidx.lifecycle.viewmodel.compose.viewModel
import androidx.navigation.compose.NavHost
import androidx.navigation.compose.composable
import androidx.navigation.compose.rememberNavController
import androidx.compose.ui.res.stringResource
import app.yunnori.android.R
import app.yunnori.android.YunnoriModel
import app.yunnori.android.ui.game.GameScreen
import app.yunnori.core.PlayerKind
import app.yunnori.core.defaultRoomSettings
import app.yunnori.core.readRoomCode
import app.yunnori.viewmodel.OnlineStage
import app.yunnori.viewmodel.UiEvent
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue

/** The screens, by route. */
object Routes {
    const val MENU = "menu"
    const val NEW_GAME = "new-game"
    const val RESUME = "resume"
    const val GAME = "game"
    const val RULES = "rules"
    const val SETTINGS = "settings"
    const val ONLINE = "online"
    const val ONLINE_HOST = "online-host"

    /** The room: its lobby, then its game. */
    const val ROOM = "room"
}

/**
 * Navigation between the screens. Each screen is a stateless composable: it gets its
 * state holder's current state and a function to send events to it.
 */
@Composable
fun YunnoriNavHost(model: YunnoriModel = viewModel()) {
    val nav = rememberNavController()
    val game by model.game.state.collectAsStateWithLifecycle()
    val online by model.online.state.collectAsStateWithLifecycle()
    val link by model.link.collectAsStateWithLifecycle()
    val rejoining by model.rejoining.collectAsStateWithLifecycle()
    val roomLost by model.roomLost.collectAsStateWithLifecycle()
    // What the join form holds (a shared link fills the code in).
    var joinCode by rememberSaveable { mutableStateOf("") }
    var joinName by rememberSaveable { mutableStateOf("") }

    fun leaveRoom() {
        model.online.onEvent(UiEvent.LeaveRoom)
        nav.popBackStack(Routes.MENU, inclusive = false)
    }

    // A shared room's link: the join form with its code, once (the model forgets it then).
    LaunchedEffect(link) {
        val opened = link ?: return@LaunchedEffect
        readRoomCode(opened)?.let { code ->
            joinCode = code
            nav.navigate(Routes.ONLINE) { launchSingleTop = true }
        }
        model.linkOpened(opened)
    }
    // Hosted, joined or rejoined: the room's screen.
    LaunchedEffect(online.room != null) {
        if (online.room != null && nav.currentDestination?.route != Routes.ROOM) {
            nav.navigate(Routes.ROOM) { popUpTo(Routes.MENU) }
        }
    }

    fun leaveGame() {
        model.game.onEvent(UiEvent.Leave)
        nav.popBackStack(Routes.MENU, inclusive = false)
    }

    // A game reopened after the process was ended: Android restores the back stack with the
    // game screen on top; should it come back without one, the game is shown all the same.
    // Likewise a room being rejoined: its screen, waiting for the room.
    LaunchedEffect(Unit) {
        if (model.reopened && nav.currentDestination?.route == Routes.MENU) nav.navigate(Routes.GAME)
        if (rejoining != null && nav.currentDestination?.route == Routes.MENU) nav.navigate(Routes.ROOM)
    }

    NavHost(navController = nav, startDestination = Routes.MENU) {
        composable(Routes.MENU) {
            val saves by model.resume.state.collectAsStateWithLifecycle()
            LaunchedEffect(Unit) { model.resume.onEvent(UiEvent.Refresh) }
            // The newest game that opens and is not over (the list is newest first).
            val latest = saves.rows.firstOrNull { it.canContinue }?.id
            val open = game.hasGame && !game.over
            val lost = roomLost?.let { r ->
                stringResource(R.string.online_room_lost, r.code, r.why?.let { messageText(it) }.orEmpty())
            }
            MenuScreen(
                notice = lost,
                onNoticeShown = model::dismissRoomLost,
                canContinue = open || latest != null,
                onContinue = {
                    if (!open && latest != null) model.game.onEvent(UiEvent.Resume(latest))
                    nav.navigate(Routes.GAME)
                },
                onNewGame = { nav.navigate(Routes.NEW_GAME) },
                onResume = { nav.navigate(Routes.RESUME) },
                onRules = { nav.navigate(Routes.RULES) },
                onSettings = { nav.navigate(Routes.SETTINGS) },
                onOnline = { nav.navigate(Routes.ONLINE) },
            )
        }
        composable(Routes.ONLINE) {
            OnlineScreen(
                state = online,
                code = joinCode,
                name = joinName,
                onCodeChange = { joinCode = it },
                onNameChange = { joinName = it },
                onHost = { nav.navigate(Routes.ONLINE_HOST) },
                onEvent = model.online::onEvent,
                onBack = { nav.popBackStack() },
            )
        }
        composable(Routes.ONLINE_HOST) {
            val form by model.hostForm.state.collectAsStateWithLifecycle()
            // The core accepted the table: open the room (the host takes the first person's seat).
            LaunchedEffect(form.ready) {
                val setup = form.ready ?: return@LaunchedEffect
                val name = setup.seats.firstOrNull { it.player is PlayerKind.Human }?.name.orEmpty()
                model.online.onEvent(UiEvent.HostRoom(name, setup, defaultRoomSettings().copy(undo = setup.undo)))
                model.hostForm.onEvent(UiEvent.StartHandled)
            }
            NewGameScreen(state = form, onEvent = model.hostForm::onEvent, onBack = { nav.popBackStack() })
        }
        composable(Routes.ROOM) {
            BackHandler { leaveRoom() }
            // No room and none being rejoined (the process ended and the rejoin failed): the
            // menu, which says why; never a spinner waiting for nothing.
            if (online.room == null && rejoining == null) {
                LaunchedEffect(Unit) { nav.popBackStack(Routes.MENU, inclusive = false) }
            }
            LaunchedEffect(Unit) { model.refreshMotion() }
            if (online.stage == OnlineStage.GAME) {
                GameScreen(
                    state = online.game,
                    onEvent = model.online::onGameEvent,
                    onRules = { nav.navigate(Routes.RULES) },
                    onLeave = { leaveRoom() },
                    tableMarks = { OnlineTableMarks(online) },
                )
            } else {
                LobbyScreen(state = online, onEvent = model.online::onEvent, onShare = model::share, onLeave = { leaveRoom() })
            }
        }
        composable(Routes.SETTINGS) {
            val muted by model.muted.collectAsStateWithLifecycle()
            val quickBots by model.quickBots.collectAsStateWithLifecycle()
            val server by model.server.collectAsStateWithLifecycle()
            SettingsScreen(
                server = server,
                onServerChange = model::setServer,
                muted = muted,
                onMutedChange = model::setMuted,
                onBack = { nav.popBackStack() },
                quickBots = quickBots,
                onQuickBotsChange = model::setQuickBots,
            )
        }
        composable(Routes.NEW_GAME) {
            val form by model.newGame.state.collectAsStateWithLifecycle()
            // The core accepted the table: start it and show the game.
            LaunchedEffect(form.ready) {
                val setup = form.ready ?: return@LaunchedEffect
                model.game.onEvent(UiEvent.NewGame(setup))
                model.newGame.onEvent(UiEvent.StartHandled)
                nav.navigate(Routes.GAME) { popUpTo(Routes.MENU) }
            }
            NewGameScreen(state = form, onEvent = model.newGame::onEvent, onBack = { nav.popBackStack() })
        }
        composable(Routes.RESUME) {
            val list by model.resume.state.collectAsStateWithLifecycle()
            LaunchedEffect(Unit) { model.resume.onEvent(UiEvent.Refresh) }
            ResumeScreen(
                rooms = online.kept,
                onRejoin = { model.online.onEvent(UiEvent.Rejoin(it)) },
                onForget = { model.online.onEvent(UiEvent.Forget(it)) },
                state = list,
                onEvent = model.resume::onEvent,
                onOpen = { id ->
                    model.game.onEvent(UiEvent.Resume(id))
                    nav.navigate(Routes.GAME) { popUpTo(Routes.MENU) }
                },
                onBack = { nav.popBackStack() },
            )
        }
        composable(Routes.GAME) {
            BackHandler { leaveGame() }
            // The player may have turned animations off or on since: throws follow.
            LaunchedEffect(Unit) { model.refreshMotion() }
            GameScreen(
                state = game,
                onEvent = model.game::onEvent,
                onRules = { nav.navigate(Routes.RULES) },
                onLeave = { leaveGame() },
            )
        }
        composable(Routes.RULES) {
            val inRoom = online.stage == OnlineStage.GAME
            RulesScreen(
                rules = (if (inRoom) online.game.rules else game.rules) ?: model.defaultRules,
                throwKinds = game.throwKinds,
                onBack = { nav.popBackStack() },
            )
        }
    }
}
