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
import app.yunnori.core.HandHold
import app.yunnori.core.Mat
import app.yunnori.core.MatLayout
import app.yunnori.core.Pose
import app.yunnori.core.Swipe
import app.yunnori.core.TableAction
import app.yunnori.core.ThrowPlayback
import app.yunnori.core.ThrowShown
import app.yunnori.core.flightPoses
import app.yunnori.core.handHold
import app.yunnori.core.handPoses
import app.yunnori.core.planFlight
import app.yunnori.core.waitingPoses
import app.yunnori.viewmodel.MatLayouts
import kotlinx.coroutines.delay

/** The stick mat's test tag, for UI tests to find it. */
const val STICK_MAT_TAG = "stick-mat"

/**
 * The mat the four sticks are thrown on, seen in perspective from the player's seat.
 *
 * A drag on it picks the sticks up: they follow the finger, held side by side under it
 * along the way it goes, as the core lays them out in the hand. While a throw is due, each
 * point of the drag goes to the core in the mat's own points (the finger seen at the height
 * the hand lets go), and the core makes the throw of it when the finger lets go: from where
 * it let go, as fast and in the direction it was going, spinning as its path was turning.
 * A plain tap throws nothing (a finger resting on the mat while the phone is passed round
 * must not throw); the Throw button and TalkBack's double-tap throw a tap
 * ([TableAction.ThrowTap]). The mat takes every touch it gets, so nothing around it scrolls.
 *
 * The last throw plays from its simulated flight, frame by frame at the display's rate,
 * over the time the core gives it, each stick with its shadow, out of the hand it left;
 * under Reduce Motion the sticks drop briefly onto where they come to rest. Where the
 * sticks are at each moment is the core's ([ThrowPlayback]); this only keeps the time.
 * Its result shows once the core has it (when the last stick settles).
 *
 * Every size drawn (the mat, its rim, the sticks, the hand's height and spacing) is the
 * core's [MatLayout] of the mat, asked once per size through [layouts].
 */
@Composable
fun StickMat(
    lastThrow: ThrowShown?,
    canThrow: Boolean,
    /** The drag's points, a tap's throw, the mat's size on screen as it changes. */
    onAction: (TableAction) -> Unit,
    /** What has been animated already (kept by the screen across layout changes). */
    played: PlayedAnimations,
    modifier: Modifier = Modifier,
    /** The core's layout of each mat size. */
    layouts: MatLayouts = MatLayouts.shared,
) {
    val enabled by rememberUpdatedState(canThrow)
    val actNow by rememberUpdatedState(onAction)
    val density = LocalDensity.current
    var mat by remember { mutableStateOf(LAID_OUT_BEFORE) }
    // How far the last throw has played: 0 at the release, 1 at rest.
    var progress by remember { mutableFloatStateOf(1f) }
    // The sticks in the hand (mat points): while dragging, and after the release until the
    // throw's flight arrives.
    var held by remember { mutableStateOf<Held?>(null) }
    // The hand that let go of the throw now flying: its sticks leave the hand from there.
    var letGo by remember { mutableStateOf<LetGo?>(null) }

    // A throw plays once: not again when the screen comes back from the Rules screen or
    // the phone is turned. One already played shows where its sticks came to rest.
    LaunchedEffect(lastThrow?.seq) {
        letGo = held?.takeIf { !it.down }?.let { hand -> lastThrow?.let { LetGo(it.seq.toLong(), hand.hold) } }
        held = null
        val shown = lastThrow ?: return@LaunchedEffect
        val seq = shown.seq.toLong()
        if (seq == played.throwSeq) {
            progress = 1f
            return@LaunchedEffect
        }
        played.throwSeq = seq
        val total = (shown.landsAtMs - shown.startedAtMs).toFloat()
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
    // The sticks of the throw now shown, out of the hand that let go of it (the core's playback).
    val playback = remember(lastThrow?.seq, letGo) {
        lastThrow?.let { shown -> ThrowPlayback(shown, letGo?.takeIf { it.seq == shown.seq.toLong() }?.hold) }
    }
    // Let go, but no throw came of it (refused): the sticks go back on the mat.
    LaunchedEffect(held) {
        if (held?.down == false) {
            delay(HOLD_AFTER_RELEASE_MS)
            held = null
        }
    }

    // The result shows once the core has it (the last stick settled) and the sticks
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
                    onClick { actNow(TableAction.ThrowTap); true }
                }
            }
            .clip(RoundedCornerShape(16.dp))
            .onSizeChanged {
                mat = with(density) { matFor(it.width.toDp().value, it.height.toDp().value) }
                actNow(TableAction.MatLaidOut(mat))
            }
            .pointerInput(layouts) {
                awaitEachGesture {
                    val down = awaitFirstDown()
                    down.consume()
                    // The mat as laid out when the finger came down, seen as the canvas draws it.
                    val camera = MatCamera(layouts.of(mat), size.width.toFloat(), size.height.toFloat())
                    // The drag is the core's to read while a throw is due when the finger comes down.
                    val throwing = enabled
                    fun send(at: Offset, ms: Long, action: (Double, Double, Double) -> TableAction) {
                        if (!throwing) return
                        val p = camera.toMat(at, camera.layout.releaseHeight) ?: return
                        actNow(action(p.x.toDouble(), p.y.toDouble(), ms.toDouble()))
                    }
                    send(down.position, down.uptimeMillis) { x, y, t -> TableAction.SwipeStart(x, y, t) }
                    val tracker = VelocityTracker()
                    tracker.addPosition(down.uptimeMillis, down.position)
                    var last = down
                    var dragging = false
                    while (true) {
                        val event = awaitPointerEvent()
                        val change = event.changes.firstOrNull { it.id == down.id } ?: break
                        tracker.addPosition(change.uptimeMillis, change.position)
                        // The swipe is the mat's alone: no list or page around it moves.
                        change.consume()
                        last = change
                        if (!change.pressed) break
                        send(change.position, change.uptimeMillis) { x, y, t -> TableAction.SwipeMove(x, y, t) }
                        if (!dragging && throwing && (change.position - down.position).getDistance() >= viewConfiguration.touchSlop) {
                            dragging = true
                        }
                        if (dragging) {
                            holdOver(camera, change.position, tracker.calculateVelocity())?.let { held = Held(it, down = true) }
                        }
                    }
                    send(last.position, last.uptimeMillis) { x, y, t -> TableAction.SwipeEnd(x, y, t) }
                    // Let go: the sticks lie along the finger's way until the throw's flight takes them.
                    held = if (dragging) holdOver(camera, last.position, tracker.calculateVelocity())?.let { Held(it, down = false) } else null
                }
            },
    ) {
        Canvas(Modifier.fillMaxSize()) {
            val scene = matScene(layouts, mat, held?.hold, lastThrow, progress, playback)
            drawMatScene(MatCamera(scene.layout, size.width, size.height), scene.sticks)
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

/** The sticks in the hand [hold]ing them; [down] false once the finger has let go. */
private data class Held(val hold: HandHold, val down: Boolean)

/** The hand that let go of throw [seq]. */
private data class LetGo(val seq: Long, val hold: HandHold)

/** How long the sticks stay at the release point waiting for the throw (one that is refused never comes). */
private const val HOLD_AFTER_RELEASE_MS = 1_500L

/** The mat a throw is drawn on before the screen has laid the mat out (points). */
private val LAID_OUT_BEFORE = Mat(320f, 200f)

/**
 * The sticks' hold under a finger at [at] (canvas pixels, seen through [camera]) moving at
 * [velocity] (pixels per second), as a swipe of the mat: the point of the mat over which
 * the finger holds the sticks, at the height the hand lets go, and the finger's velocity
 * carried onto the mat the same way. (The throw itself is the core's, from the drag's points.)
 */
internal fun swipeFrom(camera: MatCamera, at: Offset, velocity: Velocity, spin: Float): Swipe? {
    val height = camera.layout.releaseHeight
    val from = camera.toMat(at, height) ?: return null
    val dt = 0.02f
    val to = camera.toMat(at + Offset(velocity.x * dt, velocity.y * dt), height)
    val (vx, vy) = if (to == null) 0f to 0f else (to.x - from.x) / dt to (to.y - from.y) / dt
    return Swipe(camera.mat, from.x, from.y, vx, vy, spin)
}

/**
 * The sticks in a hand over canvas pixel [at] (seen through [camera]) moving at [velocity]
 * (pixels per second): as they would leave it, were it to let go there.
 */
internal fun holdOver(camera: MatCamera, at: Offset, velocity: Velocity): HandHold? =
    swipeFrom(camera, at, velocity, spin = 0f)?.let { handHold(it, camera.layout) }

/** What the mat shows at one moment: the core's layout of the mat drawn, and the sticks on or above it. */
internal class MatScene(val layout: MatLayout, val sticks: List<StickPose>)

/**
 * The mat's scene: while a [hand] holds the sticks, they are in it over the mat [laidOut];
 * else the last throw [shown] plays at [progress] (0–1) of its playback on its flight's mat,
 * where the core's [playback] of it has the sticks then; before any throw the sticks lie
 * waiting on [laidOut]. Every size is [layouts]' (the core's) for the mat drawn.
 */
internal fun matScene(
    layouts: MatLayouts,
    laidOut: Mat,
    hand: HandHold?,
    shown: ThrowShown?,
    progress: Float,
    playback: ThrowPlayback?,
): MatScene {
    if (hand == null && shown != null && playback != null) {
        val sticks = playback.sticksAt(progress * playback.durationMs()).map { StickPose(it.pose, it.marked, it.opacity) }
        return MatScene(layouts.of(shown.flight.mat), sticks)
    }
    val layout = layouts.of(laidOut)
    val sticks = if (hand != null) handPoses(layout, hand) else waitingPoses(layout)
    // Round side up: which one carries the Back-Do mark is seen only when they land.
    return MatScene(layout, sticks.map { StickPose(it, marked = false) })
}

/** The flight's sticks in [poses] (one per stick, in its order), each with its mark. */
private fun Flight.drawn(poses: List<Pose>): List<StickPose> = poses.zip(sticks) { pose, track -> StickPose(pose, track.marked) }

/** The sticks of [flight] at [atMs] after the release, as the mat draws them. */
@Composable
internal fun FlightFrame(flight: Flight, atMs: Float, modifier: Modifier = Modifier) {
    Canvas(modifier) {
        val camera = MatCamera(MatLayouts.shared.of(flight.mat), size.width, size.height)
        drawMatScene(camera, flight.drawn(flightPoses(flight, atMs)))
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
            onAction = {},
            played = remember { PlayedAnimations() },
            modifier = Modifier.fillMaxSize(),
        )
    }
}
