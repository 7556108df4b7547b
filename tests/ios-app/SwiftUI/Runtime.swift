// The stand-in's runtime: enough of SwiftUI's behaviour to run the app's screens in tests
// on Linux. A `_Host` evaluates a root view's body, and its children's, into a tree of
// `_Node`s (text, buttons, controls, alerts, sheets, the navigation stack's top screen,
// accessibility labels and actions, gestures), keeping `@State` by structural identity
// (the path of types, tuple positions, branches and `ForEach` ids from the root, as
// SwiftUI does), the environment's objects, `.onAppear`, `.onChange` and `.task`. Tests
// read the tree and act on it (tap a button, toggle, pick, type, drag, tap at a point),
// then render again. It does no layout beyond passing sizes down (`frame`, `aspectRatio`,
// `GeometryReader`), draws nothing (`Canvas` renderers run against a context that records
// nothing), and runs no animation.

import Foundation

// MARK: - The tree

/// One element of a rendered screen, as a test reads it.
@MainActor
public final class _Node {
    public enum Kind: String, Sendable {
        case group, text, image, button, toggle, picker, textField, stepper, slider, progress
        case alert, dialog, sheet, screen, toolbar, shape, canvas, row
    }

    public let kind: Kind
    /// Text: its words. Image: the symbol's name. Alert, dialog, screen: the title.
    public var text: String?
    public var children: [_Node] = []
    public var disabled = false
    public var role: ButtonRole?
    public var action: (@MainActor () async -> Void)?
    /// Set by `.tag(_:)`: a picker option's value.
    public var tag: AnyHashable?

    // Controls: their value and how to change it (through the control's binding).
    public var isOn: Bool?
    public var setOn: (@MainActor (Bool) async -> Void)?
    public var selection: AnyHashable?
    public var select: (@MainActor (AnyHashable) async -> Void)?
    public var value: String?
    public var setText: (@MainActor (String) async -> Void)?
    public var step: (@MainActor (Int) async -> Void)?
    public var setFraction: (@MainActor (Double) async -> Void)?

    // Accessibility.
    public var accessibilityLabel: String?
    public var accessibilityHidden = false
    public var accessibilityTraits = AccessibilityTraits()
    public var accessibilityAction: (@MainActor () -> Void)?
    public var accessibilityCombined = false

    // Touches other than buttons.
    public var size: CGSize = .zero
    public var dragChanged: (@MainActor (DragGesture.Value) -> Void)?
    public var dragEnded: (@MainActor (DragGesture.Value) -> Void)?
    public var tapAt: (@MainActor (CGPoint) -> Void)?
    public var swipeActions: [_Node] = []
    public var delete: (@MainActor () -> Void)?
    public var badge: String?
    /// A screen's way back (the navigation stack's back button).
    public var back: (@MainActor () async -> Void)?

    public init(_ kind: Kind, text: String? = nil, children: [_Node] = []) {
        self.kind = kind
        self.text = text
        self.children = children
    }

    /// This node and every node under it, depth first, in order.
    public var all: [_Node] {
        var out: [_Node] = [self]
        for child in children { out += child.all }
        for action in swipeActions { out += action.all }
        return out
    }

    /// The words of this subtree, in order (what a sighted player reads).
    public var words: [String] {
        all.compactMap { $0.kind == .text ? $0.text : nil }
    }
}

// MARK: - Rendering

/// What a view is rendered with: where it is (its identity), what its ancestors set.
public struct _Context {
    let host: _Host
    var path: String
    var disabled = false
    var deleteDisabled = false
    var objects: [ObjectIdentifier: AnyObject] = [:]
    var values = EnvironmentValues()
    var size: CGSize
    var navigation: _Navigation?
    var buttonStyle: (any ButtonStyle)?

    func appending(_ part: String) -> _Context {
        var next = self
        next.path = path + "/" + part
        return next
    }
}

/// Views that render themselves (every primitive and modifier); other views render their
/// `body`.
@MainActor
public protocol _Renderable {
    func _nodes(_ ctx: _Context) async -> [_Node]
}

/// `@State` and `@Environment`: linked to the host's storage before `body` is read.
@MainActor
protocol _DynamicInstall {
    func _install(key: String, ctx: _Context)
}

@MainActor
func _render<V: View>(_ view: V, _ ctx: _Context) async -> [_Node] {
    if let primitive = view as? any _Renderable {
        return await primitive._nodes(ctx)
    }
    let ctx = ctx.appending(_shortName(V.self))
    for child in Mirror(reflecting: view).children {
        if let property = child.value as? any _DynamicInstall {
            property._install(key: ctx.path + "." + (child.label ?? "?"), ctx: ctx)
        }
    }
    return await _render(view.body, ctx)
}

@MainActor
func _renderAny(_ view: any View, _ ctx: _Context) async -> [_Node] {
    await _render(view, ctx)
}

func _shortName(_ type: Any.Type) -> String {
    let name = String(describing: type)
    return name.split(separator: "<", maxSplits: 1).first.map(String.init) ?? name
}

/// Holds a value that crosses into a main-actor closure; the runtime only ever runs on
/// the main actor.
struct _Unchecked<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

// MARK: - The host

/// Runs a root view: renders it, keeps its state and lifecycle between renders.
@MainActor
public final class _Host {
    public let size: CGSize
    private let root: any View
    private var objects: [ObjectIdentifier: AnyObject] = [:]
    var store: [String: AnyObject] = [:]
    private var appeared: Set<String> = []
    private var rendering: Set<String> = []
    private var afterRender: [@MainActor () -> Void] = []
    private var tasks: [String: (id: AnyHashable?, task: Task<Void, Never>)] = [:]
    var lastValues: [String: Any] = [:]
    var navigationState: [String: [AnyView]] = [:]

    /// A host for `root` on a screen of `size` points, with `objects` in its environment
    /// (as `.environment(_:)` on the root would put them).
    public init<V: View>(_ root: V, size: CGSize = CGSize(width: 390, height: 844),
                         environment objects: [AnyObject] = []) {
        self.root = root
        self.size = size
        for object in objects { self.objects[ObjectIdentifier(type(of: object))] = object }
    }

    /// Renders the screen as it is now, then runs what appeared, changed or started.
    public func render() async -> _Node {
        rendering = []
        afterRender = []
        var ctx = _Context(host: self, path: "", size: size)
        ctx.objects = objects
        let node = _Node(.group, children: await _renderAny(root, ctx))
        // What is no longer on screen: its tasks stop, its state goes (shown again, it
        // starts afresh, as in SwiftUI).
        appeared.formIntersection(rendering)
        for (key, entry) in tasks where !rendering.contains(key) {
            entry.task.cancel()
            tasks[key] = nil
        }
        store = store.filter { rendering.contains($0.key) }
        lastValues = lastValues.filter { rendering.contains($0.key) }
        navigationState = navigationState.filter { rendering.contains($0.key) }
        let pending = afterRender
        afterRender = []
        for action in pending { action() }
        return node
    }

    /// Cancels every task (a test's end).
    public func stop() {
        for entry in tasks.values { entry.task.cancel() }
        tasks = [:]
    }

    // Lifecycle, called while rendering.

    func mark(_ key: String) { rendering.insert(key) }

    func onAppear(_ key: String, _ action: @escaping @MainActor () -> Void) {
        rendering.insert(key)
        if !appeared.contains(key) {
            appeared.insert(key)
            afterRender.append(action)
        }
    }

    func onChange<V: Equatable>(_ key: String, value: V, initial: Bool,
                                _ action: @escaping @MainActor (V, V) -> Void) {
        rendering.insert(key)
        if let old = lastValues[key] as? V {
            if old != value { afterRender.append { action(old, value) } }
        } else if initial {
            afterRender.append { action(value, value) }
        }
        lastValues[key] = value
    }

    func task(_ key: String, id: AnyHashable?, _ action: @escaping @MainActor () async -> Void) {
        rendering.insert(key)
        if let running = tasks[key], running.id == id { return }
        tasks[key]?.task.cancel()
        tasks[key] = (id, Task { @MainActor in await action() })
    }
}

// MARK: - Presentation

/// Whether a button of an alert or dialog sets its `isPresented` to false before its action
/// runs (true) or after (false). SwiftUI does not document the order; tests run both.
public enum _Presentation {
    nonisolated(unsafe) public static var dismissesBeforeAction = true
}

// MARK: - Navigation

/// A navigation stack while it renders: the destinations its screens declare, and its
/// pushed views.
@MainActor
final class _Navigation {
    var destinations: [ObjectIdentifier: (Any) -> AnyView] = [:]
    let key: String
    init(key: String) { self.key = key }
}

// MARK: - Localisation

/// The strings `Text` and `String(localized:)` look keys up in, as the app's
/// `Localizable.strings` of the test's language (`_Localization.load`).
public enum _Localization {
    nonisolated(unsafe) public static var table: [String: String] = [:]

    /// Reads a `.strings` file (`"key" = "value";`, comments allowed) as the table.
    public static func load(_ path: String) throws {
        table = try parse(String(contentsOfFile: path, encoding: .utf8))
    }

    public static func parse(_ text: String) throws -> [String: String] {
        var table: [String: String] = [:]
        var quoted: [String] = []
        var i = text.startIndex
        func fail(_ why: String) -> Error {
            NSError(domain: "strings", code: 1, userInfo: [NSLocalizedDescriptionKey: why])
        }
        while i < text.endIndex {
            let c = text[i]
            if text[i...].hasPrefix("/*") {
                guard let end = text.range(of: "*/", range: i..<text.endIndex) else {
                    throw fail("unclosed comment")
                }
                i = end.upperBound
                continue
            }
            if text[i...].hasPrefix("//") {
                i = text[i...].firstIndex(of: "\n") ?? text.endIndex
                continue
            }
            if c == "\"" {
                var value = ""
                var j = text.index(after: i)
                while j < text.endIndex, text[j] != "\"" {
                    if text[j] == "\\" {
                        j = text.index(after: j)
                        guard j < text.endIndex else { break }
                        switch text[j] {
                        case "n": value.append("\n")
                        case "t": value.append("\t")
                        default: value.append(text[j])
                        }
                    } else {
                        value.append(text[j])
                    }
                    j = text.index(after: j)
                }
                guard j < text.endIndex else { throw fail("unclosed string") }
                quoted.append(value)
                i = text.index(after: j)
                continue
            }
            if c == ";" {
                guard quoted.count == 2 else { throw fail("an entry is not \"key\" = \"value\";") }
                table[quoted[0]] = quoted[1]
                quoted = []
            } else if c != "=" && !c.isWhitespace {
                throw fail("unexpected \(c)")
            }
            i = text.index(after: i)
        }
        return table
    }

    /// A key's text with its arguments put in (`%@`, `%lld`, `%d`, `%lf`, `%1$@`, `%%`);
    /// the key itself when the table lacks it, as SwiftUI shows it.
    static func resolve(_ key: String, _ args: [_Argument]) -> String {
        format(table[key] ?? key, args)
    }

    static func format(_ template: String, _ args: [_Argument]) -> String {
        var out = ""
        var next = 0
        var i = template.startIndex
        while i < template.endIndex {
            let c = template[i]
            guard c == "%" else {
                out.append(c)
                i = template.index(after: i)
                continue
            }
            var j = template.index(after: i)
            var position: Int?
            var digits = ""
            while j < template.endIndex, template[j].isNumber {
                digits.append(template[j])
                j = template.index(after: j)
            }
            if j < template.endIndex, template[j] == "$", let n = Int(digits) {
                position = n - 1
                j = template.index(after: j)
            }
            var spec = ""
            while j < template.endIndex, "lhqL".contains(template[j]) {
                spec.append(template[j])
                j = template.index(after: j)
            }
            guard j < template.endIndex else {
                out.append(contentsOf: template[i...])
                break
            }
            let conversion = template[j]
            if conversion == "%" {
                out.append("%")
            } else {
                let index = position ?? next
                if position == nil { next += 1 }
                out += index < args.count ? args[index].text : ""
            }
            i = template.index(after: j)
        }
        return out
    }
}

/// A localised string's key as Xcode spells it (`"game.turnOf %@"`) and its arguments,
/// built from an interpolation.
public struct _KeyBuilder: Equatable, Sendable {
    var key = ""
    var arguments: [_Argument] = []

    /// The text in the test's language.
    var resolved: String { _Localization.resolve(key, arguments) }

    public static func == (lhs: _KeyBuilder, rhs: _KeyBuilder) -> Bool {
        lhs.key == rhs.key && lhs.arguments.map(\.text) == rhs.arguments.map(\.text)
    }

    mutating func literal(_ text: String) {
        key += text.replacingOccurrences(of: "%", with: "%%")
    }

    mutating func argument(_ specifier: String, _ value: _Argument) {
        key += specifier
        arguments.append(value)
    }
}

/// An interpolated value of a localised string.
public enum _Argument: Sendable {
    case string(String)
    case integer(Int64)
    case number(Double)

    var text: String {
        switch self {
        case .string(let s): return s
        case .integer(let n): return String(n)
        case .number(let x): return String(x)
        }
    }
}
