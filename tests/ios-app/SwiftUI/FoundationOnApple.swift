// Foundation API of Apple's platforms that Linux's Foundation (Swift 6.0) lacks and the app
// uses. Declared here so the views type-check and run; see Core.swift for what this module
// is. The text comes from the stand-in's strings table (`_Localization`).

import Foundation

extension String {
    /// Apple's `String(localized:)` (iOS 15): the key is the interpolation with format
    /// specifiers, as in a `LocalizedStringKey`.
    public init(localized keyAndValue: String.LocalizationValue, table: String? = nil,
                bundle: Bundle? = nil, locale: Locale = .current, comment: StaticString? = nil) {
        self = keyAndValue.built.resolved
    }

    public struct LocalizationValue: Equatable, ExpressibleByStringInterpolation, Sendable {
        let built: _KeyBuilder

        public init(stringLiteral value: String) { built = _KeyBuilder(key: value) }
        public init(stringInterpolation: StringInterpolation) { built = stringInterpolation.built }

        public struct StringInterpolation: StringInterpolationProtocol, Sendable {
            var built = _KeyBuilder()
            public init(literalCapacity: Int, interpolationCount: Int) {}
            public mutating func appendLiteral(_ literal: String) { built.literal(literal) }
            public mutating func appendInterpolation(_ string: String) {
                built.argument("%@", .string(string))
            }
            public mutating func appendInterpolation(_ value: Int) {
                built.argument("%lld", .integer(Int64(value)))
            }
            public mutating func appendInterpolation(_ value: Double) {
                built.argument("%lf", .number(value))
            }
        }
    }
}
