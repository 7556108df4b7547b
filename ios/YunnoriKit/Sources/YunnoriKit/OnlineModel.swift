import Foundation
import Observation
import YutCore

/// What the room said, in the order it said it, stamped when it reached this device.
enum RoomNews: Sendable {
    case room(RoomView)
    case played(OnlinePlay)
    case undone(seat: Int32, room: RoomView)
    case connection(Connection)
    case notice(RoomNotice)
}

/// The core's listener: called on the client's thread, it only queues the news (in order)
/// for the model on the main actor.
final class RoomRelay: RoomListener {
    let sink: AsyncStream<(RoomNews, ContinuousClock.Instant)>.Continuation

    init(_ sink: AsyncStream<(RoomNews, ContinuousClock.Instant)>.Continuation) { self.sink = sink }

    func onRoom(room: RoomView) { sink.yield((.room(room), .now)) }
    func onPlayed(play: OnlinePlay) { sink.yield((.played(play), .now)) }
    func onUndone(seat: Int32, room: RoomView) { sink.yield((.undone(seat: seat, room: room), .now)) }
    func onConnection(connection: Connection) { sink.yield((.connection(connection), .now)) }
    func onNotice(notice: RoomNotice) { sink.yield((.notice(notice), .now)) }
}

/// The online screens' model: host a room, share its code, join one, the lobby, then the
/// room's game on the same `GameModel` (and game screen) a local game uses, in its online
/// mode (intents go to the server, never a bot run here). Leaving keeps the room's ticket
/// in `RoomTickets`, so the saved-games list can rejoin it.
@MainActor
@Observable
public final class OnlineModel {
    /// The room as last heard; `nil` outside a room.
    public private(set) var room: RoomView?
    public private(set) var connection: Connection = .closed
    /// The seats this device holds in the room.
    public private(set) var ticket: RoomTicket?
    /// A request is under way (the screens disable their buttons).
    public private(set) var busy = false
    /// A refusal or a failure to tell the player.
    public var message: UserMessage?
    /// Something the server said unasked (rate limit, closing).
    public private(set) var notice: RoomNotice?
    /// The game screen's model, in online mode while the room plays.
    public let game: GameModel
    /// The server this device connects to (Settings).
    public var server: String

    @ObservationIgnored public let tickets: RoomTickets?
    @ObservationIgnored private var client: OnlineRoom?
    @ObservationIgnored private var pump: Task<Void, Never>?
    /// Throws and moves heard from the room, and when the last reached this device (for
    /// the latency the tests measure).
    @ObservationIgnored public private(set) var playsHeard = 0
    @ObservationIgnored public private(set) var lastPlayHeardAt: ContinuousClock.Instant?
    /// Every connection state heard, in order.
    @ObservationIgnored public private(set) var connectionLog: [Connection] = []
    /// Throws and moves heard, by seat.
    @ObservationIgnored public private(set) var playsBySeat: [Int32: Int] = [:]

    public init(game: GameModel, tickets: RoomTickets?, server: String = ServerAddress.current()) {
        self.game = game
        self.tickets = tickets
        self.server = server
    }

    public var inRoom: Bool { room != nil }
    /// The room's game is on (or over): the game screen shows it.
    public var playing: Bool { room.map { $0.stage != .lobby && $0.game != nil } ?? false }
    public var hosting: Bool { room?.hosting ?? false }
    public var mySeats: [RoomSeat] { room?.seats.filter(\.mine) ?? [] }
    /// Every person's seat is taken and ready: the host may start.
    public var canStart: Bool {
        guard let room, room.hosting, room.stage == .lobby else { return false }
        return room.seats.allSatisfy { seat in
            if case .bot = seat.player { return true }
            return seat.taken && seat.ready
        }
    }

    // MARK: - Entering a room

    /// Opens a room at this table; the first person's seat is this device's.
    @discardableResult
    public func host(name: String, game setup: NewGame, settings: RoomSettings = defaultRoomSettings()) async -> Bool {
        await enter { try await $0.host(name: name, game: setup, settings: settings, claim: nil) }
    }

    /// Takes the first open seat of the room with this code (typed, pasted or a link).
    @discardableResult
    public func join(code: String, name: String) async -> Bool {
        guard let code = readRoomCode(input: code) else {
            message = UserMessage(.badRoomCode, detail: code)
            return false
        }
        return await enter { try await $0.join(code: code, name: name, seat: nil) }
    }

    /// Takes back the seats of a room left earlier (the saved-games list's Rejoin).
    @discardableResult
    public func rejoin(_ saved: SavedRoom) async -> Bool {
        await enter(server: saved.server) { try await $0.resume(ticket: saved.ticket) }
    }

    /// Forgets a room's ticket (its seats then go to bots once the grace ends).
    public func forget(_ saved: SavedRoom) {
        do { try tickets?.forget(saved) } catch { message = UserMessage(.fileProblem, detail: "\(error)") }
    }

    /// Leaves the room: the game screen closes, the ticket stays kept for a rejoin.
    public func leave() async {
        let leaving = client
        disconnect()
        try? await leaving?.leave()
        leaving?.disconnect()
    }

    // MARK: - The lobby

    public func ready(_ ready: Bool) async {
        // The ticket's seats: the view of the room can lag behind a join.
        let seats = client?.ticket()?.seats.map(\.seat) ?? []
        await call { room in for seat in seats { try await room.ready(seat: seat, ready: ready) } }
    }

    public func start() async { await call { try await $0.start() } }
    public func rematch() async { await call { try await $0.rematch() } }
    public func addSeat(_ player: PlayerKind) async { await call { try await $0.addSeat(player: player) } }
    public func removeSeat(_ seat: Int32) async { await call { try await $0.removeSeat(seat: seat) } }
    public func setSeat(_ seat: Int32, _ player: PlayerKind) async {
        await call { try await $0.setSeat(seat: seat, player: player) }
    }

    /// Drops the connection as a lost network would; it comes back by itself.
    public func dropConnection() { client?.dropConnection() }

    public func dismissMessage() { message = nil }

    // MARK: - Internals

    private func enter(server address: String? = nil,
                       _ request: @escaping @Sendable (OnlineRoom) async throws -> RoomTicket) async -> Bool {
        guard !busy else { return false }
        busy = true
        defer { busy = false }
        if client != nil { await leave() }
        do {
            let checked = try checkServerAddress(input: address ?? server)
            let (stream, sink) = AsyncStream.makeStream(of: (RoomNews, ContinuousClock.Instant).self)
            let opened = try await OnlineRoom.connect(server: checked, listener: RoomRelay(sink))
            opened.setMat(mat: game.mat)
            client = opened
            connection = .connected
            pump = Task { [weak self] in
                for await (news, at) in stream {
                    guard let self, self.client === opened else { return }
                    await self.take(news, at: at)
                }
            }
            let kept = try await request(opened)
            ticket = kept
            try? tickets?.keep(kept)
            // The room as it stands now that this phone's seats are known.
            if let now = opened.room() { take(room: now) }
            return true
        } catch {
            disconnect()
            message = UserMessage.from(error)
            return false
        }
    }

    private func disconnect() {
        pump?.cancel()
        pump = nil
        client?.disconnect()
        client = nil
        room = nil
        ticket = nil
        connection = .closed
        if game.table === self { game.leave() }
    }

    private func call(_ request: @escaping @Sendable (OnlineRoom) async throws -> Void) async {
        guard let client else { return message = UserMessage(.notNow) }
        busy = true
        defer { busy = false }
        do { try await request(client) } catch { message = UserMessage.from(error) }
    }

    private func take(_ news: RoomNews, at: ContinuousClock.Instant) async {
        switch news {
        case .room(let view):
            take(room: view)
        case .played(let play):
            playsHeard += 1
            lastPlayHeardAt = at
            playsBySeat[play.seat, default: 0] += 1
            room = play.room
            await game.showPlay(play)
        case .undone(let seat, let view):
            room = view
            game.showUndone(seat: seat, room: view)
        case .connection(let state):
            connection = state
            connectionLog.append(state)
            game.showConnection(state)
        case .notice(let said):
            notice = said
        }
    }

    private func take(room heard: RoomView) {
        var view = heard
        // Said before this phone's seats were known (a join or rejoin under way): the room
        // as it stands now, with them.
        if ticket?.seats.isEmpty == false, !view.seats.contains(where: \.mine), let now = client?.room() {
            view = now
        }
        room = view
        guard view.game != nil else { return }
        game.showRoom(view, table: self)
        game.showConnection(connection)
    }
}

extension OnlineModel: OnlineTable {
    public func sendThrow(seat: Int32, swipe: Swipe) async throws {
        try await joined().throwSticks(seat: seat, swipe: swipe)
    }

    public func sendMove(_ move: LegalMove) async throws { try await joined().play(mv: move) }
    public func sendUndo(seat: Int32) async throws { try await joined().undo(seat: seat) }
    public func sendRematch() async throws { try await joined().rematch() }

    private func joined() throws -> OnlineRoom {
        guard let client else { throw OnlineError.Offline(reason: "not in a room") }
        return client
    }
}
