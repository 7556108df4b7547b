import Foundation
import Testing
import YutCore
@testable import YunnoriKit

/// What a screen that watches `state.event` hears: each fresh event once, as SwiftUI's
/// `onChange` and `sensoryFeedback(trigger:)` see the value go from one state to the next.
@MainActor
final class Listener {
    let model: GameModel
    private var last: TableEvent?
    private(set) var haptics: [Haptic] = []
    private(set) var speeches: [[Speech]] = []

    init(_ model: GameModel) {
        self.model = model
        last = model.state.event
    }

    /// Looks at the state as the screen would after a change; returns the fresh event.
    @discardableResult
    func look() -> TableEvent? {
        let fresh = TableEvent.fresh(last, model.state.event)
        last = model.state.event
        if let fresh {
            if let haptic = fresh.haptic { haptics.append(haptic) }
            speeches.append(fresh.speech)
        }
        return fresh
    }
}

@MainActor
@Suite("Haptics and VoiceOver announcements", .serialized)
struct TableEventTests {
    @Test("each haptic is asked for once, on its event, never when the value goes back")
    func eachHapticOnce() async throws {
        let model = GameModel(library: nil, pacing: .instant)
        let ear = Listener(model)
        #expect(model.newGame(table(human, human, seed: 7)))
        let opened = try #require(ear.look())
        #expect(opened.haptic == nil)
        #expect(opened.speech == [.turn(seat: "Haneul", isBot: false)])
        #expect(ear.look() == nil, "the same event is not heard twice")

        await model.throwAndWait()
        let thrown = try #require(ear.look())
        #expect(thrown.haptic == .thrown)
        let result = try #require(model.state.lastThrow).result
        #expect(thrown.speech.first == .threw(seat: "Haneul", result: result))

        // Play on until a capture; every action is one event, every capture one buzz.
        var captures = 0
        var actions = 0
        var earlier: LegalMove?
        while model.state.snapshot?.over == false, captures == 0 {
            actions += 1
            try #require(actions < 2_000, "no capture in a whole game")
            let before = try #require(model.state.snapshot)
            if model.state.canThrow {
                await model.throwAndWait()
            } else {
                earlier = before.legalMoves.first
                model.playFirstMove()
            }
            let event = try #require(ear.look(), "an event for action \(actions)")
            #expect(ear.look() == nil)
            let after = try #require(model.state.snapshot)
            if let move = model.state.lastMove, move.captured > 0, after.state != before.state,
               case .moved = event.speech.first {
                captures += 1
                #expect(event.haptic == .captured || event.haptic == .won)
                #expect(event.speech.contains(.captured(pieces: move.captured)), "\(event.speech)")
            }
            if after.turn.seat != before.turn.seat, !after.over {
                #expect(event.speech.last == .turn(seat: after.turn.name, isBot: false),
                        "whose turn it is now: \(event.speech)")
            }
        }
        #expect(captures == 1)
        #expect(ear.haptics.filter { $0 == .captured }.count <= 1)

        // Take back: words, no buzz; and the capture's buzz does not come again.
        let buzzes = ear.haptics.count
        if model.state.canUndo {
            model.undo()
            let undone = try #require(ear.look())
            #expect(undone.haptic == nil)
            #expect(undone.speech.first == .undone)
            #expect(ear.haptics.count == buzzes)
        }

        // A refused action buzzes once; dismissing its alert does not.
        if model.state.canMove {
            await model.throwAndWait()
        } else {
            model.choose(try #require(earlier, "a move of an earlier position"))
        }
        #expect(model.state.message != nil)
        #expect(ear.look()?.haptic == .refused)
        model.dismissMessage()
        #expect(ear.look() == nil, "no buzz when the alert goes")

        // Leaving empties the state: nothing to hear.
        model.leave()
        #expect(ear.look() == nil)
    }

    @Test("the end of the game buzzes once; play again is a fresh table that says whose turn")
    func wonOnce() throws {
        let model = Samples.game(.over)
        let ear = Listener(model)
        #expect(model.state.snapshot?.over == true)
        #expect(model.state.event?.haptic == .won)
        let won = try #require(model.state.event?.speech.last)
        guard case .won(let winners) = won else {
            Issue.record("the last words are not the winner: \(won)")
            return
        }
        #expect(!winners.isEmpty && winners.allSatisfy { ["Haneul", "Bada"].contains($0) })
        #expect(ear.look() == nil)

        let first = model.state.gameID
        model.playAgain()
        #expect(model.state.gameID != first)
        let again = try #require(ear.look())
        #expect(again.haptic == nil, "a new game is no win")
        #expect(again.speech == [.turn(seat: "Haneul", isBot: false)])
        #expect(!ear.haptics.contains(.won))
    }

    @Test("a piece picked by the player taps once; the piece the app picks itself does not")
    func pickedOnce() async throws {
        let model = Samples.game(.midGame)
        let ear = Listener(model)
        let origins = model.state.origins
        try #require(model.state.canMove)
        if origins.count > 1 {
            let other = try #require(origins.first { $0 != model.state.selection })
            model.select(other)
            #expect(ear.look()?.haptic == .picked)
            model.select(other)  // dropped again
            #expect(model.state.selection == nil)
            #expect(ear.look() == nil, "dropping a pick is not a pick")
        }
        await model.throwAndWait()  // refused: a move is due
        #expect(ear.look()?.haptic == .refused)
    }

    @Test("the hint is announced when it comes, with its move and chance")
    func hintAnnounced() async throws {
        let model = Samples.game(.toMove)
        let ear = Listener(model)
        model.askHint()
        #expect(ear.look() == nil, "nothing to say while the hard bot looks")
        try await waitUntil("the hint") { model.state.hint != nil }
        let hint = try #require(model.state.hint)
        let said = try #require(ear.look())
        #expect(said.haptic == nil)
        #expect(said.speech == [.hint(move: hint.move, winChance: hint.winChance)])
    }

    @Test("a bot's throws and moves are announced with its name, then the person's turn")
    func botTurnsAnnounced() async throws {
        let pacing = Pacing(botDelay: .milliseconds(40), clock: ImmediateClock(), stepShown: .milliseconds(40),
                            botBudgetMs: 200)
        let model = GameModel(library: nil, pacing: pacing)
        let ear = Listener(model)
        #expect(model.newGame(table(human, bot(.easy), seed: 3)))
        ear.look()
        try await model.playPersonTurn()
        ear.look()
        #expect(model.state.mat == .othersTurn(seat: "Bada"))
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(30)
        while !model.botsSettled {
            try #require(clock.now < deadline, "the bot's turn never ended")
            ear.look()
            try await Task.sleep(for: .milliseconds(2))
        }
        ear.look()
        let words = ear.speeches.flatMap { $0 }
        #expect(words.contains { if case .threw(seat: "Bada", _) = $0 { true } else { false } }, "\(words)")
        #expect(words.contains(.turn(seat: "Bada", isBot: true)), "\(words)")
        if model.state.snapshot?.over == false {
            #expect(words.last == .turn(seat: "Haneul", isBot: false), "\(words)")
        }
    }
}

@MainActor
@Suite("What the game screen shows", .serialized)
struct ScreenStateTests {
    @Test("the banner and the mat say what the table is doing, phase by phase")
    func statusAndMat() throws {
        let empty = GameModel(library: nil, pacing: .instant)
        #expect(empty.state.status == nil)
        #expect(empty.state.mat == .noGame)

        let model = Samples.game(.firstThrow)
        #expect(model.state.status == .throwSticks(throws: 1))
        #expect(model.state.mat == .ready)
        model.throwForAMove()
        try #require(model.state.canMove)
        #expect(model.state.mat == .moveFirst)
        if model.state.selection != nil, model.state.origins.count > 1 {
            #expect(model.state.status == .pickDestination)
        }
        let origin = try #require(model.state.origins.first)
        if model.state.selection == origin { model.select(origin) }
        if model.state.selection == nil {
            #expect(model.state.status == .pickPiece)
            model.select(origin)
        }
        #expect(model.state.status == .pickDestination)

        let over = Samples.game(.over)
        #expect(over.state.status == .over)
        #expect(over.state.mat == .over)
    }

    @Test("the mat's sticks fly until the flight ends, then lie where they settled; with Reduce Motion they only drop")
    func resultOnceLanded() async throws {
        let model = Samples.game(.firstThrow)
        await model.throwAndWait()
        let show = try #require(model.state.flight)
        #expect(model.state.lastThrow?.id == show.id, "the result goes with its flight")
        let end = Double(show.durationMs)
        #expect(end > 0, "the sticks fly")
        #expect(!show.drop)
        #expect(!show.hasLanded(afterMs: end - 1), "no result in the air")
        #expect(show.hasLanded(afterMs: end))
        #expect(show.poses(atMs: end * 10) == show.flight.restingPoses)
        #expect(show.poses(atMs: 0) != show.flight.restingPoses)

        let drop = FlightShow(id: show.id, seat: show.seat, flight: show.flight, drop: true, start: show.start)
        #expect(drop.durationMs < show.durationMs)
        #expect((300...400).contains(drop.durationMs))
        #expect(drop.poses(atMs: Double(drop.durationMs)) == show.flight.restingPoses)
        #expect(zip(drop.poses(atMs: 0), show.flight.restingPoses).allSatisfy { $0.z > $1.z },
                "the sticks drop from just above where they lie")

        // A move with Reduce Motion: no steps to show, the piece is where it stopped.
        let path = PathMotion(points: [.init(x: 0, y: 0), .init(x: 1, y: 0), .init(x: 1, y: 1)], stepSeconds: 0)
        #expect(path.duration == 0)
        #expect(path.position(at: 0)?.point == .init(x: 1, y: 1))
    }

    @Test("a finger within half a target of a lit station moves there, even on the smallest board")
    func fingerOnAStation() throws {
        let board = BoardGeometry()
        // An iPhone SE's board: 302 points, its stations' square 80% of it.
        let width = 302 * 0.8
        let radius = BoardGeometry.hitRadius(boardWidth: width)
        #expect(radius * width >= BoardGeometry.minimumTarget / 2)
        #expect(BoardGeometry.hitRadius(boardWidth: 1_000) == 0.07)

        let model = Samples.game(.toMove)
        let target = try #require(model.state.destinations.first {
            if case .station = $0 { true } else { false }
        }, "a lit station")
        guard case .station(let id) = target else { return }
        let p = try #require(board.point(ofStation: id))
        let off = 20 / width  // 20 points to the side
        let spot = board.spot(at: p.x + off, p.y, radius: radius, offBoardRadius: radius * 1.3,
                              destinations: model.state.destinations)
        #expect(spot == target)
        model.tap(try #require(spot))
        if let choice = model.state.pendingChoice { model.choose(choice.options[0]) }
        #expect(model.state.lastMove?.path.last == target)
    }

    @Test("two stacks of one seat on one station are drawn apart, each with its own id")
    func uniqueStackIDs() throws {
        let model = Samples.game(.sharedStation)
        let snapshot = try #require(model.state.snapshot)
        #expect(Samples.hasSharedStation(snapshot), "the sample has a shared station: \(snapshot.stacks)")
        let placed = BoardGeometry.placed(snapshot.stacks)
        #expect(placed.count == snapshot.stacks.count)
        #expect(Set(placed.map(\.id)).count == placed.count, "ids: \(placed.map(\.id))")
        let shared = try #require(Dictionary(grouping: placed) { $0.stack.station }.values.first { $0.count > 1 })
        #expect(shared.map(\.fan) == Array(0..<shared.count), "fanned out one by one")
        let station = shared[0].stack.station
        #expect(!BoardGeometry.placed(snapshot.stacks, hiding: station).contains { $0.stack.station == station })
        // The ids stay put while the stacks do.
        #expect(BoardGeometry.placed(snapshot.stacks).map(\.id) == placed.map(\.id))
    }

    @Test("every preview sample shows the stage it is named for")
    func samples() throws {
        for stage in Samples.Stage.allCases {
            let model = Samples.game(stage)
            let snapshot = try #require(model.state.snapshot, "\(stage)")
            #expect(model.state.message == nil, "\(stage): \(String(describing: model.state.message))")
            switch stage {
            case .firstThrow: #expect(model.state.canThrow && snapshot.stacks.isEmpty)
            case .toMove: #expect(model.state.canMove && !model.state.destinations.isEmpty)
            case .midGame: #expect(model.state.canMove && Set(snapshot.stacks.map(\.side)).count == 2)
            case .sharedStation: #expect(Samples.hasSharedStation(snapshot))
            case .over: #expect(snapshot.over && snapshot.winner != nil)
            case .stacked:
                #expect(model.state.lastMove?.events.contains { if case .stacked = $0 { true } else { false } } == true)
            case .shortcut:
                #expect(model.state.lastMove?.events.contains { if case .turned = $0 { true } else { false } } == true)
            case .captured: #expect((model.state.lastMove?.captured ?? 0) > 0 && model.state.canThrow)
            }
        }
        let library = try #require(Samples.library())
        let entries = try library.list()
        #expect(entries.count == 3)
        let resume = ResumeModel(library: library)
        resume.reload()
        #expect(resume.state.entries.contains { $0.isDamaged })
        #expect(resume.state.entries.contains { $0.isFinished })
        #expect(resume.state.latestUnfinished != nil)
    }

    @Test("names: a result or corner alone in Korean, with its Korean name otherwise; six results")
    func names() throws {
        #expect(ThrowNames.all.map(\.result) == [.backDo, .do, .gae, .geol, .yut, .mo]
            || Set(ThrowNames.all.map(\.result)) == [.backDo, .do, .gae, .geol, .yut, .mo])
        for info in ThrowNames.all {
            let korean = try #require(ThrowNames.displayName(info.result, korean: true))
            #expect(korean == info.korean && !korean.contains("("))
            #expect(ThrowNames.displayName(info.result, korean: false) == "\(info.english) (\(info.korean))")
        }
        #expect(ThrowNames.displayName(.gae, korean: false) == "Gae (개)")
        let board = BoardGeometry()
        let named = board.layout.stations.filter { $0.nameKorean != nil }
        #expect(named.count == 5)
        let mo = try #require(named.first { $0.nameKorean == "모" })
        #expect(mo.displayName(korean: true) == "모")
        #expect(mo.displayName(korean: false) == "Mo (모)")
        #expect(board.layout.stations.first { $0.nameKorean == nil }?.displayName(korean: true) == nil)
        #expect(presets().allSatisfy { !$0.label.isEmpty && !$0.description.isEmpty })
    }

    @Test("seat colours have names of their own, for VoiceOver")
    func seatColours() {
        #expect(NewGameModel.palette.count == SeatColour.allCases.count)
        #expect(Set(NewGameModel.palette).count == NewGameModel.palette.count)
        for colour in SeatColour.allCases {
            #expect(SeatColour(hex: colour.hex) == colour)
            #expect(SeatColour(hex: colour.hex.lowercased()) == colour)
        }
        #expect(SeatColour(hex: "#123456") == nil)
        #expect(NewGameModel().state.seats.allSatisfy { SeatColour(hex: $0.colour) != nil })
    }

    @Test("play again seats the same table for a new game")
    func playAgain() throws {
        let model = Samples.game(.over)
        let first = try #require(model.state.gameID)
        model.playAgain()
        #expect(model.state.gameID != first)
        let fresh = try #require(model.state.snapshot)
        #expect(!fresh.over && fresh.stacks.isEmpty)
        #expect(fresh.seats.map(\.name) == ["Haneul", "Bada"])
    }
}

@Suite("The game screen's layout")
struct TableLayoutTests {
    @Test("a square board that fits, with the mat beside it in landscape and under it in portrait")
    func layouts() {
        // Points the game screen gets (under the navigation bar): SE, 6.1", Pro Max,
        // a phone on its side, iPad portrait and landscape, a narrow split iPad.
        let screens: [(Double, Double, Bool)] = [
            (375, 560, false), (390, 760, false), (430, 840, false), (844, 360, true),
            (820, 1_100, false), (1_180, 760, true), (320, 1_000, false),
        ]
        for (width, height, wide) in screens {
            let layout = TableLayout(width: width, height: height)
            #expect(layout.sideBySide == wide, "\(width) × \(height)")
            #expect(layout.boardSide <= width - 16 && layout.boardSide <= height, "\(width) × \(height)")
            #expect(layout.matHeight >= TableLayout.minimumMat && layout.matHeight <= TableLayout.maximumMat)
            if wide {
                #expect(width - layout.boardSide >= 300, "room for the mat beside the board")
            } else {
                #expect(layout.boardSide >= min(width - 16, 300), "a board as wide as it can be")
            }
        }
        // A 6.1" phone: the board takes the width, and everything fits without scrolling.
        let phone = TableLayout(width: 390, height: 760)
        #expect(phone.boardSide == 374)
        #expect(phone.boardSide + phone.matHeight + TableLayout.rowsHeight <= 760)
    }
}
