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
 * The app's settings: the sticks' sound and vibration (on unless [muted]), quick bots
 * (their turns at a quarter of the time), and a word on the system's Remove animations,
 * which the throw follows. Stateless: the switches report through [onMutedChange] and
 * [onQuickBotsChange].
 */
@Composable
fun SettingsScreen(
    muted: Boolean,
    onMutedChange: (Boolean) -> Unit,
    onBack: () -> Unit,
    quickBots: Boolean = false,
    onQuickBotsChange: (Boolean) -> Unit = {},
    server: String = "",
    onServerChange: (String) -> Unit = {},
) {
    Scaffold(
        contentWindowInsets = safeInsets(),
        topBar = { BackTopBar(stringResource(R.string.menu_settings), onBack) },
    ) { padding ->
        Column(
            Modifier.padding(padding).verticalScroll(rememberScrollState()).padding(16.dp),
            verticalArrangement = Arrangement.spacedBy(16.dp),
        ) {
            SwitchRow(
                label = stringResource(R.string.settings_sound),
                help = stringResource(R.string.settings_sound_help),
                checked = !muted,
                onChange = { on -> onMutedChange(!on) },
                modifier = Modifier.testTag(SOUND_SWITCH_TAG),
                contentPadding = PaddingValues(vertical = 8.dp),
                labelStyle = MaterialTheme.typography.titleMedium,
                helpStyle = MaterialTheme.typography.bodyMedium,
            )
            SwitchRow(
                label = stringResource(R.string.settings_quick_bots),
                help = stringResource(R.string.settings_quick_bots_help),
                checked = quickBots,
                onChange = onQuickBotsChange,
                modifier = Modifier.testTag(QUICK_BOTS_SWITCH_TAG),
                contentPadding = PaddingValues(vertical = 8.dp),
                labelStyle = MaterialTheme.typography.titleMedium,
                helpStyle = MaterialTheme.typography.bodyMedium,
            )
            Text(stringResource(R.string.settings_motion_help), style = MaterialTheme.typography.bodyMedium)
            ServerSetting(server, onServerChange)
        }
    }
}

/**
 * The online server's address: typed here, used once the view model has checked it (a
 * wrong one is said on the Play online screen and the old one stays).
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
        TextButton(onClick = { onServerChange(defaultServer()) }) { Text(stringResource(R.string.settings_server_reset)) }
    }
}

/** The settings with the sticks' sound on. */
@Preview(widthDp = 412, heightDp = 915)
@Composable
internal fun SettingsScreenPreview() {
    YunnoriTheme { SettingsScreen(muted = false, onMutedChange = {}, onBack = {}) }
}
