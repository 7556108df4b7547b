import SwiftUI
import YunnoriKit

/// The screens on the navigation stack. The core's screens follow `AppView.screen` (and,
/// online, `AppView.online.stage`); the others (how to play, the licences, the online
/// entry's host and join forms) are the app's own.
enum Screen: Hashable {
    case newGame
    case table
    case rules
    case saved
    case settings
    case howToPlay
    case licences
    case online
    case host
    /// The join screen, with the code a room link (`https://HOST/r/CODE`, or the older
    /// `yunnori://room/CODE`) brought.
    case join(code: String?)
    case lobby

    /// The screens of the core's `AppView`, as the stack shows them; `entry`: the online
    /// entry's own form on top of it (host or join), while no room is open.
    static func of(_ view: AppView, entry: Screen? = nil) -> [Screen] {
        switch view.screen {
        case .menu: []
        case .newGame: [.newGame]
        case .table where view.online.stage == .game && view.online.room != nil: [.online, .lobby, .table]
        case .table: [.table]
        case .rules: view.table == nil ? [.rules] : [.table, .rules]
        case .savedGames: [.saved]
        case .settings: [.settings]
        case .online where view.online.stage == .entry: [.online] + (entry.map { [$0] } ?? [])
        case .online: [.online, .lobby]
        }
    }

    /// What the core hears when the person leaves this screen (the back button, the edge
    /// swipe): the room's screen leaves the room (its ticket is kept for a rejoin); the
    /// app's own screens are the app's.
    var leaving: AppEvent? {
        switch self {
        case .lobby: .online(action: .leave)
        case .host, .join, .howToPlay, .licences: nil
        case .newGame, .table, .rules, .saved, .settings, .online: .back
        }
    }
}

struct ContentView: View {
    @Environment(AppModel.self) private var model
    /// What the navigation stack shows.
    @State private var path: [Screen] = []
    /// The app's own screens, shown while the core is on its menu.
    @State private var ownScreens: [Screen] = []
    /// The online entry's host or join form, open over the core's online screen.
    @State private var entry: Screen?
    /// The id of the game on screen, kept with the scene: when the system ends the app in
    /// the background, the next launch opens that game again instead of the menu.
    @SceneStorage("openGameID") private var openGameID: String?
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    /// The launch problem has been read.
    @State private var launchNoted = false

    private var coreScreens: [Screen] { Screen.of(model.view, entry: entry) }

    var body: some View {
        NavigationStack(path: $path) {
            MenuView(menu: model.view.menu, send: model.send, open: openOwn)
                .navigationDestination(for: Screen.self) { destination($0) }
        }
        // The core moved to another screen: the stack follows.
        .onChange(of: coreScreens, initial: true) { _, screens in
            path = screens.isEmpty ? ownScreens : screens
        }
        // The person went back (the back button, the edge swipe): the core hears each
        // screen of its own that was left, the last first; the app's own screens are the app's.
        .onChange(of: path) { _, new in
            let core = coreScreens
            if core.isEmpty {
                ownScreens = new
            } else if new.count < core.count {
                for left in core[new.count...].reversed() {
                    if left == entry { entry = nil }
                    if let event = left.leaving { model.send(event) }
                }
            }
        }
        // In a room, the entry's form is done with.
        .onChange(of: model.view.online.stage) { _, stage in
            if stage != .entry { entry = nil }
        }
        .onChange(of: reduceMotion, initial: true) { _, on in model.setReduceMotion(on) }
        .onOpenURL { url in openRoomLink(url) }
        // A Universal Link (https://HOST/r/CODE on a domain of the app's associated domains)
        // comes as a web-browsing activity.
        .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
            if let url = activity.webpageURL { openRoomLink(url) }
        }
        .task {
            // The macOS lane's UI test names its own room server.
            if let server = ProcessInfo.processInfo.environment["YUNNORI_SERVER"] {
                model.send(.settings(action: .setServer(address: server)))
            }
        }
        .messageAlert(model.view.message, retry: { model.act(.retryBot) }) { model.send(.dismiss) }
        .alert("message.launch.title", isPresented: Binding(
            get: { model.launchProblem != nil && !launchNoted },
            set: { if !$0 { launchNoted = true } })
        ) {
            Button("common.ok") { launchNoted = true }
        } message: {
            Text("message.fileProblem")
        }
        .onChange(of: model.view.table?.gameId) { _, id in
            // The game on screen, for the scene to reopen (play again starts another; a
            // room's game is not a saved game).
            openGameID = model.view.screen == .table && model.view.online.stage != .game ? id : nil
        }
        .onChange(of: model.view.screen) { _, screen in
            if screen != .table && screen != .rules { openGameID = nil }
        }
        .onChange(of: model.view.saved.loaded, initial: true) { _, loaded in
            // Reopens the game the scene had open, quietly: a game that is gone or cannot
            // be opened leaves the menu as it is.
            guard loaded, let id = openGameID, model.view.table == nil,
                  model.view.saved.rows.contains(where: { $0.id == id && $0.canOpen }) else { return }
            model.act(.resume(id: id))
        }
    }

    @ViewBuilder
    private func destination(_ screen: Screen) -> some View {
        let view = model.view
        switch screen {
        case .newGame:
            if let form = view.form {
                NewGameView(form: form, send: { model.send(.form(event: $0)) })
            }
        case .table:
            if let table = view.table {
                if view.online.stage == .game {
                    GameView(table: table, act: model.act, room: view.online, retry: { model.online(.retry) })
                } else {
                    GameView(table: table, act: model.act, openRules: { model.send(.open(screen: .rules)) })
                }
            }
        case .rules:
            RulesView(rules: view.rules)
        case .howToPlay:
            RulesView(rules: nil)
        case .saved:
            SavedGamesView(saved: view.saved, rooms: view.online.kept, send: model.send)
        case .settings:
            SettingsView(settings: view.settings, send: { model.send(.settings(action: $0)) })
        case .licences:
            LicencesView()
        case .online:
            OnlineMenuView(online: view.online, open: { entry = $0 }, retry: { model.online(.retry) })
        case .host:
            HostView(form: view.form, busy: view.online.busy, send: { model.send(.form(event: $0)) })
        case .join(let code):
            JoinView(code: code ?? "", busy: view.online.busy,
                     join: { model.online(.join(code: $0, name: $1)) },
                     watch: { model.online(.watch(code: $0)) })
        case .lobby:
            LobbyView(online: view.online, act: model.online, share: model.share,
                      toGame: { model.send(.open(screen: .table)) })
        }
    }

    /// Shows the app's own screens (the core stays on its menu).
    private func openOwn(_ screens: [Screen]) {
        ownScreens = screens
        if coreScreens.isEmpty { path = screens } else { model.send(.back) }
    }

    /// A room link (`https://HOST/r/CODE`, or the older `yunnori://room/CODE`; the core
    /// reads which code it names) opens the join screen with the code. The room open now
    /// is left: its ticket is kept.
    private func openRoomLink(_ url: URL) {
        guard let code = readRoomCode(input: url.absoluteString) else { return }
        if model.view.online.stage != .entry { model.online(.leave) }
        entry = .join(code: code)
        model.send(.open(screen: .online))
    }
}

struct MenuView: View {
    let menu: MenuState
    let send: @MainActor (AppEvent) -> Void
    /// Opens the app's own screens.
    let open: @MainActor ([Screen]) -> Void

    @ScaledMetric(relativeTo: .largeTitle) private var titleSize: CGFloat = 48

    private var canContinue: Bool { menu.continueId != nil || menu.tableOpen }

    var body: some View {
        // At the largest text sizes the menu scrolls rather than clip its buttons.
        ViewThatFits(in: .vertical) {
            buttons
            ScrollView { buttons }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .foregroundStyle(Palette.ink)
        .background(Palette.paper.ignoresSafeArea())
    }

    private var buttons: some View {
        VStack(spacing: 28) {
            Spacer(minLength: 0)
            VStack(spacing: 6) {
                Text("app.title")
                    .font(.system(size: titleSize, weight: .heavy, design: .rounded))
                Text("app.subtitle")
                    .font(.title3)
                    .foregroundStyle(Palette.inkSoft)
            }
            .accessibilityElement(children: .combine)
            IdleSticks()
                .frame(width: 180, height: 90)
                .accessibilityHidden(true)
            VStack(spacing: 14) {
                if canContinue {
                    MainMenuButton("menu.continue", systemImage: "play.fill", prominent: true) {
                        send(menu.tableOpen ? .open(screen: .table) : .continue)
                    }
                }
                MainMenuButton("menu.newGame", systemImage: "plus", prominent: !canContinue) {
                    send(.open(screen: .newGame))
                }
                MainMenuButton("menu.online", systemImage: "network") { send(.open(screen: .online)) }
                MainMenuButton("menu.resume", systemImage: "tray.full") { send(.open(screen: .savedGames)) }
                MainMenuButton("menu.rules", systemImage: "book") { open([.howToPlay]) }
                MainMenuButton("menu.settings", systemImage: "gearshape") { send(.open(screen: .settings)) }
                MainMenuButton("menu.licences", systemImage: "doc.text") { open([.licences]) }
            }
            .frame(maxWidth: 320)
            Spacer(minLength: 0)
        }
        .padding()
    }
}

private struct MainMenuButton: View {
    let title: LocalizedStringKey
    let systemImage: String
    let prominent: Bool
    let action: @MainActor () -> Void

    init(_ title: LocalizedStringKey, systemImage: String, prominent: Bool = false,
         action: @escaping @MainActor () -> Void) {
        self.title = title
        self.systemImage = systemImage
        self.prominent = prominent
        self.action = action
    }

    var body: some View {
        Button(action: action) {
            Label(title, systemImage: systemImage)
                .font(.headline)
                .frame(maxWidth: .infinity, minHeight: 44)
        }
        .buttonStyle(MainMenuButtonStyle(prominent: prominent))
    }
}

private struct MainMenuButtonStyle: ButtonStyle {
    let prominent: Bool
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .padding(.horizontal, 16)
            .padding(.vertical, 6)
            .foregroundStyle(prominent ? FilledColours.accent.title : Palette.ink)
            .background(
                RoundedRectangle(cornerRadius: 14)
                    .fill(prominent ? FilledColours.accent.fill : Palette.card)
                    .shadow(color: .black.opacity(0.12), radius: 3, y: 2))
            .scaleEffect(configuration.isPressed && !reduceMotion ? 0.97 : 1)
            .animation(reduceMotion ? nil : .easeOut(duration: 0.12), value: configuration.isPressed)
    }
}

#Preview("The app on its menu, a game to continue") {
    ContentView()
        .environment(AppModel(previewing: Samples.view(.menu) ?? AppModel.blank))
}

#Preview("The app at the table") {
    ContentView()
        .environment(AppModel(previewing: Samples.view(.moveDue) ?? AppModel.blank))
}

#Preview("The menu, nothing saved") {
    MenuView(menu: MenuState(continueId: nil, tableOpen: false), send: { _ in }, open: { _ in })
}

#Preview("The menu's buttons") {
    VStack {
        MainMenuButton("menu.continue", systemImage: "play.fill", prominent: true) {}
        MainMenuButton("menu.rules", systemImage: "book") {}
    }
    .padding()
}
