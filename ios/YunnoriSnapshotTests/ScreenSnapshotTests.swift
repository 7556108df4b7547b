// Images of every screen of the app, compared with the reference images under
// __Snapshots__/ (pointfreeco/swift-snapshot-testing). Each screen is drawn on an iPhone SE
// and an iPhone Pro Max, in light and dark mode, at the default text size and at the
// largest accessibility size, in the language of the test run: the macOS lane runs this
// target twice, `-testLanguage en` and `-testLanguage ko` (.github/workflows/ios.yml).
// The game screen is drawn at each phase: a throw due, a move with its destinations lit,
// a stack on the board, just after a capture, game over, and the game's review.
//
// Each image is drawn in the simulator's key window (`drawHierarchyInKeyWindow`): the
// board and the sticks are `Canvas`es and the cards use materials, which a layer rendered
// off-screen can leave blank. That needs a host app: this target runs inside Yunnori.
//
// Two modes, chosen by the lane (SNAPSHOT_TESTING_RECORD, handed over by xcodebuild from
// TEST_RUNNER_SNAPSHOT_TESTING_RECORD): `all` records every reference and fails only when
// an image could not be written; otherwise (`never`) every image is compared with its
// committed reference and a missing reference fails. README.md says how references are
// recorded and committed.
//
// Written from the library's and Apple's documentation; it runs only on a Mac with Xcode.
// On Linux it is type-checked against stand-ins (scripts/test-ios-app.sh).

import SnapshotTesting
import SwiftUI
import UIKit
import XCTest
import YunnoriKit
@testable import Yunnori

@MainActor
final class ScreenSnapshotTests: XCTestCase {
    func testMenuOnFirstLaunch() throws {
        let services = try launch()
        assertScreen(named: "menu", services) {
            MenuView(open: { _ in }, continueLatest: {})
        }
    }

    func testMenuWithAGameToContinue() async throws {
        let services = try launch()
        try await startGame(playingMoves: 2, services)
        services.game.leave()
        services.resume.reload()
        XCTAssertTrue(services.resume.state.entries.contains { $0.canOpen && !$0.isFinished },
                      "the game was not saved")
        assertScreen(named: "menu-continue", services) {
            MenuView(open: { _ in }, continueLatest: {})
        }
    }

    func testNewGame() throws {
        let services = try launch()
        assertScreen(named: "new-game", services) {
            NewGameView(start: { _ in })
        }
    }

    func testSavedGamesWhenThereAreNone() throws {
        let services = try launch()
        XCTAssertEqual(services.resume.state.entries.count, 0)
        assertScreen(named: "saved-games-empty", services) {
            ResumeView(open: { _ in })
        }
    }

    func testGameBeforeTheFirstThrow() async throws {
        try await assertGameScreen(named: "game-start", afterMoves: 0)
    }

    func testGameInProgress() async throws {
        try await assertGameScreen(named: "game-in-progress", afterMoves: 4)
    }

    func testGameMoveWithDestinationsLit() async throws {
        let services = try launch()
        try await openSample(.toMove, services)
        let game = services.game
        let origin = try XCTUnwrap(game.state.origins.first, "no piece can move")
        game.select(origin)
        XCTAssertFalse(game.state.destinations.isEmpty, "no destination is lit")
        assertScreen(named: "game-move", services) {
            GameView(toMenu: {})
        }
    }

    func testGameWithAStack() async throws {
        let services = try launch()
        let before = try await openSample(.stacked, services)
        XCTAssertTrue(before.lastMove?.events.contains { if case .stacked = $0 { true } else { false } } == true,
                      "the last move did not stack")
        XCTAssertTrue(services.game.state.snapshot?.stacks.contains { $0.size > 1 } == true, "no stack on the board")
        assertScreen(named: "game-stack", services) {
            GameView(toMenu: {})
        }
    }

    func testGameAfterACapture() async throws {
        let services = try launch()
        let before = try await openSample(.captured, services)
        XCTAssertGreaterThan(before.lastMove?.captured ?? 0, 0, "the last move captured nothing")
        XCTAssertTrue(services.game.state.canThrow, "the capture's bonus throw is not due")
        assertScreen(named: "game-capture", services) {
            GameView(toMenu: {})
        }
    }

    func testGameOver() async throws {
        let services = try launch()
        try await openSample(.over, services)
        XCTAssertEqual(services.game.state.snapshot?.over, true, "the game is not over")
        assertScreen(named: "game-over", services) {
            GameView(toMenu: {})
        }
    }

    func testReview() async throws {
        let services = try launch()
        try await openSample(.over, services)
        let game = services.game
        game.reviewGame()
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(120)
        while game.state.review == nil, game.state.message == nil, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        let review = try XCTUnwrap(game.state.review, "no review: \(String(describing: game.state.message))")
        // The sheet has its own navigation stack; a sheet is not drawn into the game
        // screen's image, so the review is drawn on its own.
        assertScreen(named: "game-review", services, inNavigationStack: false) {
            ReviewSheet(review: review, snapshot: game.state.snapshot, board: BoardGeometry(), close: {})
        }
    }

    func testHowToPlay() throws {
        let services = try launch()
        assertScreen(named: "how-to-play", services) {
            RulesView()
        }
    }

    func testSettings() throws {
        let services = try launch()
        XCTAssertNotNil(Bundle.main.url(forResource: "clack", withExtension: "wav"),
                        "the knock's sound is not in the app bundle")
        assertScreen(named: "settings", services) {
            SettingsView()
        }
    }

    func testLicences() throws {
        let services = try launch()
        XCTAssertNotNil(LicenceList.bundled(), "Licences.json is not in the app bundle")
        assertScreen(named: "licences", services) {
            LicencesView()
        }
    }

    // MARK: - Support

    /// The app's models over an empty save directory, as on a first launch.
    private func launch() throws -> AppServices {
        let saves = try SaveLocation.defaultDirectory()
        if FileManager.default.fileExists(atPath: saves.path) {
            try FileManager.default.removeItem(at: saves)
        }
        let services = AppServices()
        services.resume.reload()
        return services
    }

    /// The game screen of a seeded game after `moves` moves, waiting for a throw or a move.
    private func assertGameScreen(named name: String, afterMoves moves: Int,
                                  testName: String = #function) async throws {
        let services = try launch()
        try await startGame(playingMoves: moves, services)
        XCTAssertTrue(services.game.state.canThrow || services.game.state.canMove)
        assertScreen(named: name, services, testName: testName) {
            GameView(toMenu: {})
        }
    }

    /// The app's own game model brought to one of YunnoriKit's sample stages (the Linux
    /// tests check each sample reaches its stage), then reopened from its save so that no
    /// throw or move is still being animated. Returns the state before reopening (the
    /// last move is not kept in the save).
    @discardableResult
    private func openSample(_ stage: Samples.Stage, _ services: AppServices) async throws -> GameState {
        let game = services.game
        Samples.play(stage, on: game)
        XCTAssertNil(game.state.message, "\(stage): \(String(describing: game.state.message))")
        let before = game.state
        await game.flushSaves()
        let id = try XCTUnwrap(game.state.gameID)
        XCTAssertTrue(game.resume(id: id))
        return before
    }

    /// A seeded game between two people (so no bot moves while the image is taken), with
    /// `moves` moves played through the model, then reopened from its save so that no
    /// throw or move is still being animated.
    private func startGame(playingMoves moves: Int, _ services: AppServices) async throws {
        // The core's records are immutable values: the form's table, remade with a seed
        // and people in every seat.
        let form = services.newGame.makeNewGame()
        let setup = NewGame(
            rules: form.rules,
            seats: form.seats.map { SeatSpec(name: $0.name, colour: $0.colour, player: .human) },
            teams: form.teams, seed: 20_261_201, undo: form.undo)
        let game = services.game
        XCTAssertTrue(game.newGame(setup), "the game did not start: \(String(describing: game.state.message))")
        var played = 0
        var actions = 0
        while played < moves, actions < 200 {
            actions += 1
            if game.state.canThrow {
                // The Throw button's drop; its result shows once the sticks settle.
                game.throwSticks(ThrowInput.tap(mat: game.mat))
                while game.state.sticksInAir {
                    try await Task.sleep(for: .milliseconds(50))
                }
            } else if game.state.canMove, let move = game.state.snapshot?.legalMoves.first {
                game.choose(move)
                played += 1
            } else {
                break
            }
        }
        XCTAssertEqual(played, moves, "could not play \(moves) moves")
        await game.flushSaves()
        let id = try XCTUnwrap(game.state.gameID)
        XCTAssertTrue(game.resume(id: id))
    }

    /// Asserts the images of one screen, inside a navigation stack as the app shows it
    /// (unless it brings its own), on both phones, in both appearances and at both text
    /// sizes.
    private func assertScreen<Screen: View>(
        named name: String,
        _ services: AppServices,
        inNavigationStack: Bool = true,
        file: StaticString = #filePath,
        testName: String = #function,
        line: UInt = #line,
        @ViewBuilder _ screen: () -> Screen
    ) {
        let language = Bundle.main.preferredLocalizations.first ?? "en"
        for phone in Phone.allCases {
            for style in [UIUserInterfaceStyle.light, .dark] {
                for size in [UIContentSizeCategory.large, .accessibilityExtraExtraExtraLarge] {
                    let traits = phone.config.traits.modifyingTraits { traits in
                        traits.userInterfaceStyle = style
                        traits.preferredContentSizeCategory = size
                    }
                    let config = ViewImageConfig(safeArea: phone.config.safeArea,
                                                 size: phone.config.size, traits: traits)
                    let content = screen()
                    let view = Group {
                        if inNavigationStack {
                            NavigationStack { content }
                        } else {
                            content
                        }
                    }
                        .environment(services)
                        .environment(\.colorScheme, style == .dark ? .dark : .light)
                        .dynamicTypeSize(size == .large ? .large : .accessibility5)
                    // Word characters and dashes only: the file is `<test>.<variant>.png`.
                    let variant = [name, phone.rawValue, style == .dark ? "dark" : "light",
                                   size == .large ? "text-default" : "text-ax5", language]
                        .joined(separator: "-")
                    snapshot(view, config: config, named: variant, file: file, testName: testName, line: line)
                }
            }
        }
    }

    /// One image, drawn in the key window: recorded on the recording run, else compared.
    private func snapshot<Screen: View>(_ view: Screen, config: ViewImageConfig, named variant: String,
                                        file: StaticString, testName: String, line: UInt) {
        let strategy = Snapshotting<Screen, UIImage>.image(
            drawHierarchyInKeyWindow: true, perceptualPrecision: 0.98,
            layout: .device(config: config), traits: config.traits)
        if Reference.recording {
            Reference.record(of: view, as: strategy, named: variant, file: file, testName: testName, line: line)
        } else {
            assertSnapshot(of: view, as: strategy, named: variant, file: file, testName: testName, line: line)
        }
    }
}

/// The recording run (`SNAPSHOT_TESTING_RECORD=all`): each reference is written afresh,
/// and an image that could not be made or written fails its test (the library reports
/// every recorded image as a failure; here the file on disk is what counts).
@MainActor
private enum Reference {
    static let recording = ProcessInfo.processInfo.environment["SNAPSHOT_TESTING_RECORD"] == "all"

    static func record<Value>(of value: Value, as strategy: Snapshotting<Value, UIImage>, named variant: String,
                              file: StaticString, testName: String, line: UInt) {
        let path = url(file: file, testName: testName, variant: variant)
        try? FileManager.default.removeItem(at: path)
        let message = verifySnapshot(of: value, as: strategy, named: variant,
                                     file: file, testName: testName, line: line)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path.path),
                      "\(variant) was not recorded: \(message ?? "no message")", file: file, line: line)
    }

    /// Where the library keeps a reference: `__Snapshots__/<file>/<test>.<variant>.png`
    /// beside the test file, runs of non-word characters in the test's name as one dash.
    static func url(file: StaticString, testName: String, variant: String) -> URL {
        let source = URL(fileURLWithPath: "\(file)", isDirectory: false)
        let test = testName
            .replacingOccurrences(of: "\\W+", with: "-", options: .regularExpression)
            .trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return source.deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__")
            .appendingPathComponent(source.deletingPathExtension().lastPathComponent)
            .appendingPathComponent("\(test).\(variant).png")
    }
}

/// The two phones every screen is drawn on: the smallest and the largest iPhone screen.
private enum Phone: String, CaseIterable {
    case iPhoneSE = "iphone-se"
    case iPhoneProMax = "iphone-pro-max"

    var config: ViewImageConfig {
        switch self {
        case .iPhoneSE: return .iPhoneSe
        case .iPhoneProMax: return .iPhone13ProMax
        }
    }
}
