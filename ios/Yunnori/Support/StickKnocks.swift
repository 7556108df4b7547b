import AVFoundation
import SwiftUI
import UIKit
import YunnoriKit

/// Plays each knock of the sticks as the model asks (once per contact of the flight, at its
/// time, never while muted): the wooden clack of `Resources/Sounds/clack.wav` (made by
/// scripts/make-clack-sound.py) at a volume of the knock's strength, and a haptic tap of
/// that intensity. A few players take turns, so knocks close together overlap. The audio
/// session is ambient: it mixes with other apps' sound and the silent switch silences it.
@MainActor
final class StickKnocks: ThrowFeedback {
    private let players: [AVAudioPlayer]
    private var next = 0
    private let haptics: UIImpactFeedbackGenerator

    init() {
        try? AVAudioSession.sharedInstance().setCategory(.ambient)
        let url = Bundle.main.url(forResource: "clack", withExtension: "wav")
        players = (0..<6).compactMap { _ in url.flatMap { try? AVAudioPlayer(contentsOf: $0) } }
        for player in players { player.prepareToPlay() }
        haptics = UIImpactFeedbackGenerator(style: .rigid)
        haptics.prepare()
    }

    func knock(strength: Double, against: Against) {
        let level = min(max(strength, 0), 1)
        guard level > 0 else { return }
        if !players.isEmpty {
            let player = players[next]
            next = (next + 1) % players.count
            // A stick falling off the mat lands on the softer floor.
            player.volume = Float(against == .floor ? level * 0.6 : level)
            player.currentTime = 0
            player.play()
        }
        haptics.impactOccurred(intensity: CGFloat(level))
        haptics.prepare()
    }
}
