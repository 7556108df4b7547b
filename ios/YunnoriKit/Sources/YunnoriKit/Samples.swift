import Foundation
import YutCore

/// Games at telling moments, played through the core from seeded tables, for the app's
/// previews (each throw's sticks already at rest) (and checked by the package's tests, so a preview never shows a position the
/// rules cannot reach). People only, no saving: nothing runs in the background.
@MainActor
public enum Samples {
    public enum Stage: String, CaseIterable, Sendable {
        /// A fresh table: the first seat is to throw.
        case firstThrow
        /// A result in hand and a piece picked: its destinations are lit.
        case toMove
        /// Pieces of both seats on the board, a move due.
        case midGame
        /// One seat with two stacks on one station (optional stacking, kept apart).
        case sharedStation
        /// The game is over.
        case over
        /// The last move stacked the mover's pieces: the board shows the stack snapping
        /// together.
        case stacked
        /// The last move took a shortcut at a corner or the centre: the board spreads a ring
        /// from it.
        case shortcut
        /// The last move captured: the captured tokens fly back off the board and the mover
        /// has a bonus throw due.
        case captured
    }

    /// Two people (Haneul, Bada) at the Yunnori preset, or `rules`.
    public nonisolated static func table(seed: UInt64 = 7, rules: Rules = presetRules(preset: .yunnori)) -> NewGame {
        let seats = ["Haneul", "Bada"].enumerated().map { i, name in
            SeatSpec(name: name, colour: NewGameModel.palette[i], player: .human)
        }
        return NewGame(rules: rules, seats: seats, teams: nil, seed: seed, undo: true)
    }

    /// A game model showing `stage`.
    public static func game(_ stage: Stage) -> GameModel {
        let model = GameModel(library: nil, pacing: .instant)
        play(stage, on: model)
        // A move due shows its piece picked; the last move's own stages keep the board on it.
        if ![.stacked, .shortcut, .captured].contains(stage), model.state.canMove,
           model.state.selection == nil, let origin = model.state.origins.first {
            model.select(origin)
        }
        return model
    }

    /// Brings `model` to `stage` with new games of `table`s (people only): the app's own
    /// model for its snapshot tests, which then reopen the game from its save.
    public static func play(_ stage: Stage, on model: GameModel) {
        switch stage {
        case .firstThrow:
            model.newGame(table())
        case .toMove:
            model.newGame(table())
            model.throwForAMove()
        case .midGame:
            model.newGame(table(seed: 11))
            model.play(actions: 400) { snapshot in
                Set(snapshot.stacks.map(\.side)).count == 2 && snapshot.phase == .toMove
            }
        case .sharedStation:
            let optional = Rules(preset: .yunnori,
                                 changes: [RuleSetting(key: "stacking", value: .choice(id: "optional"))])
            for seed in UInt64(1)...40 {
                model.newGame(table(seed: seed, rules: optional))
                if model.play(actions: 600, keepApart: true, until: hasSharedStation) { break }
            }
        case .over:
            model.newGame(table(seed: 5))
            model.play(actions: 4_000) { $0.over }
        case .stacked:
            model.newGame(table())
            model.play(actions: 600) { $0.lastEvents.contains { if case .stacked = $0 { true } else { false } } }
        case .shortcut:
            model.newGame(table())
            model.play(actions: 600) { $0.lastEvents.contains { if case .turned = $0 { true } else { false } } }
        case .captured:
            model.newGame(table())
            model.play(actions: 600) { $0.lastEvents.contains { if case .captured = $0 { true } else { false } } }
        }
    }

    /// A throw's flight as the finger lets go (for previews of the sticks in the air):
    /// planned by the core on `mat`, starting now; `drop` as with Reduce Motion.
    public static func flight(on mat: Mat = Mat(width: 360, height: 240), drop: Bool = false) -> FlightShow? {
        let swipe = Swipe(mat: mat, releaseX: mat.width * 0.5, releaseY: mat.height * 0.75,
                          velocityX: 90, velocityY: -1_300, spin: 2)
        guard let flight = try? planFlight(swipe: swipe, sticks: [true, false, true, false], nak: false, salt: 1)
        else { return nil }
        return FlightShow(id: 1, seat: 0, flight: flight, drop: drop, start: .now)
    }

    /// Whether one seat has two stacks standing on one station.
    public nonisolated static func hasSharedStation(_ snapshot: GameSnapshot) -> Bool {
        var seen = Set<String>()
        for stack in snapshot.stacks {
            if !seen.insert("\(stack.station)|\(stack.counts.map(\.seat))").inserted { return true }
        }
        return false
    }

    /// A save library in a fresh temporary directory holding a game to move, a finished
    /// game and a damaged file; `nil` if the directory cannot be made.
    public static func library() -> SaveLibrary? {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("yunnori-samples-\(UUID().uuidString)", isDirectory: true)
        guard let library = try? SaveLibrary.open(dir: dir.path) else { return nil }
        for stage in [Stage.over, .midGame] {
            if let session = game(stage).session { try? library.save(game: session) }
        }
        try? Data("{\"schema_version\": 1, \"summ".utf8)
            .write(to: dir.appendingPathComponent("damaged.json"))
        return library
    }
}

extension GameModel {
    /// Throws by tap until a move is due (or the turn passes on), each landing at once.
    func throwForAMove() {
        for _ in 0..<30 where state.canThrow {
            throwAtOnce(ThrowInput.tap(mat: mat))
        }
    }

    /// Plays up to `actions` actions (the tap throw, else the first legal move, or with
    /// `keepApart` one that stays off one's own piece where there is one) until `done`
    /// holds of the position. - Returns: whether it did.
    @discardableResult
    func play(actions: Int, keepApart: Bool = false, until done: (GameSnapshot) -> Bool) -> Bool {
        for _ in 0..<actions {
            guard let snapshot = state.snapshot else { return false }
            if done(snapshot) { return true }
            if snapshot.over { return false }
            if state.canThrow {
                throwAtOnce(ThrowInput.tap(mat: mat))
            } else if let first = snapshot.legalMoves.first {
                choose(keepApart ? snapshot.legalMoves.first { $0.stack == false } ?? first : first)
            }
            dismissMessage()
        }
        return state.snapshot.map(done) ?? false
    }
}
