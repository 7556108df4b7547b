import Foundation
import YutCore

/// The app at telling moments, for the previews and the snapshot tests: the core plays
/// seeded tables to each `Sample` (`sampleView`) and hands back the whole view model, so
/// every preview draws a position the rules reach, as the core describes it.
public enum Samples {
    /// The app at `sample`. Its last throw or move happened now, so a preview plays it;
    /// `atRest` puts everything long in the past (the snapshot tests' still images). `nil`
    /// when the core could not make it (the previews then show nothing).
    public static func view(_ sample: Sample, atRest: Bool = false) -> AppView? {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("yunnori-sample-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let now = atRest ? 0 : UInt64(Date().timeIntervalSince1970 * 1000)
        return try? sampleView(sample: sample, dataDir: scratch.path, nowMs: now)
    }

    /// The game table at `sample` (see `view`).
    public static func table(_ sample: Sample, atRest: Bool = false) -> TableState? {
        view(sample, atRest: atRest)?.table
    }
}
