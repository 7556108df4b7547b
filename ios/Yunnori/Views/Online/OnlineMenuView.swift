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

/// Host: the new-game form; its Start opens the room (the first person's seat is this
/// phone's, the others wait for players with the code).
struct HostView: View {
    @Environment(AppServices.self) private var services
    let hosted: () -> Void

    var body: some View {
        NewGameView(start: { setup in
            let name = setup.seats.first { $0.player == .human }?.name ?? ""
            Task {
                if await services.online.host(name: name, game: setup) { hosted() }
            }
        })
        .navigationTitle("online.host.title")
        .disabled(services.online.busy)
    }
}

/// Join: the room's code (typed, pasted, or from a `yunnori://room/CODE` link) and a name.
struct JoinView: View {
    @Environment(AppServices.self) private var services
    @State var code: String
    @State private var name = ""
    let joined: () -> Void

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
                    if await services.online.join(code: code, name: name) { joined() }
                }
            }
            .disabled(code.isEmpty || name.isEmpty || services.online.busy)
        }
        .navigationTitle("online.join.title")
    }
}

#Preview("Online menu") {
    NavigationStack { OnlineMenuView(open: { _ in }) }
        .environment(AppServices(previewing: GameModel(library: nil)))
}

#Preview("Host") {
    NavigationStack { HostView(hosted: {}) }
        .environment(AppServices(previewing: GameModel(library: nil)))
}

#Preview("Join") {
    NavigationStack { JoinView(code: "ABCD23", joined: {}) }
        .environment(AppServices(previewing: GameModel(library: nil)))
}
