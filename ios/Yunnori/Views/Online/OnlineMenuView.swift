import SwiftUI
import YunnoriKit

/// Online: host a room or join one with its code. The core's `Online` screen at its entry.
struct OnlineMenuView: View {
    let online: OnlineState
    let open: @MainActor (Screen) -> Void
    let retry: @MainActor () -> Void

    var body: some View {
        Form {
            if let banner = online.banner {
                Section { ConnectionBannerView(banner: banner, retry: retry) }
            }
            Section {
                Button { open(.host) } label: { Label("online.host", systemImage: "person.3") }
                Button { open(.join(code: nil)) } label: { Label("online.join", systemImage: "qrcode") }
            } footer: {
                Text("online.footer")
            }
            .disabled(online.busy)
        }
        .navigationTitle("online.title")
    }
}

/// Host: the core's new-game form; its Start opens a room at that table instead of a game
/// here (the first person's seat is this phone's, the others wait for players with the
/// code).
struct HostView: View {
    let form: FormState?
    let busy: Bool
    let send: @MainActor (FormEvent) -> Void

    var body: some View {
        Group {
            if let form {
                NewGameView(form: form, send: send, start: { send(.host(name: "")) })
            } else {
                // The form comes with the core's first edit of it.
                ProgressView().onAppear { send(.resetRules) }
            }
        }
        .navigationTitle("online.host.title")
        .disabled(busy)
    }
}

/// Join: the room's code (typed, pasted, or from a room link: `https://HOST/r/CODE`, `yunnori://room/CODE`) and a name.
/// The core reads the code (a link too) and refuses what is not one.
struct JoinView: View {
    @State var code: String
    let busy: Bool
    let join: @MainActor (_ code: String, _ name: String) -> Void
    /// Watches the room without a seat (a full room, or a game to follow).
    let watch: @MainActor (_ code: String) -> Void
    @State private var name = ""

    var body: some View {
        Form {
            Section {
                TextField("online.join.code", text: $code)
                    .textInputAutocapitalization(.characters)
                    .autocorrectionDisabled()
                TextField("online.join.name", text: $name)
            } footer: {
                Text("online.join.footer")
            }
            Button("online.join.button") { join(code, name) }
                .disabled(code.isEmpty || name.isEmpty || busy)
            Section {
                Button("online.watch.button") { watch(code) }
                    .disabled(code.isEmpty || busy)
            } footer: {
                Text("online.watch.footer")
            }
        }
        .navigationTitle("online.join.title")
    }
}

#Preview("Online menu") {
    NavigationStack { OnlineMenuView(online: AppModel.blank.online, open: { _ in }, retry: {}) }
}

#Preview("Host") {
    NavigationStack {
        HostView(form: Samples.view(.newGame)?.form, busy: false, send: { _ in })
    }
}

#Preview("Join") {
    NavigationStack { JoinView(code: OnlineSamples.code, busy: false, join: { _, _ in }, watch: { _ in }) }
}
