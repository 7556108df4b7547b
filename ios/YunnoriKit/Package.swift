// swift-tools-version:6.0
// YunnoriKit: the iPhone app's view models, over the Rust core through its UniFFI bindings.
//
// The bindings are generated, never committed (ios/.gitignore):
//   Generated/YutCore/YutCore.swift        the Swift API (module YutCore)
//   Generated/YutCoreFFI/YutCoreFFI.h      the C declarations it calls
//   Generated/YutCoreFFI/module.modulemap  (module YutCoreFFI)
// so the package opens only once they exist: on a Mac, `scripts/build-ios-xcframework.sh`
// (from the repository root) writes them; on Linux, scripts/test-ios-viewmodel.sh does.
// The compiled library comes from one of two places:
//   - Frameworks/YutCoreFFI.xcframework, when present: libyut_ffi.a for the iPhone and the
//     simulators, with the header and module map (how the app links it), made by the same
//     run of scripts/build-ios-xcframework.sh as the bindings, so the two always match.
//     The package's tests then run on the simulator (`xcodebuild test -scheme YunnoriKit
//     -destination 'platform=iOS Simulator,...'`); the XCFramework has no macOS slice;
//   - otherwise libyut_ffi.so / .dylib found through the linker's search path (the Linux
//     tests pass -L and -rpath to `swift test`).
import Foundation
import PackageDescription

let xcframework = "Frameworks/YutCoreFFI.xcframework"
let haveXCFramework = FileManager.default.fileExists(
    atPath: Context.packageDirectory + "/" + xcframework)

let ffiTarget: Target = haveXCFramework
    ? .binaryTarget(name: "YutCoreFFI", path: xcframework)
    : .systemLibrary(name: "YutCoreFFI", path: "Generated/YutCoreFFI")

let package = Package(
    name: "YunnoriKit",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "YunnoriKit", targets: ["YunnoriKit"])
    ],
    targets: [
        ffiTarget,
        .target(
            name: "YutCore",
            dependencies: ["YutCoreFFI"],
            path: "Generated/YutCore",
            // The xcframework is linked as a binary target; without it, name the library.
            linkerSettings: haveXCFramework ? [] : [.linkedLibrary("yut_ffi")]
        ),
        .target(
            name: "YunnoriKit",
            dependencies: ["YutCore"],
            path: "Sources/YunnoriKit"
        ),
        .testTarget(
            name: "YunnoriKitTests",
            dependencies: ["YunnoriKit"],
            path: "Tests/YunnoriKitTests"
        ),
    ]
)
