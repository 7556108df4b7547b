import SwiftUI
import YunnoriKit

/// The mat the four sticks are thrown on. A swipe (direction, speed, how long the finger
/// was down) or a tap throws; the sticks then fly along the core's plan: each from its
/// release pose to its resting pose, rolling its half-turns and landing on the face the
/// core drew, the marked stick showing its Back-Do mark, a stick off the mat fading (낙).
///
/// With Reduce Motion the sticks do not fly: they lie as they landed at once.
struct StickMatView: View {
    let lastThrow: ThrowShow?
    /// What the mat offers now; it throws only when `.ready`.
    let status: MatStatus
    /// The core's gesture record (not SwiftUI's `Gesture` protocol).
    let onThrow: (YutCore.Gesture) -> Void
    /// Called once the last stick has come to rest.
    var onLanded: (ThrowShow) -> Void = { _ in }

    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var flightStart = Date.distantPast
    @State private var flying: ThrowShow?
    @State private var landed: ThrowShow?
    @State private var touchDown: Date?
    @State private var drag: CGSize = .zero

    var body: some View {
        GeometryReader { geo in
            let mat = CGRect(origin: .zero, size: geo.size).insetBy(dx: 8, dy: 8)
            ZStack {
                RoundedRectangle(cornerRadius: 18)
                    .fill(Palette.mat.gradient)
                    .overlay(
                        RoundedRectangle(cornerRadius: 18)
                            .strokeBorder(.white.opacity(0.25), style: StrokeStyle(lineWidth: 2, dash: [6, 5]))
                            .padding(6))
                sticks(in: mat)
                overlayText
            }
            .contentShape(Rectangle())
            .gesture(throwGesture)
        }
        .task(id: lastThrow?.id) { await fly(lastThrow) }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(verbatim: accessibilityText))
        .accessibilityAddTraits(enabled ? .isButton : [])
        .accessibilityAction { if enabled { onThrow(ThrowInput.tap) } }
    }

    private var enabled: Bool { status == .ready }

    // MARK: - Input

    private var throwGesture: some SwiftUI.Gesture {
        DragGesture(minimumDistance: 0)
            .onChanged { value in
                if touchDown == nil { touchDown = .now }
                drag = value.translation
            }
            .onEnded { value in
                let seconds = Date.now.timeIntervalSince(touchDown ?? .now)
                touchDown = nil
                drag = .zero
                guard enabled, flying == nil else { return }
                onThrow(ThrowInput.swipe(dx: value.translation.width, dy: value.translation.height,
                                         seconds: seconds))
            }
    }

    // MARK: - Sticks

    @ViewBuilder
    private func sticks(in mat: CGRect) -> some View {
        if let show = flying ?? landed {
            TimelineView(.animation(paused: flying == nil)) { timeline in
                let ms = flying == nil
                    ? Double(show.plan.totalMs)
                    : timeline.date.timeIntervalSince(flightStart) * 1000
                ZStack {
                    ForEach(Array(show.plan.sticks.enumerated()), id: \.offset) { _, plan in
                        StickView(pose: plan.pose(atMs: ms), mat: mat)
                    }
                }
            }
        } else {
            // Resting in a row, ready to be picked up.
            ZStack {
                ForEach(0..<4, id: \.self) { i in
                    StickView(
                        pose: StickPose(x: 0.3 + 0.13 * Double(i), y: 0.55 + (touchDown == nil ? 0 : -0.04),
                                        angle: .pi / 2, width: 1, lift: touchDown == nil ? 0 : 0.3,
                                        flatUp: false, marked: i == 0, offMat: false, landed: true),
                        mat: mat)
                }
            }
            .offset(x: drag.width * 0.15, y: drag.height * 0.15)
        }
    }

    @ViewBuilder
    private var overlayText: some View {
        if let landed, flying == nil {
            Text(verbatim: resultName(landed.result))
                .font(.system(.largeTitle, design: .rounded, weight: .heavy))
                .foregroundStyle(.white)
                .shadow(color: .black.opacity(0.5), radius: 3)
                .frame(maxHeight: .infinity, alignment: .top)
                .padding(.top, 10)
                .transition(.scale.combined(with: .opacity))
        }
        if enabled && flying == nil {
            Text("game.throwHint")
                .font(.footnote.weight(.semibold))
                .foregroundStyle(.white.opacity(0.85))
                .frame(maxHeight: .infinity, alignment: .bottom)
                .padding(.bottom, 10)
        }
    }

    private func fly(_ show: ThrowShow?) async {
        guard let show else {
            flying = nil
            landed = nil
            return
        }
        let flight = show.flight(reduceMotion: reduceMotion)
        if flight == .zero {
            flying = nil
            landed = show
            onLanded(show)
            return
        }
        landed = nil
        flying = show
        flightStart = .now
        try? await Task.sleep(for: flight)
        guard flying?.id == show.id else { return }
        withAnimation(.spring(duration: 0.3)) {
            flying = nil
            landed = show
        }
        onLanded(show)
    }

    /// The result on the mat, if the sticks have landed, then what the mat offers now:
    /// never empty, disabled or not.
    private var accessibilityText: String {
        if flying != nil { return localized("mat.flying", fallback: "The sticks are in the air") }
        let offer = matWords(status)
        guard let landed else { return offer }
        return "\(resultName(landed.result)). \(offer)"
    }
}

/// One stick seen from above: long and narrow; the flat side light with its marks, the
/// round side dark wood; narrower while it rolls, larger and with a wider shadow when up.
private struct StickView: View {
    let pose: StickPose
    let mat: CGRect

    var body: some View {
        let length = min(mat.width, mat.height * 1.6) * 0.36
        let thickness = length * 0.2
        let scale = 1 + 0.35 * pose.lift
        ZStack {
            RoundedRectangle(cornerRadius: thickness * 0.45)
                .fill(pose.flatUp ? Palette.woodFlat : Palette.woodRound)
            if pose.flatUp {
                HStack(spacing: length * 0.12) {
                    ForEach(0..<3, id: \.self) { _ in
                        Image(systemName: "xmark")
                            .font(.system(size: thickness * 0.45, weight: .bold))
                            .foregroundStyle(Palette.line)
                    }
                }
                if pose.marked {
                    // The Back-Do mark.
                    Circle()
                        .fill(Palette.accent)
                        .frame(width: thickness * 0.5, height: thickness * 0.5)
                        .offset(x: length * 0.38)
                }
            } else {
                RoundedRectangle(cornerRadius: thickness * 0.45)
                    .fill(LinearGradient(colors: [.white.opacity(0.25), .clear, .black.opacity(0.25)],
                                         startPoint: .top, endPoint: .bottom))
            }
        }
        .frame(width: length, height: thickness)
        .scaleEffect(x: 1, y: max(pose.width, 0.08))
        .scaleEffect(scale)
        .rotationEffect(.radians(pose.angle))
        .shadow(color: .black.opacity(0.35), radius: 2 + 8 * pose.lift, x: 0, y: 2 + 10 * pose.lift)
        .opacity(pose.offMat ? 0.45 : 1)
        .position(x: mat.minX + pose.x * mat.width, y: mat.minY + pose.y * mat.height)
    }
}

/// Four sticks resting, for the menu.
struct IdleSticks: View {
    var body: some View {
        GeometryReader { geo in
            let mat = CGRect(origin: .zero, size: geo.size)
            ZStack {
                ForEach(0..<4, id: \.self) { i in
                    StickView(
                        pose: StickPose(x: 0.2 + 0.2 * Double(i), y: 0.5, angle: .pi / 2 + 0.12 * Double(i - 2),
                                        width: 1, lift: 0, flatUp: i % 2 == 0, marked: i == 0,
                                        offMat: false, landed: true),
                        mat: mat)
                }
            }
        }
    }
}

#Preview("Ready to throw") {
    StickMatView(lastThrow: nil, status: .ready, onThrow: { _ in })
        .frame(height: 160)
        .padding()
}

#Preview("A result on the mat") {
    StickMatView(lastThrow: Samples.game(.toMove).state.lastThrow, status: .moveFirst, onThrow: { _ in })
        .frame(height: 160)
        .padding()
}

#Preview("Idle sticks") {
    IdleSticks()
        .frame(width: 180, height: 90)
}
