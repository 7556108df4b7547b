package app.yunnori.android.check

import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.key
import androidx.compose.runtime.mutableIntStateOf
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.SkikoComposeUiTest
import androidx.compose.ui.test.hasScrollToIndexAction
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.onNodeWithContentDescription
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performScrollToIndex
import app.yunnori.android.R
import app.yunnori.android.ui.MenuScreen
import app.yunnori.android.ui.MenuScreenPreview
import app.yunnori.android.ui.NewGameScreen
import app.yunnori.android.ui.NewGameScreenPreview
import app.yunnori.android.ui.ResumeScreen
import app.yunnori.android.ui.ResumeScreenPreview
import app.yunnori.android.ui.RulesScreen
import app.yunnori.android.ui.RulesScreenPreview
import app.yunnori.android.ui.SettingsScreen
import app.yunnori.android.ui.SettingsScreenPreview
import app.yunnori.android.ui.game.GameScreenLandscapePreview
import app.yunnori.android.ui.game.GameScreenPreview
import app.yunnori.android.ui.game.GameTags
import app.yunnori.android.ui.theme.YunnoriTheme
import app.yunnori.core.BotLevel
import app.yunnori.core.GameEvent
import app.yunnori.core.GameSession
import app.yunnori.core.NewGame
import app.yunnori.core.Phase
import app.yunnori.core.PlayerKind
import app.yunnori.core.Preset
import app.yunnori.core.Rules
import app.yunnori.core.SeatSpec
import app.yunnori.core.describeRules
import app.yunnori.core.presetRules
import app.yunnori.core.throwKinds
import app.yunnori.viewmodel.DEFAULT_MAT
import app.yunnori.viewmodel.Swipes
import app.yunnori.viewmodel.NewGameUiState
import app.yunnori.viewmodel.NewGameViewModel
import app.yunnori.viewmodel.ResumeViewModel
import app.yunnori.viewmodel.UiEvent
import org.junit.jupiter.api.Test
import java.io.File
import java.util.Locale
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** For everyone at the table: what TalkBack hears, colours by name, teams, and Korean with no English in it. */
@OptIn(ExperimentalTestApi::class)
class AccessibilityTest {
    private val human = PlayerKind.Human

    /** What the game's live regions say now (TalkBack announces each change). */
    private fun SkikoComposeUiTest.live(): List<String> =
        onAllNodes(SemanticsMatcher.keyIsDefined(SemanticsProperties.LiveRegion)).fetchSemanticsNodes().map { node ->
            assertEquals(LiveRegionMode.Polite, node.config[SemanticsProperties.LiveRegion])
            node.config.getOrNull(SemanticsProperties.Text).orEmpty().joinToString(" ") { it.text }
        }

    private fun SkikoComposeUiTest.status(): String =
        onNode(hasTestTag(GameTags.STATUS)).fetchSemanticsNode().config.getOrNull(SemanticsProperties.Text).orEmpty().joinToString(" ") { it.text }

    @Test
    fun `TalkBack hears whose turn it is, every throw, move and capture, and the bot's turn`() = screenTest {
        GameHost(QUICK.copy(botPauseMs = 300)).use { host ->
            setContent { GameOf(host) }
            send(host, UiEvent.NewGame(table(human, human, seed = 7u)))
            var st = awaitGame(host, "a new game") { it.canThrow }
            assertTrue("Seat 0 throws" in live(), "${live()}")

            send(host, UiEvent.Throw())
            st = awaitGame(host, "the throw") { it.canMove }
            val result = AppStrings.text(resultRes(st.lastThrow!!.outcome!!.result!!))
            assertTrue(status().startsWith("Seat 0 threw $result"), status())
            assertTrue("Seat 0 moves" in live(), "${live()}")

            // Play on (the view model), taking a capture whenever there is one, until one happens.
            var captured = false
            var actions = 0
            while (!captured) {
                check(++actions < 1500 && !st.over) { "no capture came up" }
                val tag = st.snapshot!!.state
                if (st.canThrow) {
                    send(host, UiEvent.Throw())
                } else {
                    val moves = st.legalMoves
                    val index = moves.indexOfFirst { it.captures > 0 }.takeIf { it >= 0 } ?: 0
                    send(host, UiEvent.ChooseMove(index, tag))
                }
                st = awaitGame(host, "an action") { it.snapshot!!.state != tag }
                val move = st.lastMove
                if (move != null && move.seq > (st.lastThrow?.seq ?: -1) && move.events.any { it is GameEvent.Captured }) {
                    val who = st.snapshot!!.seats[move.seat].name
                    val said = status()
                    assertTrue(said.startsWith("$who moved to "), said)
                    assertTrue(Regex("caught \\d+ pieces?").containsMatchIn(said), "$said (events ${move.events})")
                    captured = true
                }
            }
        }
        // The bot's pause is long enough to see each of its actions on a busy machine.
        GameHost(QUICK.copy(botPauseMs = 1500)).use { host ->
            setContent { GameOf(host) }
            send(host, UiEvent.NewGame(table(PlayerKind.Bot(BotLevel.EASY), human, seed = 7u)))
            awaitReal("the bot thinking") { live().contains("Seat 0 is thinking…") }
            awaitReal("the bot's throw announced") { status().startsWith("Seat 0 threw ") }
            awaitReal("the bot's move announced") { status().startsWith("Seat 0 moved to ") }
        }
    }

    private fun resultRes(t: app.yunnori.core.Throw): Int = when (t) {
        app.yunnori.core.Throw.BACK_DO -> R.string.throw_back_do
        app.yunnori.core.Throw.DO -> R.string.throw_do
        app.yunnori.core.Throw.GAE -> R.string.throw_gae
        app.yunnori.core.Throw.GEOL -> R.string.throw_geol
        app.yunnori.core.Throw.YUT -> R.string.throw_yut
        app.yunnori.core.Throw.MO -> R.string.throw_mo
    }

    @Test
    fun `each seat is read with its colour's name and its team`() {
        for ((locale, red, team) in listOf(Triple(Locale.ENGLISH, "Red", "Team A"), Triple(Locale.KOREAN, "빨강", "A팀"))) {
            screenTest(locale) {
                GameHost().use { host ->
                    setContent { GameOf(host) }
                    val game = NewGame(
                        rules = Rules(Preset.NYOUT_RU, emptyList()),
                        seats = (0 until 4).map { SeatSpec("S$it", NewGameUiState.PALETTE[it], human) },
                        teams = listOf(listOf(0, 2), listOf(1, 3)),
                        seed = 5u,
                        undo = true,
                    )
                    send(host, UiEvent.NewGame(game))
                    awaitGame(host, "a team game") { it.canThrow }
                    onNodeWithContentDescription("S0, $red, $team", substring = true).assertExists()
                    onNodeWithText("S2 · $team").assertExists()
                    screenshot("game-teams-${locale.language}")
                }
            }
        }
    }

    @Test
    fun `every screen has a preview, and each draws`() = screenTest {
        // Each stateless screen composable (XxxScreen) has an XxxScreenPreview beside it.
        val root = File(assertNotNullUrl("app/yunnori/android/ui").toURI())
        val files = root.walkTopDown().filter { it.name.endsWith("ScreenKt.class") && '$' !in it.name }.toList()
        assertTrue(files.size >= 5, "$files")
        for (file in files) {
            val pkg = file.parentFile.relativeTo(root.parentFile.parentFile.parentFile.parentFile).path.replace(File.separatorChar, '.')
            val cls = Class.forName("$pkg.${file.name.removeSuffix(".class")}")
            val name = file.name.removeSuffix("Kt.class")
            assertTrue(cls.declaredMethods.any { it.name == "${name}Preview" }, "$name has no preview")
        }
        var which by mutableIntStateOf(0)
        setContent {
            key(which) {
                when (which) {
                    0 -> MenuScreenPreview()
                    1 -> NewGameScreenPreview()
                    2 -> ResumeScreenPreview()
                    3 -> RulesScreenPreview()
                    4 -> GameScreenPreview()
                    5 -> GameScreenLandscapePreview()
                    else -> SettingsScreenPreview()
                }
            }
        }
        val expected = listOf("Continue", "Start the game", "No saved games yet", "How to play", "Ana throws", "Ana throws", "Stick sounds and vibration")
        for ((i, text) in expected.withIndex()) {
            runOnUiThread { which = i }
            waitForIdle()
            onNodeWithText(text, substring = true).assertExists("preview $i")
        }
    }

    private fun assertNotNullUrl(path: String) =
        javaClass.classLoader.getResource(path) ?: throw AssertionError("$path is not on the class path")

    /** Every word of Latin letters (two or more) on screen: texts, labels, field contents. */
    private fun SkikoComposeUiTest.englishWords(): Set<String> {
        val words = mutableSetOf<String>()
        for (node in onAllNodes(SemanticsMatcher("any node") { true }, useUnmergedTree = true).fetchSemanticsNodes()) {
            val texts = node.config.getOrNull(SemanticsProperties.Text).orEmpty().map { it.text } +
                node.config.getOrNull(SemanticsProperties.ContentDescription).orEmpty() +
                listOfNotNull(node.config.getOrNull(SemanticsProperties.EditableText)?.text)
            for (t in texts) words += LATIN.findAll(t).map { it.value }
        }
        return words
    }

    /** Scrolls the screen's list from top to bottom, gathering [englishWords] on the way. */
    private fun SkikoComposeUiTest.englishInWholeList(): Set<String> = scrollWholeList { englishWords() }

    @Test
    fun `no English word is left on any Korean screen`() = screenTest(Locale.KOREAN) {
        val found = mutableMapOf<String, Set<String>>()
        fun note(screen: String, words: Set<String>) {
            if (words.isNotEmpty()) found[screen] = words
        }
        var screen by mutableStateOf("menu")
        val form = NewGameViewModel { seat, player ->
            AppStrings.format(if (player is PlayerKind.Bot) R.string.default_bot_name else R.string.default_player_name, seat + 1)
        }
        GameHost().use { host ->
            val saves = ResumeViewModel(host.scope, host.library)
            var rulesOf by mutableStateOf(Preset.YUNNORI)
            setContent {
                YunnoriTheme {
                    when (screen) {
                        "menu" -> MenuScreen(canContinue = true, onContinue = {}, onNewGame = {}, onResume = {}, onRules = {}, onSettings = {})
                        "new" -> {
                            val state by form.state.collectAsState()
                            NewGameScreen(state, onEvent = form::onEvent, onBack = {})
                        }
                        "settings" -> SettingsScreen(muted = false, onMutedChange = {}, onBack = {})
                        "rules" -> key(rulesOf) { RulesScreen(describeRules(presetRules(rulesOf)), throwKinds(), onBack = {}) }
                        "saves" -> {
                            val state by saves.state.collectAsState()
                            ResumeScreen(state, onEvent = saves::onEvent, onOpen = {}, onBack = {})
                        }
                        else -> GameOf(host)
                    }
                }
            }
            waitForIdle()
            note("menu", englishWords())

            runOnUiThread { screen = "new" }
            waitForIdle()
            for (p in Preset.entries) {
                runOnUiThread {
                    form.onEvent(UiEvent.SelectPreset(p))
                    // Teams on, where the table seats enough, so their labels show too.
                    while (form.state.value.seats.size < 3 && form.state.value.canAddSeat) form.onEvent(UiEvent.AddSeat)
                    form.onEvent(UiEvent.SetTeams(true))
                }
                waitForIdle()
                onNode(hasScrollToIndexAction()).performScrollToIndex(0)
                note("new game, $p", englishInWholeList())
            }

            runOnUiThread { screen = "settings" }
            waitForIdle()
            note("settings", englishWords())

            runOnUiThread { screen = "rules" }
            for (p in Preset.entries) {
                runOnUiThread { rulesOf = p }
                waitForIdle()
                note("rules, $p", englishInWholeList())
            }

            // The game: Korean names, a throw, a move with the hint, a bot thinking.
            runOnUiThread { screen = "game" }
            val korean = NewGame(
                rules = Rules(Preset.YUNNORI, emptyList()),
                seats = listOf(SeatSpec("하나", NewGameUiState.PALETTE[0], human), SeatSpec("둘", NewGameUiState.PALETTE[1], PlayerKind.Bot(BotLevel.EASY))),
                teams = null,
                seed = 7u,
                undo = true,
            )
            send(host, UiEvent.NewGame(korean))
            awaitGame(host, "a new game") { it.canThrow }
            note("game, to throw", englishWords())
            send(host, UiEvent.Throw())
            awaitGame(host, "the throw") { it.canMove }
            send(host, UiEvent.Hint)
            awaitGame(host, "the hint") { it.hint != null && !it.hintThinking }
            note("game, to move with a hint", englishWords())
            screenshot("korean-game-hint")

            // A finished game (played off screen, saved to the same library) and its card.
            val over = GameSession(korean.copy(seats = korean.seats.map { it.copy(player = human) }, seed = 3u)).use { game ->
                var guard = 0
                while (!game.snapshot().over) {
                    check(++guard < 3000) { "the game did not end" }
                    val snap = game.snapshot()
                    if (snap.phase == Phase.TO_THROW) game.throwSticks(Swipes.tap(DEFAULT_MAT)) else game.play(snap.legalMoves.last())
                }
                host.library.save(game)
                game.id()
            }
            send(host, UiEvent.Resume(over))
            awaitGame(host, "the finished game") { it.over }
            note("game over", englishWords())
            screenshot("korean-game-over")

            // Saved games: good ones, a damaged file, one from a newer version.
            File(host.dir, "games/broken.json").writeText("{\"schema_version\": 1, \"summary\": ")
            File(host.dir, "games/future.json").writeText("""{"schema_version": 99, "summary": {}, "session": {}}""")
            runOnUiThread {
                screen = "saves"
                saves.onEvent(UiEvent.Refresh)
            }
            awaitReal("the saved games") { !saves.state.value.loading && saves.state.value.rows.size >= 4 }
            waitForIdle()
            note("saved games", englishInWholeList())
            screenshot("korean-saved-games")
            saves.close()
        }
        assertEquals(emptyMap(), found, "English on the Korean screens")
    }

    private companion object {
        val LATIN = Regex("[A-Za-z]{2,}")
    }
}
