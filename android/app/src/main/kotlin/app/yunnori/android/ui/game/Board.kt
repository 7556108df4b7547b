package app.yunnori.android.ui.game

import androidx.compose.animation.core.Animatable
import androidx.compose.animation.core.FastOutSlowInEasing
import androidx.compose.animation.core.LinearEasing
import androidx.compose.animation.core.withInfiniteAnimationFrameNanos
import androidx.compose.animation.core.tween
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.detectTapGestures
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.offset
import androidx.compose.foundation.layout.size
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableFloatStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.CornerRadius
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.geometry.lerp
import androidx.compose.ui.graphics.Brush
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.drawscope.rotate
import androidx.compose.ui.graphics.graphicsLayer
import androidx.compose.ui.graphics.lerp
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.onClick
import androidx.compose.ui.semantics.role
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.TextMeasurer
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.drawText
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.intl.Locale
import androidx.compose.ui.text.rememberTextMeasurer
import androidx.compose.ui.tooling.preview.Preview
import androidx.compose.ui.unit.IntOffset
import app.yunnori.android.R
import app.yunnori.android.ui.colourName
import app.yunnori.android.ui.colourOf
import app.yunnori.android.ui.percent
import app.yunnori.android.ui.spotText
import app.yunnori.android.ui.theme.DesignTokens
import app.yunnori.android.ui.theme.YunnoriTheme
import app.yunnori.android.ui.theme.YutColours
import app.yunnori.core.BoardLayout
import app.yunnori.core.GameEvent
import app.yunnori.core.LegalMove
import app.yunnori.core.Route
import app.yunnori.core.SeatCount
import app.yunnori.core.Spot
import app.yunnori.core.StackView
import app.yunnori.core.boardLayout
import app.yunnori.core.Destination
import app.yunnori.core.MoveShown
import app.yunnori.core.Selection
import app.yunnori.viewmodel.SeatColour
import kotlin.math.PI
import kotlin.math.cos
import kotlin.math.floor
import kotlin.math.min
import kotlin.math.roundToInt
import kotlin.math.sin
import kotlin.random.Random

/** How long a piece takes from one station to the next (the design's hop). */
const val MOVE_STEP_MS = DesignTokens.Motion.HopMs.toInt()

/** Where off-board spots are drawn, in the board's unit square (the start corner is at 1,1). */
private val HOME_AT = Offset(0.86f, 1.075f)
private val DONE_AT = Offset(1.075f, 0.86f)

/** A finger's reach around a spot, in the board's unit square. */
private const val REACH = 0.09f

/** The lit spots' pulse: this many times from full to [PULSE_LOW] and back, [PULSE_MS] each way, then still. */
private const val PULSES = 3
private const val PULSE_LOW = 0.35f
private const val PULSE_MS = 700

/** The lit spots' brightness [ms] into their pulse: from full down to [PULSE_LOW] and back, eased. */
private fun pulseAt(ms: Float): Float {
    val phase = (ms % (2f * PULSE_MS)) / PULSE_MS
    val down = if (phase <= 1f) phase else 2f - phase
    return 1f - (1f - PULSE_LOW) * FastOutSlowInEasing.transform(down)
}

private fun offBoardAt(spot: Spot): Offset = if (spot == Spot.Done) DONE_AT else HOME_AT

/** The board square inside the canvas: unit coordinates to pixels and back. */
internal class BoardFrame(canvas: Size) {
    val side = min(canvas.width, canvas.height)
    val pad = side * 0.11f
    val span = side - 2 * pad
    val origin = Offset((canvas.width - side) / 2 + pad, (canvas.height - side) / 2 + pad)
    fun at(x: Float, y: Float) = Offset(origin.x + x * span, origin.y + y * span)
    fun at(p: Offset) = at(p.x, p.y)
    fun unit(p: Offset) = Offset((p.x - origin.x) / span, (p.y - origin.y) / span)
}

/** The board's motion, from the design's durations; a quarter as long under Reduce Motion. */
private class BoardMotion(reduce: Boolean) {
    private val factor = if (reduce) DesignTokens.Motion.ReducedFactor else 1f
    private fun ms(design: Long) = (design * factor).roundToInt().coerceAtLeast(1)
    val captureMs = ms(DesignTokens.Motion.CaptureMs)
    val snapMs = ms(DesignTokens.Motion.StackSnapMs)
    val turnMs = ms(DesignTokens.Motion.ShortcutTurnMs)
    val celebrationMs = ms(DesignTokens.Motion.CelebrationMs)
}

/**
 * The board as a 말판 on 한지, drawn from the core's station coordinates and lines: the
 * paper's fibres, ink-brush lines, the corners and the centre larger with their names,
 * arrows where pieces come in and where they go out; the pieces as 말 (tokens of the
 * seat's colour and mark, a stack as tokens piled up with its count); the pieces that may
 * move lit, the picked one's destinations lit with a ghost of it, a hint's piece and
 * destination ringed in gold (with the winning chance at each destination); and the last
 * move played out: the piece hops station by station, captured tokens fly back off the
 * board, a stack that forms snaps together and a shortcut turn flashes at its corner.
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
    /** The seat to act, whose mark the lit destinations show. */
    turnSeat: Int = 0,
    /** Each side's seats with their colours, to draw the tokens a capture sends back. */
    sideSeats: Map<Int, List<SeatCount>> = emptyMap(),
    reduceMotion: Boolean = false,
    /** Once the game is won: the winners' colours, for the celebration. */
    winnerColours: List<Color>? = null,
) {
    val stations = remember(board) { board.stations.associateBy { it.id } }
    val paper = remember { PaperGrain() }
    val arrows = remember(board) { entryAndExit(board) }
    val motion = BoardMotion(reduceMotion)
    val measurer = rememberTextMeasurer()
    val korean = Locale.current.language == "ko"
    val tap by rememberUpdatedState(onTap)
    // Off the board, only where the picked piece may go (home, or back off the board) answers a tap.
    val offBoard by rememberUpdatedState(
        selection?.destinations.orEmpty().map { it.to }.filter { it !is Spot.Station },
    )

    // The lit spots pulse a few times when they light up, then hold still: the screen stays
    // on while a game is open, and a board where nothing moves asks for no frame at all.
    // Under Reduce Motion they are lit without pulsing. The pulse is decoration that nothing
    // waits for, so it takes its frames as an endless animation does (a UI test's clock
    // does not wait on it).
    val pulseState = remember { mutableFloatStateOf(1f) }
    val pulse by pulseState
    val lit = movableFrom.isNotEmpty() || selection != null
    LaunchedEffect(movableFrom, selection, reduceMotion) {
        pulseState.floatValue = 1f
        if (!lit || reduceMotion) return@LaunchedEffect
        try {
            val start = withInfiniteAnimationFrameNanos { it }
            while (true) {
                val ms = (withInfiniteAnimationFrameNanos { it } - start) / 1_000_000f
                if (ms >= PULSES * 2 * PULSE_MS) break
                pulseState.floatValue = pulseAt(ms)
            }
        } finally {
            pulseState.floatValue = 1f
        }
    }
    // 0 → 1 along the last move's path, then 0 → 1 for what follows its landing (captured
    // tokens flying back, a stack snapping together, a turn); both start over for every
    // new move.
    val travel = remember { Animatable(1f) }
    val landing = remember { Animatable(1f) }
    val landingMs = lastMove?.let { landingMs(it, motion) } ?: 1
    // A move plays once: not again when the screen comes back from the Rules screen or
    // the phone is turned.
    LaunchedEffect(lastMove?.seq) {
        val move = lastMove ?: return@LaunchedEffect
        if (move.seq.toLong() == played.moveSeq) return@LaunchedEffect
        played.moveSeq = move.seq.toLong()
        travel.snapTo(0f)
        landing.snapTo(0f)
        // Station by station at the core's pace (none under Reduce Motion: the piece jumps).
        travel.animateTo(1f, tween(durationMillis = maxOf(1, move.path.size * move.stepMs.toInt()), easing = LinearEasing))
        landing.animateTo(1f, tween(durationMillis = landingMs(move, motion), easing = LinearEasing))
    }

    // A win bursts into paper confetti once (not again when the screen comes back).
    val celebration = remember { Animatable(1f) }
    val confetti = remember { Confetti() }
    LaunchedEffect(winnerColours != null) {
        if (winnerColours == null) return@LaunchedEffect
        val key = lastMove?.seq?.toLong() ?: 0L
        if (played.celebratedSeq == key) return@LaunchedEffect
        played.celebratedSeq = key
        celebration.snapTo(0f)
        celebration.animateTo(1f, tween(durationMillis = motion.celebrationMs, easing = LinearEasing))
    }

    BoxWithConstraints(modifier) {
        // The board itself changes only with its size: drawn in a layer of its own, so the
        // pieces' moves and the lit spots' pulse do not draw the paper again.
        Canvas(Modifier.matchParentSize().graphicsLayer()) {
            drawGround(BoardFrame(size), board, stations, paper, arrows, measurer, korean)
        }
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
            val large = frame.span * 0.04f
            val token = large * 0.95f

            // Where the player may move from, and where the picked piece may go (lit, with
            // a ghost of the piece standing there).
            for (from in movableFrom) {
                drawCircle(turnColour.copy(alpha = 0.2f + 0.35f * pulse), large * 1.45f, spotAt(from))
            }
            selection?.let { sel ->
                drawCircle(turnColour, large * 1.5f, spotAt(sel.from), style = Stroke(frame.span * 0.008f))
                for (d in sel.destinations) {
                    val ring = if (d.captures > 0) YutColours.Capture else turnColour
                    val at = spotAt(d.to)
                    drawCircle(ring.copy(alpha = 0.12f + 0.22f * pulse), large * 1.45f, at)
                    drawCircle(ring.copy(alpha = pulse), large * 1.3f, at, style = Stroke(frame.span * 0.01f))
                    drawToken(turnColour, turnSeat, at, token * 0.85f, alpha = 0.45f)
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
            val landed = lastMove?.takeIf { travel.value >= 1f && landing.value < 1f }
            val arriving = (moving?.path?.lastOrNull() as? Spot.Station)?.id
            val snapping = landed?.events?.filterIsInstance<GameEvent.Stacked>()?.firstOrNull()?.at
            val snapT = (landing.value * landingMs / motion.snapMs).coerceIn(0f, 1f)
            stacks.groupBy { it.station }.forEach { (station, here) ->
                here.forEachIndexed { i, stack ->
                    if (station == arriving && i == here.lastIndex) return@forEachIndexed
                    val shift = Offset((i - (here.size - 1) / 2f) * large * 1.3f, 0f)
                    // A stack that has just formed lands a little large and settles.
                    val scale = if (station == snapping && i == here.lastIndex) 1f + 0.25f * (1f - snapT) else 1f
                    drawStack(stack, frame.at(stack.x, stack.y) + shift, token * scale, measurer)
                }
            }

            // What a capture takes: standing where it was while the piece travels, then
            // flying back off the board to where pieces wait.
            val capturing = moving ?: landed
            capturing?.events?.filterIsInstance<GameEvent.Captured>()?.forEach { c ->
                val from = spotAt(Spot.Station(c.at))
                val looks = sideSeats[c.side].orEmpty().ifEmpty { listOf(SeatCount(0, "#000000", 1)) }
                val pieces = (0 until c.pieces).map { looks[it % looks.size] }
                if (moving != null) {
                    drawPile(pieces, from, token, measurer)
                } else {
                    val t = (landing.value * landingMs / motion.captureMs).coerceIn(0f, 1f)
                    pieces.forEachIndexed { k, look ->
                        // Each token leaves a moment after the one before it.
                        val e = easeOut(((t - k * 0.08f) / (1f - 0.08f * (pieces.size - 1).coerceAtLeast(0))).coerceIn(0f, 1f))
                        if (e >= 1f) return@forEachIndexed
                        val to = frame.at(HOME_AT)
                        val arc = Offset(0f, -sin(PI.toFloat() * e) * frame.span * 0.22f)
                        drawToken(colourOf(look.colour), look.seat, lerp(from, to, e) + arc, token * (1f - 0.35f * e), lift = 1f)
                    }
                }
            }

            // A shortcut taken at a corner or the centre: a ring of the mover's colour spreading
            // from it (the turn may have passed to the next seat already).
            landed?.events?.filterIsInstance<GameEvent.Turned>()?.forEach { turn ->
                val t = (landing.value * landingMs / motion.turnMs).coerceIn(0f, 1f)
                if (t < 1f) {
                    drawCircle(
                        colourOf(landed.colour).copy(alpha = 1f - t),
                        large * (1.2f + 1.4f * t),
                        spotAt(Spot.Station(turn.at)),
                        style = Stroke(frame.span * 0.012f),
                    )
                }
            }

            // The piece in flight, hopping from station to station.
            if (moving != null) {
                val points = listOf(spotAt(moving.from)) + moving.path.map(::spotAt)
                val f = travel.value * (points.size - 1)
                val i = floor(f).toInt().coerceIn(0, maxOf(0, points.size - 2))
                val hop = f - i
                val p = if (points.size < 2) points.first() else lerp(points[i], points[i + 1], hop)
                val lift = sin(PI.toFloat() * hop.coerceIn(0f, 1f))
                val look = SeatCount(moving.seat, moving.colour, moving.pieces)
                drawPile(List(moving.pieces.coerceAtLeast(1)) { look }, p, token * 1.05f, measurer, lift = lift)
            }

            if (winnerColours != null && celebration.value < 1f) {
                drawConfetti(frame, confetti, celebration.value, winnerColours + YutColours.Hint)
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

/** Paper confetti for a win: where each piece goes and how it turns, the same every time. */
private class Confetti {
    class Piece(val vx: Float, val vy: Float, val spin: Float, val size: Float, val colour: Int)

    val pieces: List<Piece> = Random(2024).let { rnd ->
        List(48) {
            val angle = -PI.toFloat() / 2 + (rnd.nextFloat() - 0.5f) * 2.2f
            val speed = 0.9f + 0.8f * rnd.nextFloat()
            Piece(cos(angle) * speed, sin(angle) * speed, (rnd.nextFloat() - 0.5f) * 1440f, 0.018f + 0.014f * rnd.nextFloat(), it)
        }
    }
}

/**
 * The confetti at [t] (0–1 of the celebration): thrown up from the centre (방), falling
 * back under gravity, turning, fading out over the last third; in [colours] by turns.
 */
private fun DrawScope.drawConfetti(frame: BoardFrame, confetti: Confetti, t: Float, colours: List<Color>) {
    val fade = ((1f - t) / 0.33f).coerceIn(0f, 1f)
    for (p in confetti.pieces) {
        val x = 0.5f + p.vx * t * 0.6f
        val y = 0.5f + p.vy * t * 0.6f + 1.6f * t * t
        val at = frame.at(x, y)
        val w = p.size * frame.span
        rotate(p.spin * t, at) {
            drawRect(colours[p.colour % colours.size].copy(alpha = fade), at - Offset(w / 2, w * 0.3f), Size(w, w * 0.6f))
        }
    }
}

/** How long what follows a move's landing takes (the longest of its parts). */
private fun landingMs(move: MoveShown, motion: BoardMotion): Int = maxOf(
    1,
    if (move.events.any { it is GameEvent.Captured }) motion.captureMs else 0,
    if (move.events.any { it is GameEvent.Stacked }) motion.snapMs else 0,
    if (move.events.any { it is GameEvent.Turned }) motion.turnMs else 0,
)

private fun easeOut(t: Float): Float = 1f - (1f - t) * (1f - t)

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

/** A winning chance as a whole percentage on a small gold tag, centred at [at]. */
private fun DrawScope.chanceLabel(measurer: TextMeasurer, chance: Double, at: Offset, span: Float) {
    val style = TextStyle(color = YutColours.BoardInk, fontWeight = FontWeight.Bold, fontSize = (span / 34f).toSp())
    val layout = measurer.measure("${percent(chance)}%", style)
    val size = Size(layout.size.width + span * 0.016f, layout.size.height.toFloat())
    val topLeft = at - Offset(size.width / 2f, size.height / 2f)
    drawRoundRect(YutColours.Hint, topLeft, size, CornerRadius(size.height / 2f))
    drawText(layout, topLeft = topLeft + Offset(span * 0.008f, 0f))
}

/**
 * One 말: a token of the seat's colour, lit from the upper left, with its thickness below
 * it, a rim, and the seat's own mark ([drawSeatShape]); [lift] (0–1) raises it off the
 * board, its shadow falling further and fainter.
 */
internal fun DrawScope.drawToken(colour: Color, seat: Int, at: Offset, radius: Float, alpha: Float = 1f, lift: Float = 0f) {
    val raised = at - Offset(0f, radius * 0.9f * lift)
    drawCircle(
        Color.Black.copy(alpha = alpha * (0.3f - 0.15f * lift)),
        radius * (1f + 0.1f * lift),
        at + Offset(radius * (0.1f + 0.25f * lift), radius * (0.2f + 0.2f * lift)),
    )
    val edge = lerp(colour, Color.Black, 0.35f)
    drawCircle(edge.copy(alpha = alpha), radius, raised + Offset(0f, radius * 0.16f))
    drawCircle(
        Brush.radialGradient(
            listOf(lerp(colour, Color.White, 0.35f).copy(alpha = alpha), colour.copy(alpha = alpha)),
            center = raised - Offset(radius * 0.35f, radius * 0.4f),
            radius = radius * 1.3f,
        ),
        radius,
        raised,
    )
    drawCircle(edge.copy(alpha = alpha), radius, raised, style = Stroke(radius * 0.1f))
    drawSeatShape(seat, raised, radius, alpha)
}

/**
 * A stack as a pile of tokens (the bottom one first; at most four drawn) with its size on
 * a badge when it holds more than one: [pieces] gives each token's seat and colour.
 */
private fun DrawScope.drawPile(pieces: List<SeatCount>, at: Offset, radius: Float, measurer: TextMeasurer, lift: Float = 0f) {
    if (pieces.isEmpty()) return
    val shown = pieces.takeLast(4)
    val step = radius * 0.32f
    // The pile stands centred on its station.
    val base = at + Offset(0f, step * (shown.size - 1) / 2f)
    shown.forEachIndexed { k, look ->
        drawToken(colourOf(look.colour), look.seat, base - Offset(0f, step * k), radius, lift = lift)
    }
    if (pieces.size > 1) {
        val top = base - Offset(0f, step * (shown.size - 1) + radius * 0.9f * lift)
        count(measurer, pieces.size, top, radius)
    }
}

/** A stack: its tokens piled up, each in its owner's colour and mark. */
private fun DrawScope.drawStack(stack: StackView, at: Offset, radius: Float, measurer: TextMeasurer) {
    val pieces = stack.counts.flatMap { c -> List(c.count.coerceAtLeast(0)) { c } }
        .ifEmpty { listOf(SeatCount(0, "#000000", 1)) }
    drawPile(pieces, at, radius, measurer)
}

/** A stack's size on a dark badge at the disc's upper right, clear of the seat's shape. */
private fun DrawScope.count(measurer: TextMeasurer, n: Int, at: Offset, radius: Float) {
    val style = TextStyle(color = Color.White, fontWeight = FontWeight.Bold, fontSize = (radius * 0.8f).toSp())
    val layout = measurer.measure(n.toString(), style)
    val badge = at + Offset(radius * 0.8f, -radius * 0.8f)
    drawCircle(Color.Black.copy(alpha = 0.75f), radius * 0.55f, badge)
    drawText(layout, topLeft = badge - Offset(layout.size.width / 2f, layout.size.height / 2f))
}

/**
 * A position to look at, on the core's own board: red's stack of two picked on station 3
 * (its destinations lit, one of them a capture), a red piece on M1, blue's single piece on
 * station 8 and its stack of three on 13; and the move that follows: red's pair runs to
 * station 8 and sends blue's piece back. The previews draw it, the screen tests too.
 */
internal object BoardSample {
    val board: BoardLayout by lazy { boardLayout() }
    private val red = SeatColour.RED.hex
    private val blue = SeatColour.BLUE.hex
    val sideSeats = mapOf(0 to listOf(SeatCount(0, red, 1)), 1 to listOf(SeatCount(1, blue, 1)))
    val redColour get() = colourOf(red)
    val blueColour get() = colourOf(blue)

    fun stack(station: String, side: Int, size: Int): StackView {
        val s = board.stations.first { it.id == station }
        val colour = if (side == 0) red else blue
        return StackView(side, station, s.x, s.y, Route.OUTER, null, size, listOf(SeatCount(side, colour, size)))
    }

    /** Before the move: red to play, its stack on 3 picked. */
    val before: List<StackView> get() = listOf(stack("3", 0, 2), stack("M1", 0, 1), stack("8", 1, 1), stack("13", 1, 3))
    val selection = Selection(
        from = Spot.Station("3"),
        destinations = listOf(Destination(Spot.Station("5"), listOf(0u), 0, null), Destination(Spot.Station("8"), listOf(1u), 1, null)),
    )
    val movableFrom = listOf(Spot.Station("3"), Spot.Station("M1"), Spot.Home)

    /** After it: red's pair on 8, blue's piece gone from there. */
    val after: List<StackView> get() = listOf(stack("8", 0, 2), stack("M1", 0, 1), stack("13", 1, 3))
    val capture = redPairFrom3(seq = 1, to = 8, GameEvent.Captured(at = "8", side = 1, pieces = 1))

    /** Red's pair on 3 moving on to station [to], with what happened as it landed. */
    private fun redPairFrom3(seq: Long, to: Int, event: GameEvent): MoveShown {
        val path = (4..to).map { Spot.Station("$it") }
        return MoveShown(
            seq = seq.toULong(),
            seat = 0,
            colour = red,
            from = Spot.Station("3"),
            path = path,
            points = emptyList(),
            pieces = 2,
            captured = (event as? GameEvent.Captured)?.pieces ?: 0,
            events = listOf(event),
            byBot = false,
            startedAtMs = 0uL,
            stepMs = MOVE_STEP_MS.toUInt(),
            landsAtMs = (MOVE_STEP_MS.toLong() * path.size).toULong(),
        )
    }

    /** Red's pair stopped on 모 (station 5) and turned onto the diagonal there. */
    val turnedStacks: List<StackView> get() = listOf(stack("5", 0, 2), stack("M1", 0, 1), stack("8", 1, 1), stack("13", 1, 3))
    val turned = redPairFrom3(seq = 2, to = 5, GameEvent.Turned(at = "5", route = Route.MO))

    /** Red's pair landed on its own piece on 8: a stack of three formed there. */
    val joinedStacks: List<StackView> get() = listOf(stack("8", 0, 3), stack("13", 1, 3))
    val joined = redPairFrom3(seq = 3, to = 8, GameEvent.Stacked(at = "8", pieces = 3))
}

/**
 * The sample position's board on the theme's ground, as the previews and the screen tests
 * draw it: [lastMove] played out if given (its pieces then not lit), a win's confetti
 * with [winners].
 */
@Composable
internal fun SampleBoard(
    stacks: List<StackView> = BoardSample.before,
    selection: Selection? = BoardSample.selection,
    lastMove: MoveShown? = null,
    reduceMotion: Boolean = false,
    winners: List<Color>? = null,
) {
    YunnoriTheme {
        Surface(Modifier.fillMaxSize(), color = MaterialTheme.colorScheme.background) {
            Board(
                board = BoardSample.board,
                stacks = stacks,
                selection = selection,
                movableFrom = if (lastMove == null) BoardSample.movableFrom else emptyList(),
                hint = null,
                destinationChances = emptyMap(),
                // As the core shows a move under Reduce Motion: the piece jumps.
                lastMove = lastMove?.let { if (reduceMotion) it.copy(stepMs = 0u) else it },
                turnColour = BoardSample.redColour,
                seatNames = mapOf(0 to "Ana", 1 to "Bo"),
                played = PlayedAnimations(),
                onTap = {},
                sideSeats = BoardSample.sideSeats,
                modifier = Modifier.fillMaxSize(),
                reduceMotion = reduceMotion,
                winnerColours = winners,
            )
        }
    }
}

/** The sample position with red's stack picked. */
@Preview(widthDp = 412, heightDp = 412)
@Composable
internal fun BoardPreview() = SampleBoard()
