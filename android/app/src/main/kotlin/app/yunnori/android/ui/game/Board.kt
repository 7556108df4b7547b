package app.yunnori.android.ui.game

import androidx.compose.animation.core.Animatable
import androidx.compose.animation.core.LinearEasing
import androidx.compose.animation.core.RepeatMode
import androidx.compose.animation.core.animateFloat
import androidx.compose.animation.core.infiniteRepeatable
import androidx.compose.animation.core.rememberInfiniteTransition
import androidx.compose.animation.core.tween
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.detectTapGestures
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.offset
import androidx.compose.foundation.layout.size
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.CornerRadius
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.geometry.lerp
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.onClick
import androidx.compose.ui.semantics.role
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.SpanStyle
import androidx.compose.ui.text.TextMeasurer
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.buildAnnotatedString
import androidx.compose.ui.text.drawText
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.intl.Locale
import androidx.compose.ui.text.rememberTextMeasurer
import androidx.compose.ui.text.withStyle
import androidx.compose.ui.unit.IntOffset
import app.yunnori.android.R
import app.yunnori.android.ui.colourName
import app.yunnori.android.ui.colourOf
import app.yunnori.android.ui.percent
import app.yunnori.android.ui.spotText
import app.yunnori.android.ui.theme.DesignTokens
import app.yunnori.android.ui.theme.YutColours
import app.yunnori.core.BoardLayout
import app.yunnori.core.LegalMove
import app.yunnori.core.Spot
import app.yunnori.core.StackView
import app.yunnori.viewmodel.MoveShown
import app.yunnori.viewmodel.Selection
import kotlin.math.floor
import kotlin.math.min
import kotlin.math.roundToInt

/** How long a piece takes from one station to the next. */
const val MOVE_STEP_MS = 160

/** Where off-board spots are drawn, in the board's unit square (the start corner is at 1,1). */
private val HOME_AT = Offset(0.86f, 1.075f)
private val DONE_AT = Offset(1.075f, 0.86f)

/** A finger's reach around a spot, in the board's unit square. */
private const val REACH = 0.09f

private fun offBoardAt(spot: Spot): Offset = if (spot == Spot.Done) DONE_AT else HOME_AT

/** The board square inside the canvas: unit coordinates to pixels and back. */
private class BoardFrame(canvas: Size) {
    val side = min(canvas.width, canvas.height)
    val pad = side * 0.11f
    val span = side - 2 * pad
    val origin = Offset((canvas.width - side) / 2 + pad, (canvas.height - side) / 2 + pad)
    fun at(x: Float, y: Float) = Offset(origin.x + x * span, origin.y + y * span)
    fun at(p: Offset) = at(p.x, p.y)
    fun unit(p: Offset) = Offset((p.x - origin.x) / span, (p.y - origin.y) / span)
}

/**
 * The board, drawn from the core's station coordinates and lines: stations (corners and
 * the centre larger), the stacks as coloured discs with their sizes, the picked piece
 * and its destinations highlighted, a hint's piece and destination ringed in gold (with
 * the winning chance at each destination, to compare), and the last move travelling along
 * its path.
 * A tap on a station reports its id.
 */
@Composable
fun Board(
    board: BoardLayout,
    stacks: List<StackView>,
    selection: Selection?,
    movableFrom: List<Spot>,
    hint: LegalMove?,
    /** With a hint: the estimated winning chance after moving to each destination. */
    destinationChances: Map<Spot, Double>,
    lastMove: MoveShown?,
    turnColour: Color,
    /** Seat names by seat number, for what TalkBack says about each stack. */
    seatNames: Map<Int, String>,
    /** What has been animated already (kept by the screen across layout changes). */
    played: PlayedAnimations,
    /** A tap on a station, or on an off-board spot the picked piece may go to. */
    onTap: (Spot) -> Unit,
    modifier: Modifier = Modifier,
) {
    val stations = remember(board) { board.stations.associateBy { it.id } }
    val measurer = rememberTextMeasurer()
    val korean = Locale.current.language == "ko"
    val tap by rememberUpdatedState(onTap)
    // Off the board, only where the picked piece may go (home, or back off the board) answers a tap.
    val offBoard by rememberUpdatedState(
        selection?.destinations.orEmpty().map { it.to }.filter { it !is Spot.Station },
    )

    val pulse by rememberInfiniteTransition(label = "highlight").animateFloat(
        initialValue = 0.35f,
        targetValue = 1f,
        animationSpec = infiniteRepeatable(tween(700), RepeatMode.Reverse),
        label = "highlight-alpha",
    )
    // 0 → 1 along the last move's path; starts over for every new move.
    val travel = remember { Animatable(1f) }
    // A move plays once: not again when the screen comes back from the Rules screen or
    // the phone is turned.
    LaunchedEffect(lastMove?.seq) {
        val move = lastMove ?: return@LaunchedEffect
        if (move.seq == played.moveSeq) return@LaunchedEffect
        played.moveSeq = move.seq
        travel.snapTo(0f)
        travel.animateTo(1f, tween(durationMillis = maxOf(1, move.path.size * MOVE_STEP_MS), easing = LinearEasing))
    }

    BoxWithConstraints(modifier) {
        Canvas(
            Modifier.matchParentSize().pointerInput(stations) {
                detectTapGestures { p ->
                    val frame = BoardFrame(Size(size.width.toFloat(), size.height.toFloat()))
                    val u = frame.unit(p)
                    // The nearest spot within a generous finger's reach.
                    val spots = stations.values.map { Spot.Station(it.id) to Offset(it.x, it.y) } +
                        offBoard.map { it to offBoardAt(it) }
                    val hit = spots.minByOrNull { (_, at) -> (at - u).getDistanceSquared() }
                    if (hit != null && (hit.second - u).getDistanceSquared() < REACH * REACH) tap(hit.first)
                }
            },
        ) {
            val frame = BoardFrame(size)
            fun spotAt(spot: Spot): Offset = when (spot) {
                is Spot.Station -> stations[spot.id]?.let { frame.at(it.x, it.y) } ?: frame.at(HOME_AT)
                else -> frame.at(offBoardAt(spot))
            }
            val small = frame.span * 0.024f
            val large = frame.span * 0.04f

            // Paper and lines.
            drawRoundRect(
                color = YutColours.BoardPaper,
                topLeft = frame.at(-0.06f, -0.06f),
                size = Size(frame.span * 1.12f, frame.span * 1.12f),
                cornerRadius = CornerRadius(frame.span * 0.04f),
            )
            for (line in board.lines) {
                val a = stations[line.from] ?: continue
                val b = stations[line.to] ?: continue
                drawLine(YutColours.BoardInk, frame.at(a.x, a.y), frame.at(b.x, b.y), strokeWidth = frame.span * 0.006f)
            }
            for (s in board.stations) {
                val c = frame.at(s.x, s.y)
                val r = if (s.cornerOrCenter) large else small
                drawCircle(YutColours.BoardPaper, r, c)
                drawCircle(YutColours.BoardInk, r, c, style = Stroke(width = frame.span * 0.006f))
                if (s.id == board.startStation) drawCircle(YutColours.BoardInk, r * 0.55f, c, style = Stroke(frame.span * 0.004f))
                s.nameKorean?.let { name ->
                    // Hangul first; the romanisation small beside it where the screen is English.
                    val romanised = if (korean) null else s.nameEnglish
                    label(measurer, name, romanised, c + Offset(0f, r + frame.span * 0.012f), frame.origin.x, frame.origin.x + frame.span, frame.span)
                }
            }

            // Where the player may move from, and where the picked piece may go.
            for (from in movableFrom) {
                drawCircle(turnColour.copy(alpha = 0.25f + 0.35f * pulse), large * 1.35f, spotAt(from))
            }
            selection?.let { sel ->
                drawCircle(turnColour, large * 1.45f, spotAt(sel.from), style = Stroke(frame.span * 0.008f))
                for (d in sel.destinations) {
                    val ring = if (d.captures > 0) YutColours.Capture else turnColour
                    drawCircle(ring.copy(alpha = pulse), large * 1.25f, spotAt(d.to), style = Stroke(frame.span * 0.01f))
                }
            }
            hint?.let { h ->
                drawCircle(YutColours.Hint, large * 1.7f, spotAt(h.from), style = Stroke(frame.span * 0.006f))
                drawCircle(YutColours.Hint, large * 1.7f, spotAt(h.to), style = Stroke(frame.span * 0.012f))
            }
            for ((to, chance) in destinationChances) {
                val at = spotAt(to)
                chanceLabel(measurer, chance, at + Offset(0f, -large * 2.4f), frame.span)
            }

            // The stacks (on a safe station several sides may stand together: fan them out).
            val moving = lastMove?.takeIf { travel.value < 1f }
            val arriving = (moving?.path?.lastOrNull() as? Spot.Station)?.id
            stacks.groupBy { it.station }.forEach { (station, here) ->
                here.forEachIndexed { i, stack ->
                    if (station == arriving && i == here.lastIndex) return@forEachIndexed
                    val shift = Offset((i - (here.size - 1) / 2f) * large * 1.3f, 0f)
                    drawStack(stack, frame.at(stack.x, stack.y) + shift, large * 0.95f, measurer)
                }
            }

            // The piece in flight.
            if (moving != null) {
                val points = listOf(spotAt(moving.from)) + moving.path.map(::spotAt)
                val f = travel.value * (points.size - 1)
                val i = floor(f).toInt().coerceIn(0, points.size - 2)
                val p = if (points.size < 2) points.first() else lerp(points[i], points[i + 1], f - i)
                drawPiece(colourOf(moving.colour), moving.seat, p, large * 1.05f)
                if (moving.pieces > 1) count(measurer, moving.pieces, p, large)
            }
        }
        BoardTargets(
            frame = BoardFrame(Size(constraints.maxWidth.toFloat(), constraints.maxHeight.toFloat())),
            board = board,
            stacks = stacks,
            selection = selection,
            movableFrom = movableFrom,
            destinationChances = destinationChances,
            seatNames = seatNames,
            onTap = { tap(it) },
        )
    }
}

/**
 * What TalkBack reads and acts on, since a canvas has no parts of its own: an element over
 * each stack (its owners, size and station; a button when it can move) and over each
 * destination of the picked piece, on the board or off it (with the hint's winning chance).
 * They take no touches: a finger's tap goes through to the canvas below.
 */
@Composable
private fun BoardTargets(
    frame: BoardFrame,
    board: BoardLayout,
    stacks: List<StackView>,
    selection: Selection?,
    movableFrom: List<Spot>,
    destinationChances: Map<Spot, Double>,
    seatNames: Map<Int, String>,
    onTap: (Spot) -> Unit,
) {
    // A finger's reach, as the canvas's own tap test allows.
    val side = frame.span * REACH
    val sideDp = with(LocalDensity.current) { side.toDp() }

    @Composable
    fun Target(at: Offset, label: String, spot: Spot?) {
        val half = side / 2
        Box(
            Modifier
                .offset { IntOffset((at.x - half).roundToInt(), (at.y - half).roundToInt()) }
                .size(sideDp)
                .semantics {
                    contentDescription = label
                    if (spot != null) {
                        role = Role.Button
                        onClick { onTap(spot); true }
                    }
                },
        )
    }
    for (stack in stacks) {
        // Each owner by name and colour, so no one needs to tell the discs apart by eye.
        val owners = stack.counts.map { stringResource(R.string.seat_with_colour, seatNames[it.seat] ?: "", stringResource(colourName(it.colour))) }
            .joinToString(", ")
        val label = stringResource(R.string.board_stack, owners, stack.size, spotText(Spot.Station(stack.station), board))
        val movable = Spot.Station(stack.station) in movableFrom
        Target(frame.at(stack.x, stack.y), label, Spot.Station(stack.station).takeIf { movable })
    }
    for (d in selection?.destinations.orEmpty()) {
        val (place, at) = when (val to = d.to) {
            is Spot.Station -> {
                val station = board.stations.firstOrNull { it.id == to.id } ?: continue
                stringResource(R.string.board_move_to, spotText(to, board)) to Offset(station.x, station.y)
            }
            Spot.Done -> stringResource(R.string.board_exit) to DONE_AT
            Spot.Home -> stringResource(R.string.board_home) to HOME_AT
        }
        val label = destinationChances[d.to]?.let { place + ", " + stringResource(R.string.board_chance, percent(it)) } ?: place
        Target(frame.at(at), label, d.to)
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

/** A winning chance as a whole percentage on a small gold tag, centred at [at]. */
private fun DrawScope.chanceLabel(measurer: TextMeasurer, chance: Double, at: Offset, span: Float) {
    val style = TextStyle(color = YutColours.BoardInk, fontWeight = FontWeight.Bold, fontSize = (span / 34f).toSp())
    val layout = measurer.measure("${percent(chance)}%", style)
    val size = Size(layout.size.width + span * 0.016f, layout.size.height.toFloat())
    val topLeft = at - Offset(size.width / 2f, size.height / 2f)
    drawRoundRect(YutColours.Hint, topLeft, size, CornerRadius(size.height / 2f))
    drawText(layout, topLeft = topLeft + Offset(span * 0.008f, 0f))
}

/** One seat's piece: its colour and its shape ([drawSeatShape]). */
private fun DrawScope.drawPiece(colour: Color, seat: Int, at: Offset, radius: Float) {
    drawCircle(Color.Black.copy(alpha = 0.25f), radius, at + Offset(radius * 0.12f, radius * 0.15f))
    drawCircle(colour, radius, at)
    drawSeatShape(seat, at, radius)
    drawCircle(Color.White.copy(alpha = 0.6f), radius, at, style = Stroke(radius * 0.12f))
}

/** A stack: one disc, split into the colours of the seats it holds, with its size. */
private fun DrawScope.drawStack(stack: StackView, at: Offset, radius: Float, measurer: TextMeasurer) {
    val total = stack.counts.sumOf { it.count }.coerceAtLeast(1)
    if (stack.counts.size <= 1) {
        val only = stack.counts.firstOrNull()
        drawPiece(colourOf(only?.colour ?: "#000000"), only?.seat ?: 0, at, radius)
    } else {
        drawCircle(Color.Black.copy(alpha = 0.25f), radius, at + Offset(radius * 0.12f, radius * 0.15f))
        var start = -90f
        for (c in stack.counts) {
            val sweep = 360f * c.count / total
            drawArc(
                color = colourOf(c.colour),
                startAngle = start,
                sweepAngle = sweep,
                useCenter = true,
                topLeft = at - Offset(radius, radius),
                size = Size(radius * 2, radius * 2),
            )
            start += sweep
        }
        drawCircle(Color.White.copy(alpha = 0.6f), radius, at, style = Stroke(radius * 0.12f))
    }
    if (stack.size > 1) count(measurer, stack.size, at, radius)
}

/** A stack's size on a dark badge at the disc's upper right, clear of the seat's shape. */
private fun DrawScope.count(measurer: TextMeasurer, n: Int, at: Offset, radius: Float) {
    val style = TextStyle(color = Color.White, fontWeight = FontWeight.Bold, fontSize = (radius * 0.8f).toSp())
    val layout = measurer.measure(n.toString(), style)
    val badge = at + Offset(radius * 0.8f, -radius * 0.8f)
    drawCircle(Color.Black.copy(alpha = 0.75f), radius * 0.55f, badge)
    drawText(layout, topLeft = badge - Offset(layout.size.width / 2f, layout.size.height / 2f))
}
