// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ReduxKitLinux",
    // What the code needs on Apple platforms (Linux ignores this): `Synchronization`'s `Atomic`
    // (macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2); `Observation` and `Clock` need less.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    // One product per concern, so an app imports what it uses (Docs/Architecture.md has the picture):
    // the core store (no Foundation), effects, devtools, and test tools.
    products: [
        .library(name: "ReduxKitLinux", targets: ["ReduxKitLinux"]),
        .library(name: "ReduxKitLinuxEffects", targets: ["ReduxKitLinuxEffects"]),
        .library(name: "ReduxKitLinuxDevtools", targets: ["ReduxKitLinuxDevtools"]),
        .library(name: "ReduxKitLinuxTesting", targets: ["ReduxKitLinuxTesting"]),
        // A cache of server data in the store's state (RTK Query), built on the effects product.
        .library(name: "ReduxKitLinuxQuery", targets: ["ReduxKitLinuxQuery"]),
        // `swift run reduxkit-inspect LOG`: an action log's inspector page (ActionLogInspector).
        .executable(name: "reduxkit-inspect", targets: ["ReduxKitLinuxInspector"]),
    ],
    targets: [
        .target(name: "ReduxKitLinux"),
        .target(name: "ReduxKitLinuxEffects", dependencies: ["ReduxKitLinux"]),
        // The inspector page's HTML, CSS and scripts are files of their own, embedded in the code at
        // build time (`PackageResources`; Docs/Decisions/0012).
        .target(
            name: "ReduxKitLinuxDevtools", dependencies: ["ReduxKitLinux", "ReduxKitLinuxEffects"],
            resources: [.embedInCode("Inspector/Page")]),
        .target(name: "ReduxKitLinuxTesting", dependencies: ["ReduxKitLinux", "ReduxKitLinuxEffects"]),
        .target(name: "ReduxKitLinuxQuery", dependencies: ["ReduxKitLinux", "ReduxKitLinuxEffects"]),
        .executableTarget(name: "ReduxKitLinuxInspector", dependencies: ["ReduxKitLinuxDevtools"]),
        .executableTarget(
            name: "Demo",
            dependencies: ["ReduxKitLinux", "ReduxKitLinuxEffects", "ReduxKitLinuxDevtools", "ReduxKitLinuxQuery"]),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["ReduxKitLinux", "ReduxKitLinuxEffects", "ReduxKitLinuxDevtools", "ReduxKitLinuxQuery"]),
        .executableTarget(name: "Soak", dependencies: ["ReduxKitLinux"]),
        .executableTarget(name: "LeakCheck", dependencies: ["ReduxKitLinux", "ReduxKitLinuxEffects"]),
        // A child process the Persistence tests kill with SIGKILL mid-save (built with the tests).
        .executableTarget(name: "PersistenceCrashTester", dependencies: ["ReduxKitLinuxDevtools"]),
        // Helpers the test targets share (fixtures, threads, child processes); not a product.
        .target(
            name: "ReduxKitLinuxTestSupport", dependencies: ["ReduxKitLinux"], path: "Tests/ReduxKitLinuxTestSupport"),
        // The tests mirror the products: each target imports only the product it tests (and what that needs).
        .testTarget(name: "ReduxKitLinuxTests", dependencies: ["ReduxKitLinux", "ReduxKitLinuxTestSupport"]),
        .testTarget(
            name: "ReduxKitLinuxEffectsTests",
            dependencies: ["ReduxKitLinuxEffects", "ReduxKitLinuxTesting", "ReduxKitLinuxTestSupport"]),
        .testTarget(
            name: "ReduxKitLinuxDevtoolsTests",
            dependencies: ["ReduxKitLinuxDevtools", "ReduxKitLinuxTesting", "ReduxKitLinuxTestSupport"]),
        .testTarget(
            name: "ReduxKitLinuxTestingTests",
            dependencies: ["ReduxKitLinuxTesting", "ReduxKitLinuxEffects", "ReduxKitLinuxTestSupport"]),
        .testTarget(
            name: "ReduxKitLinuxQueryTests",
            // Devtools too: a persisted cache, and the cache's actions in an action log.
            dependencies: [
                "ReduxKitLinuxQuery", "ReduxKitLinuxDevtools", "ReduxKitLinuxTesting", "ReduxKitLinuxTestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
