import YutCore

/// How fast the table plays, so that people at the table can follow it: the bots' pauses
/// and the clock the sticks' flights are played on.
public struct Pacing: Sendable {
    /// The pause before each bot action.
    public var botDelay: Duration
    /// The clock a throw's flight is played on: the result is shown when the last stick
    /// has settled on it.
    public var clock: any ThrowClock
    /// The time a moving piece takes per station, waited for after a bot's move.
    public var stepShown: Duration
    /// The bot's thinking budget.
    public var botBudgetMs: UInt32

    public init(botDelay: Duration, clock: any ThrowClock, stepShown: Duration, botBudgetMs: UInt32) {
        self.botDelay = botDelay
        self.clock = clock
        self.stepShown = stepShown
        self.botBudgetMs = botBudgetMs
    }

    /// The app's pace: flights in real time.
    public static let table = Pacing(
        botDelay: .milliseconds(650), clock: SystemThrowClock(), stepShown: .milliseconds(170),
        botBudgetMs: 1_500)

    /// No pauses at all, flights land at once (tests and previews).
    public static let instant = Pacing(
        botDelay: .zero, clock: ImmediateClock(), stepShown: .zero, botBudgetMs: 500)

    func afterMove(steps: Int) -> Duration { stepShown * steps }
}

extension GameSession {
    /// The bot's move for the seat to act, stopped with the calling task.
    func cancellableBotMove(budgetMs: UInt32) async throws -> LegalMove {
        try await stoppable { try await botMove(level: nil, budgetMs: budgetMs) }
    }

    /// The hard bot's hint for the seat to act, stopped with the calling task.
    func cancellableHint(budgetMs: UInt32) async throws -> Advice {
        try await stoppable { try await hint(budgetMs: budgetMs) }
    }

    /// Runs one of the core's bot searches so that cancelling the calling task stops it:
    /// the bindings do not cancel a Rust future by themselves, so the cancellation handler
    /// raises the core's stop flag, and the call ends with `YutError.Cancelled`.
    private func stoppable<T: Sendable>(_ search: () async throws -> T) async throws -> T {
        try await withTaskCancellationHandler {
            try await search()
        } onCancel: {
            cancelBot()
        }
    }
}
