import Foundation
import YutCore

// The maths of drawing the core's poses of the sticks: the sticks as solids and a camera
// above and in front of the mat that projects them in perspective. Where the sticks are
// (between frames, in the hand, dropping, at rest) is the core's (`ThrowPlayback`,
// `handPoses`, `waitingPoses`); the views only turn these numbers into paths.

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
}

extension ThrowShown {
    /// How long the sticks move, in milliseconds: until the last one settles, or the drop.
    public var durationMs: Double { Double(landsAtMs) - Double(startedAtMs) }

    /// Milliseconds since the sticks left the hand, at `date`.
    public func elapsedMs(at date: Date) -> Double {
        date.timeIntervalSince1970 * 1000 - Double(startedAtMs)
    }
}

/// The core's playback of the throw on the mat (`ThrowPlayback`: where its sticks are at
/// any time, out of the hand that let go of it), made once per throw and kept while it is
/// drawn: a view is redrawn every frame and may not change its state while it draws.
public final class ThrowPlaybacks: @unchecked Sendable {
    private let lock = NSLock()
    private var current: (seq: UInt64, started: UInt64, playback: ThrowPlayback)?

    public init() {}

    /// The playback of `shown`, leaving from the bundle `hand` held (when the finger let it
    /// go just now): the one made for this throw already, else a new one.
    public func playback(of shown: ThrowShown, hand: HandHold?) -> ThrowPlayback {
        lock.lock()
        defer { lock.unlock() }
        if let current, current.seq == shown.seq, current.started == shown.startedAtMs { return current.playback }
        let playback = ThrowPlayback(shown: shown, hand: hand)
        current = (shown.seq, shown.startedAtMs, playback)
        return playback
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
