import Foundation
import Testing
import YutCore
@testable import YunnoriKit

struct TimedOut: Error, CustomStringConvertible {
    let what: String
    var description: String { "timed out waiting for \(what)" }
}

/// Polls `condition` on the main actor (letting the bot task run in between) until it
/// holds, or fails the test after `timeout`.
@MainActor
func waitUntil(
    _ what: String, timeout: Duration = .seconds(30), _ condition: () -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        if clock.now >= deadline { throw TimedOut(what: what) }
        try await Task.sleep(for: .milliseconds(2))
    }
}

/// Waits for a task to end, failing after `timeout`. Returns how long it took.
@MainActor
func finishes(_ task: Task<Void, Never>, within timeout: Duration) async throws -> Duration {
    @MainActor final class Done { var after: Duration? }
    let clock = ContinuousClock()
    let start = clock.now
    let done = Done()
    Task { @MainActor in
        await task.value
        done.after = clock.now - start
    }
    try await waitUntil("the bot task to end", timeout: timeout) { done.after != nil }
    return done.after ?? .zero
}

/// A fresh directory for one test's saves.
func tempDir() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("yunnori-ios-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func library(in dir: URL) throws -> SaveLibrary {
    try SaveLibrary.open(dir: dir.path)
}

let human = PlayerKind.human
func bot(_ level: BotLevel = .easy) -> PlayerKind { .bot(level: level) }

/// A table of the Yunnori preset (seat 1 starts), seeded so throws repeat.
func table(
    _ players: PlayerKind..., seed: UInt64 = 7, rules: Rules = presetRules(preset: .yunnori),
    undo: Bool = true
) -> NewGame {
    let names = ["Haneul", "Bada", "Byeol", "Dal"]
    let seats = players.enumerated().map { i, p in
        SeatSpec(name: names[i], colour: NewGameModel.palette[i], player: p)
    }
    return NewGame(rules: rules, seats: seats, teams: nil, seed: seed, undo: undo)
}

func rules(_ preset: Preset, _ changes: [String: RuleValue] = [:]) -> Rules {
    Rules(preset: preset, changes: changes.sorted { $0.key < $1.key }
        .map { RuleSetting(key: $0.key, value: $0.value) })
}

extension GameModel {
    /// The bots are done for now: a person is to act, or the game is over, and the bot
    /// task has finished showing its last action.
    var botsSettled: Bool {
        state.bot == .idle && (state.isHumanTurn || state.snapshot?.over == true)
    }

    /// Throws as the screen's Throw button does (or as `swipe` lets go) and waits until the
    /// sticks have settled and the result is shown (flights land at once on `.instant`).
    func throwAndWait(_ swipe: Swipe? = nil) async {
        throwSticks(swipe ?? ThrowInput.tap(mat: mat))
        await throwTask?.value
    }

    /// Plays the current person's turn through the screen's intents: throw when asked,
    /// otherwise pick the first movable piece and tap its first destination (settling any
    /// choice with the first option). Stops when someone else is to act.
    func playPersonTurn(limit: Int = 60) async throws {
        guard let seat = state.turn?.seat else { return }
        var n = 0
        while state.isHumanTurn, state.turn?.seat == seat {
            n += 1
            if n > limit { throw TimedOut(what: "seat \(seat)'s turn to end") }
            if state.canThrow {
                await throwAndWait()
            } else if state.canMove {
                playFirstMove()
            }
            if let message = state.message {
                Issue.record("unexpected message: \(message.english)")
                dismissMessage()
            }
        }
    }

    /// One move through select → tap (→ choice).
    func playFirstMove() {
        guard let origin = state.origins.first else { return }
        if state.selection != origin { select(origin) }
        guard let target = state.destinations.first else { return }
        tap(target)
        if let choice = state.pendingChoice { choose(choice.options[0]) }
    }

    /// Plays on (throws, the first move) until a move leaves its mover to act again (a
    /// throw owed after 윷 or 모, or a capture): the kind of move undo can take back.
    /// Returns the position before that move.
    func playUntilAMoveKeepsTheTurn(limit: Int = 200) async throws -> Position {
        for _ in 0..<limit {
            try await throwUntilMoveDue()
            let before = try #require(state.snapshot)
            playFirstMove()
            if state.snapshot?.turn.seat == before.turn.seat { return before.position }
        }
        throw TimedOut(what: "a move that keeps the turn")
    }

    /// Throws until a move is due (people only).
    func throwUntilMoveDue(limit: Int = 30) async throws {
        var n = 0
        while state.canThrow {
            n += 1
            if n > limit { throw TimedOut(what: "a move to be due") }
            await throwAndWait()
        }
    }
}

extension GameSnapshot {
    /// The position, without the per-action tag and the last action's events.
    var position: Position {
        Position(phase: phase, turn: turn, owed: owed, owedPrize: owedPrize, hand: hand,
                 seats: seats, sides: sides, stacks: stacks, over: over, winner: winner,
                 moves: legalMoves.map { [String(describing: $0.from), String(describing: $0.to),
                                          String(describing: $0.uses), String(describing: $0.route)] })
    }
}

struct Position: Equatable {
    let phase: Phase
    let turn: TurnView
    let owed: Int32
    let owedPrize: Int32
    let hand: [HandResult]
    let seats: [SeatView]
    let sides: [SideView]
    let stacks: [StackView]
    let over: Bool
    let winner: Int32?
    let moves: [[String]]
}
