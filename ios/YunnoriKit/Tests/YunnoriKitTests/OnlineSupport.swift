// A real server is started with Foundation.Process, which iOS does not have: these run on
// Linux (scripts/test-ios-viewmodel.sh) and macOS, not in the simulator.
#if os(Linux) || os(macOS)
import Foundation
import Testing
import YutCore
@testable import YunnoriKit

struct NoServer: Error, CustomStringConvertible {
    let description: String
}

/// A real `yut-server` on loopback (YUT_SERVER_BIN, set by scripts/test-ios-viewmodel.sh),
/// with its own data directory; stopped by `stop()`.
final class TestServer: @unchecked Sendable {
    let process = Process()
    let address: String
    let data: URL

    init() throws {
        guard let bin = ProcessInfo.processInfo.environment["YUT_SERVER_BIN"], !bin.isEmpty else {
            throw NoServer(description: "YUT_SERVER_BIN is not set (scripts/test-ios-viewmodel.sh sets it)")
        }
        guard FileManager.default.isExecutableFile(atPath: bin) else {
            throw NoServer(description: "YUT_SERVER_BIN \(bin) is not an executable")
        }
        data = try tempDir()
        process.executableURL = URL(fileURLWithPath: bin)
        // The phones here act as fast as the test's loop turns, far above a person's pace
        // and the server's default rate limit (20 messages a second, 40 at once).
        process.arguments = ["--listen", "127.0.0.1:0", "--data", data.path,
                             "--rate-per-sec", "2000", "--rate-burst", "2000"]
        let out = Pipe()
        process.standardOutput = out
        // Never swift test's own streams: a server left running would hold them open.
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // `listening on 127.0.0.1:PORT` (its log may come first, on the same stream).
        var said = ""
        for _ in 0..<100 {
            var line = Data()
            while true {
                let byte = out.fileHandleForReading.readData(ofLength: 1)
                if byte.isEmpty || byte == Data("\n".utf8) { break }
                line.append(byte)
            }
            said = String(decoding: line, as: UTF8.self)
            if said.hasPrefix("listening on ") || line.isEmpty { break }
        }
        // Keep reading, so the server never blocks on a full pipe.
        out.fileHandleForReading.readabilityHandler = { _ = $0.availableData }
        guard let at = said.range(of: "listening on ") else {
            process.terminate()
            throw NoServer(description: "the server said \(said.debugDescription)")
        }
        address = "ws://" + said[at.upperBound...].trimmingCharacters(in: .whitespaces)
    }

    func stop() {
        // Not `waitUntilExit()`: on Linux it spins a run loop that a test on the main
        // actor never lets turn.
        if process.isRunning { process.terminate() }
        for _ in 0..<100 where process.isRunning { usleep(10_000) }
        // It waits for its connections to close; a failed test may have left some open.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for _ in 0..<100 where process.isRunning { usleep(10_000) }
        try? FileManager.default.removeItem(at: data)
    }
}

/// Room settings for tests: bots act at once, a dropped seat waits 300 ms for its player.
func testRoomSettings(undo: Bool = false) -> RoomSettings {
    var s = defaultRoomSettings()
    s = RoomSettings(undo: undo, graceMs: 300, standin: s.standin, turnTimerMs: nil, botDelayMs: 0)
    return s
}

/// People and bots, `pieces` each, the first seat starts.
func onlineTable(pieces: Int32 = 4, _ players: PlayerKind...) -> NewGame {
    let names = ["Haneul", "Bada", "Byeol", "Dal"]
    let seats = players.enumerated().map { i, p in
        SeatSpec(name: names[i], colour: palette[i], player: p)
    }
    let short = rules(.yunnori, ["pieces_per_player": .count(value: pieces),
                                 "first_player": .choice(id: "seat_order")])
    return NewGame(rules: short, seats: seats, teams: nil, seed: nil, undo: false)
}

/// A phone: its own online model, with its own tickets file, on `server`; its sticks drop
/// at once (Reduce Motion, no drop time) and make no sound.
@MainActor
func phone(_ server: TestServer) throws -> OnlineModel {
    let tickets = RoomTickets(file: try tempDir().appendingPathComponent("rooms.json"))
    let model = OnlineModel(tickets: tickets, player: SilentPlayer())
    model.follow(SettingsState(muted: true, quickBots: false, reduceMotion: true, server: server.address))
    model.game.dropMs = 0
    return model
}

extension OnlineModel {
    /// Acts once when this phone may, as its table offers: the Throw button, or the first
    /// legal move chosen.
    /// - Returns: whether it acted.
    @discardableResult
    func actIfDue() -> Bool {
        guard let table else { return false }
        if table.canThrow {
            act(.throwTap)
            return true
        }
        if table.canMove, !table.snapshot.legalMoves.isEmpty {
            act(.chooseMove(index: 0, state: table.snapshot.state))
            return true
        }
        return false
    }

    var over: Bool { table?.snapshot.over == true }
    var snapshot: GameSnapshot? { table?.snapshot }
    /// An intent of this phone is on its way, or its sticks are still in the air.
    var settling: Bool { game.waiting || table?.status == .inTheAir }
}

func median(_ xs: [Double]) -> Double { percentile(xs, 0.5) }

func percentile(_ xs: [Double], _ p: Double) -> Double {
    guard !xs.isEmpty else { return .nan }
    let s = xs.sorted()
    let rank = Int((p * Double(s.count)).rounded(.up)) - 1
    return s[max(0, min(s.count - 1, rank))]
}

extension Duration {
    var ms: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}
#endif
