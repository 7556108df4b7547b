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
import androidx.compose.foundation.layout.Box
import app.yunnori.android.AndroidShell
import app.yunnori.android.YunnoriModel
import app.yunnori.android.ui.Announcer
import app.yunnori.android.ui.YunnoriApp
import app.yunnori.android.ui.game.GameScreen
import app.yunnori.android.ui.theme.YunnoriTheme
import app.yunnori.core.AppEvent
import app.yunnori.core.AppView
import app.yunnori.core.BoardLayout
import app.yunnori.core.BotState
import app.yunnori.core.LegalMove
import app.yunnori.core.NewGame
import app.yunnori.core.Pacing
import app.yunnori.core.PlayerKind
import app.yunnori.core.Preset
import app.yunnori.core.RuleSetting
import app.yunnori.core.RuleValue
import app.yunnori.core.Rules
import app.yunnori.core.SeatSpec
import app.yunnori.core.ShellEffect
import app.yunnori.core.TableAction
import app.yunnori.core.TableState
import app.yunnori.core.ThrowShown
import app.yunnori.core.boardLayout
import app.yunnori.core.defaultPacing
import app.yunnori.viewmodel.AppModel
import app.yunnori.viewmodel.SeatColour
import app.yunnori.viewmodel.ShellEffects
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.asExecutor
import kotlinx.coroutines.swing.Swing
import java.io.File
import java.nio.file.Files
import java.util.Locale
import javax.imageio.ImageIO
import kotlin.time.Duration.Companion.minutes

/** How long a test waits for the core or a bot before it fails. */
const val PATIENCE_MS = 20_000L

/**
 * No bot pause, the sticks land as soon as they are thrown, and the searches a test only
 * shows (a hint, the review after a game) take a moment, not the app's second or more per
 * move: the review of a whole game searches every move a person played, a minute of
 * waiting at the app's pace.
 */
val QUICK: Pacing = defaultPacing().copy(botPauseMs = 0u, flightPercent = 0u, hintBudgetMs = 200u, reviewBudgetMs = 50u)

/**
 * [QUICK], and the pieces jump to where they go as under Reduce Motion: for the tests that
 * play to look at where pieces end, not at the way there (every hop of every move is a
 * frame drawn in software here, most of such a test's time). The hops are the look tests'
 * (LookTest plays the board's moves frame by frame).
 */
val JUMPING: Pacing = QUICK.copy(hopMs = 0u)

/** The app as Android's application object gives it to the model: its private files in [dir]. */
fun applicationOver(dir: File): Application = object : Application() {
    override fun getFilesDir(): File = dir
}

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
    try {
        speak(locale)
        // Whole games drawn frame by frame on the CPU take longer than the library's 1 minute
        // (so does the test body's own limit: scripts/test-android-app.sh raises it too).
        runDesktopComposeUiTest(width = width, height = height, testTimeout = 5.minutes) { block() }
    } finally {
        Locale.setDefault(previous)
    }
}

/**
 * The app's strings and Compose's Locale.current in [locale] from now on (what is composed
 * already keeps its words until it is composed again).
 */
fun speak(locale: Locale) {
    Locale.setDefault(locale)
    AppStrings.load(File(System.getProperty("yunnori.res") ?: error("-Dyunnori.res is not set")), locale)
}

/** Keeps a picture of the screen as drawn now, to look at (nothing compares it). */
@OptIn(ExperimentalTestApi::class)
fun SkikoComposeUiTest.screenshot(name: String) {
    val dir = System.getProperty("yunnori.screenshots") ?: return
    ImageIO.write(captureToImage().toAwtImage(), "png", File(dir, "$name.png"))
}

/**
 * The app core as the app runs it (its adapter, the phone's side of its effects on the UI
 * thread, Swing's, as Android's main thread), over a fresh directory, at [pacing]: by
 * default bots play without a pause, thrown sticks land at once and pieces jump
 * ([JUMPING]), so tests wait on the core alone; a test of the flight itself passes its
 * own pace. Every effect the phone performed is kept in [effects].
 */
class GameHost(pacing: Pacing = JUMPING) : AutoCloseable {
    val dir: File = Files.createTempDirectory("yunnori-app").toFile()
    val effects: MutableList<ShellEffect> = java.util.Collections.synchronizedList(mutableListOf())
    val shell = AndroidShell(applicationOver(dir), ShellEffects { effects += it })
    val model = AppModel(dir, shell, Dispatchers.Swing.asExecutor(), pacing)
    val view: AppView get() = model.view.value

    /** The table on screen (a test asks only once a game is open). */
    val state: TableState get() = view.table ?: error("no game is open")

    override fun close() {
        model.close()
        shell.close()
        dir.deleteRecursively()
    }
}

/** The game screen of [host], in the app's theme, with the announcer TalkBack reads. */
@Composable
fun GameOf(host: GameHost) {
    val view by host.model.view.collectAsState()
    val spoken by host.shell.spoken.collectAsState()
    YunnoriTheme {
        Box {
            view.table?.let { GameScreen(it, view.message, host.model::send, view.settings.reduceMotion, view.settings.quickBots) }
            Announcer(spoken)
        }
    }
}

/** A table of [players] named "Seat 0", "Seat 1", …, seat 0 throwing first. */
fun table(vararg players: PlayerKind, seed: ULong = 7u, rules: List<Pair<String, RuleValue>> = emptyList()): NewGame = NewGame(
    rules = Rules(
        preset = Preset.YUNNORI,
        changes = listOf(RuleSetting("first_player", RuleValue.Choice("seat_order"))) +
            rules.map { (key, value) -> RuleSetting(key, value) },
    ),
    seats = players.mapIndexed { i, p -> SeatSpec("Seat $i", SeatColour.entries[i].hex, p) },
    teams = null,
    seed = seed,
    undo = true,
)

/** Sends [event] to the core as the screen does (on the UI thread). */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.send(host: GameHost, event: AppEvent) = runOnUiThread { host.model.send(event) }

/** Sends a table action to the core as the screen does (on the UI thread). */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.send(host: GameHost, action: TableAction) = send(host, AppEvent.Table(action))

/** Waits until a game is open and its table meets [done], with the screen drawn after it. */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.awaitGame(host: GameHost, what: String, done: (TableState) -> Boolean): TableState {
    awaitReal("the game: $what") { host.view.table?.let(done) == true }
    waitForIdle()
    return host.state
}

// ----- the table as the tests read it -----

/** The throw shown last (`throw` is a keyword in Kotlin). */
val TableState.lastThrow: ThrowShown? get() = `throw`

/** Its sticks have landed: the result is out. */
val ThrowShown.landed: Boolean get() = outcome != null

/** The shown throw's sticks are in the air. */
val TableState.flying: Boolean get() = `throw`.let { it != null && it.outcome == null }

val TableState.over: Boolean get() = snapshot.over
val TableState.legalMoves: List<LegalMove> get() = snapshot.legalMoves

/** A bot is waiting, throwing, thinking or moving. */
val TableState.botThinking: Boolean get() = bot != BotState.Idle

/** The core's board (station coordinates and names). */
val board: BoardLayout by lazy { boardLayout() }

/** Legal move [index] of the position on screen. */
fun TableState.choose(index: Int): TableAction = TableAction.ChooseMove(index.toUInt(), snapshot.state)

/**
 * Draws frames until [done] holds, failing after [PATIENCE_MS] of real time (the desktop
 * test library's waitUntil counts its timeout in real time, 1 s unless told). The core
 * answers most actions within milliseconds, on its own thread: that long is waited
 * without drawing, since waitUntil draws a whole frame in software before it looks again.
 */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.awaitReal(what: String, done: () -> Boolean) {
    repeat(QUICK_ANSWER_MS) {
        if (done()) return
        Thread.sleep(1)
    }
    waitUntil(what, PATIENCE_MS, done)
}

/** How long [awaitReal] looks for the core's answer before it draws frames while it waits. */
private const val QUICK_ANSWER_MS = 25

/**
 * The whole app as its activity shows it: the activity's [YunnoriModel] over a files
 * directory and the app's root composable, with the view-model store and a resumed
 * lifecycle the activity would provide. Everything runs on the UI thread (Swing's, which is
 * kotlinx-coroutines' main dispatcher here, as Android's main thread is there). Every effect
 * the phone performed is kept in [effects].
 */
@OptIn(ExperimentalTestApi::class)
class AppHost(
    test: ComposeUiTest,
    val filesDir: File,
    private val saved: SavedStateHandle = SavedStateHandle(),
    pacing: Pacing = defaultPacing(),
) {
    private val store = ViewModelStore()
    val effects: MutableList<ShellEffect> = java.util.Collections.synchronizedList(mutableListOf())

    /** Made in the store as `viewModel()` makes it in the activity's (with the activity's saved state). */
    val model: YunnoriModel = test.runOnUiThread {
        val factory = viewModelFactory {
            initializer { YunnoriModel(applicationOver(filesDir), saved, pacing, ShellEffects { effects += it }) }
        }
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

    /** Everything the screens draw, as the core last said it. */
    val view: AppView get() = model.app.view.value

    /** The table, while a game is open. */
    val table: TableState? get() = view.table

    /** Sends [event] to the core, as a screen does (on the UI thread). */
    fun send(test: ComposeUiTest, event: AppEvent) = test.runOnUiThread { model.app.send(event) }

    @Composable
    fun Content() {
        CompositionLocalProvider(LocalViewModelStoreOwner provides owner, LocalLifecycleOwner provides life) {
            YunnoriTheme { YunnoriApp(model) }
        }
    }

    /** The model's saved state as the system keeps it when it ends the process (a copy). */
    fun savedState(test: ComposeUiTest): Map<String, Any?> = test.runOnUiThread { saved.keys().associateWith { saved.get<Any?>(it) } }

    /** The lifecycle moves to [state] (the app to the background: CREATED; back: RESUMED). */
    fun lifecycle(test: ComposeUiTest, state: Lifecycle.State) = test.runOnUiThread { life.registry.currentState = state }

    /** As when the activity finishes: the store clears the model, which stops the core. */
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
