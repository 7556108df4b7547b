import Foundation
import YutCore

/// Something to tell the player: a refused action, a file problem, a bug report.
///
/// The app shows `kind` in the player's language (its `localizationKey` names the string)
/// and may add `detail`, the core's own explanation in English. Every error of the core
/// ends up here; nothing the player does can crash the app.
public struct UserMessage: Error, Equatable, Identifiable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The chosen rules cannot be played together.
        case invalidRules
        /// The table cannot be seated (seat count, teams, colours).
        case invalidSetup
        /// The rules refuse this move.
        case illegalMove
        /// Not the moment for this (a throw while a move is due, a tap in the bot's turn).
        case notNow
        /// Nothing to take back.
        case cannotUndo
        /// The move belongs to an earlier position (a double tap, a late tap).
        case staleMove
        /// The saved game is gone.
        case saveNotFound
        /// The saved game cannot be read.
        case saveDamaged
        /// The saved game comes from a newer version of the app.
        case saveFromNewerVersion
        /// Another copy of the game (another window) saved or deleted it since it was
        /// opened here: its moves are kept, this copy's are not saved.
        case saveConflict
        /// Reading or writing a file failed (storage full, permissions).
        case fileProblem
        /// The bot could not make its move.
        case botFailed
        /// Input the core could not read.
        case invalidInput
        /// A bug: the game object cannot go on.
        case internalError
        /// Online: the server refused, for a reason without a sentence of its own (`detail`
        /// starts with the protocol's error id).
        case refused
        /// Online: no room has that code (it may have closed).
        case roomNotFound
        /// Online: the room has no open seat for a person (or no room for more spectators).
        case roomFull
        /// Online: the server cannot take it now (full, or it could not store the action); nothing changed.
        case serverBusy
        /// Online: too many requests in too short a time.
        case tooFast
        /// Online: the kept ticket no longer holds a seat in the room.
        case seatGone
        /// Online: only the host may do this (start, change seats).
        case hostOnly
        /// Online: a person's seat is open or not ready: the game cannot start.
        case notEveryoneReady
        /// Online: the room's game has started: the lobby's controls are closed.
        case alreadyStarted
        /// Online: the server does not take that name.
        case badName
        /// Online: taking back moves is off in this room.
        case undoOff
        /// Online: no connection, or no answer in time (the app is reconnecting).
        case offline
        /// Online: the server said something this version of the app cannot read.
        case serverProtocol
        /// Online: not a room code.
        case badRoomCode
        /// Online: not a server address (`ws://` or `wss://` and a host).
        case badServer
    }

    /// Distinguishes two equal messages shown one after the other.
    public let id: UUID
    public let kind: Kind
    /// The core's explanation (English), or empty.
    public let detail: String

    public init(_ kind: Kind, detail: String = "", id: UUID = UUID()) {
        self.kind = kind
        self.detail = detail
        self.id = id
    }

    /// The key of the app's `Localizable.strings` entry for this kind of message.
    public var localizationKey: String { "message.\(kind.rawValue)" }

    /// A plain English sentence, for logs and for tests.
    public var english: String {
        let text: String
        switch kind {
        case .invalidRules: text = "These rules cannot be played together."
        case .invalidSetup: text = "The table cannot be set up like this."
        case .illegalMove: text = "That move is not allowed."
        case .notNow: text = "That cannot be done right now."
        case .cannotUndo: text = "There is no move to take back."
        case .staleMove: text = "The game has moved on; choose again."
        case .saveNotFound: text = "That saved game no longer exists."
        case .saveDamaged: text = "That saved game is damaged."
        case .saveFromNewerVersion: text = "That game was saved by a newer version of Yunnori."
        case .saveConflict:
            text = "This game was saved or deleted in another window; open it again from Saved Games."
        case .fileProblem: text = "The game could not be read or written."
        case .botFailed: text = "The computer player could not move."
        case .invalidInput: text = "The game could not read that."
        case .internalError: text = "Something went wrong inside the game."
        case .refused: text = "The room refused that."
        case .roomNotFound: text = "There is no room with that code. It may have closed."
        case .roomFull: text = "That room has no open seat."
        case .serverBusy: text = "The server cannot take that right now. Try again in a moment."
        case .tooFast: text = "Too many taps at once. Wait a moment."
        case .seatGone: text = "This phone no longer holds a seat in that room."
        case .hostOnly: text = "Only the host can do that."
        case .notEveryoneReady: text = "Not everyone is ready yet."
        case .alreadyStarted: text = "The game in that room has already started."
        case .badName: text = "That name cannot be used. Choose another."
        case .undoOff: text = "Taking back moves is off in this room."
        case .offline: text = "The connection to the room is lost."
        case .serverProtocol: text = "The server speaks a newer language; update the app."
        case .badRoomCode: text = "That is not a room code."
        case .badServer: text = "That is not a server address."
        }
        return detail.isEmpty ? text : "\(text) (\(detail))"
    }

    /// The message for any error thrown by the bindings (or anything else); `nil` for a
    /// cancelled bot search, which is never news to the player.
    public static func from(_ error: any Error) -> UserMessage? {
        if let e = error as? OnlineError { return from(online: e) }
        guard let e = error as? YutError else {
            if error is CancellationError { return nil }
            return UserMessage(.internalError, detail: String(describing: error))
        }
        switch e {
        case .InvalidRules(let reason): return UserMessage(.invalidRules, detail: reason)
        case .InvalidSetup(let reason): return UserMessage(.invalidSetup, detail: reason)
        case .IllegalMove(let reason): return UserMessage(.illegalMove, detail: reason)
        case .WrongPhase(let reason): return UserMessage(.notNow, detail: reason)
        case .CannotUndo(let reason): return UserMessage(.cannotUndo, detail: reason)
        case .SaveNotFound(let id): return UserMessage(.saveNotFound, detail: id)
        case .SaveCorrupt(_, let reason): return UserMessage(.saveDamaged, detail: reason)
        case .SaveFromNewerVersion(_, let version):
            return UserMessage(.saveFromNewerVersion, detail: "format \(version)")
        case .SaveConflict(_, let reason): return UserMessage(.saveConflict, detail: reason)
        case .Io(let reason): return UserMessage(.fileProblem, detail: reason)
        case .StaleObject(let reason): return UserMessage(.staleMove, detail: reason)
        case .Cancelled: return nil
        case .InvalidInput(let reason): return UserMessage(.invalidInput, detail: reason)
        case .Internal(let reason): return UserMessage(.internalError, detail: reason)
        }
    }

    /// A refusal in the app's words: the protocol's error id a player can meet gets a
    /// sentence of its own; one the screen already prevents (a throw or move the position
    /// on screen no longer offers) reads as the game having moved on.
    static func refusal(_ code: String) -> Kind {
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
        case "out_of_turn", "not_your_seat", "must_throw", "no_throw_owed", "illegal_move": .staleMove
        case "nothing_to_undo": .cannotUndo
        case "game_over", "not_started": .notNow
        case "incompatible_version": .serverProtocol
        default: .refused
        }
    }

    private static func from(online e: OnlineError) -> UserMessage {
        switch e {
        case .Refused(let code, let reason): UserMessage(refusal(code), detail: "\(code): \(reason)")
        case .Offline(let reason): UserMessage(.offline, detail: reason)
        case .Stale(let reason): UserMessage(.staleMove, detail: reason)
        case .InvalidInput(let reason): UserMessage(.invalidInput, detail: reason)
        case .Protocol(let reason): UserMessage(.serverProtocol, detail: reason)
        }
    }
}
