// The game screen: throwing, moving, VoiceOver, off-board moves, the hint, undo, a bot's
// turn, a whole game to its end and its review.

import Foundation
import SwiftUI
import YunnoriKit
import YutCore
@testable import Yunnori

let gameScreenTests: [ScreenTest] = [
    ("the menu starts a game of two people, whose first turn is to throw", menuStartsAGame),
    ("a swipe on the mat throws; the result shows once the sticks land", swipeThrows),
    ("a move: the new-piece button picks, a tap on the lit station moves there", pickAndTapTheBoard),
    ("VoiceOver: the mat throws on a double-tap, stacks and destinations are named buttons", voiceOverPlays),
    ("a Back-Do from the first station goes back off the board by its button, its ring or VoiceOver", backOffTheBoard),
    ("the hint names the best move with its winning chance, and its destination says it too", hintShowsTheBestMove),
    ("take back undoes the move", undoTakesBack),
    ("a bot's turn plays itself and hands the phone back", botTurnPlaysItself),
    ("a whole game to the game-over card, then its review", wholeGameAndReview),
    ("landing on one's own piece asks to join or stay apart; the answer plays; take back undoes it",
     stackingQuestion),
    ("play again seats the same table for a new game", playAgain),
]

/// Two people (or the given players) at the Yunnori preset (or `rules`), seeded.
func seededGame(_ players: PlayerKind..., seed: UInt64, rules: Rules = presetRules(preset: .yunnori)) -> NewGame {
    let seats = players.enumerated().map { i, player in
        SeatSpec(name: "Player \(i + 1)", colour: NewGameModel.palette[i], player: player)
    }
    return NewGame(rules: rules, seats: seats, teams: nil, seed: seed, undo: true)
}

/// The game screen alone, over a seeded game.
@MainActor
func gameScreen(_ setup: NewGame) async throws -> (Screen, AppServices) {
    let (services, _) = try launchServices()
    try expect(services.game.newGame(setup), "the game starts")
    return (await Screen(GameView(toMenu: {}), services), services)
}

extension Screen {
    /// The stick mat's VoiceOver element (its label ends with the double-tap invitation
    /// while a throw is due).
    func voiceOverMat() throws -> _Node {
        try require(elements { $0.accessibilityLabel?.hasSuffix("Double-tap to throw the sticks") == true }.first,
                    "no stick mat inviting a throw for VoiceOver")
    }

    /// Picks a piece (the app picks the only movable one itself; picking it again would
    /// drop it).
    func pick(_ origin: Spot, _ game: GameModel) async {
        if game.state.selection != origin { game.select(origin) }
        await settle()
    }

    /// Throws by VoiceOver until a move is due (or the turn passes).
    func throwUntilMoveDue(_ game: GameModel) async throws {
        var n = 0
        while game.state.canThrow {
            n += 1
            try expect(n < 30, "a move never came due")
            try require(voiceOverMat().accessibilityAction, "the mat has no action")()
            await settle()
        }
    }
}

@MainActor
func menuStartsAGame() async throws {
    let (services, _) = try launchServices()
    let app = await Screen(ContentView(), services)
    try expect(app.shows("Yunnori"), "the menu shows the app's name: \(app.words)")
    try expect(!app.hasButton("Continue"), "nothing to continue on a first launch")
    try await app.tap("New game")
    try expect(app.shows("Players"), "the new-game form: \(app.words)")
    try await app.tap("Start")
    try await app.wait("the game screen") { app.showsPart("'s turn") }
    try expect(app.shows("Player 1's turn"), "the first player is to play: \(app.words)")
    try expect(app.shows("Throw the sticks"), "and is asked to throw: \(app.words)")
    try expect(app.shows("Swipe the sticks, or tap"), "the mat invites a throw: \(app.words)")
}

@MainActor
func swipeThrows() async throws {
    let (app, services) = try await gameScreen(seededGame(.human, .human, seed: 7))
    try expect(services.game.state.lastThrow == nil, "nothing thrown yet")
    try await app.swipeMat()
    let thrown = try require(services.game.state.lastThrow, "a swipe on the mat throws")
    let name = resultName(thrown.result)
    try expect(!(try app.stickMat().words.contains(name)), "while the sticks fly the mat shows no result")
    try await app.wait("the sticks to land and show \(name)") {
        (try? app.stickMat().words.contains(name)) ?? false
    }
    // A second swipe while a move is due throws nothing.
    if services.game.state.canMove {
        try await app.swipeMat()
        try expect(services.game.state.lastThrow?.id == thrown.id, "no throw while a move is due")
    }
}

@MainActor
func pickAndTapTheBoard() async throws {
    // Seed 7's first throw by the tap moves forward (as the view model tests use it).
    let (app, services) = try await gameScreen(seededGame(.human, .human, seed: 7))
    let game = services.game
    try await app.throwUntilMoveDue(game)
    try expect(game.state.canMove, "a move is due")
    if game.state.selection == nil {
        // Several pieces could move: the player picks one.
        try expect(app.shows("Pick a piece to move"), "the banner asks for a piece: \(app.words)")
        try await app.tap("New piece (4)")
    }
    try expect(game.state.selection == .home, "the waiting pieces are picked")
    try expect(app.shows("Tap where it should go"), "the banner asks for a destination: \(app.words)")
    let target = try require(game.state.destinations.first { if case .station = $0 { true } else { false } },
                             "a station to go to")
    guard case .station(let id) = target else { return }
    try await app.tapBoard(at: try require(BoardGeometry().point(ofStation: id), "station \(id)"))
    if game.state.pendingChoice != nil {
        try await app.tap(try require(app.nodes { $0.kind == .dialog }.first?.all
            .first { $0.kind == .button && $0.role != .cancel }?.text, "a choice to make"))
    }
    let stacks = try require(game.state.snapshot?.stacks, "a position")
    try expect(stacks.contains { $0.station == id }, "the piece stands on station \(id): \(stacks)")
    try expect(game.state.lastMove?.path.last == target, "the move went to the tapped station")
}

@MainActor
func voiceOverPlays() async throws {
    let (app, services) = try await gameScreen(seededGame(.human, .human, seed: 7))
    let game = services.game
    let mat = try app.voiceOverMat()
    try expect(mat.accessibilityTraits.contains(.isButton), "the mat is a button for VoiceOver")
    try await app.throwUntilMoveDue(game)
    let thrown = try require(game.state.lastThrow, "thrown")
    try await app.wait("the mat to say the result once the sticks land") {
        app.elements { $0.accessibilityLabel?.hasPrefix(resultName(thrown.result)) == true }.count == 1
    }
    await app.pick(.home, game)
    let spot = try require(game.state.destinations.first, "somewhere to go")
    let label = try require(app.elements { $0.accessibilityLabel?.hasPrefix("Move to") == true }.first?
        .accessibilityLabel, "the destination is a VoiceOver element")
    try await app.activate(label)
    try await app.answerQuestion()
    try expect(game.state.lastMove?.path.last == spot, "VoiceOver moved the piece to \(spot)")
    // The piece now on the board is a named element.
    try await app.wait("the move to end") { game.state.canThrow || game.state.turn?.seat == 1 }
    let stackLabels = app.elements { $0.accessibilityLabel?.hasPrefix("Player 1: 1 on") == true }
    try expect(stackLabels.count == 1, "the stack is named for VoiceOver: "
        + app.spoken)
}

/// A seed and the actions (the tap throw, else the first listed move) after which a
/// person may take a piece back off the board.
@MainActor
func findBackOff() throws -> (seed: UInt64, actions: Int) {
    for seed in UInt64(1)...40 {
        let game = GameModel(library: nil, pacing: .instant)
        _ = game.newGame(seededGame(.human, .human, seed: seed))
        for action in 0..<400 {
            guard let snap = game.state.snapshot, !snap.over else { break }
            if snap.phase == .toMove, snap.legalMoves.contains(where: { $0.to == .home }) {
                return (seed, action)
            }
            if game.state.canThrow { game.throwSticks(ThrowInput.tap) } else { game.choose(snap.legalMoves[0]) }
        }
    }
    throw TestFailure(description: "no position to go back off the board in 40 games")
}

@MainActor
func backOffTheBoard() async throws {
    let (seed, actions) = try findBackOff()
    for way in ["button", "ring", "VoiceOver"] {
        let (app, services) = try await gameScreen(seededGame(.human, .human, seed: seed))
        let game = services.game
        for _ in 0..<actions {
            if game.state.canThrow { game.throwSticks(ThrowInput.tap) } else {
                game.choose(try require(game.state.snapshot?.legalMoves.first, "a move"))
            }
        }
        let snap = try require(game.state.snapshot, "the position")
        let back = try require(snap.legalMoves.first { $0.to == .home }, "a move back off the board")
        let waiting = try require(snap.seats.first { $0.seat == snap.turn.seat }, "the seat").home
        // Pick the piece with a finger on its station.
        guard case .station(let from) = back.from else { throw TestFailure(description: "from \(back.from)") }
        try await app.tapBoard(at: try require(BoardGeometry().point(ofStation: from), "station"))
        try expect(game.state.selection == back.from, "the piece on \(from) is picked")
        switch way {
        case "button": try await app.tap("Back off the board")
        case "ring": try await app.tapBoard(at: BoardGeometry().point(of: .home))
        default: try await app.activate("Back off the board")
        }
        try await app.answerQuestion()
        let after = try require(game.state.snapshot, "the position after")
        try expect(after.seats.first { $0.seat == snap.turn.seat }?.home == waiting + 1,
                   "by its \(way): the piece waits again")
    }
}

@MainActor
func hintShowsTheBestMove() async throws {
    let (app, services) = try await gameScreen(seededGame(.human, .human, seed: 7))
    let game = services.game
    try await app.throwUntilMoveDue(game)
    try expect(app.hasButton("Hint"), "a Hint button while a move is due: \(app.buttons)")
    try await app.tap("Hint")
    try await app.wait("the hint") { game.state.hint != nil }
    let hint = try require(game.state.hint, "the hint")
    let percent = Int((hint.winChance * 100).rounded())
    try expect(app.showsPart("Best move: "), "the hint names the move: \(app.words)")
    try expect(app.shows("Your winning chance after it: about \(percent)%"), "and its chance: \(app.words)")
    try expect(game.state.selection == hint.move.from, "the hinted piece is picked")
    if case .station = hint.move.to {
        try expect(app.elements { $0.accessibilityLabel?.hasSuffix("about \(percent)% to win") == true }.count >= 1,
                   "the hinted destination says its chance to VoiceOver")
    }
    try expect(app.button("Hint").disabled == false || game.state.hint != nil, "the button settles")
}

@MainActor
func undoTakesBack() async throws {
    let (app, services) = try await gameScreen(seededGame(.human, .human, seed: 7))
    let game = services.game
    try expect(app.button("Take back").disabled, "nothing to take back at the start")
    try await app.throwUntilMoveDue(game)
    let before = try require(game.state.snapshot, "before the move")
    await app.pick(.home, game)
    try await app.activate(try require(app.elements { $0.accessibilityLabel?.hasPrefix("Move to") == true }
        .first?.accessibilityLabel, "a destination"))
    try expect(game.state.snapshot?.stacks.isEmpty == false, "the piece is on the board")
    try await app.tap("Take back")
    try expect(game.state.snapshot?.stacks == before.stacks, "the board is as before the move")
    try expect(game.state.snapshot?.hand == before.hand, "the results are back in hand")
}

@MainActor
func botTurnPlaysItself() async throws {
    let (app, services) = try await gameScreen(seededGame(.human, .bot(level: .easy), seed: 3))
    let game = services.game
    var guardCount = 0
    while game.state.turn?.seat == 0 && game.state.snapshot?.over == false {
        guardCount += 1
        try expect(guardCount < 40, "the person's turn never ended")
        if game.state.canThrow {
            try require(app.voiceOverMat().accessibilityAction, "the mat")()
        } else if game.state.canMove {
            await app.pick(try require(game.state.origins.first, "a piece"), game)
            try await app.activate(try require(app.destinationLabels.first, "a destination"))
            try await app.answerQuestion()
        }
        await app.settle()
    }
    try await app.wait("the bot's turn") { app.shows("Player 2's turn") }
    try expect(app.hasButton("Hint") == false || app.button("Hint").disabled, "no hint during the bot's turn")
    try await app.wait("the phone handed back", timeout: 60) {
        app.shows("Player 1's turn") || game.state.snapshot?.over == true
    }
    try expect(game.state.lastThrow?.seat == 1 || game.state.snapshot?.over == true, "the bot threw")
}

@MainActor
func wholeGameAndReview() async throws {
    let (app, services) = try await gameScreen(seededGame(.human, .human, seed: 5))
    let game = services.game
    var actions = 0
    while game.state.snapshot?.over == false {
        actions += 1
        try expect(actions < 2000, "the game never ended")
        if game.state.canThrow {
            try require(app.voiceOverMat().accessibilityAction, "the mat")()
        } else if game.state.canMove {
            if game.state.selection == nil {
                game.select(try require(game.state.origins.last, "a piece"))
            }
            await app.settle()
            try await app.activate(try require(app.destinationLabels.last, "a destination"))
            try await app.answerQuestion()
        }
        await app.settle()
    }
    try expect(app.shows("Game over"), "the game-over card: \(app.words)")
    try expect(app.showsPart(" won!"), "it names the winner: \(app.words)")
    try expect(app.hasButton("Play again") && app.hasButton("Menu"), "and offers what next: \(app.buttons)")
    try await app.tap("Review")
    try await app.wait("the review") { game.state.review != nil }
    let sheet = try require(app.nodes { $0.kind == .sheet }.first, "the review opens in a sheet")
    try expect(sheet.words.contains("Where the game turned"), "titled: \(sheet.words)")
    let slips = game.state.review?.slips ?? []
    if slips.isEmpty {
        try expect(sheet.words.contains { $0.hasPrefix("No clear slips") }, "says there were none")
    } else {
        try expect(sheet.words.filter { $0.hasPrefix("Turn ") }.count == slips.count, "one row per slip: \(sheet.words)")
        try expect(sheet.words.contains { $0.hasPrefix("Better: ") }, "each with the better move")
    }
    try await app.tap("Close")
    try expect(game.state.review == nil && app.nodes { $0.kind == .sheet }.isEmpty, "closed")
}

/// The dialog's answer plays whether SwiftUI reports the dialog's dismissal before or
/// after running the answer's action.
@MainActor
func stackingQuestion() async throws {
    defer { _Presentation.dismissesBeforeAction = true }
    for dismissFirst in [true, false] {
        _Presentation.dismissesBeforeAction = dismissFirst
        try await stackingQuestion(dismissFirst: dismissFirst)
    }
}

@MainActor
func stackingQuestion(dismissFirst: Bool) async throws {
    let optional = Rules(preset: .yunnori, changes: [RuleSetting(key: "stacking", value: .choice(id: "optional"))])
    let (app, services) = try await gameScreen(seededGame(.human, .human, seed: 21, rules: optional))
    let game = services.game
    // Play on (through the model) until a move may land on the mover's own piece.
    var twoWay: [LegalMove]?
    for _ in 0..<600 {
        let snap = try require(game.state.snapshot, "a position")
        try expect(!snap.over, "no stacking choice came up")
        if game.state.canThrow {
            game.throwSticks(ThrowInput.tap)
            continue
        }
        twoWay = Dictionary(grouping: snap.legalMoves) { "\($0.from)>\($0.to)" }.values.first { group in
            group.count == 2 && Set(group.map(\.stack)) == [true, false]
                && { if case .station = group[0].from, case .station = group[0].to { true } else { false } }()
        }
        if twoWay != nil { break }
        game.choose(snap.legalMoves[0])
    }
    let moves = try require(twoWay, "a move onto one's own piece")
    guard case .station(let from) = moves[0].from, case .station(let to) = moves[0].to else { return }
    let before = try require(game.state.snapshot, "the position")
    let mover = before.turn
    await app.render()
    let board = BoardGeometry()
    if game.state.selection != moves[0].from {
        try await app.tapBoard(at: try require(board.point(ofStation: from), "from"))
    }
    try await app.tapBoard(at: try require(board.point(ofStation: to), "to"))
    let dialog = try require(app.nodes { $0.kind == .dialog }.first, "the question: \(app.words)")
    try expect(dialog.text == "Which way?", "titled: \(dialog.text ?? "")")
    try expect(dialog.all.contains { $0.text == "Keep them apart" }, "both answers offered")
    try await app.tap("Join the pieces there")
    try expect(game.state.message == nil, "no message: \(String(describing: game.state.message))")
    try expect(app.nodes { $0.kind == .dialog }.isEmpty, "the question is gone")
    let joined = try require(game.state.snapshot, "after")
    try expect(joined.stacks.contains { $0.station == to && $0.side == mover.side && $0.size >= 2 },
               "the pieces stand together on \(to): \(joined.stacks)")
    try expect(app.elements { $0.accessibilityLabel?.hasPrefix("\(mover.name): 2 on") == true }.count == 1,
               "VoiceOver reads the stack of two")
    try await app.tap("Take back")
    try expect(game.state.snapshot?.stacks == before.stacks, "take back puts them apart again")
}

@MainActor
func playAgain() async throws {
    let (app, services) = try await gameScreen(seededGame(.human, .human, seed: 5))
    let game = services.game
    let first = try require(game.state.gameID, "a game")
    while game.state.snapshot?.over == false {
        if game.state.canThrow { game.throwSticks(ThrowInput.tap) } else {
            game.choose(try require(game.state.snapshot?.legalMoves.last, "a move"))
        }
    }
    await app.render()
    try await app.tap("Play again")
    try expect(game.state.gameID != first, "a new game")
    try expect(game.state.snapshot?.over == false && game.state.snapshot?.stacks.isEmpty == true, "from the start")
    try expect(game.state.snapshot?.seats.map(\.name) == ["Player 1", "Player 2"], "the same table")
    try expect(!app.shows("Game over"), "the card is gone: \(app.words)")
}
