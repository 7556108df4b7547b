// One path through the app as a player takes it, on the simulator, with Xcode's
// accessibility audit (XCUIApplication.performAccessibilityAudit, iOS 17) on each screen
// it passes: launch, a new game, a swipe on the stick mat, a move on the board, back to
// the menu, and Continue back into the same game.
//
// Written from Apple's XCTest/XCUIAutomation documentation; it runs only on a Mac with
// Xcode (.github/workflows/ios.yml). Elements are found by the English labels of
// en.lproj/Localizable.strings (the app runs in English here).

import XCTest

final class PlayPathUITests: XCTestCase {
    override func setUp() {
        continueAfterFailure = false
    }

    @MainActor
    func testNewGameThrowMoveBackAndContinue() throws {
        let app = XCUIApplication()
        app.launchArguments += ["-AppleLanguages", "(en)", "-AppleLocale", "en_US"]
        app.launch()

        // The menu.
        let newGame = app.buttons["New game"]
        XCTAssertTrue(newGame.waitForExistence(timeout: 10), "the menu did not appear")
        try app.performAccessibilityAudit()

        // A new game, with the form's defaults.
        newGame.tap()
        let start = app.buttons["Start"]
        XCTAssertTrue(start.waitForExistence(timeout: 5), "the new-game form did not appear")
        try app.performAccessibilityAudit()
        start.tap()

        // Swipe the sticks until a move can be made (a throw that lands off the mat, or a
        // Back-Do with nothing on the board, passes the turn; a bot may play in between).
        let mat = app.buttons.matching(NSPredicate(format: "label CONTAINS[c] %@", "throw the sticks"))
            .firstMatch
        XCTAssertTrue(mat.waitForExistence(timeout: 10), "the game screen has no stick mat")
        try app.performAccessibilityAudit()
        let moveTo = app.buttons.matching(NSPredicate(format: "label BEGINSWITH %@", "Move to"))
        let newPiece = app.buttons.matching(NSPredicate(format: "label BEGINSWITH %@", "New piece"))
        var moved = false
        for _ in 0..<12 where !moved {
            if mat.waitForExistence(timeout: 10), mat.isHittable {
                mat.swipeUp(velocity: .fast)
            }
            if newPiece.firstMatch.waitForExistence(timeout: 5) {
                newPiece.firstMatch.tap()
            }
            if moveTo.firstMatch.waitForExistence(timeout: 3) {
                moveTo.firstMatch.tap()
                moved = true
            }
        }
        XCTAssertTrue(moved, "no move was made in twelve throws")

        // Back to the menu: the game is saved and can be continued.
        app.navigationBars.buttons.element(boundBy: 0).tap()
        let continueButton = app.buttons["Continue"]
        XCTAssertTrue(continueButton.waitForExistence(timeout: 5), "the menu offers no Continue")
        continueButton.tap()
        XCTAssertTrue(app.navigationBars["Yunnori"].waitForExistence(timeout: 5),
                      "Continue did not open the game")
        try app.performAccessibilityAudit()
    }
}
