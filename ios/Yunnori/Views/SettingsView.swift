import SwiftUI
import YunnoriKit

/// The app's settings: the sticks' sound and haptics, and quick bots (kept by the model in
/// UserDefaults).
struct SettingsView: View {
    @Environment(AppServices.self) private var services

    var body: some View {
        Form {
            Section {
                Toggle("settings.knocks", isOn: Binding(
                    get: { !services.game.muted },
                    set: { services.game.muted = !$0 }))
            } footer: {
                Text("settings.knocks.footer")
            }
            Section {
                Toggle("settings.quickBots", isOn: Binding(
                    get: { services.game.quickBots },
                    set: { services.game.quickBots = $0 }))
            } footer: {
                Text("settings.quickBots.footer")
            }
        }
        .navigationTitle("settings.title")
    }
}

#Preview("Settings") {
    NavigationStack {
        SettingsView()
    }
    .environment(AppServices(previewing: Samples.game(.firstThrow)))
}
