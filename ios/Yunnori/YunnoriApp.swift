import SwiftUI
import YunnoriKit

@main
struct YunnoriApp: App {
    @State private var services = AppServices()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environment(services)
        }
        .onChange(of: scenePhase) { _, phase in
            // Saves run in the background after every action; make sure the last ones
            // reach the disk before the system may suspend the app.
            if phase != .active {
                Task { [game = services.game] in await game.flushSaves() }
            }
        }
    }
}

/// The models the screens share, made once per launch.
@MainActor
@Observable
final class AppServices {
    let game: GameModel
    let resume: ResumeModel
    let newGame: NewGameModel
    /// Set when the save library could not be opened: games are then played unsaved.
    var launchMessage: UserMessage?

    init() {
        let library: SaveLibrary?
        switch SaveLocation.open() {
        case .success(let opened):
            library = opened
            launchMessage = nil
        case .failure(let message):
            library = nil
            launchMessage = message
        }
        game = GameModel(library: library)
        resume = ResumeModel(library: library)
        newGame = NewGameModel(defaultName: { index in
            String(localized: "newGame.defaultName \(index + 1)")
        })
    }
}
