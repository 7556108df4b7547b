package app.yunnori.android.ui.game

import app.yunnori.core.Pose
import kotlin.math.sqrt

/**
 * A point or direction of the mat's world for drawing it through [MatCamera]: x, y on the
 * mat (points, y towards the player), z above it. Where the sticks are is the core's; this
 * only turns its poses into the solids drawn.
 */
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

/** A pose's parts as vectors. */
internal val Pose.centre: Vec3 get() = Vec3(x, y, z)
internal val Pose.axis: Vec3 get() = Vec3(axisX, axisY, axisZ)
internal val Pose.normal: Vec3 get() = Vec3(normalX, normalY, normalZ)
