package app.yunnori.android

import android.animation.ValueAnimator
import android.app.Application
import android.content.Intent
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.viewModelScope
import app.yunnori.core.AppEvent
import app.yunnori.core.AppScreen
import app.yunnori.core.FormEvent
import app.yunnori.core.Message
import app.yunnori.core.OnlineAction
import app.yunnori.core.Pacing
import app.yunnori.core.SettingsAction
import app.yunnori.core.TableAction
import app.yunnori.core.defaultPacing
import app.yunnori.viewmodel.AppModel
import app.yunnori.viewmodel.ShellEffects
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.asExecutor
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.distinctUntilChanged
import kotlinx.coroutines.flow.drop
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.launch
import java.io.File

/**
 * The activity's one AndroidX view model: it owns the app core's adapter ([app]: every
 * screen's behaviour, written once in Rust) and the phone's side of it ([shell]: sound,
 * vibration, haptics, TalkBack, the share sheet), and ties them to Android's lifecycle:
 * what the system says about motion, the app going to the background, a room link handed
 * to the activity, and the process ended and restored.
 *
 * The open game and the screen are kept in [saved] (the activity's saved state): when the
 * system ends the process (a call, memory running low) and the player comes back, the new
 * model opens them again; the online room the phone was in is rejoined from the ticket the
 * core kept.
 */
class YunnoriModel @JvmOverloads constructor(
    application: Application,
    private val saved: SavedStateHandle,
    /** The core's pace (screen tests ask for another). */
    pacing: Pacing = defaultPacing(),
    /** Told of each effect the phone performed (screen tests). */
    observer: ShellEffects? = null,
) : AndroidViewModel(application) {
    /** The phone's side of the core's effects. */
    val shell = AndroidShell(application, observer)

    /** The app core: everything the screens draw and everything they do. */
    val app = AppModel(dataDir(application.filesDir), shell, Dispatchers.Main.asExecutor(), pacing)

    /** The host's form is open: the new-game form, whose Start opens a room. */
    private val _hosting = MutableStateFlow(false)
    val hosting: StateFlow<Boolean> = _hosting.asStateFlow()

    /** Opens the new-game form to host a room. */
    fun openHostForm() {
        _hosting.value = true
        app.send(AppEvent.Open(AppScreen.NEW_GAME))
    }

    /** Leaves the host's form for the online screen. */
    fun closeHostForm() {
        _hosting.value = false
        app.send(AppEvent.Open(AppScreen.ONLINE))
    }

    /**
     * Opens a room at the new-game form's table, with the host in its first person's seat
     * (the core turns the form into the room's table; the server checks it, its refusal is
     * said on the online screen).
     */
    fun hostRoom() {
        _hosting.value = false
        app.send(AppEvent.Form(FormEvent.Host("")))
    }

    /**
     * A room link (`https://HOST/r/CODE`, or the older `yunnori://room/CODE`) handed to the
     * activity and not opened yet. It lives
     * in the saved state: opened once, it is gone, whatever the system then does to the
     * activity or the process.
     */
    val link: StateFlow<String?> = saved.getStateFlow(PENDING_LINK, null)

    /**
     * The activity's intent: the one it was made with ([recreated]: made again, after the
     * phone turned, dark mode, another language, or the process ended and restored) or one
     * handed to it while it runs. Its room link is opened, once: an activity made again, or
     * started again from Recents, has the intent whose link was opened before.
     */
    fun intentArrived(action: String?, data: String?, flags: Int, recreated: Boolean) {
        if (recreated || flags and Intent.FLAG_ACTIVITY_LAUNCHED_FROM_HISTORY != 0) return
        if (action != Intent.ACTION_VIEW) return
        saved[PENDING_LINK] = data ?: return
    }

    /** The screens opened [link] (the join form has its code). */
    fun linkOpened(link: String) {
        if (saved.get<String>(PENDING_LINK) == link) saved[PENDING_LINK] = null
    }

    /**
     * The room this phone was in when the system ended the process: this model rejoins it
     * from its kept ticket, and it is `null` again once the room is back or could not be.
     */
    private val _rejoining = MutableStateFlow(saved.get<String>(OPEN_ROOM))
    val rejoining: StateFlow<String?> = _rejoining.asStateFlow()

    /** That room could not be rejoined: the menu says which and why, until dismissed. */
    private val _roomLost = MutableStateFlow<RoomLost?>(null)
    val roomLost: StateFlow<RoomLost?> = _roomLost.asStateFlow()

    fun dismissRoomLost() {
        _roomLost.value = null
    }

    /** Reads the system's Remove animations (animator duration scale 0) again: with it, throws drop. */
    fun refreshMotion() {
        val reduce = !ValueAnimator.areAnimatorsEnabled()
        app.send(AppEvent.Settings(SettingsAction.SetReduceMotion(reduce)))
    }

    /** The app went to the background (everything is saved already). */
    fun backgrounded() {
        app.send(AppEvent.Backgrounded)
    }

    init {
        refreshMotion()
        val game = saved.get<String>(OPEN_GAME)
        val screen = saved.get<String>(SCREEN)?.let { name -> AppScreen.entries.firstOrNull { it.name == name } }
        if (game != null) {
            app.send(TableAction.Resume(game))
            if (screen == AppScreen.RULES) app.send(AppEvent.Open(screen))
        } else if (screen != null && screen != AppScreen.MENU && screen != AppScreen.TABLE) {
            app.send(AppEvent.Open(screen))
        }
        // What the process keeps when the system ends it: the open game and the screen.
        viewModelScope.launch {
            app.view.map { it.table?.gameId }.distinctUntilChanged().drop(1).collect { saved[OPEN_GAME] = it }
        }
        viewModelScope.launch {
            app.view.map { it.screen }.distinctUntilChanged().drop(1).collect { saved[SCREEN] = it.name }
        }
        // The room this phone is in, kept so that a process the system ends comes back to it
        // (a watched room is not: there is no seat to rejoin).
        viewModelScope.launch {
            app.view.map { v -> v.online.room?.code?.takeUnless { v.online.watching } }
                .distinctUntilChanged().drop(1).collect { saved[OPEN_ROOM] = it }
        }
        _rejoining.value?.let { code ->
            app.send(AppEvent.Online(OnlineAction.Rejoin(code)))
            // The rejoin ends with the room heard, or with the reason it failed (no ticket
            // kept, the server out of reach or refusing): then the menu says so.
            viewModelScope.launch {
                val end = app.view.first { it.online.room != null || (it.message != null && !it.online.busy) }
                if (end.online.room == null) {
                    _roomLost.value = RoomLost(code, end.message)
                    app.send(AppEvent.Online(OnlineAction.Leave))
                    app.send(AppEvent.Dismiss)
                    saved[OPEN_ROOM] = null
                    app.send(AppEvent.Open(AppScreen.MENU))
                }
                _rejoining.value = null
            }
        }
    }

    override fun onCleared() {
        app.close()
        shell.close()
    }

    private companion object {
        /** The saved-state key of the open game's id. */
        const val OPEN_GAME = "open-game"

        /** The saved-state key of the screen showing. */
        const val SCREEN = "screen"

        /** The saved-state key of the code of the room this phone is in. */
        const val OPEN_ROOM = "open-room"

        /** The saved-state key of a room link not yet opened. */
        const val PENDING_LINK = "pending-link"

        /**
         * The core's directory: the app's private files (games in `saves/`, the settings in
         * `settings.json`). Games an earlier version kept in `games/` move to `saves/` once.
         */
        fun dataDir(files: File): File {
            val older = File(files, "games")
            val saves = File(files, "saves")
            if (older.isDirectory && !saves.exists()) older.renameTo(saves)
            return files
        }
    }
}

/** A room this phone was in when the process ended, that could not be rejoined, and why. */
data class RoomLost(val code: String, val why: Message?)
