@file:OptIn(ExperimentalMaterial3Api::class)

package app.yunnori.android.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.selection.toggleable
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.tooling.preview.Preview
import androidx.compose.ui.unit.dp
import app.yunnori.android.R
import app.yunnori.android.ui.theme.YunnoriTheme

/** The test tag of the sound switch's row. */
const val SOUND_SWITCH_TAG = "sound-switch"

/**
 * The app's settings: the sticks' sound and vibration (on unless [muted]), and a word on
 * the system's Remove animations, which the throw follows. Stateless: the switch reports
 * through [onMutedChange].
 */
@Composable
fun SettingsScreen(muted: Boolean, onMutedChange: (Boolean) -> Unit, onBack: () -> Unit) {
    Scaffold(
        contentWindowInsets = safeInsets(),
        topBar = { BackTopBar(stringResource(R.string.menu_settings), onBack) },
    ) { padding ->
        Column(
            Modifier.padding(padding).verticalScroll(rememberScrollState()).padding(16.dp),
            verticalArrangement = Arrangement.spacedBy(16.dp),
        ) {
            // The whole row is the switch, for a finger and for TalkBack.
            Row(
                Modifier
                    .fillMaxWidth()
                    .toggleable(value = !muted, role = Role.Switch, onValueChange = { on -> onMutedChange(!on) })
                    .testTag(SOUND_SWITCH_TAG)
                    .padding(vertical = 8.dp),
                verticalAlignment = Alignment.CenterVertically,
            ) {
                Column(Modifier.weight(1f)) {
                    Text(stringResource(R.string.settings_sound), style = MaterialTheme.typography.titleMedium)
                    Text(stringResource(R.string.settings_sound_help), style = MaterialTheme.typography.bodyMedium)
                }
                Spacer(Modifier.width(16.dp))
                Switch(checked = !muted, onCheckedChange = null)
            }
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
