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
/// first. A file that cannot be read lists nothing (the rooms are only lost, never wrong).
@MainActor
public final class RoomTickets {
    public let file: URL
    public private(set) var rooms: [SavedRoom]

    public init(file: URL) {
        self.file = file
        rooms = (try? Data(contentsOf: file)).flatMap { try? Self.decoder.decode([SavedRoom].self, from: $0) } ?? []
    }

    /// The app's file: Application Support/Yunnori/rooms.json.
    public static func appFile() throws -> URL {
        let dir = try FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask,
                                              appropriateFor: nil, create: true)
            .appendingPathComponent("Yunnori", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("rooms.json")
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

/// The server address setting: `defaultServer()` until a person sets another, checked by the
/// core (`checkServerAddress`). Kept in `UserDefaults` under `key`.
public enum ServerAddress {
    public static let key = "online.server"

    public static func current(_ defaults: UserDefaults = .standard) -> String {
        defaults.string(forKey: key) ?? defaultServer()
    }

    /// Sets the address typed; an empty one goes back to the default.
    /// - Returns: the address as kept, or the message saying why it cannot be one.
    public static func set(_ input: String, in defaults: UserDefaults = .standard) -> Result<String, UserMessage> {
        if input.trimmingCharacters(in: .whitespaces).isEmpty {
            defaults.removeObject(forKey: key)
            return .success(defaultServer())
        }
        do {
            let checked = try checkServerAddress(input: input)
            defaults.set(checked, forKey: key)
            return .success(checked)
        } catch {
            return .failure(UserMessage(.badServer, detail: UserMessage.from(error)?.detail ?? ""))
        }
    }
}
