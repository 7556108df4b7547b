// A stand-in for the part of CoreGraphics that Linux's Foundation lacks (it has CGFloat,
// CGPoint, CGSize, CGRect and the math on CGFloat, as Apple's CoreGraphics overlay does):
// CGVector, which XCTest's UI automation takes. SwiftUI and UIKit re-export CoreGraphics on
// Apple's platforms, and so do their stand-ins here. Signatures as in the iPhoneOS SDK's
// CoreGraphics.swiftinterface. Declarations only; nothing of it runs (see ../SwiftUI/Core.swift).

@_exported import Foundation

func _declarationOnly() -> Never {
    fatalError("the CoreGraphics stand-in is declarations only")
}

public struct CGVector: Sendable, Equatable {
    public var dx: CGFloat
    public var dy: CGFloat
    public init() { _declarationOnly() }
    public init(dx: CGFloat, dy: CGFloat) { _declarationOnly() }
    public init(dx: Int, dy: Int) { _declarationOnly() }
    public init(dx: Double, dy: Double) { _declarationOnly() }
}
