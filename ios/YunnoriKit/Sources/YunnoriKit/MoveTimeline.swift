import Foundation
import YutCore

/// How fast the board draws a move: the time per station of its path, which the core sets
/// (`MoveShown.stepMs`: the table's pace, a quick bot's quarter, none under Reduce Motion),
/// and the scale of the design's other durations (the captured tokens' flight, a stack
/// snapping together, a shortcut's ring, a win's confetti) at that pace. Android's
/// Board.kt draws at the same pace.
public struct BoardPace: Sendable, Equatable {
    /// Seconds per station of the path; 0 where the piece jumps.
    public let stepSeconds: Double
    /// The factor on the design's durations: 1, a quick bot's quarter, or Reduce Motion's.
    public let scale: Double

    public init(stepSeconds: Double, scale: Double) {
        self.stepSeconds = stepSeconds
        self.scale = scale
    }

    /// The pace of `move` as the core timed it; with Reduce Motion the design's durations
    /// are `DesignTokens.Motion.reducedFactor` as long (the piece already jumps).
    public init(move: MoveShown, reduceMotion: Bool) {
        self.init(stepMs: move.stepMs, reduceMotion: reduceMotion)
    }

    /// The pace of a move taking `stepMs` per station.
    public init(stepMs: UInt32, reduceMotion: Bool) {
        stepSeconds = Double(stepMs) / 1000
        let reduced = DesignTokens.Motion.reducedFactor
        scale = reduceMotion || stepMs == 0
            ? reduced : min(1, max(reduced, Double(stepMs) / Double(DesignTokens.Motion.hopMs)))
    }

    /// A design duration at this pace, in seconds: whole milliseconds, at least one, as
    /// Android rounds them (so both phones play the same lengths).
    public func seconds(ms: Int) -> Double {
        max(1, (Double(ms) * scale).rounded()) / 1000
    }
}

/// When each part of a move's animation plays, in seconds from its start: the stack
/// hops along its path, then what follows its landing, all together: captured tokens fly
/// back off the board, a stack that formed there lands a little large and settles, and a
/// shortcut taken there spreads an ink ring from the station. The move is over when the
/// longest of those is, as on Android.
public struct MoveTimeline: Sendable, Equatable {
    /// A stretch of the animation, from `start` up to (not including) `end`.
    public struct Span: Sendable, Equatable {
        public let start: Double
        public let end: Double

        /// How far into the span `t` is (0 at its start), or `nil` outside it.
        public func progress(at t: Double) -> Double? {
            guard t >= start, t < end, end > start else { return nil }
            return (t - start) / (end - start)
        }
    }

    /// Something that happens at a station when the stack lands.
    public struct AtStation: Sendable, Equatable {
        public let station: String
        public let span: Span
    }

    /// A ring spreading from a station: its radius in station radii, and its opacity.
    public struct Ring: Sendable, Equatable {
        public let station: String
        public let radius: Double
        public let opacity: Double
    }

    /// How much larger a stack that has just formed lands (it settles to 1).
    public static let snapGrowth = 0.25
    /// A shortcut's ring: its radius at the start and how much it grows, in station radii.
    public static let ringStart = 1.2
    public static let ringGrowth = 1.4
    /// How long each captured token waits after the one before it, as a share of the flight.
    public static let captureStagger = 0.08

    /// The pace it plays at.
    public let pace: BoardPace
    /// The stack hopping along its path (empty under Reduce Motion: it jumps).
    public let travel: Span
    /// The station the stack stops on (`nil` when it leaves the board or goes back home).
    public let arrival: String?
    /// Captured tokens flying back off the board.
    public let captures: Span?
    /// The stack that formed on landing, snapping together.
    public let snap: AtStation?
    /// Each shortcut taken on landing (the core's `Turned`), its ring spreading.
    public let turns: [AtStation]
    /// When the whole move is over.
    public let end: Double

    public init(move: MoveShown, pace: BoardPace) {
        self.pace = pace
        let landed = Double(move.path.count) * pace.stepSeconds
        travel = Span(start: 0, end: landed)
        if case .station(let id)? = move.path.last { arrival = id } else { arrival = nil }
        func after(_ ms: Int) -> Span { Span(start: landed, end: landed + pace.seconds(ms: ms)) }
        var captured = false, stackedAt: String?, turnedAt: [String] = []
        for event in move.events {
            switch event {
            case .captured: captured = true
            case .stacked(let at, _): stackedAt = stackedAt ?? at
            case .turned(let at, _): turnedAt.append(at)
            default: break
            }
        }
        captures = captured ? after(DesignTokens.Motion.captureMs) : nil
        snap = stackedAt.map { AtStation(station: $0, span: after(DesignTokens.Motion.stackSnapMs)) }
        turns = turnedAt.map { AtStation(station: $0, span: after(DesignTokens.Motion.shortcutTurnMs)) }
        let spans = [travel] + [captures, snap?.span].compactMap { $0 } + turns.map(\.span)
        end = spans.map(\.end).max() ?? landed
    }

    /// Whether the stack is still on its way at `t` (drawn hopping; the stacks at its
    /// arrival station wait hidden until it lands).
    public func travelling(at t: Double) -> Bool { travel.progress(at: t) != nil }

    /// Whether the stacks standing on `station` change while the move plays (hidden until
    /// it lands, or snapping together): only those need redrawing frame by frame.
    public func touches(station: String) -> Bool {
        station == arrival || station == snap?.station
    }

    /// Whether the stacks standing on `station` are hidden at `t`: only the arrival
    /// station's, while the stack is on its way there.
    public func hides(station: String, at t: Double) -> Bool {
        station == arrival && travelling(at: t)
    }

    /// The size of the stack that formed, at `t`: 1 + 0.25·(1 − progress) while it snaps
    /// together, else 1.
    public func snapScale(at t: Double) -> Double {
        guard let p = snap?.span.progress(at: t) else { return 1 }
        return 1 + Self.snapGrowth * (1 - p)
    }

    /// The size at `t` of `placed`, one of the stacks `all` on the board: a stack that has
    /// just formed is the last one on its station (the core puts the moved stack last), as
    /// Android scales it; every other is 1.
    public func scale(of placed: PlacedStack, among all: [PlacedStack], at t: Double) -> Double {
        guard let snap, placed.stack.station == snap.station else { return 1 }
        let top = all.filter { $0.stack.station == snap.station }.map(\.fan).max()
        return placed.fan == top ? snapScale(at: t) : 1
    }

    /// The shortcuts' rings at `t`: each spreading from its station and fading out.
    public func rings(at t: Double) -> [Ring] {
        turns.compactMap { turn in
            turn.span.progress(at: t).map {
                Ring(station: turn.station, radius: Self.ringStart + Self.ringGrowth * $0, opacity: 1 - $0)
            }
        }
    }

    /// How far captured token `k` of `count` has flown back at `t` (eased, 0–1): 0 while the
    /// stack is still on its way, each token leaving a moment after the one before it and
    /// all home by the flight's end; `nil` once it is home (or if nothing was captured).
    public func capture(_ k: Int, of count: Int, at t: Double) -> Double? {
        guard let captures, t < captures.end else { return nil }
        guard let p = captures.progress(at: t) else { return 0 }
        let share = max(1 - Self.captureStagger * Double(max(count - 1, 0)), 0.01)
        let own = min(max((p - Self.captureStagger * Double(k)) / share, 0), 1)
        guard own < 1 else { return nil }
        return 1 - (1 - own) * (1 - own)
    }
}

/// A piece's position along a move's path (`MoveShown.points`), for the path animation.
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

    /// The path of `move`, in the board's unit square, at `pace`.
    public init(move: MoveShown, pace: BoardPace) {
        self.init(points: move.points.map { Point(x: Double($0.x), y: Double($0.y)) },
                  stepSeconds: pace.stepSeconds)
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
