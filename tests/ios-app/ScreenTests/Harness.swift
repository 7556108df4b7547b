// Runs the iPhone app's screens on the SwiftUI stand-in (tests/ios-app/SwiftUI) and acts on
// them as a player does: read the words, tap buttons, swipe the stick mat, tap the board,
// use VoiceOver's actions. Everything below the views is real: the view models
// (YunnoriKit), the bindings and the Rust core, and save files in a fresh directory.

import Foundation
import SwiftUI
import YunnoriKit
import YutCore
@testable import Yunnori

struct TestFailure: Error, CustomStringConvertible {
    let description: String
}

/// Fails the test with `message` unless `condition` holds.
func expect(_ condition: Bool, _ message: @autoclosure () -> String,
            file: StaticString = #fileID, line: UInt = #line) throws {
    if !condition { throw TestFailure(description: "\(file):\(line): \(message())") }
}

/// A value that must be there.
func require<T>(_ value: T?, _ message: @autoclosure () -> String,
                file: StaticString = #fileID, line: UInt = #line) throws -> T {
    guard let value else { throw TestFailure(description: "\(file):\(line): \(message())") }
    return value
}

/// The app as it starts, its saves in a fresh directory (Application Support on Linux is
/// `$XDG_DATA_HOME`).
@MainActor
func launchServices(in dir: URL? = nil) throws -> (AppServices, URL) {
    let dir = try dir ?? {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("yunnori-screens-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()
    setenv("XDG_DATA_HOME", dir.path, 1)
    return (AppServices(), dir)
}

extension _Node {
    /// The elements VoiceOver reaches in this subtree, in order: the labelled nodes outside
    /// any part hidden from it (`accessibilityHidden` hides a view and all under it).
    var voiceOverElements: [_Node] {
        guard !accessibilityHidden else { return [] }
        return (accessibilityLabel != nil ? [self] : []) + children.flatMap(\.voiceOverElements)
    }
}

/// One screen (or the whole app) on a phone's 390 × 844 points.
@MainActor
final class Screen {
    let host: _Host
    private(set) var root: _Node

    init<V: View>(_ view: V, _ services: AppServices) async {
        host = _Host(view, environment: [services])
        root = await host.render()
    }

    deinit {
        MainActor.assumeIsolated { host.stop() }
    }

    /// Renders again (after the models changed).
    func render() async {
        root = await host.render()
    }

    var words: [String] { root.words }

    func shows(_ text: String) -> Bool { words.contains(text) }

    func showsPart(_ part: String) -> Bool { words.contains { $0.contains(part) } }

    /// Every node of the screen that matches.
    func nodes(_ match: (_Node) -> Bool) -> [_Node] { root.all.filter(match) }

    /// The button whose label reads `text` (its words joined).
    func button(_ text: String) throws -> _Node {
        let found = nodes { $0.kind == .button && $0.text == text }
        return try require(found.first, "no button \"\(text)\" on screen: \(buttons)")
    }

    var buttons: [String] { nodes { $0.kind == .button }.compactMap(\.text) }

    func hasButton(_ text: String) -> Bool { buttons.contains(text) }

    /// Taps the button (it must be enabled), then lets the app settle and renders.
    func tap(_ text: String) async throws {
        let node = try button(text)
        try expect(!node.disabled, "button \"\(text)\" is disabled")
        await node.action?()
        await settle()
    }

    /// The VoiceOver elements of the screen that match (none inside a hidden part).
    func elements(_ match: (_Node) -> Bool) -> [_Node] { root.voiceOverElements.filter(match) }

    /// What VoiceOver can read on the screen, for failure messages.
    var spoken: String { root.voiceOverElements.compactMap(\.accessibilityLabel).joined(separator: " | ") }

    /// The VoiceOver element whose label reads `label`.
    func element(_ label: String) throws -> _Node {
        let found = elements { $0.accessibilityLabel == label }
        return try require(found.first, "no VoiceOver element \"\(label)\"; there are: \(spoken)")
    }

    /// VoiceOver's double-tap on an element.
    func activate(_ label: String) async throws {
        let node = try element(label)
        let action = try require(node.accessibilityAction ?? node.action.map { a in { Task { await a() } } },
                                 "\"\(label)\" has no action")
        action()
        await settle()
    }

    /// Answers the move question, when one is up, with its first answer (not Cancel).
    func answerQuestion() async throws {
        guard let dialog = nodes({ $0.kind == .dialog }).first else { return }
        let answer = try require(dialog.all.first { $0.kind == .button && $0.role != .cancel }, "an answer")
        await answer.action?()
        await settle()
    }

    /// The VoiceOver labels of the picked piece's destinations, on the board and off it.
    var destinationLabels: [String] {
        elements { $0.accessibilityLabel?.hasPrefix("Move to") == true
            || $0.accessibilityLabel == "Bring the piece home" || $0.accessibilityLabel == "Back off the board" }
            .compactMap(\.accessibilityLabel)
    }

    /// Lets tasks the action started run, then renders.
    func settle() async {
        for _ in 0..<5 { await Task.yield() }
        await render()
    }

    /// Renders until `condition` holds, or fails after `timeout` (real time: bots pause and
    /// sticks fly as on the phone).
    func wait(_ what: String, timeout: Double = 30, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            await render()
            if condition() { return }
            if Date() > deadline {
                throw TestFailure(description: "timed out waiting for \(what); on screen: \(words)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The node the stick mat's drag gesture sits on.
    func stickMat() throws -> _Node {
        try require(nodes { $0.dragEnded != nil }.first, "no stick mat on screen")
    }

    /// A swipe up the mat, as a throw (the mat ignores it while sticks are in the air).
    func swipeMat() async throws {
        let mat = try stickMat()
        let start = CGPoint(x: mat.size.width / 2, y: mat.size.height * 0.8)
        let end = CGPoint(x: start.x + 10, y: start.y - 120)
        mat.dragChanged?(DragGesture.Value._swipe(from: start, to: start))
        mat.dragEnded?(DragGesture.Value._swipe(from: start, to: end))
        await settle()
    }

    /// The node the board's tap gesture sits on.
    func board() throws -> _Node {
        try require(nodes { $0.tapAt != nil }.first, "no board on screen")
    }

    /// A finger on the board at a point of the core's unit square (as BoardView lays the
    /// board out: a square with a tenth of its side as margin).
    func tapBoard(at p: PathMotion.Point) async throws {
        let board = try board()
        let side = min(board.size.width, board.size.height)
        let inset = side * 0.1
        let x = (board.size.width - side) / 2 + inset + p.x * (side - 2 * inset)
        let y = (board.size.height - side) / 2 + inset + p.y * (side - 2 * inset)
        board.tapAt?(CGPoint(x: x, y: y))
        await settle()
    }
}
