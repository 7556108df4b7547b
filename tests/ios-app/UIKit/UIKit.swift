// A stand-in for UIKit, so the app's haptics can be type-checked on Linux
// (scripts/test-ios-app.sh). Declarations only, as Apple's SDK imports them (iOS 17, the
// Swift 6 isolation of Xcode 16: UIKit's feedback generators are main-actor classes):
// only what the app uses. Nothing of it runs; see ../SwiftUI/Core.swift.

@_exported import Foundation

func _declarationOnly() -> Never {
    fatalError("the UIKit stand-in is declarations only")
}

@MainActor
open class UIFeedbackGenerator: NSObject {
    /// Wakes the Taptic Engine so that the next feedback plays without delay.
    open func prepare() {}
}

@MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackStyle: Int, Sendable {
        case light, medium, heavy, soft, rigid
    }

    public init(style: UIImpactFeedbackGenerator.FeedbackStyle) {}
    open func impactOccurred() {}
    /// An impact of `intensity` (0.0 to 1.0).
    open func impactOccurred(intensity: CGFloat) {}
}
