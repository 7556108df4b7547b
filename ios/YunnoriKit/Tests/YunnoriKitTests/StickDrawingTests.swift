import Foundation
import Testing
import YutCore
@testable import YunnoriKit

private let mat = Mat(width: 360, height: 240)

/// What the app draws of the core's numbers: the mat seen in perspective, a stick between
/// two frames of its flight, a real throw's sticks at rest, a piece along its path. (How a
/// swipe becomes a throw is the core's: app/tests/journeys.rs.)
@Suite("Drawing the sticks and the pieces' paths")
struct StickDrawingTests {
    @Test("a point higher above the mat appears further up the screen and larger")
    func projection() throws {
        let layout = matLayout(mat: mat)
        let reach = Double(layout.releaseHeight)
        let camera = MatCamera(mat: mat, width: 375, height: 200, rim: Double(layout.size.rim),
                               headroom: reach)
        let low = camera.project(Vec3(180, 120, 0))
        let high = camera.project(Vec3(180, 120, 60))
        #expect(high.y < low.y, "further up the screen")
        #expect(high.scale > low.scale, "larger")
        #expect(abs(high.x - low.x) < 1e-9, "straight up in the middle")
        // The far edge is smaller and higher up than the near edge: perspective.
        let far = camera.project(Vec3(180, 0, 0)), near = camera.project(Vec3(180, Double(mat.height), 0))
        #expect(far.y < near.y && far.scale < near.scale)
        let farWidth = camera.project(Vec3(Double(mat.width), 0, 0)).x - camera.project(Vec3(0, 0, 0)).x
        let nearWidth = camera.project(Vec3(Double(mat.width), 240, 0)).x - camera.project(Vec3(0, 240, 0)).x
        #expect(farWidth < nearWidth)
        // The mat, its rim and the room above fit the view.
        for p in [Vec3(0, 0, 0), Vec3(360, 0, 0), Vec3(0, 240, 0), Vec3(360, 240, 0), Vec3(0, 0, reach)] {
            let q = camera.project(p)
            #expect(q.x >= 0 && q.x <= 375 && q.y >= 0 && q.y <= 200, "\(p) at \(q)")
        }
        // A finger on the screen lands where the camera shows that point, on the mat or
        // at the hand's height.
        for p in [Vec3(40, 30, 0), Vec3(300, 200, 0), Vec3(120, 90, reach)] {
            let q = camera.project(p)
            let back = try #require(camera.unproject(x: q.x, y: q.y, height: p.z))
            #expect((back - p).length < 1e-6, "\(p) → \(back)")
        }
        // A stick seen from above shows its flat face only when it faces up.
        #expect(camera.sees(Vec3(180, 120, 0), facing: Vec3(0, 0, 1)))
        #expect(!camera.sees(Vec3(180, 120, 0), facing: Vec3(0, 0, -1)))
        // The mat laid out under a wide, short view stays within the core's 1:3 to 3:1.
        let laid = MatCamera.mat(forWidth: 380, height: 110)
        #expect(laid.width == 380 && laid.height >= 127 && laid.height <= 1_140)
    }

    @Test("a stick between two frames is part of the way from one to the other")
    func interpolation() throws {
        let a = Pose(centre: Vec3(100, 100, 40), axis: Vec3(1, 0, 0), normal: Vec3(0, 0, 1))
        let b = Pose(centre: Vec3(110, 90, 30), axis: Vec3(0, 1, 0), normal: Vec3(0, 0, -1).cross(Vec3(0, 1, 0)))
        let track = StickTrack(marked: false, flatUp: true, offMat: false, settleMs: 16, frames: [a, b])
        let layout = matLayout(mat: mat)
        func flight(_ tracks: [StickTrack]) -> Flight {
            Flight(fps: 60, mat: mat, size: layout.size, sticks: tracks, contacts: [], endMs: 16, settleOrder: [],
                   tries: 1, fallback: false)
        }
        func pose(atMs ms: Float) throws -> Pose { try #require(flightPoses(flight: flight([track]), ms: ms).first) }
        #expect(try pose(atMs: 0) == a)
        #expect(try pose(atMs: -5) == a)
        let mid = try pose(atMs: 500.0 / 60)
        #expect(abs(Double(mid.x) - 105) < 1e-4 && abs(Double(mid.y) - 95) < 1e-4 && abs(Double(mid.z) - 35) < 1e-4)
        #expect(abs(mid.axisVector.length - 1) < 1e-5, "the directions stay unit vectors")
        #expect(abs(mid.normalVector.length - 1) < 1e-5)
        #expect(abs(mid.axisVector.dot(mid.normalVector)) < 1e-5, "and square to each other")
        let quarter = try pose(atMs: 250.0 / 60)
        #expect(abs(Double(quarter.x) - 102.5) < 1e-4)
        #expect(try pose(atMs: 1_000) == b, "at rest after its last frame")
        #expect(flightPoses(flight: flight([StickTrack(marked: false, flatUp: true, offMat: false, settleMs: 0,
                                                       frames: [])]), ms: 0).isEmpty)
        // The outline of a stick lying flat face up: its face on top, its back below.
        let size = layout.size
        let solid = StickSolid(pose: a, layout: layout)
        #expect(solid.face.allSatisfy { abs($0.z - 40) < 1e-6 })
        #expect(solid.back.allSatisfy { $0.z <= 40 + 1e-6 && $0.z >= 40 - Double(size.thickness) - 1e-6 })
        let hull = convexHull([ScreenPoint(x: 0, y: 0), ScreenPoint(x: 2, y: 0), ScreenPoint(x: 1, y: 1),
                               ScreenPoint(x: 2, y: 2), ScreenPoint(x: 0, y: 2)])
        #expect(hull.count == 4, "the middle point is inside")
    }

    @Test("every stick of a real throw comes to rest on the face the core drew")
    @MainActor
    func flightsRestOnTheDrawnSticks() throws {
        let game = try GameSession(game: table(human, human, seed: 99))
        for _ in 0..<8 {
            guard try game.snapshot().phase == .toThrow else {
                _ = try game.play(mv: try #require(try game.legalMoves().first))
                continue
            }
            let swipe = Swipe(mat: mat, releaseX: 180, releaseY: 190, velocityX: 60, velocityY: -1_200, spin: 1)
            let report = try game.throwSticks(swipe: swipe)
            let flight = report.flight
            #expect(flight.mat == mat)
            #expect(flight.size == MatLayouts.shared.layout(of: mat).size,
                    "the sticks are drawn at the core's size before a throw too")
            #expect(flight.sticks.map(\.flatUp) == report.sticks)
            let resting = flight.sticks.compactMap(\.frames.last)
            #expect(resting.map(\.flatUp) == report.sticks, "the last frame shows the drawn face")
            #expect(flight.sticks.filter(\.marked).count == 1, "one Back-Do mark")
            #expect(flight.sticks.allSatisfy { Int($0.settleMs) <= Int(flight.endMs) })
            #expect(flightPoses(flight: flight, ms: Float(flight.endMs) + 1_000) == resting)
        }
    }

    @Test("a piece follows its path station by station")
    func paths() throws {
        let board = BoardGeometry()
        #expect(board.layout.stations.count == 29)
        let path: [Spot] = [.station(id: "1"), .station(id: "2"), .station(id: "3")]
        let show = MoveShown(seq: 1, seat: 0, colour: palette[0], from: .home, path: path,
                             points: ([.home] + path).map { spot in
                                 let p = board.point(of: spot)
                                 return Point(x: Float(p.x), y: Float(p.y))
                             },
                             pieces: 1, captured: 0, events: [], byBot: false, startedAtMs: 0, stepMs: 200,
                             landsAtMs: 600)
        let motion = PathMotion(move: show, pace: BoardPace(move: show, reduceMotion: false))
        #expect(motion.points.count == 4)
        #expect(abs(motion.duration - 0.6) < 1e-9)
        let end = try #require(motion.position(at: 5))
        let three = try #require(board.point(ofStation: "3"))
        #expect(abs(end.point.x - three.x) < 1e-6 && abs(end.point.y - three.y) < 1e-6)
        let mid = try #require(motion.position(at: 0.3))
        let one = try #require(board.point(ofStation: "1"))
        let two = try #require(board.point(ofStation: "2"))
        #expect(abs(mid.point.y - (one.y + two.y) / 2) < 1e-6)
        #expect(mid.hop > 0.99)
        let jump = PathMotion(move: show, pace: BoardPace(stepMs: 0, reduceMotion: true))
        #expect(jump.position(at: 0)?.hop == 0, "under Reduce Motion the piece is at once where it goes")
        #expect(board.station(near: one.x + 0.01, one.y, radius: 0.05)?.id == "1")
        #expect(board.station(near: 0.5, 0.75, radius: 0.05) == nil)
        #expect(ThrowNames.info(.mo)?.korean == "모")
    }
}
