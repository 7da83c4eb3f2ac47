// swift-tools-version:6.0
import PackageDescription

/// A package of one's own that adds a strategy to ScrollSim and runs it through the same CLI
/// (run, validate, sweep, compare, report). Depends on the ScrollSim checkout two directories up;
/// in a real project use its Git URL.
let package = Package(
    name: "CustomStrategy",
    dependencies: [.package(name: "ScrollSim", path: "../..")],
    targets: [
        .executableTarget(
            name: "custom-scrollsim",
            dependencies: [.product(name: "ScrollSim", package: "ScrollSim")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
