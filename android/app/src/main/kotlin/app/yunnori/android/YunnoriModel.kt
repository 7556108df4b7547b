package app.yunnori.android

import android.animation.ValueAnimator
import android.app.Application
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.viewModelScope
import app.yunnori.android.ui.game.MOVE_STEP_MS
import app.yunnori.core.PlayerKind
import app.yunnori.core.Preset
import app.yunnori.core.RulesDescription
import app.yunnori.core.SaveLibrary
import app.yunnori.core.describeRules
import app.yunnori.core.presetRules
import android.content.Intent
import app.yunnori.core.RoomView
import app.yunnori.viewmodel.GameSettings
import app.yunnori.viewmodel.OnlineSettings
import app.yunnori.viewmodel.OnlineViewModel
import app.yunnori.viewmodel.GameViewModel
import app.yunnori.viewmodel.NewGameViewModel
import app.yunnori.viewmodel.ResumeViewModel
import app.yunnori.viewmodel.UiEvent
import app.yunnori.viewmodel.UserMessage
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
 * The activity's one AndroidX view model: it owns the save library and the pure-JVM
 * state holders of the screens (module :viewmodel), which run in its [viewModelScope]
 * and call the core on the IO dispatcher.
 *
 * The open game's id is kept in [saved] (the activity's saved state): when the system ends
 * the process with a game open (a call, memory running low) and the player comes back,
 * the new model opens that game again, and the navigation (restored by the system) shows it.
 */
class YunnoriModel(app: Application, private val saved: SavedStateHandle) : AndroidViewModel(app) {
    private val library: SaveLibrary = SaveLibrary.open(File(app.filesDir, "games").path)
    private val settings = AppSettings(app)

    /** The clack and the vibration of each knock of the sticks. */
    private val feedback = StickFeedback(app)

    // The bots wait for a move's animation: tell them how fast the board draws it.
    val game = GameViewModel(viewModelScope, library, GameSettings(moveStepMs = MOVE_STEP_MS.toLong()), feedback)
    val resume = ResumeViewModel(viewModelScope, library)

    /** Online rooms; the seats' tickets are kept in the app's private files. */
    val online = OnlineViewModel(
        viewModelScope,
        FileRoomTickets(File(app.filesDir, "rooms")),
        settings.server.value,
        OnlineSettings(),
        feedback,
    )

    /** The host's form: the new-game form, for a room. */
    val hostForm = NewGameViewModel(::defaultName)

    private fun defaultName(seat: Int, player: PlayerKind): String = when (player) {
        PlayerKind.Human -> getApplication<Application>().getString(R.string.default_player_name, seat + 1)
        is PlayerKind.Bot -> getApplication<Application>().getString(R.string.default_bot_name, seat + 1)
    }

    /** The online server (Settings), kept across launches once the view model accepts it. */
    val server: StateFlow<String> get() = settings.server

    fun setServer(address: String) {
        online.onEvent(UiEvent.SetServer(address))
    }

    /** Opens the share sheet with the room's code and its `yunnori://room/CODE` link. */
    fun share(room: RoomView) {
        val app = getApplication<Application>()
        val send = Intent(Intent.ACTION_SEND)
            .setType("text/plain")
            .putExtra(Intent.EXTRA_TEXT, app.getString(R.string.lobby_share_text, room.code, room.link))
        val chooser = Intent.createChooser(send, app.getString(R.string.lobby_share_title))
            .addFlags(Intent.FLAG_ACTIVITY_NEW_TASK)
        app.startActivity(chooser)
    }
    val newGame = NewGameViewModel(::defaultName)

    /** The app's own rules, for the Rules screen when no game is open. */
    val defaultRules: RulesDescription = describeRules(presetRules(Preset.YUNNORI))

    /**
     * A room link (`yunnori://room/CODE`) the activity was handed ([intentArrived]) and the
     * screens have not opened yet. It lives in the saved state: opened once, it is gone, whatever the system
     * then does to the activity or the process.
     */
    val link: StateFlow<String?> = saved.getStateFlow(PENDING_LINK, null)

    /**
     * The activity's intent: the one it was made with ([recreated]: made again, after the
     * phone turned, dark mode, another language, or the process ended and restored) or one
     * handed to it while it runs. Its room link is opened, once: an activity made again, or
     * started again from Recents, has the intent whose link was opened before.
     */
    fun intentArrived(intent: Intent?, recreated: Boolean) {
        if (intent == null || recreated) return
        if (intent.flags and Intent.FLAG_ACTIVITY_LAUNCHED_FROM_HISTORY != 0) return
        if (intent.action != Intent.ACTION_VIEW) return
        saved[PENDING_LINK] = intent.dataString ?: return
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

    /** The process was ended with a game open, and this model opens it again. */
    val reopened: Boolean = saved.get<String>(OPEN_GAME) != null

    /** The settings' mute switch (kept across launches). */
    val muted: StateFlow<Boolean> get() = settings.muted

    fun setMuted(muted: Boolean) {
        settings.setMuted(muted)
        game.onEvent(UiEvent.SetMuted(muted))
    }

    /** The settings' quick-bots switch (kept across launches). */
    val quickBots: StateFlow<Boolean> get() = settings.quickBots

    fun setQuickBots(on: Boolean) {
        settings.setQuickBots(on)
        game.onEvent(UiEvent.SetQuickBots(on))
    }

    /**
     * Reads the system's Remove animations (animator duration scale 0) again, as the game
     * screen comes on: with it, throws show as a short drop.
     */
    fun refreshMotion() {
        game.onEvent(UiEvent.SetReduceMotion(!ValueAnimator.areAnimatorsEnabled()))
    }

    init {
        game.onEvent(UiEvent.SetMuted(settings.muted.value))
        game.onEvent(UiEvent.SetQuickBots(settings.quickBots.value))
        refreshMotion()
        saved.get<String>(OPEN_GAME)?.let { game.onEvent(UiEvent.Resume(it)) }
        // The server the view model accepted is the one kept.
        viewModelScope.launch {
            online.state.map { it.server }.distinctUntilChanged().drop(1).collect { settings.setServer(it) }
        }
        // The first value is the fresh model's "no game": not a game closed.
        viewModelScope.launch {
            game.state.map { it.gameId }.distinctUntilChanged().drop(1).collect { saved[OPEN_GAME] = it }
        }
        // The room this phone is in, kept so that a process the system ends comes back to it.
        viewModelScope.launch {
            online.state.map { it.room?.code }.distinctUntilChanged().drop(1).collect { saved[OPEN_ROOM] = it }
        }
        _rejoining.value?.let { code ->
            online.onEvent(UiEvent.Rejoin(code))
            // The rejoin ends with the room heard, or with the reason it failed (no ticket
            // kept, the server out of reach or refusing): then the menu says so.
            viewModelScope.launch {
                val end = online.state.first { it.room != null || (it.message != null && !it.busy) }
                if (end.room == null) {
                    _roomLost.value = RoomLost(code, end.message)
                    online.onEvent(UiEvent.Dismiss)
                    saved[OPEN_ROOM] = null
                }
                _rejoining.value = null
            }
        }
    }

    private companion object {
        /** The saved-state key of the open game's id. */
        const val OPEN_GAME = "open-game"

        /** The saved-state key of the code of the room this phone is in. */
        const val OPEN_ROOM = "open-room"

        /** The saved-state key of a room link not yet opened. */
        const val PENDING_LINK = "pending-link"
    }

    override fun onCleared() {
        game.close()
        online.close()
        feedback.close()
        resume.close()
        library.close()
    }
}

/** A room this phone was in when the process ended, that could not be rejoined, and why. */
data class RoomLost(val code: String, val why: UserMessage?)
