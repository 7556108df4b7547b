@file:OptIn(ExperimentalMaterial3Api::class)

package app.yunnori.android.ui

import androidx.compose.material.icons.Icons
import androidx.compose.material.icons.automirrored.filled.ArrowBack
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.Icon
import androidx.compose.material3.IconButton
import androidx.compose.material3.SnackbarHostState
import androidx.compose.material3.Text
import androidx.compose.material3.TopAppBar
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.ui.res.stringResource
import app.yunnori.android.R
import app.yunnori.viewmodel.UserMessage

/** The top bar of a screen reached from the menu: its title and a way back. */
@Composable
fun BackTopBar(title: String, onBack: () -> Unit) {
    TopAppBar(
        title = { Text(title) },
        navigationIcon = {
            IconButton(onClick = onBack) {
                Icon(Icons.AutoMirrored.Filled.ArrowBack, contentDescription = stringResource(R.string.back))
            }
        },
    )
}

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
