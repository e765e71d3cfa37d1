// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ReduxKitLinux",
    products: [
        .library(name: "ReduxKitLinux", targets: ["ReduxKitLinux"])
    ],
    targets: [
        .target(name: "ReduxKitLinux"),
        .executableTarget(name: "Demo", dependencies: ["ReduxKitLinux"]),
        .executableTarget(name: "Benchmarks", dependencies: ["ReduxKitLinux"]),
        .executableTarget(name: "Soak", dependencies: ["ReduxKitLinux"]),
        .executableTarget(name: "LeakCheck", dependencies: ["ReduxKitLinux"]),
        .testTarget(name: "ReduxKitLinuxTests", dependencies: ["ReduxKitLinux"]),
    ],
    swiftLanguageModes: [.v6]
)
