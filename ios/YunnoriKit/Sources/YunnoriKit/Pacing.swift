import YutCore

/// How fast the bots play, so that people at the table can follow them.
public struct Pacing: Sendable, Equatable {
    /// The pause before each bot action.
    public var botDelay: Duration
    /// How much of a bot throw's animation (`ThrowPlan.totalMs`) to wait for before it
    /// moves: 1 waits for the sticks to land, 0 not at all.
    public var throwShown: Double
    /// The time a moving piece takes per station, waited for after a bot's move.
    public var stepShown: Duration
    /// The bot's thinking budget.
    public var botBudgetMs: UInt32

    public init(botDelay: Duration, throwShown: Double, stepShown: Duration, botBudgetMs: UInt32) {
        self.botDelay = botDelay
        self.throwShown = throwShown
        self.stepShown = stepShown
        self.botBudgetMs = botBudgetMs
    }

    /// The app's pace.
    public static let table = Pacing(
        botDelay: .milliseconds(650), throwShown: 1, stepShown: .milliseconds(170),
        botBudgetMs: 1_500)

    /// No pauses at all (tests, and a "fast bots" setting).
    public static let instant = Pacing(
        botDelay: .zero, throwShown: 0, stepShown: .zero, botBudgetMs: 500)

    func afterThrow(_ plan: ThrowPlan) -> Duration {
        .milliseconds(Int((Double(plan.totalMs) * throwShown).rounded()))
    }

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
