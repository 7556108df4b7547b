// Foundation API of Apple's platforms that Linux's Foundation marks unavailable and the UI
// tests use: predicates from a format string (Linux's Foundation has no key-value coding).
// Declarations only; see XCUIAutomation.swift.

import Foundation

extension NSPredicate {
    public convenience init(format predicateFormat: String, _ args: any CVarArg...) {
        _declarationOnly()
    }
    public convenience init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        _declarationOnly()
    }
}
