package app.yunnori.viewmodel

import app.yunnori.core.AppCore
import app.yunnori.core.AppEvent
import app.yunnori.core.AppShell
import app.yunnori.core.AppView
import app.yunnori.core.Pacing
import app.yunnori.core.ShellEffect
import app.yunnori.core.TableAction
import app.yunnori.core.YutException
import app.yunnori.core.defaultPacing
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import java.io.File
import java.util.concurrent.Executor
import java.util.concurrent.atomic.AtomicBoolean

/**
 * The app's adapter over the Rust app core ([AppCore], docs/APP_CORE.md): it publishes
 * everything the screens draw as [view], sends what the person did ([send]) and hands the
 * effects that are the platform's (a stick's clack, a haptic, what TalkBack says, a share
 * sheet, a link) to [effects], in order, on [main] (Android's main thread). It decides
 * nothing: the core does, on a thread of its own, so a tap never waits for a save file or a
 * bot's search.
 *
 * [dataDir] is the app's private directory: the core keeps the saved games in `saves/` and
 * the settings beside them. [pacing] is the core's own unless a screen test asks for another
 * (no bot pause, sticks that land at once).
 */
class AppModel(
    dataDir: File,
    private val effects: ShellEffects,
    private val main: Executor,
    pacing: Pacing = defaultPacing(),
) : AutoCloseable {
    // Made before the core: the core calls the shell only once it has an input.
    private val shell = Shell()
    private val core: AppCore = AppCore.withPacing(dataDir.path, shell, pacing)
    private val _view = MutableStateFlow(core.view())
    private val closed = AtomicBoolean(false)

    /** Everything the screens draw, as the core last said it. */
    val view: StateFlow<AppView> = _view.asStateFlow()

    /** Sends what the person did. Returns at once; the new view follows. Nothing once closed. */
    fun send(event: AppEvent) {
        if (closed.get()) return
        try {
            core.send(event)
        } catch (e: YutException.StaleObject) {
            // Shut down meanwhile: the screens are going away.
        } catch (e: IllegalStateException) {
            // Closed meanwhile, on another thread: likewise.
        }
    }

    /** Sends an action at the table. */
    fun send(action: TableAction) = send(AppEvent.Table(action))

    /** Stops the core's thread and its searches (every game is saved already) and lets go of it. */
    override fun close() {
        if (!closed.compareAndSet(false, true)) return
        core.shutdown()
        core.close()
    }

    /** What the core's thread tells: the view at once (a state flow takes it from any thread), the effects on [main]. */
    private inner class Shell : AppShell {
        override fun onView(view: AppView) {
            _view.value = view
        }

        override fun onEffects(effects: List<ShellEffect>) {
            main.execute { effects.forEach(this@AppModel.effects::perform) }
        }
    }
}

/**
 * What the platform does when the core asks ([ShellEffect]): play a cue, a haptic, say
 * something to the screen reader, open the share sheet or a link. Called on the main
 * thread, in the order the core asked.
 */
fun interface ShellEffects {
    fun perform(effect: ShellEffect)
}
