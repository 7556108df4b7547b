import SwiftUI
import YunnoriKit

/// The app's settings: the sticks' sound and haptics, and quick bots (kept by the model in
/// UserDefaults).
struct SettingsView: View {
    @Environment(AppServices.self) private var services

    var body: some View {
        Form {
            ServerAddressSection()
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

/// The online rooms' server: the default until a person sets another, checked by the core.
struct ServerAddressSection: View {
    @Environment(AppServices.self) private var services
    @State private var address = ""
    @State private var refused = false

    var body: some View {
        Section {
            TextField("settings.server", text: $address)
                .textInputAutocapitalization(.never)
                .autocorrectionDisabled()
                .submitLabel(.done)
            Button("settings.server.save") { save() }
            Button("settings.server.default") {
                address = ""
                save()
            }
        } header: {
            Text("settings.server.header")
        } footer: {
            Text(refused ? "settings.server.refused" : "settings.server.footer")
        }
        .onAppear { address = services.online.server }
    }

    private func save() {
        switch ServerAddress.set(address) {
        case .success(let kept):
            services.online.server = kept
            address = kept
            refused = false
        case .failure:
            refused = true
        }
    }
}

#Preview("Settings") {
    NavigationStack {
        SettingsView()
    }
    .environment(AppServices(previewing: Samples.game(.firstThrow)))
}
