import XCTest
import YutCore

/// Every file of tests/scenarios, played through the bindings and checked in Swift; the
/// core's own runner must reach the same verdict, so Rust, Kotlin and Swift agree.
final class ScenarioFilesTests: XCTestCase {
    func testEveryScenarioFileAgreesWithTheCore() throws {
        let files = try ScenarioRunner.scenarioFiles()
        XCTAssertGreaterThanOrEqual(files.count, 100, "expected the project's scenario files")
        var passed = 0
        var failed = 0
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let mine = ScenarioRunner.run(text)
            let core = try ScenarioRunner.coreVerdict(text)
            if mine == nil && core == nil {
                passed += 1
            } else {
                failed += 1
                XCTFail("\(file.lastPathComponent): swift: \(mine ?? "passed"); core: \(core ?? "passed")")
            }
        }
        print("scenario files (swift): \(passed) passed, \(failed) failed")
    }
}
