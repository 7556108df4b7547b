import SwiftUI
import YunnoriKit

/// The mat the four sticks are thrown on, seen in perspective from above and in front.
///
/// While a finger drags on it (when a throw is due) the sticks follow it, bundled in the
/// hand; when it lets go they leave from there, as fast and as curved as the finger went
/// over its last moments (`DragTracker`). A touch that hardly moves does not throw: the
/// Throw button and VoiceOver's action throw with a gentle drop. The flight the core
/// simulated is then drawn frame by frame, interpolated to the display's rate, with the
/// shadows growing and softening as the sticks rise; the result shows once they settle.
/// With Reduce Motion the model asks for a short drop instead, drawn the same way.
struct StickMatView: View {
    /// The latest throw's flight, in the air or at rest; `nil` before the first throw.
    let flight: FlightShow?
    /// The throw's result, once its sticks have settled.
    let result: ThrowShow?
    /// What the mat offers now; it throws only when `.ready`.
    let status: MatStatus
    /// Sticks are in the air (anyone's throw).
    let inAir: Bool
    let onThrow: (Swipe) -> Void
    /// The mat as laid out (bots throw on it too).
    var onLayout: (Mat) -> Void = { _ in }

    /// The finger on the mat, in mat points at the hand's height.
    @State private var drag: DragTracker?
    /// The bundle where the finger let go (drawn only while the sticks are in the air):
    /// held there until the flight arrives, then the flight takes over from it.
    @State private var released: HandOff?

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
                MatCaption(result: shownResult, ready: enabled && drag == nil, throwNow: throwByTap(painter))
            }
            .contentShape(Rectangle())
            .gesture(throwGesture(painter))
            .onChange(of: painter.mat, initial: true) { _, mat in onLayout(mat) }
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(Text(verbatim: accessibilityText))
            .accessibilityAddTraits(enabled ? .isButton : [])
            .accessibilityAction { if enabled { throwByTap(painter)() } }
            // The UI tests find the mat by this in every phase (its label changes with it).
            .accessibilityIdentifier("stick-mat")
        }
        .onChange(of: inAir) { if !inAir { released = nil } }
    }

    private var enabled: Bool { status == .ready }

    private var animating: Bool { inAir || drag != nil }

    /// The result on the mat: only once the sticks of its flight have settled.
    private var shownResult: ThrowShow? {
        guard let result, let flight, result.id == flight.id, !inAir else { return nil }
        return result
    }

    private func throwByTap(_ painter: StickPainter) -> @MainActor () -> Void {
        { onThrow(ThrowInput.tap(mat: painter.mat)) }
    }

    // MARK: - Input

    private func throwGesture(_ painter: StickPainter) -> some SwiftUI.Gesture {
        DragGesture(minimumDistance: 0)
            .onChanged { value in
                guard enabled,
                      let p = painter.camera.unproject(x: value.location.x, y: value.location.y,
                                                       height: Double(painter.layout.releaseHeight))
                else { return }
                let t = value.time.timeIntervalSinceReferenceDate
                if drag == nil {
                    drag = DragTracker(x: p.x, y: p.y, t: t)
                } else {
                    drag?.add(x: p.x, y: p.y, t: t)
                }
            }
            .onEnded { value in
                defer { drag = nil }
                guard enabled, let tracker = drag,
                      let p = painter.camera.unproject(x: value.location.x, y: value.location.y,
                                                       height: Double(painter.layout.releaseHeight)),
                      let swipe = tracker.release(x: p.x, y: p.y, t: value.time.timeIntervalSinceReferenceDate,
                                                  on: painter.mat)
                else { return }
                // As the core lets the sticks go: lengths along the swipe's velocity.
                released = HandOff(poses: StickLayout.inHand(releasing: swipe, layout: painter.layout),
                                   before: flight?.id, at: .now)
                onThrow(swipe)
            }
    }

    // MARK: - Sticks

    /// The sticks to draw at `date`: in the hand under the finger, where it let go, in
    /// their flight (at rest once it is over), or waiting on the mat before any throw.
    private func sticksNow(at date: Date, painter: StickPainter)
        -> (poses: [Pose], marked: [Bool], dimmed: [Bool])
    {
        let waitingMarks = [true, false, false, false]
        if let drag {
            return (StickLayout.inHand(x: drag.last.x, y: drag.last.y, heading: drag.heading,
                                       layout: painter.layout),
                    waitingMarks, [])
        }
        // Let go: the model holds the sticks in the air while the core plans their flight
        // (a refused throw never goes up, and the bundle is dropped).
        let handOff = released.flatMap { $0.at.distance(to: date) < HandOff.within ? $0 : nil }
        if inAir, let handOff, flight?.id == handOff.before { return (handOff.poses, waitingMarks, []) }
        guard let flight else {
            return (StickLayout.waiting(painter.layout), waitingMarks, [])
        }
        let sameMat = flight.flight.mat == painter.mat
        let poses: [Pose]
        if !inAir {
            poses = flight.poses(atMs: .infinity)
        } else if let handOff, sameMat, flight.id != handOff.before,
                  handOff.at.distance(to: flight.start) > -0.05 {
            // The flight of the sticks just let go: it takes over from the bundle.
            poses = flight.poses(at: date, handOff: handOff.poses)
        } else {
            poses = flight.poses(at: date)
        }
        let sticks = flight.flight.sticks
        // Planned on another mat (a saved game's last throw, a resized screen): drawn at
        // rest on this one's scale.
        let fitted = sameMat ? poses : poses.map { rescaled($0, from: flight.flight.mat, to: painter.mat) }
        return (fitted, sticks.map(\.marked), sticks.map { $0.offMat && !inAir })
    }

    private func rescaled(_ pose: Pose, from: Mat, to: Mat) -> Pose {
        let k = Double(min(to.width / max(from.width, 1), to.height / max(from.height, 1)))
        let c = pose.centre
        return Pose(centre: Vec3(c.x * k, c.y * k, c.z * k), axis: pose.axisVector, normal: pose.normalVector)
    }

    /// The result on the mat, if the sticks have settled, then what the mat offers now:
    /// never empty, disabled or not.
    private var accessibilityText: String {
        let offer = matWords(status)
        guard let shownResult else { return offer }
        return "\(resultName(shownResult.result)). \(offer)"
    }
}

/// The bundle the finger let go of: `poses` as drawn at release, `before` the flight on the
/// mat then (the one the throw's is not), `at` when.
private struct HandOff {
    let poses: [Pose]
    let before: Int?
    let at: Date
    /// A flight planned later than this after the release is someone else's throw (a throw
    /// is planned in milliseconds; a refused one never flies).
    static let within: TimeInterval = 2
}

/// What lies over the mat: the result once the sticks have settled, and, when a throw is
/// due, how to throw and the Throw button (a 44-point target; VoiceOver uses the mat's
/// own action).
private struct MatCaption: View {
    let result: ThrowShow?
    let ready: Bool
    let throwNow: @MainActor () -> Void
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    var body: some View {
        ZStack {
            if let result {
                Text(verbatim: resultName(result.result))
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
        .animation(reduceMotion ? nil : .spring(duration: 0.3), value: result?.id)
        .accessibilityHidden(true)
    }
}

/// Four sticks resting, for the menu.
struct IdleSticks: View {
    private let mat = Mat(width: 200, height: 120)

    var body: some View {
        Canvas { context, size in
            let painter = StickPainter(viewSize: size, mat: mat)
            let resting = StickLayout.waiting(painter.layout).enumerated().map { i, pose in
                // Two flat faces up, two round backs, fanned a little.
                let c = pose.centre
                let axis = Vec3(0.12 * Double(i - 2) + 0.05, -1, 0).normalized
                let up = i % 2 == 0
                return Pose(centre: Vec3(c.x + Double(i - 2) * 8, c.y - Double(mat.height) * 0.12, c.z),
                            axis: axis, normal: Vec3(0, 0, up ? 1 : -1))
            }
            painter.drawSticks(resting, marked: [true, false, false, false], in: &context)
        }
    }
}

#Preview("Ready to throw") {
    StickMatView(flight: nil, result: nil, status: .ready, inAir: false, onThrow: { _ in })
        .frame(height: 180)
        .padding()
}

#Preview("The sticks in the air") {
    StickMatView(flight: Samples.flight(), result: nil, status: .inTheAir, inAir: true, onThrow: { _ in })
        .frame(height: 180)
        .padding()
}

#Preview("A short drop (Reduce Motion)") {
    StickMatView(flight: Samples.flight(drop: true), result: nil, status: .inTheAir, inAir: true,
                 onThrow: { _ in })
        .frame(height: 180)
        .padding()
}

#Preview("A result on the mat") {
    let state = Samples.game(.toMove).state
    StickMatView(flight: state.flight, result: state.lastThrow, status: .moveFirst, inAir: false,
                 onThrow: { _ in })
        .frame(height: 180)
        .padding()
}

#Preview("Idle sticks") {
    IdleSticks()
        .frame(width: 180, height: 90)
}
