// A stand-in for SwiftUI, so the iPhone app's views can be type-checked and run on Linux,
// where SwiftUI does not exist (scripts/test-ios-app.sh). Signatures follow Apple's SDK
// (iOS 17 API, the Swift 6 isolation of Xcode 16: `View`, `App`, `Scene` and
// `ButtonStyle` are main-actor protocols; primitive views and values are Sendable and
// their modifiers nonisolated). Only what the app uses is declared: a call the app makes
// that is not here fails the check, and then the declaration is added from Apple's
// documentation, never loosened to make a call pass. Behaviour: see Runtime.swift.

@_exported import Foundation
@_exported import Observation
internal import SwiftUISupport

// MARK: - View and its builder

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content)
        -> TupleView<(repeat each Content)> {
        var children: [any View] = []
        for child in repeat each content { children.append(child) }
        return TupleView(children)
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent(first: first) }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent(second: second) }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
        AnyView(content)
    }
}

public struct TupleView<T> {
    let children: [any View]
    nonisolated init(_ children: [any View]) { self.children = children }
}
extension TupleView: View, _Renderable {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public func _nodes(_ ctx: _Context) async -> [_Node] {
        var nodes: [_Node] = []
        for (i, child) in children.enumerated() {
            nodes += await _renderAny(child, ctx.appending(String(i)))
        }
        return nodes
    }
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View> {
    let first: TrueContent?
    let second: FalseContent?
    nonisolated init(first: TrueContent) {
        self.first = first
        self.second = nil
    }
    nonisolated init(second: FalseContent) {
        self.first = nil
        self.second = second
    }
}
extension _ConditionalContent: View, _Renderable {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public func _nodes(_ ctx: _Context) async -> [_Node] {
        if let first { return await _render(first, ctx.appending("T")) }
        if let second { return await _render(second, ctx.appending("F")) }
        return []
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}
extension Optional: _Renderable where Wrapped: View {
    public func _nodes(_ ctx: _Context) async -> [_Node] {
        guard let view = self else { return [] }
        return await _render(view, ctx.appending("some"))
    }
}

public struct EmptyView: Sendable {
    public nonisolated init() {}
}
extension EmptyView: View, _Renderable {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public func _nodes(_ ctx: _Context) async -> [_Node] { [] }
}

public struct AnyView: @unchecked Sendable {
    let view: any View
    public nonisolated init<V: View>(_ view: V) { self.view = view }
}
extension AnyView: View, _Renderable {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public func _nodes(_ ctx: _Context) async -> [_Node] {
        await _renderAny(view, ctx.appending(_shortName(type(of: view))))
    }
}

public struct Group<Content> {
    let content: Content
}
extension Group: View, _Renderable where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public func _nodes(_ ctx: _Context) async -> [_Node] { await _render(content, ctx) }
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public var data: Data
    let id: KeyPath<Data.Element, ID>
    let content: (Data.Element) -> Content
}
extension ForEach: View, _Renderable where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }

    public init(_ data: Data, id: KeyPath<Data.Element, ID>,
                @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.content = content
    }

    /// Each element is a row (a list's rows can be deleted one by one).
    public func _nodes(_ ctx: _Context) async -> [_Node] {
        var rows: [_Node] = []
        for element in data {
            let key = String(describing: element[keyPath: id])
            rows.append(_Node(.row, children: await _render(content(element), ctx.appending("#" + key))))
        }
        return rows
    }
}
extension ForEach where Content: View, Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}
extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

// MARK: - Data flow

final class _StateBox<Value> {
    var value: Value
    var link: _StateBox<Value>?
    init(_ value: Value) { self.value = value }
    var target: _StateBox<Value> { link?.target ?? self }
}

@propertyWrapper
public struct State<Value>: DynamicProperty {
    let box: _StateBox<Value>
    public init(wrappedValue value: Value) { box = _StateBox(value) }
    public init(initialValue value: Value) { box = _StateBox(value) }
    public var wrappedValue: Value {
        get { box.target.value }
        nonmutating set { box.target.value = newValue }
    }
    public var projectedValue: Binding<Value> {
        let box = _Unchecked(self.box)
        return Binding(_read: { box.value.target.value }, write: { box.value.target.value = $0 })
    }
}
extension State: @unchecked Sendable where Value: Sendable {}
extension State: _DynamicInstall {
    func _install(key: String, ctx: _Context) {
        ctx.host.mark(key)
        if let kept = ctx.host.store[key] as? _StateBox<Value> {
            if kept !== box { box.link = kept }
        } else {
            ctx.host.store[key] = box
        }
    }
}

@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    enum Access {
        case plain(read: () -> Value, write: (Value) -> Void)
        case isolated(read: @isolated(any) @Sendable () -> Value,
                      write: @isolated(any) @Sendable (Value) -> Void)
    }
    let access: Access

    @preconcurrency
    public init(@_inheritActorContext get: @escaping @isolated(any) @Sendable () -> Value,
                @_inheritActorContext set: @escaping @isolated(any) @Sendable (Value) -> Void) {
        access = .isolated(read: get, write: set)
    }
    init(_read: @escaping () -> Value, write: @escaping (Value) -> Void) {
        access = .plain(read: _read, write: write)
    }
    public static func constant(_ value: Value) -> Binding<Value> {
        let box = _Unchecked(value)
        return Binding(_read: { box.value }, write: { _ in })
    }
    /// Only the bindings SwiftUI makes itself (`$state`) can be read without waiting;
    /// the app never reads a binding's value directly.
    public var wrappedValue: Value {
        get {
            guard case .plain(let read, _) = access else {
                fatalError("stand-in: read a get/set binding with `await binding._get()`")
            }
            return read()
        }
        nonmutating set {
            guard case .plain(_, let write) = access else {
                fatalError("stand-in: write a get/set binding with `await binding._set(_:)`")
            }
            write(newValue)
        }
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
        -> Binding<Subject> {
        let base = _Unchecked(self)
        return Binding<Subject>(
            _read: { base.value.wrappedValue[keyPath: keyPath] },
            write: { part in
                var whole = base.value.wrappedValue
                whole[keyPath: keyPath] = part
                base.value.wrappedValue = whole
            })
    }

    @MainActor public func _get() async -> Value {
        switch access {
        case .plain(let read, _): return read()
        case .isolated(let read, _): return await _standInRead(read)
        }
    }

    @MainActor public func _set(_ value: Value) async {
        switch access {
        case .plain(_, let write): write(value)
        case .isolated(_, let write): await _standInWrite(write, value)
        }
    }
}
extension Binding: @unchecked Sendable where Value: Sendable {}

public protocol DynamicProperty {}

final class _EnvironmentBox<Value> {
    var value: Value?
}

@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    enum Source {
        case keyPath(KeyPath<EnvironmentValues, Value>)
        case object(ObjectIdentifier)
    }
    let source: Source
    let box = _EnvironmentBox<Value>()

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { source = .keyPath(keyPath) }
    public var wrappedValue: Value {
        guard let value = box.value else {
            fatalError("stand-in: @Environment(\(Value.self)) read before its view was rendered")
        }
        return value
    }
}
extension Environment: @unchecked Sendable where Value: Sendable {}
extension Environment {
    /// An `@Observable` object put in the environment with `.environment(_:)`.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        source = .object(ObjectIdentifier(objectType))
    }
}
extension Environment: _DynamicInstall {
    func _install(key: String, ctx: _Context) {
        switch source {
        case .keyPath(let path):
            box.value = ctx.values[keyPath: path]
        case .object(let id):
            guard let object = ctx.objects[id] as? Value else {
                fatalError("stand-in: no \(Value.self) in the environment at \(key)")
            }
            box.value = object
        }
    }
}

public struct EnvironmentValues: CustomStringConvertible {
    public init() {}
    public var description: String { "EnvironmentValues" }
    public var scenePhase: ScenePhase { .active }
}

public enum ScenePhase: Comparable, Hashable, Sendable {
    case background, inactive, active
}

extension View {
    nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        let object = _Unchecked(object)
        return _Modified(self) { ctx, inner in
            var ctx = ctx
            if let object = object.value { ctx.objects[ObjectIdentifier(T.self)] = object }
            return await inner(ctx)
        }
    }
}

// MARK: - App and scenes

@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
    @MainActor @preconcurrency init()
}
extension App {
    @MainActor @preconcurrency public static func main() {}
}

@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
}
extension Never: Scene {}

@resultBuilder
public struct SceneBuilder {
    public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

public struct WindowGroup<Content: View>: Scene {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public init(@ViewBuilder content: () -> Content) {}
}

public struct _PrimitiveScene<Content>: Scene {
    public typealias Body = Never
    public var body: Never { fatalError() }
    nonisolated init() {}
}

extension Scene {
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                                   _ action: @escaping (V, V) -> Void) -> some Scene {
        _PrimitiveScene<Self>()
    }
}

// MARK: - Modified views

/// What every modifier returns: its content, rendered through what the modifier does.
public struct _Modified<Content: View> {
    let content: Content
    let apply: @MainActor (_Context, @MainActor (_Context) async -> [_Node]) async -> [_Node]
    nonisolated init(_ content: Content,
                     _ apply: @escaping @MainActor (_Context, @MainActor (_Context) async -> [_Node]) async -> [_Node]) {
        self.content = content
        self.apply = apply
    }
}
extension _Modified: View, _Renderable {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public func _nodes(_ ctx: _Context) async -> [_Node] {
        let content = self.content
        return await apply(ctx) { c in await _render(content, c) }
    }
}

extension View {
    /// A modifier that changes nothing a test can see (padding, fonts, colours, effects).
    nonisolated func _same() -> _Modified<Self> {
        _Modified(self) { ctx, inner in await inner(ctx) }
    }

    /// A modifier that sets something on the nodes of its content.
    nonisolated func _each(_ change: @escaping @MainActor (_Node) -> Void) -> _Modified<Self> {
        _Modified(self) { ctx, inner in
            let nodes = await inner(ctx)
            for node in nodes { change(node) }
            return nodes
        }
    }

    /// A modifier that wraps its content in one node (accessibility, gestures).
    nonisolated func _wrapped(_ change: @escaping @MainActor (_Node, _Context) -> Void) -> _Modified<Self> {
        _Modified(self) { ctx, inner in
            let node = _Node(.group, children: await inner(ctx))
            node.size = ctx.size
            change(node, ctx)
            return [node]
        }
    }
}
extension Binding: DynamicProperty {}
