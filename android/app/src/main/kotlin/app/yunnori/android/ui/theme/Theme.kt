package app.yunnori.android.ui.theme

import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.material3.ColorScheme
import androidx.compose.material3.MaterialTheme
import androidx.compose.runtime.Composable
import androidx.compose.runtime.staticCompositionLocalOf
import androidx.compose.ui.graphics.Color

// The colours come from design/tokens.json through the generated DesignTokens, the same
// file the iPhone app's colours are generated from (scripts/gen-design.py).

/**
 * Colours of the things drawn by hand: the board, the mat (its far end in the shade, its
 * weave, its rim, the floor around it), the sticks (with the Back-Do mark), a capture and a
 * hint. The generated tokens themselves, under the name the drawing code uses.
 */
val YutColours = DesignTokens.Board

/**
 * Light or dark for everything below it, whatever the system's setting (a preview, a
 * screenshot); `null` follows the system.
 */
val LocalDarkTheme = staticCompositionLocalOf<Boolean?> { null }

@Composable
fun YunnoriTheme(dark: Boolean = LocalDarkTheme.current ?: isSystemInDarkTheme(), content: @Composable () -> Unit) {
    MaterialTheme(colorScheme = if (dark) DesignTokens.DarkScheme else DesignTokens.LightScheme, content = content)
}

/**
 * The label of a control that is off (the Throw button while the sticks wait, Hint and Undo
 * when there is nothing to hint or undo). Material's own (its ink at 38 %) falls to 2:1 on
 * the paper, and the Hint and the Throw button read as gone; this stays legible (3:1 and
 * more on the paper and on Material's off container, PaletteTest and ContrastTest) and
 * plainly off beside the vermilion of a control that is on.
 */
fun offContent(scheme: ColorScheme): Color = scheme.onSurfaceVariant.copy(alpha = 0.72f)
