import Foundation
import Testing
import YutCore
@testable import YunnoriKit

@MainActor
@Suite("Hints", .serialized)
struct HintTests {
    /// Plays both people (first listed move) until the person to move has two
    /// destinations or more: a position where a hint says something.
    private func toARealChoice(_ model: GameModel) async throws {
        var n = 0
        while !(model.state.canMove
                && Set(model.state.snapshot?.legalMoves.map(\.to) ?? []).count >= 2)
        {
            n += 1
            if n > 500 || model.state.snapshot?.over != false { throw TimedOut(what: "a real choice") }
            if model.state.canThrow { await model.throwAndWait() } else { model.playFirstMove() }
            #expect(model.state.message == nil)
        }
    }

    @Test("a hint rings the hard bot's move, and goes once the position changes")
    func hintIsTheHardBotsMove() async throws {
        let dir = try tempDir()
        let model = GameModel(library: try library(in: dir), pacing: .instant)
        #expect(model.newGame(table(human, human, seed: 11)))
        try await toARealChoice(model)
        let asked = try #require(model.state.snapshot)
        #expect(model.state.canAskHint)

        model.askHint()
        #expect(model.state.hintPending)
        #expect(!model.state.canAskHint)
        try await waitUntil("the hint") { model.state.hint != nil || model.state.message != nil }
        #expect(model.state.message == nil)
        let hint = try #require(model.state.hint)
        #expect(!model.state.hintPending)
        #expect(hint.state == asked.state)
        #expect(asked.legalMoves.contains(hint.move))
        // Its piece is picked, so its destination lights up among the others.
        #expect(model.state.selection == hint.move.from)
        #expect(model.state.destinations.contains(hint.move.to))
        // Every option has its estimate, to compare: the hinted destination shows the best.
        #expect(hint.chances.count == asked.legalMoves.count)
        #expect(hint.chances.allSatisfy { ($0 ?? 2) <= hint.winChance + 1e-9 })
        #expect(model.state.chance(at: hint.move.to) == hint.winChance)

        // It is the hard bot's own choice, and its estimate: the saved position asked directly.
        #expect((0...1).contains(hint.winChance))
        await model.flushSaves()
        let copy = try library(in: dir).load(id: try #require(model.state.gameID)).session
        let direct = try await copy.hint(budgetMs: 1_500).chosen
        #expect([direct.from, direct.to] == [hint.move.from, hint.move.to])
        #expect(direct.uses == hint.move.uses)
        #expect(direct.route == hint.move.route)
        #expect(direct.stack == hint.move.stack)
        #expect(try await copy.hint(budgetMs: 1_500).winChance == hint.winChance)

        // Picking another piece keeps it; asking again picks its piece again.
        if let other = model.state.origins.first(where: { $0 != hint.move.from }) {
            model.select(other)
            #expect(model.state.selection == other)
            #expect(model.state.hint == hint)
            model.askHint()
            #expect(model.state.selection == hint.move.from)
        }

        // Playing it plays that move, and the hint goes with the position.
        model.choose(hint.move)
        #expect(model.state.message == nil)
        #expect(model.state.lastMove?.path == hint.move.path)
        #expect(model.state.hint == nil)
    }

    @Test("a hint is refused when there is no move to choose")
    func hintRefusedWithoutAChoice() throws {
        let model = GameModel(library: try library(in: try tempDir()), pacing: .instant)
        model.askHint()
        #expect(model.state.message?.kind == .notNow, "no game")
        model.dismissMessage()

        #expect(model.newGame(table(human, human)))
        #expect(!model.state.canAskHint)
        model.askHint()
        #expect(model.state.message?.kind == .notNow, "the sticks are not thrown yet")
        #expect(model.state.hint == nil)
        #expect(!model.state.hintPending)
        model.dismissMessage()

        // The bot's turn: not the person's move.
        #expect(model.newGame(table(bot(.easy), human)))
        model.askHint()
        #expect(model.state.message?.kind == .notNow)
        #expect(model.state.hint == nil)
        #expect(!model.state.hintPending)
        model.leave()
    }

    @Test("a hint asked just before a move never shows on the next position")
    func lateHintIsDropped() async throws {
        let model = GameModel(library: try library(in: try tempDir()), pacing: .instant)
        #expect(model.newGame(table(human, human, seed: 11)))
        try await toARealChoice(model)
        let asked = try #require(model.state.snapshot)
        model.askHint()
        model.playFirstMove()
        #expect(model.state.snapshot?.state != asked.state)
        #expect(!model.state.hintPending)
        // Give a late answer time to arrive: it must be dropped.
        try await Task.sleep(for: .milliseconds(300))
        #expect(model.state.hint == nil)
        #expect(model.state.message == nil)
        #expect(model.hintTask == nil)

        // The stopped search left the game usable: a hint on a later move arrives.
        try await toARealChoice(model)
        let next = try #require(model.state.snapshot)
        model.askHint()
        try await waitUntil("the next hint") { model.state.hint != nil || model.state.message != nil }
        #expect(model.state.message == nil)
        #expect(model.state.hint?.state == next.state)
    }
}

@MainActor
@Suite("Review", .serialized)
struct ReviewTests {
    @Test("a review after the game lists the people's slips, largest first")
    func reviewAfterTheGame() async throws {
        let model = GameModel(library: try library(in: try tempDir()), pacing: .instant)
        model.reviewGame()
        #expect(model.state.message?.kind == .notNow, "no game")
        model.dismissMessage()
        #expect(model.newGame(table(human, human, seed: 3)))
        // Both people play the last listed move, whatever it is, to the end.
        var actions = 0
        while model.state.snapshot?.over == false {
            actions += 1
            if actions > 3000 { throw TimedOut(what: "the end of the game") }
            if model.state.canThrow {
                await model.throwAndWait()
            } else if let last = model.state.snapshot?.legalMoves.last {
                model.choose(last)
            }
            #expect(model.state.message == nil)
        }
        model.reviewGame()
        #expect(model.state.reviewPending)
        try await waitUntil("the review") { model.state.review != nil || model.state.message != nil }
        #expect(model.state.message == nil)
        #expect(!model.state.reviewPending)
        let slips = try #require(model.state.review).slips
        #expect(slips.count >= 3)
        let losses = slips.map { $0.bestChance - $0.playedChance }
        #expect(losses == losses.sorted(by: >))
        #expect(losses.allSatisfy { $0 >= 0.05 })
        #expect(slips.allSatisfy { $0.turn >= 1 && $0.played != $0.best })
        model.closeReview()
        #expect(model.state.review == nil)
    }

    @Test("a review asked just before a move never shows on the next position")
    func lateReviewIsDropped() async throws {
        let model = GameModel(library: try library(in: try tempDir()), pacing: .instant)
        #expect(model.newGame(table(human, human, seed: 11)))
        try await model.throwUntilMoveDue()
        model.reviewGame()
        model.playFirstMove()
        #expect(!model.state.reviewPending)
        try await Task.sleep(for: .milliseconds(300))
        #expect(model.state.review == nil)
        #expect(model.state.message == nil)
        #expect(model.reviewTask == nil)
    }
}
