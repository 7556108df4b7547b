package app.yunnori.android.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.windowInsetsPadding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.material3.Button
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.SnackbarHost
import androidx.compose.material3.SnackbarHostState
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.dp
import app.yunnori.android.R
import app.yunnori.android.ui.theme.YunnoriTheme
import androidx.compose.ui.tooling.preview.Preview
import app.yunnori.core.AppEvent
import app.yunnori.core.AppScreen
import app.yunnori.core.MenuState
import app.yunnori.core.Message

/**
 * The menu: Continue (the latest unfinished game, when there is one), a new game, play
 * online, the saved games, how to play and the settings. Stateless: it draws [state] and
 * reports what the player does through [onEvent].
 */
@Composable
fun MenuScreen(
    state: MenuState,
    message: Message?,
    onEvent: (AppEvent) -> Unit,
    /** Something to tell once (a room that could not be rejoined), then [onNoticeShown]. */
    notice: String? = null,
    onNoticeShown: () -> Unit = {},
) {
    val snackbar = remember { SnackbarHostState() }
    MessageEffect(message, snackbar, onDismiss = { onEvent(AppEvent.Dismiss) })
    val shown by rememberUpdatedState(onNoticeShown)
    fun open(screen: AppScreen) = onEvent(AppEvent.Open(screen))
    LaunchedEffect(notice) {
        if (notice != null) {
            snackbar.showSnackbar(notice, withDismissAction = true)
            shown()
        }
    }
    Surface(modifier = Modifier.fillMaxSize(), color = MaterialTheme.colorScheme.background) {
        Box(Modifier.fillMaxSize()) {
            Column(
                modifier = Modifier.fillMaxSize().windowInsetsPadding(safeInsets()).padding(24.dp),
                horizontalAlignment = Alignment.CenterHorizontally,
                verticalArrangement = Arrangement.Center,
            ) {
                Text(
                    text = stringResource(R.string.app_name),
                    style = MaterialTheme.typography.displayMedium,
                    color = MaterialTheme.colorScheme.primary,
                )
                Text(
                    text = stringResource(R.string.menu_tagline),
                    style = MaterialTheme.typography.titleMedium,
                    textAlign = TextAlign.Center,
                )
                Spacer(Modifier.height(40.dp))
                val buttonWidth = Modifier.widthIn(max = 360.dp).fillMaxWidth()
                if (state.continueId != null || state.tableOpen) {
                    Button(onClick = { onEvent(if (state.tableOpen) AppEvent.Open(AppScreen.TABLE) else AppEvent.Continue) }, modifier = buttonWidth) { Text(stringResource(R.string.menu_continue)) }
                    Spacer(Modifier.height(12.dp))
                }
                FilledTonalButton(onClick = { open(AppScreen.NEW_GAME) }, modifier = buttonWidth) { Text(stringResource(R.string.menu_new_game)) }
                Spacer(Modifier.height(12.dp))
                FilledTonalButton(onClick = { open(AppScreen.ONLINE) }, modifier = buttonWidth) { Text(stringResource(R.string.menu_online)) }
                Spacer(Modifier.height(12.dp))
                FilledTonalButton(onClick = { open(AppScreen.SAVED_GAMES) }, modifier = buttonWidth) { Text(stringResource(R.string.menu_resume)) }
                Spacer(Modifier.height(12.dp))
                OutlinedButton(onClick = { open(AppScreen.RULES) }, modifier = buttonWidth) { Text(stringResource(R.string.menu_rules)) }
                Spacer(Modifier.height(12.dp))
                OutlinedButton(onClick = { open(AppScreen.SETTINGS) }, modifier = buttonWidth) { Text(stringResource(R.string.menu_settings)) }
            }
            SnackbarHost(snackbar, Modifier.align(Alignment.BottomCenter).windowInsetsPadding(safeInsets()))
        }
    }
}

/** The menu with a game to continue. */
@Preview(widthDp = 412, heightDp = 915)
@Composable
internal fun MenuScreenPreview() {
    YunnoriTheme { MenuScreen(MenuState(continueId = "preview", tableOpen = false), message = null, onEvent = {}) }
}
