package app.yunnori.android.check

import android.app.Application
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.graphics.toAwtImage
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SemanticsNodeInteraction
import androidx.compose.ui.test.SkikoComposeUiTest
import androidx.compose.ui.test.hasScrollToIndexAction
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollToIndex
import androidx.compose.ui.test.runDesktopComposeUiTest
import androidx.lifecycle.Lifecycle
import androidx.lifecycle.LifecycleOwner
import androidx.lifecycle.LifecycleRegistry
import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.ViewModelProvider
import androidx.lifecycle.ViewModelStore
import androidx.lifecycle.ViewModelStoreOwner
import androidx.lifecycle.compose.LocalLifecycleOwner
import androidx.lifecycle.viewmodel.compose.LocalViewModelStoreOwner
import androidx.lifecycle.viewmodel.initializer
import androidx.lifecycle.viewmodel.viewModelFactory
import app.yunnori.android.YunnoriModel
import app.yunnori.android.ui.YunnoriNavHost
import app.yunnori.android.ui.game.GameScreen
import app.yunnori.android.ui.theme.YunnoriTheme
import app.yunnori.core.NewGame
import app.yunnori.core.PlayerKind
import app.yunnori.core.Preset
import app.yunnori.core.RuleSetting
import app.yunnori.core.RuleValue
import app.yunnori.core.Rules
import app.yunnori.core.SaveLibrary
import app.yunnori.core.SeatSpec
import app.yunnori.viewmodel.GameSettings
import app.yunnori.viewmodel.GameUiState
import app.yunnori.viewmodel.GameViewModel
import app.yunnori.viewmodel.NewGameUiState
import app.yunnori.viewmodel.UiEvent
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancel
import kotlinx.coroutines.swing.Swing
import java.io.File
import java.nio.file.Files
import java.util.Locale
import javax.imageio.ImageIO
import kotlin.time.Duration.Companion.minutes

/** How long a test waits for the core or a bot before it fails. */
const val PATIENCE_MS = 20_000L

/** No bot pause, and the sticks land as soon as they are thrown (the tests that play whole games). */
val QUICK = GameSettings(botPauseMs = 0, flightPace = 0.0)

/**
 * Draws the app's screens on the desktop at a phone's size (412 × 915 dp), with the app's
 * strings in [locale] (Compose's Locale.current follows the JVM's default, so the board's
 * station names follow too).
 */
@OptIn(ExperimentalTestApi::class)
fun screenTest(
    locale: Locale = Locale.ENGLISH,
    width: Int = 412,
    height: Int = 915,
    block: SkikoComposeUiTest.() -> Unit,
) {
    val previous = Locale.getDefault()
    Locale.setDefault(locale)
    try {
        AppStrings.load(File(System.getProperty("yunnori.res") ?: error("-Dyunnori.res is not set")), locale)
        // Whole games drawn frame by frame on the CPU take longer than the library's 1 minute
        // (so does the test body's own limit: scripts/test-android-app.sh raises it too).
        runDesktopComposeUiTest(width = width, height = height, testTimeout = 5.minutes) { block() }
    } finally {
        Locale.setDefault(previous)
    }
}

/** Keeps a picture of the screen as drawn now, to look at (nothing compares it). */
@OptIn(ExperimentalTestApi::class)
fun SkikoComposeUiTest.screenshot(name: String) {
    val dir = System.getProperty("yunnori.screenshots") ?: return
    ImageIO.write(captureToImage().toAwtImage(), "png", File(dir, "$name.png"))
}

/**
 * The game's view model as the app runs it: its coroutines on the UI thread (Swing's, as
 * Android's main thread), the core on the IO dispatcher, saves in a fresh directory.
 * Bots play without a pause and thrown sticks land at once ([QUICK]), so tests wait on the
 * core alone; a test of the flight itself passes its own settings.
 */
class GameHost(settings: GameSettings = QUICK) : AutoCloseable {
    val dir: File = Files.createTempDirectory("yunnori-app").toFile()
    val scope = CoroutineScope(SupervisorJob() + Dispatchers.Swing)
    val library: SaveLibrary = SaveLibrary.open(File(dir, "games").path)
    val vm = GameViewModel(scope, library, settings)
    val state: GameUiState get() = vm.state.value

    override fun close() {
        vm.close()
        scope.cancel()
        library.close()
        dir.deleteRecursively()
    }
}

/** The game screen of [host], in the app's theme, as the navigation host shows it. */
@Composable
fun GameOf(host: GameHost) {
    val state by host.vm.state.collectAsState()
    YunnoriTheme {
        GameScreen(state = state, onEvent = host.vm::onEvent, onRules = {}, onLeave = {})
    }
}

/** A table of [players] named "Seat 0", "Seat 1", …, seat 0 throwing first. */
fun table(vararg players: PlayerKind, seed: ULong = 7u, rules: List<Pair<String, RuleValue>> = emptyList()): NewGame = NewGame(
    rules = Rules(
        preset = Preset.YUNNORI,
        changes = listOf(RuleSetting("first_player", RuleValue.Choice("seat_order"))) +
            rules.map { (key, value) -> RuleSetting(key, value) },
    ),
    seats = players.mapIndexed { i, p -> SeatSpec("Seat $i", NewGameUiState.PALETTE[i], p) },
    teams = null,
    seed = seed,
    undo = true,
)

/** Sends [event] to the game as the screen does (on the UI thread). */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.send(host: GameHost, event: UiEvent.ForGame) = runOnUiThread { host.vm.onEvent(event) }

/** Waits until the game's state meets [done], with the screen drawn after it. */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.awaitGame(host: GameHost, what: String, done: (GameUiState) -> Boolean): GameUiState {
    awaitReal("the game: $what") { done(host.state) }
    waitForIdle()
    return host.state
}

/**
 * Draws frames until [done] holds, failing after [PATIENCE_MS] of real time (the desktop
 * test library's waitUntil counts its timeout in real time, 1 s unless told).
 */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.awaitReal(what: String, done: () -> Boolean) = waitUntil(what, PATIENCE_MS, done)

/**
 * The whole app as its activity shows it: the activity's [YunnoriModel] over a files
 * directory and the navigation host, with the view-model store and a resumed lifecycle the
 * activity would provide. Everything the navigation touches runs on the UI thread (Swing's,
 * which is kotlinx-coroutines' main dispatcher here, as Android's main thread is there).
 */
@OptIn(ExperimentalTestApi::class)
class AppHost(test: ComposeUiTest, val filesDir: File, private val saved: SavedStateHandle = SavedStateHandle()) {
    private val store = ViewModelStore()

    /** Made in the store as `viewModel()` makes it in the activity's (with the activity's saved state). */
    val model: YunnoriModel = test.runOnUiThread {
        val factory = viewModelFactory { initializer { YunnoriModel(Application(filesDir), saved) } }
        ViewModelProvider.create(store, factory)[YunnoriModel::class]
    }
    private val owner = object : ViewModelStoreOwner {
        override val viewModelStore: ViewModelStore get() = store
    }
    private val life = test.runOnUiThread {
        object : LifecycleOwner {
            val registry = LifecycleRegistry(this)
            override val lifecycle: Lifecycle get() = registry
        }.also { it.registry.currentState = Lifecycle.State.RESUMED }
    }

    @Composable
    fun Content() {
        CompositionLocalProvider(LocalViewModelStoreOwner provides owner, LocalLifecycleOwner provides life) {
            YunnoriTheme { YunnoriNavHost(model) }
        }
    }

    /** The model's saved state as the system keeps it when it ends the process (a copy). */
    fun savedState(test: ComposeUiTest): Map<String, Any?> = test.runOnUiThread { saved.keys().associateWith { saved.get<Any?>(it) } }

    /** As when the activity finishes: the store clears the model, which closes its library. */
    fun finish(test: ComposeUiTest) = test.runOnUiThread { store.clear() }
}

/** A tap, sent on the UI thread as Android delivers it (navigation checks the thread). */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.tap(node: SemanticsNodeInteraction) {
    runOnUiThread { node.performClick() }
    waitForIdle()
}

/** Scrolls the screen's list from top to bottom, a step at a time, and gathers what [read] finds at each step. */
@OptIn(ExperimentalTestApi::class)
fun <T> SkikoComposeUiTest.scrollWholeList(read: () -> Collection<T>): Set<T> {
    val list = onNode(hasScrollToIndexAction())
    val seen = mutableSetOf<T>()
    var index = 0
    while (true) {
        list.performScrollToIndex(index++)
        seen += read()
        val range = list.fetchSemanticsNode().config[SemanticsProperties.VerticalScrollAxisRange]
        if (range.value() >= range.maxValue()) return seen
        check(index < 500) { "the list never ends" }
    }
}

/** Runs [block] with a fresh files directory (the app's filesDir), deleted afterwards. */
fun withFilesDir(block: (File) -> Unit) {
    val dir = Files.createTempDirectory("yunnori-files").toFile()
    try {
        block(dir)
    } finally {
        dir.deleteRecursively()
    }
}
