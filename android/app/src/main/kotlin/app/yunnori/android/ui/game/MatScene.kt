package app.yunnori.android.ui.game

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Brush
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.drawscope.clipPath
import androidx.compose.ui.graphics.lerp
import app.yunnori.android.ui.theme.YutColours
import app.yunnori.core.Pose
import app.yunnori.core.StickSize
import kotlin.math.PI
import kotlin.math.cos
import kotlin.math.max
import kotlin.math.roundToInt
import kotlin.math.sin

/** One stick as drawn: where it is, whether it carries the Back-Do mark, how visible. */
internal data class StickPose(val pose: Pose, val marked: Boolean, val alpha: Float = 1f)

/** Where the light comes from (above, a little from the far left). */
private val LIGHT = Vec3(-0.35f, -0.45f, 1f).normalized()

/** Segments of a stick's rounded back. */
private const val ARC = 6

/**
 * Draws the mat seen through [camera] and the sticks on or above it: the floor, the mat's
 * cloth, each stick's shadow (larger and softer the higher it is), then the rim's sides
 * and the sticks from far to near, so nearer things cover farther ones. The mat, its rim
 * and the sticks' size are the camera's [MatCamera.layout], the core's.
 */
internal fun DrawScope.drawMatScene(camera: MatCamera, sticks: List<StickPose>) {
    val size = camera.layout.size
    drawRect(YutColours.Floor)
    drawCloth(camera)
    for (s in sticks) drawShadow(camera, size, s)
    val rim = rimSides(camera)
    val items = rim.map { side -> side.depth to { drawPolygons(side.faces) } } +
        sticks.map { s -> camera.depth(s.pose.centre) to { drawStick(camera, size, s) } }
    for ((_, draw) in items.sortedByDescending { it.first }) draw()
}

private fun DrawScope.drawCloth(camera: MatCamera) {
    val m = camera.mat
    val corners = listOf(Vec3(0f, 0f, 0f), Vec3(m.width, 0f, 0f), Vec3(m.width, m.height, 0f), Vec3(0f, m.height, 0f))
        .map(camera::project)
    val far = camera.project(Vec3(m.width / 2, 0f, 0f))
    val near = camera.project(Vec3(m.width / 2, m.height, 0f))
    val cloth = polygon(corners)
    drawPath(cloth, Brush.verticalGradient(listOf(YutColours.MatFar, YutColours.Mat), far.y, near.y))
    clipPath(cloth) { drawWeave(camera) }
}

/** How thick a row of the 멍석's straw rope is, in the mat's points (the iPhone's StickPainter weaves the same). */
private const val ROPE = 7f

/**
 * A 멍석's weave: rows of straw rope across the mat, each of short slanted stitches leaning
 * the other way from the row before (a herringbone), a light strand and the shade beside
 * it, with a dark seam between the rows. Seen through the camera, so it narrows with the
 * mat into the distance.
 */
private fun DrawScope.drawWeave(camera: MatCamera) {
    val m = camera.mat
    val rows = (m.height / ROPE).roundToInt().coerceIn(6, 60)
    val row = m.height / rows
    val lean = row * 0.55f
    val strands = Path()
    val shades = Path()
    val seams = Path()
    fun Path.segment(a: Vec3, b: Vec3) {
        val p = camera.project(a)
        val q = camera.project(b)
        moveTo(p.x, p.y)
        lineTo(q.x, q.y)
    }
    for (k in 0 until rows) {
        val top = row * k
        val slant = if (k % 2 == 0) lean else -lean
        var x = -lean
        while (x < m.width + lean) {
            strands.segment(Vec3(x, top + row * 0.15f, 0f), Vec3(x + slant, top + row * 0.85f, 0f))
            shades.segment(Vec3(x + lean * 0.5f, top + row * 0.15f, 0f), Vec3(x + lean * 0.5f + slant, top + row * 0.85f, 0f))
            x += lean
        }
        if (k > 0) seams.segment(Vec3(0f, top, 0f), Vec3(m.width, top, 0f))
    }
    val px = camera.pixelsPerPoint(Vec3(m.width / 2, m.height / 2, 0f))
    drawPath(shades, YutColours.MatWeave, style = Stroke(max(1f, px * row * 0.22f), cap = StrokeCap.Round))
    drawPath(strands, YutColours.MatStraw, style = Stroke(max(1f, px * row * 0.2f), cap = StrokeCap.Round))
    drawPath(seams, YutColours.MatWeave, style = Stroke(max(1f, px * row * 0.12f)))
}

/** A flat face to fill: its corners on the canvas and its colour. */
private class Face(val points: List<Offset>, val colour: Color)

private class RimSide(val depth: Float, val faces: List<Face>)

/** The raised edge round the mat: for each side, its inner wall, its top and its outer wall (those turned to the camera). */
private fun rimSides(camera: MatCamera): List<RimSide> {
    val m = camera.mat
    val r = camera.rim
    // Each side: inner edge from a to b (mat corners, z 0), pointing outward by `out`.
    val sides = listOf(
        Triple(Vec3(0f, 0f, 0f), Vec3(m.width, 0f, 0f), Vec3(0f, -1f, 0f)),
        Triple(Vec3(m.width, 0f, 0f), Vec3(m.width, m.height, 0f), Vec3(1f, 0f, 0f)),
        Triple(Vec3(m.width, m.height, 0f), Vec3(0f, m.height, 0f), Vec3(0f, 1f, 0f)),
        Triple(Vec3(0f, m.height, 0f), Vec3(0f, 0f, 0f), Vec3(-1f, 0f, 0f)),
    )
    val up = Vec3(0f, 0f, r)
    return sides.map { (a, b, out) ->
        // Run the rim on past the corners so the sides meet.
        val along = (b - a).normalized() * r
        val a0 = a - along
        val b0 = b + along
        val o = out * r
        val faces = mutableListOf<Face>()
        val mid = (a + b) * 0.5f
        if (camera.sees(mid + up * 0.5f, -out)) {
            faces += Face(listOf(a, b, b + up, a + up).map(camera::project), shade(YutColours.Rim, -out))
        }
        faces += Face(listOf(a0 + up, b0 + up, b0 + o + up, a0 + o + up).map(camera::project), shade(YutColours.RimTop, Vec3(0f, 0f, 1f)))
        if (camera.sees(mid + o + up * 0.5f, out)) {
            faces += Face(listOf(a0 + o, b0 + o, b0 + o + up, a0 + o + up).map(camera::project), shade(YutColours.Rim, out))
        }
        RimSide(camera.depth(mid + o * 0.5f + up * 0.5f), faces)
    }
}

private fun DrawScope.drawPolygons(faces: List<Face>) {
    for (f in faces) drawPath(polygon(f.points), f.colour)
}

/** The stick's shadow on the mat, beneath it and a little away from the light: the higher it is, the larger, fainter and softer. */
private fun DrawScope.drawShadow(camera: MatCamera, size: StickSize, s: StickPose) {
    val p = s.pose
    val height = max(0f, p.z)
    val drift = Vec3(-LIGHT.x, -LIGHT.y, 0f) * (height / LIGHT.z)
    val centre = Vec3(p.x, p.y, 0f) + drift
    // The stick's outline seen from straight above.
    val along = Vec3(p.axisX, p.axisY, 0f)
    val reach = max(along.length(), 0.25f) * size.length / 2
    val dir = if (along.length() > 1e-3f) along.normalized() else Vec3(1f, 0f, 0f)
    val across = Vec3(-dir.y, dir.x, 0f)
    val half = size.width / 2
    val soft = 1f + height / size.length
    val opacity = (0.42f / (1f + 1.6f * height / size.length)) * s.alpha
    val layers = 4
    for (k in 0 until layers) {
        val grow = size.width * 0.35f * soft * k
        val corners = listOf(
            centre - dir * (reach + grow) - across * (half + grow),
            centre + dir * (reach + grow) - across * (half + grow),
            centre + dir * (reach + grow) + across * (half + grow),
            centre - dir * (reach + grow) + across * (half + grow),
        ).map(camera::project)
        drawPath(polygon(corners), Color.Black.copy(alpha = opacity / layers))
    }
}

/**
 * One stick: a flat face ([StickSize.length] × [StickSize.width]) and a rounded back
 * [StickSize.thickness] deep, lit from [LIGHT]. Only the faces turned to the camera are
 * drawn (the stick is convex, so they never overlap). The flat face is light wood with its
 * grain, and the marked stick's carries the Back-Do mark; the bark side is darker wood,
 * shaded strip by strip as it curves away from the light.
 */
private fun DrawScope.drawStick(camera: MatCamera, size: StickSize, s: StickPose) {
    val p = s.pose
    val c = p.centre
    val a = p.axis.normalized()
    val n = p.normal.normalized()
    val b = (a cross n).normalized()
    val halfL = size.length / 2
    val halfW = size.width / 2
    val t = size.thickness
    fun back(phi: Float) = b * (halfW * cos(phi)) - n * (t * sin(phi))
    fun backNormal(phi: Float) = (b * (cos(phi) / halfW) - n * (sin(phi) / t)).normalized()
    val arc = (0..ARC).map { k -> (PI * k / ARC).toFloat() }
    val alpha = s.alpha

    // The rounded back, strip by strip.
    for (k in 0 until ARC) {
        val mid = (arc[k] + arc[k + 1]) / 2
        val normal = backNormal(mid)
        val centreOfStrip = c + back(mid)
        if (!camera.sees(centreOfStrip, normal)) continue
        val pts = listOf(
            c - a * halfL + back(arc[k]), c + a * halfL + back(arc[k]),
            c + a * halfL + back(arc[k + 1]), c - a * halfL + back(arc[k + 1]),
        ).map(camera::project)
        drawPath(polygon(pts), shade(YutColours.StickRound, normal).copy(alpha = alpha))
    }
    // The ends: half discs.
    for (end in listOf(-1f, 1f)) {
        val normal = a * end
        val endCentre = c + a * (halfL * end)
        if (!camera.sees(endCentre - n * (t / 2), normal)) continue
        val pts = arc.map { phi -> camera.project(endCentre + back(phi)) }
        drawPath(polygon(pts), shade(YutColours.StickEnd, normal).copy(alpha = alpha))
    }
    // The flat face.
    if (camera.sees(c, n)) {
        val face = listOf(c - a * halfL - b * halfW, c + a * halfL - b * halfW, c + a * halfL + b * halfW, c - a * halfL + b * halfW)
        drawPath(polygon(face.map(camera::project)), shade(YutColours.StickFlat, n).copy(alpha = alpha))
        val px = camera.pixelsPerPoint(c)
        val lift = n * (t * 0.02f)
        // The grain along the length.
        for (k in listOf(-0.45f, 0.1f, 0.5f)) {
            drawLine(
                YutColours.StickGrain.copy(alpha = 0.35f * alpha),
                camera.project(c + lift - a * (halfL * 0.92f) + b * (halfW * k)),
                camera.project(c + lift + a * (halfL * 0.92f) + b * (halfW * k)),
                strokeWidth = max(0.75f, size.width * 0.04f * px),
            )
        }
        if (s.marked) {
            // The Back-Do mark: a cross burnt into the middle of the flat face.
            val m = halfW * 0.6f
            val stroke = max(1.5f, size.width * 0.12f * px)
            for ((u, v) in listOf(1f to 1f, 1f to -1f)) {
                drawLine(
                    YutColours.StickMark.copy(alpha = alpha),
                    camera.project(c + lift - a * (m * u) - b * (m * v)),
                    camera.project(c + lift + a * (m * u) + b * (m * v)),
                    strokeWidth = stroke,
                    cap = StrokeCap.Round,
                )
            }
        }
    }
}

/** [base] lit from [LIGHT] on a face of outward [normal]: darker as it turns away. */
private fun shade(base: Color, normal: Vec3): Color {
    val lit = 0.55f + 0.45f * max(0f, normal dot LIGHT)
    return lerp(Color.Black, base, lit.coerceIn(0f, 1f))
}

private fun polygon(points: List<Offset>): Path = Path().apply {
    points.firstOrNull()?.let { moveTo(it.x, it.y) }
    for (p in points.drop(1)) lineTo(p.x, p.y)
    close()
}
