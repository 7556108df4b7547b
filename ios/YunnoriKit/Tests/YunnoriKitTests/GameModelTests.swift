import Foundation
import Observation
import Testing
import YutCore
@testable import YunnoriKit

@MainActor
@Suite("Game model", .serialized)
struct GameModelTests {
    @Test("human vs bot: throw, choose a move, the bot plays its turn in its task")
    func humanAgainstBot() async throws {
        let dir = try tempDir()
        let model = GameModel(library: try library(in: dir), pacing: .instant)
        #expect(model.newGame(table(human, bot(.easy), seed: 3)))
        #expect(model.state.message == nil)
        let start = try #require(model.state.snapshot)
        #expect(start.phase == .toThrow)
        #expect(start.turn.seat == 0)
        #expect(model.state.canThrow)

        let mat = Mat(width: 360, height: 240)
        await model.throwAndWait(Swipe(mat: mat, releaseX: 170, releaseY: 190, velocityX: 120,
                                       velocityY: -1_400, spin: 2))
        let thrown = try #require(model.state.lastThrow)
        #expect(thrown.seat == 0)
        #expect(thrown.flight.sticks.count == 4)
        #expect(thrown.report.sticks == thrown.flight.sticks.map(\.flatUp))
        #expect(model.state.flight?.id == thrown.id, "the result goes with its flight")

        // Person: throw on until a move is due, then move through select → tap.
        try await model.throwUntilMoveDue()
        if model.state.canMove {
            let origin = try #require(model.state.selection ?? model.state.origins.first)
            if model.state.selection != origin { model.select(origin) }
            #expect(!model.state.destinations.isEmpty, "the picked piece has somewhere to go")
            let target = model.state.destinations[0]
            let before = try #require(model.state.snapshot?.state)
            model.tap(target)
            if let choice = model.state.pendingChoice { model.choose(choice.options[0]) }
            #expect(model.state.snapshot?.state != before)
            let moved = try #require(model.state.lastMove)
            #expect(moved.seat == 0)
            #expect(moved.path.last == target)
        }
        try await model.playPersonTurn()

        // The bot's turn runs in its task and hands the table back.
        if model.state.snapshot?.over == false {
            #expect(model.state.turn?.seat == 1)
            #expect(model.botTask != nil)
            try await waitUntil("the bot's turn to end") { model.botsSettled }
            #expect(model.state.lastThrow?.seat == 1, "the bot threw")
            #expect(model.state.bot == .idle)
            #expect(model.botTask == nil)
            #expect(model.state.message == nil)
        }
        await model.flushSaves()
        let entry = try #require(try library(in: dir).list().first)
        #expect(entry.id == model.state.gameID)
        #expect((entry.summary?.actions ?? 0) >= 3)
    }

    @Test("illegal, stale and untimely actions give a message, never a crash")
    func badActionsGiveMessages() async throws {
        let model = GameModel(library: try library(in: try tempDir()), pacing: .instant)
        #expect(model.newGame(table(human, human, seed: 11)))
        let id = model.state.gameID

        model.undo()
        #expect(model.state.message?.kind == .cannotUndo)
        model.dismissMessage()
        #expect(model.state.message == nil)

        try await model.throwUntilMoveDue()
        let snap = try #require(model.state.snapshot)
        let move = try #require(snap.legalMoves.first)

        // The core refuses a throw while a move is due.
        let tag = snap.state
        await model.throwAndWait()
        #expect(model.state.message?.kind == .notNow)
        #expect(model.state.snapshot?.state == tag, "nothing changed")

        // A move the rules refuse (a piece that is not there).
        let forged = LegalMove(
            state: move.state, seat: move.seat, from: .station(id: "C"), to: move.to,
            path: move.path, uses: move.uses, route: move.route, stack: move.stack,
            pieces: move.pieces, captures: move.captures)
        model.choose(forged)
        #expect(model.state.message?.kind == .illegalMove)

        // A real move, then the same move again: stale.
        model.dismissMessage()
        model.choose(move)
        #expect(model.state.message == nil)
        model.choose(move)
        #expect(model.state.message?.kind == .staleMove)
        #expect(model.state.message?.english.isEmpty == false)

        // A table the core refuses, and a game that does not exist: the game stays.
        let one = NewGame(rules: presetRules(preset: .yunnori),
                          seats: [SeatSpec(name: "Solo", colour: "#D64545", player: .human)],
                          teams: nil, seed: 1, undo: true)
        #expect(!model.newGame(one))
        #expect(model.state.message?.kind == .invalidSetup)
        #expect(!model.resume(id: "no-such-game"))
        #expect(model.state.message?.kind == .saveNotFound)
        #expect(model.state.gameID == id)

        // Still playable.
        model.dismissMessage()
        try await model.playPersonTurn()
        #expect(model.state.message == nil)
    }

    @Test("a tap on a spot several moves reach asks which, and the answer plays it")
    func choosingBetweenMovesToOneSpot() async throws {
        // Culin's rules collect throws first and may combine results, so one piece often
        // reaches one station in several ways.
        var found = false
        search: for seed in UInt64(1)...40 {
            let model = GameModel(library: nil, pacing: .instant)
            #expect(model.newGame(table(human, human, seed: seed, rules: rules(.culin1895))))
            for _ in 0..<40 {
                if model.state.canThrow { await model.throwAndWait(); continue }
                guard model.state.canMove, let snap = model.state.snapshot else { break }
                let groups = Dictionary(grouping: snap.legalMoves) { [$0.from, $0.to] }
                guard let twins = groups.values.first(where: { $0.count > 1 }) else {
                    model.playFirstMove()
                    continue
                }
                model.select(twins[0].from)
                model.tap(twins[0].to)
                let choice = try #require(model.state.pendingChoice)
                #expect(choice.options.count == twins.count)
                #expect(Set(choice.options.map(\.state)) == [snap.state])
                let tag = snap.state
                if choice.usesChoices.count > 1 {
                    model.chooseUses(choice.usesChoices[0])
                } else if choice.stackChoices.count > 1 {
                    model.chooseStack(true)
                } else {
                    model.chooseRoute(choice.routes[0])
                }
                if let left = model.state.pendingChoice {
                    model.choose(left.options[0])
                }
                #expect(model.state.pendingChoice == nil)
                #expect(model.state.message == nil)
                #expect(model.state.snapshot?.state != tag, "the chosen move was played")
                found = true
                break search
            }
        }
        #expect(found, "no position with two moves to one spot in 40 seeded games")
    }

    @Test("undo takes back the mover's move while the turn goes on, and cannot be repeated")
    func undoTakesBackAMove() async throws {
        let dir = try tempDir()
        let model = GameModel(library: try library(in: dir), pacing: .instant)
        #expect(model.newGame(table(human, human, seed: 5)))
        let before = try await model.playUntilAMoveKeepsTheTurn()
        #expect(model.state.lastMove != nil)
        #expect(model.state.canUndo)

        model.undo()
        let after = try #require(model.state.snapshot)
        #expect(model.state.message == nil)
        #expect(after.position == before)
        #expect(model.state.lastMove == nil)
        #expect(!model.state.canUndo)
        model.undo()
        #expect(model.state.message?.kind == .cannotUndo)
        #expect(model.state.snapshot?.position == before)
    }

    @Test("in pass-and-play the next player's undo leaves the previous player's move alone")
    func undoLeavesThePreviousPlayersMove() async throws {
        let model = GameModel(library: try library(in: try tempDir()), pacing: .instant)
        #expect(model.newGame(table(human, human, seed: 5)))
        var passed: GameSnapshot?
        for _ in 0..<100 where passed == nil {
            try await model.throwUntilMoveDue()
            let mover = model.state.turn?.seat
            model.playFirstMove()
            if model.state.turn?.seat != mover { passed = model.state.snapshot }
        }
        let after = try #require(passed, "a move that passes the turn")
        #expect(!model.state.canUndo, "the Take back button is off for the next player")

        model.undo()
        #expect(model.state.message?.kind == .cannotUndo)
        #expect(model.state.snapshot?.position == after.position, "the move stands")
        #expect(model.state.lastMove != nil)
        #expect(model.state.canThrow, "the next player throws on")
    }

    @Test("the screen state is observable: a bot's action notifies the view")
    func stateChangesAreObserved() async throws {
        final class Flag: @unchecked Sendable { var changed = false }
        let model = GameModel(library: nil, pacing: .instant)
        #expect(model.newGame(table(bot(.easy), human, seed: 9)))
        let flag = Flag()
        withObservationTracking {
            _ = model.state
        } onChange: {
            flag.changed = true
        }
        try await waitUntil("the bot to act") { flag.changed }
        try await waitUntil("the person's turn") { model.state.isHumanTurn }
    }

    @Test("bots play a whole game to the end; the finished game is saved")
    func botsFinishAGame() async throws {
        let dir = try tempDir()
        let model = GameModel(library: try library(in: dir), pacing: .instant)
        let short = rules(.yunnori, ["pieces_per_player": .count(value: 2)])
        #expect(model.newGame(table(bot(.easy), bot(.medium), seed: 21, rules: short)))
        try await waitUntil("the game to end", timeout: .seconds(60)) {
            model.state.snapshot?.over == true && model.botsSettled
        }
        let end = try #require(model.state.snapshot)
        let winner = try #require(end.winner)
        #expect(end.places.first == winner)
        #expect(model.state.bot == .idle)
        #expect(model.state.message == nil)
        await model.flushSaves()
        let resume = ResumeModel(library: try library(in: dir))
        resume.reload()
        let entry = try #require(resume.state.entries.first)
        #expect(entry.isFinished)
        #expect(entry.summary?.winner == winner)
    }

    @Test("a Back-Do from the first station goes back off the board by a tap on its ring")
    func backOffTheBoardByItsRing() async throws {
        // Find a position where a person may take a piece back off the board (the app's
        // rules: a Back-Do from the first station leaves the board), playing as a person
        // would: the tap throw, else the first listed move.
        let board = BoardGeometry()
        var found = false
        for seed in UInt64(1)...40 where !found {
            let model = GameModel(library: nil, pacing: .instant)
            #expect(model.newGame(table(human, human, seed: seed)))
            for _ in 0..<400 {
                guard let snap = model.state.snapshot, !snap.over else { break }
                if let back = snap.legalMoves.first(where: { $0.to == .home }) {
                    let seat = snap.turn.seat
                    let waiting = try #require(snap.seats.first { $0.seat == seat }).home
                    model.select(back.from)
                    #expect(model.state.destinations.contains(.home))

                    // A finger just off the ring's centre, as on the screen.
                    let ring = board.point(of: .home)
                    let r = 0.07
                    let spot = board.spot(at: ring.x + 0.02, ring.y - 0.03, radius: r,
                                          offBoardRadius: r * 1.3,
                                          destinations: model.state.destinations)
                    #expect(spot == .home)
                    // Without that move the same finger means nothing: no station is there.
                    #expect(board.spot(at: ring.x + 0.02, ring.y - 0.03, radius: r,
                                       offBoardRadius: r * 1.3, destinations: []) == nil)
                    model.tap(try #require(spot))
                    if let choice = model.state.pendingChoice {
                        model.choose(try #require(choice.options.first { $0.to == .home }))
                    }
                    #expect(model.state.message == nil)
                    let after = try #require(model.state.snapshot)
                    #expect(after.state != snap.state)
                    #expect(try #require(after.seats.first { $0.seat == seat }).home == waiting + 1,
                            "the piece waits again")
                    found = true
                    break
                }
                if model.state.canThrow {
                    await model.throwAndWait()
                } else if let move = snap.legalMoves.first {
                    model.choose(move)
                }
            }
        }
        #expect(found, "no position to go back off the board in 40 games")

        // The exit's ring answers the same way, and a station wins over a ring nearby.
        let exit = board.point(of: .done)
        #expect(board.spot(at: exit.x, exit.y, radius: 0.07, offBoardRadius: 0.09,
                           destinations: [.done, .home]) == .done)
        let start = try #require(board.point(ofStation: board.layout.startStation))
        #expect(board.spot(at: start.x, start.y, radius: 0.07, offBoardRadius: 0.09,
                           destinations: [.done, .home]) == .station(id: board.layout.startStation))
    }

    @Test("a question's answer plays whether the dialog's dismissal comes before or after it")
    func dismissalBeforeOrAfterAnAnswer() async throws {
        for dismissFirst in [true, false] {
            // Optional stacking: play on until a move may land on the mover's own piece.
            let optional = rules(.yunnori, ["stacking": .choice(id: "optional")])
            let model = GameModel(library: nil, pacing: .instant)
            #expect(model.newGame(table(human, human, seed: 21, rules: optional)))
            var target: Spot?
            for _ in 0..<600 {
                let snap = try #require(model.state.snapshot)
                if model.state.canThrow {
                    await model.throwAndWait()
                    continue
                }
                let twoWay = Dictionary(grouping: snap.legalMoves) { "\($0.from)>\($0.to)" }.values
                    .first { $0.count == 2 && Set($0.map(\.stack)) == [true, false] }
                if let twoWay {
                    if model.state.selection != twoWay[0].from { model.select(twoWay[0].from) }
                    target = twoWay[0].to
                    break
                }
                model.choose(snap.legalMoves[0])
            }
            let spot = try #require(target, "a move onto one's own piece")
            let before = try #require(model.state.snapshot)
            model.tap(spot)
            let asked = try #require(model.state.pendingChoice, "the question")

            // A dismissal of some other question never drops this one.
            model.cancelChoice(MoveChoice(from: asked.from, to: asked.to, options: [asked.options[0]]))
            #expect(model.state.pendingChoice == asked)

            if dismissFirst {
                model.cancelChoice(asked)
                #expect(model.state.pendingChoice == nil)
                model.chooseStack(true, in: asked)
            } else {
                model.chooseStack(true, in: asked)
                model.cancelChoice(asked)
            }
            #expect(model.state.message == nil, "dismissal first: \(dismissFirst)")
            #expect(model.state.pendingChoice == nil)
            let after = try #require(model.state.snapshot)
            #expect(after.state != before.state, "the answer played (dismissal first: \(dismissFirst))")
            #expect(after.stacks.contains { "\(Spot.station(id: $0.station))" == "\(spot)" && $0.size >= 2 })
        }
    }
}
