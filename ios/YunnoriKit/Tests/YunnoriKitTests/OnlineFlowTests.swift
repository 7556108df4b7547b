#if os(Linux) || os(macOS)
import Foundation
import Testing
import YutCore
@testable import YunnoriKit

/// The walk the app's screens take (ios/YunnoriUITests/OnlinePathUITests on the macOS lane),
/// at the models' level against a real server: host → the code and its link → join by
/// pasting the link → the lobby → play → leave → the saved-games list → rejoin.
@Suite("Online screens' path against a real server", .serialized)
@MainActor
struct OnlineFlowTests {
    @Test("host, share the code, join, play, leave and rejoin")
    func hostShareJoinPlayLeaveRejoin() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let host = try phone(server), guest = try phone(server)

        // Host: the core's new-game form, its second seat made a person's and a name typed
        // with a space round it, as the room's table.
        let app = AppModel(directory: try tempDir(), player: SilentPlayer())
        defer { app.shutdown() }
        app.send(.open(screen: .newGame))
        try await waitUntil("the form") { app.view.form != nil }
        app.send(.form(event: .setSeatPlayer(seat: 1, player: .human)))
        app.send(.form(event: .setSeatName(seat: 0, name: " Haneul ")))
        try await waitUntil("the form's edits") {
            app.view.form?.seats.count == 2 && app.view.form?.seats[1].player == .human
                && app.view.form?.seats[0].name == " Haneul "
        }
        let form = try #require(app.view.form)
        let setup = form.roomGame
        #expect(form.hostName == "Haneul" && setup.seats.map(\.player) == [.human, .human])
        #expect(setup.rules == form.rules && setup.seed == nil && setup.teams == nil)
        #expect(await host.host(name: form.hostName, game: setup, server: server.address,
                                settings: testRoomSettings()))
        let room = try #require(host.room)
        #expect(room.hosting && room.stage == .lobby)

        // Share: the code, and the link that opens the join screen.
        #expect(room.link == roomLink(code: room.code))
        #expect(readRoomCode(input: room.link) == room.code)
        #expect(readRoomCode(input: "  \(room.code.lowercased()) ") == room.code)

        // Join: a code that cannot be one is refused before any connection.
        #expect(await guest.join(code: "??", name: "Bada", server: server.address) == false)
        #expect(guest.message?.kind == .badRoomCode && !guest.inRoom)
        guest.dismissMessage()
        // A code no room has: the server's refusal, worded for the player.
        #expect(await guest.join(code: "ACDEFG", name: "Bada", server: server.address) == false)
        #expect(guest.message?.kind == .roomNotFound && !guest.inRoom)
        guest.dismissMessage()
        #expect(await guest.join(code: room.link, name: "Bada", server: server.address))
        #expect(guest.mySeats.map(\.seat) == [1] && !guest.hosting)

        // The lobby: both seats taken and connected, then ready; only the host may start.
        try await waitUntil("both seats taken") {
            host.room?.seats.allSatisfy { $0.taken && $0.connected } == true
        }
        #expect(!host.canStart)
        await guest.start()
        #expect(guest.message?.kind == .hostOnly, "a refusal in the app's words")
        guest.dismissMessage()
        await host.ready(true)
        await guest.ready(true)
        try await waitUntil("the host may start") { host.canStart }
        await host.start()
        try await waitUntil("the game screens") { host.playing && guest.playing }
        #expect(host.roomTable?.seats[0].mine == true)
        #expect(guest.roomTable?.seats[0].mine == false)

        // Play: a few throws and moves, each seen on both phones.
        var latencies: [Double] = []
        try await OnlineGameTests().play(host, guest, latencies: &latencies) { host.playsHeard >= 6 }
        #expect(samePosition(host.snapshot, guest.snapshot))

        // Leave: the screen closes, the room is kept in the saved-games list.
        await guest.leave()
        #expect(!guest.inRoom && guest.table == nil && guest.roomTable == nil)
        let saved = try #require(guest.tickets?.rooms.first)
        #expect(saved.code == room.code && saved.seats.map(\.seat) == [1])
        // The list survives the app: a new store reads the same file.
        let reread = RoomTickets(file: try #require(guest.tickets?.file))
        #expect(reread.rooms == guest.tickets?.rooms)

        // Rejoin from the list: the same seat, the game where it was.
        #expect(await guest.rejoin(saved))
        try await waitUntil("the game again, on the same seat") {
            guest.playing && guest.table != nil && guest.mySeats.map(\.seat) == [1]
        }
        try await waitUntil("the same position") {
            samePosition(host.snapshot, guest.snapshot)
        }
        try await OnlineGameTests().play(host, guest, latencies: &latencies) { host.playsHeard >= 10 }

        // Forget: the room leaves the list.
        await guest.leave()
        guest.forget(saved)
        #expect(guest.tickets?.rooms.isEmpty == true)
        await host.leave()
    }
}
#endif
