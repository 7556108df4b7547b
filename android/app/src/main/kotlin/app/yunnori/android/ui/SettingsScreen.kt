@file:OptIn(ExperimentalMaterial3Api::class)

package app.yunnori.android.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.material3.Button
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.TextButton
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.material3.SnackbarHost
import androidx.compose.material3.SnackbarHostState
import androidx.compose.runtime.remember
import app.yunnori.core.AppEvent
import app.yunnori.core.Message
import app.yunnori.core.SettingsAction
import app.yunnori.core.SettingsState
import app.yunnori.core.defaultServer
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.tooling.preview.Preview
import androidx.compose.ui.unit.dp
import app.yunnori.android.R
import app.yunnori.android.ui.theme.YunnoriTheme

/** The test tag of the sound switch's row. */
const val SOUND_SWITCH_TAG = "sound-switch"

/** The test tag of the quick-bots switch's row. */
const val QUICK_BOTS_SWITCH_TAG = "quick-bots-switch"

/**
 * The app's settings: the sticks' sound and vibration (on unless muted), quick bots (their
 * turns at a quarter of the time), a word on the system's Remove animations, which the
 * throw follows, and the online server. Stateless: it draws [state] (the core keeps the
 * settings) and reports the switches through [onEvent].
 */
@Composable
fun SettingsScreen(state: SettingsState, message: Message?, onEvent: (AppEvent) -> Unit) {
    fun set(action: SettingsAction) = onEvent(AppEvent.Settings(action))
    val snackbar = remember { SnackbarHostState() }
    MessageEffect(message, snackbar, onDismiss = { onEvent(AppEvent.Dismiss) })
    Scaffold(
        contentWindowInsets = safeInsets(),
        topBar = { BackTopBar(stringResource(R.string.menu_settings)) { onEvent(AppEvent.Back) } },
        snackbarHost = { SnackbarHost(snackbar) },
    ) { padding ->
        Column(
            Modifier.padding(padding).verticalScroll(rememberScrollState()).padding(16.dp),
            verticalArrangement = Arrangement.spacedBy(16.dp),
        ) {
            SwitchRow(
                label = stringResource(R.string.settings_sound),
                help = stringResource(R.string.settings_sound_help),
                checked = !state.muted,
                onChange = { on -> set(SettingsAction.SetMuted(!on)) },
                modifier = Modifier.testTag(SOUND_SWITCH_TAG),
                contentPadding = PaddingValues(vertical = 8.dp),
                labelStyle = MaterialTheme.typography.titleMedium,
                helpStyle = MaterialTheme.typography.bodyMedium,
            )
            SwitchRow(
                label = stringResource(R.string.settings_quick_bots),
                help = stringResource(R.string.settings_quick_bots_help),
                checked = state.quickBots,
                onChange = { set(SettingsAction.SetQuickBots(it)) },
                modifier = Modifier.testTag(QUICK_BOTS_SWITCH_TAG),
                contentPadding = PaddingValues(vertical = 8.dp),
                labelStyle = MaterialTheme.typography.titleMedium,
                helpStyle = MaterialTheme.typography.bodyMedium,
            )
            Text(stringResource(R.string.settings_motion_help), style = MaterialTheme.typography.bodyMedium)
            ServerSetting(state.server) { set(SettingsAction.SetServer(it)) }
        }
    }
}

/**
 * The online server's address: typed here, kept once the core has checked it (a wrong one
 * is said, and the old one stays); Reset goes back to the app's own server.
 */
@Composable
private fun ServerSetting(server: String, onServerChange: (String) -> Unit) {
    var draft by rememberSaveable(server) { mutableStateOf(server) }
    Text(stringResource(R.string.settings_server), style = MaterialTheme.typography.titleMedium)
    Text(stringResource(R.string.settings_server_help), style = MaterialTheme.typography.bodyMedium)
    OutlinedTextField(
        value = draft,
        onValueChange = { draft = it },
        singleLine = true,
        label = { Text(stringResource(R.string.settings_server)) },
        modifier = Modifier.fillMaxWidth(),
    )
    Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
        Button(onClick = { onServerChange(draft) }, enabled = draft.isNotBlank() && draft != server) {
            Text(stringResource(R.string.settings_server_save))
        }
        TextButton(onClick = { onServerChange("") }) { Text(stringResource(R.string.settings_server_reset)) }
    }
}

/** The settings with the sticks' sound on. */
@Preview(widthDp = 412, heightDp = 915)
@Composable
internal fun SettingsScreenPreview() {
    YunnoriTheme {
        SettingsScreen(SettingsState(muted = false, quickBots = false, reduceMotion = false, server = defaultServer()), message = null, onEvent = {})
    }
}
