package app.yunnori.viewmodel

import app.yunnori.core.SaveDamage
import app.yunnori.core.SaveEntry
import app.yunnori.core.SaveLibrary
import app.yunnori.core.SaveStatus
import app.yunnori.core.SaveSummary
import app.yunnori.core.YutException
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import kotlin.coroutines.CoroutineContext

/** The Resume screen: the saved games, newest first, damaged ones listed (so they can be deleted). */
data class ResumeUiState(
    val loading: Boolean = true,
    val rows: List<SaveRow> = emptyList(),
    /** The game the screen asks to confirm deleting. */
    val pendingDelete: String? = null,
    val message: UserMessage? = null,
)

data class SaveRow(
    val id: String,
    val health: SaveHealth,
    /** What the core says is wrong (damaged, backup, newer): English, technical, for logs. */
    val problem: String?,
    /** `null` when the game cannot be read at all. */
    val summary: SaveSummary?,
    /** What is wrong, as the core's stable id (the screen words it). */
    val damage: SaveDamage? = null,
) {
    /** Opens it (a game on its backup opens too, maybe a move or so short). */
    val canResume: Boolean get() = health == SaveHealth.Good || health == SaveHealth.Backup

    /** A game to go on with: it opens and is not over (what the menu's Continue picks). */
    val canContinue: Boolean get() = canResume && summary?.finished == false
}

enum class SaveHealth { Good, Backup, Damaged, FromNewerVersion }

/** Lists the games of [library]; opening one is the game screen's job (`UiEvent.Resume`). */
class ResumeViewModel(
    scope: CoroutineScope,
    private val library: SaveLibrary,
    worker: CoroutineContext = Dispatchers.IO,
) : AutoCloseable {
    private val _state = MutableStateFlow(ResumeUiState())
    val state: StateFlow<ResumeUiState> = _state.asStateFlow()

    private val serial = Serial(scope, worker) { msg -> _state.update { it.copy(loading = false, message = msg) } }

    init {
        onEvent(UiEvent.Refresh)
    }

    fun onEvent(event: UiEvent.ForResume) {
        serial.post { handle(event) }
    }

    override fun close() = serial.close()

    private fun handle(event: UiEvent.ForResume) {
        when (event) {
            UiEvent.Refresh -> refresh()
            is UiEvent.RequestDelete -> _state.update { it.copy(pendingDelete = event.id) }
            is UiEvent.Delete -> {
                _state.update { it.copy(pendingDelete = null) }
                val failed = try {
                    library.delete(event.id)
                    null
                } catch (e: YutException) {
                    e.toUserMessage()
                }
                refresh()
                if (failed != null) _state.update { it.copy(message = failed) }
            }
            UiEvent.Dismiss -> _state.update { it.copy(pendingDelete = null, message = null) }
        }
    }

    private fun refresh() {
        _state.update { it.copy(loading = true) }
        val rows = library.list().map(::rowOf)
        _state.update { it.copy(loading = false, rows = rows) }
    }
}

private fun rowOf(e: SaveEntry): SaveRow = when (val s = e.status) {
    SaveStatus.Good -> SaveRow(e.id, SaveHealth.Good, null, e.summary)
    is SaveStatus.Backup -> SaveRow(e.id, SaveHealth.Backup, s.damage, e.summary, e.damage)
    is SaveStatus.Damaged -> SaveRow(e.id, SaveHealth.Damaged, s.reason, e.summary, e.damage)
    is SaveStatus.FromNewerVersion -> SaveRow(e.id, SaveHealth.FromNewerVersion, "format ${s.version}", e.summary, e.damage)
}
