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
import app.yunnori.android.YunnoriModel
import app.yunnori.android.ui.game.GameScreen
import app.yunnori.viewmodel.UiEvent

/** The screens, by route. */
object Routes {
    const val MENU = "menu"
    const val NEW_GAME = "new-game"
    const val RESUME = "resume"
    const val GAME = "game"
    const val RULES = "rules"
    const val SETTINGS = "settings"
}

/**
 * Navigation between the screens. Each screen is a stateless composable: it gets its
 * state holder's current state and a function to send events to it.
 */
@Composable
fun YunnoriNavHost(model: YunnoriModel = viewModel()) {
    val nav = rememberNavController()
    val game by model.game.state.collectAsStateWithLifecycle()

    fun leaveGame() {
        model.game.onEvent(UiEvent.Leave)
        nav.popBackStack(Routes.MENU, inclusive = false)
    }

    // A game reopened after the process was ended: Android restores the back stack with the
    // game screen on top; should it come back without one, the game is shown all the same.
    LaunchedEffect(Unit) {
        if (model.reopened && nav.currentDestination?.route == Routes.MENU) nav.navigate(Routes.GAME)
    }

    NavHost(navController = nav, startDestination = Routes.MENU) {
        composable(Routes.MENU) {
            val saves by model.resume.state.collectAsStateWithLifecycle()
            LaunchedEffect(Unit) { model.resume.onEvent(UiEvent.Refresh) }
            // The newest game that opens and is not over (the list is newest first).
            val latest = saves.rows.firstOrNull { it.canContinue }?.id
            val open = game.hasGame && !game.over
            MenuScreen(
                canContinue = open || latest != null,
                onContinue = {
                    if (!open && latest != null) model.game.onEvent(UiEvent.Resume(latest))
                    nav.navigate(Routes.GAME)
                },
                onNewGame = { nav.navigate(Routes.NEW_GAME) },
                onResume = { nav.navigate(Routes.RESUME) },
                onRules = { nav.navigate(Routes.RULES) },
                onSettings = { nav.navigate(Routes.SETTINGS) },
            )
        }
        composable(Routes.SETTINGS) {
            val muted by model.muted.collectAsStateWithLifecycle()
            val quickBots by model.quickBots.collectAsStateWithLifecycle()
            SettingsScreen(
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
            RulesScreen(
                rules = game.rules ?: model.defaultRules,
                throwKinds = game.throwKinds,
                onBack = { nav.popBackStack() },
            )
        }
    }
}
