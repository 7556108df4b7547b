// A stand-in for XCUIAutomation, the UI-testing part of Apple's XCTest (`import XCTest`
// brings it; Xcode 16.3 made it a framework of its own), so the UI tests can be
// type-checked on Linux (scripts/test-ios-app.sh), where XCTest has no UI automation. The
// rest of XCTest is Linux's own (swift-corelibs-xctest). Declarations only, as Apple's
// documentation gives them (developer.apple.com/documentation/xcuiautomation): elements,
// queries and coordinates are main-actor classes. Only what the tests use; nothing of it
// runs (see ../SwiftUI/Core.swift).

@_exported import CoreGraphics
@_exported import Foundation

func _declarationOnly() -> Never {
    fatalError("the XCUIAutomation stand-in is declarations only")
}

/// How fast a swipe moves, in pixels per second.
public struct XCUIGestureVelocity: RawRepresentable, Hashable, Sendable {
    public let rawValue: CGFloat
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
    public static var `default`: XCUIGestureVelocity { _declarationOnly() }
    public static var fast: XCUIGestureVelocity { _declarationOnly() }
    public static var slow: XCUIGestureVelocity { _declarationOnly() }
}

/// The kinds of an accessibility audit (iOS 17).
public struct XCUIAccessibilityAuditType: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static var all: XCUIAccessibilityAuditType { _declarationOnly() }
    public static var contrast: XCUIAccessibilityAuditType { _declarationOnly() }
    public static var dynamicType: XCUIAccessibilityAuditType { _declarationOnly() }
    public static var elementDetection: XCUIAccessibilityAuditType { _declarationOnly() }
    public static var hitRegion: XCUIAccessibilityAuditType { _declarationOnly() }
    public static var sufficientElementDescription: XCUIAccessibilityAuditType { _declarationOnly() }
    public static var textClipped: XCUIAccessibilityAuditType { _declarationOnly() }
    public static var trait: XCUIAccessibilityAuditType { _declarationOnly() }
}

open class XCUIAccessibilityAuditIssue: NSObject {
    open var auditType: XCUIAccessibilityAuditType { _declarationOnly() }
    open var compactDescription: String { _declarationOnly() }
    open var detailedDescription: String { _declarationOnly() }
    open var element: XCUIElement? { _declarationOnly() }
}

/// Element types to query by (XCUIElementType).
public enum XCUIElementType: UInt, Sendable {
    case any = 0, other, application, group, window, sheet, drawer, alert, dialog, button
    case radioButton, radioGroup, checkBox, disclosureTriangle, popUpButton, comboBox, menuButton
    case toolbarButton, popover, keyboard, key, navigationBar, tabBar, tabGroup, toolbar, statusBar
    case table, tableRow, tableColumn, outline, outlineRow, browser, collectionView, slider
    case pageIndicator, progressIndicator, activityIndicator, segmentedControl, picker, pickerWheel
    case `switch`, toggle, link, image, icon, searchField, scrollView, scrollBar, staticText
    case textField, secureTextField, datePicker, textView, menu, menuItem, menuBar, menuBarItem
    case map, webView, incrementArrow, decrementArrow, timeline, ratingIndicator, valueIndicator
    case splitGroup, splitter, relevanceIndicator, colorWell, helpTag, matte, dockItem, ruler
    case rulerMarker, grid, levelIndicator, cell, layoutArea, layoutItem, handle, stepper, tab
    case touchBar, statusItem
}

/// What elements and queries offer to find the elements under them.
@MainActor
public protocol XCUIElementTypeQueryProvider {
    var buttons: XCUIElementQuery { get }
    var switches: XCUIElementQuery { get }
    var staticTexts: XCUIElementQuery { get }
    var textFields: XCUIElementQuery { get }
    var navigationBars: XCUIElementQuery { get }
}

// Both XCUIElement and XCUIElementQuery provide these (declared once here).
extension XCUIElementTypeQueryProvider {
    public var buttons: XCUIElementQuery { _declarationOnly() }
    public var switches: XCUIElementQuery { _declarationOnly() }
    public var staticTexts: XCUIElementQuery { _declarationOnly() }
    public var textFields: XCUIElementQuery { _declarationOnly() }
    public var navigationBars: XCUIElementQuery { _declarationOnly() }
}

@MainActor
open class XCUIElement: NSObject, XCUIElementTypeQueryProvider {
    public typealias ElementType = XCUIElementType

    open var exists: Bool { _declarationOnly() }
    open var isHittable: Bool { _declarationOnly() }
    // XCUIElementAttributes
    open var label: String { _declarationOnly() }
    open var value: Any? { _declarationOnly() }
    open var identifier: String { _declarationOnly() }
    open var isEnabled: Bool { _declarationOnly() }

    open func waitForExistence(timeout: TimeInterval) -> Bool { _declarationOnly() }
    open func descendants(matching type: XCUIElement.ElementType) -> XCUIElementQuery { _declarationOnly() }
    open func coordinate(withNormalizedOffset normalizedOffset: CGVector) -> XCUICoordinate { _declarationOnly() }
    open func tap() { _declarationOnly() }
    open func swipeUp(velocity: XCUIGestureVelocity) { _declarationOnly() }
    open func swipeDown(velocity: XCUIGestureVelocity) { _declarationOnly() }
}

@MainActor
open class XCUIApplication: XCUIElement {
    override public init() { _declarationOnly() }
    open var launchArguments: [String] {
        get { _declarationOnly() }
        set { _declarationOnly() }
    }
    open var launchEnvironment: [String: String] {
        get { _declarationOnly() }
        set { _declarationOnly() }
    }
    open func launch() { _declarationOnly() }
    /// Launches the application by URL (iOS 16.4).
    open func open(_ url: URL) { _declarationOnly() }
    /// Runs the accessibility audit on the current screen; throws on the issues the handler
    /// does not ignore (iOS 17).
    public func performAccessibilityAudit(
        for auditTypes: XCUIAccessibilityAuditType = .all,
        _ issueHandler: ((XCUIAccessibilityAuditIssue) throws -> Bool)? = nil
    ) throws {
        _declarationOnly()
    }
}

@MainActor
open class XCUIElementQuery: NSObject, XCUIElementTypeQueryProvider {
    open var count: Int { _declarationOnly() }
    open var firstMatch: XCUIElement { _declarationOnly() }
    open subscript(key: String) -> XCUIElement { _declarationOnly() }
    open func element(boundBy index: Int) -> XCUIElement { _declarationOnly() }
    open func matching(_ predicate: NSPredicate) -> XCUIElementQuery { _declarationOnly() }
}

@MainActor
open class XCUICoordinate: NSObject {
    open func tap() { _declarationOnly() }
}
