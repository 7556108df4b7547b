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
            // reach the disk before the system may suspend the app, in the time iOS grants
            // a background task.
            if phase != .active {
                BackgroundTime.finish("save") { [game = services.game] in await game.flushSaves() }
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
    /// Online rooms: the lobby and the room's game (on `game`, in its online mode).
    let online: OnlineModel
    /// Set when the save library could not be opened: games are then played unsaved.
    var launchMessage: UserMessage?

    convenience init() {
        switch SaveLocation.open() {
        case .success(let opened):
            self.init(library: opened, game: GameModel(library: opened, feedback: StickKnocks()),
                      launchMessage: nil)
        case .failure(let message):
            self.init(library: nil, game: GameModel(library: nil, feedback: StickKnocks()),
                      launchMessage: message)
        }
    }

    /// For previews: `game` on screen, and the saved games of `library`.
    convenience init(previewing game: GameModel = GameModel(library: nil),
         library: SaveLibrary? = Samples.library()) {
        self.init(library: library, game: game, launchMessage: nil)
    }

    private init(library: SaveLibrary?, game: GameModel, launchMessage: UserMessage?) {
        self.game = game
        self.launchMessage = launchMessage
        // The macOS lane's UI test names its own server (YUNNORI_SERVER).
        online = OnlineModel(game: game, tickets: (try? RoomTickets.appFile()).map(RoomTickets.init(file:)),
                             server: ProcessInfo.processInfo.environment["YUNNORI_SERVER"] ?? ServerAddress.current())
        resume = ResumeModel(library: library)
        newGame = NewGameModel(defaultName: { index in
            String(localized: "newGame.defaultName \(index + 1)")
        })
    }
}
