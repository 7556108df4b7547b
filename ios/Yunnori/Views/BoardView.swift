import SwiftUI
import YunnoriKit

/// The board as a 말판 on 한지: the core's 29 stations and lines drawn with `Canvas` on a
/// sheet of paper with its fibres (`PaperGrain`), the lines as ink-brush strokes, the
/// corners and the centre larger and doubled with their names, arrows for the way on and
/// the way home; stacks as piles of 말 (tokens in the seat's colour with its mark) with
/// their counts; the picked piece ringed, its destinations lit with a ghost of it (tap one
/// to move there), a hint's piece and destination ringed in gold; and the last move played
/// out on its `MoveTimeline`, from the time the core says it started: the stack hops
/// station by station along the core's path at the core's pace, then the tokens it
/// captured fly back off the board, a stack that formed there snaps together and a
/// shortcut taken there spreads a ring. Android's Board.kt draws the same.
struct BoardView: View {
    let table: TableState
    let board: BoardGeometry
    let onTap: (Spot) -> Void
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    /// The move being played out, while it lasts.
    @State private var playing: Playing?
    /// When the game was won here (the confetti's start); `nil` while it goes on.
    @State private var wonAt: Date?
    private static let confetti = Confetti()

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
                if let hint = table.hint {
                    hintRings(hint, frame: frame)
                }
                stackDiscs(frame: frame)
                if let playing {
                    movingStack(playing, frame: frame)
                }
                if let wonAt {
                    celebration(since: wonAt, frame: frame)
                }
            }
            .contentShape(Rectangle())
            .gesture(SpatialTapGesture().onEnded { value in
                tap(at: value.location, frame: frame)
            })
        }
        .aspectRatio(1, contentMode: .fit)
        .task(id: table.lastMove?.seq) { await animate(table.lastMove) }
        .onChange(of: table.snapshot.over) { _, over in wonAt = over ? .now : nil }
    }

    private var destinations: [Destination] { table.selection?.destinations ?? [] }

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
                                 destinations: destinations.map(\.to)) {
            onTap(spot)
        }
    }

    // MARK: - Drawing

    /// The sheet of paper under the board, the same every time.
    private static let paper = PaperGrain()

    private func drawBoard(in context: inout GraphicsContext, frame: CGRect) {
        let w = frame.width
        func at(_ p: PathMotion.Point) -> CGPoint { place(p, in: frame) }
        let m = PaperGrain.margin
        let sheet = CGRect(x: frame.minX - m * w, y: frame.minY - m * w,
                           width: w * (1 + 2 * m), height: w * (1 + m + PaperGrain.foot))
        let paper = Path(roundedRect: sheet, cornerRadius: w * 0.03)
        context.fill(Path(roundedRect: sheet.offsetBy(dx: w * 0.006, dy: w * 0.01), cornerRadius: w * 0.03),
                     with: .color(.black.opacity(0.18)))
        context.fill(paper, with: .color(Palette.boardPaper))
        var grain = context
        grain.clip(to: paper)
        for cloud in Self.paper.clouds {
            let c = at(cloud.centre), r = cloud.radius * w
            grain.fill(Path(ellipseIn: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)),
                       with: .radialGradient(Gradient(colors: [Palette.boardInk.opacity(cloud.opacity), .clear]),
                                             center: c, startRadius: 0, endRadius: r))
        }
        for fibre in Self.paper.fibres {
            var strand = Path()
            strand.move(to: at(fibre.a))
            strand.addQuadCurve(to: at(fibre.b), control: at(fibre.c))
            grain.stroke(strand, with: .color((fibre.light ? Color.white : Palette.boardInk).opacity(fibre.opacity)),
                         style: StrokeStyle(lineWidth: fibre.width * w, lineCap: .round))
        }
        // A darker rim, as a sheet of paper ages at its edges.
        grain.stroke(paper, with: .color(Palette.boardInk.opacity(0.25)), lineWidth: w * 0.012)

        for line in board.layout.lines {
            guard let a = board.point(ofStation: line.from), let b = board.point(ofStation: line.to)
            else { continue }
            brush(from: at(a), to: at(b), width: max(1.5, w * 0.0075), in: context)
        }
        if let way = board.wayOnAndHome {
            arrow(from: at(way.on.from), to: at(way.on.to), width: w * 0.008, colour: Palette.wayOn, in: context)
            arrow(from: at(way.home.from), to: at(way.home.to), width: w * 0.008, colour: Palette.wayHome, in: context)
        }

        for station in board.layout.stations {
            let c = place(.init(x: Double(station.x), y: Double(station.y)), in: frame)
            let r = w * (station.cornerOrCenter ? Size.corner : Size.station)
            let circle = Path(ellipseIn: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
            context.fill(circle, with: .color(Palette.boardPaper))
            context.stroke(circle, with: .color(Palette.boardInk), lineWidth: station.cornerOrCenter ? 2.5 : 1.5)
            if station.cornerOrCenter {
                // Doubled, as on a painted board.
                let inner = r * 0.7
                context.stroke(
                    Path(ellipseIn: CGRect(x: c.x - inner, y: c.y - inner, width: 2 * inner, height: 2 * inner)),
                    with: .color(Palette.boardInk.opacity(0.55)), lineWidth: 1)
            }
            if let name = station.nameKorean {
                // Below each corner (and the centre), kept inside the sheet's width: Hangul
                // first, the romanisation small after it where the screen is English.
                let anchor: UnitPoint = station.x < 0.25 ? .topLeading : (station.x > 0.75 ? .topTrailing : .top)
                let x = station.x < 0.25 ? c.x - r : (station.x > 0.75 ? c.x + r : c.x)
                let size = max(10, w * 0.038)
                let small = size * DesignTokens.TypeScale.cornerRomanised / DesignTokens.TypeScale.cornerName
                var label = Text(name).font(.system(size: size, weight: .bold))
                if !prefersKorean, let romanised = station.nameEnglish {
                    label = label + Text(verbatim: " " + romanised).font(.system(size: small))
                }
                context.draw(label.foregroundStyle(Palette.boardInk), at: CGPoint(x: x, y: c.y + r + w * 0.012),
                             anchor: anchor)
            }
        }

        // The picked piece.
        if case .station(let id)? = table.selection?.from, let p = board.point(ofStation: id) {
            let c = place(p, in: frame)
            let r = w * (Size.disc + 0.018)
            context.stroke(Path(ellipseIn: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)),
                           with: .color(Palette.accent), lineWidth: 3)
        }
    }

    /// A line as a brush draws it: thickest in the middle, thinner where it meets a station.
    private func brush(from a: CGPoint, to b: CGPoint, width: CGFloat, in context: GraphicsContext) {
        let dx = b.x - a.x, dy = b.y - a.y, length = hypot(dx, dy)
        guard length > 0 else { return }
        let n = CGPoint(x: -dy / length, y: dx / length)
        // A quadratic's middle lies halfway between its ends' offset and its control's.
        let end = width * 0.35, bulge = 2 * (width * 0.6) - end
        let mid = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        func off(_ p: CGPoint, _ k: CGFloat) -> CGPoint { CGPoint(x: p.x + n.x * k, y: p.y + n.y * k) }
        var path = Path()
        path.move(to: off(a, end))
        path.addQuadCurve(to: off(b, end), control: off(mid, bulge))
        path.addLine(to: off(b, -end))
        path.addQuadCurve(to: off(a, -end), control: off(mid, -bulge))
        path.closeSubpath()
        context.fill(path, with: .color(Palette.boardInk.opacity(0.92)))
    }

    private func arrow(from a: CGPoint, to b: CGPoint, width: CGFloat, colour: Color, in context: GraphicsContext) {
        let dx = b.x - a.x, dy = b.y - a.y, length = hypot(dx, dy)
        guard length > 0 else { return }
        let u = CGPoint(x: dx / length, y: dy / length), n = CGPoint(x: -u.y, y: u.x)
        let head = width * 3.2
        var shaft = Path()
        shaft.move(to: a)
        shaft.addLine(to: CGPoint(x: b.x - u.x * head * 0.6, y: b.y - u.y * head * 0.6))
        context.stroke(shaft, with: .color(colour), style: StrokeStyle(lineWidth: width, lineCap: .round))
        var tip = Path()
        tip.move(to: b)
        tip.addLine(to: CGPoint(x: b.x - u.x * head + n.x * head * 0.6, y: b.y - u.y * head + n.y * head * 0.6))
        tip.addLine(to: CGPoint(x: b.x - u.x * head - n.x * head * 0.6, y: b.y - u.y * head - n.y * head * 0.6))
        tip.closeSubpath()
        context.fill(tip, with: .color(colour))
    }

    // MARK: - Destinations

    private func destinationMarkers(frame: CGRect) -> some View {
        let turn = table.snapshot.turn
        return ForEach(destinations, id: \.to) { destination in
            let spot = destination.to
            DestinationMarker(isExit: spot == .done, diameter: frame.width * Size.disc * 2.2,
                              chance: destination.chance,
                              ghost: Piece(seat: turn.seat, colour: Color(hex: turn.colour)))
                .frame(width: target(frame.width * Size.disc * 2.2), height: target(frame.width * Size.disc * 2.2))
                .position(place(spot, in: frame))
                .accessibilityElement()
                .accessibilityLabel(destinationLabel(spot, chance: destination.chance))
                .accessibilityAddTraits(.isButton)
                .accessibilityAction { onTap(spot) }
        }
    }

    /// The hint's piece and destination, ringed in gold.
    private func hintRings(_ hint: HintView, frame: CGRect) -> some View {
        let diameter = frame.width * Size.disc * 2.8
        return ForEach([hint.mv.from, hint.mv.to], id: \.self) { spot in
            Circle()
                .stroke(Palette.highlight, lineWidth: spot == hint.mv.to ? 4 : 2)
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
    /// are fanned out a little; each has an id of its own (`BoardGeometry.placed`). While a
    /// move plays, the stacks on the station it goes to follow its timeline.
    private func stackDiscs(frame: CGRect) -> some View {
        let all = BoardGeometry.placed(table.snapshot.stacks)
        return ForEach(all) { placed in
            let stack = placed.stack
            let spot = Spot.station(id: stack.station)
            let movable = table.movable.contains(spot)
            let shift = frame.width * 0.035 * Double(placed.fan)
            let pile = TokenPile(pieces: stack.counts.flatMap { count in
                                     Array(repeating: Piece(seat: count.seat, colour: Color(hex: count.colour)),
                                           count: max(0, Int(count.count)))
                                 },
                                 diameter: frame.width * Size.disc * 1.9, glowing: movable && table.selection == nil)
            LandingPile(pile: pile, placed: placed, among: all,
                        playing: playing.flatMap { $0.timeline.touches(station: stack.station) ? $0 : nil })
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
            table.snapshot.seats.first { $0.seat == count.seat }?.name
        }
        let at = board.stations[stack.station].map(stationName) ?? stack.station
        return String(format: localized("board.stack", fallback: "%1$@: %2$lld on %3$@"),
                      names.joined(separator: ", "), Int(stack.size), at)
    }

    // MARK: - The move animation

    /// A move being played out: its timeline, from when it started.
    struct Playing: Sendable {
        let move: MoveShown
        let timeline: MoveTimeline
        let since: Date
    }

    /// The move in flight, what it captured, and the ring of a shortcut it took, each at
    /// its time on the move's timeline.
    private func movingStack(_ playing: Playing, frame: CGRect) -> some View {
        let move = playing.move, timeline = playing.timeline
        let motion = PathMotion(move: move, pace: timeline.pace)
        let colour = Color(hex: move.colour)
        let pile = Array(repeating: Piece(seat: move.seat, colour: colour), count: max(1, Int(move.pieces)))
        let captures = captured(by: move)
        return TimelineView(.animation) { context in
            let t = context.date.timeIntervalSince(playing.since)
            ZStack {
                // What the move captures stands where it was until the stack lands, then
                // flies back off the board to where pieces wait.
                ForEach(Array(captures.enumerated()), id: \.offset) { k, capture in
                    if let e = timeline.capture(k, of: captures.count, at: t) {
                        let from = place(capture.at, in: frame)
                        let to = place(board.point(of: .home), in: frame)
                        TokenPile(pieces: [capture.piece], diameter: frame.width * Size.disc * 1.9 * (1 - 0.35 * e),
                                  glowing: false, lift: e > 0 ? 1 : 0)
                            .position(x: from.x + (to.x - from.x) * e,
                                      y: from.y + (to.y - from.y) * e - sin(Double.pi * e) * frame.width * 0.22)
                    }
                }
                // A shortcut taken where it landed: a ring in the mover's colour spreads
                // from the corner (or the centre) and fades.
                ForEach(timeline.rings(at: t), id: \.station) { ring in
                    let r = frame.width * Size.corner * ring.radius
                    Circle()
                        .stroke(colour.opacity(ring.opacity), lineWidth: max(1.5, frame.width * 0.012))
                        .frame(width: 2 * r, height: 2 * r)
                        .position(place(.station(id: ring.station), in: frame))
                }
                // The stack on its way; once it lands, the board's own stacks show it.
                if timeline.travelling(at: t), let now = motion.position(at: t) {
                    TokenPile(pieces: pile, diameter: frame.width * Size.disc * 1.9, glowing: false, lift: now.hop)
                        .position(place(now.point, in: frame))
                }
            }
        }
        .allowsHitTesting(false)
        .accessibilityHidden(true)
    }

    /// The tokens `move` captured, each with where it stood, in its owner's colour (a side's
    /// seats in turn, for partners).
    private func captured(by move: MoveShown) -> [(at: PathMotion.Point, piece: Piece)] {
        move.events.flatMap { event -> [(at: PathMotion.Point, piece: Piece)] in
            guard case let .captured(at, side, pieces) = event, let p = board.point(ofStation: at) else { return [] }
            let seats = table.snapshot.seats.filter { $0.side == side }
            return (0..<max(0, Int(pieces))).map { k in
                let seat = seats.isEmpty ? nil : seats[k % seats.count]
                return (at: p, piece: Piece(seat: seat?.seat ?? 0, colour: seat.map { Color(hex: $0.colour) } ?? .gray))
            }
        }
    }

    /// A win's paper confetti in the winners' colours and gold, for the design's time (a
    /// quarter of it under Reduce Motion, when pieces jump).
    private func celebration(since start: Date, frame: CGRect) -> some View {
        let pace = BoardPace(stepMs: UInt32(DesignTokens.Motion.hopMs), reduceMotion: reduceMotion)
        let seconds = pace.seconds(ms: DesignTokens.Motion.celebrationMs)
        let winners = table.snapshot.seats.filter { $0.place == 1 }.map { Color(hex: $0.colour) }
        let colours = winners + [Palette.highlight]
        return TimelineView(.animation) { timeline in
            let t = timeline.date.timeIntervalSince(start) / seconds
            Canvas { context, _ in
                guard t < 1 else { return }
                for piece in Self.confetti.pieces {
                    let at = Self.confetti.place(of: piece, at: t)
                    let c = place(.init(x: at.x, y: at.y), in: frame)
                    let w = piece.size * frame.width, h = w * 0.6
                    let a = at.degrees * Double.pi / 180
                    // The paper's four corners, turned.
                    let cosA = cos(a), sinA = sin(a)
                    func turned(_ dx: Double, _ dy: Double) -> CGPoint {
                        let x: Double = c.x + dx * cosA - dy * sinA
                        let y: Double = c.y + dx * sinA + dy * cosA
                        return CGPoint(x: x, y: y)
                    }
                    let corners: [CGPoint] = [turned(-w / 2, -h / 2), turned(w / 2, -h / 2),
                                              turned(w / 2, h / 2), turned(-w / 2, h / 2)]
                    var paper = Path()
                    paper.move(to: corners[0])
                    for corner in corners.dropFirst() { paper.addLine(to: corner) }
                    paper.closeSubpath()
                    context.fill(paper, with: .color(colours[piece.colour % colours.count].opacity(at.opacity)))
                }
            }
        }
        .allowsHitTesting(false)
        .accessibilityHidden(true)
    }

    /// Plays `move` from the time the core started it (a move long over is drawn where it
    /// stopped: a reopened game, a preview at rest).
    private func animate(_ move: MoveShown?) async {
        guard let move, !move.path.isEmpty else {
            playing = nil
            return
        }
        // Under Reduce Motion a plain move has nothing to play: the piece is simply where
        // it stopped (a snap, a ring or a capture still plays, a quarter as long).
        let timeline = MoveTimeline(move: move, pace: BoardPace(move: move, reduceMotion: reduceMotion))
        let since = Date(timeIntervalSince1970: Double(move.startedAtMs) / 1000)
        let left = timeline.end - Date.now.timeIntervalSince(since)
        guard left > 0 else {
            playing = nil
            return
        }
        playing = Playing(move: move, timeline: timeline, since: since)
        try? await Task.sleep(for: .seconds(left))
        if playing?.move.seq == move.seq { playing = nil }
    }
}

/// A stack standing on the board. While a move to its station plays, it waits hidden until
/// the move lands there, and a stack that has just formed lands large and settles
/// (`MoveTimeline`); otherwise it is simply drawn.
private struct LandingPile: View {
    let pile: TokenPile
    let placed: PlacedStack
    let among: [PlacedStack]
    /// The move being played, when it touches this stack's station.
    let playing: BoardView.Playing?

    var body: some View {
        if let playing {
            TimelineView(.animation) { context in
                let t = context.date.timeIntervalSince(playing.since)
                pile
                    .scaleEffect(playing.timeline.scale(of: placed, among: among, at: t))
                    .opacity(playing.timeline.hides(station: placed.stack.station, at: t) ? 0 : 1)
            }
        } else {
            pile
        }
    }
}

/// One piece as the board draws it: its seat (for the mark) and colour.
struct Piece: Equatable {
    let seat: Int32
    let colour: Color
}

/// Pieces standing together as 말: tokens piled up (bottom first, at most four drawn), each
/// in its owner's colour with the seat's mark, and the count on a badge when more than one.
/// `lift` (0–1) raises the pile off the board, as a hop does.
struct TokenPile: View {
    let pieces: [Piece]
    let diameter: CGFloat
    let glowing: Bool
    var opacity: Double = 1
    var lift: Double = 0

    var body: some View {
        Canvas { context, size in
            let r = diameter / 2
            let shown = Array(pieces.suffix(4))
            let step = r * 0.32
            let base = CGPoint(x: size.width / 2, y: size.height / 2 + step * Double(shown.count - 1) / 2)
            for (k, piece) in shown.enumerated() {
                drawToken(piece, at: CGPoint(x: base.x, y: base.y - step * Double(k)), radius: r,
                          opacity: opacity, lift: lift, in: context)
            }
            if pieces.count > 1 {
                let top = CGPoint(x: base.x + r * 0.8, y: base.y - step * Double(shown.count - 1) - r * 0.8 - r * 0.9 * lift)
                let badge = r * 0.55
                context.fill(Path(ellipseIn: CGRect(x: top.x - badge, y: top.y - badge, width: 2 * badge, height: 2 * badge)),
                             with: .color(.black.opacity(0.75)))
                context.draw(Text(verbatim: "\(pieces.count)").font(.system(size: r * 0.8, weight: .bold))
                                .foregroundStyle(Color.white), at: top)
            }
        }
        .frame(width: diameter * 1.4, height: diameter * 1.7)
        .shadow(color: glowing ? Palette.highlight : .clear, radius: glowing ? 6 : 0)
    }
}

/// One 말: a token of the seat's colour lit from the upper left, its thickness below it,
/// a rim and the seat's own white mark, with its shadow (further and fainter when lifted).
private func drawToken(_ piece: Piece, at c: CGPoint, radius r: CGFloat, opacity: Double, lift: Double,
                       in context: GraphicsContext) {
    func disc(_ p: CGPoint, _ r: CGFloat) -> Path { Path(ellipseIn: CGRect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r)) }
    let raised = CGPoint(x: c.x, y: c.y - r * 0.9 * lift)
    context.fill(disc(CGPoint(x: c.x + r * (0.1 + 0.25 * lift), y: c.y + r * (0.2 + 0.2 * lift)), r * (1 + 0.1 * lift)),
                 with: .color(.black.opacity(opacity * (0.3 - 0.15 * lift))))
    let side = CGPoint(x: raised.x, y: raised.y + r * 0.16)
    context.fill(disc(side, r), with: .color(piece.colour.opacity(opacity)))
    context.fill(disc(side, r), with: .color(.black.opacity(0.35 * opacity)))
    context.fill(disc(raised, r), with: .color(piece.colour.opacity(opacity)))
    context.fill(disc(raised, r), with: .radialGradient(
        Gradient(colors: [Color.white.opacity(0.35 * opacity), .clear]),
        center: CGPoint(x: raised.x - r * 0.35, y: raised.y - r * 0.4), startRadius: 0, endRadius: r * 1.3))
    context.stroke(disc(raised, r), with: .color(.black.opacity(0.35 * opacity)), lineWidth: r * 0.1)
    let mark = seatMark(piece.seat, at: raised, radius: r)
    if mark.ring {
        context.stroke(mark.path, with: .color(.white.opacity(opacity)), lineWidth: r * 0.2)
    } else {
        context.fill(mark.path, with: .color(.white.opacity(opacity)))
    }
}

/// A seat's own mark (dot, triangle, square, diamond, cross, ring for seats 1 to 6), so
/// seats are told apart by shape as well as colour; the same as Android's.
private func seatMark(_ seat: Int32, at c: CGPoint, radius: CGFloat) -> (path: Path, ring: Bool) {
    let s = radius * 0.5
    func polygon(_ r: CGFloat, _ corners: Int) -> Path {
        var path = Path()
        for k in 0..<corners {
            // A CGFloat angle: CoreGraphics' cos(CGFloat) and Darwin's cos(Double) would both
            // take a Double one, and Apple's SDK finds that ambiguous.
            let a = -CGFloat.pi / 2 + 2 * CGFloat.pi * CGFloat(k) / CGFloat(corners)
            let p = CGPoint(x: c.x + r * cos(a), y: c.y + r * sin(a))
            if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        return path
    }
    func box(_ w: CGFloat, _ h: CGFloat) -> [CGPoint] {
        [CGPoint(x: c.x - w, y: c.y - h), CGPoint(x: c.x + w, y: c.y - h),
         CGPoint(x: c.x + w, y: c.y + h), CGPoint(x: c.x - w, y: c.y + h)]
    }
    func shape(_ points: [CGPoint]) -> Path {
        var path = Path()
        for (k, p) in points.enumerated() { if k == 0 { path.move(to: p) } else { path.addLine(to: p) } }
        path.closeSubpath()
        return path
    }
    switch ((Int(seat) % 6) + 6) % 6 {
    case 0: return (Path(ellipseIn: CGRect(x: c.x - s * 0.7, y: c.y - s * 0.7, width: s * 1.4, height: s * 1.4)), false)
    case 1: return (polygon(s * 1.1, 3), false)
    case 2: return (shape(box(s * 0.75, s * 0.75)), false)
    case 3: return (polygon(s * 1.05, 4), false)
    case 4:
        // A plus: the outline of two crossing bars.
        let a = s, b = s * 0.3
        return (shape([
            CGPoint(x: c.x - b, y: c.y - a), CGPoint(x: c.x + b, y: c.y - a), CGPoint(x: c.x + b, y: c.y - b),
            CGPoint(x: c.x + a, y: c.y - b), CGPoint(x: c.x + a, y: c.y + b), CGPoint(x: c.x + b, y: c.y + b),
            CGPoint(x: c.x + b, y: c.y + a), CGPoint(x: c.x - b, y: c.y + a), CGPoint(x: c.x - b, y: c.y + b),
            CGPoint(x: c.x - a, y: c.y + b), CGPoint(x: c.x - a, y: c.y - b), CGPoint(x: c.x - b, y: c.y - b),
        ]), false)
    default: return (Path(ellipseIn: CGRect(x: c.x - s * 0.8, y: c.y - s * 0.8, width: s * 1.6, height: s * 1.6)), true)
    }
}

/// A lit destination, gently pulsing.
private struct DestinationMarker: View {
    let isExit: Bool
    let diameter: CGFloat
    /// With a hint: the winning chance after moving here, shown on a gold tag.
    let chance: Double?
    /// The piece that would move, shown faintly where it would stand.
    var ghost: Piece?
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var pulse = false

    var body: some View {
        ZStack {
            Circle()
                .fill(Palette.highlight.opacity(0.35))
            Circle()
                .stroke(Palette.highlight, lineWidth: 3)
            if let ghost, !isExit {
                TokenPile(pieces: [ghost], diameter: diameter * 0.6, glowing: false, opacity: 0.45)
            }
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
    if let table = Samples.table(.moveDue) {
        BoardView(table: table, board: BoardGeometry()) { _ in }
            .padding()
    }
}

#Preview("Two stacks of one seat on one station") {
    if let table = Samples.table(.sharedStation) {
        BoardView(table: table, board: BoardGeometry()) { _ in }
            .padding()
    }
}

#Preview("A stack snapping together") {
    if let table = Samples.table(.stacked) {
        BoardView(table: table, board: BoardGeometry()) { _ in }
            .padding()
    }
}

#Preview("A shortcut's ring at its corner") {
    if let table = Samples.table(.shortcut) {
        BoardView(table: table, board: BoardGeometry()) { _ in }
            .padding()
    }
}

#Preview("A capture flying back") {
    if let table = Samples.table(.captured) {
        BoardView(table: table, board: BoardGeometry()) { _ in }
            .padding()
    }
}

#Preview("A hint's rings and chances") {
    if let table = Samples.table(.hint) {
        BoardView(table: table, board: BoardGeometry()) { _ in }
            .padding()
    }
}

#Preview("A stack of three, partners' tokens piled") {
    TokenPile(pieces: [Piece(seat: 0, colour: .red), Piece(seat: 2, colour: .blue), Piece(seat: 0, colour: .red)],
              diameter: 60, glowing: true)
        .padding()
}
