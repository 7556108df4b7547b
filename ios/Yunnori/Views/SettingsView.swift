import SwiftUI
import YunnoriKit

/// The app's settings as the core keeps them: the sticks' sound and haptics, quick bots,
/// and the online rooms' server.
struct SettingsView: View {
    let settings: SettingsState
    let send: @MainActor (SettingsAction) -> Void

    var body: some View {
        Form {
            ServerAddressSection(server: settings.server, send: send)
            Section {
                Toggle("settings.knocks", isOn: Binding(
                    get: { !settings.muted },
                    set: { send(.setMuted(on: !$0)) }))
            } footer: {
                Text("settings.knocks.footer")
            }
            Section {
                Toggle("settings.quickBots", isOn: Binding(
                    get: { settings.quickBots },
                    set: { send(.setQuickBots(on: $0)) }))
            } footer: {
                Text("settings.quickBots.footer")
            }
        }
        .navigationTitle("settings.title")
    }
}

/// The online rooms' server: the default until a person sets another; the core checks it
/// (a refused address is its message).
private struct ServerAddressSection: View {
    let server: String
    let send: @MainActor (SettingsAction) -> Void
    @State private var address = ""

    var body: some View {
        Section {
            TextField("settings.server", text: $address)
                .textInputAutocapitalization(.never)
                .autocorrectionDisabled()
                .submitLabel(.done)
            Button("settings.server.save") { send(.setServer(address: address)) }
            Button("settings.server.default") { send(.setServer(address: "")) }
        } header: {
            Text("settings.server.header")
        } footer: {
            Text("settings.server.footer")
        }
        .onChange(of: server, initial: true) { _, kept in address = kept }
    }
}

#Preview("Settings") {
    if let settings = Samples.view(.settings)?.settings {
        NavigationStack {
            SettingsView(settings: settings, send: { _ in })
        }
    }
}
