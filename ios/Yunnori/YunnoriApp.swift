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
            // The core saves every action as it handles it; what it has not handled yet
            // must be before the system suspends the app, in the time iOS grants a
            // background task.
            if phase == .background {
                BackgroundTime.finish("save") { [model = services.model] in await model.backgrounded() }
            }
        }
    }
}

/// What the screens share, made once per launch: the app core's model and, until the core
/// has the online screens, the rooms' model.
@MainActor
@Observable
final class AppServices {
    let model: AppModel
    /// Online rooms: host, join, the lobby and the room's game (`OnlineModel`, on the older
    /// room API, until the core's online screens replace it).
    let online: OnlineModel

    init() {
        let player = DevicePlayer()
        model = AppModel(directory: AppModel.appDirectory(), player: player)
        online = OnlineModel(tickets: RoomTickets(file: RoomTickets.appFile()), player: player)
    }

    /// The room server: the core's setting, unless the macOS lane's UI test names its own
    /// (`YUNNORI_SERVER` in the launch environment; not kept as the setting).
    func server(_ settings: SettingsState) -> String {
        ProcessInfo.processInfo.environment["YUNNORI_SERVER"] ?? settings.server
    }

    /// For previews and snapshot images: the app drawing `view`; nothing runs.
    init(previewing view: AppView?) {
        model = AppModel(previewing: view ?? AppModel.blank)
        online = OnlineModel(tickets: nil, player: SilentPlayer())
    }
}
