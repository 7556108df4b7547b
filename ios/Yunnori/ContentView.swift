import SwiftUI
import YunnoriKit

/// The screens on the navigation stack. The core's screens follow `AppView.screen`; the
/// others (how to play, the licences, and the online screens until the core has them) are
/// the app's own, pushed from the menu.
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
    /// The join screen, with the code a `yunnori://room/CODE` link brought.
    case join(code: String?)
    case lobby
    case roomTable

    /// The screens of the core's `AppView.screen`, as the stack shows them.
    static func of(_ view: AppView) -> [Screen] {
        switch view.screen {
        case .menu, .online: []
        case .newGame: [.newGame]
        case .table: [.table]
        case .rules: view.table == nil ? [.rules] : [.table, .rules]
        case .savedGames: [.saved]
        case .settings: [.settings]
        }
    }
}

struct ContentView: View {
    @Environment(AppServices.self) private var services
    /// What the navigation stack shows.
    @State private var path: [Screen] = []
    /// The app's own screens, shown while the core is on its menu.
    @State private var ownScreens: [Screen] = []
    /// The id of the game on screen, kept with the scene: when the system ends the app in
    /// the background, the next launch opens that game again instead of the menu.
    @SceneStorage("openGameID") private var openGameID: String?
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    /// The launch problem has been read.
    @State private var launchNoted = false

    private var model: AppModel { services.model }
    private var coreScreens: [Screen] { Screen.of(model.view) }

    var body: some View {
        NavigationStack(path: $path) {
            MenuView(menu: model.view.menu, send: model.send, open: openOwn)
                .navigationDestination(for: Screen.self) { destination($0) }
        }
        // The core moved to another screen: the stack follows.
        .onChange(of: coreScreens, initial: true) { _, screens in
            path = screens.isEmpty ? ownScreens : screens
        }
        // The person went back (the back button, the edge swipe): the core leaves the
        // screens it still shows, one Back each; the app's own screens are the app's.
        .onChange(of: path) { old, new in
            let core = coreScreens
            if core.isEmpty {
                ownScreens = new
            } else if new.count < old.count, new.count < core.count {
                for _ in new.count..<core.count { model.send(.back) }
            }
            // Leaving the lobby or the room's table leaves the room (its ticket is kept).
            let inRoom: (Screen) -> Bool = { $0 == .lobby || $0 == .roomTable }
            if old.contains(where: inRoom), !new.contains(where: inRoom) {
                Task { await services.online.leave() }
            }
        }
        .onChange(of: reduceMotion, initial: true) { _, on in model.setReduceMotion(on) }
        .onChange(of: model.view.settings, initial: true) { _, settings in services.online.follow(settings) }
        .onChange(of: services.online.playing) { _, playing in
            // The host started the room's game (or a rejoined room plays): its table.
            if playing, !ownScreens.contains(.roomTable) { openOwn(ownScreens + [.roomTable]) }
        }
        .onOpenURL { url in
            // yunnori://room/CODE opens the join screen with the code.
            if let code = readRoomCode(input: url.absoluteString) { openOwn([.online, .join(code: code)]) }
        }
        .messageAlert(model.view.message, retry: { model.act(.retryBot) }) { model.send(.dismiss) }
        .messageAlert(services.online.message) { services.online.dismissMessage() }
        .alert("message.launch.title", isPresented: Binding(
            get: { model.launchProblem != nil && !launchNoted },
            set: { if !$0 { launchNoted = true } })
        ) {
            Button("common.ok") { launchNoted = true }
        } message: {
            Text("message.fileProblem")
        }
        .onChange(of: model.view.table?.gameId) { _, id in
            // The game on screen, for the scene to reopen (play again starts another).
            openGameID = model.view.screen == .table ? id : nil
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
                GameView(table: table, act: model.act, openRules: { model.send(.open(screen: .rules)) })
            }
        case .rules:
            RulesView(rules: view.rules)
        case .howToPlay:
            RulesView(rules: nil)
        case .saved:
            SavedGamesView(saved: view.saved, rooms: services.online.tickets?.rooms ?? [],
                           send: model.send, rejoin: rejoin, forget: { services.online.forget($0) })
        case .settings:
            SettingsView(settings: view.settings, send: { model.send(.settings(action: $0)) })
        case .licences:
            LicencesView()
        case .online:
            OnlineMenuView(open: { openOwn(ownScreens + [$0]) })
        case .host:
            HostView(form: view.form, send: { model.send(.form(event: $0)) }, server: services.server(view.settings),
                     hosted: { openOwn([.online, .lobby]) })
        case .join(let code):
            JoinView(code: code ?? "", server: services.server(view.settings), joined: { openOwn([.online, .lobby]) })
        case .lobby:
            LobbyView()
        case .roomTable:
            if let table = services.online.table {
                GameView(table: table, act: services.online.act, room: services.online.roomTable)
            }
        }
    }

    /// Shows the app's own screens (the core stays on its menu).
    private func openOwn(_ screens: [Screen]) {
        ownScreens = screens
        if coreScreens.isEmpty { path = screens } else { model.send(.back) }
    }

    /// Rejoins a room kept from an earlier visit (from the saved games).
    private func rejoin(_ room: SavedRoom) {
        Task {
            if await services.online.rejoin(room) { openOwn([.online, .lobby]) }
        }
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
                MainMenuButton("menu.online", systemImage: "network") { open([.online]) }
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
        .environment(AppServices(previewing: Samples.view(.menu)))
}

#Preview("The app at the table") {
    ContentView()
        .environment(AppServices(previewing: Samples.view(.moveDue)))
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
