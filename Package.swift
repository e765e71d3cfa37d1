// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ReduxKitLinux",
    // What the code needs on Apple platforms (Linux ignores this): `Synchronization`'s `Atomic`
    // (macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2); `Observation` and `Clock` need less.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "ReduxKitLinux", targets: ["ReduxKitLinux"]),
        .library(name: "ReduxKitLinuxTesting", targets: ["ReduxKitLinuxTesting"]),
    ],
    targets: [
        .target(name: "ReduxKitLinux"),
        .target(name: "ReduxKitLinuxTesting", dependencies: ["ReduxKitLinux"]),
        .executableTarget(name: "Demo", dependencies: ["ReduxKitLinux"]),
        .executableTarget(name: "Benchmarks", dependencies: ["ReduxKitLinux"]),
        .executableTarget(name: "Soak", dependencies: ["ReduxKitLinux"]),
        .executableTarget(name: "LeakCheck", dependencies: ["ReduxKitLinux"]),
        // A child process the Persistence tests kill with SIGKILL mid-save (built with the tests).
        .executableTarget(name: "PersistenceCrashTester", dependencies: ["ReduxKitLinux"]),
        .testTarget(name: "ReduxKitLinuxTests", dependencies: ["ReduxKitLinux", "ReduxKitLinuxTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
