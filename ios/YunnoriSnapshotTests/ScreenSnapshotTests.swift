// Images of every screen of the app, compared with the reference images under
// __Snapshots__/ (pointfreeco/swift-snapshot-testing). Each screen is drawn on an iPhone SE
// and an iPhone Pro Max, in light and dark mode, at the default text size and at the
// largest accessibility size, in the language of the test run: the macOS lane runs this
// target twice, `-testLanguage en` and `-testLanguage ko` (.github/workflows/ios.yml).
// The game screen is drawn at each phase: a throw due, a move with its destinations lit,
// a question of route, a hint, a bot's turn, a stack on the board, just after a capture,
// game over, and the game's review.
//
// What each screen draws is the app core's view model at one of its samples (`Samples`,
// the core playing seeded tables to that moment, everything at rest), so an image shows a
// position the rules reach. Each test first checks that the view model says what the image
// is about (a continue button, lit destinations, a stack, a bonus throw due...).
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
        let view = AppModel.blank
        XCTAssertNil(view.menu.continueId, "a first launch has no game to continue")
        assertScreen(named: "menu", AppModel(previewing: view)) {
            MenuView(menu: view.menu, send: { _ in }, open: { _ in })
        }
    }

    func testMenuWithAGameToContinue() throws {
        let view = try sample(.menu)
        XCTAssertNotNil(view.menu.continueId, "the menu offers no game to continue")
        assertScreen(named: "menu-continue", AppModel(previewing: view)) {
            MenuView(menu: view.menu, send: { _ in }, open: { _ in })
        }
    }

    func testNewGame() throws {
        let view = try sample(.newGame)
        let form = try XCTUnwrap(view.form, "the new-game form is not open")
        XCTAssertGreaterThanOrEqual(form.seats.count, Int(form.minSeats), "the form has too few seats")
        assertScreen(named: "new-game", AppModel(previewing: view)) {
            NewGameView(form: form, send: { _ in })
        }
    }

    func testSavedGamesWhenThereAreNone() throws {
        let view = AppModel.blank
        XCTAssertTrue(view.saved.rows.isEmpty)
        assertScreen(named: "saved-games-empty", AppModel(previewing: view)) {
            SavedGamesView(saved: SavedState(loaded: true, rows: [], pendingDelete: nil), send: { _ in })
        }
    }

    func testSavedGames() throws {
        let view = try sample(.savedGames)
        XCTAssertTrue(view.saved.rows.contains { $0.canOpen && $0.summary?.finished == false },
                      "no game under way is listed")
        XCTAssertTrue(view.saved.rows.contains { $0.summary?.finished == true }, "no finished game is listed")
        assertScreen(named: "saved-games", AppModel(previewing: view)) {
            SavedGamesView(saved: view.saved, send: { _ in })
        }
    }

    func testGameBeforeTheFirstThrow() throws {
        try assertTable(named: "game-start", at: .firstThrow) { table in
            XCTAssertTrue(table.canThrow, "no throw is due")
            XCTAssertTrue(table.snapshot.stacks.isEmpty, "pieces are already on the board")
        }
    }

    func testGameInProgress() throws {
        try assertTable(named: "game-in-progress", at: .midGame) { table in
            XCTAssertEqual(Set(table.snapshot.stacks.map(\.side)).count, 2, "not both sides are on the board")
        }
    }

    func testGameMoveWithDestinationsLit() throws {
        try assertTable(named: "game-move", at: .moveDue) { table in
            let selection = try XCTUnwrap(table.selection, "no piece is picked")
            XCTAssertFalse(selection.destinations.isEmpty, "no destination is lit")
        }
    }

    func testGameAsksWhichRoute() throws {
        try assertTable(named: "game-question", at: .question) { table in
            XCTAssertNotNil(table.choice, "the table asks nothing")
        }
    }

    func testGameWithAHint() throws {
        try assertTable(named: "game-hint", at: .hint) { table in
            XCTAssertNotNil(table.hint, "no hint is on screen")
        }
    }

    func testGameOnABotsTurn() throws {
        try assertTable(named: "game-bot", at: .botsTurn) { table in
            XCTAssertNotNil(table.snapshot.botToAct, "no bot is to act")
        }
    }

    func testGameWithAStack() throws {
        try assertTable(named: "game-stack", at: .stacked) { table in
            XCTAssertTrue(table.lastMove?.events.contains { if case .stacked = $0 { true } else { false } } == true,
                          "the last move did not stack")
            XCTAssertTrue(table.snapshot.stacks.contains { $0.size > 1 }, "no stack on the board")
        }
    }

    func testGameAfterACapture() throws {
        try assertTable(named: "game-capture", at: .captured) { table in
            XCTAssertGreaterThan(table.lastMove?.captured ?? 0, 0, "the last move captured nothing")
            XCTAssertTrue(table.canThrow, "the capture's bonus throw is not due")
        }
    }

    func testGameOver() throws {
        try assertTable(named: "game-over", at: .over) { table in
            XCTAssertTrue(table.snapshot.over, "the game is not over")
            XCTAssertNotNil(table.snapshot.winner, "the game has no winner")
        }
    }

    func testReview() throws {
        let view = try sample(.review)
        let table = try XCTUnwrap(view.table, "no table")
        let slips = try XCTUnwrap(table.review, "no review")
        XCTAssertTrue(table.snapshot.over, "a review of a game not over")
        // The sheet has its own navigation stack; a sheet is not drawn into the game
        // screen's image, so the review is drawn on its own.
        assertScreen(named: "game-review", AppModel(previewing: view), inNavigationStack: false) {
            ReviewSheet(slips: slips, snapshot: table.snapshot, board: BoardGeometry(), close: {})
        }
    }

    func testHowToPlay() throws {
        assertScreen(named: "how-to-play", AppModel(previewing: AppModel.blank)) {
            RulesView(rules: nil)
        }
    }

    func testThisGamesRules() throws {
        let view = try sample(.rules)
        let rules = try XCTUnwrap(view.rules, "the open game's rules are not described")
        XCTAssertFalse(rules.options.isEmpty, "the rules list no option")
        assertScreen(named: "game-rules", AppModel(previewing: view)) {
            RulesView(rules: rules)
        }
    }

    func testSettings() throws {
        let view = try sample(.settings)
        XCTAssertNotNil(Bundle.main.url(forResource: "clack", withExtension: "wav"),
                        "the knock's sound is not in the app bundle")
        assertScreen(named: "settings", AppModel(previewing: view)) {
            SettingsView(settings: view.settings, send: { _ in })
        }
    }

    func testLicences() throws {
        XCTAssertNotNil(LicenceList.bundled(), "Licences.json is not in the app bundle")
        assertScreen(named: "licences", AppModel(previewing: AppModel.blank)) {
            LicencesView()
        }
    }

    // MARK: - Support

    /// The whole view model at `sample`, everything at rest.
    private func sample(_ sample: Sample) throws -> AppView {
        try XCTUnwrap(Samples.view(sample, atRest: true), "the core could not make \(sample)")
    }

    /// The game screen at `sample`, after `check` has found there what the image is about.
    private func assertTable(named name: String, at sample: Sample, testName: String = #function,
                             _ check: (TableState) throws -> Void) throws {
        let view = try self.sample(sample)
        let table = try XCTUnwrap(view.table, "\(sample) has no table")
        XCTAssertNil(view.message, "\(sample): \(String(describing: view.message))")
        try check(table)
        assertScreen(named: name, AppModel(previewing: view), testName: testName) {
            GameView(table: table, act: { _ in }, openRules: {})
        }
    }

    /// Asserts the images of one screen, inside a navigation stack as the app shows it
    /// (unless it brings its own), on both phones, in both appearances and at both text
    /// sizes.
    private func assertScreen<Screen: View>(
        named name: String,
        _ model: AppModel,
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
                        .environment(model)
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
