package app.yunnori.android.ui

import androidx.compose.material3.SnackbarHostState
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.rememberUpdatedState
import app.yunnori.viewmodel.UserMessage

/**
 * Shows [message] in [snackbar] once (keyed by its id), then reports it dismissed, so the
 * state holder forgets it.
 */
@Composable
fun MessageEffect(message: UserMessage?, snackbar: SnackbarHostState, onDismiss: () -> Unit) {
    val text = message?.let { messageText(it) }
    val dismiss = rememberUpdatedState(onDismiss)
    LaunchedEffect(message?.id) {
        if (text != null) {
            snackbar.showSnackbar(text, withDismissAction = true)
            dismiss.value()
        }
    }
}
