import Foundation
import YutCore

/// What the phone does for the core: the app's audio, haptics, VoiceOver, share sheet and
/// links (`DevicePlayer`, over AVFoundation and UIKit). The core says what and when; the
/// player only performs.
@MainActor
public protocol ShellPlayer: AnyObject {
    /// A stick knocked: a wooden clack at a volume of `strength` (0–1), softer on the floor
    /// beyond the mat, and a haptic tap of that intensity, `delay` seconds from now.
    func knock(strength: Double, against: Against, after delay: TimeInterval)
    func haptic(_ kind: HapticKind)
    /// What VoiceOver says, in order (the app words each part).
    func announce(_ speech: [SpeechPart])
    /// The share sheet with this link.
    func share(_ link: URL)
    func open(_ url: URL)
}

/// Performs the core's `ShellEffect`s on a `ShellPlayer`, in order. A knock comes from the
/// core when it is due, stamped with the time it was due: it plays at that time (a little
/// ahead when the core's timer woke early), and not at all when it reaches the main actor
/// too late to belong to the sticks on screen.
@MainActor
public struct EffectExecutor {
    /// A knock heard later than this after its time is dropped.
    public static let lateKnock: TimeInterval = 0.15

    let player: any ShellPlayer
    let clock: @Sendable () -> Date

    public init(player: any ShellPlayer, clock: @escaping @Sendable () -> Date = Date.init) {
        self.player = player
        self.clock = clock
    }

    public func perform(_ effects: [ShellEffect]) {
        for effect in effects {
            switch effect {
            case .cue(let atMs, let strength, let against):
                let delay = Double(atMs) / 1000 - clock().timeIntervalSince1970
                if delay >= -Self.lateKnock {
                    player.knock(strength: Double(min(max(strength, 0), 1)), against: against,
                                 after: max(delay, 0))
                }
            case .haptic(let kind):
                player.haptic(kind)
            case .announce(let speech):
                player.announce(speech)
            case .share(let link):
                if let url = URL(string: link) { player.share(url) }
            case .openUrl(let address):
                if let url = URL(string: address) { player.open(url) }
            }
        }
    }
}

/// A player that performs nothing (previews).
public final class SilentPlayer: ShellPlayer {
    public init() {}
    public func knock(strength: Double, against: Against, after delay: TimeInterval) {}
    public func haptic(_ kind: HapticKind) {}
    public func announce(_ speech: [SpeechPart]) {}
    public func share(_ link: URL) {}
    public func open(_ url: URL) {}
}
