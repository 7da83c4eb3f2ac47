// swift-tools-version:6.0
import PackageDescription

/// A package of one's own that adds a strategy to ScrollSim and runs it through the same CLI.
/// Depends on the ScrollSim checkout two directories up; in a real project use its Git URL.
let package = Package(
    name: "CustomStrategy",
    dependencies: [.package(name: "ScrollSim", path: "../..")],
    targets: [
        .executableTarget(
            name: "custom-scrollsim",
            dependencies: [
                .product(name: "ScrollSimCLI", package: "ScrollSim"),
                .product(name: "FetchStrategies", package: "ScrollSim"),
                .product(name: "ScrollSimCore", package: "ScrollSim"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
