package app.yunnori.android.ui.game

import androidx.compose.ui.geometry.CornerRadius
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.geometry.RoundRect
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.geometry.lerp
import androidx.compose.ui.graphics.Brush
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.drawscope.clipPath
import androidx.compose.ui.text.SpanStyle
import androidx.compose.ui.text.TextMeasurer
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.buildAnnotatedString
import androidx.compose.ui.text.drawText
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.withStyle
import app.yunnori.android.ui.theme.DesignTokens
import app.yunnori.android.ui.theme.YutColours
import app.yunnori.core.BoardLayout
import app.yunnori.core.StationInfo
import kotlin.math.PI
import kotlin.math.cos
import kotlin.math.sin
import kotlin.random.Random

/**
 * The board itself: the paper, the lines, the way-on and way-home arrows, the stations and
 * the corners' names. It changes only with the board's size and the language.
 */
internal fun DrawScope.drawGround(
    frame: BoardFrame,
    board: BoardLayout,
    stations: Map<String, StationInfo>,
    paper: PaperGrain,
    arrows: Arrows?,
    measurer: TextMeasurer,
    korean: Boolean,
) {
    val small = frame.span * 0.024f
    val large = frame.span * 0.04f
    drawPaper(frame, paper)
    for (line in board.lines) {
        val a = stations[line.from] ?: continue
        val b = stations[line.to] ?: continue
        brushLine(frame.at(a.x, a.y), frame.at(b.x, b.y), frame.span * 0.0075f, YutColours.BoardInk)
    }
    drawArrows(frame, arrows)
    for (s in board.stations) {
        val c = frame.at(s.x, s.y)
        val r = if (s.cornerOrCenter) large else small
        drawCircle(YutColours.BoardPaper, r, c)
        drawCircle(YutColours.BoardInk, r, c, style = Stroke(width = frame.span * (if (s.cornerOrCenter) 0.009f else 0.006f)))
        // The corners and the centre are drawn double, as on a painted board.
        if (s.cornerOrCenter) drawCircle(YutColours.BoardInk.copy(alpha = 0.55f), r * 0.7f, c, style = Stroke(frame.span * 0.0035f))
        s.nameKorean?.let { name ->
            // Hangul first; the romanisation small beside it where the screen is English.
            val romanised = if (korean) null else s.nameEnglish
            label(measurer, name, romanised, c + Offset(0f, r + frame.span * 0.012f), frame.origin.x, frame.origin.x + frame.span, frame.span)
        }
    }
}

/**
 * A corner's or the centre's name, centred below it but kept inside the board's width: the
 * Hangul name large, and its romanisation small beside it when given (sizes in proportion
 * to the design's corner_name and corner_romanised text sizes).
 */
private fun DrawScope.label(measurer: TextMeasurer, name: String, romanised: String?, top: Offset, left: Float, right: Float, span: Float) {
    val nameSize = (span / 26f).toSp()
    val romanisedSize = nameSize * (DesignTokens.TypeScale.CornerRomanised.value / DesignTokens.TypeScale.CornerName.value)
    val text = buildAnnotatedString {
        withStyle(SpanStyle(fontWeight = FontWeight.Bold, fontSize = nameSize)) { append(name) }
        if (romanised != null) withStyle(SpanStyle(fontSize = romanisedSize)) { append(" $romanised") }
    }
    val layout = measurer.measure(text, TextStyle(color = YutColours.BoardInk))
    val x = (top.x - layout.size.width / 2f).coerceIn(left, maxOf(left, right - layout.size.width))
    drawText(layout, topLeft = Offset(x, top.y))
}

/** Fibres and clouds of 한지, in the board's unit square: the same sheet every time. */
internal class PaperGrain {
    class Fibre(val a: Offset, val c: Offset, val b: Offset, val width: Float, val alpha: Float, val light: Boolean)
    class Cloud(val at: Offset, val radius: Float, val alpha: Float)

    val fibres: List<Fibre>
    val clouds: List<Cloud>

    init {
        val rnd = Random(SHEET)
        fun inSheet() = Offset(-0.07f + 1.14f * rnd.nextFloat(), -0.07f + 1.17f * rnd.nextFloat())
        clouds = List(22) { Cloud(inSheet(), 0.06f + 0.16f * rnd.nextFloat(), 0.025f + 0.04f * rnd.nextFloat()) }
        fibres = List(170) {
            val a = inSheet()
            val angle = rnd.nextFloat() * 2 * PI.toFloat()
            val length = 0.015f + 0.06f * rnd.nextFloat()
            val d = Offset(cos(angle) * length, sin(angle) * length)
            val bend = Offset(-d.y, d.x) * (rnd.nextFloat() - 0.5f)
            Fibre(a, a + d / 2f + bend, a + d, 0.0012f + 0.0025f * rnd.nextFloat(), 0.05f + 0.1f * rnd.nextFloat(), rnd.nextFloat() < 0.4f)
        }
    }

    private companion object {
        const val SHEET = 1988
    }
}

/**
 * The paper: its sheet with soft clouds and fibres and an aged rim, reaching low enough
 * below the board for the bottom corners' names.
 */
private fun DrawScope.drawPaper(frame: BoardFrame, grain: PaperGrain) {
    val topLeft = frame.at(-SHEET_MARGIN, -SHEET_MARGIN)
    val sheet = Size(frame.span * (1 + 2 * SHEET_MARGIN), frame.span * (1 + SHEET_MARGIN + SHEET_FOOT))
    val corner = CornerRadius(frame.span * 0.03f)
    drawRoundRect(Color.Black.copy(alpha = 0.18f), topLeft + Offset(frame.span * 0.006f, frame.span * 0.01f), sheet, corner)
    drawRoundRect(YutColours.BoardPaper, topLeft, sheet, corner)
    val edge = Path().apply { addRoundRect(RoundRect(Rect(topLeft, sheet), corner)) }
    clipPath(edge) {
        for (c in grain.clouds) {
            val at = frame.at(c.at)
            drawCircle(
                Brush.radialGradient(listOf(YutColours.BoardInk.copy(alpha = c.alpha), Color.Transparent), at, c.radius * frame.span),
                c.radius * frame.span,
                at,
            )
        }
        for (f in grain.fibres) {
            val path = Path().apply {
                val a = frame.at(f.a)
                val c = frame.at(f.c)
                val b = frame.at(f.b)
                moveTo(a.x, a.y)
                quadraticTo(c.x, c.y, b.x, b.y)
            }
            val colour = if (f.light) Color.White else YutColours.BoardInk
            drawPath(path, colour.copy(alpha = f.alpha), style = Stroke(f.width * frame.span, cap = StrokeCap.Round))
        }
        // A darker rim, as a sheet of paper ages at its edges.
        drawRoundRect(YutColours.BoardInk.copy(alpha = 0.25f), topLeft, sheet, corner, style = Stroke(frame.span * 0.012f))
    }
}

/** How far the paper reaches beyond the board's outer stations (the unit square), and below it. */
private const val SHEET_MARGIN = 0.07f
private const val SHEET_FOOT = 0.1f

/**
 * A line as a brush draws it: thickest in the middle, thinner where it meets a station,
 * with a faint dry stroke beside it.
 */
private fun DrawScope.brushLine(a: Offset, b: Offset, width: Float, ink: Color) {
    val d = b - a
    val length = d.getDistance()
    if (length == 0f) return
    val n = Offset(-d.y / length, d.x / length)
    val end = width * 0.35f
    val mid = width * 0.6f
    val m = (a + b) / 2f
    // A quadratic's middle is halfway between its ends' offset and its control's.
    val bulge = 2 * mid - end
    val path = Path().apply {
        moveTo((a + n * end).x, (a + n * end).y)
        quadraticTo((m + n * bulge).x, (m + n * bulge).y, (b + n * end).x, (b + n * end).y)
        lineTo((b - n * end).x, (b - n * end).y)
        quadraticTo((m - n * bulge).x, (m - n * bulge).y, (a - n * end).x, (a - n * end).y)
        close()
    }
    drawPath(path, ink.copy(alpha = 0.92f))
    drawLine(ink.copy(alpha = 0.18f), a + n * width * 0.9f, b + n * width * 0.9f, strokeWidth = width * 0.25f, cap = StrokeCap.Round)
}

/** Where pieces come on (from the start corner onto its first station) and go off (into it from the last). */
internal class Arrows(val entryFrom: Offset, val entryTo: Offset, val exitFrom: Offset, val exitTo: Offset)

/**
 * The way on and the way home, from the core's layout: the outer square's stations are
 * numbered along the way round with the start corner last, so the way on runs towards the
 * first station and the way home comes from the one before the corner (the iPhone's
 * `BoardGeometry.wayOnAndHome` reads it the same way).
 */
internal fun entryAndExit(board: BoardLayout): Arrows? {
    val byId = board.stations.associateBy { it.id }
    val start = byId[board.startStation] ?: return null
    val at = Offset(start.x, start.y)
    val around = start.neighbours.mapNotNull { byId[it] }
    val on = around.firstOrNull { it.index == 0 }?.let { Offset(it.x, it.y) } ?: return null
    val back = around.firstOrNull { it.index == start.index - 1 }?.let { Offset(it.x, it.y) } ?: return null
    // Each arrow runs beside its line, just inside the board (the corner's name is below it).
    fun inside(towards: Offset): Offset {
        val d = towards - at
        val n = Offset(d.y, -d.x) / d.getDistance()
        return if ((at + n * 0.05f - Offset(0.5f, 0.5f)).getDistance() < (at - Offset(0.5f, 0.5f)).getDistance()) n else -n
    }
    val o1 = inside(on) * 0.045f
    val o2 = inside(back) * 0.045f
    return Arrows(
        entryFrom = lerp(at, on, 0.35f) + o1,
        entryTo = lerp(at, on, 0.85f) + o1,
        exitFrom = lerp(at, back, 0.85f) + o2,
        exitTo = lerp(at, back, 0.35f) + o2,
    )
}

/** The entry arrow in the board's blue (청), the way home in its vermilion (적). */
private fun DrawScope.drawArrows(frame: BoardFrame, arrows: Arrows?) {
    arrows ?: return
    arrow(frame.at(arrows.entryFrom), frame.at(arrows.entryTo), frame.span * 0.008f, YutColours.WayOn)
    arrow(frame.at(arrows.exitFrom), frame.at(arrows.exitTo), frame.span * 0.008f, YutColours.WayHome)
}

private fun DrawScope.arrow(from: Offset, to: Offset, width: Float, colour: Color) {
    val d = to - from
    val length = d.getDistance()
    if (length == 0f) return
    val u = d / length
    val n = Offset(-u.y, u.x)
    val head = width * 3.2f
    drawLine(colour, from, to - u * head * 0.6f, strokeWidth = width, cap = StrokeCap.Round)
    val tip = Path().apply {
        moveTo(to.x, to.y)
        lineTo((to - u * head + n * head * 0.6f).x, (to - u * head + n * head * 0.6f).y)
        lineTo((to - u * head - n * head * 0.6f).x, (to - u * head - n * head * 0.6f).y)
        close()
    }
    drawPath(tip, colour)
}
