import UIKit

/// Time asked of iOS to finish work as the app leaves the screen. A suspended app stops
/// where it is: without a background task, the last save can be cut off mid-write (the
/// save library writes a whole new file and renames it, so a cut loses the last action,
/// never the game).
@MainActor
enum BackgroundTime {
    /// Runs `work` inside a background task named `name`, ended when `work` is done or
    /// when iOS says the time is up, whichever comes first.
    static func finish(_ name: String, _ work: @escaping @MainActor @Sendable () async -> Void) {
        let grant = Grant()
        grant.id = UIApplication.shared.beginBackgroundTask(withName: name) { grant.end() }
        Task { @MainActor in
            await work()
            grant.end()
        }
    }
}

/// One background task, ended once.
@MainActor
private final class Grant {
    var id = UIBackgroundTaskIdentifier.invalid

    func end() {
        guard id != .invalid else { return }
        UIApplication.shared.endBackgroundTask(id)
        id = .invalid
    }
}
