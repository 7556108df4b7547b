import YutCore

/// Writes games to the save library off the main actor, one write at a time, in the order
/// asked. A write stores the game as it is when the write runs, so a late write never puts
/// an older position on disk than an earlier one did.
@MainActor
final class Autosaver {
    let library: SaveLibrary
    private var last: Task<UserMessage?, Never>?

    init(library: SaveLibrary) {
        self.library = library
    }

    /// Queues a write of `session`; `failed` hears about a failure on the main actor.
    func save(_ session: GameSession, failed: @escaping @MainActor (UserMessage) -> Void) {
        let previous = last
        let library = library
        let task = Task.detached(priority: .utility) { () -> UserMessage? in
            _ = await previous?.value
            do {
                try library.save(game: session)
                return nil
            } catch {
                guard let message = UserMessage.from(error) else { return nil }
                // A save that cannot find its library is a file problem to the player,
                // not a stale move.
                return message.kind == .staleMove
                    ? UserMessage(.fileProblem, detail: message.detail) : message
            }
        }
        last = task
        Task {
            if let message = await task.value { failed(message) }
        }
    }

    /// Waits for every queued write.
    func flush() async {
        _ = await last?.value
    }
}
