import SwiftUI
import YunnoriKit

/// Draws the mat and the sticks into a `Canvas` in perspective, from YunnoriKit's camera
/// and solids (the maths is there, tested; here it only becomes paths and colours).
struct StickPainter {
    let camera: MatCamera
    /// The core's layout of the mat: the sticks' size and the rim, the release height, the
    /// spacing in the hand (`MatLayouts`: asked once per mat size).
    let layout: MatLayout

    /// The camera for a mat view of `viewSize`: the mat laid out as deep as fits, room
    /// above its far edge for the sticks in the air.
    init(viewSize: CGSize) {
        let laid = MatCamera.mat(forWidth: Double(viewSize.width), height: Double(viewSize.height))
        layout = MatLayouts.shared.layout(of: laid)
        camera = MatCamera(mat: layout.mat, width: Double(viewSize.width), height: Double(viewSize.height),
                           rim: Double(layout.size.rim), headroom: Double(layout.releaseHeight) * 0.5)
    }

    /// Only the sticks (the menu's picture): a camera over a small bare mat.
    init(viewSize: CGSize, mat: Mat) {
        layout = MatLayouts.shared.layout(of: mat)
        camera = MatCamera(mat: layout.mat, width: Double(viewSize.width), height: Double(viewSize.height))
    }

    var size: StickSize { layout.size }

    var mat: Mat { camera.mat }

    /// Where a finger at `location` of the view holds the sticks: the point of the mat's
    /// space at the hand's height under it, if that height is seen there.
    func atHand(_ location: CGPoint) -> Vec3? {
        camera.unproject(x: Double(location.x), y: Double(location.y), height: Double(layout.releaseHeight))
    }

    // MARK: - The mat

    /// The mat: its cloth, and the raised rim round it (the far rim's inner wall seen, the
    /// near rim in front of the cloth).
    func drawMat(in context: inout GraphicsContext) {
        let w = Double(mat.width), h = Double(mat.height), rim = Double(size.rim)
        func ring(_ inset: Double, z: Double) -> [ScreenPoint] {
            [Vec3(-inset, -inset, z), Vec3(w + inset, -inset, z), Vec3(w + inset, h + inset, z),
             Vec3(-inset, h + inset, z)].map { camera.project($0).point }
        }
        let outerTop = ring(rim, z: rim), outerBase = ring(rim, z: 0)
        let innerTop = ring(0, z: rim), cloth = ring(0, z: 0)
        // The whole rim, then its inner wall, then the cloth on the floor of the mat.
        context.fill(polygon(convexHull(outerTop + outerBase)), with: .color(Palette.woodRound))
        context.fill(polygon(innerTop), with: .color(Palette.woodRound))
        context.fill(polygon(innerTop), with: .color(.black.opacity(0.25)))
        context.fill(polygon(cloth), with: .linearGradient(
            Gradient(colors: [Palette.mat.opacity(0.85), Palette.mat]),
            startPoint: cgPoint(cloth[0]), endPoint: cgPoint(cloth[3])))
        var woven = context
        woven.clip(to: polygon(cloth))
        drawWeave(in: &woven)
        // The near rim stands in front of the cloth: its top and its outer face.
        let nearTop = [innerTop[3], innerTop[2], outerTop[2], outerTop[3]]
        let nearFace = [outerTop[3], outerTop[2], outerBase[2], outerBase[3]]
        context.fill(polygon(nearFace), with: .color(Palette.woodRound))
        context.fill(polygon(nearFace), with: .color(.black.opacity(0.2)))
        context.fill(polygon(nearTop), with: .color(Palette.woodRound))
        context.fill(polygon(nearTop), with: .color(.white.opacity(0.12)))
    }

    /// How thick a row of the 멍석's straw rope is, in the mat's points (Android's MatScene
    /// weaves the same).
    private static let rope = 7.0

    /// A 멍석's weave: rows of straw rope across the mat, each of short slanted stitches
    /// leaning the other way from the row before (a herringbone), a light strand and the
    /// shade beside it, with a dark seam between the rows; in perspective.
    private func drawWeave(in context: inout GraphicsContext) {
        let w = Double(mat.width), h = Double(mat.height)
        let rows = min(60, max(6, Int((h / Self.rope).rounded())))
        let row = h / Double(rows)
        let lean = row * 0.55
        var strands = Path(), shades = Path(), seams = Path()
        func segment(_ path: inout Path, _ a: Vec3, _ b: Vec3) {
            path.move(to: cgPoint(camera.project(a).point))
            path.addLine(to: cgPoint(camera.project(b).point))
        }
        for k in 0..<rows {
            let top = row * Double(k)
            let slant = k % 2 == 0 ? lean : -lean
            var x = -lean
            while x < w + lean {
                segment(&strands, Vec3(x, top + row * 0.15, 0), Vec3(x + slant, top + row * 0.85, 0))
                segment(&shades, Vec3(x + lean * 0.5, top + row * 0.15, 0),
                        Vec3(x + lean * 0.5 + slant, top + row * 0.85, 0))
                x += lean
            }
            if k > 0 { segment(&seams, Vec3(0, top, 0), Vec3(w, top, 0)) }
        }
        // Screen pixels per mat point at the mat's middle.
        let left = camera.project(Vec3(w / 2 - 0.5, h / 2, 0)).point
        let right = camera.project(Vec3(w / 2 + 0.5, h / 2, 0)).point
        let px = hypot(right.x - left.x, right.y - left.y)
        context.stroke(shades, with: .color(Palette.matWeave),
                       style: StrokeStyle(lineWidth: max(1, px * row * 0.22), lineCap: .round))
        context.stroke(strands, with: .color(Palette.matStraw),
                       style: StrokeStyle(lineWidth: max(1, px * row * 0.2), lineCap: .round))
        context.stroke(seams, with: .color(Palette.matWeave), lineWidth: max(1, px * row * 0.12))
    }

    // MARK: - The sticks

    /// The sticks at `poses` (`marked[i]`: stick i carries the Back-Do mark): their
    /// shadows on the mat first, then the sticks, the furthest first.
    func drawSticks(_ poses: [Pose], marked: [Bool], dimmed: [Bool] = [], in context: inout GraphicsContext) {
        let solids = poses.map { StickSolid(pose: $0, layout: layout) }
        for solid in solids {
            let shadow = solid.shadow
            let outline = convexHull(shadow.outline.map { camera.project($0).point })
            context.drawLayer { layer in
                layer.addFilter(.blur(radius: shadow.blur))
                layer.fill(polygon(outline), with: .color(.black.opacity(shadow.opacity)))
            }
        }
        let order = solids.indices.sorted {
            camera.project(solids[$0].pose.centre).depth > camera.project(solids[$1].pose.centre).depth
        }
        for i in order {
            let isMarked = i < marked.count && marked[i]
            let isDimmed = i < dimmed.count && dimmed[i]
            drawStick(solids[i], marked: isMarked, dimmed: isDimmed, in: &context)
        }
    }

    /// One stick: the bark of its rounded back, darker away from the light with a
    /// gradient across it, and, when it faces the camera, the light flat face with its
    /// three marks (and the Back-Do mark on the marked stick).
    private func drawStick(_ solid: StickSolid, marked: Bool, dimmed: Bool, in context: inout GraphicsContext) {
        let project = { (p: Vec3) in camera.project(p).point }
        let normal = solid.pose.normalVector
        // The back: the whole solid's outline in bark, shaded by how it faces the light.
        let hull = convexHull((solid.back + solid.face).map(project))
        let crest = solid.crest
        let mid = project(Vec3.lerp(crest.0, crest.1, 0.5))
        let centre = project(solid.pose.centre)
        let lit = StickSolid.light(facing: normal * -1)
        context.fill(polygon(hull), with: .color(Palette.woodRound))
        context.fill(polygon(hull), with: .linearGradient(
            Gradient(colors: [.white.opacity(0.22), .clear, .black.opacity(0.35)]),
            startPoint: CGPoint(x: 2 * centre.x - mid.x, y: 2 * centre.y - mid.y), endPoint: cgPoint(mid)))
        context.fill(polygon(hull), with: .color(.black.opacity(0.45 * (1 - lit))))
        // The flat face, when the camera sees it.
        if camera.sees(solid.pose.centre, facing: normal) {
            let face = solid.face.map(project)
            context.fill(polygon(face), with: .color(Palette.woodFlat))
            context.fill(polygon(face), with: .color(.black.opacity(0.4 * (1 - StickSolid.light(facing: normal)))))
            drawMarks(solid, marked: marked, project: project, in: &context)
        }
        if dimmed {
            // Off the mat (낙).
            context.fill(polygon(hull), with: .color(.white.opacity(0.35)))
        }
    }

    /// The flat face's marks: three crosses along it, and the Back-Do mark, a red dot near
    /// one end, on the marked stick.
    private func drawMarks(_ solid: StickSolid, marked: Bool, project: (Vec3) -> ScreenPoint,
                           in context: inout GraphicsContext) {
        var crosses = Path()
        for u in [-0.22, 0.0, 0.22] {
            let arm = 0.18
            for (du, dv) in [(arm * 0.22, arm), (arm * 0.22, -arm)] {
                crosses.move(to: cgPoint(project(solid.onFace(u: u - du, v: -dv))))
                crosses.addLine(to: cgPoint(project(solid.onFace(u: u + du, v: dv))))
            }
        }
        let scale = camera.project(solid.pose.centre).scale
        context.stroke(crosses, with: .color(Palette.line), lineWidth: max(1, 0.08 * Double(size.width) * scale))
        if marked {
            let dot = (0..<12).map { k -> ScreenPoint in
                let a = Double(k) / 12 * 2 * Double.pi
                return project(solid.onFace(u: 0.4 + 0.05 * cos(a), v: 0.22 * sin(a)))
            }
            context.fill(polygon(dot), with: .color(Palette.accent))
        }
    }
}

private func cgPoint(_ p: ScreenPoint) -> CGPoint { CGPoint(x: p.x, y: p.y) }

private func polygon(_ points: [ScreenPoint]) -> Path {
    var path = Path()
    guard let first = points.first else { return path }
    path.move(to: cgPoint(first))
    for p in points.dropFirst() { path.addLine(to: cgPoint(p)) }
    path.closeSubpath()
    return path
}
