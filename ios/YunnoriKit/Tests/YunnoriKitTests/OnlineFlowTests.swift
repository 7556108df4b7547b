#if os(Linux) || os(macOS)
import Foundation
import Testing
import YutCore
@testable import YunnoriKit

/// The walk the app's online screens take (ios/YunnoriUITests/OnlinePathUITests on the
/// macOS lane), through the adapter over two real app cores against a real server: host
/// from the form → the code and its Share → join by the link → the lobby → play → leave →
/// the kept room survives the app → rejoin → forget. What the core decides is tested in
/// Rust (app/tests/online_server.rs); this checks that the phone's adapter carries it: the
/// events reach the core, its online view model and the room's table reach the main actor,
/// the Share effect reaches the phone.
@Suite("Online screens over the app core, against a real server", .serialized)
@MainActor
struct OnlineFlowTests {
    /// A phone: the app over its own directory, on `server`, its sticks dropping at once.
    private func phone(_ server: TestServer, dir: URL? = nil, player: any ShellPlayer = SilentPlayer())
        throws -> AppModel {
        let model = AppModel(directory: try dir ?? tempDir(), player: player)
        model.send(.settings(action: .setServer(address: server.address)))
        model.setReduceMotion(true)
        return model
    }

    /// Acts once when this phone may, as its table offers: the Throw button, or the first
    /// legal move. Returns whether it acted.
    private func actIfDue(_ model: AppModel) -> Bool {
        guard let table = model.view.table, model.view.online.room?.game?.onItsWay == false,
              table.status != .inTheAir else { return false }
        if table.canThrow {
            model.act(.throwTap)
            return true
        }
        if table.canMove, !table.snapshot.legalMoves.isEmpty {
            model.act(.chooseMove(index: 0, state: table.snapshot.state))
            return true
        }
        return false
    }

    /// Plays `actions` throws and moves between the two phones, whoever is to act.
    private func play(_ a: AppModel, _ b: AppModel, actions: Int) async throws {
        var done = 0
        try await waitUntil("\(actions) actions played", timeout: .seconds(60)) {
            for phone in [a, b] where done < actions && actIfDue(phone) { done += 1 }
            return done >= actions || a.view.table?.snapshot.over == true
        }
    }

    /// Both phones show the same position (each tags its positions on its own).
    private func samePosition(_ a: AppModel, _ b: AppModel) -> Bool {
        guard let x = a.view.table?.snapshot, let y = b.view.table?.snapshot else { return false }
        return x.seats.map(\.pieces) == y.seats.map(\.pieces) && x.turn.seat == y.turn.seat
            && x.phase == y.phase && x.hand == y.hand
    }

    @Test("host, share the code, join, play, leave, rejoin after a restart, forget")
    func hostShareJoinPlayLeaveRejoin() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let player = RecordingPlayer()
        let host = try phone(server, player: player)
        let guestDir = try tempDir()
        let guest = try phone(server, dir: guestDir)
        defer { host.shutdown() }

        // Host: the core's new-game form, its second seat a person's, a name typed with
        // spaces round it; the room opens at that table, on the server of the settings.
        host.send(.open(screen: .online))
        host.send(.form(event: .setSeatPlayer(seat: 1, player: .human)))
        host.send(.form(event: .setSeatName(seat: 0, name: " Haneul ")))
        try await waitUntil("the form's edits") {
            host.view.screen == .online && host.view.form?.seats.map(\.player) == [.human, .human]
                && host.view.form?.seats[0].name == " Haneul "
        }
        host.send(.form(event: .host(name: "")))
        try await waitUntil("the lobby") { host.view.online.stage == .lobby && host.view.online.room != nil }
        let room = try #require(host.view.online.room)
        #expect(room.hosting && room.phase == .lobby)
        #expect(room.seats.first?.name == "Haneul" && room.seats.first?.mine == true)
        #expect(host.view.online.kept.map(\.code) == [room.code])

        // Share: the room's link, on the phone's share sheet.
        host.share(room.link)
        #expect(player.done.contains(.share(try #require(URL(string: room.link)))))

        // Join: a code that cannot be one is refused in the app's words, before any room.
        guest.send(.open(screen: .online))
        guest.online(.join(code: "??", name: "Bada"))
        try await waitUntil("the refusal") { guest.view.message != nil }
        #expect(guest.view.message?.kind == .badRoomCode && guest.view.online.stage == .entry)
        guest.send(.dismiss)
        guest.online(.join(code: room.link, name: "Bada"))
        try await waitUntil("the guest's lobby") { guest.view.online.mySeats.map(\.seat) == [1] }
        #expect(guest.view.online.room?.hosting == false)

        // The lobby: only the host may start, once everyone is ready.
        try await waitUntil("both seats taken") {
            host.view.online.room?.seats.allSatisfy { $0.taken && $0.connected } == true
        }
        #expect(host.view.online.room?.canStart == false)
        host.online(.start)
        try await waitUntil("the host's refusal") { host.view.message != nil }
        #expect(host.view.message?.kind == .notEveryoneReady(name: "Haneul", number: 1),
                "a refusal naming the person, as a kind the app words")
        host.send(.dismiss)
        for phone in [host, guest] {
            for seat in phone.view.online.mySeats { phone.online(.ready(seat: seat.seat, ready: true)) }
        }
        try await waitUntil("the host may start") { host.view.online.room?.canStart == true }
        #expect(host.view.online.allMineReady && guest.view.online.allMineReady)
        guest.online(.start)
        try await waitUntil("the guest's refusal") { guest.view.message != nil }
        #expect(guest.view.message?.kind == .hostOnly(name: "Haneul"), "the server's refusal, naming the host")
        guest.send(.dismiss)
        host.online(.start)
        try await waitUntil("both at the room's table") {
            [host, guest].allSatisfy { $0.view.screen == .table && $0.view.online.stage == .game && $0.view.table != nil }
        }
        #expect(host.view.table?.advice == false, "a room has no hint or review")

        // Play: a few throws and moves, each seen on both phones.
        try await play(host, guest, actions: 4)
        try await waitUntil("the same position on both phones") { samePosition(host, guest) }

        // Leave: the room is kept, and survives the app.
        guest.online(.leave)
        try await waitUntil("the guest out of the room") { guest.view.online.stage == .entry }
        #expect(guest.view.table == nil)
        #expect(guest.view.online.kept.map(\.code) == [room.code])
        #expect(guest.view.online.kept.first?.seats == [1])
        await guest.backgrounded()
        guest.shutdown()
        let again = try phone(server, dir: guestDir)
        defer { again.shutdown() }
        #expect(again.view.online.kept.map(\.code) == [room.code], "the kept room is read back")

        // Rejoin from the saved games: the same seat, the game where it was.
        again.online(.rejoin(code: room.code))
        try await waitUntil("the game again, on the same seat") {
            again.view.screen == .table && again.view.online.mySeats.map(\.seat) == [1]
        }
        try await waitUntil("the same position") { samePosition(host, again) }
        try await play(host, again, actions: 2)

        // Forget: the room leaves the list.
        again.online(.leave)
        again.online(.forget(code: room.code))
        try await waitUntil("the room forgotten") { again.view.online.kept.isEmpty }
        host.online(.leave)
    }
}
#endif
