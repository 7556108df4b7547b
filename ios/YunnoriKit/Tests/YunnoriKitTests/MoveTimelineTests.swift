import Foundation
import Testing
import YutCore
@testable import YunnoriKit

/// The timeline the board plays a move on (`MoveTimeline`, `BoardPace`): the stack hops
/// along its path, then a stack that formed snaps together, a shortcut's ring spreads and
/// captured tokens fly back, all a quarter as long under Reduce Motion, as Android's board.
@Suite("A move's animation: the path, a stack snapping together, a shortcut's ring")
struct MoveTimelineTests {
    /// A move of one piece from home over three stations onto station 3, as the core shows
    /// it (the timeline reads its path and events; the pace is given apart).
    private func move(_ events: [GameEvent], path: [String] = ["1", "2", "3"]) -> MoveShown {
        MoveShown(seq: 1, seat: 0, colour: "#D55E00", from: .home, path: path.map { .station(id: $0) },
                  points: [], pieces: 1,
                  captured: events.contains { if case .captured = $0 { true } else { false } } ? 1 : 0,
                  events: events, byBot: false, startedAtMs: 0, stepMs: 170, landsAtMs: 510)
    }

    /// A table whose moves take 170 ms a station; Reduce Motion's jump; a quick bot's
    /// quarter of that pace.
    private let normal = BoardPace(stepMs: 170, reduceMotion: false)
    private let reduced = BoardPace(stepMs: 0, reduceMotion: true)
    private let quick = BoardPace(stepSeconds: 0.0425, scale: 0.25)

    private func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test("the pace: the core's time a station; a jump or Reduce Motion plays the rest a quarter as long, a quick bot's pace in proportion")
    func pace() {
        #expect(BoardPace(stepMs: 160, reduceMotion: false) == BoardPace(stepSeconds: 0.16, scale: 1))
        #expect(normal == BoardPace(stepSeconds: 0.17, scale: 1), "a slower step keeps the design's durations")
        #expect(reduced == BoardPace(stepSeconds: 0, scale: 0.25))
        #expect(BoardPace(stepMs: 0, reduceMotion: false) == reduced, "a jump without Reduce Motion")
        let quarter = BoardPace(stepMs: 40, reduceMotion: false)
        #expect(near(quarter.stepSeconds, 0.04) && quarter.scale == 0.25)
        let half = BoardPace(stepMs: 80, reduceMotion: false)
        #expect(near(half.scale, 0.5))
        #expect(BoardPace(stepMs: 80, reduceMotion: true).scale == 0.25)
        let shown = BoardPace(move: move([]), reduceMotion: false)
        #expect(shown == normal, "a move's pace is the one the core timed it at")
        #expect(near(normal.seconds(ms: DesignTokens.Motion.stackSnapMs), 0.14))
        #expect(near(reduced.seconds(ms: DesignTokens.Motion.stackSnapMs), 0.035))
        #expect(near(reduced.seconds(ms: DesignTokens.Motion.shortcutTurnMs), 0.055))
        #expect(near(reduced.seconds(ms: 2), 0.001), "never under a millisecond")
    }

    @Test("a stack that forms lands a quarter larger when the piece arrives and settles over the snap time")
    func snap() throws {
        let timeline = MoveTimeline(move: move([.stacked(at: "3", pieces: 2)]), pace: normal)
        #expect(near(timeline.travel.end, 0.51))
        let snap = try #require(timeline.snap)
        #expect(snap.station == "3")
        #expect(near(snap.span.start, 0.51) && near(snap.span.end, 0.65))
        #expect(timeline.snapScale(at: 0.3) == 1, "not while the piece is on its way")
        #expect(near(timeline.snapScale(at: 0.51), 1.25))
        #expect(near(timeline.snapScale(at: 0.58), 1.125))
        #expect(timeline.snapScale(at: 0.65) == 1 && timeline.snapScale(at: 2) == 1, "settled")
        #expect(near(timeline.end, 0.65), "the move lasts until the stack has settled")
        #expect(timeline.turns.isEmpty && timeline.rings(at: 0.55).isEmpty && timeline.captures == nil)
        // The stacks on the station it goes to wait hidden until it arrives; no other.
        #expect(timeline.hides(station: "3", at: 0.3) && !timeline.hides(station: "3", at: 0.51))
        #expect(!timeline.hides(station: "2", at: 0.3))
        #expect(timeline.touches(station: "3") && !timeline.touches(station: "2"))
        #expect(timeline.travelling(at: 0.5) && !timeline.travelling(at: 0.51))
    }

    @Test("of several stacks on the station, the one the move formed (the last) snaps; none elsewhere")
    func snapsTheLastOnItsStation() {
        func stack(side: Int32, at station: String, size: Int32) -> StackView {
            StackView(side: side, station: station, x: 0.5, y: 0.5, route: .outer, turn: nil, size: size,
                      counts: [SeatCount(seat: side, colour: "#D55E00", count: size)])
        }
        let placed = BoardGeometry.placed([stack(side: 1, at: "3", size: 1), stack(side: 0, at: "2", size: 1),
                                           stack(side: 0, at: "3", size: 2)])
        let timeline = MoveTimeline(move: move([.stacked(at: "3", pieces: 2)]), pace: normal)
        let scales = placed.map { timeline.scale(of: $0, among: placed, at: 0.51) }
        #expect(scales.count == 3 && scales[0] == 1 && scales[1] == 1 && near(scales[2], 1.25), "\(scales)")
    }

    @Test("a shortcut spreads a ring from its station as the piece lands, fading out over the turn time")
    func ring() throws {
        let timeline = MoveTimeline(move: move([.turned(at: "3", route: .mo)]), pace: normal)
        #expect(timeline.turns.map(\.station) == ["3"])
        #expect(timeline.rings(at: 0.5).isEmpty, "not while the piece is on its way")
        let first = try #require(timeline.rings(at: 0.51).first)
        #expect(first.station == "3" && near(first.radius, 1.2) && near(first.opacity, 1))
        let half = try #require(timeline.rings(at: 0.62).first)
        #expect(near(half.radius, 1.9) && near(half.opacity, 0.5), "spreading and fading")
        #expect(timeline.rings(at: 0.73).isEmpty, "gone after the turn time")
        #expect(near(timeline.end, 0.73))
        #expect(timeline.snap == nil && timeline.snapScale(at: 0.55) == 1)
    }

    @Test("the move lasts its path and the longest of what follows the landing")
    func total() {
        #expect(near(MoveTimeline(move: move([]), pace: normal).end, 0.51))
        let both = MoveTimeline(move: move([.stacked(at: "3", pieces: 2), .turned(at: "3", route: .mo)]),
                                pace: normal)
        #expect(near(both.end, 0.51 + 0.22), "the ring outlasts the snap")
        let all = MoveTimeline(move: move([.captured(at: "3", side: 1, pieces: 1), .stacked(at: "3", pieces: 2),
                                           .turned(at: "3", route: .mo)]), pace: normal)
        #expect(near(all.end, 0.51 + 0.42), "the captured tokens' flight outlasts both")
        let longer = MoveTimeline(move: move([.turned(at: "5", route: .mo)], path: ["1", "2", "3", "4", "5"]),
                                  pace: normal)
        #expect(near(longer.travel.end, 0.85) && near(longer.end, 0.85 + 0.22))
    }

    @Test("under Reduce Motion the piece jumps, and the snap and the ring play at once, a quarter as long")
    func reduceMotion() throws {
        let timeline = MoveTimeline(move: move([.stacked(at: "3", pieces: 2), .turned(at: "3", route: .mo)]),
                                    pace: reduced)
        #expect(timeline.travel.end == 0 && !timeline.travelling(at: 0) && !timeline.hides(station: "3", at: 0))
        let snap = try #require(timeline.snap)
        #expect(snap.span.start == 0 && near(snap.span.end, 0.035))
        #expect(near(timeline.snapScale(at: 0), 1.25) && near(timeline.snapScale(at: 0.0175), 1.125))
        #expect(timeline.snapScale(at: 0.035) == 1)
        let ring = try #require(timeline.rings(at: 0).first)
        #expect(near(ring.radius, 1.2))
        #expect(timeline.rings(at: 0.055).isEmpty)
        #expect(near(timeline.end, 0.055))
        let capture = MoveTimeline(move: move([.captured(at: "3", side: 1, pieces: 1)]), pace: reduced)
        #expect(near(capture.end, 0.105))
        #expect(MoveTimeline(move: move([]), pace: reduced).end == 0, "a plain move has nothing to play")
        let quick = MoveTimeline(move: move([.stacked(at: "3", pieces: 2)]),
                                 pace: quick)
        let quickSnap = try #require(quick.snap)
        #expect(near(quick.travel.end, 3 * 0.0425) && near(quickSnap.span.end, 3 * 0.0425 + 0.035))
    }

    @Test("captured tokens stand until the piece lands, leave one after another and are all home by the end")
    func captures() throws {
        let timeline = MoveTimeline(move: move([.captured(at: "3", side: 1, pieces: 2)]), pace: normal)
        let span = try #require(timeline.captures)
        #expect(near(span.start, 0.51) && near(span.end, 0.93) && near(timeline.end, 0.93))
        #expect(timeline.capture(0, of: 2, at: 0.2) == 0 && timeline.capture(1, of: 2, at: 0.2) == 0)
        let first = try #require(timeline.capture(0, of: 2, at: 0.7))
        let second = try #require(timeline.capture(1, of: 2, at: 0.7))
        #expect(first > second && second > 0, "the second leaves after the first")
        // 99% into the flight the last token is all but home (not cut off on its way).
        let last = try #require(timeline.capture(1, of: 2, at: 0.51 + 0.42 * 0.99))
        #expect(last > 0.999, "almost home at the end: \(last)")
        #expect(timeline.capture(0, of: 2, at: 0.93) == nil && timeline.capture(1, of: 2, at: 0.93) == nil)
        #expect(MoveTimeline(move: move([]), pace: normal).capture(0, of: 1, at: 0.6) == nil)
    }

    @Test("on the real board: the stack the core forms is the one that snaps, on the station it formed on")
    @MainActor
    func realStack() throws {
        let table = try #require(Samples.table(.stacked, atRest: true))
        let move = try #require(table.lastMove)
        let snapshot = table.snapshot
        let stacked = move.events.compactMap { event -> (String, Int32)? in
            if case let .stacked(at, pieces) = event { (at, pieces) } else { nil }
        }
        let (at, pieces) = try #require(stacked.first)
        #expect(move.path.last == .station(id: at))
        let timeline = MoveTimeline(move: move, pace: BoardPace(move: move, reduceMotion: false))
        #expect(timeline.snap?.station == at && timeline.arrival == at)
        let placed = BoardGeometry.placed(snapshot.stacks)
        let landing = timeline.travel.end
        let snapping = placed.filter { timeline.scale(of: $0, among: placed, at: landing) != 1 }
        #expect(snapping.count == 1, "one stack snaps: \(snapping.map(\.id))")
        let stack = try #require(snapping.first).stack
        #expect(stack.station == at && stack.size == pieces)
        #expect(stack.counts.contains { $0.seat == move.seat })
        #expect(near(timeline.scale(of: snapping[0], among: placed, at: landing), 1.25))
        #expect(placed.allSatisfy { timeline.scale(of: $0, among: placed, at: timeline.end) == 1 })
    }

    @Test("on the real board: a shortcut's ring spreads from the corner or the centre it was taken at")
    @MainActor
    func realShortcut() throws {
        let table = try #require(Samples.table(.shortcut, atRest: true))
        let move = try #require(table.lastMove)
        let timeline = MoveTimeline(move: move, pace: BoardPace(move: move, reduceMotion: false))
        let turn = try #require(timeline.turns.first)
        let board = BoardGeometry()
        #expect(board.stations[turn.station]?.cornerOrCenter == true, "\(turn.station)")
        #expect(move.path.last == .station(id: turn.station))
        #expect(timeline.rings(at: timeline.travel.end).map(\.station).contains(turn.station))
        #expect(timeline.end >= timeline.travel.end + 0.22 - 1e-9)
    }
}
