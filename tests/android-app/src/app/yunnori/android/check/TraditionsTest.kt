package app.yunnori.android.check

import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.key
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.SkikoComposeUiTest
import androidx.compose.ui.test.hasScrollToIndexAction
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollToIndex
import app.yunnori.android.ui.NewGameScreen
import app.yunnori.android.ui.RulesScreen
import app.yunnori.android.ui.theme.YunnoriTheme
import app.yunnori.core.NewGame
import app.yunnori.core.PlayerKind
import app.yunnori.core.Preset
import app.yunnori.core.RuleSetting
import app.yunnori.core.RuleValue
import app.yunnori.core.Rules
import app.yunnori.core.SeatSpec
import app.yunnori.core.describeRules
import app.yunnori.core.presetRules
import app.yunnori.core.throwKinds
import app.yunnori.core.AppEvent
import app.yunnori.core.AppScreen
import app.yunnori.core.TableAction
import app.yunnori.viewmodel.SeatColour
import org.junit.jupiter.api.Test
import java.util.Locale
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** The three traditions on every screen that shows rules, and a whole game of each kind. */
@OptIn(ExperimentalTestApi::class)
class TraditionsTest {
    /** Scrolls the screen's list from top to bottom and returns every text shown on the way. */
    private fun SkikoComposeUiTest.readWholeList(): Set<String> = scrollWholeList {
        onAllNodes(SemanticsMatcher.keyIsDefined(SemanticsProperties.Text), useUnmergedTree = true)
            .fetchSemanticsNodes().flatMap { node -> node.config[SemanticsProperties.Text].map { it.text } }
    }

    @Test
    fun `How to play shows every rule of each tradition in English and in Korean, none left in the core's English`() {
        for (locale in listOf(Locale.ENGLISH, Locale.KOREAN)) {
            screenTest(locale) {
                var preset by mutableStateOf(Preset.YUNNORI)
                setContent {
                    key(preset) {
                        YunnoriTheme { RulesScreen(describeRules(presetRules(preset)), throwKinds(), onBack = {}) }
                    }
                }
                for (p in Preset.entries) {
                    preset = p
                    waitForIdle()
                    val rules = describeRules(presetRules(p))
                    val seen = readWholeList()
                    if (locale == Locale.KOREAN) {
                        // The core words each rule in English: the app has its own words for all.
                        val english = rules.options.flatMap { listOf(it.label, it.help) }.toSet()
                        assertEquals(emptySet(), seen intersect english, "$p: rules shown in the core's English")
                    } else {
                        assertTrue("Back-Do" in seen && "Mo" in seen, "$p: the results are listed")
                    }
                    assertTrue(seen.size > rules.options.size * 2, "$p: ${seen.size} texts")
                }
                screenshot("rules-${locale.language}")
            }
        }
    }

    @Test
    fun `the new-game form shows every house rule of each tradition`() = screenTest {
        GameHost().use { host -> everyHouseRule(host) }
    }

    private fun SkikoComposeUiTest.everyHouseRule(host: GameHost) {
        setContent {
            val view by host.model.view.collectAsState()
            YunnoriTheme { view.form?.let { NewGameScreen(it, view.message, host.model::send) } }
        }
        send(host, AppEvent.Open(AppScreen.NEW_GAME))
        awaitReal("the form") { host.view.form != null }
        for ((label, preset) in listOf("Culin 1895" to Preset.CULIN1895, "Nyout (Russian set)" to Preset.NYOUT_RU, "Yunnori" to Preset.YUNNORI)) {
            waitForIdle()
            onNode(hasScrollToIndexAction()).performScrollToIndex(0)
            onNodeWithText(label).performClick()
            awaitReal("the $label rules") { host.view.form?.preset == preset }
            waitForIdle()
            val state = host.view.form!!
            val seen = readWholeList()
            // Each house rule's name and help, in the app's words.
            assertTrue(seen.size > state.options.size * 2, "$label: ${seen.size} texts")
            assertTrue("Start the game" in seen)
            screenshot("new-game-${preset.name.lowercase()}")
        }
    }

    @Test
    fun `a whole game of four people in two teams by the Russian set plays out on screen to its winners`() = screenTest {
        GameHost().use { host ->
            setContent { GameOf(host) }
            val game = NewGame(
                rules = Rules(preset = Preset.NYOUT_RU, changes = listOf(RuleSetting("pieces_per_player", RuleValue.Count(2)))),
                seats = (0 until 4).map { SeatSpec("Seat $it", SeatColour.entries[it].hex, PlayerKind.Human) },
                teams = listOf(listOf(0, 2), listOf(1, 3)),
                seed = 5u,
                undo = false,
            )
            send(host, AppEvent.StartGame(game))
            var st = awaitGame(host, "a new game") { it.canThrow }
            // Every seat throws and plays its first listed move; the screen draws each position.
            var prizeShown = false
            var actions = 0
            while (!st.over) {
                check(++actions < 3000) { "the game did not end" }
                val tag = st.snapshot.state
                send(host, if (st.canThrow) TableAction.ThrowTap else TableAction.ChooseMove((0).toUInt(), tag))
                st = awaitGame(host, "an action") { it.snapshot.state != tag }
                if (st.snapshot.hand.any { it.prize }) {
                    onNodeWithText("(prize)", substring = true).assertExists()
                    prizeShown = true
                }
            }
            assertTrue(prizeShown, "a capture's prize throw was shown")
            val winners = st.snapshot.seats.filter { it.place == 1 }.map { it.name }
            assertEquals(2, winners.size, "a team wins together")
            onNodeWithText("${winners.joinToString(" & ")} won!").assertExists()
            screenshot("game-teams-over")
        }
    }
}
