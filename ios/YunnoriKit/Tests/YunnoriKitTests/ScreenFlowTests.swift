import Foundation
import Testing
import YutCore
@testable import YunnoriKit

@MainActor
@Suite("Saved games, restoring and the form's controls", .serialized)
struct ScreenFlowTests {
    @Test("deleting a saved game asks first: cancelled it stays, confirmed it is gone")
    func deleteAsksFirst() async throws {
        let dir = try tempDir()
        let model = GameModel(library: try library(in: dir), pacing: .instant)
        #expect(model.newGame(table(human, human, seed: 7)))
        let id = try #require(model.state.gameID)
        model.leave()
        await model.flushSaves()
        let file = dir.appendingPathComponent("broken.json")
        try Data("{ torn".utf8).write(to: file)

        let resume = ResumeModel(library: try library(in: dir))
        resume.reload()
        resume.askToDelete(id: "broken")
        #expect(resume.state.pendingDelete?.id == "broken")
        #expect(resume.state.pendingDelete?.isDamaged == true)
        #expect(FileManager.default.fileExists(atPath: file.path), "nothing deleted before the answer")
        resume.cancelDelete()
        #expect(resume.state.pendingDelete == nil)
        #expect(resume.state.entries.count == 2)

        resume.askToDelete(id: "broken")
        resume.delete(id: "broken")
        #expect(resume.state.pendingDelete == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(resume.state.entries.map(\.id) == [id])
        resume.askToDelete(id: "no-such-game")
        #expect(resume.state.pendingDelete == nil)
    }

    @Test("the menu's Continue is the latest game that is not over, and opens where it was")
    func continueLatest() async throws {
        let dir = try tempDir()
        let model = GameModel(library: try library(in: dir), pacing: .instant)
        #expect(model.newGame(table(human, human, seed: 5)))
        model.play(actions: 4_000) { $0.over }
        let finished = try #require(model.state.gameID)
        #expect(model.newGame(table(human, human, seed: 7)))
        try await model.playPersonTurn()
        let going = try #require(model.state.gameID)
        let position = try #require(model.state.snapshot).position
        model.leave()
        await model.flushSaves()

        let resume = ResumeModel(library: try library(in: dir))
        resume.reload()
        #expect(resume.state.entries.count == 2)
        #expect(resume.state.entries.contains { $0.id == finished && $0.isFinished })
        let latest = try #require(resume.state.latestUnfinished)
        #expect(latest.id == going)
        #expect(latest.summary?.toMove == position.turn.seat)
        let player = GameModel(library: try library(in: dir), pacing: .instant)
        #expect(player.resume(id: latest.id))
        #expect(player.state.snapshot?.position == position)
    }

    @Test("an app ended in the background reopens the game it had open, quietly")
    func restoreAfterEviction() async throws {
        let dir = try tempDir()
        let before = GameModel(library: try library(in: dir), pacing: .instant)
        #expect(before.newGame(table(human, human, seed: 7)))
        try await before.playPersonTurn()
        let id = try #require(before.state.gameID)
        let position = try #require(before.state.snapshot).position
        await before.flushSaves()

        // A new launch: the scene kept the game's id.
        let after = GameModel(library: try library(in: dir), pacing: .instant)
        #expect(after.restore(id: id))
        #expect(after.state.gameID == id)
        #expect(after.state.snapshot?.position == position)
        #expect(after.state.message == nil)
        // Asked again (the scene comes back to the front): the open game stays as it is.
        await after.throwAndWait()
        let thrown = after.state.lastThrow
        #expect(after.restore(id: id))
        #expect(after.state.lastThrow == thrown)

        // A game deleted meanwhile, or no library: the menu, and no alert.
        let fresh = GameModel(library: try library(in: dir), pacing: .instant)
        #expect(!fresh.restore(id: "gone"))
        #expect(fresh.state.message == nil && !fresh.state.hasGame)
        #expect(!GameModel(library: nil).restore(id: id))
    }

    @Test("the form's table starts a game whose first player is to throw; typed names and seats stay")
    func formStartsAGame() throws {
        let form = NewGameModel(defaultName: { "Player \($0 + 1)" })
        form.addSeat()
        try #require(form.state.seats.count == 3)
        form.removeSeat(id: form.state.seats[1].id)
        #expect(form.state.seats.map(\.name) == ["Player 1", "Player 3"])
        #expect(!form.state.canRemoveSeat, "two is the fewest")
        form.setName(id: form.state.seats[0].id, "하늘")
        form.setPlayer(id: form.state.seats[1].id, .human)

        let game = GameModel(library: nil, pacing: .instant)
        #expect(game.newGame(form.makeNewGame()))
        #expect(game.state.snapshot?.seats.map(\.name) == ["하늘", "Player 3"])
        #expect(game.state.turn?.name == "하늘")
        #expect(game.state.status == .throwSticks(throws: 1))
        #expect(game.state.mat == .ready)
        #expect(game.state.event?.speech == [.turn(seat: "하늘", isBot: false)])
    }

    @Test("every house rule of every tradition changes as its control changes it, and goes back")
    func everyHouseRule() throws {
        let form = NewGameModel()
        var edited = 0
        var refused = 0
        var kinds: Set<String> = []
        for preset in form.state.presets {
            form.selectPreset(preset.preset)
            #expect(form.state.preset == preset.preset)
            for option in form.state.options {
                kinds.insert(String("\(option.kind)".prefix { $0 != "(" }))
                let value = try #require(changed(option), "\(option.key): a control for its kind")
                form.setOption(option.key, to: value)
                if form.state.message != nil {
                    // The core refused this change in this tradition: the form says why.
                    form.dismissMessage()
                    refused += 1
                    continue
                }
                let now = try #require(form.state.options.first { $0.key == option.key })
                #expect(now.isChanged && now.value != option.value,
                        "\(preset.label) / \(option.label): the control changed the rule")
                #expect(form.state.changedKeys.contains(option.key))
                form.resetRules()
                #expect(form.state.changedKeys.isEmpty, "put back")
                edited += 1
            }
        }
        #expect(edited >= 20, "rules edited: \(edited) (\(refused) refused)")
        #expect(kinds.count == 6, "every kind of rule met: \(kinds)")
    }

    /// The value the form's control for `option` sets when used once: the switch flipped,
    /// another choice picked, the stepper's step, the slider taken to its other end (in
    /// steps of 0.05, strictly inside the core's bounds), one result or station toggled.
    private func changed(_ option: RuleOption) -> RuleValue? {
        switch (option.kind, option.value) {
        case (.flag, .flag(let on)):
            return .flag(on: !on)
        case (.choice, .choice(let id)):
            return option.choices.first { $0.id != id }.map { .choice(id: $0.id) }
        case (.count(_, let high), .count(let value)):
            return .count(value: value < high ? value + 1 : value - 1)
        case (.probability(let low, let high), .probability(let value)):
            let end = abs(value - (low + 0.05)) < 1e-9 ? high - 0.05 : low + 0.05
            return .probability(value: (end * 20).rounded() / 20)
        case (.throwSet, .throws(let results)):
            let all = option.choices.compactMap { try? throwFromId(id: $0.id) }
            if let off = all.first(where: { !results.contains($0) }) { return .throws(results: results + [off]) }
            return results.first.map { first in .throws(results: results.filter { $0 != first }) }
        case (.stationSet, .stations(let ids)):
            guard let first = option.choices.first?.id else { return nil }
            return .stations(ids: ids.contains(first) ? ids.filter { $0 != first } : ids + [first])
        default:
            return nil
        }
    }
}
