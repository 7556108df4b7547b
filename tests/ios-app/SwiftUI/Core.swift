// A stand-in for SwiftUI's interface, so the iPhone app's views can be type-checked on
// Linux, where SwiftUI does not exist (scripts/test-ios-app.sh). Declarations only: every
// body traps, nothing here draws or runs. Signatures follow Apple's SDK (iOS 17 API, the
// Swift 6 isolation of Xcode 16: `View`, `App`, `Scene` and `ButtonStyle` are main-actor
// protocols, primitive views and values are Sendable and nonisolated). Only what the app
// uses is declared: a call the app makes that is not here fails the check, and then the
// declaration is added from Apple's documentation, never loosened to make a call pass.

@_exported import Foundation
@_exported import Observation

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

/// What every primitive view and modifier returns here: nothing is ever rendered.
public struct _Primitive<Content>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    nonisolated init() {}
}

@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content)
        -> TupleView<(repeat each Content)> { fatalError() }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
        fatalError()
    }
}

public struct TupleView<T>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

public struct EmptyView: Sendable {
    public nonisolated init() {}
}
extension EmptyView: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

public struct AnyView: Sendable {
    public nonisolated init<V: View>(_ view: V) {}
}
extension AnyView: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

public struct Group<Content> {}
extension Group: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public init(@ViewBuilder content: () -> Content) {}
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {}
extension ForEach: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }

    public init(_ data: Data, id: KeyPath<Data.Element, ID>,
                @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}
extension ForEach where Content: View, Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}
extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {}
}

// MARK: - Data flow

@propertyWrapper
public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public init(initialValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}
extension State: Sendable where Value: Sendable {}

@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    @preconcurrency
    public init(@_inheritActorContext get: @escaping @isolated(any) @Sendable () -> Value,
                @_inheritActorContext set: @escaping @isolated(any) @Sendable (Value) -> Void) {}
    public static func constant(_ value: Value) -> Binding<Value> { fatalError() }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
        -> Binding<Subject> { fatalError() }
}
extension Binding: @unchecked Sendable {}

public protocol DynamicProperty {}

@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}
extension Environment: Sendable where Value: Sendable {}
extension Environment {
    /// An `@Observable` object put in the environment with `.environment(_:)`.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {}
}

public struct EnvironmentValues: CustomStringConvertible {
    public init() {}
    public var description: String { "" }
    public var scenePhase: ScenePhase { fatalError() }
}

public enum ScenePhase: Comparable, Hashable, Sendable {
    case background, inactive, active
}

extension View {
    nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        _Primitive<Self>()
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
