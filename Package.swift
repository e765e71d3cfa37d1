// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ReduxKitLinux",
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
