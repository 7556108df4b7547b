import YutCore

/// What the bot side of the table is doing.
public enum BotActivity: Sendable, Equatable {
    case idle
    /// The short pause before a bot acts, so the table can see whose turn it is.
    case waiting(seat: Int32)
    /// Throwing, or showing its throw.
    case throwing(seat: Int32)
    /// Searching for a move.
    case thinking(seat: Int32)
    /// Showing its move.
    case moving(seat: Int32)
}

/// A throw's result, shown once its sticks have settled: the core's report, numbered as its
/// flight (`FlightShow.id`), so that two equal throws in a row are still two throws.
public struct ThrowShow: Sendable, Equatable, Identifiable {
    public let id: Int
    public let report: ThrowReport

    public var seat: Int32 { report.seat }
    /// `nil` for 낙 (a stick off the mat).
    public var result: Throw? { report.result }
    /// The sticks' flight, as the core simulated it.
    public var flight: Flight { report.flight }
}

/// A move to animate: where the stack went, station by station.
public struct MoveShow: Sendable, Equatable, Identifiable {
    public let id: Int
    public let seat: Int32
    public let from: Spot
    /// Every spot passed, ending where the stack stopped.
    public let path: [Spot]
    public let pieces: Int32
    /// Opposing pieces it sent home.
    public let captured: Int32
    public let events: [GameEvent]
}

/// The move the hard bot would play in the position on screen (`GameModel.askHint()`).
/// It goes with that position: any change of position drops it.
public struct Hint: Sendable, Equatable {
    /// The state tag of the snapshot it was found for.
    public let state: UInt64
    public let move: LegalMove
    /// The bot's estimate (0–1) of the mover's chance of winning after the move.
    public let winChance: Double
    /// The estimate after each legal move of the snapshot, in its order (to compare the
    /// options).
    public let chances: [Double?]
}

/// The review of the game up to one position (`GameModel.reviewGame()`): the moves of
/// people where the hard bot's own choice was clearly better, largest loss first.
public struct GameReview: Sendable, Equatable {
    /// The state tag of the snapshot it was made at.
    public let state: UInt64
    public let slips: [Slip]
}

/// The player tapped a destination that several legal moves reach (another route, to
/// stack or not, other results spent): the app asks which one.
public struct MoveChoice: Sendable, Equatable {
    public let from: Spot
    public let to: Spot
    /// The legal moves to choose between (at least two).
    public let options: [LegalMove]

    /// The routes the options take, in order, without repeats.
    public var routes: [Route] { options.map(\.route).uniqued() }
    /// Whether options differ in joining the pieces already there.
    public var stackChoices: [Bool] { options.compactMap(\.stack).uniqued() }
    /// The different sets of results the options spend.
    public var usesChoices: [[Throw]] { options.map(\.uses).uniqued() }
}

/// Everything the game screen shows, as one value. The model replaces it as a whole;
/// views only read it.
public struct GameState: Sendable, Equatable {
    /// The saved game's id; `nil` before a game is started or resumed.
    public internal(set) var gameID: String?
    /// The core's picture of the game; `nil` before a game is started or resumed.
    public internal(set) var snapshot: GameSnapshot?
    /// The piece (or home row) the player picked to move; its legal destinations light up.
    public internal(set) var selection: Spot?
    /// Several moves reach the tapped destination: which one?
    public internal(set) var pendingChoice: MoveChoice?
    /// The latest throw's flight: on the mat from the moment it is planned, flying, then
    /// at rest until the next throw.
    public internal(set) var flight: FlightShow?
    /// The sticks are in the air: the result is not shown yet, and nothing can be thrown
    /// or moved until they settle.
    public internal(set) var sticksInAir = false
    /// The latest throw's result, published only once its sticks have settled.
    public internal(set) var lastThrow: ThrowShow?
    /// The latest move, for the path animation.
    public internal(set) var lastMove: MoveShow?
    public internal(set) var bot: BotActivity = .idle
    /// The hard bot's advice for the position on screen.
    public internal(set) var hint: Hint?
    /// A hint is being worked out.
    public internal(set) var hintPending = false
    /// The review of the game so far.
    public internal(set) var review: GameReview?
    /// A review is being worked out.
    public internal(set) var reviewPending = false
    /// A message waiting to be shown; `GameModel.dismissMessage()` clears it.
    public internal(set) var message: UserMessage?
    /// Set when a resumed game was read from its backup file: what was wrong.
    public internal(set) var recoveredFromBackup: String?
    /// The latest thing that happened, for haptics and VoiceOver (`TableEvent.fresh`).
    public internal(set) var event: TableEvent?
    /// An online game's table: whose device holds each seat, the connection; `nil` for a
    /// game on this device.
    public internal(set) var online: OnlineTableState?

    public init() {}

    public var hasGame: Bool { snapshot != nil }

    /// A person (not a bot) is to act, no bot is busy and no sticks are in the air.
    public var isHumanTurn: Bool {
        guard let s = snapshot, !s.over else { return false }
        if let online { return online.mayAct && !sticksInAir }
        return s.botToAct == nil && bot == .idle && !sticksInAir
    }

    public var canThrow: Bool { isHumanTurn && snapshot?.phase == .toThrow }
    public var canMove: Bool { isHumanTurn && snapshot?.phase == .toMove }
    public var canUndo: Bool { snapshot?.canUndo ?? false }
    /// A hint makes sense: a person is to move, and none is on screen or on its way.
    public var canAskHint: Bool { canMove && !hintPending && hint == nil }

    /// Where the pieces that may move now stand (`.home` for pieces waiting to enter).
    public var origins: [Spot] {
        guard canMove, let s = snapshot else { return [] }
        return s.legalMoves.map(\.from).uniqued()
    }

    /// The legal moves from the selected spot.
    public var selectedMoves: [LegalMove] {
        guard canMove, let s = snapshot, let from = selection else { return [] }
        return s.legalMoves.filter { $0.from == from }
    }

    /// The spots to highlight: where the selected piece may go.
    public var destinations: [Spot] { selectedMoves.map(\.to).uniqued() }

    /// With a hint on screen: its estimate for moving the selected piece to `spot` (the
    /// best of the moves that reach it).
    public func chance(at spot: Spot) -> Double? {
        guard let hint, let s = snapshot else { return nil }
        return selectedMoves.filter { $0.to == spot }
            .compactMap { move in s.legalMoves.firstIndex(of: move).flatMap { hint.chances[$0] } }
            .max()
    }

    /// The seat to act.
    public var turn: TurnView? { snapshot?.turn }

    /// What the turn banner says the table is doing; `nil` without a game.
    public var status: TurnStatus? {
        guard let snapshot else { return nil }
        if snapshot.over { return .over }
        switch bot {
        case .waiting, .throwing: return .botThrows
        case .thinking: return .botThinks
        case .moving: return .botMoves
        case .idle: break
        }
        if sticksInAir { return .inTheAir }
        if let online, !online.myTurn { return .remoteTurn }
        switch snapshot.phase {
        case .toThrow: return .throwSticks(throws: Int(snapshot.owed + snapshot.owedPrize))
        case .toMove: return selection == nil ? .pickPiece : .pickDestination
        case .over: return .over
        }
    }

    /// What the stick mat offers now (its VoiceOver label is never empty).
    public var mat: MatStatus {
        guard let snapshot else { return .noGame }
        if snapshot.over { return .over }
        if sticksInAir { return .inTheAir }
        if canThrow { return .ready }
        if canMove { return .moveFirst }
        return .othersTurn(seat: snapshot.turn.name)
    }
}

/// The turn banner's line under the name of the seat to act.
public enum TurnStatus: Sendable, Equatable {
    /// A person is to throw, `throws` times (at least one).
    case throwSticks(throws: Int)
    /// A person is to pick the piece to move.
    case pickPiece
    /// The picked piece waits for its destination.
    case pickDestination
    /// A person's sticks are in the air.
    case inTheAir
    case botThrows
    case botThinks
    case botMoves
    /// Online: a seat held by another device (or a bot on the server) is to act.
    case remoteTurn
    case over
}

/// What the stick mat offers, for its label.
public enum MatStatus: Sendable, Equatable {
    /// A throw is due: a swipe, a tap or VoiceOver's double-tap throws.
    case ready
    /// The sticks are flying: the result shows when they settle.
    case inTheAir
    /// A result is in hand: a piece must move before the next throw.
    case moveFirst
    /// Another seat (a bot, or one busy) is playing.
    case othersTurn(seat: String)
    case over
    case noGame
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}

/// The online side of the game screen: the room's seats as the server sees them, whether
/// this device is to act, and the connection (for the banner while it is lost).
public struct OnlineTableState: Sendable, Equatable {
    public internal(set) var code: String
    /// Every seat: its holder's name, connected or not, a bot standing in, this device's.
    public internal(set) var seats: [RoomSeat]
    /// A seat of this device is to act (and no bot stands in for it).
    public internal(set) var myTurn: Bool
    public internal(set) var connection: Connection
    /// An intent was sent and its answer has not come back yet.
    public internal(set) var waiting = false

    /// The connection is up: intents may be sent.
    public var online: Bool {
        switch connection {
        case .connected, .restored: true
        case .reconnecting, .closed: false
        }
    }

    /// A person at this device may throw or move now.
    public var mayAct: Bool { myTurn && online && !waiting }

    /// The banner while the connection is lost and being restored; `nil` when it is up.
    public var banner: ConnectionBanner? {
        switch connection {
        case .connected, .restored: nil
        case .reconnecting(let attempt): .reconnecting(attempt: Int(attempt))
        case .closed: .closed
        }
    }

    public func seat(_ seat: Int32) -> RoomSeat? { seats.first { $0.seat == seat } }
}

/// What the game screen's connection banner says.
public enum ConnectionBanner: Sendable, Equatable {
    case reconnecting(attempt: Int)
    case closed
}
