package app.yunnori.android.ui

import androidx.compose.runtime.Composable
import androidx.compose.ui.res.stringResource
import app.yunnori.android.R
import app.yunnori.core.AppEvent
import app.yunnori.core.AppScreen
import app.yunnori.core.AppView
import app.yunnori.core.FormState
import app.yunnori.core.NewGame
import app.yunnori.core.PlayerKind
import app.yunnori.core.Preset
import app.yunnori.core.Rules
import app.yunnori.core.SeatSpec
import app.yunnori.core.TableState
import app.yunnori.viewmodel.AppModel
import app.yunnori.viewmodel.SeatColour
import app.yunnori.viewmodel.ShellEffects
import java.nio.file.Files

/**
 * The app's words for a seat nobody has named, as the core takes them (`{n}` is the seat's
 * number): what the new-game form calls its seats until a name is typed.
 */
@Composable
fun seatNames(): AppEvent.SeatNames = AppEvent.SeatNames(
    person = stringResource(R.string.default_player_name).replace("%1\$d", "{n}"),
    bot = stringResource(R.string.default_bot_name).replace("%1\$d", "{n}"),
)

/**
 * Views for the previews, made by the real app core over a scratch directory: what a
 * preview draws is what the core would show.
 */
internal object Samples {
    /** Two people at the app's rules, seat 0 to throw. */
    val twoPeople: NewGame
        get() = NewGame(
            rules = Rules(Preset.YUNNORI, emptyList()),
            seats = listOf(
                SeatSpec("Ana", SeatColour.RED.hex, PlayerKind.Human),
                SeatSpec("Bo", SeatColour.BLUE.hex, PlayerKind.Human),
            ),
            teams = null,
            seed = 7u,
            undo = true,
        )

    /** The table as a new game of [setup] opens. */
    fun table(setup: NewGame = twoPeople): TableState =
        view(AppEvent.StartGame(setup)) { it.table != null }.table ?: error("the core opened no table")

    /** The new-game form as it opens, its seats named with [names]. */
    fun form(names: AppEvent.SeatNames): FormState =
        view(names, AppEvent.Open(AppScreen.NEW_GAME)) { it.form != null }.form ?: error("the core opened no form")

    /** The view once the core has taken [events] and [done] holds (a few milliseconds). */
    private fun view(vararg events: AppEvent, done: (AppView) -> Boolean): AppView {
        val dir = Files.createTempDirectory("yunnori-preview").toFile()
        try {
            AppModel(dir, ShellEffects { }, { it.run() }).use { app ->
                events.forEach(app::send)
                val deadline = System.currentTimeMillis() + 5_000
                while (!done(app.view.value) && System.currentTimeMillis() < deadline) Thread.sleep(2)
                return app.view.value
            }
        } finally {
            dir.deleteRecursively()
        }
    }
}
