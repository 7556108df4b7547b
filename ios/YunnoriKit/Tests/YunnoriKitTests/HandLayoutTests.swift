import Foundation
import Testing
import YutCore
@testable import YunnoriKit

/// The sticks in the hand and on the mat are laid out from the core's `matLayout(mat:)`
/// alone: the app copies none of its numbers, and the bundle under the finger is where the
/// flight's first frame starts.
@Suite("The core's mat layout, the bundle in the hand and the release")
struct HandLayoutTests {
    /// Mats of every shape the app lays out (3:1 to 1:2), small enough in points that the
    /// core's scatter of the sticks at release averages out to well under a point.
    static let mats = [Mat(width: 180, height: 120), Mat(width: 390, height: 130), Mat(width: 140, height: 280)]

    /// The swipes thrown on `mat`: up, up and right, left, down and right (from the middle,
    /// where the core lets them go as they are), and the Throw button's tap.
    static func swipes(on mat: Mat) -> [Swipe] {
        let x = mat.width * 0.5, y = mat.height * 0.5
        let flicks: [(Float, Float)] = [(0, -900), (500, -700), (-800, 60), (300, 400)]
        return flicks.map { Swipe(mat: mat, releaseX: x, releaseY: y, velocityX: $0.0, velocityY: $0.1, spin: 1) }
            + [tapSwipe(mat: mat)]
    }

    @Test("every number of the mat and the sticks is the core's, asked once per mat size")
    func layoutFromTheCore() throws {
        let layouts = MatLayouts()
        let mat = Mat(width: 360, height: 240)
        let layout = layouts.layout(of: mat)
        #expect(layout == matLayout(mat: mat))
        #expect(layout.mat == mat)
        for _ in 0..<50 { _ = layouts.layout(of: Mat(width: 360, height: 240)) }
        #expect(layouts.asked == 1, "asked once for one mat size, however often it is drawn")
        #expect(layouts.layout(of: Mat(width: 200, height: 120)) == matLayout(mat: Mat(width: 200, height: 120)))
        #expect(layouts.asked == 2)
        // A flight on that mat is drawn at the same size.
        let flight = try planFlight(swipe: tapSwipe(mat: mat), sticks: [true, false, false, true],
                                    nak: false, salt: 3)
        #expect(flight.mat == layout.mat && flight.size == layout.size)
        // A mat the core will not take is drawn as the one it uses.
        let thin = layouts.layout(of: Mat(width: 400, height: 100))
        #expect(thin.mat != Mat(width: 400, height: 100))
        #expect(thin == matLayout(mat: thin.mat))
        // What the app draws with it.
        let solid = StickSolid(pose: Pose(centre: Vec3(100, 100, 0), axis: Vec3(1, 0, 0), normal: Vec3(0, 0, 1)),
                               layout: layout)
        #expect(solid.size == layout.size && solid.releaseHeight == Double(layout.releaseHeight))
        // Waiting round side up: lying on the flat face.
        let waiting = waitingPoses(layout: layout)
        #expect(waiting.count == 4 && waiting.allSatisfy { $0.z == 0 && !$0.flatUp })
    }

    @Test("the mat laid out under any view is one the core takes as it is: 1:3 to 3:1")
    func matsTheCoreTakes() throws {
        for width in stride(from: 60.0, through: 1_000, by: 47) {
            for height in stride(from: 20.0, through: 1_400, by: 61) {
                let mat = MatCamera.mat(forWidth: width, height: height)
                let aspect = Double(mat.width / mat.height)
                #expect(MatCamera.aspects.contains(aspect), "\(width)×\(height): \(mat)")
                #expect(matLayout(mat: mat).mat == mat, "\(width)×\(height): \(mat) would be replaced")
            }
        }
        // As deep as fits a short, wide view: thinner than 1:2 now that the core takes it.
        let wide = MatCamera.mat(forWidth: 380, height: 110)
        #expect(wide.width == 380 && wide.height < 190 && wide.height >= 127)
        #expect(MatCamera.mat(forWidth: 600, height: 40).height == 200, "at most 3:1")
    }

    @Test("the bundle in the hand is the core's, along the finger's way or up the mat when it is still")
    func bundleAlongTheThrow() throws {
        let layout = matLayout(mat: Mat(width: 360, height: 240))
        let tap = handHold(swipe: tapSwipe(mat: layout.mat), layout: layout)
        let bundle = handPoses(layout: layout, hold: tap)
        #expect(bundle.count == 4)
        for stick in bundle {
            #expect(abs(stick.axisX) < 1e-6 && abs(stick.axisY + 1) < 1e-6, "lengths up the mat")
            #expect(stick.normalZ < -0.999, "round side up")
            #expect(abs(Double(stick.z) - Double(layout.releaseHeight)) < 1e-4)
        }
        let flick = Swipe(mat: layout.mat, releaseX: 100, releaseY: 150, velocityX: -700, velocityY: 0, spin: 0)
        let left = handPoses(layout: layout, hold: handHold(swipe: flick, layout: layout))
        #expect(left.allSatisfy { abs($0.axisX + 1) < 1e-5 }, "lengths the way the finger went")
    }

    @Test("the core's playback takes over from the bundle let go of, is made once per throw, and lands at rest")
    func handOffWithoutAJump() throws {
        let mat = Mat(width: 360, height: 240)
        let layout = matLayout(mat: mat)
        let swipe = Swipe(mat: mat, releaseX: 200, releaseY: 200, velocityX: 200, velocityY: -1_100, spin: -2)
        let flight = try planFlight(swipe: swipe, sticks: [false, true, true, false], nak: false, salt: 9)
        let hold = handHold(swipe: swipe, layout: layout)
        let hand = handPoses(layout: layout, hold: hold)
        let show = ThrowShown(seq: 1, seat: 0, colour: palette[0], sticks: flight.sticks.map(\.flatUp),
                              flight: flight, motion: .flight, startedAtMs: 1_000,
                              landsAtMs: 1_000 + UInt64(flight.endMs), byBot: false, outcome: nil)
        let playbacks = ThrowPlaybacks()
        let playback = playbacks.playback(of: show, hand: hold)
        #expect(playbacks.playback(of: show, hand: nil) === playback, "one playback per throw")
        let atRelease = playback.sticksAt(elapsedMs: 0)
        #expect(atRelease.count == 4)
        for stick in atRelease {
            #expect(hand.contains { ($0.centre - stick.pose.centre).length < 1e-2 }, "drawn where the hand let go")
        }
        let resting = flight.sticks.compactMap(\.frames.last)
        #expect(playback.sticksAt(elapsedMs: .infinity).map(\.pose) == resting)
        #expect(playback.sticksAt(elapsedMs: .infinity).map(\.marked) == flight.sticks.map(\.marked))
        // A drop (Reduce Motion) falls onto the same resting poses.
        let drop = ThrowShown(seq: 2, seat: 0, colour: palette[0], sticks: flight.sticks.map(\.flatUp),
                              flight: flight, motion: .drop, startedAtMs: 1_000, landsAtMs: 1_350, byBot: false,
                              outcome: nil)
        let dropping = playbacks.playback(of: drop, hand: hold)
        #expect(dropping !== playback)
        #expect(zip(dropping.sticksAt(elapsedMs: 0), resting).allSatisfy { $0.pose.z > $1.z })
        #expect(dropping.sticksAt(elapsedMs: 350).map(\.pose) == resting, "the drop lands as drawn")
    }
}
