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
        let waiting = StickLayout.waiting(layout)
        #expect(waiting.allSatisfy { abs($0.z - layout.size.thickness) < 1e-4 && !$0.flatUp })
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

    @Test("the bundle in the hand lies side by side along the throw, at the release height")
    func bundleAlongTheThrow() throws {
        let layout = matLayout(mat: Mat(width: 360, height: 240))
        let spacing = Double(layout.handSpacing)
        // Up the mat (a tap's way, and a still finger's).
        for heading in [nil, -Double.pi / 2] {
            let bundle = StickLayout.inHand(x: 180, y: 120, heading: heading, layout: layout)
            #expect(bundle.count == 4)
            for (i, stick) in bundle.enumerated() {
                #expect(abs(stick.axisX) < 1e-6 && abs(stick.axisY + 1) < 1e-6, "lengths up the mat")
                #expect(stick.normalZ < -0.999, "round side up")
                #expect(abs(Double(stick.z) - Double(layout.releaseHeight)) < 1e-4)
                #expect(abs(Double(stick.y) - 120) < 1e-4, "side by side")
                #expect(abs(Double(stick.x) - (180 + (Double(i) - 1.5) * spacing)) < 1e-3)
            }
        }
        // To the right and down: turned with the drag.
        let slant = StickLayout.inHand(x: 180, y: 120, heading: Double.pi / 4, layout: layout)
        let along = Vec3(1, 1, 0).normalized
        for pair in zip(slant, slant.dropFirst()) {
            let step = pair.1.centre - pair.0.centre
            #expect(abs(step.length - spacing) < 1e-3, "handSpacing apart")
            #expect(abs(step.dot(along)) < 1e-3, "across the throw")
        }
        #expect(slant.allSatisfy { abs($0.axisVector.dot(along) - 1) < 1e-6 })
        // As the finger lets go: along the swipe's velocity, or up the mat for a tap.
        let flick = Swipe(mat: layout.mat, releaseX: 100, releaseY: 150, velocityX: -700, velocityY: 0, spin: 0)
        #expect(StickLayout.inHand(releasing: flick, layout: layout)
            == StickLayout.inHand(x: 100, y: 150, heading: Double.pi, layout: layout))
        let tap = tapSwipe(mat: layout.mat)
        #expect(StickLayout.inHand(releasing: tap, layout: layout)
            == StickLayout.inHand(x: Double(tap.releaseX), y: Double(tap.releaseY), heading: nil, layout: layout))
    }

    @Test("the bundle as the finger lets go is the flight's first frame, within a point")
    func releaseIsFrameZero() throws {
        for mat in Self.mats {
            let layout = matLayout(mat: mat)
            let spacing = Double(layout.handSpacing)
            let height = Double(layout.releaseHeight)
            for swipe in Self.swipes(on: mat) {
                let hand = StickLayout.inHand(releasing: swipe, layout: layout)
                let along = hand[0].axisVector
                // Each place in the row, the flights' first frames' offsets from the hand.
                var offsets = Array(repeating: Vec3(0, 0, 0), count: 4)
                let salts: [UInt64] = Array(0..<32)
                for salt in salts {
                    let sticks = [salt % 2 == 0, salt % 3 == 0, salt % 5 < 2, false]
                    let flight = try planFlight(swipe: swipe, sticks: sticks, nak: false, salt: salt)
                    let first = flight.sticks.compactMap(\.frames.first)
                    try #require(first.count == 4)
                    let place = StickLayout.matched(first, to: hand)
                    #expect(Set(place) == [0, 1, 2, 3])
                    for (i, pose) in first.enumerated() {
                        let held = hand[place[i]]
                        let gap = pose.centre - held.centre
                        // The core scatters each stick a little (less than a quarter of the
                        // spacing) and raises every other one a little; never lower.
                        #expect(Vec3(gap.x, gap.y, 0).length < spacing / 4, "\(mat) \(swipe) salt \(salt): \(gap)")
                        #expect(gap.z > -0.5 && gap.z < spacing / 4, "\(mat) \(swipe): at the release height")
                        #expect(pose.axisVector.dot(along) > cos(0.1), "\(mat) \(swipe): lengths along the throw")
                        #expect(pose.normalZ < -0.99, "round side up, as in the hand")
                        offsets[place[i]] = offsets[place[i]] + gap
                    }
                    // The lowest sticks are exactly at the release height.
                    let lowest = first.map { Double($0.z) }.min() ?? 0
                    #expect(abs(lowest - height) < 0.5, "\(mat) \(swipe): \(lowest) vs \(height)")
                }
                // On average over the throws, each stick leaves from where the hand held it.
                for (k, sum) in offsets.enumerated() {
                    let mean = sum * (1 / Double(salts.count))
                    #expect(abs(mean.x) < 1 && abs(mean.y) < 1, "\(mat) \(swipe) place \(k): \(mean)")
                }
            }
        }
    }

    @Test("the flight takes over from the bundle let go of without a jump")
    func handOffWithoutAJump() throws {
        let mat = Mat(width: 360, height: 240)
        let layout = matLayout(mat: mat)
        // Released near the near edge: the core keeps the bundle on the mat, further in.
        let swipe = Swipe(mat: mat, releaseX: 200, releaseY: 230, velocityX: 200, velocityY: -1_100, spin: -2)
        let flight = try planFlight(swipe: swipe, sticks: [false, true, true, false], nak: false, salt: 9)
        let hand = StickLayout.inHand(releasing: swipe, layout: layout)
        let atRelease = flight.poses(atMs: 0, handOff: hand)
        let order = StickLayout.matched(flight.sticks.compactMap(\.frames.first), to: hand)
        for (i, pose) in atRelease.enumerated() {
            #expect((pose.centre - hand[order[i]].centre).length < 1e-3, "drawn where the hand let go")
        }
        // Then smoothly into the flight, which is drawn as it is once the hand-off is over.
        var last = atRelease
        for ms in stride(from: 1.0, through: 200, by: 1) {
            let now = flight.poses(atMs: ms, handOff: hand)
            let plain = flight.poses(atMs: ms)
            for i in now.indices {
                let moved = (now[i].centre - last[i].centre).length
                let flying = (plain[i].centre - (flight.poses(atMs: ms - 1)[i].centre)).length
                #expect(moved < flying + 2, "\(ms) ms: \(moved) points in a millisecond")
            }
            if ms >= 150 { #expect(now == plain) }
            last = now
        }
        // A drop (Reduce Motion) or a bundle of another size changes nothing.
        #expect(flight.poses(atMs: 40, handOff: []) == flight.poses(atMs: 40))
        let show = ThrowShown(seq: 1, seat: 0, colour: palette[0], sticks: flight.sticks.map(\.flatUp),
                              flight: flight, motion: .drop, startedAtMs: 1_000, landsAtMs: 1_350, byBot: false,
                              outcome: nil)
        #expect(show.poses(atMs: 0, handOff: hand) == show.poses(atMs: 0))
        #expect(show.poses(atMs: 350).map(\.flatUp) == flight.restingPoses.map(\.flatUp), "the drop lands as drawn")
    }
}
