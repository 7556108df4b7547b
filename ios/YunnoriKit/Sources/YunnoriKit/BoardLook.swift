import Foundation

/// The 말판's 한지 (paper): its fibres and soft clouds in the board's unit square, the same
/// sheet every time (a fixed seed), so the board never shimmers between frames or launches.
/// Android's Board.kt draws a sheet of the same kind.
public struct PaperGrain: Sendable, Equatable {
    public struct Fibre: Sendable, Equatable {
        /// A short curved strand: from `a` through the control point `c` to `b`.
        public let a: PathMotion.Point, c: PathMotion.Point, b: PathMotion.Point
        /// Width in the unit square, and opacity.
        public let width: Double, opacity: Double
        /// A pale strand (else an ink-coloured one).
        public let light: Bool
    }

    public struct Cloud: Sendable, Equatable {
        public let centre: PathMotion.Point
        public let radius: Double, opacity: Double
    }

    public let fibres: [Fibre]
    public let clouds: [Cloud]

    /// How far the sheet reaches beyond the outer stations, and below them (room for the
    /// bottom corners' names).
    public static let margin = 0.07
    public static let foot = 0.1

    public init(seed: UInt64 = 1988) {
        var rng = SplitMix64(seed: seed)
        func inSheet() -> PathMotion.Point {
            .init(x: -Self.margin + (1 + 2 * Self.margin) * rng.unit(),
                  y: -Self.margin + (1 + Self.margin + Self.foot) * rng.unit())
        }
        clouds = (0..<22).map { _ in
            Cloud(centre: inSheet(), radius: 0.06 + 0.16 * rng.unit(), opacity: 0.025 + 0.04 * rng.unit())
        }
        fibres = (0..<170).map { _ in
            let a = inSheet()
            let angle = rng.unit() * 2 * Double.pi
            let length = 0.015 + 0.06 * rng.unit()
            let dx = cos(angle) * length, dy = sin(angle) * length
            let bend = rng.unit() - 0.5
            return Fibre(
                a: a,
                c: .init(x: a.x + dx / 2 - dy * bend, y: a.y + dy / 2 + dx * bend),
                b: .init(x: a.x + dx, y: a.y + dy),
                width: 0.0012 + 0.0025 * rng.unit(), opacity: 0.05 + 0.1 * rng.unit(),
                light: rng.unit() < 0.4)
        }
    }
}

/// A small seeded generator (SplitMix64): the standard library has none that is seeded.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// In [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

extension BoardGeometry {
    /// An arrow drawn on the board, in its unit square.
    public struct Arrow: Sendable, Equatable {
        public let from: PathMotion.Point
        public let to: PathMotion.Point
    }

    /// Where pieces come on and where they go home, for a first-time player: an arrow from
    /// the start corner along its first line (the way round), and one along the last line
    /// into it, each just inside the board. From the core's layout: the outer square's
    /// stations are numbered along the way round, the start corner last, so the way on is
    /// towards the first station and the way home comes from the one before the corner.
    /// `nil` if the layout has no such corner.
    public var wayOnAndHome: (on: Arrow, home: Arrow)? {
        guard let start = stations[layout.startStation] else { return nil }
        let at = PathMotion.Point(x: Double(start.x), y: Double(start.y))
        let around = start.neighbours.compactMap { stations[$0] }
        guard let first = around.first(where: { $0.index == 0 }),
              let last = around.first(where: { $0.index == start.index - 1 }) else { return nil }
        let on = PathMotion.Point(x: Double(first.x), y: Double(first.y))
        let back = PathMotion.Point(x: Double(last.x), y: Double(last.y))
        func distance(_ p: PathMotion.Point, _ q: PathMotion.Point) -> Double {
            ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
        }
        let centre = PathMotion.Point(x: 0.5, y: 0.5)
        func lerp(_ p: PathMotion.Point, _ q: PathMotion.Point, _ t: Double) -> PathMotion.Point {
            .init(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
        }
        func inside(_ towards: PathMotion.Point) -> PathMotion.Point {
            let dx = towards.x - at.x, dy = towards.y - at.y
            let length = (dx * dx + dy * dy).squareRoot()
            let n = PathMotion.Point(x: dy / length, y: -dx / length)
            let step = PathMotion.Point(x: at.x + n.x * 0.05, y: at.y + n.y * 0.05)
            let sign = distance(step, centre) < distance(at, centre) ? 1.0 : -1.0
            return .init(x: n.x * sign * 0.045, y: n.y * sign * 0.045)
        }
        func shifted(_ p: PathMotion.Point, _ o: PathMotion.Point) -> PathMotion.Point { .init(x: p.x + o.x, y: p.y + o.y) }
        let o1 = inside(on), o2 = inside(back)
        return (
            on: Arrow(from: shifted(lerp(at, on, 0.35), o1), to: shifted(lerp(at, on, 0.85), o1)),
            home: Arrow(from: shifted(lerp(at, back, 0.85), o2), to: shifted(lerp(at, back, 0.35), o2))
        )
    }
}

/// Paper confetti for a win, thrown up from the centre (방) and falling back, the same
/// every time. Android's Board.kt throws the same.
public struct Confetti: Sendable, Equatable {
    public struct Piece: Sendable, Equatable {
        /// Launch velocity in board widths per celebration, its turning (degrees over the
        /// celebration), its size (a fraction of the board), and which colour it takes.
        public let vx: Double, vy: Double, spin: Double, size: Double
        public let colour: Int
    }

    /// Where a piece is at a moment of the celebration, in the board's unit square.
    public struct Place: Sendable, Equatable {
        public let x: Double, y: Double, degrees: Double, opacity: Double
    }

    public let pieces: [Piece]

    public init(seed: UInt64 = 2024) {
        var rng = SplitMix64(seed: seed)
        pieces = (0..<48).map { k in
            let angle = -Double.pi / 2 + (rng.unit() - 0.5) * 2.2
            let speed = 0.9 + 0.8 * rng.unit()
            return Piece(vx: cos(angle) * speed, vy: sin(angle) * speed, spin: (rng.unit() - 0.5) * 1_440,
                         size: 0.018 + 0.014 * rng.unit(), colour: k)
        }
    }

    /// `piece` at `t` (0–1 of the celebration): thrown from the centre, pulled down, turning,
    /// fading out over the last third.
    public func place(of piece: Piece, at t: Double) -> Place {
        let t = min(max(t, 0), 1)
        return Place(x: 0.5 + piece.vx * t * 0.6, y: 0.5 + piece.vy * t * 0.6 + 1.6 * t * t,
                     degrees: piece.spin * t, opacity: min(max((1 - t) / 0.33, 0), 1))
    }
}
