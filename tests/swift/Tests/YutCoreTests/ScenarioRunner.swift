import Foundation
import YutCore

/// Plays a rule scenario file (shared SCENARIOS.md) through the bindings, step by step:
/// throws and moves go to a `ScenarioGame`; every check (`expect`, `expect_legal`,
/// `expect_error`) is made here, in Swift, on what the bindings return.
enum ScenarioRunner {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    static let throwsById: [String: Throw] = Dictionary(
        uniqueKeysWithValues: throwKinds().map { ($0.id, $0.result) })

    /// The repository: `$YUNNORI_REPO`, else the nearest parent of this file holding
    /// tests/scenarios.
    static func repo() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["YUNNORI_REPO"] {
            return URL(fileURLWithPath: path)
        }
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("tests/scenarios").path) {
                return dir
            }
            dir.deleteLastPathComponent()
        }
        throw Malformed(description: "set YUNNORI_REPO to the repository")
    }

    static func scenarioFiles() throws -> [URL] {
        let dir = try repo().appendingPathComponent("tests/scenarios")
        return try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
            .map { dir.appendingPathComponent($0) }
    }

    /// `nil` when every step holds, else the first difference, naming the step.
    static func run(_ text: String) -> String? {
        guard let root = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let steps = root["steps"] as? [Any]
        else { return "not a scenario object" }
        let game: ScenarioGame
        do {
            game = try ScenarioGame.fromScenario(json: text)
        } catch {
            return "refused: \(error)"
        }
        for (index, raw) in steps.enumerated() {
            guard let step = raw as? [String: Any], step.count == 1, let entry = step.first else {
                return "step \(index): a step has exactly one key"
            }
            let (kind, arg) = (entry.key, entry.value)
            let problem: String?
            do {
                switch kind {
                case "throw":
                    _ = try game.throwResult(result: try throwOf(arg))
                    problem = nil
                case "move":
                    problem = try move(game, try object(arg))
                case "expect":
                    problem = try expect(game, try object(arg))
                case "expect_legal":
                    problem = try expectLegal(game, arg as? [Any] ?? [])
                case "expect_error":
                    problem = try expectError(game, try object(try object(arg)["move"]))
                default:
                    problem = "unknown step kind"
                }
            } catch let e as YutError {
                problem = "refused: \(e)"
            } catch {
                problem = "malformed step: \(error)"
            }
            if let problem { return "step \(index) (\(kind)): \(problem)" }
        }
        return nil
    }

    /// The core's verdict on the same file, for the three-way agreement check.
    static func coreVerdict(_ text: String) throws -> String? {
        try ScenarioGame.fromScenario(json: text).coreVerdict()
    }

    // MARK: - reading the file

    static func object(_ v: Any?) throws -> [String: Any] {
        guard let o = v as? [String: Any] else { throw Malformed(description: "expected an object") }
        return o
    }

    static func throwOf(_ v: Any?) throws -> Throw {
        guard let id = v as? String, let t = throwsById[id] else {
            throw Malformed(description: "unknown result \(String(describing: v))")
        }
        return t
    }

    static func spotOf(_ v: Any?) throws -> Spot {
        switch v as? String {
        case "home": return .home
        case "done": return .done
        case let id?: return .station(id: id)
        case nil: throw Malformed(description: "expected a spot id")
        }
    }

    static func key(_ s: Spot) -> String {
        switch s {
        case .home: return "home"
        case .done: return "done"
        case let .station(id): return id
        }
    }

    static func rank(_ t: Throw) -> Int {
        throwKinds().firstIndex { $0.result == t } ?? 0
    }

    static func uses(_ v: Any?) throws -> [Throw] {
        guard let list = v as? [Any] else { throw Malformed(description: "expected a list of results") }
        return try list.map(throwOf).sorted { rank($0) < rank($1) }
    }

    static func int(_ v: Any?) throws -> Int {
        guard let n = v as? NSNumber else { throw Malformed(description: "expected a number") }
        return n.intValue
    }

    // MARK: - steps

    /// Whether a legal move fits a description (`to`, `route`, `stack`, `count` only where
    /// given).
    static func fits(_ spec: [String: Any], _ m: LegalMove) throws -> Bool {
        guard try spotOf(spec["from"]) == m.from,
              try uses(spec["use"]) == m.uses.sorted(by: { rank($0) < rank($1) })
        else { return false }
        if let to = spec["to"], try spotOf(to) != m.to { return false }
        if let route = spec["route"] as? String, try routeFromId(id: route) != m.route { return false }
        if let stack = spec["stack"] as? Bool, m.stack != stack { return false }
        if let count = spec["count"], try int(count) != Int(m.pieces) { return false }
        return true
    }

    static func show(_ m: LegalMove) -> String {
        "\(key(m.from))\(m.uses)->\(key(m.to)) via \(m.route)" + (m.pieces > 1 ? " count \(m.pieces)" : "")
    }

    static func move(_ game: ScenarioGame, _ spec: [String: Any]) throws -> String? {
        let legal = try game.legalMoves()
        let found = try legal.filter { try fits(spec, $0) }
        switch found.count {
        case 1:
            _ = try game.play(mv: found[0])
            return nil
        case 0:
            return "no legal move matches \(spec) (legal: \(legal.map(show).joined(separator: "; ")))"
        default:
            return "\(found.count) legal moves match \(spec)"
        }
    }

    static func expect(_ game: ScenarioGame, _ want: [String: Any]) throws -> String? {
        let snap = try game.snapshot()
        var diffs: [String] = []
        func seat(_ k: Int) throws -> SeatView {
            guard k >= 0, k < snap.seats.count else { throw Malformed(description: "seat \(k) does not exist") }
            return snap.seats[k]
        }
        for (k, v) in want {
            switch k {
            case "pieces":
                for (s, spots) in try object(v) {
                    guard let n = Int(s) else { throw Malformed(description: "seat key \(s)") }
                    let got = try seat(n).pieces.map(key).sorted()
                    let exp = ((spots as? [Any]) ?? []).compactMap { $0 as? String }.sorted()
                    if got != exp { diffs.append("pieces of seat \(s): expected \(exp), got \(got)") }
                }
            case "to_move":
                let exp = try int(v)
                if Int(snap.turn.seat) != exp { diffs.append("to_move: expected \(exp), got \(snap.turn.seat)") }
            case "owed":
                let exp = try int(v)
                if Int(snap.owed) != exp { diffs.append("owed: expected \(exp), got \(snap.owed)") }
            case "hand":
                let got = snap.hand.map(\.result).sorted { rank($0) < rank($1) }
                let exp = try uses(v)
                if got != exp { diffs.append("hand: expected \(exp), got \(got)") }
            case "winner":
                let exp: Int? = v is NSNull ? nil : try int(v)
                if snap.winner.map(Int.init) != exp {
                    diffs.append("winner: expected \(String(describing: exp)), got \(String(describing: snap.winner))")
                }
            case "finished":
                var exp: [(Int, Int)] = []
                if let m = v as? [String: Any] {
                    for (s, n) in m {
                        guard let seatIndex = Int(s) else { throw Malformed(description: "seat key \(s)") }
                        exp.append((seatIndex, try int(n)))
                    }
                } else if let l = v as? [Any] {
                    for (i, n) in l.enumerated() { exp.append((i, try int(n))) }
                } else {
                    return "finished: neither a map nor a list"
                }
                for (s, n) in exp {
                    let done = Int(try seat(s).done)
                    if done != n { diffs.append("finished of seat \(s): expected \(n), got \(done)") }
                }
            default:
                return "unknown expect key \(k)"
            }
        }
        return diffs.isEmpty ? nil : diffs.joined(separator: "; ")
    }

    static func expectLegal(_ game: ScenarioGame, _ want: [Any]) throws -> String? {
        let legal = try game.legalMoves()
        let specs = try want.map(object)
        let missing = try specs.filter { s in try !legal.contains { try fits(s, $0) } }
        let extra = try legal.filter { m in try !specs.contains { try fits($0, m) } }
        if missing.isEmpty && extra.isEmpty { return nil }
        var parts: [String] = []
        if !missing.isEmpty { parts.append("expected but not legal: \(missing)") }
        if !extra.isEmpty { parts.append("legal but not expected: \(extra.map(show).joined(separator: "; "))") }
        return parts.joined(separator: "; ")
    }

    static func expectError(_ game: ScenarioGame, _ spec: [String: Any]) throws -> String? {
        let before = try game.snapshot()
        let moveSpec = MoveSpec(
            from: try spotOf(spec["from"]),
            uses: try uses(spec["use"]),
            route: try (spec["route"] as? String).map { try routeFromId(id: $0) },
            stack: spec["stack"] as? Bool,
            count: try spec["count"].map { Int32(try int($0)) }
        )
        do {
            _ = try game.playSpec(spec: moveSpec)
            return "move \(spec) was accepted"
        } catch YutError.IllegalMove, YutError.WrongPhase {
            return try game.snapshot() == before ? nil : "the refused move changed the game"
        }
    }
}
