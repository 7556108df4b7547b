// The screen tests' runner: each test on the main actor, one after another, its failure
// printed with where it happened; closes with `N passed, N failed` (exit status 1 if any
// failed). `YUNNORI_REPO` is the repository (for the app's strings);
// `SCREEN_TESTS_LANGUAGE=ko` runs the Korean tests with the Korean strings (the English
// ones otherwise); `SCREEN_TESTS_FILTER` runs the tests whose name contains it.

import Foundation
import SwiftUI

typealias ScreenTest = (name: String, run: @MainActor () async throws -> Void)

@main
enum ScreenTestsMain {
    @MainActor
    static func main() async {
        let environment = ProcessInfo.processInfo.environment
        let repo = environment["YUNNORI_REPO"] ?? "."
        let language = environment["SCREEN_TESTS_LANGUAGE"] ?? "en"
        let tests = language == "ko" ? koreanScreenTests : allScreenTests
        do {
            try _Localization.load(repo + "/ios/Yunnori/Resources/\(language).lproj/Localizable.strings")
        } catch {
            print("cannot read the app's strings: \(error)")
            exit(1)
        }
        let only = environment["SCREEN_TESTS_FILTER"]
        var passed = 0, failed = 0
        for test in tests where only.map({ test.name.contains($0) }) ?? true {
            let start = Date()
            do {
                try await test.run()
                passed += 1
                print("PASS \(test.name) (\(String(format: "%.1f", Date().timeIntervalSince(start))) s)")
            } catch {
                failed += 1
                print("FAIL \(test.name)\n    \(error)")
            }
        }
        print("\(passed) passed, \(failed) failed")
        exit(failed == 0 && (passed > 0 || only != nil) ? 0 : 1)
    }
}
