import SwiftUI
import YunnoriKit

/// The screens, pushed on one navigation stack from the menu.
enum Screen: Hashable {
    case newGame
    case resume
    case game
    case rules
    case settings
    case licences
    case online
    case host
    /// The join screen, with the code a `yunnori://room/CODE` link brought.
    case join(code: String?)
    case lobby
}

struct ContentView: View {
    @Environment(AppServices.self) private var services
    @State private var path: [Screen] = []
    /// The id of the game on screen, kept with the scene: when the system ends the app in
    /// the background, the next launch opens that game again instead of the menu.
    @SceneStorage("openGameID") private var openGameID: String?

    var body: some View {
        NavigationStack(path: $path) {
            MenuView(open: { path.append($0) }, continueLatest: { continueLatest() })
                .navigationDestination(for: Screen.self) { screen in
                    switch screen {
                    case .newGame:
                        NewGameView(start: { startGame($0) })
                    case .resume:
                        ResumeView(open: { openSaved($0) }, rejoin: { room in
                            Task { if await services.online.rejoin(room) { path = [.online, .lobby] } }
                        })
                    case .game:
                        GameView(toMenu: { path.removeAll() })
                    case .rules:
                        RulesView()
                    case .settings:
                        SettingsView()
                    case .licences:
                        LicencesView()
                    case .online:
                        OnlineMenuView(open: { path.append($0) })
                    case .host:
                        HostView(hosted: { path = [.online, .lobby] })
                    case .join(let code):
                        JoinView(code: code ?? "", joined: { path = [.online, .lobby] })
                    case .lobby:
                        LobbyView()
                    }
                }
        }
        .onChange(of: path) { old, new in
            // Leaving the game screen (back button, or back to the menu) stops its bots.
            if old.contains(.game) && !new.contains(.game) && !services.online.inRoom {
                services.game.leave()
                services.resume.reload()
            }
            // Leaving the lobby or an online game leaves the room (its ticket is kept).
            let inRoom: (Screen) -> Bool = { $0 == .lobby || ($0 == .game && services.online.inRoom) }
            if old.contains(where: inRoom) && !new.contains(where: inRoom) {
                Task { await services.online.leave() }
            }
            openGameID = new.contains(.game) ? services.game.state.gameID : nil
        }
        .onChange(of: services.online.playing) { _, playing in
            // The host started the room's game (or a rejoined room plays): the game screen.
            if playing, !path.contains(.game) { path.append(.game) }
        }
        .onOpenURL { url in
            // yunnori://room/CODE opens the join screen with the code.
            if let code = readRoomCode(input: url.absoluteString) { path = [.online, .join(code: code)] }
        }
        .alert(
            "message.title",
            isPresented: Binding(
                get: { services.online.message != nil },
                set: { if !$0 { services.online.dismissMessage() } }),
            presenting: services.online.message
        ) { _ in
            Button("common.ok") { services.online.dismissMessage() }
        } message: { message in
            Text(verbatim: localized(message))
        }
        .onChange(of: services.game.state.gameID) { _, id in
            // Play again starts a new game on the same screen.
            if path.contains(.game) { openGameID = id }
        }
        .alert(
            "message.launch.title",
            isPresented: Binding(
                get: { services.launchMessage != nil },
                set: { if !$0 { services.launchMessage = nil } }),
            presenting: services.launchMessage
        ) { _ in
            Button("common.ok") { services.launchMessage = nil }
        } message: { message in
            Text(verbatim: localized(message))
        }
        // A game that could not start or open (the game screen shows its own messages).
        .alert(
            "message.title",
            isPresented: Binding(
                get: { services.game.state.message != nil && !services.game.state.hasGame },
                set: { if !$0 { services.game.dismissMessage() } }),
            presenting: services.game.state.message
        ) { _ in
            Button("common.ok") { services.game.dismissMessage() }
        } message: { message in
            Text(verbatim: localized(message))
        }
        .task {
            services.resume.reload()
            if let id = openGameID, path.isEmpty, services.game.restore(id: id) {
                path = [.game]
            }
        }
    }

    private func startGame(_ setup: NewGame) {
        if services.game.newGame(setup) {
            path = [.game]
        }
    }

    private func openSaved(_ id: String) {
        if services.game.resume(id: id) {
            path = [.game]
        }
    }

    /// Opens the most recently played game that is not over.
    private func continueLatest() {
        guard let entry = services.resume.state.latestUnfinished else { return }
        openSaved(entry.id)
    }
}

struct MenuView: View {
    @Environment(AppServices.self) private var services
    let open: (Screen) -> Void
    let continueLatest: @MainActor () -> Void

    @ScaledMetric(relativeTo: .largeTitle) private var titleSize: CGFloat = 48

    private var canContinue: Bool { services.resume.state.latestUnfinished != nil }

    var body: some View {
        // At the largest text sizes the menu scrolls rather than clip its buttons.
        ViewThatFits(in: .vertical) {
            menu
            ScrollView { menu }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .foregroundStyle(Palette.ink)
        .background(Palette.paper.ignoresSafeArea())
    }

    private var menu: some View {
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
                    MainMenuButton("menu.continue", systemImage: "play.fill", prominent: true,
                               action: continueLatest)
                }
                MainMenuButton("menu.newGame", systemImage: "plus", prominent: !canContinue) {
                    open(.newGame)
                }
                MainMenuButton("menu.online", systemImage: "network") { open(.online) }
                MainMenuButton("menu.resume", systemImage: "tray.full") { open(.resume) }
                MainMenuButton("menu.rules", systemImage: "book") { open(.rules) }
                MainMenuButton("menu.settings", systemImage: "gearshape") { open(.settings) }
                MainMenuButton("menu.licences", systemImage: "doc.text") { open(.licences) }
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

#Preview("The app, a game in the saves") {
    ContentView()
        .environment(AppServices(previewing: GameModel(library: nil)))
}

#Preview("The menu, nothing saved") {
    MenuView(open: { _ in }, continueLatest: {})
        .environment(AppServices(previewing: GameModel(library: nil), library: nil))
}

#Preview("The menu's buttons") {
    VStack {
        MainMenuButton("menu.continue", systemImage: "play.fill", prominent: true) {}
        MainMenuButton("menu.rules", systemImage: "book") {}
    }
    .padding()
}
