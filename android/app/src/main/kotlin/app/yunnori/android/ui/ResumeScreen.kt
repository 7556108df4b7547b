@file:OptIn(ExperimentalMaterial3Api::class)

package app.yunnori.android.ui

import android.text.format.DateUtils
import androidx.compose.foundation.background
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.Card
import androidx.compose.material3.CardDefaults
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Scaffold
import androidx.compose.material3.SnackbarHost
import androidx.compose.material3.SnackbarHostState
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.remember
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.unit.dp
import app.yunnori.android.R
import app.yunnori.core.KeptRoom
import app.yunnori.core.AppEvent
import app.yunnori.core.Message
import app.yunnori.core.SaveHealth
import app.yunnori.core.SaveRow
import app.yunnori.core.SavedAction
import app.yunnori.core.SavedState
import app.yunnori.core.TableAction
import app.yunnori.android.ui.theme.YunnoriTheme
import androidx.compose.ui.tooling.preview.Preview
import app.yunnori.android.ui.game.SeatMark

/**
 * The saved games: open one, or delete one (damaged ones are listed so they can go), and
 * the online rooms this phone holds a seat in ([rooms], the core's kept rooms: rejoin or
 * forget). Stateless: it draws [state] and reports what the player does through [onEvent].
 */
@Composable
fun ResumeScreen(
    state: SavedState,
    message: Message?,
    onEvent: (AppEvent) -> Unit,
    rooms: List<KeptRoom> = emptyList(),
) {
    val snackbar = remember { SnackbarHostState() }
    MessageEffect(message, snackbar, onDismiss = { onEvent(AppEvent.Dismiss) })
    fun saved(action: SavedAction) = onEvent(AppEvent.Saved(action))

    Scaffold(
        contentWindowInsets = safeInsets(),
        topBar = { BackTopBar(stringResource(R.string.resume_title)) { onEvent(AppEvent.Back) } },
        snackbarHost = { SnackbarHost(snackbar) },
    ) { padding ->
        Box(Modifier.fillMaxSize().padding(padding)) {
            when {
                !state.loaded && state.rows.isEmpty() -> CircularProgressIndicator(Modifier.align(Alignment.Center))
                state.rows.isEmpty() && rooms.isEmpty() -> Text(
                    stringResource(R.string.resume_empty),
                    modifier = Modifier.align(Alignment.Center).padding(24.dp),
                )
                else -> LazyColumn(
                    modifier = Modifier.fillMaxSize(),
                    verticalArrangement = Arrangement.spacedBy(12.dp),
                ) {
                    // Online rooms this phone holds a seat in: rejoin or forget.
                    items(rooms, key = { "room-" + it.code }) { room ->
                        Box(Modifier.padding(horizontal = 16.dp)) { KeptRoomCard(room, onEvent) }
                    }
                    items(state.rows, key = { it.id }) { row ->
                        SaveCard(
                            row,
                            onOpen = { onEvent(AppEvent.Table(TableAction.Resume(row.id))) },
                            onDelete = { saved(SavedAction.RequestDelete(row.id)) },
                        )
                    }
                }
            }
        }
    }

    state.pendingDelete?.let { id ->
        AlertDialog(
            onDismissRequest = { onEvent(AppEvent.Dismiss) },
            title = { Text(stringResource(R.string.resume_delete_title)) },
            text = { Text(stringResource(R.string.resume_delete_text)) },
            confirmButton = {
                TextButton(onClick = { saved(SavedAction.Delete(id)) }) { Text(stringResource(R.string.resume_delete)) }
            },
            dismissButton = {
                TextButton(onClick = { onEvent(AppEvent.Dismiss) }) { Text(stringResource(R.string.cancel)) }
            },
        )
    }
}

@Composable
private fun SaveCard(row: SaveRow, onOpen: () -> Unit, onDelete: () -> Unit) {
    val damaged = !row.canOpen
    Card(
        modifier = Modifier.fillMaxWidth().padding(horizontal = 16.dp),
        colors = if (damaged) {
            CardDefaults.cardColors(containerColor = MaterialTheme.colorScheme.errorContainer)
        } else {
            CardDefaults.cardColors()
        },
    ) {
        Column(Modifier.padding(16.dp), verticalArrangement = Arrangement.spacedBy(6.dp)) {
            val summary = row.summary
            if (summary != null) {
                summary.seats.forEachIndexed { i, seat ->
                    Row(verticalAlignment = Alignment.CenterVertically) {
                        SeatMark(i, colourOf(seat.colour), Modifier.size(16.dp))
                        Spacer(Modifier.width(8.dp))
                        val who = if (summary.toMove == i) stringResource(R.string.resume_to_move, seat.name) else seat.name
                        Text(who, style = MaterialTheme.typography.bodyLarge)
                        Spacer(Modifier.width(8.dp))
                        Text(playerText(seat.player), style = MaterialTheme.typography.bodySmall)
                    }
                }
                val updated = DateUtils.getRelativeTimeSpanString(summary.updatedMs).toString()
                Text(
                    if (summary.finished) {
                        stringResource(R.string.resume_finished, updated)
                    } else {
                        stringResource(R.string.resume_progress, summary.turnNumber, updated)
                    },
                    style = MaterialTheme.typography.bodySmall,
                )
            } else {
                // Nothing of it can be read: not even who played (its file name means nothing to a player).
                Text(stringResource(R.string.resume_unreadable_title), style = MaterialTheme.typography.bodyLarge)
            }
            when (row.health) {
                SaveHealth.Good -> Unit
                SaveHealth.Backup -> Text(stringResource(R.string.resume_backup), style = MaterialTheme.typography.bodySmall)
                SaveHealth.Damaged -> Text(stringResource(R.string.resume_damaged), style = MaterialTheme.typography.bodyMedium)
                is SaveHealth.FromNewerVersion -> Text(stringResource(R.string.resume_newer), style = MaterialTheme.typography.bodyMedium)
            }
            // Why, in the app's words (the core's own reason is English, for logs).
            row.damage?.takeIf { row.health !is SaveHealth.FromNewerVersion }?.let {
                Text(stringResource(it.text()), style = MaterialTheme.typography.bodySmall)
            }
            Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                Button(onClick = onOpen, enabled = row.canOpen) { Text(stringResource(R.string.resume_open)) }
                TextButton(onClick = onDelete) { Text(stringResource(R.string.resume_delete)) }
            }
        }
    }
}

/** The list with nothing saved yet. */
@Preview(widthDp = 412, heightDp = 915)
@Composable
internal fun ResumeScreenPreview() {
    YunnoriTheme { ResumeScreen(SavedState(loaded = true, rows = emptyList(), pendingDelete = null), message = null, onEvent = {}) }
}
