import Foundation
import Testing
import YutCore
@testable import YunnoriKit

/// A drag on the mat as the screen reports it: a sample every `frame` seconds.
private func drag(from start: (Double, Double), steps: [(dx: Double, dy: Double)], at t0: Double = 0,
                  frame: Double = 1.0 / 120) -> DragTracker {
    var tracker = DragTracker(x: start.0, y: start.1, t: t0)
    var (x, y, t) = (start.0, start.1, t0)
    for step in steps {
        x += step.dx
        y += step.dy
        t += frame
        tracker.add(x: x, y: y, t: t)
    }
    return tracker
}

private let mat = Mat(width: 360, height: 240)

@Suite("Throw input and animation math")
struct ThrowInputTests {
    @Test("a touch that stays within the slop is no throw; a drag beyond it is")
    func tapsDoNotThrow() throws {
        var still = DragTracker(x: 100, y: 150, t: 0)
        still.add(x: 103, y: 146, t: 0.05)
        #expect(still.release(x: 104, y: 147, t: 0.2, on: mat) == nil, "a tap on the mat does not throw")
        #expect(!still.isSwipe)

        let flick = drag(from: (180, 200), steps: Array(repeating: (0, -12), count: 8))
        let swipe = try #require(flick.release(x: 180, y: 100, t: 8.0 / 120 + 0.004, on: mat))
        #expect(swipe.mat == mat)
        #expect(swipe.releaseX == 180 && swipe.releaseY == 100, "it lets go where the finger is")
        #expect(swipe.velocityY < -1_000, "up the mat, fast")
        // Nonsense in: ignored.
        var odd = DragTracker(x: 10, y: 10, t: 1)
        odd.add(x: .nan, y: 3, t: 2)
        odd.add(x: 50, y: 50, t: 0.5)
        #expect(odd.samples.count == 1)
        // Letting go outside the mat lets go at its edge.
        let out = try #require(drag(from: (300, 100), steps: Array(repeating: (30, 0), count: 6))
            .release(x: 480, y: 100, t: 0.06, on: mat))
        #expect(out.releaseX == mat.width)
    }

    @Test("the release velocity is the last moments': a press, a pause and a flick throws hard")
    func pressPauseFlick() throws {
        // Down, held still for a second (a still finger reports nothing), then a flick of
        // 15 points a frame at 120 Hz for 0.1 s: 1,800 points a second, up.
        var tracker = DragTracker(x: 180, y: 220, t: 0)
        var y = 220.0
        for k in 1...12 {
            y -= 15
            tracker.add(x: 180, y: y, t: 1 + Double(k) / 120)
        }
        let swipe = try #require(tracker.release(x: 180, y: y, t: 1 + 12.0 / 120, on: mat))
        #expect(abs(Double(swipe.velocityY) + 1_800) < 200, "\(swipe.velocityY)")
        #expect(abs(swipe.velocityX) < 1)
        // Total distance over total time would have said about 160 points a second.
        #expect(abs(swipe.velocityY) > 1_000)
    }

    @Test("a fast drag that stops before letting go throws softly")
    func dragThatStops() throws {
        let fast = drag(from: (60, 200), steps: Array(repeating: (10, -6), count: 30))
        let moving = try #require(fast.release(x: fast.last.x, y: fast.last.y, t: fast.last.t + 0.004, on: mat))
        #expect(hypot(Double(moving.velocityX), Double(moving.velocityY)) > 1_000, "still moving: a hard throw")
        // The same drag, then the finger rests 0.2 s before it lets go.
        let stopped = try #require(fast.release(x: fast.last.x, y: fast.last.y, t: fast.last.t + 0.2, on: mat))
        #expect(hypot(Double(stopped.velocityX), Double(stopped.velocityY)) < 100, "\(stopped)")
        // Slowing down to a crawl over the last frames: soft too.
        var slowing = fast
        var (x, t) = (fast.last.x, fast.last.t)
        for _ in 0..<12 {
            x += 0.5
            t += 1.0 / 120
            slowing.add(x: x, y: fast.last.y, t: t)
        }
        let crawl = try #require(slowing.release(x: x, y: fast.last.y, t: t, on: mat))
        #expect(hypot(Double(crawl.velocityX), Double(crawl.velocityY)) < 200)
    }

    @Test("a drag curving clockwise spins one way, anticlockwise the other, straight not at all")
    func spinFromTheCurve() throws {
        // Up the mat, bending right (clockwise on screen, y down), 4° a frame at 120 Hz.
        func curve(_ bend: Double) -> DragTracker {
            var heading = -Double.pi / 2
            var steps: [(dx: Double, dy: Double)] = []
            for _ in 0..<30 {
                heading += bend
                steps.append((12 * cos(heading), 12 * sin(heading)))
            }
            return drag(from: (180, 230), steps: steps)
        }
        let degree = Double.pi / 180
        let clockwise = curve(4 * degree), anticlockwise = curve(-4 * degree), straight = curve(0)
        let rate = 4 * degree * 120
        #expect(clockwise.spin > 0.6 * rate && clockwise.spin < 1.4 * rate, "\(clockwise.spin) vs \(rate)")
        #expect(anticlockwise.spin < -0.6 * rate)
        #expect(abs(straight.spin) < 0.05)
        let swipe = try #require(clockwise.release(x: clockwise.last.x, y: clockwise.last.y,
                                                   t: clockwise.last.t, on: mat))
        #expect(swipe.spin > 0)
        // The bundle in the hand lies along the way the finger is going, side by side.
        let heading = try #require(straight.heading)
        #expect(abs(heading + Double.pi / 2) < 1e-6)
        let bundle = StickLayout.inHand(x: 180, y: 100, heading: heading, layout: matLayout(mat: mat))
        #expect(bundle.count == 4)
        #expect(bundle.allSatisfy { abs($0.axisX) < 1e-6 && $0.axisY < -0.999 && !$0.flatUp },
                "lengths along the throw, round side up")
        #expect(bundle.allSatisfy { abs($0.y - 100) < 1e-4 }, "side by side across it")
    }

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
        let first = try #require(track.pose(atMs: 0, fps: 60))
        #expect(first == a)
        #expect(try #require(track.pose(atMs: -5, fps: 60)) == a)
        let mid = try #require(track.pose(atMs: 500.0 / 60, fps: 60))
        #expect(abs(Double(mid.x) - 105) < 1e-4 && abs(Double(mid.y) - 95) < 1e-4 && abs(Double(mid.z) - 35) < 1e-4)
        #expect(abs(mid.axisVector.length - 1) < 1e-5, "the directions stay unit vectors")
        #expect(abs(mid.normalVector.length - 1) < 1e-5)
        #expect(abs(mid.axisVector.dot(mid.normalVector)) < 1e-5, "and square to each other")
        let quarter = try #require(track.pose(atMs: 250.0 / 60, fps: 60))
        #expect(abs(Double(quarter.x) - 102.5) < 1e-4)
        #expect(try #require(track.pose(atMs: 1_000, fps: 60)) == b, "at rest after its last frame")
        #expect(StickTrack(marked: false, flatUp: true, offMat: false, settleMs: 0, frames: [])
            .pose(atMs: 0, fps: 60) == nil)
        // The outline of a stick lying flat face up: its face on top, its back below.
        let layout = matLayout(mat: mat)
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
            #expect(flight.restingPoses.map(\.flatUp) == report.sticks, "the last frame shows the drawn face")
            #expect(flight.sticks.filter(\.marked).count == 1, "one Back-Do mark")
            #expect(flight.sticks.allSatisfy { Int($0.settleMs) <= Int(flight.endMs) })
            #expect(flight.poses(atMs: Double(flight.endMs) + 1_000) == flight.restingPoses)
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
