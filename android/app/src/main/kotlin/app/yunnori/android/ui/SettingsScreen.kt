@file:OptIn(ExperimentalMaterial3Api::class)

package app.yunnori.android.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
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
        }
    }
}

/** The settings with the sticks' sound on. */
@Preview(widthDp = 412, heightDp = 915)
@Composable
internal fun SettingsScreenPreview() {
    YunnoriTheme { SettingsScreen(muted = false, onMutedChange = {}, onBack = {}) }
}
