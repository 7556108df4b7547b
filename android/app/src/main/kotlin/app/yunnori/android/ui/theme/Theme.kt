package app.yunnori.android.ui.theme

import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.darkColorScheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.runtime.Composable
import androidx.compose.ui.graphics.Color

private val LightColours = lightColorScheme(
    primary = Color(0xFF8C3A2B),
    onPrimary = Color.White,
    primaryContainer = Color(0xFFFFDAD2),
    onPrimaryContainer = Color(0xFF3A0A03),
    secondary = Color(0xFF2F5D7C),
    onSecondary = Color.White,
    background = Color(0xFFFBF4E8),
    onBackground = Color(0xFF231A14),
    surface = Color(0xFFFFFBF6),
    onSurface = Color(0xFF231A14),
    error = Color(0xFFB3261E),
)

private val DarkColours = darkColorScheme(
    primary = Color(0xFFFFB4A3),
    onPrimary = Color(0xFF561E13),
    primaryContainer = Color(0xFF723326),
    onPrimaryContainer = Color(0xFFFFDAD2),
    secondary = Color(0xFF9ACBEE),
    onSecondary = Color(0xFF00344F),
    background = Color(0xFF1A1411),
    onBackground = Color(0xFFEFE0D6),
    surface = Color(0xFF221B17),
    onSurface = Color(0xFFEFE0D6),
)

/** Colours of the things drawn by hand: the board, the mat, the sticks. */
object YutColours {
    val BoardPaper = Color(0xFFF3E3C3)
    val BoardInk = Color(0xFF5B3A1A)
    val Mat = Color(0xFF6E2A2A)
    val MatEdge = Color(0xFF4A1B1B)

    /** The mat's far end, in the shade. */
    val MatFar = Color(0xFF5A2020)
    val MatWeave = Color(0x22000000)
    val Rim = Color(0xFF5A3318)
    val RimTop = Color(0xFF7A4A24)

    /** Around the mat: the table or floor it lies on. */
    val Floor = Color(0xFF2E2119)
    val StickFlat = Color(0xFFEBCB92)
    val StickRound = Color(0xFF8D5A2B)
    val StickEnd = Color(0xFFB98A55)
    val StickGrain = Color(0xFF5E3A18)

    /** The Back-Do mark on the marked stick. */
    val StickMark = Color(0xFF3A1608)
    val Capture = Color(0xFFD32F2F)
    val Hint = Color(0xFFFFB300)
}

@Composable
fun YunnoriTheme(dark: Boolean = isSystemInDarkTheme(), content: @Composable () -> Unit) {
    MaterialTheme(colorScheme = if (dark) DarkColours else LightColours, content = content)
}
