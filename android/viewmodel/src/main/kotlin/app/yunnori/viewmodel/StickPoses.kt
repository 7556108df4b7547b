package app.yunnori.viewmodel

import app.yunnori.core.Flight
import app.yunnori.core.MatLayout
import app.yunnori.core.Pose
import app.yunnori.core.Swipe
import kotlin.math.PI
import kotlin.math.acos
import kotlin.math.atan2
import kotlin.math.cos
import kotlin.math.hypot
import kotlin.math.sin
import kotlin.math.sqrt

/** A point or direction of the mat's world: x, y on the mat (points, y towards the player), z above it. */
data class Vec3(val x: Float, val y: Float, val z: Float) {
    operator fun plus(o: Vec3) = Vec3(x + o.x, y + o.y, z + o.z)
    operator fun minus(o: Vec3) = Vec3(x - o.x, y - o.y, z - o.z)
    operator fun times(k: Float) = Vec3(x * k, y * k, z * k)
    operator fun unaryMinus() = Vec3(-x, -y, -z)
    infix fun dot(o: Vec3) = x * o.x + y * o.y + z * o.z
    infix fun cross(o: Vec3) = Vec3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x)
    fun length() = sqrt(this dot this)
    fun normalized(): Vec3 = length().let { if (it > 1e-6f) this * (1f / it) else this }

    /** This direction turned [angle] radians about the unit [axis] (right-handed). */
    fun rotated(axis: Vec3, angle: Float): Vec3 {
        val c = cos(angle)
        return this * c + (axis cross this) * sin(angle) + axis * ((axis dot this) * (1f - c))
    }
}

/** A pose's parts as vectors. */
val Pose.centre: Vec3 get() = Vec3(x, y, z)
val Pose.axis: Vec3 get() = Vec3(axisX, axisY, axisZ)
val Pose.normal: Vec3 get() = Vec3(normalX, normalY, normalZ)

/** The pose at [centre] with its length along [axis] and its flat face's outward [normal]. */
fun poseOf(centre: Vec3, axis: Vec3, normal: Vec3): Pose = Pose(
    x = centre.x, y = centre.y, z = centre.z,
    axisX = axis.x, axisY = axis.y, axisZ = axis.z,
    normalX = normal.x, normalY = normal.y, normalZ = normal.z,
)

/** The pose [t] (0–1) of the way from [a] to [b]: positions and directions blended, directions kept unit and square. */
fun lerpPose(a: Pose, b: Pose, t: Float): Pose {
    fun mix(p: Vec3, q: Vec3) = p + (q - p) * t
    val axis = mix(a.axis, b.axis).normalized()
    val rawNormal = mix(a.normal, b.normal)
    val normal = (rawNormal - axis * (rawNormal dot axis)).normalized()
    return poseOf(mix(a.centre, b.centre), axis, normal)
}

/** The pose of a stick [ms] after the release, between the frames of its track recorded at [fps]. */
fun List<Pose>.poseAt(ms: Float, fps: Int): Pose? {
    if (isEmpty()) return null
    val f = (ms * fps / 1000f).coerceIn(0f, (size - 1).toFloat())
    val i = f.toInt().coerceAtMost(size - 1)
    val next = getOrNull(i + 1) ?: return this[i]
    return lerpPose(this[i], next, f - i)
}

/** The poses of the flight's sticks [ms] after the release, in the order of [Flight.sticks]. */
fun Flight.posesAt(ms: Float): List<Pose> {
    val rate = fps.toInt().coerceAtLeast(1)
    return sticks.mapNotNull { it.frames.poseAt(ms, rate) }
}

/** How long the sticks take to go from the bundle in the hand into their own flight. */
const val HAND_OFF_MS: Float = 150f

/**
 * Where the hand holds the four sticks: over ([x], [y]) on the mat (points), their lengths
 * pointing [heading] radians in the mat's axes as seen on screen (0 to the right, y down:
 * [UP] is straight up the mat, towards its far end).
 */
data class HandHold(val x: Float, val y: Float, val heading: Float) {
    companion object {
        /** Straight up the mat: the way a tap drops the sticks, and a still finger holds them. */
        const val UP: Float = (-PI / 2).toFloat()

        /**
         * The hold of a finger over [swipe]'s release point, moving at its velocity: the
         * sticks point the way it goes, or [UP] when it is (nearly) still, as the core lays
         * them out when it throws [swipe].
         */
        fun of(swipe: Swipe, layout: MatLayout): HandHold =
            HandHold(swipe.releaseX, swipe.releaseY, throwHeading(swipe.velocityX, swipe.velocityY, layout))
    }
}

/**
 * The way sticks thrown at ([vx], [vy]) points per second point: along that velocity, or
 * [HandHold.UP] for a finger slower than [STILL_SPACINGS_PER_SECOND] of the sticks' spacing
 * in the hand each second (the core's own cut-off for a tap is close to it; a throw between
 * the two leaves the hand turned, and the hand-off hides that).
 */
fun throwHeading(vx: Float, vy: Float, layout: MatLayout): Float {
    val speed = hypot(vx, vy)
    return if (!speed.isFinite() || speed < layout.handSpacing * STILL_SPACINGS_PER_SECOND) HandHold.UP else atan2(vy, vx)
}

/** A finger slower than this many of the sticks' spacings in the hand each second is still. */
const val STILL_SPACINGS_PER_SECOND: Float = 1f

/**
 * The four sticks in the hand, as the core's flight starts them (its frame 0): side by side
 * across the throw [MatLayout.handSpacing] apart centre to centre, their lengths along
 * [HandHold.heading], round side up (the flat face's normal pointing down), the flat faces
 * [MatLayout.releaseHeight] above the mat, the row centred on the hold. In their place in
 * the row, from left to right looking along the throw.
 *
 * The core's frame 0 differs a little: each stick's place is jittered, every other one is
 * held a little higher, and the release point is kept clear of the mat's edges; [HandOff]
 * blends the difference away.
 */
fun handPoses(layout: MatLayout, hold: HandHold): List<Pose> {
    val along = Vec3(cos(hold.heading), sin(hold.heading), 0f)
    // To the right of the throw, looking along it (y grows towards the player).
    val across = Vec3(-along.y, along.x, 0f)
    val centre = Vec3(hold.x, hold.y, layout.releaseHeight)
    return (0 until STICKS).map { place ->
        poseOf(centre + across * ((place - (STICKS - 1) / 2f) * layout.handSpacing), along, ROUND_SIDE_UP)
    }
}

private const val STICKS = 4
private val ROUND_SIDE_UP = Vec3(0f, 0f, -1f)

/**
 * The sticks leaving the hand: the flight of the throw let go from [hand] (the poses of
 * [handPoses], in their place in the row), with the difference between the hand and the
 * flight's first frame fading out over its first [HAND_OFF_MS]. Each stick of the flight
 * takes the hand's stick in the same place in the row across the throw. A stick is carried
 * along its own flight, shifted and turned by what is left of that difference, so it never
 * moves faster than it flies plus the little the difference fades by; from [HAND_OFF_MS] on
 * the flight is drawn exactly as it is.
 */
class HandOff(hand: List<Pose>, private val flight: Flight) {
    private class Gap(val shift: Vec3, val turnAxis: Vec3, val turn: Float)

    /** Per stick of the flight: from its first frame to the hand's stick in its place. */
    private val gaps: List<Gap?>

    init {
        val first = flight.posesAt(0f)
        val places = rowPlaces(hand, first)
        gaps = first.mapIndexed { i, f -> places.getOrNull(i)?.let { hand.getOrNull(it) }?.let { h -> gap(f, h) } }
    }

    /** The poses of the flight's sticks [ms] after the release, in the order of [Flight.sticks]. */
    fun posesAt(ms: Float): List<Pose> {
        val flying = flight.posesAt(ms)
        if (ms >= HAND_OFF_MS) return flying
        val u = (ms / HAND_OFF_MS).coerceIn(0f, 1f)
        val left = 1f - u * u * (3f - 2f * u)
        return flying.mapIndexed { i, f ->
            val g = gaps.getOrNull(i) ?: return@mapIndexed f
            val angle = g.turn * left
            poseOf(f.centre + g.shift * left, f.axis.rotated(g.turnAxis, angle), f.normal.rotated(g.turnAxis, angle))
        }
    }

    companion object {
        /**
         * For each stick of [first] (the flight's frame 0), its place in the row of [hand]:
         * the sticks taken in order across the throw. An empty list when the two do not match.
         */
        fun rowPlaces(hand: List<Pose>, first: List<Pose>): List<Int> {
            if (hand.size != first.size || hand.size < 2) return emptyList()
            val across = (hand.last().centre - hand.first().centre).let { Vec3(it.x, it.y, 0f) }.normalized()
            val places = IntArray(first.size)
            first.indices.sortedBy { first[it].centre dot across }.forEachIndexed { place, i -> places[i] = place }
            return places.toList()
        }

        /** The shift and the turn that take the flight's pose [f] to the hand's [h]. */
        private fun gap(f: Pose, h: Pose): Gap {
            // A stick looks the same end for end: turn to whichever end of the hand's is nearer.
            val hAxis = if ((h.axis dot f.axis) < 0f) -h.axis else h.axis
            val fa = f.axis.normalized()
            val fn = f.normal.normalized()
            val ha = hAxis.normalized()
            val hn = h.normal.normalized()
            val fb = fa cross fn
            val hb = ha cross hn
            // R = H·Fᵀ, the rotation from the flight's frame to the hand's, as an axis and an angle.
            fun r(i: Int, j: Int) = ha.at(i) * fa.at(j) + hn.at(i) * fn.at(j) + hb.at(i) * fb.at(j)
            val trace = r(0, 0) + r(1, 1) + r(2, 2)
            val angle = acos(((trace - 1f) / 2f).coerceIn(-1f, 1f))
            val axis = Vec3(r(2, 1) - r(1, 2), r(0, 2) - r(2, 0), r(1, 0) - r(0, 1))
            val turnable = axis.length() > 1e-6f && angle > 1e-6f
            return Gap(h.centre - f.centre, if (turnable) axis.normalized() else Vec3(0f, 0f, 1f), if (turnable) angle else 0f)
        }

        private fun Vec3.at(i: Int): Float = when (i) {
            0 -> x
            1 -> y
            else -> z
        }
    }
}
