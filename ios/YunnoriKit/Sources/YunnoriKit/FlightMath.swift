import Foundation
import YutCore

// The maths of drawing the core's `Flight`: poses between frames, the sticks as solids, a
// camera above and in front of the mat that projects them in perspective, and the sticks
// at rest or in the hand before a throw. The views only turn these numbers into paths.

/// A point or direction in the mat's space, in mat points: x to the right, y down the mat
/// (towards the player, as on screen), z up from the mat.
public struct Vec3: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    public static func + (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x + b.x, a.y + b.y, a.z + b.z) }
    public static func - (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x - b.x, a.y - b.y, a.z - b.z) }
    public static func * (a: Vec3, k: Double) -> Vec3 { Vec3(a.x * k, a.y * k, a.z * k) }
    public func dot(_ b: Vec3) -> Double { x * b.x + y * b.y + z * b.z }
    public func cross(_ b: Vec3) -> Vec3 {
        Vec3(y * b.z - z * b.y, z * b.x - x * b.z, x * b.y - y * b.x)
    }
    public var length: Double { dot(self).squareRoot() }
    /// The unit vector along this one (or this one, when it has no length).
    public var normalized: Vec3 {
        let l = length
        return l > 1e-12 ? self * (1 / l) : self
    }
    /// `a` to `b` by `t` (0...1).
    public static func lerp(_ a: Vec3, _ b: Vec3, _ t: Double) -> Vec3 { a + (b - a) * t }
}

/// A point on the screen, in the view's points.
public struct ScreenPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

// MARK: - Poses

extension Pose {
    public init(centre c: Vec3, axis a: Vec3, normal n: Vec3) {
        self.init(x: Float(c.x), y: Float(c.y), z: Float(c.z),
                  axisX: Float(a.x), axisY: Float(a.y), axisZ: Float(a.z),
                  normalX: Float(n.x), normalY: Float(n.y), normalZ: Float(n.z))
    }

    /// The centre of the flat face.
    public var centre: Vec3 { Vec3(Double(x), Double(y), Double(z)) }
    /// Along the stick's length.
    public var axisVector: Vec3 { Vec3(Double(axisX), Double(axisY), Double(axisZ)) }
    /// Out of the flat face.
    public var normalVector: Vec3 { Vec3(Double(normalX), Double(normalY), Double(normalZ)) }
    /// The flat face looks up.
    public var flatUp: Bool { normalZ > 0 }

    /// The pose `t` (0...1) of the way from `a` to `b`: the centre in a straight line, the
    /// directions turned between the two (normalised, the normal kept square to the axis).
    public static func lerp(_ a: Pose, _ b: Pose, _ t: Double) -> Pose {
        let t = min(max(t, 0), 1)
        let axis = Vec3.lerp(a.axisVector, b.axisVector, t).normalized
        var normal = Vec3.lerp(a.normalVector, b.normalVector, t)
        normal = (normal - axis * normal.dot(axis)).normalized
        return Pose(centre: Vec3.lerp(a.centre, b.centre, t), axis: axis, normal: normal)
    }

    /// The same pose `dz` higher.
    public func raised(by dz: Double) -> Pose {
        Pose(centre: centre + Vec3(0, 0, dz), axis: axisVector, normal: normalVector)
    }
}

extension StickTrack {
    /// The stick `ms` after release, between the two frames around that time (frames are
    /// `fps` a second from release); its first pose before, its last once it has settled.
    public func pose(atMs ms: Double, fps: UInt32) -> Pose? {
        guard let first = frames.first, let last = frames.last else { return nil }
        let at = ms.isFinite ? ms * Double(max(fps, 1)) / 1000 : (ms > 0 ? .infinity : 0)
        guard at > 0 else { return first }
        let i = Int(min(at, Double(frames.count - 1)).rounded(.down))
        guard i < frames.count - 1 else { return last }
        return Pose.lerp(frames[i], frames[i + 1], at - Double(i))
    }
}

extension Flight {
    /// Every stick `ms` after release.
    public func poses(atMs ms: Double) -> [Pose] {
        sticks.compactMap { $0.pose(atMs: ms, fps: fps) }
    }

    /// Where the sticks came to rest.
    public var restingPoses: [Pose] { sticks.compactMap(\.frames.last) }

    /// With Reduce Motion: each stick falls straight down onto its resting pose from a
    /// little above it, landing at `durationMs`.
    public func dropPoses(atMs ms: Double, durationMs: Double) -> [Pose] {
        let t = durationMs > 0 ? min(max(ms / durationMs, 0), 1) : 1
        let height = Double(size.thickness) * 3
        return restingPoses.map { $0.raised(by: height * (1 - t * t)) }
    }
}

extension Flight {
    /// The flight as drawn after the bundle the finger let go of (`hand`, drawn on the same
    /// mat): `ms` after release each stick is where the flight has it, moved by what still
    /// separates its first frame from the stick in the hand there, a difference that fades
    /// out over `handOffMs`. At release the sticks are exactly where the hand held them, so
    /// nothing jumps: the core starts its frame 0 from the same layout (`StickLayout.inHand`)
    /// but scatters each stick a little, raises every other one a little, keeps the bundle
    /// clear of the mat's edge and may number the sticks in another order.
    public func poses(atMs ms: Double, handOff hand: [Pose], handOffMs: Double = 150) -> [Pose] {
        let now = poses(atMs: ms)
        let starts = sticks.compactMap(\.frames.first)
        guard hand.count == now.count, starts.count == now.count, handOffMs > 0, ms < handOffMs
        else { return now }
        let f = max(0, 1 - max(ms, 0) / handOffMs)
        let fade = f * f * (3 - 2 * f)
        let held = StickLayout.matched(starts, to: hand)
        return now.indices.map { i in
            let gap = hand[held[i]].centre - starts[i].centre
            return Pose(centre: now[i].centre + gap * fade, axis: now[i].axisVector, normal: now[i].normalVector)
        }
    }
}

extension ThrowShown {
    /// How long the sticks move, in milliseconds: until the last one settles, or the drop.
    public var durationMs: Double { Double(landsAtMs) - Double(startedAtMs) }

    /// Milliseconds since the sticks left the hand, at `date`.
    public func elapsedMs(at date: Date) -> Double {
        date.timeIntervalSince1970 * 1000 - Double(startedAtMs)
    }

    /// Every stick `ms` after the sticks left the hand: where the flight has it, or for a
    /// drop a fall straight down onto its resting place.
    public func poses(atMs ms: Double) -> [Pose] {
        switch motion {
        case .flight: flight.poses(atMs: ms)
        case .drop: flight.dropPoses(atMs: ms, durationMs: durationMs)
        }
    }

    /// The same, the flight taking over from the bundle the finger let go of (`hand`, see
    /// `Flight.poses(atMs:handOff:)`); a drop starts from its own poses.
    public func poses(atMs ms: Double, handOff hand: [Pose]) -> [Pose] {
        switch motion {
        case .flight: flight.poses(atMs: ms, handOff: hand)
        case .drop: poses(atMs: ms)
        }
    }
}

// MARK: - The core's layout of a mat

/// The core's `MatLayout` of each mat size the app lays out (`matLayout(mat:)`: the mat the
/// simulation uses, the sticks' size and the rim, the release height and the spacing of the
/// sticks in the hand, in mat points), asked once per size: the views are laid out again on
/// every touch of a drag. The app copies none of these numbers.
public final class MatLayouts: @unchecked Sendable {
    public static let shared = MatLayouts()

    private let lock = NSLock()
    private var known: [MatKey: MatLayout] = [:]
    /// How many times the core was asked (for the tests).
    private(set) var asked = 0

    private struct MatKey: Hashable {
        let width: Float
        let height: Float
    }

    public init() {}

    /// The core's layout of `mat`.
    public func layout(of mat: Mat) -> MatLayout {
        let key = MatKey(width: mat.width, height: mat.height)
        lock.lock()
        defer { lock.unlock() }
        if let layout = known[key] { return layout }
        let layout = matLayout(mat: mat)
        asked += 1
        // A handful of sizes at most (the game's mat, the menu's, a rotation): never grows
        // without bound.
        if known.count >= 32 { known.removeAll() }
        known[key] = layout
        return layout
    }
}

// MARK: - Sticks at rest and in the hand

public enum StickLayout {
    /// Four sticks lying round side up side by side on the near half of the mat, ready to be
    /// picked up; stick 0 (the marked one) on the left.
    public static func waiting(_ layout: MatLayout) -> [Pose] {
        let w = Double(layout.mat.width), h = Double(layout.mat.height)
        let gap = Double(layout.size.width) * 1.8
        return (0..<4).map { i in
            let x = w / 2 + (Double(i) - 1.5) * gap
            return Pose(centre: Vec3(x, h * 0.62, Double(layout.size.thickness)),
                        axis: Vec3(0.06 * (Double(i) - 1.5), -1, 0).normalized,
                        normal: Vec3(0, 0, -1))
        }
    }

    /// The bundle in the hand under the finger at (x, y) of the mat, as the core lets it go
    /// (a flight's first frame): the four sticks side by side, round side up, their lengths
    /// along `heading` (radians, screen axes: the way the finger goes; straight up the mat
    /// when `nil`, as a tap throws), `handSpacing` apart centre to centre across it, at the
    /// release height.
    public static func inHand(x: Double, y: Double, heading: Double?, layout: MatLayout) -> [Pose] {
        let angle = heading ?? -Double.pi / 2
        let along = Vec3(cos(angle), sin(angle), 0)
        let across = Vec3(-along.y, along.x, 0)
        let spacing = Double(layout.handSpacing)
        let centre = Vec3(x, y, Double(layout.releaseHeight))
        return (0..<4).map { i in
            Pose(centre: centre + across * ((Double(i) - 1.5) * spacing), axis: along, normal: Vec3(0, 0, -1))
        }
    }

    /// The bundle as the finger lets go with `swipe`: under the release point, lengths
    /// along its velocity (a tap's: up the mat).
    public static func inHand(releasing swipe: Swipe, layout: MatLayout) -> [Pose] {
        let vx = Double(swipe.velocityX), vy = Double(swipe.velocityY)
        let moving = vx.isFinite && vy.isFinite && hypot(vx, vy) > 1
        return inHand(x: Double(swipe.releaseX), y: Double(swipe.releaseY),
                      heading: moving ? atan2(vy, vx) : nil, layout: layout)
    }

    /// For each of `poses`, the index of the one of `others` it stands for: the same place
    /// in the row across the bundle (both rows sorted along the same line).
    static func matched(_ poses: [Pose], to others: [Pose]) -> [Int] {
        guard poses.count == others.count, let first = others.first else { return Array(poses.indices) }
        let along = first.axisVector
        let across = Vec3(-along.y, along.x, 0)
        func order(_ row: [Pose]) -> [Int] {
            row.indices.sorted { row[$0].centre.dot(across) < row[$1].centre.dot(across) }
        }
        let mine = order(poses), theirs = order(others)
        var result = Array(poses.indices)
        for (a, b) in zip(mine, theirs) { result[a] = b }
        return result
    }
}

// MARK: - The sticks as solids

/// One stick as a solid at a pose: the flat face, a rectangle, and the rounded back, a half
/// ellipse across the stick (`thickness` deep) along its whole length.
public struct StickSolid: Sendable {
    public let pose: Pose
    public let size: StickSize
    /// How high the hand lets go: a stick there casts the widest, softest shadow.
    public let releaseHeight: Double
    let c: Vec3, a: Vec3, n: Vec3, s: Vec3
    /// Segments of the back's arc.
    static let arc = 8

    public init(pose: Pose, layout: MatLayout) {
        self.pose = pose
        size = layout.size
        releaseHeight = Double(layout.releaseHeight)
        c = pose.centre
        a = pose.axisVector.normalized
        n = pose.normalVector.normalized
        s = n.cross(a).normalized
    }

    /// A point of the flat face: `u` along the length, `v` across it, both -0.5...0.5.
    public func onFace(u: Double, v: Double) -> Vec3 {
        c + a * (u * Double(size.length)) + s * (v * Double(size.width))
    }

    /// The flat face's corners, in order round it.
    public var face: [Vec3] {
        [onFace(u: -0.5, v: -0.5), onFace(u: 0.5, v: -0.5), onFace(u: 0.5, v: 0.5), onFace(u: -0.5, v: 0.5)]
    }

    /// The back's outline at both ends (the solid is their convex hull).
    public var back: [Vec3] {
        let half = Double(size.width) / 2, deep = Double(size.thickness)
        let ends = [a * (-Double(size.length) / 2), a * (Double(size.length) / 2)]
        return ends.flatMap { end in
            (0...Self.arc).map { k in
                let phi = Double.pi * Double(k) / Double(Self.arc)
                return c + end + s * (half * cos(phi)) - n * (deep * sin(phi))
            }
        }
    }

    /// The crest of the back, along its length (for the bark's shading).
    public var crest: (Vec3, Vec3) {
        let down = n * -Double(size.thickness)
        return (c + down - a * (Double(size.length) / 2), c + down + a * (Double(size.length) / 2))
    }

    /// How lit a surface facing `normal` is: 0.45 in the shade to 1 facing the light,
    /// which comes from above, a little from the far left.
    public static func light(facing normal: Vec3) -> Double {
        let from = Vec3(-0.35, -0.45, 0.82).normalized
        return 0.45 + 0.55 * max(0, normal.normalized.dot(from))
    }

    /// The shadow on the mat: the stick's outline pressed flat under it, spread wider and
    /// softer the higher it is.
    public var shadow: (outline: [Vec3], blur: Double, opacity: Double) {
        let height = max(Double(c.z), 0)
        let reach = max(releaseHeight, 1e-9)
        let spread = 1 + 0.5 * min(height / reach, 1.5)
        let flat = (face + back).map { p in
            let d = Vec3(p.x - c.x, p.y - c.y, 0) * spread
            return Vec3(c.x + d.x + height * 0.12, c.y + d.y + height * 0.18, 0)
        }
        return (flat, 1 + 0.08 * height, 0.38 * max(0.3, 1 - 0.5 * height / reach))
    }
}

/// The convex hull of points, counter-clockwise in the view's axes (Andrew's monotone
/// chain); fewer than three points come back as they are.
public func convexHull(_ points: [ScreenPoint]) -> [ScreenPoint] {
    let p = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
    guard p.count > 2 else { return p }
    func turn(_ o: ScreenPoint, _ a: ScreenPoint, _ b: ScreenPoint) -> Double {
        (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }
    var lower: [ScreenPoint] = []
    for q in p {
        while lower.count >= 2, turn(lower[lower.count - 2], lower[lower.count - 1], q) <= 0 { lower.removeLast() }
        lower.append(q)
    }
    var upper: [ScreenPoint] = []
    for q in p.reversed() {
        while upper.count >= 2, turn(upper[upper.count - 2], upper[upper.count - 1], q) <= 0 { upper.removeLast() }
        upper.append(q)
    }
    return Array(lower.dropLast() + upper.dropLast())
}

// MARK: - The camera

/// A camera above and in front of the mat, looking down at its middle: it projects the
/// mat's space onto a view of `width` × `height` points, the mat with its rim (and room
/// above its far edge for sticks in the air) fitted inside.
public struct MatCamera: Sendable, Equatable {
    public let mat: Mat
    public let width: Double
    public let height: Double
    /// The view's tilt from straight down (radians).
    public let tilt: Double
    let eye: Vec3
    let forward: Vec3
    let right: Vec3
    let up: Vec3
    let focal: Double
    let zoom: Double
    let offset: ScreenPoint

    /// A point on the screen, with the size of one mat point there and how far it is from
    /// the camera (larger: further).
    public struct Projected: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public var scale: Double
        public var depth: Double
        public var point: ScreenPoint { ScreenPoint(x: x, y: y) }
    }

    /// - Parameters:
    ///   - rim: the mat's raised edge, kept in view.
    ///   - headroom: height above the mat kept in view over its far edge.
    ///   - distance: the camera's distance from the mat's middle, in mat lengths.
    public init(mat: Mat, width: Double, height: Double, rim: Double = 0, headroom: Double = 0,
                tilt: Double = 0.6, distance: Double = 2.4, margin: Double = 2) {
        self.mat = mat
        self.width = width
        self.height = height
        self.tilt = tilt
        let w = Double(mat.width), h = Double(mat.height)
        let centre = Vec3(w / 2, h / 2, 0)
        let d = max(w, h) * distance
        let eye = centre + Vec3(0, sin(tilt), cos(tilt)) * d
        let forward = (centre - eye).normalized
        let right = Vec3(1, 0, 0)
        let up = Vec3(0, -cos(tilt), sin(tilt))
        self.eye = eye
        self.forward = forward
        self.right = right
        self.up = up
        focal = d
        // Fit what must be seen.
        var seen: [Vec3] = []
        for (x, y) in [(0.0, 0.0), (w, 0), (w, h), (0, h)] {
            seen.append(Vec3(x, y, 0))
            seen.append(Vec3(x + (x == 0 ? -rim : rim), y + (y == 0 ? -rim : rim), rim))
            if y == 0 { seen.append(Vec3(x, y, headroom)) }
        }
        let raw = seen.map { Self.raw($0, eye: eye, forward: forward, right: right, up: up, focal: d) }
        let minX = raw.map(\.x).min() ?? 0, maxX = raw.map(\.x).max() ?? 1
        let minY = raw.map(\.y).min() ?? 0, maxY = raw.map(\.y).max() ?? 1
        let fit = min((width - 2 * margin) / max(maxX - minX, 1e-9), (height - 2 * margin) / max(maxY - minY, 1e-9))
        zoom = max(fit, 1e-6)
        offset = ScreenPoint(x: width / 2 - zoom * (minX + maxX) / 2, y: height / 2 - zoom * (minY + maxY) / 2)
    }

    /// The mat to lay out under a view of `width` × `height` points: as wide as the view,
    /// as deep as fits it seen at the camera's tilt, kept within the core's 1:3 to 3:1
    /// (`MatCamera.aspects`; a thinner mat would be replaced by the core's own).
    public static func mat(forWidth width: Double, height: Double, tilt: Double = 0.6) -> Mat {
        let w = max(width, 40)
        let across = w.rounded()
        let wanted = height.isFinite ? (height / cos(tilt) * 1.05).rounded() : across
        // Whole points, and still within the range once rounded.
        let depth = min(max(wanted, (across / aspects.upperBound).rounded(.up)),
                        (across / aspects.lowerBound).rounded(.down))
        return Mat(width: Float(across), height: Float(depth))
    }

    /// The mat's width over its height that the core takes as it is.
    public static let aspects: ClosedRange<Double> = (1.0 / 3)...3

    private static func raw(_ p: Vec3, eye: Vec3, forward: Vec3, right: Vec3, up: Vec3,
                            focal: Double) -> Projected {
        let q = p - eye
        let depth = max(q.dot(forward), 1e-6)
        let k = focal / depth
        return Projected(x: q.dot(right) * k, y: -q.dot(up) * k, scale: k, depth: depth)
    }

    /// Where `p` appears in the view.
    public func project(_ p: Vec3) -> Projected {
        let r = Self.raw(p, eye: eye, forward: forward, right: right, up: up, focal: focal)
        return Projected(x: offset.x + zoom * r.x, y: offset.y + zoom * r.y, scale: zoom * r.scale,
                         depth: r.depth)
    }

    /// The point of the mat's space at `height` above the mat that appears at (x, y) of the
    /// view (where a finger there touches), or `nil` if that height is not seen there.
    public func unproject(x: Double, y: Double, height z: Double = 0) -> Vec3? {
        let sx = (x - offset.x) / zoom, sy = (y - offset.y) / zoom
        let ray = forward + right * (sx / focal) - up * (sy / focal)
        guard abs(ray.z) > 1e-9 else { return nil }
        let t = (z - eye.z) / ray.z
        guard t > 0 else { return nil }
        return eye + ray * t
    }

    /// Whether a surface at `point` facing `normal` faces the camera.
    public func sees(_ point: Vec3, facing normal: Vec3) -> Bool {
        normal.dot(eye - point) > 0
    }
}
