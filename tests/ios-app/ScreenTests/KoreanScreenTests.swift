// The app in Korean: run with SCREEN_TESTS_LANGUAGE=ko, the Korean strings beside the
// program (as an iPhone set to Korean reads them) and a Korean locale.

import Foundation
import SwiftUI
import YunnoriKit
import YutCore
@testable import Yunnori

let koreanScreenTests: [ScreenTest] = [
    ("in Korean: the menu, a new game, the throw, VoiceOver's names and a move", koreanGame),
]

@MainActor
func koreanGame() async throws {
    try expect(prefersKorean, "the locale is Korean")
    let (services, _) = try launchServices()
    let app = await Screen(ContentView(), services)
    try expect(app.shows("윷놀이"), "the menu in Korean: \(app.words)")
    try await app.tap("새 판")
    try await app.tap("시작")
    try await app.wait("the game screen") { app.showsPart(" 차례") }
    try expect(app.shows("1번 차례"), "the first player's turn, named in Korean: \(app.words)")
    try expect(app.shows("윷을 던지세요"), "asked to throw: \(app.words)")
    let game = services.game
    let mat = try require(app.elements { $0.accessibilityTraits.contains(.isButton) && $0.accessibilityAction != nil
        && $0.accessibilityLabel?.isEmpty == false }.first, "the mat for VoiceOver")
    var n = 0
    while game.state.canThrow {
        n += 1
        try expect(n < 30, "a move never came due")
        try require(mat.accessibilityAction, "the mat")()
        await app.settle()
    }
    let thrown = try require(game.state.lastThrow?.result, "a result")
    let korean = try require(ThrowNames.info(thrown)?.korean, "its Korean name")
    try await app.wait("the sticks to land") { (try? app.stickMat().words.contains(korean)) ?? false }
    try expect(!app.words.contains { $0.contains("(") && $0.contains(korean) }, "the Korean name alone: \(app.words)")
    if game.state.selection == nil { game.select(.home) }
    await app.settle()
    let moveTo = app.elements { $0.accessibilityLabel?.hasSuffix("(으)로 옮기기") == true }
    let target = try require(moveTo.first?.accessibilityLabel, "destinations named in Korean: "
        + app.spoken)
    try await app.activate(target)
    try await app.answerQuestion()
    try expect(app.elements { $0.accessibilityLabel?.hasSuffix("1번의 말 1개") == true }.count == 1,
               "the piece on the board, read in Korean")
}
