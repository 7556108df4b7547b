import SwiftUI
import YunnoriKit

/// The board: the core's 29 stations and lines drawn with `Canvas` (corners and the centre
/// larger), stacks as coloured discs with their counts, the picked piece ringed, its legal
/// destinations lit (tap one to move there), a hint's piece and destination ringed in
/// gold, and the last move animated station by station along the path the core reported.
struct BoardView: View {
    let state: GameState
    let board: BoardGeometry
    /// Time per station of the move animation.
    let stepSeconds: Double
    let onTap: (Spot) -> Void

    @State private var moving: MoveShow?
    @State private var movingSince = Date.distantPast

    /// Sizes as fractions of the board's side.
    private enum Size {
        static let margin = 0.1
        static let station = 0.032
        static let corner = 0.052
        static let disc = 0.062
    }

    /// The diameter of a tappable thing on the board: its drawn size, and never under the
    /// 44-point minimum target.
    private func target(_ drawn: CGFloat) -> CGFloat {
        max(drawn, BoardGeometry.minimumTarget)
    }

    var body: some View {
        GeometryReader { geo in
            let frame = boardFrame(in: geo.size)
            ZStack {
                Canvas { context, _ in
                    drawBoard(in: &context, frame: frame)
                }
                .accessibilityHidden(true)
                destinationMarkers(frame: frame)
                if let hint = state.hint {
                    hintRings(hint, frame: frame)
                }
                stackDiscs(frame: frame)
                if let moving {
                    movingStack(moving, frame: frame)
                }
            }
            .contentShape(Rectangle())
            .gesture(SpatialTapGesture().onEnded { value in
                tap(at: value.location, frame: frame)
            })
        }
        .aspectRatio(1, contentMode: .fit)
        .task(id: state.lastMove?.id) { await animate(state.lastMove) }
    }

    // MARK: - Geometry

    private func boardFrame(in size: CGSize) -> CGRect {
        let side = min(size.width, size.height)
        let inset = side * Size.margin
        return CGRect(x: (size.width - side) / 2 + inset, y: (size.height - side) / 2 + inset,
                      width: side - 2 * inset, height: side - 2 * inset)
    }

    private func place(_ p: PathMotion.Point, in frame: CGRect) -> CGPoint {
        CGPoint(x: frame.minX + p.x * frame.width, y: frame.minY + p.y * frame.height)
    }

    private func place(_ spot: Spot, in frame: CGRect) -> CGPoint {
        place(board.point(of: spot), in: frame)
    }

    private func tap(at location: CGPoint, frame: CGRect) {
        let x = (location.x - frame.minX) / frame.width
        let y = (location.y - frame.minY) / frame.height
        // At least half a 44-point target round every station, however small the board.
        let radius = BoardGeometry.hitRadius(boardWidth: frame.width)
        if let spot = board.spot(at: x, y, radius: radius, offBoardRadius: radius * 1.3,
                                 destinations: state.destinations) {
            onTap(spot)
        }
    }

    // MARK: - Drawing

    private func drawBoard(in context: inout GraphicsContext, frame: CGRect) {
        let w = frame.width
        let plate = frame.insetBy(dx: -w * 0.07, dy: -w * 0.07)
        context.fill(Path(roundedRect: plate, cornerRadius: w * 0.05), with: .color(Palette.card))
        context.stroke(Path(roundedRect: plate, cornerRadius: w * 0.05),
                       with: .color(Palette.line.opacity(0.5)), lineWidth: 1.5)

        var lines = Path()
        for line in board.layout.lines {
            guard let a = board.point(ofStation: line.from), let b = board.point(ofStation: line.to)
            else { continue }
            lines.move(to: place(a, in: frame))
            lines.addLine(to: place(b, in: frame))
        }
        context.stroke(lines, with: .color(Palette.line.opacity(0.8)),
                       style: StrokeStyle(lineWidth: max(1.5, w * 0.006), lineCap: .round))

        for station in board.layout.stations {
            let c = place(.init(x: Double(station.x), y: Double(station.y)), in: frame)
            let r = w * (station.cornerOrCenter ? Size.corner : Size.station)
            let circle = Path(ellipseIn: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
            context.fill(circle, with: .color(Palette.paper))
            context.stroke(circle, with: .color(Palette.line), lineWidth: station.cornerOrCenter ? 2.5 : 1.5)
            if station.cornerOrCenter {
                let inner = r * 0.62
                context.stroke(
                    Path(ellipseIn: CGRect(x: c.x - inner, y: c.y - inner, width: 2 * inner, height: 2 * inner)),
                    with: .color(Palette.line.opacity(0.6)), lineWidth: 1)
            }
            if let name = station.nameKorean {
                // Names sit outside the square at the corners, under the centre.
                let dx = station.x < 0.25 ? -1.0 : (station.x > 0.75 ? 1.0 : 0.0)
                let dy = station.y < 0.25 ? -1.0 : 1.0
                let at = CGPoint(x: c.x + dx * r * 0.9, y: c.y + dy * (r + w * 0.035))
                let size = max(10, w * 0.032)
                context.draw(
                    Text(name).font(.system(size: size, weight: .semibold))
                        .foregroundStyle(Palette.line),
                    at: at)
                // Where the screen is English, the romanisation small, on the outer side.
                if !prefersKorean, let romanised = station.nameEnglish {
                    let small = size * DesignTokens.TypeScale.cornerRomanised / DesignTokens.TypeScale.cornerName
                    context.draw(
                        Text(verbatim: romanised).font(.system(size: small))
                            .foregroundStyle(Palette.line),
                        at: CGPoint(x: at.x, y: at.y + dy * (size + small) * 0.6))
                }
            }
        }

        // The picked piece.
        if case .station(let id)? = state.selection, let p = board.point(ofStation: id) {
            let c = place(p, in: frame)
            let r = w * (Size.disc + 0.018)
            context.stroke(Path(ellipseIn: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)),
                           with: .color(Palette.accent), lineWidth: 3)
        }
    }

    // MARK: - Destinations

    private func destinationMarkers(frame: CGRect) -> some View {
        ForEach(state.destinations, id: \.self) { spot in
            DestinationMarker(isExit: spot == .done, diameter: frame.width * Size.disc * 2.2,
                              chance: state.chance(at: spot))
                .frame(width: target(frame.width * Size.disc * 2.2), height: target(frame.width * Size.disc * 2.2))
                .position(place(spot, in: frame))
                .accessibilityElement()
                .accessibilityLabel(destinationLabel(spot, chance: state.chance(at: spot)))
                .accessibilityAddTraits(.isButton)
                .accessibilityAction { onTap(spot) }
        }
    }

    /// The hint's piece and destination, ringed in gold.
    private func hintRings(_ hint: Hint, frame: CGRect) -> some View {
        let diameter = frame.width * Size.disc * 2.8
        return ForEach([hint.move.from, hint.move.to], id: \.self) { spot in
            Circle()
                .stroke(Palette.highlight, lineWidth: spot == hint.move.to ? 4 : 2)
                .frame(width: diameter, height: diameter)
                .position(place(spot, in: frame))
                .accessibilityHidden(true)
        }
    }

    private func destinationLabel(_ spot: Spot, chance: Double?) -> String {
        let place = destinationLabel(spot)
        guard let chance else { return place }
        let odds = String(format: localized("board.chance", fallback: "about %lld%% to win"),
                          percent(chance))
        return "\(place), \(odds)"
    }

    private func destinationLabel(_ spot: Spot) -> String {
        switch spot {
        case .done: return localized("board.exit", fallback: "Bring the piece home")
        case .home: return localized("board.home", fallback: "Back off the board")
        case .station:
            return String(format: localized("board.moveTo", fallback: "Move to %@"), spotName(spot, on: board))
        }
    }

    // MARK: - Stacks

    /// Stacks that share a station (safe stations, stacking off, two stacks of one seat)
    /// are fanned out a little; each has an id of its own (`BoardGeometry.placed`).
    private func stackDiscs(frame: CGRect) -> some View {
        let hidden: String? = {
            guard moving != nil, case .station(let id)? = moving?.path.last else { return nil }
            return id
        }()
        return ForEach(BoardGeometry.placed(state.snapshot?.stacks ?? [], hiding: hidden)) { placed in
            let stack = placed.stack
            let spot = Spot.station(id: stack.station)
            let movable = state.origins.contains(spot)
            let shift = frame.width * 0.035 * Double(placed.fan)
            StackDisc(colours: stack.counts.map { Color(hex: $0.colour) }, size: Int(stack.size),
                      diameter: frame.width * Size.disc * 2, glowing: movable && state.selection == nil)
                .frame(width: target(frame.width * Size.disc * 2), height: target(frame.width * Size.disc * 2))
                .position(place(.init(x: Double(stack.x), y: Double(stack.y)), in: frame))
                .offset(x: shift, y: -shift)
                .allowsHitTesting(false)
                .accessibilityElement()
                .accessibilityLabel(stackLabel(stack))
                .accessibilityAddTraits(movable ? .isButton : [])
                .accessibilityAction { onTap(spot) }
        }
    }

    private func stackLabel(_ stack: StackView) -> String {
        let names = stack.counts.compactMap { count in
            state.snapshot?.seats.first { $0.seat == count.seat }?.name
        }
        let at = board.stations[stack.station].map(stationName) ?? stack.station
        return String(format: localized("board.stack", fallback: "%1$@: %2$lld on %3$@"),
                      names.joined(separator: ", "), Int(stack.size), at)
    }

    // MARK: - The move animation

    private func movingStack(_ move: MoveShow, frame: CGRect) -> some View {
        let motion = board.motion(of: move, stepSeconds: stepSeconds)
        let colour = state.snapshot?.seats.first { $0.seat == move.seat }.map { Color(hex: $0.colour) }
            ?? .gray
        return TimelineView(.animation) { timeline in
            let t = timeline.date.timeIntervalSince(movingSince)
            if let now = motion.position(at: t) {
                StackDisc(colours: [colour], size: Int(move.pieces),
                          diameter: frame.width * Size.disc * 2, glowing: false)
                    .scaleEffect(1 + 0.22 * now.hop)
                    .shadow(color: .black.opacity(0.25 * now.hop), radius: 6 * now.hop, y: 4 * now.hop)
                    .position(place(now.point, in: frame))
            }
        }
        .allowsHitTesting(false)
        .accessibilityHidden(true)
    }

    private func animate(_ move: MoveShow?) async {
        // With Reduce Motion the step time is 0: the piece is simply where it stopped.
        guard let move, !move.path.isEmpty, stepSeconds > 0 else {
            moving = nil
            return
        }
        moving = move
        movingSince = .now
        let duration = board.motion(of: move, stepSeconds: stepSeconds).duration
        try? await Task.sleep(for: .seconds(duration))
        if moving?.id == move.id { moving = nil }
    }
}

/// Pieces standing together: a disc in the owner's colour (split between partners'
/// colours), with the count when more than one.
struct StackDisc: View {
    let colours: [Color]
    let size: Int
    let diameter: CGFloat
    let glowing: Bool

    var body: some View {
        ZStack {
            if colours.count > 1 {
                ForEach(Array(colours.enumerated()), id: \.offset) { i, colour in
                    Circle()
                        .trim(from: Double(i) / Double(colours.count),
                              to: Double(i + 1) / Double(colours.count))
                        .stroke(colour, lineWidth: diameter / 2)
                        .frame(width: diameter / 2, height: diameter / 2)
                }
            } else {
                Circle().fill(colours.first ?? .gray)
            }
            Circle().stroke(.white.opacity(0.9), lineWidth: 2)
            if size > 1 {
                Text(verbatim: "\(size)")
                    .font(.system(size: diameter * 0.5, weight: .heavy, design: .rounded))
                    .foregroundStyle(.white)
                    .shadow(color: .black.opacity(0.4), radius: 1)
            }
        }
        .frame(width: diameter, height: diameter)
        .shadow(color: glowing ? Palette.highlight : .black.opacity(0.25), radius: glowing ? 6 : 2)
    }
}

/// A lit destination, gently pulsing.
private struct DestinationMarker: View {
    let isExit: Bool
    let diameter: CGFloat
    /// With a hint: the winning chance after moving here, shown on a gold tag.
    let chance: Double?
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var pulse = false

    var body: some View {
        ZStack {
            Circle()
                .fill(Palette.highlight.opacity(0.35))
            Circle()
                .stroke(Palette.highlight, lineWidth: 3)
            if isExit {
                Image(systemName: "arrow.down.right.circle.fill")
                    .font(.system(size: diameter * 0.45))
                    .foregroundStyle(Palette.accent)
            }
        }
        .frame(width: diameter, height: diameter)
        .scaleEffect(pulse ? 1.08 : 0.94)
        .animation(reduceMotion ? nil : .easeInOut(duration: 0.7).repeatForever(autoreverses: true), value: pulse)
        .onAppear { pulse = !reduceMotion }
        .overlay(alignment: .top) {
            if let chance {
                Text(verbatim: "\(percent(chance))%")
                    .font(.caption2.bold())
                    .foregroundStyle(Color.black)
                    .padding(.horizontal, 4)
                    .background(Capsule().fill(Palette.highlight))
                    .dynamicTypeSize(...DynamicTypeSize.xxxLarge)
                    .offset(y: -diameter * 0.55)
            }
        }
    }
}

#Preview("A piece picked, its destinations lit") {
    BoardView(state: Samples.game(.toMove).state, board: BoardGeometry(), stepSeconds: 0.17) { _ in }
        .padding()
}

#Preview("Two stacks of one seat on one station") {
    BoardView(state: Samples.game(.sharedStation).state, board: BoardGeometry(), stepSeconds: 0.17) { _ in }
        .padding()
}

#Preview("A stack of two seats") {
    StackDisc(colours: [.red, .blue], size: 3, diameter: 60, glowing: true)
        .padding()
}
