// A stand-in for UIKit, so the app's haptics and background time, and the snapshot tests'
// traits, can be type-checked on Linux (scripts/test-ios-app.sh). Declarations only, as
// Apple's SDK imports them (iOS 17 headers, the Swift 6 isolation of Xcode 16: UIKit's
// feedback generators, UIApplication and UIMutableTraits are main-actor types; a trait
// collection and an image are Sendable): only what the app and its tests use. Nothing of
// it runs; see ../SwiftUI/Core.swift.

@_exported import CoreGraphics
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

/// Success, warning and error buzzes.
@MainActor
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackType: Int, Sendable {
        case success, warning, error
    }

    override public init() {}
    open func notificationOccurred(_ notificationType: UINotificationFeedbackGenerator.FeedbackType) {}
}

/// The tick of a changing selection.
@MainActor
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    override public init() {}
    open func selectionChanged() {}
}

// MARK: - The app: time to finish a save in the background, links, the share sheet

@MainActor
open class UIResponder: NSObject {}

/// A background task's id (NS_TYPED_ENUM over NSUInteger).
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// UIBackgroundTaskInvalid.
    public static var invalid: UIBackgroundTaskIdentifier { _declarationOnly() }
}

@MainActor
open class UIApplication: UIResponder {
    open class var shared: UIApplication { _declarationOnly() }
    /// The handler is a plain block in the header (no Sendable or actor annotation).
    open func beginBackgroundTask(withName taskName: String?, expirationHandler handler: (() -> Void)? = nil)
        -> UIBackgroundTaskIdentifier { _declarationOnly() }
    open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {}
    open var connectedScenes: Set<UIScene> { _declarationOnly() }
    open func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:],
                   completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil) {}

    /// NS_TYPED_ENUM over NSString.
    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { _declarationOnly() }
    }
}

@MainActor
open class UIScene: UIResponder {}

@MainActor
open class UIWindowScene: UIScene {
    open var windows: [UIWindow] { _declarationOnly() }
    /// iOS 15.
    open var keyWindow: UIWindow? { _declarationOnly() }
}

@MainActor
open class UIView: UIResponder {
    open var bounds: CGRect {
        get { _declarationOnly() }
        set {}
    }
}

@MainActor
open class UIWindow: UIView {
    open var rootViewController: UIViewController? {
        get { _declarationOnly() }
        set {}
    }
}

@MainActor
open class UIViewController: UIResponder {
    open var view: UIView! {
        get { _declarationOnly() }
        set {}
    }
    open var presentedViewController: UIViewController? { _declarationOnly() }
    open var popoverPresentationController: UIPopoverPresentationController? { _declarationOnly() }
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
                      completion: (@MainActor @Sendable () -> Void)? = nil) {}
}

@MainActor
open class UIPresentationController: NSObject {}

@MainActor
open class UIPopoverPresentationController: UIPresentationController {
    open var sourceView: UIView? {
        get { _declarationOnly() }
        set {}
    }
    open var sourceRect: CGRect {
        get { _declarationOnly() }
        set {}
    }
}

@MainActor
open class UIActivity: NSObject {}

/// The share sheet.
@MainActor
open class UIActivityViewController: UIViewController {
    public init(activityItems: [Any], applicationActivities: [UIActivity]?) { _declarationOnly() }
}

// MARK: - The snapshot tests: appearance and text size

public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

/// A text size (NS_TYPED_ENUM over NSString).
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static var unspecified: UIContentSizeCategory { _declarationOnly() }
    public static var extraSmall: UIContentSizeCategory { _declarationOnly() }
    public static var small: UIContentSizeCategory { _declarationOnly() }
    public static var medium: UIContentSizeCategory { _declarationOnly() }
    public static var large: UIContentSizeCategory { _declarationOnly() }
    public static var extraLarge: UIContentSizeCategory { _declarationOnly() }
    public static var extraExtraLarge: UIContentSizeCategory { _declarationOnly() }
    public static var extraExtraExtraLarge: UIContentSizeCategory { _declarationOnly() }
    public static var accessibilityMedium: UIContentSizeCategory { _declarationOnly() }
    public static var accessibilityLarge: UIContentSizeCategory { _declarationOnly() }
    public static var accessibilityExtraLarge: UIContentSizeCategory { _declarationOnly() }
    public static var accessibilityExtraExtraLarge: UIContentSizeCategory { _declarationOnly() }
    public static var accessibilityExtraExtraExtraLarge: UIContentSizeCategory { _declarationOnly() }
}

public struct UIEdgeInsets: Sendable, Equatable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) { _declarationOnly() }
    public static var zero: UIEdgeInsets { _declarationOnly() }
}

/// The traits a trait collection is made with (iOS 17).
@MainActor
public protocol UIMutableTraits: NSObjectProtocol {
    var userInterfaceStyle: UIUserInterfaceStyle { get set }
    var displayScale: CGFloat { get set }
    var preferredContentSizeCategory: UIContentSizeCategory { get set }
}

open class UITraitCollection: NSObject, @unchecked Sendable {
    override public init() { _declarationOnly() }
    open var userInterfaceStyle: UIUserInterfaceStyle { _declarationOnly() }
    open var displayScale: CGFloat { _declarationOnly() }
    open var preferredContentSizeCategory: UIContentSizeCategory { _declarationOnly() }
    /// traitCollectionByModifyingTraits: (iOS 17).
    open func modifyingTraits(_ mutations: (any UIMutableTraits) -> Void) -> UITraitCollection {
        _declarationOnly()
    }
}

open class UIImage: NSObject, @unchecked Sendable {}
