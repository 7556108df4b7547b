import Foundation
import Testing
import YutCore
@testable import YunnoriKit

@MainActor
@Suite("New game model", .serialized)
struct NewGameModelTests {
    @Test("starts from the Yunnori preset with every option described by the core")
    func defaults() throws {
        let m = NewGameModel()
        #expect(m.state.message == nil)
        #expect(m.state.preset == .yunnori)
        #expect(m.state.presets.map(\.preset) == [.yunnori, .culin1895, .nyoutRu])
        #expect(m.state.options.count == 20)
        #expect(m.state.changedKeys.isEmpty)
        #expect(m.state.options.allSatisfy { !$0.isChanged })
        #expect(m.state.seats.count == 2)
        #expect(m.state.seats.map(\.isBot) == [false, true])
        #expect(Set(m.state.seats.map(\.colour)).count == 2)
        #expect(m.state.seatRange == 2...4)
        #expect(m.state.undo)
    }

    @Test("house rules are checked by the core; a refused combination is kept out")
    func houseRules() throws {
        let m = NewGameModel()
        m.setOption("stacking", to: .choice(id: "optional"))
        #expect(m.state.changedKeys == ["stacking"])
        #expect(m.state.options.first { $0.key == "stacking" }?.isChanged == true)
        #expect(m.state.options.first { $0.key == "stacking" }?.value == .choice(id: "optional"))

        // Setting the preset's own value is no change.
        m.setOption("back_do", to: .flag(on: true))
        #expect(m.state.changedKeys == ["stacking"])

        m.resetOption("stacking")
        #expect(m.state.changedKeys.isEmpty)

        // Bonus throws on every result, with no Back-Do and no 낙: a turn that never ends.
        m.setOption("back_do", to: .flag(on: false))
        #expect(m.state.message == nil)
        let before = m.state.rules
        m.setOption("bonus_throw_on", to: .throws(results: [.do, .gae, .geol, .yut, .mo]))
        #expect(m.state.message?.kind == .invalidRules)
        #expect(m.state.rules == before)

        m.dismissMessage()
        m.setOption("pieces_per_player", to: .count(value: 9))
        #expect(m.state.message?.kind == .invalidRules)
        m.setOption("no_such_rule", to: .flag(on: true))
        #expect(m.state.message?.kind == .invalidRules)
        #expect(m.state.rules == before)

        m.resetRules()
        #expect(m.state.changedKeys.isEmpty)
    }

    @Test("Culin's tradition deals the pieces for the table; a host's own count stays")
    func culinDealsPieces() throws {
        let m = NewGameModel()
        func pieces() -> RuleValue? { m.state.options.first { $0.key == "pieces_per_player" }?.value }
        m.setOption("pieces_per_player", to: .count(value: 2))
        m.addSeat()
        #expect(pieces() == .count(value: 2), "Yunnori deals 4 at every table: the host's 2 stays")

        m.selectPreset(.culin1895)
        #expect(m.state.seats.count == 3)
        #expect(pieces() == .count(value: 3), "three players in Culin's account take 3 each")
        #expect(m.state.changedKeys == ["pieces_per_player"])
        m.addSeat()
        #expect(pieces() == .count(value: 4), "four each for themselves: the usual 4")
        m.setTeams(true)
        #expect(pieces() == .count(value: 2), "four in two teams take 2 each")
        m.setOption("pieces_per_player", to: .count(value: 1))
        m.setName(id: m.state.seats[3].id, "Dana")
        #expect(pieces() == .count(value: 1), "renaming a seat deals nothing new")
        m.removeSeat(id: m.state.seats[3].id)
        #expect(!m.state.teams)
        #expect(pieces() == .count(value: 3))
        let game = m.makeNewGame()
        let dealt = try describeRules(rules: game.rules).options.first { $0.key == "pieces_per_player" }
        #expect(dealt?.value == .count(value: 3), "the game starts with the dealt pieces")
    }

    @Test("a preset brings its own values; seats stay within two to four")
    func presetsAndSeats() throws {
        let m = NewGameModel()
        m.setOption("stacking", to: .choice(id: "off"))
        m.selectPreset(.culin1895)
        #expect(m.state.preset == .culin1895)
        #expect(m.state.changedKeys.isEmpty)
        #expect(m.state.options.first { $0.key == "throw_timing" }?.value
            == .choice(id: "collect_first"))

        m.addSeat()
        m.addSeat()
        m.addSeat()
        #expect(m.state.seats.count == 4)
        #expect(!m.state.canAddSeat)
        // The Russian set allows six, the app offers four.
        m.selectPreset(.nyoutRu)
        #expect(m.state.seatRange == 2...4)
        #expect(Set(m.state.seats.map(\.colour)).count == 4)
        m.removeSeat(id: m.state.seats[3].id)
        m.removeSeat(id: m.state.seats[2].id)
        m.removeSeat(id: m.state.seats[1].id)
        #expect(m.state.seats.count == 2)
        #expect(!m.state.canRemoveSeat)
    }

    @Test("names, colours, players and teams make the table the game starts with")
    func tableToGame() throws {
        let m = NewGameModel(defaultName: { "Seat \($0 + 1)" })
        m.selectPreset(.culin1895)
        m.addSeat()
        let ids = m.state.seats.map(\.id)
        m.setName(id: ids[0], "  Haneul ")
        m.setName(id: ids[1], "")
        m.setPlayer(id: ids[1], .human)
        // Taking a colour another seat has swaps the two.
        let first = m.state.seats[0].colour
        let second = m.state.seats[1].colour
        m.setColour(id: ids[0], second)
        #expect(m.state.seats[0].colour == second)
        #expect(m.state.seats[1].colour == first)
        m.setColour(id: ids[0], "red")
        #expect(m.state.message?.kind == .invalidSetup)
        m.dismissMessage()

        // Teams need four seats.
        #expect(!m.state.teamsAvailable)
        m.setTeams(true)
        #expect(!m.state.teams)
        m.addSeat()
        #expect(m.state.teamsAvailable)
        m.setPlayer(id: m.state.seats[3].id, .bot(level: .easy))
        m.setTeams(true)
        #expect(m.state.teams)
        #expect(m.state.team(ofSeatAt: 2) == 0)
        #expect(m.state.team(ofSeatAt: 3) == 1)
        #expect(Set(m.state.seats.map(\.colour)).count == 4)
        m.setUndo(false)

        let setup = m.makeNewGame()
        #expect(setup.seats.map(\.name) == ["Haneul", "Seat 2", "Seat 3", "Seat 4"])
        #expect(setup.teams == [[0, 2], [1, 3]])
        #expect(setup.undo == false)
        #expect(setup.rules.preset == .culin1895)

        let game = GameModel(library: nil, pacing: .instant)
        #expect(game.newGame(setup))
        let snap = try #require(game.state.snapshot)
        #expect(snap.sides.map(\.seats) == [[0, 2], [1, 3]])
        #expect(snap.seats[3].player == .bot(level: .easy))
        game.leave()

        // Three seats: no teams.
        m.removeSeat(id: m.state.seats[3].id)
        #expect(!m.state.teams)
        #expect(m.makeNewGame().teams == nil)
    }
}
