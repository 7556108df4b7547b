// A stand-in for pointfreeco/swift-snapshot-testing 1.18.9 (the version ios/project.yml
// pins), so the snapshot tests can be type-checked on Linux (scripts/test-ios-app.sh): the
// declarations the tests use, with the library's signatures (its sources at that tag:
// AssertSnapshot.swift, Snapshotting/SwiftUIView.swift, Common/View.swift). Like the
// library, it is built in Swift 5 language mode. Declarations only; nothing of it runs
// (see ../SwiftUI/Core.swift).

import SwiftUI
import UIKit

func _declarationOnly() -> Never {
    fatalError("the SnapshotTesting stand-in is declarations only")
}

/// Turns a value into a diffable format (here: a SwiftUI view into an image).
public struct Snapshotting<Value, Format> {
    public var pathExtension: String?
}

/// The size a SwiftUI view is drawn at.
public enum SwiftUISnapshotLayout {
    case device(config: ViewImageConfig)
    case fixed(width: CGFloat, height: CGFloat)
    case sizeThatFits
}

/// A device's screen: its size, safe area and traits.
public struct ViewImageConfig: Sendable {
    public enum Orientation {
        case landscape
        case portrait
    }

    public var safeArea: UIEdgeInsets
    public var size: CGSize?
    public var traits: UITraitCollection

    public init(safeArea: UIEdgeInsets = .zero, size: CGSize? = nil, traits: UITraitCollection = .init()) {
        _declarationOnly()
    }

    public static let iPhoneSe = ViewImageConfig.iPhoneSe(.portrait)
    public static func iPhoneSe(_ orientation: Orientation) -> ViewImageConfig { _declarationOnly() }
    public static let iPhone13ProMax = ViewImageConfig.iPhone13ProMax(.portrait)
    public static func iPhone13ProMax(_ orientation: Orientation) -> ViewImageConfig { _declarationOnly() }
}

extension Snapshotting where Value: SwiftUI.View, Format == UIImage {
    public static var image: Snapshotting { _declarationOnly() }

    /// `drawHierarchyInKeyWindow`: draw in the simulator's key window, for UIAppearance
    /// and visual effects (needs a host application).
    public static func image(
        drawHierarchyInKeyWindow: Bool = false,
        precision: Float = 1,
        perceptualPrecision: Float = 1,
        layout: SwiftUISnapshotLayout = .sizeThatFits,
        traits: UITraitCollection = .init()
    ) -> Snapshotting {
        _declarationOnly()
    }
}

public func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, Format>,
    named name: String? = nil,
    record recording: Bool? = nil,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    _declarationOnly()
}

/// The failure message, or nil when the snapshot matched its reference.
public func verifySnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, Format>,
    named name: String? = nil,
    record recording: Bool? = nil,
    snapshotDirectory: String? = nil,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #file,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) -> String? {
    _declarationOnly()
}
