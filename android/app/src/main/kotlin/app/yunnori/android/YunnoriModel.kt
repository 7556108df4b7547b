package app.yunnori.android

import android.app.Application
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.viewModelScope
import app.yunnori.android.ui.game.MOVE_STEP_MS
import app.yunnori.core.PlayerKind
import app.yunnori.core.Preset
import app.yunnori.core.RulesDescription
import app.yunnori.core.SaveLibrary
import app.yunnori.core.describeRules
import app.yunnori.core.presetRules
import app.yunnori.viewmodel.GameSettings
import app.yunnori.viewmodel.GameViewModel
import app.yunnori.viewmodel.NewGameViewModel
import app.yunnori.viewmodel.ResumeViewModel
import java.io.File

/**
 * The activity's one AndroidX view model: it owns the save library and the pure-JVM
 * state holders of the screens (module :viewmodel), which run in its [viewModelScope]
 * and call the core on the IO dispatcher.
 */
class YunnoriModel(app: Application) : AndroidViewModel(app) {
    private val library: SaveLibrary = SaveLibrary.open(File(app.filesDir, "games").path)

    // The bots wait for a move's animation: tell them how fast the board draws it.
    val game = GameViewModel(viewModelScope, library, GameSettings(moveStepMs = MOVE_STEP_MS.toLong()))
    val resume = ResumeViewModel(viewModelScope, library)
    val newGame = NewGameViewModel { seat, player ->
        when (player) {
            PlayerKind.Human -> app.getString(R.string.default_player_name, seat + 1)
            is PlayerKind.Bot -> app.getString(R.string.default_bot_name, seat + 1)
        }
    }

    /** The app's own rules, for the Rules screen when no game is open. */
    val defaultRules: RulesDescription = describeRules(presetRules(Preset.YUNNORI))

    override fun onCleared() {
        game.close()
        resume.close()
        library.close()
    }
}
