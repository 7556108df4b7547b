import Foundation
import Testing
import YutCore
@testable import YunnoriKit

@MainActor
@Suite("Saving and resuming", .serialized)
struct SaveResumeTests {
    @Test("autosave → a new model on a new library object → resume → the same position")
    func resumeGivesTheSamePosition() async throws {
        let dir = try tempDir()
        let first = GameModel(library: try library(in: dir), pacing: .instant)
        #expect(first.newGame(table(human, bot(.easy), seed: 17)))
        for _ in 0..<3 {
            try await first.playPersonTurn()
            try await waitUntil("the bot's turn to end") { first.botsSettled }
        }
        try await first.throwUntilMoveDue()
        let id = try #require(first.state.gameID)
        let position = try #require(first.state.snapshot?.position)
        await first.flushSaves()
        first.leave()
        #expect(!first.state.hasGame)

        let second = GameModel(library: try library(in: dir), pacing: .instant)
        #expect(second.resume(id: id))
        #expect(second.state.message == nil)
        #expect(second.state.gameID == id)
        #expect(second.state.recoveredFromBackup == nil)
        #expect(second.state.snapshot?.position == position)

        // And it plays on from there.
        try await second.playPersonTurn()
        #expect(second.state.message == nil)
    }

    @Test("a game open in two windows: the one that fell behind is told, the other's moves stay")
    func twoWindowsOfOneGame() async throws {
        let dir = try tempDir()
        let first = GameModel(library: try library(in: dir), pacing: .instant)
        #expect(first.newGame(table(human, human, seed: 23)))
        let id = try #require(first.state.gameID)
        await first.flushSaves()
        // The same game opened in a second window, on its own library object.
        let second = GameModel(library: try library(in: dir), pacing: .instant)
        #expect(second.resume(id: id))
        await first.throwAndWait()
        await first.flushSaves()
        #expect(first.state.message == nil)
        await second.throwAndWait()
        await second.flushSaves()
        try await waitUntil("the second window hears of its refused save") {
            second.state.message != nil
        }
        #expect(second.state.message?.kind == .saveConflict)
        // The first window's throw is what is on disk.
        let onDisk = try library(in: dir).load(id: id)
        #expect(onDisk.summary.actions == 1)
        #expect(try onDisk.session.snapshot().hand == first.state.snapshot?.hand)
    }

    @Test("an undone move is saved undone")
    func undoIsSaved() async throws {
        let dir = try tempDir()
        let model = GameModel(library: try library(in: dir), pacing: .instant)
        #expect(model.newGame(table(human, human, seed: 23)))
        // A move of a turn that goes on (the only kind that can be taken back).
        let before = try await model.playUntilAMoveKeepsTheTurn()
        model.undo()
        #expect(model.state.message == nil)
        await model.flushSaves()

        let again = GameModel(library: try library(in: dir), pacing: .instant)
        #expect(again.resume(id: try #require(model.state.gameID)))
        #expect(again.state.snapshot?.position == before)
    }

    @Test("the resume list shows damaged, recovered and too-new games for what they are")
    func resumeListShowsDamage() async throws {
        let dir = try tempDir()
        let model = GameModel(library: try library(in: dir), pacing: .instant)
        #expect(model.newGame(table(human, human, seed: 29)))
        let good = try #require(model.state.gameID)
        try await model.playPersonTurn()
        // A second game, saved twice (so it has a backup), then its main file damaged.
        #expect(model.newGame(table(human, human, seed: 31)))
        let mended = try #require(model.state.gameID)
        await model.throwAndWait()
        model.leave()
        await model.flushSaves()

        try Data("{ not a saved game".utf8).write(to: dir.appendingPathComponent("broken.json"))
        try Data(#"{"schema_version": 99, "summary": {}, "session": {}}"#.utf8)
            .write(to: dir.appendingPathComponent("future.json"))
        try Data("{ torn".utf8).write(to: dir.appendingPathComponent("\(mended).json"))

        let resume = ResumeModel(library: try library(in: dir))
        #expect(!resume.state.loaded)
        resume.reload()
        #expect(resume.state.loaded)
        #expect(resume.state.message == nil)
        let entries = Dictionary(uniqueKeysWithValues: resume.state.entries.map { ($0.id, $0) })
        #expect(entries.count == 4)

        let ok = try #require(entries[good])
        #expect(ok.condition == .good)
        #expect(ok.canOpen)
        #expect(ok.summary?.seats.map(\.name) == ["Haneul", "Bada"])
        #expect(ok.updated != nil)

        let broken = try #require(entries["broken"])
        #expect(broken.isDamaged)
        #expect(!broken.canOpen)
        #expect(broken.summary == nil)
        guard case .damaged(let reason) = broken.condition else {
            Issue.record("broken.json is listed as \(broken.condition)")
            return
        }
        #expect(!reason.isEmpty)
        // The reason as an id, so a Korean screen words it in Korean.
        #expect(broken.damage == .corrupt)
        #expect(ok.damage == nil)

        #expect(entries["future"]?.condition == .fromNewerVersion(version: 99))
        #expect(entries["future"]?.damage == .newerVersion)
        #expect(entries["future"]?.canOpen == false)

        let recovered = try #require(entries[mended])
        guard case .recovered = recovered.condition else {
            Issue.record("the game with a damaged main file is listed as \(recovered.condition)")
            return
        }
        #expect(recovered.canOpen)
        #expect(recovered.damage == .corrupt)

        // Games that open come first; the ones that cannot, last.
        let opens = resume.state.entries.map(\.canOpen)
        #expect(opens == opens.sorted { $0 && !$1 }, "order: \(resume.state.entries.map(\.id))")

        // Opening each: a message for the damaged ones, the backup for the mended one.
        let player = GameModel(library: try library(in: dir), pacing: .instant)
        #expect(!player.resume(id: "broken"))
        #expect(player.state.message?.kind == .saveDamaged)
        #expect(!player.resume(id: "future"))
        #expect(player.state.message?.kind == .saveFromNewerVersion)
        #expect(!player.state.hasGame)
        player.dismissMessage()
        #expect(player.resume(id: mended))
        #expect(player.state.recoveredFromBackup != nil)
        #expect(player.state.message == nil)
        player.leave()

        // Deleting the damaged file empties its row.
        resume.delete(id: "broken")
        #expect(resume.state.message == nil)
        #expect(!resume.state.entries.contains { $0.id == "broken" })
        #expect(resume.state.entries.count == 3)
    }

    @Test("without a library the game plays, unsaved; a library that cannot open says why")
    func noLibrary() async throws {
        let model = GameModel(library: nil, pacing: .instant)
        #expect(model.newGame(table(human, human, seed: 2)))
        try await model.playPersonTurn()
        #expect(model.state.message == nil)
        #expect(!model.resume(id: "anything"))
        #expect(model.state.message?.kind == .fileProblem)

        let resume = ResumeModel(library: nil)
        resume.reload()
        #expect(resume.state.message?.kind == .fileProblem)

        // A file where the directory should be.
        let file = try tempDir().appendingPathComponent("not-a-dir")
        try Data("x".utf8).write(to: file)
        guard case .failure(let message) = SaveLocation.open(file) else {
            Issue.record("a library opened inside a file")
            return
        }
        #expect(message.kind == .fileProblem)
    }
}
