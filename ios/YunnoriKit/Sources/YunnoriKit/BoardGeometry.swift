import YutCore

/// The board as the core lays it out, indexed for drawing and for hit-testing. Positions
/// are in the unit square, y growing downwards.
public struct BoardGeometry: Sendable, Equatable {
    public let layout: BoardLayout
    public let stations: [String: StationInfo]

    public init(layout: BoardLayout = boardLayout()) {
        self.layout = layout
        self.stations = Dictionary(uniqueKeysWithValues: layout.stations.map { ($0.id, $0) })
    }

    /// Where the pieces that finish leave the board: just outside the start corner.
    public var exitPoint: PathMotion.Point {
        let start = point(ofStation: layout.startStation) ?? .init(x: 1, y: 1)
        return .init(x: start.x + 0.09, y: start.y + 0.09)
    }

    /// Where pieces waiting to enter are drawn from: beside the start corner.
    public var entryPoint: PathMotion.Point {
        let start = point(ofStation: layout.startStation) ?? .init(x: 1, y: 1)
        return .init(x: start.x + 0.09, y: start.y - 0.02)
    }

    public func point(ofStation id: String) -> PathMotion.Point? {
        stations[id].map { .init(x: Double($0.x), y: Double($0.y)) }
    }

    /// The drawing position of any spot (home and done lie just off the start corner).
    public func point(of spot: Spot) -> PathMotion.Point {
        switch spot {
        case .home: return entryPoint
        case .done: return exitPoint
        case .station(let id): return point(ofStation: id) ?? entryPoint
        }
    }

    /// The station nearest to a point, if it lies within `radius` of it.
    public func station(near x: Double, _ y: Double, radius: Double) -> StationInfo? {
        var best: (StationInfo, Double)?
        for s in layout.stations {
            let dx = Double(s.x) - x, dy = Double(s.y) - y
            let d = (dx * dx + dy * dy).squareRoot()
            if d <= radius, d < best?.1 ?? .infinity { best = (s, d) }
        }
        return best?.0
    }

    /// What a tap at a point of the board means: the station within `radius` of it, else
    /// one of `destinations` off the board (bringing a piece home, or a Back-Do back to
    /// the waiting pieces) whose ring lies within `offBoardRadius`, the nearest first.
    public func spot(at x: Double, _ y: Double, radius: Double, offBoardRadius: Double,
                     destinations: [Spot]) -> Spot? {
        if let station = station(near: x, y, radius: radius) {
            return .station(id: station.id)
        }
        return [Spot.done, .home]
            .filter { destinations.contains($0) }
            .map { spot -> (Spot, Double) in
                let p = point(of: spot)
                return (spot, ((p.x - x) * (p.x - x) + (p.y - y) * (p.y - y)).squareRoot())
            }
            .filter { $0.1 <= offBoardRadius }
            .min { $0.1 < $1.1 }?.0
    }

    /// A move's path for the animation: the start, then every spot passed.
    public func motion(of move: MoveShow, stepSeconds: Double) -> PathMotion {
        PathMotion(points: [point(of: move.from)] + move.path.map(point(of:)),
                   stepSeconds: stepSeconds)
    }
}

/// The six results with their names, from the core.
public enum ThrowNames {
    public static let all: [ThrowInfo] = throwKinds()

    public static func info(_ result: Throw) -> ThrowInfo? {
        all.first { $0.result == result }
    }
}
