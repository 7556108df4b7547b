import SwiftUI
import YunnoriKit

/// The app's few colours: paper, ink, wood, and one accent. Each is a named colour of the
/// asset catalog (`Assets.xcassets/<Name>.colorset`) with a light and a dark appearance,
/// so text in the default colours stays readable on them in both.
enum Palette {
    static let paper = Color("Paper")
    static let card = Color("Card")
    static let ink = Color("Ink")
    static let line = Color("Line")
    static let accent = Color("Vermilion")
    static let highlight = Color("Highlight")
    static let boardPaper = Color("BoardPaper")
    static let boardInk = Color("BoardInk")
    static let wayOn = Color("WayOn")
    static let wayHome = Color("WayHome")
    static let mat = Color("Mat")
    static let matStraw = Color("MatStraw")
    static let matWeave = Color("MatWeave")
    static let woodFlat = Color("WoodFlat")
    static let woodRound = Color("WoodRound")
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
    return coreDetail(message.detail).map { "\(text)\n\n\($0)" } ?? text
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
    guard let result, let name = ThrowNames.displayName(result, korean: prefersKorean) else {
        return localized("throw.nak", fallback: "Nak (낙): off the mat")
    }
    return name
}

/// A station's name for VoiceOver and labels: its traditional name where it has one.
func stationName(_ station: StationInfo) -> String {
    station.displayName(korean: prefersKorean)
        ?? String(format: localized("station.number", fallback: "Station %@"), station.id)
}

/// A spot's name: a station's, or the waiting pieces', or home.
func spotName(_ spot: Spot, on board: BoardGeometry) -> String {
    switch spot {
    case .home: return localized("spot.home", fallback: "waiting")
    case .done: return localized("spot.done", fallback: "home")
    case .station(let id): return board.stations[id].map(stationName) ?? id
    }
}

/// The core's own explanation of a problem, which is in English: shown beside the app's
/// words only when the app speaks English (the Korean screen keeps to Korean).
func coreDetail(_ detail: String) -> String? {
    detail.isEmpty || prefersKorean ? nil : detail
}

/// Why a saved game cannot be opened from its main file, in the player's language (the
/// core hands an id; its own reason is English and stays in the logs).
func damageText(_ damage: SaveDamage?) -> String? {
    switch damage {
    case nil: return nil
    case .corrupt: return localized("damage.corrupt", fallback: "Its content is damaged.")
    case .unreadable: return localized("damage.unreadable", fallback: "Its file cannot be read.")
    case .missing: return localized("damage.missing", fallback: "Its file is missing.")
    case .badId: return localized("damage.badId", fallback: "Its file name is not a game's.")
    case .newerVersion:
        return localized("damage.newerVersion", fallback: "It was saved by a newer version of Yunnori.")
    }
}

/// A seat colour's name, for VoiceOver on the swatches.
func colourName(_ hex: String) -> String {
    switch SeatColour(hex: hex) {
    case .red: return localized("colour.red", fallback: "Red")
    case .blue: return localized("colour.blue", fallback: "Blue")
    case .green: return localized("colour.green", fallback: "Green")
    case .yellow: return localized("colour.yellow", fallback: "Yellow")
    case .purple: return localized("colour.purple", fallback: "Purple")
    case .sky: return localized("colour.sky", fallback: "Sky blue")
    case nil: return localized("newGame.colour", fallback: "Colour")
    }
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
