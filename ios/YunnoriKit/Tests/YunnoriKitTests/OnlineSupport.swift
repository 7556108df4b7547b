// A real server is started with Foundation.Process, which iOS does not have: these run on
// Linux (scripts/test-ios-viewmodel.sh) and macOS, not in the simulator.
#if os(Linux) || os(macOS)
import Foundation
import Testing
import YutCore

struct NoServer: Error, CustomStringConvertible {
    let description: String
}

/// A real `yut-server` on loopback (YUT_SERVER_BIN, set by scripts/test-ios-viewmodel.sh),
/// with its own data directory; stopped by `stop()`.
final class TestServer: @unchecked Sendable {
    let process = Process()
    let address: String
    let data: URL

    init() throws {
        guard let bin = ProcessInfo.processInfo.environment["YUT_SERVER_BIN"], !bin.isEmpty else {
            throw NoServer(description: "YUT_SERVER_BIN is not set (scripts/test-ios-viewmodel.sh sets it)")
        }
        guard FileManager.default.isExecutableFile(atPath: bin) else {
            throw NoServer(description: "YUT_SERVER_BIN \(bin) is not an executable")
        }
        data = try tempDir()
        process.executableURL = URL(fileURLWithPath: bin)
        // The phones here act as fast as the test's loop turns, far above a person's pace
        // and the server's default rate limit (20 messages a second, 40 at once).
        process.arguments = ["--listen", "127.0.0.1:0", "--data", data.path,
                             "--rate-per-sec", "2000", "--rate-burst", "2000"]
        let out = Pipe()
        process.standardOutput = out
        // Never swift test's own streams: a server left running would hold them open.
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // `listening on 127.0.0.1:PORT` (its log may come first, on the same stream).
        var said = ""
        for _ in 0..<100 {
            var line = Data()
            while true {
                let byte = out.fileHandleForReading.readData(ofLength: 1)
                if byte.isEmpty || byte == Data("\n".utf8) { break }
                line.append(byte)
            }
            said = String(decoding: line, as: UTF8.self)
            if said.hasPrefix("listening on ") || line.isEmpty { break }
        }
        // Keep reading, so the server never blocks on a full pipe.
        out.fileHandleForReading.readabilityHandler = { _ = $0.availableData }
        guard let at = said.range(of: "listening on ") else {
            process.terminate()
            throw NoServer(description: "the server said \(said.debugDescription)")
        }
        address = "ws://" + said[at.upperBound...].trimmingCharacters(in: .whitespaces)
    }

    func stop() {
        // Not `waitUntilExit()`: on Linux it spins a run loop that a test on the main
        // actor never lets turn.
        if process.isRunning { process.terminate() }
        for _ in 0..<100 where process.isRunning { usleep(10_000) }
        // It waits for its connections to close; a failed test may have left some open.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for _ in 0..<100 where process.isRunning { usleep(10_000) }
        try? FileManager.default.removeItem(at: data)
    }
}

#endif
