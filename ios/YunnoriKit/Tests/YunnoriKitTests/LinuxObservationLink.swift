// Linux only: Debian trixie's swiftlang 6.0.3 ships a libswiftObservation.so that calls
// `swift::threading::fatal(const char *, ...)` without defining it (the runtime keeps its
// own copy hidden), so any executable using @Observable fails to link
// (swiftlang/swift#75670, fixed upstream in Swift 6.2). The test executable defines the
// function here; it runs only if Observation's internal locking fails, and then stops the
// process with the message, as the runtime's own version does. Apple platforms need none
// of this.
#if os(Linux)
import Glibc

@_cdecl("_ZN5swift9threading5fatalEPKcz")
public func yunnoriObservationThreadingFatal(_ message: UnsafePointer<CChar>) -> Never {
    _ = write(STDERR_FILENO, message, strlen(message))
    abort()
}
#endif
