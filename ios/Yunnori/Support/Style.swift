import SwiftUI
import YunnoriKit

/// The app's few colours: paper, ink, wood, and one accent.
enum Palette {
    static let paper = Color(red: 0.97, green: 0.94, blue: 0.88)
    static let card = Color(red: 1.0, green: 0.99, blue: 0.96)
    static let ink = Color(red: 0.18, green: 0.14, blue: 0.11)
    static let line = Color(red: 0.45, green: 0.33, blue: 0.22)
    static let accent = Color(red: 0.76, green: 0.22, blue: 0.18)
    static let highlight = Color(red: 0.98, green: 0.76, blue: 0.18)
    static let mat = Color(red: 0.29, green: 0.42, blue: 0.33)
    static let woodFlat = Color(red: 0.94, green: 0.84, blue: 0.64)
    static let woodRound = Color(red: 0.55, green: 0.34, blue: 0.18)
}

extension Color {
    /// A seat colour as the core stores it, `#RRGGBB` (grey if malformed).
    init(hex: String) {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6, let v = UInt32(digits, radix: 16) else {
            self = .gray
            return
        }
        self.init(
            red: Double((v >> 16) & 0xFF) / 255,
            green: Double((v >> 8) & 0xFF) / 255,
            blue: Double(v & 0xFF) / 255)
    }
}

/// Words that depend on data (rule keys, message kinds, presets): looked up in
/// Localizable.strings by a key built at run time, falling back to the core's English.
func localized(_ key: String, fallback: String) -> String {
    Bundle.main.localizedString(forKey: key, value: fallback, table: nil)
}

func localized(_ message: UserMessage) -> String {
    let text = localized(message.localizationKey, fallback: message.english)
    return message.detail.isEmpty ? text : "\(text)\n\n\(message.detail)"
}

/// A winning chance (0–1) as a whole percentage, as the hint, the board and the review
/// show it.
func percent(_ chance: Double) -> Int { Int((chance * 100).rounded()) }

/// Whether the app speaks Korean (the localization iOS chose for it from the player's
/// languages, so the names follow the rest of the screen): then the core's Korean names
/// lead.
var prefersKorean: Bool {
    Bundle.main.preferredLocalizations.first?.hasPrefix("ko") == true
}

/// A result's name: "개" in Korean, "Gae (개)" otherwise; `nil` is 낙.
func resultName(_ result: Throw?) -> String {
    guard let result, let info = ThrowNames.info(result) else {
        return localized("throw.nak", fallback: "Nak (낙): off the mat")
    }
    return prefersKorean ? info.korean : "\(info.english) (\(info.korean))"
}

/// A station's name for VoiceOver and labels: its traditional name where it has one.
func stationName(_ station: StationInfo) -> String {
    if let ko = station.nameKorean, let en = station.nameEnglish {
        return prefersKorean ? ko : "\(en.capitalized) (\(ko))"
    }
    return String(format: localized("station.number", fallback: "Station %@"), station.id)
}

func routeName(_ route: Route) -> String {
    switch route {
    case .outer: return localized("route.outer", fallback: "Round the edge")
    case .mo: return localized("route.mo", fallback: "Across from Mo (모)")
    case .moStraight: return localized("route.moStraight", fallback: "Straight through the centre")
    case .dwitmo: return localized("route.dwitmo", fallback: "Across from Dwitmo (뒷모)")
    case .jjimo: return localized("route.jjimo", fallback: "In from Jjimo (찌모)")
    }
}

extension View {
    /// The usual alert for a `UserMessage`: its text in the player's language and an OK that
    /// dismisses it (the game screen adds a retry for a failed bot and keeps its own).
    func messageAlert(_ message: UserMessage?, dismiss: @escaping () -> Void) -> some View {
        alert(
            "message.title",
            isPresented: Binding(
                get: { message != nil },
                set: { if !$0 { dismiss() } }),
            presenting: message
        ) { _ in
            Button("common.ok") { dismiss() }
        } message: { message in
            Text(verbatim: localized(message))
        }
    }
}
