// A stand-in for AVFoundation, so the app's sound can be type-checked on Linux
// (scripts/test-ios-app.sh). Declarations only, as Apple's SDK imports them (iOS 17):
// only what the app uses. Nothing of it runs; see ../SwiftUI/Core.swift.

@_exported import Foundation

func _declarationOnly() -> Never {
    fatalError("the AVFoundation stand-in is declarations only")
}

/// Plays a sound from a file or data in memory.
open class AVAudioPlayer: NSObject {
    public init(contentsOf url: URL) throws { _declarationOnly() }
    /// Loads the buffers so that `play()` starts at once.
    @discardableResult open func prepareToPlay() -> Bool { _declarationOnly() }
    /// Plays asynchronously from `currentTime`.
    @discardableResult open func play() -> Bool { _declarationOnly() }
    /// Plays from `currentTime` at `time` on the audio device's clock (`deviceCurrentTime`).
    @discardableResult open func play(atTime time: TimeInterval) -> Bool { _declarationOnly() }
    /// The audio device's clock, in seconds.
    open var deviceCurrentTime: TimeInterval { _declarationOnly() }
    open func stop() {}
    /// 0.0 (silent) to 1.0.
    open var volume: Float {
        get { _declarationOnly() }
        set {}
    }
    /// The playback point, in seconds.
    open var currentTime: TimeInterval {
        get { _declarationOnly() }
        set {}
    }
}

/// How the app's audio mixes with other apps' and follows the silent switch.
open class AVAudioSession: NSObject {
    open class func sharedInstance() -> AVAudioSession { _declarationOnly() }
    open func setCategory(_ category: AVAudioSession.Category) throws {}

    public struct Category: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Mixes with other audio; silenced by the silent switch and the screen lock.
        public static let ambient = Category(rawValue: "AVAudioSessionCategoryAmbient")
        public static let soloAmbient = Category(rawValue: "AVAudioSessionCategorySoloAmbient")
        public static let playback = Category(rawValue: "AVAudioSessionCategoryPlayback")
    }
}
