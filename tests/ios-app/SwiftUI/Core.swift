// A stand-in for SwiftUI, so the iPhone app's views can be type-checked on Linux, where
// SwiftUI does not exist (scripts/test-ios-app.sh). It is declarations only: nothing here
// runs (bodies that would have to produce a value stop the program), so what the app's
// screens do is tested through their view models (YunnoriKit's tests), not here.
// Signatures follow Apple's SDK (iOS 17 API, the Swift 6 isolation of Xcode 16: `View`,
// `App`, `Scene` and `ButtonStyle` are main-actor protocols; primitive views and values
// are Sendable, their initialisers and modifiers nonisolated). Only what the app uses is
// declared: a call the app makes that is not here fails the check, and then the
// declaration is added from Apple's documentation, never loosened to make a call pass.

@_exported import CoreGraphics
@_exported import Foundation
@_exported import Observation

/// What a declaration-only body does if it is ever run.
func _declarationOnly() -> Never {
    fatalError("the SwiftUI stand-in is declarations only")
}

// MARK: - View and its builder

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { _declarationOnly() }
}

/// A view SwiftUI draws itself: no `body` to look inside.
public protocol _PrimitiveView: View where Body == Never {}
extension _PrimitiveView {
    public var body: Never { _declarationOnly() }
}

@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content)
        -> TupleView<(repeat each Content)> { TupleView() }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
        AnyView(content)
    }
}

public struct TupleView<T>: Sendable {
    nonisolated init() {}
}
public struct _ConditionalContent<TrueContent, FalseContent>: Sendable {
    nonisolated init() {}
}
public struct EmptyView: Sendable {
    public nonisolated init() {}
}
public struct AnyView: Sendable {
    public nonisolated init<V: View>(_ view: V) {}
}
public struct Group<Content> {}
extension Group: View, _PrimitiveView where Content: View {
    public init(@ViewBuilder content: () -> Content) {}
}
extension Optional: View, _PrimitiveView where Wrapped: View {}
extension TupleView: View, _PrimitiveView {}
extension _ConditionalContent: View, _PrimitiveView where TrueContent: View, FalseContent: View {}
extension EmptyView: View, _PrimitiveView {}
extension AnyView: View, _PrimitiveView {}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public var data: Data
}
extension ForEach: View, _PrimitiveView where Content: View {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>,
                @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
    }
}
extension ForEach where Content: View, Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
    }
}
extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
    }
}

/// `ForEach`'s rows, which a list can delete.
public protocol DynamicViewContent: View {
    associatedtype Data: Collection
    var data: Data { get }
}
extension ForEach: DynamicViewContent where Content: View {}

public struct _DeletableRows<Base: DynamicViewContent>: Sendable {
    nonisolated init() {}
}
extension _DeletableRows: View, _PrimitiveView, DynamicViewContent {
    public var data: Base.Data { _declarationOnly() }
}
extension DynamicViewContent {
    nonisolated public func onDelete(perform action: ((IndexSet) -> Void)?) -> some DynamicViewContent {
        _DeletableRows<Self>()
    }
}

// MARK: - Data flow

public protocol DynamicProperty {}

@propertyWrapper
public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public init(initialValue value: Value) {}
    public var wrappedValue: Value {
        get { _declarationOnly() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { _declarationOnly() }
}
extension State: Sendable where Value: Sendable {}

@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    @preconcurrency
    public init(@_inheritActorContext get: @escaping @isolated(any) @Sendable () -> Value,
                @_inheritActorContext set: @escaping @isolated(any) @Sendable (Value) -> Void) {}
    public static func constant(_ value: Value) -> Binding<Value> { _declarationOnly() }
    public var wrappedValue: Value {
        get { _declarationOnly() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
        -> Binding<Subject> { _declarationOnly() }
}
extension Binding: Sendable where Value: Sendable {}
extension Binding: DynamicProperty {}

@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { _declarationOnly() }
}
extension Environment: Sendable where Value: Sendable {}
extension Environment {
    /// An `@Observable` object put in the environment with `.environment(_:)`.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {}
}

public struct EnvironmentValues: CustomStringConvertible {
    public init() {}
    public var description: String { "EnvironmentValues" }
    public var scenePhase: ScenePhase { .active }
    public var accessibilityReduceMotion: Bool { false }
    public var dynamicTypeSize: DynamicTypeSize { .large }
    /// False inside a disabled control (`.disabled(true)`).
    public var isEnabled: Bool {
        get { _declarationOnly() }
        set {}
    }
    public var colorScheme: ColorScheme {
        get { _declarationOnly() }
        set {}
    }
}

/// Light or dark appearance.
public enum ColorScheme: CaseIterable, Hashable, Sendable {
    case light
    case dark
}

public enum ScenePhase: Comparable, Hashable, Sendable {
    case background, inactive, active
}

/// State kept with the scene, which the system restores when it brings the app back after
/// ending it in the background.
@propertyWrapper
public struct SceneStorage<Value>: DynamicProperty {
    public var wrappedValue: Value {
        get { _declarationOnly() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { _declarationOnly() }
    public init(_ key: String) where Value == String? {}
    public init(wrappedValue: Value, _ key: String) where Value == String {}
    public init(wrappedValue: Value, _ key: String) where Value == Bool {}
    public init(wrappedValue: Value, _ key: String) where Value == Int {}
}

/// A length that grows and shrinks with the text size (Dynamic Type).
@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty {
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) {}
    public init(wrappedValue: Value) {}
    public var wrappedValue: Value { _declarationOnly() }
}

extension View {
    nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        _Modified<Self>()
    }
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
        -> some View {
        _Modified<Self>()
    }
}

// MARK: - Previews

/// Xcode's previews declared as a type (the licences screen's, which the `#if
/// canImport(UIKit)` around it shows to this check since the UIKit stand-in exists).
@MainActor @preconcurrency
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder @MainActor @preconcurrency static var previews: Previews { get }
}

extension View {
    nonisolated public func previewDisplayName(_ value: String?) -> some View { _modified() }
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
    public var body: Never { _declarationOnly() }
    public init(@ViewBuilder content: () -> Content) {}
}

public struct _PrimitiveScene<Content>: Scene {
    public typealias Body = Never
    public var body: Never { _declarationOnly() }
    nonisolated init() {}
}

extension Scene {
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                                   _ action: @escaping (V, V) -> Void) -> some Scene {
        _PrimitiveScene<Self>()
    }
}

// MARK: - Modified views

/// What every modifier returns (Apple's `ModifiedContent`, without its modifier types).
public struct _Modified<Content>: Sendable {
    nonisolated init() {}
}
extension _Modified: View, _PrimitiveView where Content: View {}
extension View {
    /// The modified view (every modifier returns one).
    nonisolated func _modified() -> _Modified<Self> { _Modified() }
}
