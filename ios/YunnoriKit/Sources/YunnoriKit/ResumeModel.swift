import Foundation
import Observation
import YutCore

/// One row of the Resume list.
public struct ResumeEntry: Sendable, Equatable, Identifiable {
    public enum Condition: Sendable, Equatable {
        /// Fine.
        case good
        /// The main file was damaged; its backup opens instead (the last action or so may
        /// be missing).
        case recovered(damage: String)
        /// Neither file can be read: it can only be deleted.
        case damaged(reason: String)
        /// Saved by a newer version of the app: update to open it.
        case fromNewerVersion(version: UInt64)
    }

    public let id: String
    public let condition: Condition
    /// `nil` for a damaged game or one from a newer version.
    public let summary: SaveSummary?
    /// What is wrong with the main file, as an id the app words in the player's language
    /// (the condition's reasons are the core's English, for logs); `nil` for a good game.
    public let damage: SaveDamage?

    public var canOpen: Bool {
        switch condition {
        case .good, .recovered: return summary != nil
        case .damaged, .fromNewerVersion: return false
        }
    }

    public var isDamaged: Bool {
        if case .damaged = condition { return true }
        return false
    }

    public var isFinished: Bool { summary?.finished ?? false }

    /// When it was last played.
    public var updated: Date? {
        summary.map { Date(timeIntervalSince1970: Double($0.updatedMs) / 1000) }
    }

    init(_ entry: SaveEntry) {
        id = entry.id
        summary = entry.summary
        damage = entry.damage
        switch entry.status {
        case .good: condition = .good
        case .backup(let damage): condition = .recovered(damage: damage)
        case .damaged(let reason): condition = .damaged(reason: reason)
        case .fromNewerVersion(let version): condition = .fromNewerVersion(version: version)
        }
    }
}

public struct ResumeState: Sendable, Equatable {
    /// Most recently played first, damaged games last (the core's order).
    public internal(set) var entries: [ResumeEntry] = []
    /// Whether the list has been read at least once.
    public internal(set) var loaded = false
    public internal(set) var message: UserMessage?
    /// A game the player asked to delete, waiting for the confirmation.
    public internal(set) var pendingDelete: ResumeEntry?

    public init() {}

    /// The most recently played game that can be opened and is not over (the menu's
    /// Continue).
    public var latestUnfinished: ResumeEntry? {
        entries.first { $0.canOpen && !$0.isFinished }
    }
}

/// The Resume screen's model: the saved games, damaged ones included (shown as damaged,
/// so the player can delete them). Opening a game is `GameModel.resume(id:)`.
@MainActor
@Observable
public final class ResumeModel {
    public private(set) var state = ResumeState()
    @ObservationIgnored private let library: SaveLibrary?

    public init(library: SaveLibrary?) {
        self.library = library
    }

    /// Reads the list again.
    public func reload() {
        guard let library else {
            state.loaded = true
            state.message = UserMessage(.fileProblem, detail: "no save library")
            return
        }
        do {
            state.entries = try library.list().map(ResumeEntry.init)
        } catch {
            state.message = UserMessage.from(error)
        }
        state.loaded = true
    }

    /// Asks before deleting a saved game: the screen confirms with `delete(id:)` or drops
    /// the question with `cancelDelete()`. Nothing is deleted yet.
    public func askToDelete(id: String) {
        state.pendingDelete = state.entries.first { $0.id == id }
    }

    public func cancelDelete() {
        state.pendingDelete = nil
    }

    /// Deletes a saved game (and its backup), then reads the list again.
    public func delete(id: String) {
        state.pendingDelete = nil
        guard let library else { return }
        do {
            try library.delete(id: id)
        } catch {
            state.message = UserMessage.from(error)
        }
        reload()
    }

    public func dismissMessage() {
        state.message = nil
    }
}

/// Where the app keeps its games.
public enum SaveLocation {
    /// `Application Support/Games` in the app's container (created if missing).
    public static func defaultDirectory() throws -> URL {
        let base = try FileManager.default.url(
            for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil,
            create: true)
        return base.appendingPathComponent("Games", isDirectory: true)
    }

    /// Opens the library in `directory` (default: `defaultDirectory()`), or says why not.
    public static func open(_ directory: URL? = nil) -> Result<SaveLibrary, UserMessage> {
        do {
            let dir = try directory ?? defaultDirectory()
            return .success(try SaveLibrary.open(dir: dir.path))
        } catch {
            if error is YutError, let message = UserMessage.from(error) {
                return .failure(message)
            }
            return .failure(UserMessage(.fileProblem, detail: String(describing: error)))
        }
    }
}
