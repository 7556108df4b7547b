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

/// A fresh directory for one test's saves.
func tempDir() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("yunnori-ios-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

let human = PlayerKind.human
func bot(_ level: BotLevel = .easy) -> PlayerKind { .bot(level: level) }

/// The new-game form's colours, as the core offers them.
let palette: [String] = Samples.view(.newGame, atRest: true)?.form?.palette ?? []

/// A table of the Yunnori preset (seat 1 starts), seeded so throws repeat.
func table(
    _ players: PlayerKind..., seed: UInt64 = 7, rules: Rules = presetRules(preset: .yunnori),
    undo: Bool = true
) -> NewGame {
    let names = ["Haneul", "Bada", "Byeol", "Dal"]
    let seats = players.enumerated().map { i, p in
        SeatSpec(name: names[i], colour: palette[i], player: p)
    }
    return NewGame(rules: rules, seats: seats, teams: nil, seed: seed, undo: undo)
}

func rules(_ preset: Preset, _ changes: [String: RuleValue] = [:]) -> Rules {
    Rules(preset: preset, changes: changes.sorted { $0.key < $1.key }
        .map { RuleSetting(key: $0.key, value: $0.value) })
}
