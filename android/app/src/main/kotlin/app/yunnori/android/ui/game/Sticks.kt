package app.yunnori.android.ui.game

import androidx.compose.animation.core.Animatable
import androidx.compose.animation.core.LinearEasing
import androidx.compose.animation.core.tween
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.background
import androidx.compose.foundation.gestures.awaitEachGesture
import androidx.compose.foundation.gestures.awaitFirstDown
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clipToBounds
import androidx.compose.ui.geometry.CornerRadius
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.geometry.lerp
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.drawscope.withTransform
import androidx.compose.ui.hapticfeedback.HapticFeedbackType
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.input.pointer.util.VelocityTracker
import androidx.compose.ui.platform.LocalHapticFeedback
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.onClick
import androidx.compose.ui.semantics.role
import androidx.compose.ui.unit.dp
import app.yunnori.android.R
import app.yunnori.android.ui.label
import app.yunnori.android.ui.theme.YutColours
import app.yunnori.core.Gesture
import app.yunnori.core.StickPlan
import app.yunnori.viewmodel.Gestures
import app.yunnori.viewmodel.ThrowShown
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlin.math.PI
import kotlin.math.abs
import kotlin.math.atan2
import kotlin.math.cos
import kotlin.math.floor
import kotlin.math.hypot
import kotlin.math.sin

/** The stick mat's test tag, for UI tests to find it. */
const val STICK_MAT_TAG = "stick-mat"

/**
 * The mat the four sticks are thrown on. A swipe on it throws when [canThrow] (a plain
 * tap does not: a finger resting on the mat while the phone is passed round must not
 * throw; the Throw button and TalkBack's double-tap do). The mat takes every touch it
 * gets, so nothing around it scrolls or reacts to a swipe.
 * The last throw plays from the core's plan: each stick flies from its release point to
 * its resting place, turning over its half-turns, and lands on the face the core drew.
 * The phone ticks as each stick lands and thumps when the last one does.
 */
@Composable
fun StickMat(
    lastThrow: ThrowShown?,
    canThrow: Boolean,
    onThrow: (Gesture) -> Unit,
    /** What has been animated already (kept by the screen across layout changes). */
    played: PlayedAnimations,
    modifier: Modifier = Modifier,
) {
    val haptics = LocalHapticFeedback.current
    val enabled by rememberUpdatedState(canThrow)
    val throwNow by rememberUpdatedState(onThrow)
    // Milliseconds since the sticks left the hand.
    val clock = remember { Animatable(Float.MAX_VALUE) }
    // A throw plays once: not again when the screen comes back from the Rules screen or
    // the phone is turned. One already played shows where its sticks came to rest.
    LaunchedEffect(lastThrow?.seq) {
        val shown = lastThrow ?: return@LaunchedEffect
        if (shown.seq == played.throwSeq) {
            clock.snapTo(shown.plan.totalMs.toFloat())
            return@LaunchedEffect
        }
        played.throwSeq = shown.seq
        val total = shown.plan.totalMs.toInt().coerceAtLeast(1)
        clock.snapTo(0f)
        coroutineScope {
            for (stick in shown.plan.sticks) {
                launch {
                    delay(stick.flightMs.toLong())
                    haptics.performHapticFeedback(HapticFeedbackType.TextHandleMove)
                }
            }
            clock.animateTo(total.toFloat(), tween(durationMillis = total, easing = LinearEasing))
        }
        haptics.performHapticFeedback(HapticFeedbackType.LongPress)
    }
    val landed = lastThrow != null && clock.value >= lastThrow.plan.totalMs.toFloat()
    val resultText = lastThrow?.takeIf { landed }?.let { shown ->
        shown.result?.let { stringResource(it.label()) } ?: stringResource(R.string.throw_nak)
    }
    val voice = listOfNotNull(resultText, stringResource(R.string.game_throw_voice).takeIf { canThrow }).joinToString(". ")

    Box(
        modifier
            .testTag(STICK_MAT_TAG)
            // TalkBack: the result shown, and a double-tap throws as a tap on the mat does.
            .clearAndSetSemantics {
                contentDescription = voice
                if (canThrow) {
                    role = Role.Button
                    onClick { throwNow(Gestures.TAP); true }
                }
            }
            .clipToBounds()
            .background(YutColours.Mat, RoundedCornerShape(16.dp))
            .pointerInput(Unit) {
                awaitEachGesture {
                    val down = awaitFirstDown()
                    down.consume()
                    val tracker = VelocityTracker()
                    tracker.addPosition(down.uptimeMillis, down.position)
                    var last = down
                    while (true) {
                        val event = awaitPointerEvent()
                        val change = event.changes.firstOrNull { it.id == down.id } ?: break
                        tracker.addPosition(change.uptimeMillis, change.position)
                        // The swipe is the mat's alone: no list or page around it moves.
                        change.consume()
                        last = change
                        if (!change.pressed) break
                    }
                    if (!enabled) return@awaitEachGesture
                    val moved = last.position - down.position
                    // A tap (no real swipe) throws nothing.
                    if (moved.getDistance() >= viewConfiguration.touchSlop) {
                        val v = tracker.calculateVelocity()
                        throwNow(
                            Gesture(
                                directionRad = atan2(moved.y, moved.x),
                                // Pixels to points (dp) per second.
                                speed = hypot(v.x, v.y) / density,
                                durationMs = (last.uptimeMillis - down.uptimeMillis).coerceIn(1L, 10_000L).toUInt(),
                            ),
                        )
                    }
                }
            },
    ) {
        Canvas(Modifier.fillMaxSize()) {
            drawRoundRect(YutColours.MatEdge, style = Stroke(size.minDimension * 0.03f), cornerRadius = CornerRadius(16.dp.toPx()))
            val plan = lastThrow?.plan?.sticks
            if (plan == null) {
                restingSticks()
            } else {
                plan.forEach { stick -> drawStick(stick, clock.value) }
            }
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

/** Four sticks lying round side up, waiting. */
private fun DrawScope.restingSticks() {
    for (i in 0 until 4) {
        val c = Offset(size.width * (0.2f + 0.2f * i), size.height * 0.5f)
        stickShape(c, angle = (PI / 2).toFloat(), flatUp = false, marked = i == 0, widthScale = 1f, lift = 1f)
    }
}

/** One stick [ms] after the release, following its plan. */
private fun DrawScope.drawStick(plan: StickPlan, ms: Float) {
    val flight = plan.flightMs.toFloat().coerceAtLeast(1f)
    val t = (ms / flight).coerceIn(0f, 1f)
    // Fast out of the hand, settling at the end.
    val eased = 1f - (1f - t) * (1f - t) * (1f - t)
    val start = Offset(plan.startX * size.width, plan.startY * size.height)
    val end = Offset(plan.endX * size.width, plan.endY * size.height)
    val at = lerp(start, end, eased)
    val angle = plan.startAngle + (plan.endAngle - plan.startAngle) * eased
    // Turning about its long axis: the visible width follows the turn, and the face
    // shown flips at every half-turn, ending on the face the core drew.
    val turns = plan.halfTurns.toInt()
    val turned = floor(turns * t).toInt().coerceAtMost(turns)
    val flatUp = if ((turns - turned) % 2 == 0) plan.flatUp else !plan.flatUp
    val width = abs(cos(PI * turns * t)).toFloat().coerceAtLeast(0.15f)
    // Higher (larger) mid-flight.
    val lift = 1f + 0.35f * sin(PI * t).toFloat()
    val fade = if (plan.offMat && t >= 1f) 0.35f else 1f
    stickShape(at, angle, flatUp, plan.marked, width, lift, alpha = fade)
}

private fun DrawScope.stickShape(
    at: Offset,
    angle: Float,
    flatUp: Boolean,
    marked: Boolean,
    widthScale: Float,
    lift: Float,
    alpha: Float = 1f,
) {
    val length = size.minDimension * 0.62f * lift
    val thick = length * 0.16f
    withTransform({
        translate(at.x, at.y)
        rotate(degrees = Math.toDegrees(angle.toDouble()).toFloat(), pivot = Offset.Zero)
        scale(scaleX = 1f, scaleY = widthScale, pivot = Offset.Zero)
    }) {
        val topLeft = Offset(-length / 2, -thick / 2)
        val body = Size(length, thick)
        val corner = CornerRadius(thick / 2)
        drawRoundRect(Color.Black.copy(alpha = 0.25f * alpha), topLeft + Offset(thick * 0.15f, thick * 0.2f), body, corner)
        drawRoundRect((if (flatUp) YutColours.StickFlat else YutColours.StickRound).copy(alpha = alpha), topLeft, body, corner)
        if (flatUp) {
            if (marked) {
                // The Back-Do mark, on the flat side of stick 0.
                val m = thick * 0.3f
                drawLine(YutColours.StickGrain.copy(alpha = alpha), Offset(-m, -m), Offset(m, m), strokeWidth = thick * 0.12f)
                drawLine(YutColours.StickGrain.copy(alpha = alpha), Offset(-m, m), Offset(m, -m), strokeWidth = thick * 0.12f)
            }
        } else {
            // Grain along the rounded back.
            for (k in listOf(-0.18f, 0.18f)) {
                drawLine(
                    YutColours.StickGrain.copy(alpha = 0.6f * alpha),
                    Offset(-length * 0.4f, thick * k),
                    Offset(length * 0.4f, thick * k),
                    strokeWidth = thick * 0.06f,
                )
            }
        }
        drawRoundRect(YutColours.StickGrain.copy(alpha = alpha), topLeft, body, corner, style = Stroke(thick * 0.06f))
    }
}
