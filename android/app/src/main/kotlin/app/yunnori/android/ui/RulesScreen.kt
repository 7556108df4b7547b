@file:OptIn(ExperimentalMaterial3Api::class)

package app.yunnori.android.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import app.yunnori.android.R
import app.yunnori.core.RulesDescription
import app.yunnori.core.ThrowInfo
import androidx.compose.runtime.remember
import app.yunnori.core.throwKinds
import app.yunnori.core.presetRules
import app.yunnori.core.describeRules
import app.yunnori.core.Preset
import app.yunnori.android.ui.theme.YunnoriTheme
import androidx.compose.ui.tooling.preview.Preview

/** How to play, the six results, and the rules of the game in play option by option. */
@Composable
fun RulesScreen(rules: RulesDescription, throwKinds: List<ThrowInfo>, onBack: () -> Unit) {
    Scaffold(
        contentWindowInsets = safeInsets(),
        topBar = { BackTopBar(stringResource(R.string.rules_title), onBack) },
    ) { padding ->
        LazyColumn(
            modifier = Modifier.fillMaxSize().padding(padding).padding(horizontal = 16.dp),
            verticalArrangement = Arrangement.spacedBy(8.dp),
        ) {
            item { Heading(stringResource(R.string.rules_how_title)) }
            item { Text(stringResource(R.string.rules_how_goal)) }
            item { Text(stringResource(R.string.rules_how_throw)) }
            item { Text(stringResource(R.string.rules_how_move)) }
            item { Text(stringResource(R.string.rules_how_capture)) }
            item { Text(stringResource(R.string.rules_how_corners)) }

            item { Heading(stringResource(R.string.rules_results_title)) }
            // Keys are per list: a result and a rule may share an id ("back_do").
            items(throwKinds, key = { "result:" + it.id }) { t ->
                Row(Modifier.fillMaxWidth()) {
                    Text(stringResource(t.result.label()), fontWeight = FontWeight.Bold, modifier = Modifier.weight(1f))
                    Text(stringResource(R.string.rules_steps, t.steps))
                }
            }

            item { Heading(stringResource(R.string.rules_in_play_title)) }
            items(rules.options, key = { "rule:" + it.key }) { option ->
                Column {
                    Row(Modifier.fillMaxWidth()) {
                        Text(ruleLabel(option), modifier = Modifier.weight(1f))
                        Text(ruleValueText(option), fontWeight = FontWeight.Bold)
                    }
                    Text(ruleHelp(option), style = MaterialTheme.typography.bodySmall)
                    HorizontalDivider(Modifier.padding(top = 6.dp))
                }
            }
        }
    }
}

@Composable
private fun Heading(text: String) {
    Text(
        text,
        style = MaterialTheme.typography.titleLarge,
        color = MaterialTheme.colorScheme.primary,
        modifier = Modifier.padding(top = 12.dp),
    )
}

/** How to play, with the app's own rules. */
@Preview(widthDp = 412, heightDp = 915)
@Composable
internal fun RulesScreenPreview() {
    val rules = remember { describeRules(presetRules(Preset.YUNNORI)) }
    YunnoriTheme { RulesScreen(rules, throwKinds(), onBack = {}) }
}
