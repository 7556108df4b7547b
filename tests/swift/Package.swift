// swift-tools-version:6.0
// Tests of the Swift bindings of yut-ffi. scripts/test-swift.sh generates the bindings
// into a scratch copy of this package (Sources/YutCoreFFI: the C header and module map;
// Sources/YutCore: the Swift API) and runs `swift test` against libyut_ffi.so.
import PackageDescription

let package = Package(
    name: "YutCoreTests",
    targets: [
        .systemLibrary(name: "YutCoreFFI", path: "Sources/YutCoreFFI"),
        .target(
            name: "YutCore",
            dependencies: ["YutCoreFFI"],
            path: "Sources/YutCore",
            linkerSettings: [.linkedLibrary("yut_ffi")]
        ),
        .testTarget(
            name: "YutCoreTests",
            dependencies: ["YutCore"],
            path: "Tests/YutCoreTests"
        ),
    ]
)
