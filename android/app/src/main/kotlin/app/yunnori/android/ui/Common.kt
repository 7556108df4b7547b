@file:OptIn(ExperimentalMaterial3Api::class)

package app.yunnori.android.ui

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.WindowInsets
import androidx.compose.foundation.layout.WindowInsetsSides
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.only
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.safeDrawing
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.selection.toggleable
import androidx.compose.material.icons.Icons
import androidx.compose.material.icons.automirrored.filled.ArrowBack
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.Icon
import androidx.compose.material3.IconButton
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.SnackbarHostState
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.material3.TopAppBar
import androidx.compose.runtime.Composable
import androidx.compose.runtime.DisposableEffect
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.runtime.staticCompositionLocalOf
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.LocalView
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.unit.dp
import app.yunnori.android.R
import app.yunnori.core.Message
import app.yunnori.core.MessageKind
import androidx.compose.material3.SnackbarResult

/**
 * The parts of the window the system draws over (status and navigation bars, a display
 * cutout, the keyboard). `null`: the window's own (Android's safe-drawing insets); the
 * screen tests set bars and a keyboard of their own to check no control is covered.
 */
val LocalSafeInsets = staticCompositionLocalOf<WindowInsets?> { null }

/** What every screen keeps its controls clear of (see [LocalSafeInsets]). */
@Composable
fun safeInsets(): WindowInsets = LocalSafeInsets.current ?: WindowInsets.safeDrawing

/** The insets a top bar takes: the top and the sides. */
fun WindowInsets.onlyTopAndSides(): WindowInsets = only(WindowInsetsSides.Top + WindowInsetsSides.Horizontal)

/** The insets a bottom bar takes: the bottom (navigation bar, keyboard) and the sides. */
fun WindowInsets.onlyBottomAndSides(): WindowInsets = only(WindowInsetsSides.Bottom + WindowInsetsSides.Horizontal)

/** Keeps the screen from dimming and locking while this is on screen (an open game: people think). */
@Composable
fun KeepScreenOn() {
    val view = LocalView.current
    DisposableEffect(view) {
        view.keepScreenOn = true
        onDispose { view.keepScreenOn = false }
    }
}

/** The top bar of a screen reached from the menu: its title and a way back. */
@Composable
fun BackTopBar(title: String, onBack: () -> Unit) {
    TopAppBar(
        windowInsets = safeInsets().onlyTopAndSides(),
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
 * core forgets it. A bot that could not move offers to try again ([onRetry]).
 */
@Composable
fun MessageEffect(message: Message?, snackbar: SnackbarHostState, onDismiss: () -> Unit, onRetry: (() -> Unit)? = null) {
    val text = message?.let { messageText(it) }
    val retryLabel = stringResource(R.string.msg_retry)
    val retry = rememberUpdatedState(onRetry?.takeIf { message?.kind == MessageKind.BotFailed })
    val dismiss = rememberUpdatedState(onDismiss)
    LaunchedEffect(message?.id) {
        if (text != null) {
            val again = retry.value
            val result = snackbar.showSnackbar(text, actionLabel = again?.let { retryLabel }, withDismissAction = true)
            dismiss.value()
            if (result == SnackbarResult.ActionPerformed) again?.invoke()
        }
    }
}

/**
 * A setting that is on or off: its label and help beside its switch. The whole row is the
 * switch: a tap anywhere toggles it, and TalkBack reads the label with the switch's state.
 */
@Composable
fun SwitchRow(
    label: String,
    help: String,
    checked: Boolean,
    onChange: (Boolean) -> Unit,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
    contentPadding: PaddingValues = PaddingValues(horizontal = 16.dp),
    labelStyle: TextStyle = MaterialTheme.typography.bodyLarge,
    helpStyle: TextStyle = MaterialTheme.typography.bodySmall,
) {
    Row(
        modifier
            .fillMaxWidth()
            .toggleable(value = checked, enabled = enabled, role = Role.Switch, onValueChange = onChange)
            .padding(contentPadding),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        Column(Modifier.weight(1f)) {
            Text(label, style = labelStyle)
            Text(help, style = helpStyle)
        }
        Spacer(Modifier.width(12.dp))
        Switch(checked = checked, onCheckedChange = null, enabled = enabled)
    }
}

