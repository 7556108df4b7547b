import Foundation
import YutCore

// What the online screens draw from the core's `OnlineState`: which banner, which word
// for a seat, which stack of screens. Nothing here decides anything about the room: the
// core's `AppView.online` says it all; this only picks how it looks.

/// The connection's banner: shown while the room's connection is not up.
public enum ConnectionBanner: Sendable, Equatable {
    /// Connecting again after a loss (`attempt` above 1).
    case reconnecting(attempt: UInt32)
    /// Closed: `Retry` opens it again.
    case closed
}

/// Who holds a seat, as the lobby and the room's table word it.
public enum SeatHolder: Sendable, Equatable {
    /// A computer player of the room's.
    case bot
    /// Its person is away and a bot plays the seat meanwhile.
    case standin
    /// Its person is away; the seat waits for them.
    case away
    /// Nobody has taken it yet.
    case open
    /// This phone's.
    case mine(ready: Bool)
    /// Another phone's.
    case other(ready: Bool)
}

extension OnlineState {
    /// The banner while the room's connection is down (none outside a room, or when live).
    public var banner: ConnectionBanner? {
        switch connection {
        case .idle, .live: nil
        case .connecting(let attempt): attempt > 1 ? .reconnecting(attempt: attempt) : nil
        case .reconnecting(let attempt, _): .reconnecting(attempt: attempt)
        case .closed: room == nil ? nil : .closed
        }
    }

    /// This phone's seats in the room.
    public var mySeats: [RoomSeatState] { room?.seats.filter(\.mine) ?? [] }

    /// Every seat of this phone is ready (and it holds one).
    public var allMineReady: Bool { !mySeats.isEmpty && mySeats.allSatisfy(\.ready) }
}

extension RoomSeatState {
    public var holder: SeatHolder {
        if case .bot = player { return .bot }
        if standin != nil { return .standin }
        if away { return .away }
        if !taken { return .open }
        return mine ? .mine(ready: ready) : .other(ready: ready)
    }
}
