package app.yunnori.android.ui.game

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.awaitEachGesture
import androidx.compose.foundation.gestures.awaitFirstDown
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableFloatStateOf
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.runtime.setValue
import androidx.compose.runtime.withFrameNanos
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clip
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.input.pointer.util.VelocityTracker
import androidx.compose.ui.layout.onSizeChanged
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.onClick
import androidx.compose.ui.semantics.role
import androidx.compose.ui.tooling.preview.Preview
import androidx.compose.ui.unit.Velocity
import androidx.compose.ui.unit.dp
import app.yunnori.android.R
import app.yunnori.android.ui.label
import app.yunnori.android.ui.theme.YunnoriTheme
import app.yunnori.core.Flight
import app.yunnori.core.Mat
import app.yunnori.core.Pose
import app.yunnori.core.StickSize
import app.yunnori.core.Swipe
import app.yunnori.core.planFlight
import app.yunnori.viewmodel.DEFAULT_MAT
import app.yunnori.viewmodel.ThrowMotion
import app.yunnori.viewmodel.ThrowShown
import kotlinx.coroutines.delay
import kotlin.math.PI
import kotlin.math.atan2
import kotlin.math.min

/** The stick mat's test tag, for UI tests to find it. */
const val STICK_MAT_TAG = "stick-mat"

/**
 * The mat the four sticks are thrown on, seen in perspective from the player's seat.
 *
 * A drag on it picks the sticks up: they follow the finger, bundled under it, and leave
 * from where it lets go, as fast and in the direction it was going over the last tenth of a
 * second, spinning as the path was turning ([onThrow] gets that [Swipe], in the mat's
 * points). A plain tap throws nothing (a finger resting on the mat while the phone is
 * passed round must not throw); the Throw button and TalkBack's double-tap throw a tap
 * (`onThrow(null)`). The mat takes every touch it gets, so nothing around it scrolls.
 *
 * The last throw plays from its simulated flight, frame by frame at the display's rate,
 * each stick with its shadow; under Reduce Motion the sticks drop briefly onto where they
 * come to rest. Its result shows once the view model has it (when the last stick settles).
 */
@Composable
fun StickMat(
    lastThrow: ThrowShown?,
    canThrow: Boolean,
    onThrow: (Swipe?) -> Unit,
    /** The mat's size on screen, in points, as it changes: taps and bots throw onto it. */
    onLaidOut: (Mat) -> Unit,
    /** What has been animated already (kept by the screen across layout changes). */
    played: PlayedAnimations,
    modifier: Modifier = Modifier,
) {
    val enabled by rememberUpdatedState(canThrow)
    val throwNow by rememberUpdatedState(onThrow)
    val laidOutNow by rememberUpdatedState(onLaidOut)
    val density = LocalDensity.current
    var mat by remember { mutableStateOf(DEFAULT_MAT) }
    // How far the last throw has played: 0 at the release, 1 at rest.
    var progress by remember { mutableFloatStateOf(1f) }
    // The bundle under the finger (canvas pixels): while dragging, and after the release
    // until the throw's flight arrives.
    var held by remember { mutableStateOf<Held?>(null) }
    // Where the finger let go of the throw now flying (canvas pixels): its sticks leave the hand from there.
    var letGo by remember { mutableStateOf<Offset?>(null) }

    // A throw plays once: not again when the screen comes back from the Rules screen or
    // the phone is turned. One already played shows where its sticks came to rest.
    LaunchedEffect(lastThrow?.seq) {
        letGo = held?.takeIf { !it.down }?.at
        held = null
        val shown = lastThrow ?: return@LaunchedEffect
        if (shown.seq == played.throwSeq) {
            progress = 1f
            return@LaunchedEffect
        }
        played.throwSeq = shown.seq
        val total = shown.playMs.toFloat()
        if (total <= 0f) {
            progress = 1f
            return@LaunchedEffect
        }
        progress = 0f
        val start = withFrameNanos { it }
        while (progress < 1f) {
            val now = withFrameNanos { it }
            progress = ((now - start) / 1_000_000f / total).coerceIn(0f, 1f)
        }
    }
    // Let go, but no throw came of it (refused): the sticks go back on the mat.
    LaunchedEffect(held) {
        if (held?.down == false) {
            delay(HOLD_AFTER_RELEASE_MS)
            held = null
        }
    }

    // The result shows once the view model has it (the last stick settled) and the sticks
    // on screen have come to rest too.
    val outcome = lastThrow?.outcome?.takeIf { progress >= 1f }
    val resultText = outcome?.let { o -> o.result?.let { stringResource(it.label()) } ?: stringResource(R.string.throw_nak) }
    val voice = listOfNotNull(
        stringResource(R.string.game_sticks_flying).takeIf { lastThrow != null && outcome == null },
        resultText,
        stringResource(R.string.game_throw_voice).takeIf { canThrow },
    ).joinToString(". ")

    Box(
        modifier
            .testTag(STICK_MAT_TAG)
            // TalkBack: the result shown, and a double-tap throws as the Throw button does.
            .clearAndSetSemantics {
                contentDescription = voice
                if (canThrow) {
                    role = Role.Button
                    onClick { throwNow(null); true }
                }
            }
            .clip(RoundedCornerShape(16.dp))
            .onSizeChanged {
                mat = with(density) { matFor(it.width.toDp().value, it.height.toDp().value) }
                laidOutNow(mat)
            }
            .pointerInput(Unit) {
                awaitEachGesture {
                    val down = awaitFirstDown()
                    down.consume()
                    val tracker = VelocityTracker()
                    tracker.addPosition(down.uptimeMillis, down.position)
                    val path = ArrayDeque<PathSample>()
                    path.addLast(PathSample(down.uptimeMillis, down.position))
                    var last = down
                    var dragging = false
                    while (true) {
                        val event = awaitPointerEvent()
                        val change = event.changes.firstOrNull { it.id == down.id } ?: break
                        tracker.addPosition(change.uptimeMillis, change.position)
                        path.addLast(PathSample(change.uptimeMillis, change.position))
                        while (path.size > 2 && change.uptimeMillis - path.first().atMs > SPIN_WINDOW_MS) path.removeFirst()
                        // The swipe is the mat's alone: no list or page around it moves.
                        change.consume()
                        last = change
                        if (!dragging && enabled && (change.position - down.position).getDistance() >= viewConfiguration.touchSlop) {
                            dragging = true
                        }
                        if (dragging) held = Held(change.position, down = change.pressed)
                        if (!change.pressed) break
                    }
                    // A tap (no real drag) throws nothing.
                    if (!dragging || !enabled) {
                        held = null
                        return@awaitEachGesture
                    }
                    val camera = MatCamera(mat, size.width.toFloat(), size.height.toFloat())
                    val swipe = swipeFrom(camera, last.position, tracker.calculateVelocity(), turningRate(path.toList()))
                    if (swipe == null) {
                        held = null
                    } else {
                        throwNow(swipe)
                    }
                }
            },
    ) {
        Canvas(Modifier.fillMaxSize()) {
            val flight = lastThrow?.flight
            val hand = held
            val sceneMat = if (hand != null || flight == null) mat else flight.mat
            val stickSize = flight?.size?.takeIf { hand == null } ?: stickSizeFor(sceneMat)
            val camera = MatCamera(sceneMat, size.width, size.height, rim = stickSize.rim)
            val sticks = when {
                hand != null -> bundle(camera, hand.at, stickSize)
                lastThrow != null && flight != null -> {
                    val flying = sticksOf(lastThrow, progress)
                    val from = letGo
                    val sinceRelease = progress * lastThrow.playMs
                    if (from == null || lastThrow.motion != ThrowMotion.FLIGHT || sinceRelease >= LEAVE_HAND_MS) {
                        flying
                    } else {
                        // Out of the hand: from the bundle under the finger into the flight.
                        val t = sinceRelease / LEAVE_HAND_MS
                        bundle(camera, from, stickSize).zip(flying) { h, f -> f.copy(pose = lerpPose(h.pose, f.pose, t * t * (3 - 2 * t))) }
                    }
                }
                else -> restingSticks(sceneMat, stickSize)
            }
            drawMatScene(camera, stickSize, sticks)
        }
        // The last result stays on top until the next throw; the invitation to throw shows
        // below it whenever a throw is due (also when the phone has just been passed on).
        if (resultText != null) {
            Text(
                text = resultText,
                style = MaterialTheme.typography.headlineMedium,
                color = Color.White,
                modifier = Modifier.align(Alignment.TopCenter).padding(8.dp),
            )
        }
        if (canThrow) {
            Text(
                text = stringResource(R.string.game_swipe_hint),
                style = MaterialTheme.typography.titleMedium,
                color = Color.White.copy(alpha = 0.85f),
                modifier = Modifier.align(Alignment.BottomCenter).padding(8.dp),
            )
        }
    }
}

/** The sticks under the finger at [at] (canvas pixels); [down] false once it has let go. */
private data class Held(val at: Offset, val down: Boolean)

/** One point of the drag's path. */
internal data class PathSample(val atMs: Long, val at: Offset)

/**
 * How long the sticks take to leave the bundle in the hand for their own tracks: the core
 * lays them out in the hand a little differently (and its gentle fallback toss starts from
 * the middle of the mat), so they blend from one into the other.
 */
private const val LEAVE_HAND_MS = 150f

/** How long the sticks stay at the release point waiting for the throw (one that is refused never comes). */
private const val HOLD_AFTER_RELEASE_MS = 1_500L

/** The end of the drag read for its turning (spin). */
private const val SPIN_WINDOW_MS = 100L

/**
 * The throw a drag makes: let go at [at] (canvas pixels, seen through [camera]) with
 * [velocity] (pixels per second), its path turning at [spin] radians per second. The
 * release point is the point of the mat over which the finger held the sticks, at the
 * height the hand lets go; the velocity is the finger's, carried onto the mat the same way.
 */
internal fun swipeFrom(camera: MatCamera, at: Offset, velocity: Velocity, spin: Float): Swipe? {
    val height = MatCamera.releaseHeightFor(camera.mat)
    val from = camera.toMat(at, height) ?: return null
    val dt = 0.02f
    val to = camera.toMat(at + Offset(velocity.x * dt, velocity.y * dt), height)
    val (vx, vy) = if (to == null) 0f to 0f else (to.x - from.x) / dt to (to.y - from.y) / dt
    return Swipe(camera.mat, from.x, from.y, vx, vy, spin.coerceIn(-MAX_SPIN, MAX_SPIN))
}

/** Turning faster than this is a scribble, not a throw. */
private const val MAX_SPIN = 20f

/**
 * How fast the drag's direction was turning over [path] (its last tenth of a second), in
 * radians per second, positive clockwise on screen (y grows downwards). Steps too short to
 * have a direction are skipped.
 */
internal fun turningRate(path: List<PathSample>): Float {
    val headings = path.zipWithNext()
        .filter { (a, b) -> (b.at - a.at).getDistance() >= 2f && b.atMs > a.atMs }
        .map { (a, b) -> (a.atMs + b.atMs) / 2.0 to atan2(b.at.y - a.at.y, b.at.x - a.at.x) }
    if (headings.size < 2) return 0f
    var turned = 0f
    for ((p, q) in headings.zipWithNext()) {
        var d = q.second - p.second
        while (d > PI) d -= (2 * PI).toFloat()
        while (d < -PI) d += (2 * PI).toFloat()
        turned += d
    }
    val seconds = (headings.last().first - headings.first().first) / 1000.0
    return if (seconds <= 0.0) 0f else (turned / seconds).toFloat()
}

/** The sticks' size on [mat] as the core makes them: 15 × 3.4 cm, 1.6 cm deep, on a 72 cm mat. */
internal fun stickSizeFor(mat: Mat): StickSize {
    val scale = min(mat.width, mat.height) / 0.72f
    return StickSize(length = 0.15f * scale, width = 0.034f * scale, thickness = 0.016f * scale, rim = 0.03f * scale)
}

private val FLAT_DOWN = Triple(0f, 0f, -1f)

private fun pose(x: Float, y: Float, z: Float, axis: Triple<Float, Float, Float>, normal: Triple<Float, Float, Float> = FLAT_DOWN) =
    Pose(x, y, z, axis.first, axis.second, axis.third, normal.first, normal.second, normal.third)

/** Four sticks lying round side up side by side in the middle of the mat, waiting. */
private fun restingSticks(mat: Mat, size: StickSize): List<StickPose> = (0 until 4).map { i ->
    StickPose(pose(mat.width / 2 + (i - 1.5f) * size.width * 1.6f, mat.height * 0.55f, 0f, Triple(0f, 1f, 0f)), marked = i == 0)
}

/** The four sticks in the hand at canvas pixel [at]: across the mat, one behind the other, round side up. */
private fun bundle(camera: MatCamera, at: Offset, size: StickSize): List<StickPose> {
    val height = MatCamera.releaseHeightFor(camera.mat)
    val centre = camera.toMat(at, height) ?: Offset(camera.mat.width / 2, camera.mat.height / 2)
    return (0 until 4).map { i ->
        val z = height + size.thickness * 0.4f * (i % 2)
        StickPose(pose(centre.x, centre.y + (i - 1.5f) * size.width * 1.15f, z, Triple(1f, 0f, 0f)), marked = i == 0)
    }
}

/** The sticks of [shown] at [progress] (0–1) of its playback. */
private fun sticksOf(shown: ThrowShown, progress: Float): List<StickPose> {
    val flight = shown.flight
    val fps = flight.fps.toInt().coerceAtLeast(1)
    return flight.sticks.mapNotNull { track ->
        when (shown.motion) {
            ThrowMotion.FLIGHT -> track.frames.at(progress * flight.endMs.toFloat(), fps)?.let { StickPose(it, track.marked) }
            ThrowMotion.DROP -> track.frames.lastOrNull()?.let { rest ->
                // A short fall onto where it comes to rest, fading in.
                val lift = flight.size.length * 0.5f * (1f - progress * progress)
                StickPose(rest.copy(z = rest.z + lift), track.marked, alpha = 0.4f + 0.6f * progress)
            }
        }
    }
}

/** The sticks of [flight] at [atMs] after the release, as the mat draws them. */
@Composable
internal fun FlightFrame(flight: Flight, atMs: Float, modifier: Modifier = Modifier) {
    Canvas(modifier) {
        val camera = MatCamera(flight.mat, size.width, size.height, rim = flight.size.rim)
        val fps = flight.fps.toInt().coerceAtLeast(1)
        val sticks = flight.sticks.mapNotNull { t -> t.frames.at(atMs, fps)?.let { StickPose(it, t.marked) } }
        drawMatScene(camera, flight.size, sticks)
    }
}

/** A flight for the previews: a flick up and to the right, landing on Gae with the marked stick flat up. */
internal fun sampleFlight(mat: Mat = Mat(280f, 170f)): Flight = planFlight(
    swipe = Swipe(mat, releaseX = mat.width * 0.35f, releaseY = mat.height * 0.75f, velocityX = 260f, velocityY = -520f, spin = 1.5f),
    sticks = listOf(true, false, true, false),
    nak = false,
    salt = 3uL,
)

/** A throw in the air, a fifth of a second after the release, and the same throw at rest. */
@Preview(widthDp = 300, heightDp = 380)
@Composable
internal fun StickMatFlightPreview() {
    val flight = remember { sampleFlight() }
    YunnoriTheme {
        Column {
            Box(Modifier.size(280.dp, 170.dp).clip(RoundedCornerShape(16.dp))) { FlightFrame(flight, atMs = 200f, Modifier.fillMaxSize()) }
            Box(Modifier.size(280.dp, 170.dp).padding(top = 8.dp).clip(RoundedCornerShape(16.dp))) {
                FlightFrame(flight, atMs = flight.endMs.toFloat(), Modifier.fillMaxSize())
            }
        }
    }
}

/** The mat before the first throw, inviting one. */
@Preview(widthDp = 280, heightDp = 170)
@Composable
internal fun StickMatPreview() {
    YunnoriTheme {
        StickMat(
            lastThrow = null,
            canThrow = true,
            onThrow = {},
            onLaidOut = {},
            played = remember { PlayedAnimations() },
            modifier = Modifier.fillMaxSize(),
        )
    }
}
