import Foundation
import YutCore

/// The app at telling moments, for the previews and the snapshot tests: the core plays
/// seeded tables to each `Sample` (`sampleView`) and hands back the whole view model, so
/// every preview draws a position the rules reach, as the core describes it.
public enum Samples {
    /// The app at `sample`. Its last throw or move happened now, so a preview plays it;
    /// `atRest` puts everything long in the past (the snapshot tests' still images). `nil`
    /// when the core could not make it (the previews then show nothing).
    public static func view(_ sample: Sample, atRest: Bool = false) -> AppView? {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("yunnori-sample-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let now = atRest ? 0 : UInt64(Date().timeIntervalSince1970 * 1000)
        return try? sampleView(sample: sample, dataDir: scratch.path, nowMs: now)
    }

    /// The game table at `sample` (see `view`).
    public static func table(_ sample: Sample, atRest: Bool = false) -> TableState? {
        view(sample, atRest: atRest)?.table
    }
}

/// The online screens at telling moments, for the previews and the snapshot images: the
/// core's own records, filled in by hand (a room needs a server; these need none).
public enum OnlineSamples {
    public static let code = "K7TQ2M"

    /// A room's lobby: this phone hosts seat 1 (ready), another phone holds seat 2 (not
    /// ready), a computer player seat 3, seat 4 is open.
    public static func lobby(hosting: Bool = true, connection: LinkState = .live) -> OnlineState {
        let seats = [
            seat(0, "Haneul", mine: hosting, ready: true),
            seat(1, "Bada", mine: !hosting, ready: false),
            seat(2, "Bot 3", player: .bot(level: .medium)),
            seat(3, "", taken: false),
        ]
        return state(.lobby, room: room(.lobby, hosting: hosting, seats: seats, game: nil), connection: connection)
    }

    /// A room's game at `sample` (the core's seeded table): this phone holds the first seat,
    /// the second seat's person is away and a bot stands in for them.
    public static func game(_ sample: Sample = .midGame, connection: LinkState = .live) -> OnlineState? {
        guard let table = Samples.table(sample, atRest: true) else { return nil }
        let seats = table.snapshot.seats.map { s in
            seat(UInt32(max(s.seat, 0)), s.name, player: s.player, mine: s.seat == 0, ready: true,
                 away: s.seat == 1, standin: s.seat == 1 ? .medium : nil)
        }
        let game = RoomGameState(
            snapshot: table.snapshot, myTurn: table.snapshot.turn.seat == 0, onItsWay: false,
            standinToAct: table.snapshot.turn.seat == 1 ? .medium : nil, lastByStandin: false,
            deadlineMs: nil, throws: .committed(commitment: String(repeating: "ab", count: 32)))
        return state(.game, room: room(.playing, hosting: true, seats: seats, game: game), connection: connection)
    }

    /// Rooms kept from earlier visits (the saved-games screen's Rejoin and Forget).
    public static let kept = [
        KeptRoom(code: code, server: "wss://rooms.yunnori.app", seats: [0], host: true, joinedAtMs: 0),
        KeptRoom(code: "ACDEFG", server: "wss://rooms.yunnori.app", seats: [1, 2], host: false, joinedAtMs: 0),
    ]

    private static func state(_ stage: OnlineStage, room: RoomState, connection: LinkState) -> OnlineState {
        OnlineState(stage: stage, server: "wss://rooms.yunnori.app", busy: false, watching: false, connection: connection,
                    room: room, kept: kept)
    }

    private static func room(_ phase: RoomPhase, hosting: Bool, seats: [RoomSeatState],
                             game: RoomGameState?) -> RoomState {
        RoomState(code: code, link: "https://rooms.yunnori.app/r/\(code)", phase: phase, hosting: hosting, hostSeat: 0,
                  seats: seats, spectators: 0, canStart: false, gameNumber: 1, rules: nil, game: game)
    }

    private static func seat(_ seat: UInt32, _ name: String, player: PlayerKind = .human, taken: Bool = true,
                             mine: Bool = false, ready: Bool = false, away: Bool = false,
                             standin: BotLevel? = nil) -> RoomSeatState {
        let palette = ["#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7", "#56B4E9"]
        return RoomSeatState(seat: seat, number: seat + 1, name: name, colour: palette[Int(seat) % palette.count],
                             player: player, taken: taken, connected: taken && !away, away: away, ready: ready,
                             standin: standin, mine: mine)
    }
}
