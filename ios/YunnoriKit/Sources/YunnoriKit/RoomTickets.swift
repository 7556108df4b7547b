import Foundation
import YutCore

/// An online room this device holds seats in, as kept between visits: the seats' tokens
/// (whoever presents one plays the seat), so the saved-games list can offer Rejoin.
public struct SavedRoom: Codable, Sendable, Equatable, Identifiable {
    public struct Seat: Codable, Sendable, Equatable {
        public let seat: Int32
        public let token: String
    }

    public let server: String
    public let code: String
    public let link: String
    public let host: Bool
    public let seats: [Seat]
    public let savedAt: Date

    public var id: String { "\(server) \(code)" }

    public init(_ ticket: RoomTicket, savedAt: Date = Date()) {
        server = ticket.server
        code = ticket.code
        link = ticket.link
        host = ticket.host
        seats = ticket.seats.map { Seat(seat: $0.seat, token: $0.token) }
        self.savedAt = savedAt
    }

    /// The ticket to resume the room with.
    public var ticket: RoomTicket {
        RoomTicket(server: server, code: code, link: link,
                   seats: seats.map { SeatTicket(seat: $0.seat, token: $0.token) }, host: host)
    }
}

/// The rooms' tickets, one JSON file in app-private storage (Application Support), newest
/// first (until the core keeps them, with its online screens). A file that cannot be read lists nothing (the rooms are only lost, never wrong).
@MainActor
public final class RoomTickets {
    public let file: URL
    public private(set) var rooms: [SavedRoom]

    public init(file: URL) {
        self.file = file
        rooms = (try? Data(contentsOf: file)).flatMap { try? Self.decoder.decode([SavedRoom].self, from: $0) } ?? []
    }

    /// The app's file, beside the core's files (`AppModel.appDirectory()`), under a name of
    /// its own: the core keeps its tickets as `rooms.json` once it has the online screens.
    public static func appFile() -> URL {
        AppModel.appDirectory().appendingPathComponent("room-tickets.json")
    }

    /// Keeps (or replaces) a room's ticket.
    public func keep(_ ticket: RoomTicket) throws {
        let saved = SavedRoom(ticket)
        try write([saved] + rooms.filter { $0.id != saved.id })
    }

    public func forget(_ room: SavedRoom) throws {
        try write(rooms.filter { $0.id != room.id })
    }

    private func write(_ next: [SavedRoom]) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try Self.encoder.encode(next).write(to: file, options: .atomic)
        rooms = next
    }

    private static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        return e
    }()
    private static let decoder = JSONDecoder()
}
