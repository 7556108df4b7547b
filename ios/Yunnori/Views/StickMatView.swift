import SwiftUI
import YunnoriKit

/// The mat the four sticks are thrown on, seen in perspective from above and in front.
///
/// While a finger drags on it (when a throw is due) the sticks follow it, bundled in the
/// hand, and every touch goes to the core with its time (`TableAction.swipeStart`, `Move`,
/// `End`): the core reads the swipe from them and throws, or not for a touch that hardly
/// moved (the Throw button and VoiceOver's action throw with a gentle drop). The flight
/// the core simulated is then drawn frame by frame from the time it says the sticks left
/// the hand, interpolated to the display's rate, the shadows growing and softening as the
/// sticks rise; its result shows once the core says they have settled. Under Reduce
/// Motion the core asks for a short drop instead, drawn the same way.
struct StickMatView: View {
    /// The latest throw: in the air, or at rest with its outcome; `nil` before the first.
    let shown: ThrowShown?
    /// What the mat offers now; it throws only when `.ready`.
    let status: MatState
    /// The seats, to name the one playing.
    let seats: [SeatView]
    let act: @MainActor (TableAction) -> Void

    /// The finger on the mat, in mat points at the hand's height.
    @State private var finger: FingerTrail?
    /// The bundle where the finger let go (drawn only until the throw's flight takes over).
    @State private var released: HandOff?
    /// The core's playback of the throw shown, made once per throw.
    @State private var playbacks = ThrowPlaybacks()

    var body: some View {
        GeometryReader { geo in
            let painter = StickPainter(viewSize: geo.size)
            ZStack {
                TimelineView(.animation(minimumInterval: nil, paused: !animating)) { timeline in
                    Canvas { context, _ in
                        painter.drawMat(in: &context)
                        let sticks = sticksNow(at: timeline.date, painter: painter)
                        painter.drawSticks(sticks.poses, marked: sticks.marked, dimmed: sticks.dimmed,
                                           in: &context)
                    }
                }
                MatCaption(outcome: shown?.outcome, ready: ready && finger == nil) { act(.throwTap) }
            }
            .contentShape(Rectangle())
            .gesture(throwGesture(painter))
            .onChange(of: painter.mat, initial: true) { _, mat in act(.matLaidOut(mat: mat)) }
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(Text(verbatim: accessibilityText))
            .accessibilityAddTraits(ready ? .isButton : [])
            .accessibilityAction { if ready { act(.throwTap) } }
            // The UI tests find the mat by this in every phase (its label changes with it).
            .accessibilityIdentifier("stick-mat")
        }
        .onChange(of: inAir) { if !inAir { released = nil } }
        // A touch the core did not take as a throw: the bundle goes back on the mat.
        .task(id: released?.at) {
            guard released != nil else { return }
            try? await Task.sleep(for: .seconds(HandOff.within))
            if !inAir { released = nil }
        }
    }

    private var ready: Bool { status == .ready }

    /// The sticks of the shown throw are flying (its result not yet given).
    private var inAir: Bool { shown.map { $0.outcome == nil } ?? false }

    private var animating: Bool { inAir || finger != nil || released != nil }

    // MARK: - Input

    private func throwGesture(_ painter: StickPainter) -> some SwiftUI.Gesture {
        DragGesture(minimumDistance: 0)
            .onChanged { value in
                guard ready, let p = painter.atHand(value.location) else { return }
                let t = value.time.timeIntervalSinceReferenceDate
                if var trail = finger {
                    trail.add(x: p.x, y: p.y, t: t)
                    finger = trail
                    act(.swipeMove(x: p.x, y: p.y, tMs: t * 1000))
                } else {
                    finger = FingerTrail(x: p.x, y: p.y, t: t)
                    act(.swipeStart(x: p.x, y: p.y, tMs: t * 1000))
                }
            }
            .onEnded { value in
                defer { finger = nil }
                guard ready, let trail = finger, let p = painter.atHand(value.location) else { return }
                // Held where the finger let go until the throw's flight arrives (a touch the
                // core does not take as a throw never flies, and the bundle is dropped).
                released = HandOff(hold: trail.hold(layout: painter.layout), before: shown?.seq, at: .now)
                act(.swipeEnd(x: p.x, y: p.y, tMs: value.time.timeIntervalSinceReferenceDate * 1000))
            }
    }

    // MARK: - Sticks

    /// The sticks to draw at `date`: in the hand under the finger, where it let go, where the
    /// core's playback of the throw has them (at rest once it is over), or waiting on the
    /// mat before any throw. Only the time is kept here.
    private func sticksNow(at date: Date, painter: StickPainter)
        -> (poses: [Pose], marked: [Bool], dimmed: [Bool])
    {
        let waitingMarks = [true, false, false, false]
        if let finger {
            return (handPoses(layout: painter.layout, hold: finger.hold(layout: painter.layout)), waitingMarks, [])
        }
        let handOff = released.flatMap { $0.at.distance(to: date) < HandOff.within ? $0 : nil }
        if let handOff, shown?.seq == handOff.before {
            return (handPoses(layout: painter.layout, hold: handOff.hold), waitingMarks, [])
        }
        guard let shown else {
            return (waitingPoses(layout: painter.layout), waitingMarks, [])
        }
        let flight = shown.flight
        let sameMat = flight.mat == painter.mat
        // The flight of the sticks just let go takes over from the bundle.
        let playback = playbacks.playback(of: shown, hand: sameMat ? handOff?.hold : nil)
        let sticks = playback.sticksAt(elapsedMs: inAir ? Float(shown.elapsedMs(at: date)) : .infinity)
        let poses = sticks.map(\.pose)
        // Planned on another mat (a saved game's last throw, a resized screen): drawn on
        // this one's scale.
        let fitted = sameMat ? poses : poses.map { rescaled($0, from: flight.mat, to: painter.mat) }
        return (fitted, sticks.map(\.marked), flight.sticks.map { $0.offMat && !inAir })
    }

    private func rescaled(_ pose: Pose, from: Mat, to: Mat) -> Pose {
        let k = Double(min(to.width / max(from.width, 1), to.height / max(from.height, 1)))
        let c = pose.centre
        return Pose(centre: Vec3(c.x * k, c.y * k, c.z * k), axis: pose.axisVector, normal: pose.normalVector)
    }

    /// The result on the mat, once the sticks have settled, then what the mat offers now:
    /// never empty, disabled or not.
    private var accessibilityText: String {
        let offer = matWords(status, seats: seats)
        guard let outcome = shown?.outcome else { return offer }
        return "\(resultName(outcome.result)). \(offer)"
    }
}

/// The finger on the mat (mat points, seconds): where it is, and which way it is going
/// over its last moments, for drawing the bundle across it. The swipe itself is the
/// core's reading of the same touches.
private struct FingerTrail {
    private(set) var x: Double
    private(set) var y: Double
    private var samples: [(x: Double, y: Double, t: Double)]

    init(x: Double, y: Double, t: Double) {
        self.x = x
        self.y = y
        samples = [(x, y, t)]
    }

    mutating func add(x: Double, y: Double, t: Double) {
        self.x = x
        self.y = y
        samples.append((x, y, t))
        samples.removeAll { $0.t < t - 0.08 }
    }

    /// How fast it moves over its last moments (mat points a second), none while it is still.
    var velocity: (x: Double, y: Double) {
        guard let first = samples.first, let last = samples.last, last.t > first.t else { return (0, 0) }
        let dt = last.t - first.t
        return ((last.x - first.x) / dt, (last.y - first.y) / dt)
    }

    /// How the hand holds the bundle here, as the core lays it out: along the way the finger
    /// goes, or straight up the mat while it is still.
    func hold(layout: MatLayout) -> HandHold {
        let v = velocity
        let swipe = Swipe(mat: layout.mat, releaseX: Float(x), releaseY: Float(y),
                          velocityX: Float(v.x), velocityY: Float(v.y), spin: 0)
        return handHold(swipe: swipe, layout: layout)
    }
}

/// The bundle the finger let go of: `hold` how the hand held it at release, `before` the
/// throw on the mat then (the one the new throw is not), `at` when.
private struct HandOff {
    let hold: HandHold
    let before: UInt64?
    let at: Date
    /// A throw the core starts later than this after the release is not this one's (the
    /// core answers in milliseconds).
    static let within: TimeInterval = 0.5
}

/// What lies over the mat: the result once the sticks have settled, and, when a throw is
/// due, how to throw and the Throw button (a 44-point target; VoiceOver uses the mat's
/// own action).
private struct MatCaption: View {
    let outcome: ThrowOutcome?
    let ready: Bool
    let throwNow: @MainActor () -> Void
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    var body: some View {
        ZStack {
            if let outcome {
                Text(verbatim: resultName(outcome.result))
                    .font(.system(.largeTitle, design: .rounded, weight: .heavy))
                    .foregroundStyle(.white)
                    .shadow(color: .black.opacity(0.5), radius: 3)
                    .frame(maxHeight: .infinity, alignment: .top)
                    .padding(.top, 10)
                    .transition(reduceMotion ? .opacity : .scale.combined(with: .opacity))
            }
            if ready {
                HStack(alignment: .bottom) {
                    Text("game.throwHint")
                        .font(.footnote.weight(.semibold))
                        .foregroundStyle(.white.opacity(0.9))
                        .shadow(color: .black.opacity(0.4), radius: 2)
                    Spacer(minLength: 8)
                    Button(action: throwNow) {
                        // One line at every text size (the hint beside it wraps instead).
                        Text("game.throwButton")
                            .font(.subheadline.bold())
                            .lineLimit(1)
                            .fixedSize()
                    }
                    .buttonStyle(.target(.onMat))
                }
                .frame(maxHeight: .infinity, alignment: .bottom)
                .padding(10)
            }
        }
        .animation(reduceMotion ? nil : .spring(duration: 0.3), value: outcome)
        .accessibilityHidden(true)
    }
}

/// Four sticks resting, for the menu.
struct IdleSticks: View {
    private let mat = Mat(width: 200, height: 120)

    var body: some View {
        Canvas { context, size in
            let painter = StickPainter(viewSize: size, mat: mat)
            let thickness = Double(painter.layout.size.thickness)
            let resting = waitingPoses(layout: painter.layout).enumerated().map { i, pose in
                // Two flat faces up (lying on their backs), two round backs, fanned a little.
                let c = pose.centre
                let axis = Vec3(0.12 * Double(i - 2) + 0.05, -1, 0).normalized
                let up = i % 2 == 0
                return Pose(centre: Vec3(c.x + Double(i - 2) * 8, c.y - Double(mat.height) * 0.12, up ? thickness : c.z),
                            axis: axis, normal: Vec3(0, 0, up ? 1 : -1))
            }
            painter.drawSticks(resting, marked: [true, false, false, false], in: &context)
        }
    }
}

#Preview("Ready to throw") {
    StickMatView(shown: nil, status: .ready, seats: [], act: { _ in })
        .frame(height: 180)
        .padding()
}

#Preview("The sticks in the air") {
    StickMatView(shown: Samples.table(.inTheAir)?.throw, status: .inTheAir, seats: [], act: { _ in })
        .frame(height: 180)
        .padding()
}

#Preview("A short drop (Reduce Motion)") {
    StickMatView(shown: Samples.table(.dropping)?.throw, status: .inTheAir, seats: [], act: { _ in })
        .frame(height: 180)
        .padding()
}

#Preview("A result on the mat") {
    if let table = Samples.table(.moveDue) {
        StickMatView(shown: table.throw, status: table.mat, seats: table.snapshot.seats, act: { _ in })
            .frame(height: 180)
            .padding()
    }
}

#Preview("Idle sticks") {
    IdleSticks()
        .frame(width: 180, height: 90)
}
