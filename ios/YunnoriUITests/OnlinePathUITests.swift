// The online path through the app, on the simulator: host a room, see its code and the
// Share button, open the room's yunnori:// link (the join screen with the code filled in),
// play a throw, leave, and rejoin the room from the saved-games list.
//
// Written from Apple's XCTest/XCUIAutomation documentation; it runs only on a Mac with
// Xcode (.github/workflows/ios.yml), against a yut-server the workflow starts on the Mac
// and names in TEST_RUNNER_YUNNORI_SERVER (xcodebuild hands it to this runner as
// YUNNORI_SERVER; the app is launched with it). The same walk is checked on Linux through
// two AppModels over real app cores (YunnoriKitTests/OnlineFlowTests). Elements are found
// by the English labels of en.lproj/Localizable.strings.

import XCTest

final class OnlinePathUITests: XCTestCase {
    override func setUp() {
        continueAfterFailure = false
    }

    @MainActor
    func testHostShareJoinPlayLeaveRejoin() throws {
        let server = try XCTUnwrap(ProcessInfo.processInfo.environment["YUNNORI_SERVER"],
                                   "no YUNNORI_SERVER: the workflow starts yut-server and names it")
        let app = XCUIApplication()
        app.launchArguments += ["-AppleLanguages", "(en)", "-AppleLocale", "en_US"]
        app.launchEnvironment["YUNNORI_SERVER"] = server
        app.launch()

        // Host: the new-game form (a person and a computer player by default).
        let online = app.buttons["Online"]
        XCTAssertTrue(online.waitForExistence(timeout: 10), "the menu has no Online")
        online.tap()
        app.buttons["Host a room"].tap()
        let start = app.buttons["Start"]
        XCTAssertTrue(start.waitForExistence(timeout: 5), "the host form did not appear")
        start.tap()

        // Share: the code, large, and the share sheet's button.
        let share = app.buttons["Share the code"]
        XCTAssertTrue(share.waitForExistence(timeout: 10), "the lobby shows no Share button")
        try app.performAccessibilityAudit()
        let code = try XCTUnwrap(app.staticTexts.matching(
            NSPredicate(format: "label MATCHES %@", "^[A-Z0-9 ]{6,11}$")).firstMatch.label
            .replacingOccurrences(of: " ", with: ""))

        // Ready and start: the game screen. The middle of the Ready row is its label, which
        // does not toggle: tap the switch itself, and wait for it to be on and for Start to
        // be enabled (the room must hear that every seat is ready).
        let ready = app.switches["Ready"]
        XCTAssertTrue(ready.waitForExistence(timeout: 5), "the lobby has no Ready switch")
        let control = ready.switches.firstMatch
        if control.exists {
            control.tap()
        } else {
            ready.coordinate(withNormalizedOffset: CGVector(dx: 0.92, dy: 0.5)).tap()
        }
        XCTAssertTrue(waitUntil(ready, NSPredicate(format: "value == '1'")), "the Ready switch did not turn on")
        let startGame = app.buttons["Start the game"]
        XCTAssertTrue(startGame.waitForExistence(timeout: 5), "the host has no Start")
        XCTAssertTrue(waitUntil(startGame, NSPredicate(format: "isEnabled == true")),
                      "Start stayed disabled after Ready")
        startGame.tap()

        // One throw: the mat offers it (the computer player may go first), takes the swipe,
        // and shows the result with what comes next: a move to make, another throw after a
        // Yut or Mo, or the other seat's turn. Either way its label changes.
        // Not a button while it offers nothing: any element with the mat's identifier.
        let mat = app.descendants(matching: .any)["stick-mat"]
        XCTAssertTrue(mat.waitForExistence(timeout: 10), "the online game has no stick mat")
        XCTAssertTrue(waitUntil(mat, NSPredicate(format: "label CONTAINS[c] 'throw the sticks'"), timeout: 30),
                      "no throw was offered")
        let offered = mat.label
        mat.swipeUp(velocity: .fast)
        XCTAssertTrue(waitUntil(mat, NSPredicate(format: "label != %@ AND NOT (label CONTAINS[c] 'in the air')",
                                                 offered), timeout: 15),
                      "the throw did not land")
        try app.performAccessibilityAudit()

        // Leave: back to the menu; the room is in the saved-games list.
        app.navigationBars.buttons.element(boundBy: 0).tap()
        app.navigationBars.buttons.element(boundBy: 0).tap()
        app.navigationBars.buttons.element(boundBy: 0).tap()
        let saved = app.buttons["Saved games"]
        XCTAssertTrue(saved.waitForExistence(timeout: 5))
        saved.tap()
        let rejoin = app.buttons.matching(NSPredicate(format: "label CONTAINS %@", code)).firstMatch
        XCTAssertTrue(rejoin.waitForExistence(timeout: 5), "the saved games do not list the room")
        try app.performAccessibilityAudit()

        // Rejoin: the room again, its game on (at whatever the room's stand-in bot played
        // meanwhile: a move may be waiting, so the mat is found by its identifier).
        rejoin.tap()
        XCTAssertTrue(mat.waitForExistence(timeout: 10), "rejoining did not open the game")

        // The room's link opens the join screen with its code.
        app.open(try XCTUnwrap(URL(string: "yunnori://room/\(code)")))
        let codeField = app.textFields["Room code"]
        XCTAssertTrue(codeField.waitForExistence(timeout: 10), "the link did not open the join screen")
        XCTAssertEqual(codeField.value as? String, code)
        try app.performAccessibilityAudit()
    }

    /// Waits until `element` matches `predicate`, up to `timeout` seconds.
    @MainActor
    private func waitUntil(_ element: XCUIElement, _ predicate: NSPredicate, timeout: TimeInterval = 5) -> Bool {
        let expectation = XCTNSPredicateExpectation(predicate: predicate, object: element)
        return XCTWaiter.wait(for: [expectation], timeout: timeout) == .completed
    }
}
