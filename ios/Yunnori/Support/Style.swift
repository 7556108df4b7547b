import SwiftUI
import YunnoriKit

/// The app's few colours: paper, ink, wood, and one accent. Each is a named colour of the
/// asset catalog (`Assets.xcassets/<Name>.colorset`) with a light and a dark appearance,
/// so text in the default colours stays readable on them in both.
enum Palette {
    static let paper = Color("Paper")
    static let card = Color("Card")
    static let ink = Color("Ink")
    /// Secondary text (captions, details): readable on the paper, the cards and the system's
    /// list rows in both appearances, which the system's `.secondary` is not on the paper.
    static let inkSoft = Color("InkSoft")
    static let line = Color("Line")
    static let accent = Color("Vermilion")
    /// Titles on the accent's fill: white on the light appearance's deep vermilion, the
    /// dark paper's ink on the dark appearance's lighter one (white there is about 3:1).
    static let onAccent = Color("OnAccent")
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

/// A filled button's colours: its fill, its title, and what it is drawn on.
/// tests/ios-app/check_palette.py reads every `FilledColours(...)` below and checks, in light
/// and dark, the title on the fill (4.5:1, text) and the fill on its ground (3:1, a control's
/// edge), so that no filled button reads as disabled.
struct FilledColours {
    let fill: Color
    let title: Color
    let ground: Color

    /// The accent's buttons and banner (Start, Play again, the moves off the board).
    static let accent = FilledColours(fill: Palette.accent, title: Palette.onAccent, ground: Palette.paper)
    /// The Throw button on the stick mat: gold, which stands out from the straw in both
    /// appearances (the vermilion is as dark as the mat in light mode).
    static let onMat = FilledColours(fill: Palette.highlight, title: Color.black, ground: Palette.mat)
}

/// The app's bordered buttons: the system's bordered look (the tint's faint fill) with ink
/// titles, or a fill with its own title colour; either way the label is at least 44 points
/// each way, Apple's smallest comfortable target (a plain bordered button is about 34
/// points tall). tests/ios-app/check_targets.py keeps `.bordered` styles to this one.
struct TargetButtonStyle: PrimitiveButtonStyle {
    /// nil: bordered.
    let filled: FilledColours?
    @Environment(\.isEnabled) private var isEnabled

    @ViewBuilder
    func makeBody(configuration: Configuration) -> some View {
        let button = Button(role: configuration.role, action: { configuration.trigger() }) {
            configuration.label
                .foregroundStyle((filled?.title ?? Palette.ink).opacity(isEnabled ? 1 : 0.45))
                .frame(minWidth: 44, minHeight: 44)
        }
        if let filled {
            button.buttonStyle(.borderedProminent).tint(filled.fill)
        } else {
            // The tint stays the caller's (a selected choice is tinted with the accent).
            button.buttonStyle(.bordered)
        }
    }
}

extension PrimitiveButtonStyle where Self == TargetButtonStyle {
    /// Bordered, with ink titles.
    static var target: TargetButtonStyle { TargetButtonStyle(filled: nil) }
    /// Filled with `colours`.
    static func target(_ colours: FilledColours) -> TargetButtonStyle { TargetButtonStyle(filled: colours) }
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
    switch SeatColour.allCases.first(where: { $0.hex.caseInsensitiveCompare(hex) == .orderedSame }) {
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
    /// The alert for a message of the core: its sentence in the player's language and an
    /// OK that dismisses it; `retry` adds Retry to a failed bot's.
    func messageAlert(_ message: Message?, retry: (@MainActor () -> Void)? = nil,
                      dismiss: @escaping @MainActor () -> Void) -> some View {
        alert(
            "message.title",
            isPresented: Binding(
                get: { message != nil },
                set: { if !$0 { dismiss() } }),
            presenting: message
        ) { message in
            if message.kind == .botFailed, let retry {
                Button("game.retryBot") {
                    dismiss()
                    retry()
                }
            }
            Button("common.ok", role: .cancel) { dismiss() }
        } message: { message in
            Text(verbatim: messageWords(message))
        }
    }
}
