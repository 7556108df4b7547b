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

@Composable
fun MenuScreen(
    canContinue: Boolean,
    onContinue: () -> Unit,
    onNewGame: () -> Unit,
    onResume: () -> Unit,
    onRules: () -> Unit,
    onSettings: () -> Unit,
    onOnline: () -> Unit = {},
    /** Something to tell once (a room that could not be rejoined), then [onNoticeShown]. */
    notice: String? = null,
    onNoticeShown: () -> Unit = {},
) {
    val snackbar = remember { SnackbarHostState() }
    val shown by rememberUpdatedState(onNoticeShown)
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
                if (canContinue) {
                    Button(onClick = onContinue, modifier = buttonWidth) { Text(stringResource(R.string.menu_continue)) }
                    Spacer(Modifier.height(12.dp))
                }
                FilledTonalButton(onClick = onNewGame, modifier = buttonWidth) { Text(stringResource(R.string.menu_new_game)) }
                Spacer(Modifier.height(12.dp))
                FilledTonalButton(onClick = onOnline, modifier = buttonWidth) { Text(stringResource(R.string.menu_online)) }
                Spacer(Modifier.height(12.dp))
                FilledTonalButton(onClick = onResume, modifier = buttonWidth) { Text(stringResource(R.string.menu_resume)) }
                Spacer(Modifier.height(12.dp))
                OutlinedButton(onClick = onRules, modifier = buttonWidth) { Text(stringResource(R.string.menu_rules)) }
                Spacer(Modifier.height(12.dp))
                OutlinedButton(onClick = onSettings, modifier = buttonWidth) { Text(stringResource(R.string.menu_settings)) }
            }
            SnackbarHost(snackbar, Modifier.align(Alignment.BottomCenter).windowInsetsPadding(safeInsets()))
        }
    }
}

/** The menu with a game to continue. */
@Preview(widthDp = 412, heightDp = 915)
@Composable
internal fun MenuScreenPreview() {
    YunnoriTheme { MenuScreen(canContinue = true, onContinue = {}, onNewGame = {}, onResume = {}, onRules = {}, onSettings = {}) }
}
