// A real server is started with Foundation.Process, which iOS does not have: these run on
// Linux (scripts/test-ios-viewmodel.sh) and macOS, not in the simulator.
#if os(Linux) || os(macOS)
import Foundation
import Testing
import YutCore
@testable import YunnoriKit

/// Two phones (two `OnlineModel`s, each drawing its room's table) against a real yut-server on
/// loopback: a whole game, a dropped connection in the middle, a seat played by the
/// server's stand-in bot while its player is away and handed back when they rejoin.
@Suite("Online game against a real server", .serialized)
@MainActor
struct OnlineGameTests {
    let clock = ContinuousClock()

    /// Hosts on `a`, joins on `b`, both ready, starts.
    func seated(_ server: TestServer, pieces: Int32 = 4) async throws -> (OnlineModel, OnlineModel) {
        let a = try phone(server), b = try phone(server)
        note("server at \(server.address)")
        let hosted = await a.host(name: "Haneul", game: onlineTable(pieces: pieces, human, human),
                                  server: server.address, settings: testRoomSettings())
        #expect(hosted, "\(String(describing: a.message))")
        note("hosted: \(hosted) \(a.room?.code ?? "-")")
        let code = try #require(a.room?.code)
        let joined = await b.join(code: code, name: "Bada", server: server.address)
        #expect(joined, "\(String(describing: b.message))")
        try await waitUntil("both seats taken") { a.room?.seats.allSatisfy(\.taken) == true }
        note("seats taken")
        await a.ready(true)
        note("a ready")
        await b.ready(true)
        note("b ready")
        note("joined: \(joined)")
        try await waitUntil("the host may start") { a.canStart }
        await a.start()
        note("start sent")
        try await waitUntil("both phones show the game") { a.table != nil && b.table != nil }
        return (a, b)
    }

    /// Plays until `done` holds or the game is over: each phone that may act does, and waits
    /// for its answer (and for the other phone to hear it, while it is in the room).
    /// Records the latency of each throw to the other phone's snapshot in `latencies`.
    func play(_ a: OnlineModel, _ b: OnlineModel, latencies: inout [Double],
              until done: () -> Bool = { false }) async throws {
        var steps = 0
        let deadline = clock.now + .seconds(120)
        while !done(), !(a.over && (!b.inRoom || b.over)) {
            #expect(clock.now < deadline, "the game does not go on")
            if clock.now >= deadline { return }
            for (me, other) in [(a, b), (b, a)] where me.inRoom {
                let heard = other.playsHeard
                let throwing = me.table?.canThrow == true
                let start = clock.now
                guard me.actIfDue() else { continue }
                steps += 1
                try await waitUntil("the answer") { !me.settling }
                if let refused = me.message {
                    let seat = me.mySeats.first?.seat ?? -1
                    note("seat \(seat) refused (\(throwing ? "throw" : "move")): \(String(describing: refused)); "
                         + "me: \(describe(me.snapshot)) other: \(describe(other.snapshot)) "
                         + "connections \(me.connectionLog) / \(other.connectionLog) "
                         + "notices \(String(describing: me.notice)) / \(String(describing: other.notice))")
                }
                #expect(me.message == nil, "\(String(describing: me.message))")
                if other.inRoom {
                    try await waitUntil("the other phone hears it") { other.playsHeard > heard }
                    if throwing, let at = other.lastPlayHeardAt { latencies.append((at - start).ms) }
                }
            }
            try await Task.sleep(for: .milliseconds(1))
            #expect(steps < 3000, "the game does not end")
            if steps >= 3000 { return }
        }
    }

    @Test("two phones play a whole game, with a reconnect and a stand-in bot in the middle")
    func wholeGame() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let (a, b) = try await seated(server)
        #expect(a.snapshot?.turn.seat == 0, "the first seat starts")
        #expect(a.mySeats.map(\.seat) == [0] && b.mySeats.map(\.seat) == [1])
        #expect(a.roomTable?.seats[1].mine == false && b.roomTable?.seats[1].mine == true)
        var latencies: [Double] = []

        // Some play, then phone a loses its connection and gets it back.
        note("started")
        try await play(a, b, latencies: &latencies) { a.playsHeard >= 8 }
        note("dropping a's connection")
        a.dropConnection()
        do {
            try await waitUntil("a's connection is restored", timeout: .seconds(10)) { a.connection == .restored }
        } catch {
            note("connection states: \(a.connectionLog)")
            throw error
        }
        #expect(a.connectionLog.contains { if case .reconnecting = $0 { true } else { false } })
        #expect(a.roomTable?.banner == nil)
        try await waitUntil("a's game caught up") {
            samePosition(a.snapshot, b.snapshot)
        }

        try await play(a, b, latencies: &latencies) { a.playsHeard >= 16 }
        #expect(!a.over, "the game ended before the stand-in's part")

        note("b goes away")
        // b goes away: after the grace, the server's bot plays b's seat.
        await b.leave()
        #expect(!b.inRoom && b.table == nil)
        let saved = try #require(b.tickets?.rooms.first, "b keeps the room's ticket")
        try await waitUntil("a bot stands in for seat 1") { a.room?.seats[1].standin != nil }
        #expect(a.roomTable?.seats[1].standin != nil)
        let byBot = a.playsBySeat[1, default: 0]
        try await play(a, b, latencies: &latencies) { a.playsBySeat[1, default: 0] >= byBot + 2 || a.over }
        #expect(a.playsBySeat[1, default: 0] >= byBot + 2 || a.over, "the stand-in played seat 1")

        note("b comes back")
        // b comes back with its ticket: the seat is its own again.
        let back = await b.rejoin(saved)
        #expect(back, "\(String(describing: b.message))")
        try await waitUntil("seat 1 is handed back") {
            a.room?.seats[1].standin == nil && a.room?.seats[1].connected == true
        }
        try await waitUntil("b holds seat 1 and shows the game again") {
            b.mySeats.map(\.seat) == [1] && b.table != nil
        }

        try await play(a, b, latencies: &latencies)
        try await waitUntil("both see the end") { a.over && b.over }
        #expect(a.snapshot?.winner == b.snapshot?.winner)
        #expect(latencies.count >= 10)
        print(String(format: "whole-game latency: throws=%d median=%.2f ms p99=%.2f ms",
                     latencies.count, median(latencies), percentile(latencies, 0.99)))
        await a.leave()
        await b.leave()
    }

    @Test("the latency from a throw on one phone to the other's snapshot, over many throws")
    func latency() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let (a, b) = try await seated(server, pieces: 2)
        var latencies: [Double] = []
        var games = 1
        while latencies.count < 200 {
            try await play(a, b, latencies: &latencies)
            try await waitUntil("both see the end") { a.over && b.over }
            guard latencies.count < 200 else { break }
            // The host's rematch: the same table, a new game on both phones.
            let number = a.room?.gameNumber ?? 0
            // The game screen's Play again.
            a.act(.playAgain)
            try await Task.sleep(for: .milliseconds(50))
            #expect(a.message == nil, "\(String(describing: a.message))")
            try await waitUntil("the rematch") {
                (a.room?.gameNumber ?? 0) > number && (b.room?.gameNumber ?? 0) > number
            }
            if a.room?.stage == .lobby {
                await a.ready(true)
                await b.ready(true)
                try await waitUntil("the host may start") { a.canStart }
                await a.start()
            }
            try await waitUntil("the new game on both phones") {
                a.table != nil && !a.over && b.table != nil && !b.over
            }
            games += 1
            #expect(games < 30, "too many games for 200 throws")
            if games >= 30 { break }
        }
        #expect(latencies.count >= 200)
        print(String(format: "online latency: throws=%d median=%.2f ms p99=%.2f ms (%d games)",
                     latencies.count, median(latencies), percentile(latencies, 0.99), games))
        await a.leave()
        await b.leave()
    }

    @Test("news of the room while a throw is on its way does not offer the same throw again")
    func throwOnItsWayStaysSo() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let (a, b) = try await seated(server)
        let room = try #require(a.room)
        #expect(room.myTurn && a.table?.canThrow == true)
        // The same room on a table whose room never answers: the throw stays on its way.
        let screen = RoomGame(player: SilentPlayer())
        var sent: [RoomGame.Intent] = []
        screen.send = { sent.append($0) }
        screen.showRoom(room)
        #expect(screen.table?.canThrow == true)
        screen.act(.throwTap)
        #expect(sent.count == 1 && screen.waiting && screen.table?.canThrow == false)
        screen.act(.throwTap)
        #expect(sent.count == 1, "one throw sent")
        // The room heard again (a seat's connection changed, say) while it is on its way.
        screen.showRoom(room)
        #expect(screen.waiting, "the throw is still on its way")
        #expect(screen.table?.canThrow == false, "the same throw is not offered again")
        // Losing the connection answers it: the table may act again once it is back.
        screen.online = false
        #expect(!screen.waiting && screen.table?.canThrow == false)
        screen.online = true
        #expect(screen.table?.canThrow == true)
        await a.leave()
        await b.leave()
    }
}

func describe(_ s: GameSnapshot?) -> String {
    guard let s else { return "none" }
    return "turn \(s.turn.seat) \(s.phase) owed \(s.owed)+\(s.owedPrize) hand \(s.hand.map { "\($0)" }) moves \(s.legalMoves.count)"
}

/// The two phones show the same position (state tags are each device's own).
func samePosition(_ x: GameSnapshot?, _ y: GameSnapshot?) -> Bool {
    guard let x, let y else { return false }
    return x.phase == y.phase && x.turn == y.turn && x.hand == y.hand && x.stacks == y.stacks
        && x.owed == y.owed && x.over == y.over
}

/// A line on stderr at once (swift test's own output comes at the end), to follow a run.
func note(_ line: String) {
    FileHandle.standardError.write(Data("[online] \(line)\n".utf8))
}
#endif
