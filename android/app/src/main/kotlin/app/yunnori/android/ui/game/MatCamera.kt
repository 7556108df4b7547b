package app.yunnori.android.ui.game

import androidx.compose.ui.geometry.Offset
import app.yunnori.core.Mat
import app.yunnori.core.MatLayout
import kotlin.math.cos
import kotlin.math.max
import kotlin.math.min
import kotlin.math.sin

/**
 * The camera the stick mat is seen through: above the mat and in front of it (on the
 * player's side), tilted [TILT] from looking straight down, so the far edge of the mat is a
 * little narrower than the near one and a stick high in the air looks larger and stands
 * higher on screen. It is fitted to a canvas of [width] × [height] pixels so that the mat of
 * [layout] with its raised rim (as high and wide as the core's [MatLayout.size] says) and a
 * margin of floor around it fill it. Every size of the mat's world comes from [layout].
 *
 * The mat's points (the flight's units, and the swipe's) go to canvas pixels through
 * [project]; a finger's pixel comes back to the mat, at a given height, through [toMat].
 */
internal class MatCamera(val layout: MatLayout, val width: Float, val height: Float) {
    val mat: Mat get() = layout.mat
    val rim: Float get() = layout.size.rim
    private val forward = Vec3(0f, -sin(TILT), -cos(TILT))
    private val right = Vec3(1f, 0f, 0f)
    private val down = Vec3(0f, cos(TILT), -sin(TILT))
    val eye: Vec3 = Vec3(layout.mat.width / 2, layout.mat.height / 2, 0f) +
        Vec3(0f, sin(TILT), cos(TILT)) * (DISTANCE * max(layout.mat.width, layout.mat.height))
    private val scale: Float
    private val originX: Float
    private val originY: Float

    init {
        val mat = layout.mat
        val rim = layout.size.rim
        val margin = rim + FLOOR_MARGIN * min(mat.width, mat.height)
        val corners = buildList {
            for (x in listOf(-margin, mat.width + margin)) for (y in listOf(-margin, mat.height + margin)) {
                for (z in listOf(0f, rim)) add(raw(Vec3(x, y, z)))
            }
        }
        val minU = corners.minOf { it.first }
        val maxU = corners.maxOf { it.first }
        val minW = corners.minOf { it.second }
        val maxW = corners.maxOf { it.second }
        val w = max(width, 1f)
        val h = max(height, 1f)
        scale = min(w / (maxU - minU), h / (maxW - minW))
        originX = (w - scale * (maxU + minU)) / 2
        originY = (h - scale * (maxW + minW)) / 2
    }

    /** The image-plane coordinates of [p] before fitting (right, down), divided by depth. */
    private fun raw(p: Vec3): Pair<Float, Float> {
        val v = p - eye
        val depth = v dot forward
        return (v dot right) / depth to (v dot down) / depth
    }

    /** Where [p] is drawn on the canvas (pixels). */
    fun project(p: Vec3): Offset {
        val (u, w) = raw(p)
        return Offset(originX + scale * u, originY + scale * w)
    }

    /** How far [p] is from the camera along its view (to draw far things first). */
    fun depth(p: Vec3): Float = (p - eye) dot forward

    /** Pixels per mat point at [p] (line widths that shrink with distance). */
    fun pixelsPerPoint(p: Vec3): Float = scale / depth(p)

    /** A face at [point] with outward [normal] is turned towards the camera. */
    fun sees(point: Vec3, normal: Vec3): Boolean = ((eye - point) dot normal) > 0f

    /**
     * The point of the mat under canvas pixel [screen] at [z] points above the mat: where a
     * stick held [z] high is drawn at [screen]. `null` when that pixel looks above the horizon.
     */
    fun toMat(screen: Offset, z: Float): Offset? {
        val u = (screen.x - originX) / scale
        val w = (screen.y - originY) / scale
        val dir = forward + right * u + down * w
        if (dir.z > -1e-6f) return null
        val t = (z - eye.z) / dir.z
        val p = eye + dir * t
        return Offset(p.x, p.y)
    }

    companion object {
        /** From straight down: enough to see the sticks' sides and the rim, not a low view. */
        val TILT: Float = Math.toRadians(30.0).toFloat()

        /** The camera's distance, in the mat's longer side: a gentle perspective. */
        const val DISTANCE = 2.4f

        /** Floor shown around the rim, in the mat's shorter side (room for a stick off the mat). */
        const val FLOOR_MARGIN = 0.05f
    }
}

/**
 * The mat for a canvas of [width] × [height] points: as wide as the canvas and a little
 * deeper than it is high (seen at a slant, it looks shorter), its longer side cut to at most
 * three times the shorter. The core takes any mat from 1:3 to 3:1 as it is (and replaces
 * another by one of its own), so the mat laid out is always the one the sticks fly on.
 */
internal fun matFor(width: Float, height: Float): Mat {
    val w = width.sideOrLeast()
    val h = (height.sideOrLeast() * DEPTH_FOR_TILT).coerceAtMost(MAX_SIDE)
    // Just inside 3:1, so that the core's own division finds it so too.
    val most = MAX_ASPECT * (1f - 1e-5f)
    return Mat(width = min(w, most * h), height = min(h, most * w))
}

/** A side of the canvas as a mat's side: at least [MIN_SIDE], at most [MAX_SIDE] ([MIN_SIDE] when not a number). */
private fun Float.sideOrLeast(): Float = if (isNaN()) MIN_SIDE else coerceIn(MIN_SIDE, MAX_SIDE)

/** How much deeper the mat is than the canvas is high, for the camera's slant. */
private const val DEPTH_FOR_TILT = 1.15f

/** The thinnest mat the core takes as it is: 3:1 either way. */
private const val MAX_ASPECT = 3f

/** A mat's sides, in points, within what the core takes (more than 1, less than 100 000). */
private const val MIN_SIDE = 2f
private const val MAX_SIDE = 50_000f
