import Foundation
import YutCore

/// Turns a touch on the stick mat into the core's `Gesture`. The gesture only shapes the
/// sticks' flight; the result is the core's draw.
public enum ThrowInput {
    /// Movements shorter than this (points) count as a tap.
    public static let tapDistance: Double = 12

    /// A tap: the core picks a plain flight.
    public static let tap = Gesture(directionRad: 0, speed: 0, durationMs: 0)

    /// A swipe from its translation (points, y down as on screen) and how long the finger
    /// was down.
    public static func swipe(dx: Double, dy: Double, seconds: Double) -> Gesture {
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance >= tapDistance, distance.isFinite, seconds.isFinite else { return tap }
        let duration = max(seconds, 0.016)
        let speed = min(distance / duration, 20_000)
        let ms = UInt32(min(duration * 1000, 10_000).rounded())
        return Gesture(directionRad: Float(atan2(dy, dx)), speed: Float(speed), durationMs: ms)
    }

    /// A believable flick for a bot's throw: upwards, a little to either side.
    public static func botGesture() -> Gesture {
        let direction = -Double.pi / 2 + Double.random(in: -0.35...0.35)
        return Gesture(
            directionRad: Float(direction),
            speed: Float.random(in: 900...1_900),
            durationMs: UInt32.random(in: 90...200))
    }
}

/// Where one stick is during its flight, for drawing.
public struct StickPose: Sendable, Equatable {
    /// Centre in the unit square of the mat.
    public var x: Double
    public var y: Double
    /// Turn in the mat's plane (radians).
    public var angle: Double
    /// How wide the stick looks while it rolls about its long axis: 1 lying, 0 on edge.
    public var width: Double
    /// Height above the mat, 0...1 (draw larger and with a wider shadow when up).
    public var lift: Double
    /// The face seen now: true = flat side.
    public var flatUp: Bool
    /// Marked stick (the Back-Do mark on its flat side).
    public var marked: Bool
    /// Came to rest outside the mat (낙).
    public var offMat: Bool
    /// At rest.
    public var landed: Bool

    public init(x: Double, y: Double, angle: Double, width: Double, lift: Double, flatUp: Bool,
                marked: Bool, offMat: Bool, landed: Bool) {
        self.x = x
        self.y = y
        self.angle = angle
        self.width = width
        self.lift = lift
        self.flatUp = flatUp
        self.marked = marked
        self.offMat = offMat
        self.landed = landed
    }
}

extension StickPlan {
    /// The stick's pose `ms` milliseconds after release: it travels from its start to
    /// its end pose (slowing down), rises and falls once, and rolls `halfTurns` half
    /// turns about its long axis so that it lands on the face the core drew.
    public func pose(atMs ms: Double) -> StickPose {
        let total = Double(max(flightMs, 1))
        let t = min(max(ms / total, 0), 1)
        let eased = 1 - (1 - t) * (1 - t)
        let turns = Double(halfTurns) * eased
        // Starting face: `halfTurns` flips turn it into the landing face.
        let startFlat = flatUp != (halfTurns % 2 == 1)
        let flips = Int((turns + 0.5).rounded(.down))
        return StickPose(
            x: Double(startX) + (Double(endX) - Double(startX)) * eased,
            y: Double(startY) + (Double(endY) - Double(startY)) * eased,
            angle: Double(startAngle) + (Double(endAngle) - Double(startAngle)) * eased,
            width: abs(cos(Double.pi * turns)),
            lift: sin(Double.pi * t),
            flatUp: flips % 2 == 0 ? startFlat : !startFlat,
            marked: marked,
            offMat: offMat && t >= 1,
            landed: t >= 1)
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
