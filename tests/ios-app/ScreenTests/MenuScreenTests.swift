// The menu and the screens it opens: saved games, a new game's form, how to play.

import Foundation
import SwiftUI
import YunnoriKit
import YutCore
@testable import Yunnori

let menuScreenTests: [ScreenTest] = [
    ("saved games: a game in progress continues from the menu; a damaged file is listed as damaged and deleted by a swipe",
     savedGamesAndContinue),
    ("the new-game form: four players in teams, a bot picked, a house rule changed and put back", newGameForm),
    ("How to play lists the six results and every tradition", howToPlay),
    ("leaving the game during a bot's turn stops the bot; the menu offers to continue", leavingStopsTheBot),
    ("when games cannot be saved the app says so once and plays on", unsavedLaunch),
    ("a game whose file was damaged opens from its backup copy and says so", restoredFromBackup),
    ("every house rule of every tradition is edited through its own control, marked, and put back",
     everyHouseRule),
    ("a name typed in the form is the name at the table; players are swiped away down to two", namesAndSeats),
]

@MainActor
func savedGamesAndContinue() async throws {
    let (services, dir) = try launchServices()
    // A game in progress (one move played), and a file that is not a game.
    let game = services.game
    try expect(game.newGame(seededGame(.human, .human, seed: 7)), "a game")
    while game.state.canThrow { game.throwSticks(ThrowInput.tap) }
    game.choose(try require(game.state.snapshot?.legalMoves.first, "a move"))
    let position = try require(game.state.snapshot, "the position")
    await game.flushSaves()
    game.leave()
    let games = dir.appendingPathComponent("Games", isDirectory: true)
    try Data("{\"schema_version\": 1, \"summary\": ".utf8).write(to: games.appendingPathComponent("broken.json"))

    let app = await Screen(ContentView(), services)
    try await app.wait("the menu to offer the game") { app.hasButton("Continue") }
    try await app.tap("Saved games")
    try await app.wait("the list") { app.shows("Saved games") && app.showsPart("Damaged") }
    let toPlay = "\(position.turn.name) to play"
    try expect(app.shows(toPlay), "the game says who is to play: \(app.words)")
    let rows = app.nodes { $0.kind == .button && $0.text?.contains("Damaged") == true }
    let damaged = try require(rows.first, "the damaged file is listed: \(app.buttons)")
    try expect(damaged.disabled, "a damaged game cannot be opened")
    // Swipe it away.
    let swiped = try require(app.nodes { node in node.swipeActions.contains { $0.text == "Delete" }
        && node.words.contains { $0.hasPrefix("Damaged") } }.first, "the damaged row can be swiped")
    await swiped.swipeActions.first { $0.text == "Delete" }?.action?()
    await app.settle()
    try expect(!FileManager.default.fileExists(atPath: games.appendingPathComponent("broken.json").path),
               "the file is deleted")
    try expect(!app.showsPart("Damaged"), "and no longer listed: \(app.words)")
    // Back to the menu, and continue the game where it was.
    let screen = try require(app.nodes { $0.kind == .screen && $0.back != nil }.first, "a back button")
    await screen.back?()
    await app.settle()
    try await app.tap("Continue")
    try await app.wait("the game screen") { app.showsPart("'s turn") }
    try expect(app.shows("\(position.turn.name)'s turn"), "the same player is to play: \(app.words)")
    try expect(game.state.snapshot?.stacks == position.stacks, "the same position")
}

@MainActor
func newGameForm() async throws {
    let (services, _) = try launchServices()
    let app = await Screen(ContentView(), services)
    try await app.tap("New game")
    try expect(!app.nodes { $0.kind == .toggle }.contains { $0.text == "Play in teams" },
               "no teams for two players")
    try await app.tap("Add a player")
    try await app.tap("Add a player")
    let names = app.nodes { $0.kind == .textField }.compactMap(\.value)
    try expect(names == ["Player 1", "Player 2", "Player 3", "Player 4"], "four named seats: \(names)")
    try expect(!app.hasButton("Add a player"), "four is the most")
    let teams = try require(app.nodes { $0.kind == .toggle && $0.text == "Play in teams" }.first,
                            "teams can be chosen for four")
    try expect(teams.isOn == false, "teams are off at first")
    await teams.setOn?(true)
    await app.render()
    try expect(app.words.filter { $0 == "Team A" }.count == 2 && app.words.filter { $0 == "Team B" }.count == 2,
               "two teams of two: \(app.words)")

    // The second seat becomes an easy bot.
    let pickers = app.nodes { $0.kind == .picker && $0.text == "Played by" }
    try expect(pickers.count == 4, "each seat says who plays it")
    let easy = try require(pickers[1].all.first { $0.tag != nil && $0.words == ["Bot: easy"] }?.tag, "an easy bot")
    await pickers[1].select?(easy)
    await app.render()
    try expect(services.newGame.state.seats[1].player == .bot(level: .easy), "seat 2 is an easy bot")

    // A house rule, changed and put back.
    let option = try require(services.newGame.state.options.first { $0.kind == .flag }, "a yes/no house rule")
    let rule = try require(app.nodes { $0.kind == .toggle && $0.text == option.label }.first,
                           "the rule \(option.label) is a switch")
    await rule.setOn?(!(rule.isOn ?? false))
    await app.render()
    try expect(app.nodes { $0.badge == "changed" }.count == 1, "the changed rule is marked")
    try await app.tap("Back to the tradition's rules")
    try expect(services.newGame.state.changedKeys.isEmpty, "the tradition's rules again")
    try expect(app.nodes { $0.badge == "changed" }.isEmpty, "nothing marked")

    try await app.tap("Start")
    try await app.wait("the game screen") { app.showsPart("'s turn") }
    try expect(app.shows("Player 4"), "four seats at the table: \(app.words)")
    let snapshot = try require(services.game.state.snapshot, "a game")
    try expect(snapshot.sides.count == 2 && snapshot.seats.count == 4, "two sides of two seats")
}

@MainActor
func howToPlay() async throws {
    let (services, _) = try launchServices()
    let app = await Screen(ContentView(), services)
    try await app.tap("How to play")
    try expect(app.shows("How to play") && app.shows("The sticks"), "the rules screen: \(app.words)")
    for info in ThrowNames.all {
        try expect(app.shows(resultName(info.result)), "the results table has \(resultName(info.result))")
    }
    for preset in presets() {
        try expect(app.shows(preset.label), "the traditions include \(preset.label)")
    }
}

@MainActor
func leavingStopsTheBot() async throws {
    let (services, _) = try launchServices()
    let app = await Screen(ContentView(), services)
    try await app.tap("New game")
    let pickers = app.nodes { $0.kind == .picker && $0.text == "Played by" }
    let hard = try require(pickers[1].all.first { $0.tag != nil && $0.words == ["Bot: hard"] }?.tag, "a hard bot")
    await pickers[1].select?(hard)
    await app.render()
    try await app.tap("Start")
    let game = services.game
    try await app.wait("the game") { game.state.hasGame }
    // The person plays until the bot's turn begins.
    var n = 0
    while game.state.turn?.seat == 0 && game.state.snapshot?.over == false {
        n += 1
        try expect(n < 60, "the person's turn never ended")
        if game.state.canThrow { game.throwSticks(ThrowInput.tap) } else if game.state.canMove {
            game.choose(try require(game.state.snapshot?.legalMoves.first, "a move"))
        }
    }
    try await app.wait("the bot at work") { game.state.bot != .idle }
    let screen = try require(app.nodes { $0.kind == .screen && $0.back != nil }.first, "a back button")
    await screen.back?()
    await app.settle()
    try expect(app.hasButton("New game"), "the menu: \(app.buttons)")
    try expect(game.state.bot == .idle && !game.state.hasGame, "the bot stopped with the game left")
    // Nothing more is played (or saved) after leaving.
    await game.flushSaves()
    services.resume.reload()
    let saved = services.resume.state.entries.first?.summary?.actions
    try await Task.sleep(for: .seconds(1.5))
    await game.flushSaves()
    services.resume.reload()
    try expect(saved != nil && services.resume.state.entries.first?.summary?.actions == saved,
               "the save did not move on: \(String(describing: saved))")
    try await app.wait("the menu to offer the game") { app.hasButton("Continue") }
}

@MainActor
func unsavedLaunch() async throws {
    // Application Support is a file: the save library cannot be opened.
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("yunnori-not-a-dir-\(UUID().uuidString)")
    try Data("x".utf8).write(to: file)
    setenv("XDG_DATA_HOME", file.path, 1)
    let services = AppServices()
    let app = await Screen(ContentView(), services)
    let alert = try require(app.nodes { $0.kind == .alert }.first, "an alert: \(app.words)")
    try expect(alert.text == "Games will not be saved", "titled: \(alert.text ?? "")")
    try expect(alert.words.count > 1, "it says why: \(alert.words)")
    try await app.tap("OK")
    try expect(app.nodes { $0.kind == .alert }.isEmpty, "dismissed")
    try await app.tap("New game")
    try await app.tap("Start")
    try await app.wait("a game, unsaved") { app.showsPart("'s turn") }
}

@MainActor
func restoredFromBackup() async throws {
    let (services, dir) = try launchServices()
    let game = services.game
    try expect(game.newGame(seededGame(.human, .human, seed: 7)), "a game")
    let id = try require(game.state.gameID, "its id")
    // Play on, saving after every action, until a backup copy exists.
    let games = dir.appendingPathComponent("Games", isDirectory: true)
    let main = games.appendingPathComponent("\(id).json")
    let backup = games.appendingPathComponent("\(id).json.bak")
    var n = 0
    while !FileManager.default.fileExists(atPath: backup.path) {
        n += 1
        try expect(n < 20, "no backup copy was ever written")
        if game.state.canThrow { game.throwSticks(ThrowInput.tap) } else {
            game.choose(try require(game.state.snapshot?.legalMoves.first, "a move"))
        }
        await game.flushSaves()
    }
    game.leave()
    await game.flushSaves()
    // The main file is overwritten with something that is not a game.
    try Data("{\"schema_version\": 1, \"summ".utf8).write(to: main)

    let app = await Screen(ContentView(), services)
    try await app.tap("Saved games")
    try await app.wait("the list") { app.shows("Saved games") && app.words.count > 2 }
    try expect(app.shows("Restored from its backup copy"), "the game is listed as restored: \(app.words)")
    let row = try require(app.nodes { $0.kind == .button && $0.words.contains("Restored from its backup copy") }.first,
                          "its row")
    try expect(!row.disabled, "a restored game opens")
    await row.action?()
    await app.settle()
    try await app.wait("the game screen") { app.showsPart("'s turn") }
    try expect(app.shows("This game was restored from its backup copy; the last move or so may be missing."),
               "the game says it was restored: \(app.words)")
    try expect(game.state.gameID == id, "the same game")
}

/// Changes one rule through the form as a player would: its switch, its picker, its
/// stepper, its slider, a result's button, or a station in its list.
@MainActor
func changeRule(_ option: RuleOption, on app: Screen) async throws {
    let label = option.label
    switch (option.kind, option.value) {
    case (.flag, .flag(let on)):
        let toggle = try require(app.nodes { $0.kind == .toggle && $0.text == label }.first, "a switch for \(label)")
        try expect(toggle.isOn == on, "\(label)'s switch shows the rule")
        await toggle.setOn?(!on)
    case (.choice, .choice(let id)):
        let picker = try require(app.nodes { $0.kind == .picker && $0.text == label }.first, "a picker for \(label)")
        try expect(picker.selection == AnyHashable(id), "\(label)'s picker shows the rule")
        let other = try require(picker.all.compactMap(\.tag).first { $0 != AnyHashable(id) }, "another choice")
        await picker.select?(other)
    case (.count(_, let high), .count(let value)):
        let stepper = try require(app.nodes { $0.kind == .stepper && $0.text == "\(label): \(value)" }.first,
                                  "a stepper for \(label)")
        await stepper.step?(value < high ? 1 : -1)
    case (.probability, .probability):
        let row = try require(app.nodes { node in
            node.children.contains { $0.kind == .text && $0.text?.hasPrefix("\(label): ") == true }
                && node.children.contains { $0.kind == .slider }
        }.first, "a slider for \(label)")
        let slider = try require(row.children.first { $0.kind == .slider }, "the slider")
        await slider.setFraction?(slider.value == "0.05" ? 1 : 0)
    case (.throwSet, .throws(let results)):
        let row = try require(app.nodes { node in
            node.children.first.map { $0.kind == .text && $0.text == label } == true
        }.first, "the results of \(label)")
        let off = option.choices.compactMap { try? throwFromId(id: $0.id) }.first { !results.contains($0) }
        let result = try require(off ?? results.first, "a result to switch")
        let button = try require(row.all.first { $0.kind == .button && $0.text == resultName(result) },
                                 "a button for \(resultName(result))")
        await button.action?()
    case (.stationSet, .stations):
        let link = try require(app.nodes { $0.kind == .button && $0.words.first == label }.first,
                               "a link to \(label)'s stations")
        await link.action?()
        await app.render()
        let screen = try require(app.nodes { $0.kind == .screen && $0.back != nil }.first, "the station list")
        try expect(screen.words.first == label, "titled \(label): \(screen.words.prefix(3))")
        let row = try require(screen.all.first { $0.kind == .button }, "a station to pick")
        await row.action?()
        await app.render()
        await (app.nodes { $0.kind == .screen && $0.back != nil }.first?.back)?()
    default:
        throw TestFailure(description: "\(label): a rule of a kind the form has no control for")
    }
    await app.settle()
}

@MainActor
func everyHouseRule() async throws {
    let (services, _) = try launchServices()
    let app = await Screen(ContentView(), services)
    try await app.tap("New game")
    let form = services.newGame
    var edited = 0
    var refused = 0
    var kinds: [String: Int] = [:]
    for preset in form.state.presets {
        let tradition = try require(app.nodes { $0.kind == .picker && $0.text == "Tradition" }.first, "the picker")
        await tradition.select?(AnyHashable(preset.preset))
        await app.settle()
        try expect(form.state.preset == preset.preset, "\(preset.label) picked")
        for option in form.state.options {
            kinds["\(option.kind)".split(separator: "(").first.map(String.init) ?? "?", default: 0] += 1
            try await changeRule(option, on: app)
            if let message = form.state.message {
                // The core refused this change in this tradition: the form says why.
                try expect(app.nodes { $0.kind == .alert }.count == 1, "\(option.label): the refusal is shown")
                try await app.tap("OK")
                try expect(form.state.message == nil, "dismissed: \(message.english)")
                refused += 1
                continue
            }
            let changed = try require(form.state.options.first { $0.key == option.key }, "the option")
            try expect(changed.isChanged && changed.value != option.value,
                       "\(preset.label) / \(option.label): the control changed the rule")
            try expect(app.nodes { $0.badge == "changed" }.count == 1, "\(option.label) is marked as changed")
            try await app.tap("Back to the tradition's rules")
            try expect(form.state.changedKeys.isEmpty, "put back")
            edited += 1
        }
    }
    try expect(edited >= 20, "rules edited: \(edited)")
    try expect(kinds.count == 6, "every kind of rule met: \(kinds)")
    print("    edited \(edited) house rules in \(form.state.presets.count) traditions (\(refused) refused "
        + "with a message), by kind: \(kinds.sorted { $0.key < $1.key })")
}

@MainActor
func namesAndSeats() async throws {
    let (services, _) = try launchServices()
    let app = await Screen(ContentView(), services)
    try await app.tap("New game")
    try await app.tap("Add a player")
    var rows = app.nodes { $0.kind == .row && $0.all.contains { $0.kind == .textField } }
    try expect(rows.count == 3 && rows.allSatisfy { $0.delete != nil }, "three players, each can be swiped away")
    rows[1].delete?()
    await app.settle()
    rows = app.nodes { $0.kind == .row && $0.all.contains { $0.kind == .textField } }
    try expect(rows.count == 2, "two players left: \(rows.count)")
    try expect(rows.allSatisfy { $0.delete == nil }, "two is the fewest: no more swiping away")
    let names = app.nodes { $0.kind == .textField }
    try expect(names.map(\.value) == ["Player 1", "Player 3"], "the second player went: \(names.map(\.value))")
    await names[0].setText?("하늘")
    await app.settle()
    try await app.tap("Start")
    try await app.wait("the game screen") { app.showsPart("'s turn") }
    try expect(app.shows("하늘's turn"), "the typed name is at the table: \(app.words)")
    try expect(services.game.state.snapshot?.seats.map(\.name) == ["하늘", "Player 3"], "both seats")
}
