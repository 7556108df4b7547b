package app.yunnori.android.ui.theme

import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.material3.MaterialTheme
import androidx.compose.runtime.Composable

// The colours come from design/tokens.json through the generated DesignTokens, the same
// file the iPhone app's colours are generated from (scripts/gen-design.py).

/** Colours of the things drawn by hand: the board, the mat, the sticks (design/tokens.json). */
object YutColours {
    val BoardPaper = DesignTokens.Board.BoardPaper
    val BoardInk = DesignTokens.Board.BoardInk
    val Mat = DesignTokens.Board.Mat
    val MatEdge = DesignTokens.Board.MatEdge

    /** The mat's far end, in the shade. */
    val MatFar = DesignTokens.Board.MatFar
    val MatWeave = DesignTokens.Board.MatWeave
    val Rim = DesignTokens.Board.Rim
    val RimTop = DesignTokens.Board.RimTop

    /** Around the mat: the table or floor it lies on. */
    val Floor = DesignTokens.Board.Floor
    val StickFlat = DesignTokens.Board.StickFlat
    val StickRound = DesignTokens.Board.StickRound
    val StickEnd = DesignTokens.Board.StickEnd
    val StickGrain = DesignTokens.Board.StickGrain

    /** The Back-Do mark on the marked stick. */
    val StickMark = DesignTokens.Board.StickMark
    val Capture = DesignTokens.Board.Capture
    val Hint = DesignTokens.Board.Hint
}

@Composable
fun YunnoriTheme(dark: Boolean = isSystemInDarkTheme(), content: @Composable () -> Unit) {
    MaterialTheme(colorScheme = if (dark) DesignTokens.DarkScheme else DesignTokens.LightScheme, content = content)
}
