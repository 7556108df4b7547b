package app.yunnori.android.check

import androidx.compose.material3.ColorScheme
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.compositeOver
import androidx.compose.ui.graphics.luminance
import androidx.compose.ui.graphics.toArgb
import app.yunnori.android.ui.theme.DesignTokens
import app.yunnori.android.ui.theme.offContent
import org.junit.jupiter.api.Test
import java.io.File
import javax.xml.parsers.DocumentBuilderFactory
import kotlin.math.max
import kotlin.math.min
import kotlin.test.assertTrue

/**
 * The Android app's colours, as the iPhone's palette check (tests/ios-app/check_palette.py)
 * checks the iPhone's: the colour schemes the app draws with (Material 3 roles from
 * design/tokens.json, DesignTokens.kt) in light and dark, each pair of a text and what it
 * is drawn on by the app's components at the WCAG 2 ratios (4.5:1 text, 3:1 a control's
 * edge and the label of a control that is off), and the window behind Compose (the
 * themes' res colours) the scheme's own paper, so nothing flashes another colour at launch.
 * ContrastTest measures the same on the drawn screen.
 */
class PaletteTest {
    private val res = File(System.getProperty("yunnori.res") ?: error("-Dyunnori.res is not set"))

    private fun contrast(a: Color, b: Color): Double {
        val la = a.luminance().toDouble()
        val lb = b.luminance().toDouble()
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /** (what, text or mark, ground, the ratio it needs), of one scheme. */
    private fun pairs(c: ColorScheme) = listOf(
        Triple("text on the paper", c.onBackground to c.background, 4.5),
        Triple("text on cards and bars", c.onSurface to c.surface, 4.5),
        Triple("help text on the paper", c.onSurfaceVariant to c.background, 4.5),
        Triple("text on chips and the variant ground", c.onSurfaceVariant to c.surfaceVariant, 4.5),
        Triple("filled buttons' labels (Continue, Start the game, Throw the sticks)", c.onPrimary to c.primary, 4.5),
        Triple("labels on the vermilion container", c.onPrimaryContainer to c.primaryContainer, 4.5),
        Triple("tonal buttons' labels (the menu)", c.onSecondaryContainer to c.secondaryContainer, 4.5),
        Triple("text and outlined buttons' labels (Undo, Hint)", c.primary to c.background, 4.5),
        Triple("text buttons on cards and dialogs", c.primary to c.surface, 4.5),
        Triple("errors", c.error to c.background, 4.5),
        Triple("a filled button against the paper (the Throw button reads as one to press)", c.primary to c.background, 3.0),
        Triple("outlined buttons' edges", c.outline to c.background, 3.0),
    ) + offLabels(c)

    /**
     * A control that is off: its label (the app's offContent, not Material's 38 % ink) on the
     * paper (an outlined or text button) and on Material's off container (12 % ink over the
     * paper, a filled button), legible though plainly off.
     */
    private fun offLabels(c: ColorScheme): List<Triple<String, Pair<Color, Color>, Double>> {
        val offFill = c.onSurface.copy(alpha = 0.12f).compositeOver(c.background)
        return listOf(
            Triple("the label of an outlined button that is off (Hint)", offContent(c).compositeOver(c.background) to c.background, 3.0),
            Triple("the label of a text button that is off on the bar (Undo)", offContent(c).compositeOver(c.surface) to c.surface, 3.0),
            Triple("the label of a filled button that is off (Throw the sticks)", offContent(c).compositeOver(offFill) to offFill, 3.0),
        )
    }

    @Test
    fun `each text and control of the colour schemes reaches its contrast, in light and dark`() {
        val problems = mutableListOf<String>()
        for ((look, scheme) in listOf("light" to DesignTokens.LightScheme, "dark" to DesignTokens.DarkScheme)) {
            for ((what, colours, needed) in pairs(scheme)) {
                val ratio = contrast(colours.first, colours.second)
                if (ratio < needed) problems += "$look: $what is ${"%.2f".format(ratio)}:1, under $needed:1"
            }
        }
        assertTrue(problems.isEmpty(), problems.joinToString("\n", prefix = "\n"))
    }

    private fun resColour(dir: String, name: String): Int {
        val doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(File(res, "$dir/colors.xml"))
        val nodes = doc.getElementsByTagName("color")
        val text = (0 until nodes.length).map { nodes.item(it) as org.w3c.dom.Element }
            .firstOrNull { it.getAttribute("name") == name }?.textContent?.trim()
            ?: error("$dir/colors.xml has no $name")
        return (0xFF000000 or text.removePrefix("#").toLong(16)).toInt()
    }

    @Test
    fun `the window behind the app is the scheme's paper, light and dark`() {
        assertTrue(
            resColour("values", "window_background") == DesignTokens.LightScheme.background.toArgb(),
            "values/colors.xml window_background is not the light scheme's background",
        )
        assertTrue(
            resColour("values-night", "window_background") == DesignTokens.DarkScheme.background.toArgb(),
            "values-night/colors.xml window_background is not the dark scheme's background",
        )
    }
}
