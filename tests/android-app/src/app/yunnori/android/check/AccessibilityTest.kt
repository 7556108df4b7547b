package app.yunnori.android.check

import androidx.compose.runtime.LaunchedEffect
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
import androidx.compose.ui.test.onAllNodesWithContentDescription
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
import app.yunnori.android.ui.ANNOUNCER_TAG
import app.yunnori.android.ui.seatNames
import app.yunnori.core.AppEvent
import app.yunnori.core.AppScreen
import app.yunnori.core.FormEvent
import app.yunnori.core.Mat
import app.yunnori.core.MenuState
import app.yunnori.core.SaveLibrary
import app.yunnori.core.SavedAction
import app.yunnori.core.TableAction
import app.yunnori.core.tapSwipe
import app.yunnori.viewmodel.SeatColour
import org.junit.jupiter.api.Test
import java.io.File
import java.util.Locale
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** For everyone at the table: what TalkBack hears, colours by name, teams, and Korean with no English in it. */
@OptIn(ExperimentalTestApi::class)
class AccessibilityTest {
    private val human = PlayerKind.Human

    /** What each live region says now (TalkBack announces each change). */
    private fun SkikoComposeUiTest.live(): List<String> =
        onAllNodes(SemanticsMatcher.keyIsDefined(SemanticsProperties.LiveRegion)).fetchSemanticsNodes().map { node ->
            assertEquals(LiveRegionMode.Polite, node.config[SemanticsProperties.LiveRegion])
            node.config.getOrNull(SemanticsProperties.ContentDescription).orEmpty().joinToString(" ")
        }

    /** What TalkBack was last told: the core's latest announcement, as the announcer words it. */
    private fun SkikoComposeUiTest.announced(): String =
        onNode(hasTestTag(ANNOUNCER_TAG)).fetchSemanticsNode().config.getOrNull(SemanticsProperties.ContentDescription).orEmpty().joinToString(" ")

    private fun SkikoComposeUiTest.status(): String =
        onNode(hasTestTag(GameTags.STATUS)).fetchSemanticsNode().config.getOrNull(SemanticsProperties.Text).orEmpty().joinToString(" ") { it.text }

    @Test
    fun `TalkBack hears whose turn it is, every throw, move and capture, and the bot's turn`() = screenTest {
        GameHost(JUMPING.copy(botPauseMs = 300u)).use { host ->
            setContent { GameOf(host) }
            send(host, AppEvent.StartGame(table(human, human, seed = 7u)))
            var st = awaitGame(host, "a new game") { it.canThrow }
            awaitReal("the turn announced") { announced() == "Seat 0's turn" }
            // One voice: the announcer is the only live region, so nothing is said twice.
            assertEquals(listOf("Seat 0's turn"), live())

            send(host, TableAction.ThrowTap)
            st = awaitGame(host, "the throw") { it.canMove }
            val result = AppStrings.text(resultRes(st.lastThrow!!.outcome!!.result!!))
            awaitReal("the throw announced") { announced().startsWith("Seat 0 threw $result") }
            assertTrue(status().startsWith("Seat 0 threw $result"), status())

            // Play on, taking a capture whenever there is one, until one happens.
            var captured = false
            var actions = 0
            while (!captured) {
                check(++actions < 1500 && !st.over) { "no capture came up" }
                val tag = st.snapshot.state
                if (st.canThrow) {
                    send(host, TableAction.ThrowTap)
                } else {
                    val moves = st.legalMoves
                    val index = moves.indexOfFirst { it.captures > 0 }.takeIf { it >= 0 } ?: 0
                    send(host, st.choose(index))
                }
                st = awaitGame(host, "an action") { it.snapshot.state != tag }
                val move = st.lastMove
                if (move != null && move.seq > (st.lastThrow?.seq ?: 0uL) && move.events.any { it is GameEvent.Captured }) {
                    val who = st.snapshot.seats[move.seat].name
                    waitForIdle()
                    val said = announced()
                    assertTrue(said.startsWith("$who moved to "), said)
                    assertTrue(Regex("caught \\d+ pieces?").containsMatchIn(said), "$said (events ${move.events})")
                    assertTrue(status().startsWith("$who moved to "), status())
                    captured = true
                }
            }
        }
        // The bot's pause is long enough to hear each of its actions on a busy machine.
        GameHost(JUMPING.copy(botPauseMs = 1500u)).use { host ->
            setContent { GameOf(host) }
            send(host, AppEvent.StartGame(table(PlayerKind.Bot(BotLevel.EASY), human, seed = 7u)))
            awaitReal("the bot's turn announced") { announced() == "Seat 0's turn (computer)" }
            awaitReal("the bot's throw announced") { announced().startsWith("Seat 0 threw ") }
            awaitReal("the bot's move announced") { announced().startsWith("Seat 0 moved to ") }
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
                        seats = (0 until 4).map { SeatSpec("S$it", SeatColour.entries[it].hex, human) },
                        teams = listOf(listOf(0, 2), listOf(1, 3)),
                        seed = 5u,
                        undo = true,
                    )
                    send(host, AppEvent.StartGame(game))
                    awaitGame(host, "a team game") { it.canThrow }
                    // The seat row as TalkBack reads it, once the screen has drawn the game the core started.
                    awaitReal("S0 read with its colour and team") {
                        onAllNodesWithContentDescription("S0, $red, $team", substring = true).fetchSemanticsNodes().isNotEmpty()
                    }
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

    /**
     * Every word of Latin letters (two or more) on screen: texts, labels, field contents. An
     * address (`wss://…`, the rooms' server in Settings) is no word of any language and is
     * left out whole; any other Latin word next to it still counts.
     */
    private fun SkikoComposeUiTest.englishWords(): Set<String> {
        val words = mutableSetOf<String>()
        for (node in onAllNodes(SemanticsMatcher("any node") { true }, useUnmergedTree = true).fetchSemanticsNodes()) {
            val texts = node.config.getOrNull(SemanticsProperties.Text).orEmpty().map { it.text } +
                node.config.getOrNull(SemanticsProperties.ContentDescription).orEmpty() +
                listOfNotNull(node.config.getOrNull(SemanticsProperties.EditableText)?.text)
            for (t in texts) words += latinWords(t)
        }
        return words
    }

    /** Scrolls the screen's list from top to bottom, gathering [englishWords] on the way. */
    private fun SkikoComposeUiTest.englishInWholeList(): Set<String> = scrollWholeList { englishWords() }

    @Test
    fun `the English check passes an address and nothing round it`() {
        assertEquals(emptySet(), latinWords("서버: wss://rooms.yunnori.app"))
        assertEquals(setOf("Server", "default"), latinWords("Server wss://rooms.yunnori.app (default)"))
        assertEquals(setOf("rooms", "yunnori", "app"), latinWords("rooms.yunnori.app"), "a bare host is not an address")
    }

    @Test
    fun `no English word is left on any Korean screen`() = screenTest(Locale.KOREAN) {
        val found = mutableMapOf<String, Set<String>>()
        fun note(screen: String, words: Set<String>) {
            if (words.isNotEmpty()) found[screen] = words
        }
        var screen by mutableStateOf("menu")
        GameHost().use { host ->
            var rulesOf by mutableStateOf(Preset.YUNNORI)
            setContent {
                val view by host.model.view.collectAsState()
                // The app's words for unnamed seats, in the language showing, as the app sends them.
                val names = seatNames()
                LaunchedEffect(names) { host.model.send(names) }
                YunnoriTheme {
                    when (screen) {
                        "menu" -> MenuScreen(MenuState(continueId = "a game", tableOpen = false), message = null, onEvent = {})
                        "new" -> view.form?.let { NewGameScreen(it, message = null, onEvent = {}) }
                        "settings" -> SettingsScreen(view.settings, message = null, onEvent = {})
                        "rules" -> key(rulesOf) { RulesScreen(describeRules(presetRules(rulesOf)), throwKinds(), onBack = {}) }
                        "saves" -> ResumeScreen(view.saved, message = null, onEvent = {})
                        else -> GameOf(host)
                    }
                }
            }
            waitForIdle()
            note("menu", englishWords())

            runOnUiThread { screen = "new" }
            send(host, AppEvent.Open(AppScreen.NEW_GAME))
            awaitReal("the form") { host.view.form != null }
            for (p in Preset.entries) {
                send(host, AppEvent.Form(FormEvent.SelectPreset(p)))
                awaitReal("the form of $p") { host.view.form?.preset == p }
                // Teams on, where the table seats enough, so their labels show too.
                while (host.view.form!!.seats.size < 3 && host.view.form!!.canAddSeat) {
                    val seats = host.view.form!!.seats.size
                    send(host, AppEvent.Form(FormEvent.AddSeat))
                    awaitReal("a seat added") { host.view.form!!.seats.size > seats }
                }
                send(host, AppEvent.Form(FormEvent.SetTeams(true)))
                awaitReal("teams") { host.view.form!!.teams }
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
                seats = listOf(SeatSpec("하나", SeatColour.RED.hex, human), SeatSpec("둘", SeatColour.BLUE.hex, PlayerKind.Bot(BotLevel.EASY))),
                teams = null,
                seed = 7u,
                undo = true,
            )
            send(host, AppEvent.StartGame(korean))
            awaitGame(host, "a new game") { it.canThrow }
            note("game, to throw", englishWords())
            send(host, TableAction.ThrowTap)
            awaitGame(host, "the throw") { it.canMove }
            send(host, TableAction.Hint)
            awaitGame(host, "the hint") { it.hint != null && !it.hintPending }
            note("game, to move with a hint", englishWords())
            screenshot("korean-game-hint")

            // A finished game (played off screen, saved among the core's games) and its card.
            val saves = File(host.dir, "saves")
            val over = GameSession(korean.copy(seats = korean.seats.map { it.copy(player = human) }, seed = 3u)).use { game ->
                var guard = 0
                while (!game.snapshot().over) {
                    check(++guard < 3000) { "the game did not end" }
                    val snap = game.snapshot()
                    if (snap.phase == Phase.TO_THROW) game.throwSticks(tapSwipe(Mat(320f, 200f))) else game.play(snap.legalMoves.last())
                }
                SaveLibrary.open(saves.path).use { it.save(game) }
                game.id()
            }
            send(host, TableAction.Resume(over))
            awaitGame(host, "the finished game") { it.over }
            note("game over", englishWords())
            screenshot("korean-game-over")

            // Saved games: good ones, a damaged file, one from a newer version.
            File(saves, "broken.json").writeText("{\"schema_version\": 1, \"summary\": ")
            File(saves, "future.json").writeText("""{"schema_version": 99, "summary": {}, "session": {}}""")
            runOnUiThread { screen = "saves" }
            send(host, AppEvent.Saved(SavedAction.Refresh))
            awaitReal("the saved games") { host.view.saved.loaded && host.view.saved.rows.size >= 4 }
            waitForIdle()
            note("saved games", englishInWholeList())
            screenshot("korean-saved-games")
        }
        assertEquals(emptyMap(), found, "English on the Korean screens")
    }

    private companion object {
        val LATIN = Regex("[A-Za-z]{2,}")

        /** The Latin words of [text], its addresses left out. */
        fun latinWords(text: String): Set<String> = LATIN.findAll(text.replace(URL, " ")).map { it.value }.toSet()

        /** An address with a scheme (`wss://rooms.example`, `yunnori://room/…`), up to the next space. */
        val URL = Regex("\\b[A-Za-z][A-Za-z0-9+.-]*://\\S+")
    }
}
