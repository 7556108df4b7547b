import Foundation
import Observation
import YutCore

// Online rooms on the older room API (`OnlineRoom`, bindings/src/online.rs), until the app
// core has its online screens (docs/APP_CORE.md, section 10): then this file, RoomTable.swift
// and RoomTickets.swift go, and the room's game comes in `AppView` like a local one.

/// What the room said, in the order it said it, stamped when it reached this device.
enum RoomNews: Sendable {
    case room(RoomView)
    case played(OnlinePlay)
    case undone(seat: Int32, room: RoomView)
    case connection(Connection)
    case notice(RoomNotice)
}

/// The room's listener: called on the client's thread, it only queues the news (in order)
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
/// room's game, drawn by the game screen from `table`. Leaving keeps the room's ticket in
/// `RoomTickets`, so the saved-games list can rejoin it.
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
    public private(set) var message: Message?
    /// Something the server said unasked (rate limit, closing).
    public private(set) var notice: RoomNotice?
    /// The room's game as the game screen draws it.
    public var table: TableState? { game.table }
    /// The room's seats and the connection's banner, beside the table.
    public var roomTable: RoomTable? {
        room.map { RoomTable(seats: $0.seats, banner: RoomTable.banner(connection)) }
    }

    @ObservationIgnored public let tickets: RoomTickets?
    @ObservationIgnored private var client: OnlineRoom?
    @ObservationIgnored private var pump: Task<Void, Never>?
    @ObservationIgnored private var messages: UInt64 = 0
    let game: RoomGame
    /// Throws and moves heard from the room, and when the last reached this device (for
    /// the latency the tests measure).
    @ObservationIgnored public private(set) var playsHeard = 0
    @ObservationIgnored public private(set) var lastPlayHeardAt: ContinuousClock.Instant?
    /// Throws and moves heard, per seat (the tests see a stand-in play).
    @ObservationIgnored public private(set) var playsBySeat: [Int32: Int] = [:]
    /// Every connection state heard, in order.
    @ObservationIgnored public private(set) var connectionLog: [Connection] = []

    public init(tickets: RoomTickets?, player: any ShellPlayer) {
        self.tickets = tickets
        game = RoomGame(player: player)
        game.send = { [weak self] intent in self?.send(intent) }
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

    /// The switches of the table from the core's settings: knocks or not, flights or drops.
    public func follow(_ settings: SettingsState) {
        game.muted = settings.muted
        game.reduceMotion = settings.reduceMotion
    }

    /// What the person did at the room's table.
    public func act(_ action: TableAction) {
        if case .leave = action {
            Task { await leave() }
        } else {
            game.act(action)
        }
    }

    // MARK: - Entering a room

    /// Opens a room at this table on `server`; the first person's seat is this device's.
    @discardableResult
    public func host(name: String, game setup: NewGame, server: String,
                     settings: RoomSettings = defaultRoomSettings()) async -> Bool {
        await enter(server) { try await $0.host(name: name, game: setup, settings: settings, claim: nil) }
    }

    /// Takes the first open seat of the room with this code (typed, pasted or a link).
    @discardableResult
    public func join(code: String, name: String, server: String) async -> Bool {
        guard let code = readRoomCode(input: code) else {
            say(.badRoomCode, code)
            return false
        }
        return await enter(server) { try await $0.join(code: code, name: name, seat: nil) }
    }

    /// Takes back the seats of a room left earlier (the saved-games list's Rejoin).
    @discardableResult
    public func rejoin(_ saved: SavedRoom) async -> Bool {
        await enter(saved.server) { try await $0.resume(ticket: saved.ticket) }
    }

    /// Forgets a room's ticket (its seats then go to bots once the grace ends).
    public func forget(_ saved: SavedRoom) {
        do { try tickets?.forget(saved) } catch { say(.fileProblem, "\(error)") }
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
    public func addSeat(_ player: PlayerKind) async { await call { try await $0.addSeat(player: player) } }
    public func removeSeat(_ seat: Int32) async { await call { try await $0.removeSeat(seat: seat) } }

    /// Drops the connection as a lost network would; it comes back by itself.
    public func dropConnection() { client?.dropConnection() }

    public func dismissMessage() { message = nil }

    // MARK: - Internals

    private func enter(_ server: String,
                       _ request: @escaping @Sendable (OnlineRoom) async throws -> RoomTicket) async -> Bool {
        guard !busy else { return false }
        busy = true
        defer { busy = false }
        if client != nil { await leave() }
        guard let checked = try? checkServerAddress(input: server) else {
            say(.badServerAddress, server)
            return false
        }
        do {
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
            report(error)
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
        game.close()
    }

    private func call(_ request: @escaping @Sendable (OnlineRoom) async throws -> Void) async {
        guard let client else { return say(.notNow, "") }
        busy = true
        defer { busy = false }
        do { try await request(client) } catch { report(error) }
    }

    /// An intent of the table, sent to the room; its answer comes back as the room's news.
    /// A refusal becomes a message and the table may act again.
    private func send(_ intent: RoomGame.Intent) {
        guard let client else { return say(.offline, "not in a room") }
        Task { [weak self] in
            do {
                switch intent {
                case .throwSticks(let seat, let swipe): try await client.throwSticks(seat: seat, swipe: swipe)
                case .play(let move): try await client.play(mv: move)
                case .undo(let seat): try await client.undo(seat: seat)
                case .rematch: try await client.rematch()
                }
            } catch {
                guard let self, self.client === client else { return }
                self.game.refused()
                // A connection lost with the intent on its way: the banner says so, and the
                // room heard after the reconnect shows whether it counted.
                if case OnlineError.Offline = error { return }
                self.report(error)
            }
        }
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
            game.online = RoomTable.banner(state) == nil
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
        game.showRoom(view)
    }

    private func report(_ error: any Error) {
        switch error {
        case OnlineError.Refused(let code, let reason): say(Self.refusal(code), "\(code): \(reason)")
        case OnlineError.Offline(let reason): say(.offline, reason)
        case OnlineError.Stale(let reason): say(.stale, reason)
        case OnlineError.InvalidInput(let reason): say(.invalidInput, reason)
        case OnlineError.Protocol(let reason): say(.serverProtocol, reason)
        default: say(.internal, String(describing: error))
        }
    }

    private func say(_ kind: MessageKind, _ detail: String) {
        messages += 1
        message = Message(id: messages, kind: kind, detail: detail)
    }

    /// A refusal of the server in the app's words (the core's `MessageKind::refusal`, until
    /// the core has the online screens).
    static func refusal(_ code: String) -> MessageKind {
        switch code {
        case "no_such_room": .roomNotFound
        case "room_full": .roomFull
        case "too_many_rooms", "too_many_connections", "store_failed": .serverBusy
        case "rate_limited": .tooFast
        case "wrong_token": .seatGone
        case "not_host": .hostOnly
        case "not_ready": .notEveryoneReady
        case "already_started": .alreadyStarted
        case "bad_name": .badName
        case "undo_off": .undoOff
        case "out_of_turn", "not_your_seat", "must_throw", "no_throw_owed", "illegal_move": .stale
        case "nothing_to_undo": .cannotUndo
        case "game_over", "not_started": .notNow
        case "incompatible_version": .serverProtocol
        default: .refused(code: code)
        }
    }
}

extension FormState {
    /// The form's table as a room's game: the names as typed, less the spaces round them,
    /// the teams as the form sides them, no seed (the room throws its own). (The core reads
    /// its own form once it has the online screens.)
    public var roomGame: NewGame {
        let seats = seats.map { SeatSpec(name: $0.name.trimmingCharacters(in: .whitespaces), colour: $0.colour,
                                         player: $0.player) }
        let sides = Dictionary(grouping: self.seats.indices, by: { self.seats[$0].side })
            .sorted { $0.key < $1.key }.map { $0.value.map { Int32($0) } }
        return NewGame(rules: rules, seats: seats, teams: teams ? sides : nil, seed: nil, undo: undo)
    }

    /// The host's name in the room: the first person's.
    public var hostName: String {
        roomGame.seats.first { $0.player == .human }?.name ?? ""
    }
}

/// The room beside its table: whose device holds each seat, and the banner while the
/// connection is lost.
public struct RoomTable: Sendable, Equatable {
    public let seats: [RoomSeat]
    public let banner: ConnectionBanner?

    public init(seats: [RoomSeat], banner: ConnectionBanner?) {
        self.seats = seats
        self.banner = banner
    }

    /// The banner of a connection state; `nil` while it is up.
    static func banner(_ connection: Connection) -> ConnectionBanner? {
        switch connection {
        case .connected, .restored: nil
        case .reconnecting(let attempt): .reconnecting(attempt: Int(attempt))
        case .closed: .closed
        }
    }
}

/// What the game screen's connection banner says.
public enum ConnectionBanner: Sendable, Equatable {
    case reconnecting(attempt: Int)
    case closed
}
