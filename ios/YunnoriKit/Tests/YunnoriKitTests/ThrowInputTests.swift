import Foundation
import Testing
import YutCore
@testable import YunnoriKit

@Suite("Throw input and animation math")
struct ThrowInputTests {
    @Test("a short touch is a tap; a swipe has a direction, a speed and a duration")
    func swipes() {
        #expect(ThrowInput.swipe(dx: 3, dy: -4, seconds: 0.1) == ThrowInput.tap)
        let up = ThrowInput.swipe(dx: 0, dy: -300, seconds: 0.2)
        #expect(abs(Double(up.directionRad) + Double.pi / 2) < 1e-5)
        #expect(abs(Double(up.speed) - 1500) < 0.5)
        #expect(up.durationMs == 200)
        // Nonsense in, a tap or a bounded flick out.
        #expect(ThrowInput.swipe(dx: .nan, dy: 1, seconds: 0.1) == ThrowInput.tap)
        let instant = ThrowInput.swipe(dx: 500, dy: 0, seconds: 0)
        #expect(instant.speed <= 20_000)
        #expect(instant.durationMs > 0)
        let bot = ThrowInput.botGesture()
        #expect(bot.directionRad < 0 && bot.speed > 0)
    }

    @Test("every stick of a real throw lands where and how the core's plan says")
    @MainActor
    func stickPoses() throws {
        let game = try GameSession(game: table(human, human, seed: 99))
        for _ in 0..<12 {
            guard try game.snapshot().phase == .toThrow else {
                _ = try game.play(mv: try #require(try game.legalMoves().first))
                continue
            }
            let report = try game.throwSticks(gesture: ThrowInput.swipe(dx: 40, dy: -400, seconds: 0.15))
            for (i, stick) in report.plan.sticks.enumerated() {
                let start = stick.pose(atMs: 0)
                #expect(!start.landed)
                #expect(abs(start.x - Double(stick.startX)) < 1e-6)
                let end = stick.pose(atMs: Double(stick.flightMs))
                #expect(end.landed)
                #expect(end.flatUp == report.sticks[i], "stick \(i) shows the drawn face")
                #expect(abs(end.x - Double(stick.endX)) < 1e-5)
                #expect(abs(end.y - Double(stick.endY)) < 1e-5)
                #expect(end.offMat == stick.offMat)
                #expect(abs(end.lift) < 1e-9)
                #expect(stick.pose(atMs: Double(stick.flightMs) * 10) == end)
                #expect(end.marked == (i == 0))
            }
        }
    }

    @Test("a piece follows its path station by station")
    func paths() throws {
        let board = BoardGeometry()
        #expect(board.layout.stations.count == 29)
        let show = MoveShow(id: 1, seat: 0, from: .home,
                            path: [.station(id: "1"), .station(id: "2"), .station(id: "3")],
                            pieces: 1, captured: 0, events: [])
        let motion = board.motion(of: show, stepSeconds: 0.2)
        #expect(motion.points.count == 4)
        #expect(abs(motion.duration - 0.6) < 1e-9)
        let end = try #require(motion.position(at: 5))
        let three = try #require(board.point(ofStation: "3"))
        #expect(end.point == three)
        let mid = try #require(motion.position(at: 0.3))
        let one = try #require(board.point(ofStation: "1"))
        let two = try #require(board.point(ofStation: "2"))
        #expect(abs(mid.point.y - (one.y + two.y) / 2) < 1e-9)
        #expect(mid.hop > 0.99)
        #expect(board.station(near: one.x + 0.01, one.y, radius: 0.05)?.id == "1")
        #expect(board.station(near: 0.5, 0.75, radius: 0.05) == nil)
        #expect(ThrowNames.info(.mo)?.korean == "모")
    }
}
