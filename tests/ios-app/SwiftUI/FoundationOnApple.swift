// Foundation API of Apple's platforms that Linux's Foundation (Swift 6.0) lacks and the app
// uses. Declarations only; see Core.swift.

import Foundation

extension String {
    /// Apple's `String(localized:)` (iOS 15): the key is the interpolation with format
    /// specifiers, as in a `LocalizedStringKey`.
    public init(localized keyAndValue: String.LocalizationValue, table: String? = nil,
                bundle: Bundle? = nil, locale: Locale = .current, comment: StaticString? = nil) {
        _declarationOnly()
    }

    public struct LocalizationValue: Equatable, ExpressibleByStringInterpolation, Sendable {
        public init(stringLiteral value: String) {}
        public init(stringInterpolation: StringInterpolation) {}

        public struct StringInterpolation: StringInterpolationProtocol, Sendable {
            public init(literalCapacity: Int, interpolationCount: Int) {}
            public mutating func appendLiteral(_ literal: String) {}
            public mutating func appendInterpolation(_ string: String) {}
            public mutating func appendInterpolation(_ value: Int) {}
            public mutating func appendInterpolation(_ value: Double) {}
        }
    }
}

/// Apple's `NSUserActivity` (Foundation): how a Universal Link reaches the app (its
/// `webpageURL`), as far as the app reads it.
open class NSUserActivity: NSObject {
    open var activityType: String { _declarationOnly() }
    open var webpageURL: URL? { _declarationOnly() }
}

/// The activity type of a web page handed to the app (a Universal Link).
public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"
