package app.yunnori.android.ui.game

import androidx.compose.foundation.Canvas
import androidx.compose.material3.MaterialTheme
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import kotlin.math.PI
import kotlin.math.cos
import kotlin.math.sin

/**
 * A seat's disc as the board draws its pieces: its colour with its own white shape on it
 * (dot, triangle, square, diamond, cross, ring for seats 1 to 6), so seats are told apart
 * by shape as well as colour.
 */
@Composable
fun SeatMark(seat: Int, colour: Color, modifier: Modifier = Modifier) {
    Canvas(modifier) {
        val r = size.minDimension / 2
        drawCircle(colour, r, center)
        drawSeatShape(seat, center, r)
    }
}

/**
 * A seat's pieces off the board, as tokens: those waiting to come on, then a small house
 * (집) and those that came home, smaller and paler. Tokens overlap when the row is short.
 * It draws only: the seat's cell says the counts to TalkBack.
 */
@Composable
fun PieceTray(seat: Int, colour: Color, waiting: Int, done: Int, modifier: Modifier = Modifier) {
    val ink = MaterialTheme.colorScheme.onSurfaceVariant
    Canvas(modifier) {
        val h = size.height
        val r = h * 0.42f
        // Room for every token at full size plus the house; closer together if not.
        val slots = waiting + done + 1.2f
        val step = minOf(r * 2.2f, (size.width - r * 2) / slots.coerceAtLeast(1f))
        var x = r
        repeat(waiting) {
            drawToken(colour, seat, Offset(x, h * 0.45f), r)
            x += step
        }
        x += step * 0.1f
        drawPath(house(Offset(x, h * 0.5f), r * 0.8f), ink)
        x += step * 1.1f
        repeat(done) {
            drawToken(colour, seat, Offset(x, h * 0.5f), r * 0.8f, alpha = 0.55f)
            x += step * 0.8f
        }
    }
}

/** A house's outline (a roof on a square), filled. */
private fun house(at: Offset, r: Float): Path = Path().apply {
    moveTo(at.x, at.y - r)
    lineTo(at.x + r, at.y - r * 0.1f)
    lineTo(at.x + r * 0.7f, at.y - r * 0.1f)
    lineTo(at.x + r * 0.7f, at.y + r * 0.8f)
    lineTo(at.x - r * 0.7f, at.y + r * 0.8f)
    lineTo(at.x - r * 0.7f, at.y - r * 0.1f)
    lineTo(at.x - r, at.y - r * 0.1f)
    close()
}

/** Seat [seat]'s shape, white, inside a disc of radius [radius] at [at]. */
fun DrawScope.drawSeatShape(seat: Int, at: Offset, radius: Float, alpha: Float = 1f) {
    val s = radius * 0.5f
    val white = Color.White.copy(alpha = alpha)
    when (seat.mod(SHAPES)) {
        0 -> drawCircle(white, s * 0.7f, at)
        1 -> drawPath(polygon(at, s * 1.1f, 3, -PI / 2), white)
        2 -> drawRect(white, at - Offset(s * 0.75f, s * 0.75f), Size(s * 1.5f, s * 1.5f))
        3 -> drawPath(polygon(at, s * 1.05f, 4, -PI / 2), white)
        4 -> {
            drawRect(white, at - Offset(s, s * 0.3f), Size(s * 2, s * 0.6f))
            drawRect(white, at - Offset(s * 0.3f, s), Size(s * 0.6f, s * 2))
        }
        else -> drawCircle(white, s * 0.8f, at, style = Stroke(s * 0.4f))
    }
}

/** How many shapes there are (the most seats a tradition seats is six). */
private const val SHAPES = 6

private fun polygon(at: Offset, r: Float, corners: Int, start: Double): Path = Path().apply {
    for (k in 0 until corners) {
        val a = start + 2 * PI * k / corners
        val p = Offset(at.x + r * cos(a).toFloat(), at.y + r * sin(a).toFloat())
        if (k == 0) moveTo(p.x, p.y) else lineTo(p.x, p.y)
    }
    close()
}
