// Support for the SwiftUI stand-in (tests/ios-app/SwiftUI), built as its own module in
// Swift 5 mode: a binding made with `Binding(get:set:)` keeps Apple's closure types
// (`@isolated(any) @Sendable`), whose values Swift 6 will not hand across an unknown
// isolation unless they are Sendable. The app's bindings are made on the main actor
// (`@_inheritActorContext`), where these calls run, so nothing crosses in fact.

@MainActor
public func _standInRead<Value>(_ read: @isolated(any) @Sendable () -> Value) async -> Value {
    await read()
}

@MainActor
public func _standInWrite<Value>(_ write: @isolated(any) @Sendable (Value) -> Void,
                                 _ value: Value) async {
    await write(value)
}
