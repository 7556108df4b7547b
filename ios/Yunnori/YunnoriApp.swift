import SwiftUI
import YunnoriKit

@main
struct YunnoriApp: App {
    /// The app's one model: the Rust app core, every screen's view model and its effects
    /// (online rooms too: the core performs the room's connection itself).
    @State private var model = AppModel(directory: AppModel.appDirectory(), player: DevicePlayer())
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environment(model)
        }
        .onChange(of: scenePhase) { _, phase in
            // The core saves every action as it handles it; what it has not handled yet
            // must be before the system suspends the app, in the time iOS grants a
            // background task.
            if phase == .background {
                BackgroundTime.finish("save") { [model] in await model.backgrounded() }
            }
        }
    }
}
