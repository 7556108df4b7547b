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

    /// The smallest touch target, in points (Apple's guideline for anything tapped).
    public static let minimumTarget: Double = 44

    /// The tap radius, in the unit square, on a board whose stations' square is `width`
    /// points wide: 7% of it, and never less than half the minimum target, so a small
    /// board (an iPhone SE, a split iPad) still takes a finger.
    public static func hitRadius(boardWidth width: Double) -> Double {
        max(0.07, minimumTarget / 2 / max(width, 1))
    }

    /// The stacks to draw, each with an id of its own, even where one seat has two stacks
    /// on one station (Culin's optional stacking, the Russian set), and its place among the
    /// stacks of its station (0 first), by which the board fans them out. The stack at
    /// `hiding` (the one a move animation is carrying there) is left out.
    public static func placed(_ stacks: [StackView], hiding: String? = nil) -> [PlacedStack] {
        var atStation: [String: Int] = [:]
        var sameKey: [String: Int] = [:]
        return stacks.compactMap { stack in
            if stack.station == hiding { return nil }
            let fan = atStation[stack.station, default: 0]
            atStation[stack.station] = fan + 1
            let key = "\(stack.station)|\(stack.side)|\(stack.counts.map(\.seat))"
            let n = sameKey[key, default: 0]
            sameKey[key] = n + 1
            return PlacedStack(stack: stack, fan: fan, id: "\(key)|\(n)")
        }
    }
}

/// A stack on the board, as `BoardGeometry.placed` lays them out.
public struct PlacedStack: Sendable, Equatable, Identifiable {
    public let stack: StackView
    /// Its place among the stacks standing on its station (0 first).
    public let fan: Int
    /// Unique among the stacks of one snapshot, and the same from one snapshot to the next
    /// while the stack stays where it is.
    public let id: String
}

/// The six results with their names, from the core.
public enum ThrowNames {
    public static let all: [ThrowInfo] = throwKinds()

    public static func info(_ result: Throw) -> ThrowInfo? {
        all.first { $0.result == result }
    }

    /// A result's name on screen: the Korean name alone ("개") when the app speaks Korean,
    /// so it reads as the rest of the screen, else "Gae (개)".
    public static func displayName(_ result: Throw, korean: Bool) -> String? {
        guard let info = info(result) else { return nil }
        return korean ? info.korean : "\(info.english) (\(info.korean))"
    }
}

extension StationInfo {
    /// The traditional name of a corner or the centre, as `ThrowNames.displayName` words
    /// a result: "모" in Korean, "Mo (모)" otherwise; `nil` for a station without one.
    public func displayName(korean: Bool) -> String? {
        guard let ko = nameKorean, let en = nameEnglish else { return nil }
        return korean ? ko : "\(en.capitalized) (\(ko))"
    }
}

/// How the game screen shares its space, from its size alone (never from the phase, so
/// nothing moves between a throw and a move): the board a fixed square, the stick mat
/// under it in portrait, or board and mat side by side in landscape and on a wide iPad.
/// What does not fit under the board scrolls; the board never shrinks for it.
public struct TableLayout: Sendable, Equatable {
    /// Height kept for the rows around the board and the mat (the turn banner, the seats,
    /// the hand, the action row, take back) at the default text size.
    public static let rowsHeight: Double = 272
    public static let minimumMat: Double = 110
    public static let maximumMat: Double = 240

    /// Board and controls side by side (else one column, the board on top).
    public let sideBySide: Bool
    /// The board's side, in points.
    public let boardSide: Double
    /// The stick mat's height, in points.
    public let matHeight: Double

    public init(width: Double, height: Double) {
        let w = max(width, 1), h = max(height, 1)
        sideBySide = w > h * 1.05
        if sideBySide {
            boardSide = max(min(h - 16, w * 0.58), 1)
            matHeight = min(max(h - Self.rowsHeight, Self.minimumMat), Self.maximumMat)
        } else {
            boardSide = max(min(w - 16, h * 0.56), 1)
            matHeight = min(max(h - boardSide - Self.rowsHeight, Self.minimumMat), Self.maximumMat)
        }
    }
}
