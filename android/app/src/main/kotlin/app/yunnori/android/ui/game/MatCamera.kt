package app.yunnori.android.ui.game

import androidx.compose.ui.geometry.Offset
import app.yunnori.core.Mat
import app.yunnori.core.Pose
import kotlin.math.cos
import kotlin.math.max
import kotlin.math.min
import kotlin.math.sin
import kotlin.math.sqrt

/** A point or direction of the mat's world: x, y on the mat (points, y towards the player), z above it. */
internal data class Vec3(val x: Float, val y: Float, val z: Float) {
    operator fun plus(o: Vec3) = Vec3(x + o.x, y + o.y, z + o.z)
    operator fun minus(o: Vec3) = Vec3(x - o.x, y - o.y, z - o.z)
    operator fun times(k: Float) = Vec3(x * k, y * k, z * k)
    operator fun unaryMinus() = Vec3(-x, -y, -z)
    infix fun dot(o: Vec3) = x * o.x + y * o.y + z * o.z
    infix fun cross(o: Vec3) = Vec3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x)
    fun length() = sqrt(this dot this)
    fun normalized(): Vec3 = length().let { if (it > 1e-6f) this * (1f / it) else this }
}

/**
 * The camera the stick mat is seen through: above the mat and in front of it (on the
 * player's side), tilted [TILT] from looking straight down, so the far edge of the mat is a
 * little narrower than the near one and a stick high in the air looks larger and stands
 * higher on screen. It is fitted to a canvas of [width] × [height] pixels so that [mat]
 * with its raised rim ([rim] points high and wide) and a margin of floor around it fill it.
 *
 * The mat's points (the flight's units, and the swipe's) go to canvas pixels through
 * [project]; a finger's pixel comes back to the mat, at a given height, through [toMat].
 */
internal class MatCamera(val mat: Mat, val width: Float, val height: Float, val rim: Float = rimFor(mat)) {
    private val forward = Vec3(0f, -sin(TILT), -cos(TILT))
    private val right = Vec3(1f, 0f, 0f)
    private val down = Vec3(0f, cos(TILT), -sin(TILT))
    val eye: Vec3 = Vec3(mat.width / 2, mat.height / 2, 0f) +
        Vec3(0f, sin(TILT), cos(TILT)) * (DISTANCE * max(mat.width, mat.height))
    private val scale: Float
    private val originX: Float
    private val originY: Float

    init {
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

        /** The rim's height (and width) for a mat, as the core sizes it: 3 cm on a 72 cm mat. */
        fun rimFor(mat: Mat): Float = min(mat.width, mat.height) * (0.03f / 0.72f)

        /** How high the hand lets go above the mat, as the core throws: 16 cm on a 72 cm mat. */
        fun releaseHeightFor(mat: Mat): Float = min(mat.width, mat.height) * (0.16f / 0.72f)
    }
}

/**
 * The mat for a canvas of [width] × [height] points: as wide as the canvas and a little
 * deeper than it is high (seen at a slant, it looks shorter), its longer side cut to at most
 * twice the shorter (the core replaces a thinner mat by one of its own).
 */
internal fun matFor(width: Float, height: Float): Mat {
    val w = max(width, 1f)
    val h = max(height, 1f) * DEPTH_FOR_TILT
    return Mat(width = min(w, 2f * h), height = min(h, 2f * w))
}

/** How much deeper the mat is than the canvas is high, for the camera's slant. */
private const val DEPTH_FOR_TILT = 1.15f

/** A pose's parts as vectors. */
internal val Pose.centre: Vec3 get() = Vec3(x, y, z)
internal val Pose.axis: Vec3 get() = Vec3(axisX, axisY, axisZ)
internal val Pose.normal: Vec3 get() = Vec3(normalX, normalY, normalZ)

/** The pose [t] (0–1) of the way from [a] to [b]: positions and directions blended, directions kept unit and square. */
internal fun lerpPose(a: Pose, b: Pose, t: Float): Pose {
    fun mix(p: Float, q: Float) = p + (q - p) * t
    val axis = Vec3(mix(a.axisX, b.axisX), mix(a.axisY, b.axisY), mix(a.axisZ, b.axisZ)).normalized()
    val rawNormal = Vec3(mix(a.normalX, b.normalX), mix(a.normalY, b.normalY), mix(a.normalZ, b.normalZ))
    val normal = (rawNormal - axis * (rawNormal dot axis)).normalized()
    return Pose(
        x = mix(a.x, b.x), y = mix(a.y, b.y), z = mix(a.z, b.z),
        axisX = axis.x, axisY = axis.y, axisZ = axis.z,
        normalX = normal.x, normalY = normal.y, normalZ = normal.z,
    )
}

/** The pose of a stick [ms] after the release, between the frames recorded at [fps]. */
internal fun List<Pose>.at(ms: Float, fps: Int): Pose? {
    if (isEmpty()) return null
    val f = (ms * fps / 1000f).coerceIn(0f, (size - 1).toFloat())
    val i = f.toInt().coerceAtMost(size - 1)
    val next = getOrNull(i + 1) ?: return this[i]
    return lerpPose(this[i], next, f - i)
}
