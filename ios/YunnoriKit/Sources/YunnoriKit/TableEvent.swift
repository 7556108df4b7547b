import YutCore

/// Something that just happened at the table, for the senses the screen does not reach:
/// a haptic, and what VoiceOver announces. Each event is numbered, so the screen acts on
/// it once (`TableEvent.fresh`), and never again when the value goes back to an older or
/// an empty one (a dismissed alert, an undone capture, a new game).
public struct TableEvent: Sendable, Equatable, Identifiable {
    public let id: Int
    /// The tap or buzz it asks for, if any.
    public let haptic: Haptic?
    /// What VoiceOver says, in order (the app words each part in the player's language).
    public let speech: [Speech]

    public init(id: Int, haptic: Haptic?, speech: [Speech]) {
        self.id = id
        self.haptic = haptic
        self.speech = speech
    }

    /// The event to act on when the screen's value went from `old` to `new`: `new` when it
    /// is a new event, `nil` when it went back to nothing or stayed the same event.
    public static func fresh(_ old: TableEvent?, _ new: TableEvent?) -> TableEvent? {
        guard let new, new.id != old?.id else { return nil }
        return new
    }
}

/// The haptics of the game screen (the app maps them to `SensoryFeedback`).
public enum Haptic: Sendable, Equatable, CaseIterable {
    /// The sticks leave a hand (a person's throw or a bot's).
    case thrown
    /// The player picked a piece.
    case picked
    /// A move ended.
    case moved
    /// A move sent opposing pieces home.
    case captured
    /// The game ended.
    case won
    /// An action was refused (the message says why).
    case refused
}

/// One part of a VoiceOver announcement: ids and values, worded by the app.
public enum Speech: Sendable, Equatable {
    /// `seat` threw `result` (`nil`: 낙, a stick off the mat).
    case threw(seat: String, result: Throw?)
    /// `seat` moved `pieces` pieces to `to`.
    case moved(seat: String, pieces: Int32, to: Spot)
    /// The move joined `pieces` pieces standing there.
    case stacked(pieces: Int32)
    /// The move sent `pieces` opposing pieces back to the start.
    case captured(pieces: Int32)
    /// `pieces` pieces came home.
    case finished(pieces: Int32)
    /// The last move was taken back.
    case undone
    /// It is now `seat`'s turn (`isBot`: the phone plays it).
    case turn(seat: String, isBot: Bool)
    /// The game is over: `winners` (the seats of the winning side) won.
    case won(winners: [String])
    /// The hint came: the hard bot's move, and the mover's winning chance after it (0–1).
    case hint(move: LegalMove, winChance: Double)

    /// What the core's `events` of one action say, named from `snapshot` (the position
    /// after it): the throw or the move, what it caught, stacked or brought home, then
    /// whose turn it is when the turn passed, or who won.
    public static func of(_ events: [GameEvent], in snapshot: GameSnapshot) -> [Speech] {
        func name(_ seat: Int32) -> String {
            snapshot.seats.first { $0.seat == seat }?.name ?? ""
        }
        var out: [Speech] = []
        for event in events {
            switch event {
            case .thrown(let seat, let result, _):
                out.append(.threw(seat: name(seat), result: result))
            case .moved(let seat, _, let to, _, let pieces, _, _):
                out.append(.moved(seat: name(seat), pieces: pieces, to: to))
            case .stacked(_, let pieces):
                out.append(.stacked(pieces: pieces))
            case .captured(_, _, let pieces):
                out.append(.captured(pieces: pieces))
            case .finished(_, let pieces):
                out.append(.finished(pieces: pieces))
            case .turnPassed(let to):
                let isBot = snapshot.seats.first { $0.seat == to }.map { seat in
                    if case .bot = seat.player { return true }
                    return false
                } ?? false
                out.append(.turn(seat: name(to), isBot: isBot))
            case .won(let side):
                let seats = snapshot.sides.first { $0.side == side }?.seats ?? []
                out.append(.won(winners: seats.map(name)))
            default:
                break
            }
        }
        return out
    }

    /// Whose turn it is in `snapshot`, as the table hears it when a game opens.
    public static func turn(in snapshot: GameSnapshot) -> Speech {
        let isBot: Bool
        if case .bot = snapshot.turn.player { isBot = true } else { isBot = false }
        return .turn(seat: snapshot.turn.name, isBot: isBot)
    }
}
