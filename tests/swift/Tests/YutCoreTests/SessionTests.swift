import Foundation
import XCTest
import YutCore

let mat = Mat(width: 360, height: 240)
/// The Throw button's gentle drop.
let tap = tapSwipe(mat: mat)

func table(_ a: PlayerKind, _ b: PlayerKind, seed: UInt64) -> NewGame {
    NewGame(
        rules: presetRules(preset: .yunnori),
        seats: [
            SeatSpec(name: "Haneul", colour: "#D64545", player: a),
            SeatSpec(name: "Bada", colour: "#2E6FD8", player: b),
        ],
        teams: nil,
        seed: seed,
        undo: true
    )
}

func humans(seed: UInt64) -> NewGame { table(.human, .human, seed: seed) }

extension GameSession {
    /// The bot's move, stopping the search when the calling task is cancelled (the Swift
    /// bindings do not cancel a Rust future by themselves).
    func botMoveCancellable(level: BotLevel? = nil, budgetMs: UInt32) async throws -> LegalMove {
        try await withTaskCancellationHandler {
            try await botMove(level: level, budgetMs: budgetMs)
        } onCancel: {
            cancelBot()
        }
    }

    /// Plays bot turns (throw, think, move) until the game ends or `limit` actions.
    @discardableResult
    func playOut(limit: Int, afterEach: () throws -> Void = {}) async throws -> Int {
        for n in 0..<limit {
            switch try snapshot().phase {
            case .over: return n
            case .toThrow: _ = try throwSticks(swipe: tap)
            case .toMove: _ = try play(mv: try await botMoveCancellable(budgetMs: 2_000))
            }
            try afterEach()
        }
        return limit
    }

    func throwUntilMoveDue() throws {
        while try snapshot().phase != .toMove { _ = try throwSticks(swipe: tap) }
    }
}

func tempDir() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("yunnori-swift-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Asserts that `body` throws exactly `expected` (compared by case, ignoring messages).
func assertThrows<T>(
    _ expected: (YutError) -> Bool, _ what: String, file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> T
) {
    do {
        _ = try body()
        XCTFail("\(what): no error", file: file, line: line)
    } catch let e as YutError {
        XCTAssertTrue(expected(e), "\(what): got \(e)", file: file, line: line)
    } catch {
        XCTFail("\(what): not a YutError: \(error)", file: file, line: line)
    }
}

final class CatalogTests: XCTestCase {
    func testBoardThrowsPresetsAndRuleOptionsComeAsData() throws {
        let board = boardLayout()
        XCTAssertEqual(board.stations.count, 29)
        XCTAssertEqual(board.lines.count, 32)
        let corner = try XCTUnwrap(board.stations.first { $0.id == "5" })
        XCTAssertEqual(corner.nameKorean, "모")
        XCTAssertEqual([corner.x, corner.y], [1, 0])
        XCTAssertEqual(throwKinds().map(\.korean), ["빽도", "도", "개", "걸", "윷", "모"])
        XCTAssertEqual(presets().map(\.id), ["yunnori", "culin1895", "nyout_ru"])

        let d = try describeRules(rules: presetRules(preset: .nyoutRu))
        XCTAssertEqual(d.options.count, 20)
        XCTAssertEqual(d.maxSeats, 6)
        let safe = try XCTUnwrap(d.options.first { $0.key == "safe_stations" })
        XCTAssertEqual(safe.kind, .stationSet)
        XCTAssertEqual(safe.value, .stations(ids: ["20"]))
        XCTAssertEqual(safe.choices.count, 29)
    }
}

final class SessionTests: XCTestCase {
    /// A throw's flight comes to rest on the report's sticks: one pose per frame for each,
    /// the last showing the drawn face, the marked stick once, contacts in time order and
    /// the result shown only once the last stick has settled.
    func testAThrowsFlightRestsOnTheReportsSticks() throws {
        let game = try GameSession(game: humans(seed: 17))
        var throwsSeen = 0
        while throwsSeen < 6 {
            guard try game.snapshot().phase == .toThrow else {
                _ = try game.play(mv: try XCTUnwrap(try game.legalMoves().first))
                continue
            }
            throwsSeen += 1
            let swipe = Swipe(mat: mat, releaseX: 120 + 20 * Float(throwsSeen), releaseY: 200, velocityX: 100,
                              velocityY: -1_400, spin: Float(throwsSeen) - 3)
            let report = try game.throwSticks(swipe: swipe)
            let flight = report.flight
            XCTAssertEqual(flight.mat, mat)
            XCTAssertEqual(flight.fps, 60)
            XCTAssertEqual(flight.sticks.count, 4)
            XCTAssertEqual(flight.sticks.map(\.flatUp), report.sticks, "the flight lands on the drawn sticks")
            XCTAssertEqual(flight.sticks.compactMap(\.frames.last).map { $0.normalZ > 0 }, report.sticks,
                           "the last frame shows the drawn face")
            XCTAssertEqual(flight.sticks.filter(\.marked).count, 1)
            XCTAssertEqual(flight.sticks.contains(where: \.offMat), report.result == nil, "낙 is a stick off the mat")
            XCTAssertEqual(Set(flight.settleOrder), [0, 1, 2, 3])
            for stick in flight.sticks {
                XCTAssertFalse(stick.frames.isEmpty)
                XCTAssertLessThanOrEqual(stick.settleMs, flight.endMs)
            }
            XCTAssertEqual(flight.contacts.map(\.atMs), flight.contacts.map(\.atMs).sorted())
            XCTAssertTrue(flight.contacts.allSatisfy { (0...1).contains($0.strength) })
            XCTAssertGreaterThan(flight.endMs, 0)
        }
        XCTAssertThrowsError(try planFlight(swipe: tap, sticks: [true, false], nak: false, salt: 0))
    }

    /// The same swipe in the same game flies the same flight, on any device; the swipe
    /// never changes the result.
    func testSameSwipeSameGameSameFlight() throws {
        let swipe = Swipe(mat: mat, releaseX: 200, releaseY: 180, velocityX: -300, velocityY: -1_500, spin: -4)
        let a = try GameSession(game: humans(seed: 23)).throwSticks(swipe: swipe)
        let b = try GameSession(game: humans(seed: 23)).throwSticks(swipe: swipe)
        XCTAssertEqual(a.flight, b.flight)
        XCTAssertEqual(a.sticks, b.sticks)
        let other = try GameSession(game: humans(seed: 23)).throwSticks(swipe: tap)
        XCTAssertEqual(other.result, a.result)
        XCTAssertEqual(other.sticks, a.sticks)
        XCTAssertNotEqual(other.flight, a.flight, "the swipe shapes the flight")
        XCTAssertEqual(try planFlight(swipe: swipe, sticks: a.sticks, nak: a.result == nil, salt: 5),
                       try planFlight(swipe: swipe, sticks: a.sticks, nak: a.result == nil, salt: 5))
    }

    func testHumansThrowMoveAndUndo() throws {
        let game = try GameSession(game: humans(seed: 7))
        XCTAssertEqual(try game.snapshot().phase, .toThrow)
        XCTAssertEqual(try game.setup(), humans(seed: 7))
        let report = try game.throwSticks(swipe: Swipe(mat: mat, releaseX: 150, releaseY: 190, velocityX: 400,
                                                       velocityY: -1_600, spin: 2))
        XCTAssertEqual(report.sticks, report.flight.sticks.map(\.flatUp))
        // Play on (the first listed move each time). A move after which the mover acts again
        // (a result still in hand, or a throw owed after 윷, 모 or a capture) is still the
        // mover's to take back; a move that passes the turn stands: the next player cannot
        // take it back.
        var undos = 0
        var passes = 0
        for _ in 0..<600 {
            let before = try game.snapshot()
            if before.phase == .over || (undos > 0 && passes > 0) { break }
            if before.phase == .toThrow {
                _ = try game.throwSticks(swipe: tap)
                continue
            }
            let move = try XCTUnwrap(before.legalMoves.first)
            XCTAssertEqual(move.path.last, move.to)
            let moved = try game.play(mv: move)
            XCTAssertEqual(moved.events, moved.snapshot.lastEvents)
            if moved.snapshot.turn.seat != before.turn.seat {
                XCTAssertFalse(moved.snapshot.canUndo, "the turn passed")
                XCTAssertFalse(try game.canUndo())
                assertThrows({ if case .CannotUndo = $0 { true } else { false } }, "next player's undo") {
                    try game.undo()
                }
                XCTAssertEqual(try game.snapshot(), moved.snapshot, "a refused undo changes nothing")
                passes += 1
                continue
            }
            XCTAssertTrue(moved.snapshot.canUndo)
            XCTAssertTrue(try game.canUndo())
            let undone = try game.undo()
            undos += 1
            XCTAssertEqual(undone.turn, before.turn)
            XCTAssertEqual(undone.seats, before.seats)
            XCTAssertEqual(undone.hand, before.hand)
            assertThrows({ if case .StaleObject = $0 { true } else { false } }, "old move") {
                try game.play(mv: move)
            }
            _ = try game.play(mv: try XCTUnwrap(undone.legalMoves.first))
        }
        XCTAssertTrue(undos > 0 && passes > 0, "undos \(undos), turns passed \(passes)")
    }

    func testSavedGamesListCountsTheTurnInProgressFromTheHandover() throws {
        let library = try SaveLibrary.open(dir: try tempDir().path)
        let game = try GameSession(game: humans(seed: 7))
        try library.save(game: game)
        XCTAssertEqual(try library.list().first?.summary?.turnNumber, 1)
        // The first seat throws (bonus throws included) and moves until play passes on.
        var snap = try game.snapshot()
        var actions = 0
        while snap.turn.seat != 1 {
            actions += 1
            XCTAssertLessThan(actions, 50, "play never passed to the second seat")
            if actions >= 50 { return }
            snap = snap.phase == .toThrow
                ? try game.throwSticks(swipe: tap).snapshot
                : try game.play(mv: try XCTUnwrap(snap.legalMoves.first)).snapshot
        }
        try game.save()
        // The second seat has not thrown: one turn begun, the turn on screen the second.
        let listed = try XCTUnwrap(try library.list().first?.summary)
        XCTAssertEqual(listed.turns, 1)
        XCTAssertEqual(listed.turnNumber, 2)
        XCTAssertEqual(listed.toMove, 1)
        XCTAssertEqual(try library.load(id: try game.id()).summary.turnNumber, 2)
    }

    func testBotGameIsSavedDroppedResumedFromDiskAndFinished() async throws {
        let dir = try tempDir()
        var id = ""
        var midway: [[Spot]] = []
        do {
            let library = try SaveLibrary.open(dir: dir.path)
            let game = try GameSession(game: table(.bot(level: .hard), .bot(level: .medium), seed: 42))
            id = try game.id()
            try library.save(game: game)
            let n = try await game.playOut(limit: 40) { try game.save() }
            XCTAssertEqual(n, 40)
            midway = try game.snapshot().seats.map(\.pieces)
            let entry = try XCTUnwrap(try library.list().first)
            XCTAssertEqual(entry.status, .good)
            XCTAssertEqual(entry.summary?.actions, 40)
        }
        // Every object is gone; resume from the files alone.
        let library = try SaveLibrary.open(dir: dir.path)
        let loaded = try library.load(id: id)
        XCTAssertNil(loaded.recoveredFromBackup)
        let game = loaded.session
        XCTAssertEqual(try game.snapshot().seats.map(\.pieces), midway)
        try await game.playOut(limit: 5_000) { try game.save() }
        let end = try game.snapshot()
        XCTAssertEqual(end.phase, .over)
        let winner = try XCTUnwrap(end.winner)
        XCTAssertEqual(end.seats[Int(winner)].done, 4)
        let summary = try XCTUnwrap(try library.list().first?.summary)
        XCTAssertTrue(summary.finished)
        try library.delete(id: id)
        XCTAssertTrue(try library.list().isEmpty)
    }

    func testBotSearchIsCancellable() async throws {
        let game = try GameSession(game: table(.bot(level: .hard), .bot(level: .hard), seed: 5))
        try game.throwUntilMoveDue()
        let task = Task { try await game.botMoveCancellable(budgetMs: 60_000) }
        task.cancel()
        if case let .failure(error) = await task.result {
            XCTAssertEqual(error as? YutError, .Cancelled)
        }
        // Untouched, and still plays.
        _ = try game.play(mv: try await game.botMove(level: nil, budgetMs: 2_000))
    }

    func testAReviewListsThePeoplesSlipsLargestFirst() async throws {
        let game = try GameSession(game: humans(seed: 3))
        let none = try await game.review(budgetMsPerMove: 1_000)
        XCTAssertTrue(none.isEmpty, "nothing played yet")
        // Both people play the last listed move, whatever it is, to the end.
        var actions = 0
        while try !game.snapshot().over, actions < 3000 {
            let snap = try game.snapshot()
            if snap.phase == .toThrow {
                _ = try game.throwSticks(swipe: tap)
            } else {
                _ = try game.play(mv: try XCTUnwrap(snap.legalMoves.last))
            }
            actions += 1
        }
        XCTAssertTrue(try game.snapshot().over)
        let slips = try await game.review(budgetMsPerMove: 1_000)
        XCTAssertGreaterThanOrEqual(slips.count, 3)
        let losses = slips.map { $0.bestChance - $0.playedChance }
        XCTAssertEqual(losses, losses.sorted(by: >), "largest loss first")
        for slip in slips {
            XCTAssertGreaterThanOrEqual(slip.bestChance - slip.playedChance, 0.05)
            XCTAssertNotEqual(slip.played, slip.best)
            XCTAssertEqual(slip.seat, slip.played.seat)
            XCTAssertGreaterThanOrEqual(slip.turn, 1)
        }
    }

    func testAHintIsTheHardBotsMoveWithAWinningChance() async throws {
        let game = try GameSession(game: humans(seed: 11))
        do {
            _ = try await game.hint(budgetMs: 1_000)
            XCTFail("a hint before the sticks are thrown")
        } catch let e as YutError {
            guard case .WrongPhase = e else { return XCTFail("got \(e)") }
        }
        var hints = 0
        while try !game.snapshot().over, hints < 30 {
            let snap = try game.snapshot()
            if snap.phase == .toThrow {
                _ = try game.throwSticks(swipe: tap)
                continue
            }
            let advice = try await game.hint(budgetMs: 2_000)
            hints += 1
            XCTAssertTrue(snap.legalMoves.contains(advice.chosen), "the hint is a listed move")
            XCTAssertTrue((0...1).contains(advice.winChance), "winning chance \(advice.winChance)")
            // Every option appraised, in the listed order; the hint is among the best.
            XCTAssertEqual(advice.appraisal.map(\.mv), snap.legalMoves)
            XCTAssertEqual(advice.appraisal.first { $0.mv == advice.chosen }?.winChance, advice.winChance)
            XCTAssertTrue(advice.appraisal.allSatisfy { $0.winChance <= advice.winChance + 1e-9 })
            // For a person's seat it is the hard bot's own move, asked another way.
            let hard = try await game.botMove(level: .hard, budgetMs: 2_000)
            XCTAssertEqual(advice.chosen, hard)
            _ = try game.play(mv: advice.chosen)
        }
        XCTAssertEqual(hints, 30)
    }
}

final class BadInputTests: XCTestCase {
    func testIllegalStaleAndOutOfPhaseActionsAreErrors() async throws {
        let game = try GameSession(game: humans(seed: 11))
        do {
            _ = try await game.botMove(level: nil, budgetMs: 100)
            XCTFail("a human seat got a bot move without naming a level")
        } catch YutError.WrongPhase {}
        try game.throwUntilMoveDue()
        assertThrows({ if case .WrongPhase = $0 { true } else { false } }, "throw while a move is due") {
            try game.throwSticks(swipe: tap)
        }
        let move = try XCTUnwrap(try game.legalMoves().first)
        func with(from: Spot) -> LegalMove {
            LegalMove(state: move.state, seat: move.seat, from: from, to: move.to, path: move.path,
                      uses: move.uses, route: move.route, stack: move.stack, pieces: move.pieces,
                      captures: move.captures)
        }
        assertThrows({ if case .IllegalMove = $0 { true } else { false } }, "move from C") {
            try game.play(mv: with(from: .station(id: "C")))
        }
        assertThrows({ if case .InvalidInput = $0 { true } else { false } }, "unknown station") {
            try game.play(mv: with(from: .station(id: "Z9")))
        }
        _ = try game.play(mv: move)
        assertThrows({ if case .StaleObject = $0 { true } else { false } }, "played twice") {
            try game.play(mv: move)
        }
    }

    func testBadTablesAndRulesAreErrors() {
        assertThrows({ if case .InvalidRules = $0 { true } else { false } }, "unknown option") {
            try describeRules(rules: Rules(preset: .yunnori, changes: [
                RuleSetting(key: "bakc_do", value: .flag(on: true)),
            ]))
        }
        var one = humans(seed: 1)
        one = NewGame(rules: one.rules, seats: Array(one.seats.prefix(1)), teams: nil, seed: 1, undo: true)
        assertThrows({ if case .InvalidSetup = $0 { true } else { false } }, "one seat") {
            try GameSession(game: one)
        }
        assertThrows({ if case .InvalidInput = $0 { true } else { false } }, "bad scenario JSON") {
            try ScenarioGame.fromScenario(json: "{ nope")
        }
    }

    func testUnknownCorruptAndNewerSavesAreErrors() throws {
        let dir = try tempDir()
        let library = try SaveLibrary.open(dir: dir.path)
        assertThrows({ if case .SaveNotFound(id: "no-such-game") = $0 { true } else { false } }, "unknown") {
            try library.load(id: "no-such-game")
        }
        try "{ this is not a save".write(to: dir.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        try #"{"schema_version": 99, "summary": {}, "session": {}}"#
            .write(to: dir.appendingPathComponent("future.json"), atomically: true, encoding: .utf8)
        let entries = Dictionary(uniqueKeysWithValues: try library.list().map { ($0.id, $0) })
        guard case .damaged = entries["broken"]?.status else { return XCTFail("broken not listed as damaged") }
        XCTAssertEqual(entries["future"]?.status, .fromNewerVersion(version: 99))
        XCTAssertEqual(entries["broken"]?.damage, .corrupt, "the apps word the reason from its id")
        XCTAssertEqual(entries["future"]?.damage, .newerVersion)
        assertThrows({ if case .SaveCorrupt(id: "broken", _) = $0 { true } else { false } }, "corrupt") {
            try library.load(id: "broken")
        }
        assertThrows({ if case .SaveFromNewerVersion(_, version: 99) = $0 { true } else { false } }, "newer") {
            try library.load(id: "future")
        }
    }

    func testStaleGamesCannotSave() throws {
        let dir = try tempDir()
        let game = try GameSession(game: humans(seed: 9))
        let stale: (YutError) -> Bool = { if case .StaleObject = $0 { true } else { false } }
        assertThrows(stale, "no library yet") { try game.save() }
        var library: SaveLibrary? = try SaveLibrary.open(dir: dir.path)
        try library?.save(game: game)
        try library?.delete(id: try game.id())
        // Deleted: the live game may not write it back, either way.
        let conflict: (YutError) -> Bool = { if case .SaveConflict = $0 { true } else { false } }
        assertThrows(conflict, "deleted") { try game.save() }
        assertThrows(conflict, "deleted, saved through the library") { try library?.save(game: game) }
        XCTAssertEqual(try library?.list().count, 0)
        library = nil  // the library object is released
        assertThrows(stale, "library released") { try game.save() }
        XCTAssertEqual(try game.snapshot().phase, .toThrow)
    }

    func testTwoCopiesOfOneGameNeverWriteOverEachOther() throws {
        let dir = try tempDir()
        let first = try SaveLibrary.open(dir: dir.path)
        let original = try GameSession(game: humans(seed: 21))
        try first.save(game: original)
        let id = try original.id()
        // The game opened twice (two windows), through two library objects on one folder.
        let second = try SaveLibrary.open(dir: dir.path)
        let a = try first.load(id: id).session
        let b = try second.load(id: id).session
        _ = try a.throwSticks(swipe: tap)
        try a.save()
        _ = try b.throwSticks(swipe: tap)
        if try b.snapshot().phase == .toMove {
            _ = try b.play(mv: try XCTUnwrap(try b.legalMoves().first))
        } else {
            _ = try b.throwSticks(swipe: tap)
        }
        let conflict: (YutError) -> Bool = { if case .SaveConflict(id: id, _) = $0 { true } else { false } }
        assertThrows(conflict, "B fell behind") { try b.save() }
        assertThrows(conflict, "B through its library") { try second.save(game: b) }
        // A's one throw is on disk (not B's two actions); opened again, it goes on from there.
        let again = try second.load(id: id)
        XCTAssertNil(again.recoveredFromBackup)
        XCTAssertEqual(again.summary.actions, 1)
        XCTAssertEqual(try again.session.snapshot().hand, try a.snapshot().hand)
        // Deleted through one library object, it is not written back through the other.
        try second.delete(id: id)
        assertThrows(conflict, "deleted elsewhere") { try a.save() }
        XCTAssertEqual(try first.list().count, 0)
    }

    func testBadNamesStickOddsAndFoldersAreRefusedWithTypedErrors() throws {
        func named(_ name: String) -> NewGame {
            NewGame(
                rules: presetRules(preset: .yunnori),
                seats: [
                    SeatSpec(name: name, colour: "#D64545", player: .human),
                    SeatSpec(name: "Bada", colour: "#2E6FD8", player: .human),
                ],
                teams: nil, seed: 3, undo: true)
        }
        XCTAssertEqual(try GameSession(game: named("  Haneul ")).snapshot().seats[0].name, "Haneul")
        let setup: (YutError) -> Bool = { if case .InvalidSetup = $0 { true } else { false } }
        for bad in ["", "   ", "Ha\u{0}neul", "Ha\nneul", "\u{202E}luenaH",
                    String(repeating: "가", count: 25), String(repeating: "🎲", count: 1_000),
                    String(repeating: "x", count: 10_000_000)] {
            assertThrows(setup, String(bad.prefix(20))) { try GameSession(game: named(bad)) }
        }
        let rules: (YutError) -> Bool = { if case .InvalidRules = $0 { true } else { false } }
        for p in [5e-324, 1e-300, 0.05, 0.95, 1.0 - 1e-16, Double.nan] {
            let table = humans(seed: 3)
            let biased = NewGame(
                rules: Rules(preset: .yunnori, changes: [
                    RuleSetting(key: "stick_flat_probability", value: .probability(value: p)),
                ]),
                seats: table.seats, teams: nil, seed: 3, undo: true)
            assertThrows(rules, "p = \(p)") { try GameSession(game: biased) }
        }
        let bias = try describeRules(rules: presetRules(preset: .yunnori)).options
            .first { $0.key == "stick_flat_probability" }
        XCTAssertEqual(bias?.kind, .probability(min: 0.1, max: 0.9))
        assertThrows({ if case .InvalidInput = $0 { true } else { false } }, "no folder") {
            try SaveLibrary.open(dir: "")
        }
    }
}
