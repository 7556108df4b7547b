import Foundation
import YutCore

/// Turns a finger on the stick mat into the core's `Swipe`: where it let go, how fast it was
/// moving over the last few tens of milliseconds, and how fast its path was turning. The
/// swipe only shapes the sticks' flight; the result is the core's draw.
///
/// The view feeds every touch position (in mat points, see `MatCamera.unproject`) with its
/// time; `release` gives the swipe, or `nil` for a touch that never left the slop (a plain
/// tap on the mat does not throw: the Throw button and VoiceOver's action do, with
/// `ThrowInput.tap(mat:)`).
public struct DragTracker: Sendable, Equatable {
    /// A touch that moves less than this (points) from where it started is no throw.
    public static let slop: Double = 10
    /// The release velocity is measured over this last stretch of the drag.
    public static let velocityWindow: Double = 0.08
    /// The path's turning is read over this last stretch.
    public static let spinWindow: Double = 0.15
    /// Samples older than this (before the last one) are dropped.
    static let keep: Double = 0.3

    public struct Sample: Sendable, Equatable {
        public var x: Double
        public var y: Double
        /// Seconds, on any clock that only goes forward.
        public var t: Double
        public init(x: Double, y: Double, t: Double) {
            self.x = x
            self.y = y
            self.t = t
        }
    }

    /// Where the finger came down.
    public let start: Sample
    /// The recent samples, oldest first (the last one is the finger now).
    public private(set) var samples: [Sample]
    /// The finger has left the slop at some point: this is a swipe, not a tap.
    public private(set) var isSwipe = false

    public init(x: Double, y: Double, t: Double) {
        start = Sample(x: x, y: y, t: t)
        samples = [start]
    }

    /// The finger now.
    public var last: Sample { samples[samples.count - 1] }

    /// Adds where the finger is at `t` (samples out of order or not finite are ignored).
    public mutating func add(x: Double, y: Double, t: Double) {
        guard x.isFinite, y.isFinite, t.isFinite, t >= last.t else { return }
        samples.append(Sample(x: x, y: y, t: t))
        if !isSwipe, hypot(x - start.x, y - start.y) >= Self.slop { isSwipe = true }
        let oldest = t - Self.keep
        if let first = samples.firstIndex(where: { $0.t >= oldest }), first > 1 {
            // Keep one sample before the window: the finger stood there until the next.
            samples.removeFirst(first - 1)
        }
    }

    /// Where the finger was at `t`. A moving finger reports about every frame; a finger
    /// held still reports nothing, so across a longer gap it stood at the earlier sample
    /// until a frame before the later one. Before the first sample, at the first.
    func position(at t: Double) -> (x: Double, y: Double) {
        guard let after = samples.firstIndex(where: { $0.t >= t }) else { return (last.x, last.y) }
        guard after > 0 else { return (samples[0].x, samples[0].y) }
        let a = samples[after - 1], b = samples[after]
        let frame = 1.0 / 60
        let moving = b.t - a.t > 2 * frame ? b.t - frame : a.t
        guard t > moving, b.t > moving else { return (a.x, a.y) }
        let f = (t - moving) / (b.t - moving)
        return (a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
    }

    /// The velocity (points per second) over the last `velocityWindow` before the last
    /// sample: a finger that stopped before letting go throws softly, however fast it moved
    /// before; a press, a pause and a flick throws as hard as the flick.
    public var velocity: (x: Double, y: Double) {
        let end = last
        let from = max(end.t - Self.velocityWindow, start.t)
        let span = end.t - from
        guard span >= 0.005 else { return (0, 0) }
        let p = position(at: from)
        return ((end.x - p.x) / span, (end.y - p.y) / span)
    }

    /// How fast the drag's direction was turning near the end, radians per second,
    /// positive clockwise on screen (y down): the heading of the path over the last
    /// `spinWindow`, first half against second half.
    public var spin: Double {
        let end = last.t
        let from = max(end - Self.spinWindow, start.t)
        guard end - from >= 0.03 else { return 0 }
        let mid = (from + end) / 2
        let a = position(at: from), m = position(at: mid), b = position(at: end)
        let d1 = (x: m.x - a.x, y: m.y - a.y), d2 = (x: b.x - m.x, y: b.y - m.y)
        guard hypot(d1.x, d1.y) > 2, hypot(d2.x, d2.y) > 2 else { return 0 }
        var turn = atan2(d2.y, d2.x) - atan2(d1.y, d1.x)
        if turn > .pi { turn -= 2 * .pi }
        if turn < -.pi { turn += 2 * .pi }
        // The two headings are half the window apart.
        let rate = turn / ((end - from) / 2)
        return min(max(rate, -30), 30)
    }

    /// The swipe when the finger lets go at (x, y) at `t` on `mat`, or `nil` when it never
    /// left the slop (a tap, which does not throw).
    public func release(x: Double, y: Double, t: Double, on mat: Mat) -> Swipe? {
        var done = self
        done.add(x: x, y: y, t: max(t, last.t))
        guard done.isSwipe else { return nil }
        let v = done.velocity
        let limit = 6_000.0
        return Swipe(
            mat: mat,
            releaseX: Float(min(max(done.last.x, 0), Double(mat.width))),
            releaseY: Float(min(max(done.last.y, 0), Double(mat.height))),
            velocityX: Float(min(max(v.x, -limit), limit)),
            velocityY: Float(min(max(v.y, -limit), limit)),
            spin: Float(done.spin))
    }

    /// The direction the finger is moving (radians, screen axes), or `nil` while it is
    /// still: the bundle of sticks under the finger turns across it.
    public var heading: Double? {
        let v = velocity
        return hypot(v.x, v.y) > 60 ? atan2(v.y, v.x) : nil
    }
}

public enum ThrowInput {
    /// A tap on the Throw button (or VoiceOver's action): a gentle drop.
    public static func tap(mat: Mat) -> Swipe { tapSwipe(mat: mat) }

    /// A believable flick for a bot's throw: from the near half of the mat, upwards, a
    /// little to either side, with a little curl.
    public static func botSwipe(mat: Mat) -> Swipe {
        let w = Double(mat.width), h = Double(mat.height)
        let direction = -Double.pi / 2 + Double.random(in: -0.35...0.35)
        let speed = Double.random(in: 700...1_500)
        return Swipe(
            mat: mat,
            releaseX: Float(w * Double.random(in: 0.35...0.65)),
            releaseY: Float(h * Double.random(in: 0.6...0.8)),
            velocityX: Float(cos(direction) * speed),
            velocityY: Float(sin(direction) * speed),
            spin: Float.random(in: -3...3))
    }
}

/// A piece's position along a move's path, for the path animation.
public struct PathMotion: Sendable, Equatable {
    /// Points to pass through (the start first), in any unit.
    public let points: [Point]
    /// Time per leg, in seconds.
    public let stepSeconds: Double

    public struct Point: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    public init(points: [Point], stepSeconds: Double) {
        self.points = points
        self.stepSeconds = stepSeconds
    }

    public var duration: Double { Double(max(points.count - 1, 0)) * stepSeconds }

    /// Where the piece is after `seconds`, with a small hop on each leg (0...1).
    public func position(at seconds: Double) -> (point: Point, hop: Double)? {
        guard let first = points.first else { return nil }
        guard points.count > 1, stepSeconds > 0 else { return (points.last ?? first, 0) }
        let legs = Double(points.count - 1)
        let progress = min(max(seconds / stepSeconds, 0), legs)
        let leg = min(Int(progress), points.count - 2)
        let f = progress - Double(leg)
        let a = points[leg], b = points[leg + 1]
        let eased = f * f * (3 - 2 * f)
        return (Point(x: a.x + (b.x - a.x) * eased, y: a.y + (b.y - a.y) * eased),
                sin(Double.pi * f))
    }
}
