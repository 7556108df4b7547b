import AVFoundation
import SwiftUI
import UIKit
import YunnoriKit

/// The phone's part of the core's effects (`ShellPlayer`): the sticks' knock, the table's
/// haptics, VoiceOver's announcements, the share sheet and links. The core says what and
/// when; this only plays.
///
/// The knock is `Resources/Sounds/clack.wav` (scripts/make-clack-sound.py) at a volume of
/// the knock's strength, scheduled on the audio clock, with a haptic tap of that
/// intensity. A few players take turns, so knocks close together overlap. The audio
/// session is ambient: it mixes with other apps' sound and the silent switch silences it.
@MainActor
final class DevicePlayer: ShellPlayer {
    private let players: [AVAudioPlayer]
    private var next = 0
    private let tap = UIImpactFeedbackGenerator(style: .rigid)
    private let light = UIImpactFeedbackGenerator(style: .light)
    private let medium = UIImpactFeedbackGenerator(style: .medium)
    private let notice = UINotificationFeedbackGenerator()
    private let selection = UISelectionFeedbackGenerator()
    private let board = BoardGeometry()

    init() {
        try? AVAudioSession.sharedInstance().setCategory(.ambient)
        let url = Bundle.main.url(forResource: "clack", withExtension: "wav")
        players = (0..<6).compactMap { _ in url.flatMap { try? AVAudioPlayer(contentsOf: $0) } }
        for player in players { player.prepareToPlay() }
        tap.prepare()
    }

    func knock(strength: Double, against: Against, after delay: TimeInterval) {
        guard strength > 0 else { return }
        if !players.isEmpty {
            let player = players[next]
            next = (next + 1) % players.count
            // A stick falling off the mat lands on the softer floor.
            player.volume = Float(against == .floor ? strength * 0.6 : strength)
            player.currentTime = 0
            player.play(atTime: player.deviceCurrentTime + delay)
        }
        if delay > 0.005 {
            Task { [tap] in
                try? await Task.sleep(for: .seconds(delay))
                tap.impactOccurred(intensity: CGFloat(strength))
            }
        } else {
            tap.impactOccurred(intensity: CGFloat(strength))
        }
        tap.prepare()
    }

    func haptic(_ kind: HapticKind) {
        switch kind {
        case .thrown: light.impactOccurred()
        case .picked: selection.selectionChanged()
        case .moved: medium.impactOccurred()
        case .captured: notice.notificationOccurred(.warning)
        case .won: notice.notificationOccurred(.success)
        case .refused: notice.notificationOccurred(.error)
        }
    }

    func announce(_ speech: [SpeechPart]) {
        AccessibilityNotification.Announcement(spokenWords(speech, board: board)).post()
    }

    /// The share sheet over whatever is on screen (on an iPad, a popover from the middle of
    /// the window).
    func share(_ link: URL) {
        let scene = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.first
        guard var top = scene?.keyWindow?.rootViewController else { return }
        while let shown = top.presentedViewController { top = shown }
        let sheet = UIActivityViewController(activityItems: [link], applicationActivities: nil)
        if let popover = sheet.popoverPresentationController {
            popover.sourceView = top.view
            popover.sourceRect = CGRect(x: top.view.bounds.midX, y: top.view.bounds.midY, width: 1, height: 1)
        }
        top.present(sheet, animated: true)
    }

    func open(_ url: URL) {
        UIApplication.shared.open(url)
    }
}
