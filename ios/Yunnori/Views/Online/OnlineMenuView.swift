import SwiftUI
import YunnoriKit

/// Online: host a room or join one with its code.
struct OnlineMenuView: View {
    let open: (Screen) -> Void

    var body: some View {
        Form {
            Section {
                Button { open(.host) } label: { Label("online.host", systemImage: "person.3") }
                Button { open(.join(code: nil)) } label: { Label("online.join", systemImage: "qrcode") }
            } footer: {
                Text("online.footer")
            }
        }
        .navigationTitle("online.title")
    }
}

/// Host: the core's new-game form; its Start opens a room at that table instead of a game
/// here (the first person's seat is this phone's, the others wait for players with the
/// code).
struct HostView: View {
    @Environment(AppServices.self) private var services
    let form: FormState?
    let send: @MainActor (FormEvent) -> Void
    let server: String
    let hosted: @MainActor () -> Void

    var body: some View {
        Group {
            if let form {
                NewGameView(form: form, send: send, start: { host(form) })
            } else {
                // The form comes with the core's first edit of it.
                ProgressView().onAppear { send(.resetRules) }
            }
        }
        .navigationTitle("online.host.title")
        .disabled(services.online.busy)
    }

    private func host(_ form: FormState) {
        Task {
            if await services.online.host(name: form.hostName, game: form.roomGame, server: server) { hosted() }
        }
    }
}

/// Join: the room's code (typed, pasted, or from a `yunnori://room/CODE` link) and a name.
struct JoinView: View {
    @Environment(AppServices.self) private var services
    @State var code: String
    let server: String
    @State private var name = ""
    let joined: @MainActor () -> Void

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
            Button("online.join.button") {
                Task {
                    if await services.online.join(code: code, name: name, server: server) { joined() }
                }
            }
            .disabled(code.isEmpty || name.isEmpty || services.online.busy)
        }
        .navigationTitle("online.join.title")
    }
}

#Preview("Online menu") {
    NavigationStack { OnlineMenuView(open: { _ in }) }
}

#Preview("Host") {
    NavigationStack {
        HostView(form: Samples.view(.newGame)?.form, send: { _ in }, server: "wss://rooms.yunnori.app", hosted: {})
    }
    .environment(AppServices(previewing: nil))
}

#Preview("Join") {
    NavigationStack { JoinView(code: "ABCD23", server: "wss://rooms.yunnori.app", joined: {}) }
        .environment(AppServices(previewing: nil))
}
