import Foundation
import Testing
import YutCore
@testable import YunnoriKit

/// A long visible pause: the bot is surely still waiting when the test acts.
let slowBots = Pacing(botDelay: .seconds(30), clock: ImmediateClock(), stepShown: .zero, botBudgetMs: 500)

@MainActor
@Suite("Bot cancellation", .serialized)
struct BotCancellationTests {
    @Test("a new game stops the bot waiting to act; the old game is left untouched")
    func newGameCancelsAWaitingBot() async throws {
        let model = GameModel(library: try library(in: try tempDir()), pacing: slowBots)
        #expect(model.newGame(table(bot(.hard), human, seed: 4)))
        try await waitUntil("the bot to wait") { model.state.bot == .waiting(seat: 0) }
        let oldSession = try #require(model.session)
        let oldTask = try #require(model.botTask)
        let oldState = try oldSession.snapshot().state

        #expect(model.newGame(table(human, human, seed: 4)))
        #expect(model.botTask == nil)
        #expect(model.state.bot == .idle)
        #expect(model.state.canThrow)
        let took = try await finishes(oldTask, within: .seconds(5))
        #expect(took < .seconds(5))
        #expect(try oldSession.snapshot().state == oldState, "the old game did not move on")
        #expect(model.state.message == nil)
    }

    @Test("a new game stops a bot in the middle of its search; its move is never played")
    func newGameCancelsAThinkingBot() async throws {
        // Hard bots with a long budget, no pauses: catch one while it searches.
        let pacing = Pacing(botDelay: .zero, clock: ImmediateClock(), stepShown: .zero, botBudgetMs: 60_000)
        let model = GameModel(library: nil, pacing: pacing)
        #expect(model.newGame(table(bot(.hard), bot(.hard), seed: 8)))
        try await waitUntil("a bot to think", timeout: .seconds(60)) {
            if case .thinking = model.state.bot { return true }
            return model.state.snapshot?.over == true
        }
        guard case .thinking = model.state.bot else {
            Issue.record("the game ended before a bot was caught thinking")
            return
        }
        let oldSession = try #require(model.session)
        let oldTask = try #require(model.botTask)
        let oldState = try oldSession.snapshot().state

        #expect(model.newGame(table(human, human, seed: 8)))
        #expect(model.botTask == nil)
        _ = try await finishes(oldTask, within: .seconds(10))
        // Give a late result every chance to be (wrongly) played.
        try await Task.sleep(for: .milliseconds(50))
        #expect(try oldSession.snapshot().state == oldState, "no move after cancelling")
        #expect(model.state.canThrow)
        #expect(model.state.message == nil)
    }

    @Test("once the turn has passed to the bot, undo is refused and the bot goes on")
    func undoAfterTheTurnPassedLeavesTheMove() async throws {
        let model = GameModel(library: try library(in: try tempDir()), pacing: slowBots)
        func endedOnAMove() -> Bool {
            model.state.snapshot?.lastEvents.contains { if case .moved = $0 { true } else { false } } ?? false
        }
        var tried = 0
        // Find a turn that a move ends (a throw can end it too).
        repeat {
            tried += 1
            #expect(model.newGame(table(human, bot(.medium), seed: UInt64(40 + tried))))
            try await model.playPersonTurn()
        } while !endedOnAMove() && tried < 20
        #expect(endedOnAMove())
        try await waitUntil("the bot to wait") { model.state.bot == .waiting(seat: 1) }
        let before = try #require(model.state.snapshot)
        #expect(!model.state.canUndo, "the person's move stands once the turn has passed")

        model.undo()
        #expect(model.state.message?.kind == .cannotUndo)
        #expect(model.state.snapshot?.position == before.position, "nothing was taken back")
        #expect(model.state.turn?.seat == 1)
        // The bot still has its turn to play.
        #expect(model.botTask != nil)
        try await waitUntil("the bot to wait again") { model.state.bot == .waiting(seat: 1) }
    }

    @Test("leaving the game stops its bot")
    func leavingCancelsTheBot() async throws {
        let model = GameModel(library: try library(in: try tempDir()), pacing: slowBots)
        #expect(model.newGame(table(bot(.easy), human, seed: 12)))
        try await waitUntil("the bot to wait") { model.state.bot == .waiting(seat: 0) }
        let session = try #require(model.session)
        let task = try #require(model.botTask)
        let tag = try session.snapshot().state
        model.leave()
        #expect(!model.state.hasGame)
        #expect(model.botTask == nil)
        _ = try await finishes(task, within: .seconds(5))
        #expect(try session.snapshot().state == tag)
    }

    @Test("resuming a game stops the bot of the current one")
    func resumeCancelsTheBot() async throws {
        let dir = try tempDir()
        let model = GameModel(library: try library(in: dir), pacing: slowBots)
        #expect(model.newGame(table(human, human, seed: 13)))
        let saved = try #require(model.state.gameID)
        #expect(model.newGame(table(bot(.easy), human, seed: 14)))
        try await waitUntil("the bot to wait") { model.state.bot == .waiting(seat: 0) }
        let task = try #require(model.botTask)
        await model.flushSaves()
        #expect(model.resume(id: saved))
        #expect(model.botTask == nil)
        #expect(model.state.gameID == saved)
        #expect(model.state.canThrow)
        _ = try await finishes(task, within: .seconds(5))
    }
}
