package app.yunnori.android.check

import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.graphics.toAwtImage
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.semantics.SemanticsActions
import androidx.compose.ui.semantics.SemanticsNode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SkikoComposeUiTest
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.hasText
import androidx.compose.ui.text.TextLayoutResult
import androidx.compose.ui.unit.Density
import app.yunnori.android.ui.game.GameTags
import app.yunnori.android.ui.theme.LocalDarkTheme
import app.yunnori.core.PlayerKind
import app.yunnori.core.TableState
import app.yunnori.core.AppEvent
import app.yunnori.core.TableAction
import org.junit.jupiter.api.Test
import java.awt.image.BufferedImage
import kotlin.math.max
import kotlin.math.min
import kotlin.math.pow
import kotlin.test.assertTrue

/**
 * Contrast as the iPhone's accessibility audits and Android's Accessibility Scanner measure
 * it: from the pixels drawn. The game screen in each phase a player meets, light and dark:
 * every piece of text on it against what is behind it (WCAG 2: 4.5:1 for text, 3:1 for large
 * text and for the label of a control that is off, so it stays legible), the Throw button
 * standing off the paper around it (3:1, so it reads as a button one can press), looking
 * different when it is off, and its label on at most two lines.
 */
@OptIn(ExperimentalTestApi::class)
class ContrastTest {
    private val human = PlayerKind.Human

    /** Drawn at twice the desktop's density, so that a letter's strokes have pixels of the text's own colour. */
    private val scale = 2f

    private fun luminance(rgb: Int): Double {
        fun channel(c: Int): Double {
            val v = c / 255.0
            return if (v <= 0.04045) v / 12.92 else ((v + 0.055) / 1.055).pow(2.4)
        }
        return 0.2126 * channel(rgb shr 16 and 0xFF) + 0.7152 * channel(rgb shr 8 and 0xFF) + 0.0722 * channel(rgb and 0xFF)
    }

    private fun contrast(a: Int, b: Int): Double {
        val la = luminance(a)
        val lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /** The pixels of [bounds] (px), by colour, most frequent first. */
    private fun BufferedImage.colours(bounds: Rect): List<Pair<Int, Int>> {
        val counts = HashMap<Int, Int>()
        for (y in max(0, bounds.top.toInt()) until min(height, bounds.bottom.toInt())) {
            for (x in max(0, bounds.left.toInt()) until min(width, bounds.right.toInt())) {
                val rgb = getRGB(x, y) and 0xFFFFFF
                counts[rgb] = (counts[rgb] ?: 0) + 1
            }
        }
        return counts.entries.sortedByDescending { it.value }.map { it.key to it.value }
    }

    /**
     * The text's colour against its ground, as the scanners pick them: the ground is the most
     * frequent colour of the text's box, the text the colour among the others (of at least a
     * few pixels: not one pixel of a blended edge) that stands out from it the most.
     */
    private fun BufferedImage.textContrast(bounds: Rect): Triple<Double, Int, Int> {
        val colours = colours(bounds)
        val ground = colours.first().first
        val total = colours.sumOf { it.second }
        val ink = colours.drop(1).filter { it.second >= max(4, total / 400) }.maxByOrNull { contrast(it.first, ground) }?.first
            ?: return Triple(1.0, ground, ground)
        return Triple(contrast(ink, ground), ink, ground)
    }

    private fun hex(rgb: Int) = "#%06X".format(rgb)

    private fun SemanticsNode.disabled(): Boolean {
        var node: SemanticsNode? = this
        while (node != null) {
            if (node.config.getOrNull(SemanticsProperties.Disabled) != null) return true
            node = node.parent
        }
        return false
    }

    /** Every text on screen, outside the board and the mat (drawn, not text), with its contrast. */
    private fun SkikoComposeUiTest.textProblems(image: BufferedImage, where: String): List<String> {
        val problems = mutableListOf<String>()
        val texts = onAllNodes(hasText("", substring = true), useUnmergedTree = true).fetchSemanticsNodes()
        assertTrue(texts.size > 5, "$where: ${texts.size} texts found")
        for (node in texts) {
            val text = node.config.getOrNull(SemanticsProperties.Text)?.joinToString { it.text }.orEmpty()
            val box = node.boundsInRoot
            if (text.isBlank() || box.width < 4 || box.height < 4 || box.top >= image.height) continue
            val (ratio, ink, ground) = image.textContrast(box)
            val off = node.disabled()
            // Large text: 18 sp and up (a letter box of 24 dp and more).
            val large = box.height / scale >= 24f
            val needed = if (off || large) 3.0 else 4.5
            if (ratio < needed) {
                problems += "$where: \"$text\"${if (off) " (off)" else ""} is ${"%.2f".format(ratio)}:1 " +
                    "(${hex(ink)} on ${hex(ground)}), under $needed:1"
            }
        }
        return problems
    }

    /** The Throw button: off the paper around it, its label's lines. */
    private fun SkikoComposeUiTest.throwButton(image: BufferedImage, where: String, enabled: Boolean): Pair<Int, List<String>> {
        val problems = mutableListOf<String>()
        val button = onNode(hasTestTag(GameTags.THROW)).fetchSemanticsNode()
        val box = button.boundsInRoot
        val fill = image.colours(box.deflate(6f * scale)).first().first
        val around = image.colours(Rect(box.left - 4 * scale, box.top, box.left - 1, box.bottom)).first().first
        if (enabled && contrast(fill, around) < 3.0) {
            problems += "$where: the Throw button (${hex(fill)}) is ${"%.2f".format(contrast(fill, around))}:1 against the " +
                "paper around it (${hex(around)}), under 3:1: it reads as off"
        }
        val label = onNode(hasText("Throw the sticks"), useUnmergedTree = true).fetchSemanticsNode()
        val layouts = mutableListOf<TextLayoutResult>()
        label.config.getOrNull(SemanticsActions.GetTextLayoutResult)?.action?.invoke(layouts)
        val lines = layouts.firstOrNull()?.lineCount ?: 0
        if (lines !in 1..2) problems += "$where: the Throw button's label is on $lines lines"
        return fill to problems
    }

    private fun phases(dark: Boolean): List<String> {
        val problems = mutableListOf<String>()
        val look = if (dark) "dark" else "light"
        screenTest(width = (412 * scale).toInt(), height = (915 * scale).toInt()) {
            GameHost().use { host ->
                setContent {
                    CompositionLocalProvider(LocalDensity provides Density(scale), LocalDarkTheme provides dark) { GameOf(host) }
                }
                send(host, AppEvent.StartGame(table(human, human)))
                awaitGame(host, "a new game") { it.canThrow }
                var image = captureToImage().toAwtImage()
                screenshot("contrast-throw-$look")
                problems += textProblems(image, "$look, to throw")
                val (on, throwing) = throwButton(image, "$look, to throw", enabled = true)
                problems += throwing

                send(host, TableAction.ThrowTap)
                val moving: TableState = awaitGame(host, "the throw") { it.canMove }
                check(moving.canMove)
                image = captureToImage().toAwtImage()
                screenshot("contrast-move-$look")
                problems += textProblems(image, "$look, to move")
                val (off, moved) = throwButton(image, "$look, to move", enabled = false)
                problems += moved
                if (contrast(on, off) < 1.5) {
                    problems += "$look: the Throw button looks the same on (${hex(on)}) and off (${hex(off)})"
                }
            }
        }
        return problems
    }

    @Test
    fun `every text of the game screen is legible, and the Throw button reads as a button, in light and dark`() {
        val problems = phases(dark = false) + phases(dark = true)
        assertTrue(problems.isEmpty(), problems.joinToString("\n", prefix = "\n"))
    }
}
