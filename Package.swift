// swift-tools-version:6.0
import PackageDescription

/// ScrollSim: a deterministic scroll-simulation benchmark harness.
/// No dependencies beyond the toolchain (see README.md).
let package = Package(
    name: "ScrollSim",
    products: [
        .library(name: "ScrollSimCore", targets: ["ScrollSimCore"]),
        .library(name: "FetchStrategies", targets: ["FetchStrategies"]),
        .library(name: "ScrollSimCLI", targets: ["ScrollSimCLI"]),
        .executable(name: "scrollsim", targets: ["scrollsim"]),
    ],
    targets: [
        .target(
            name: "ScrollSimCore",
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .target(name: "FetchStrategies", dependencies: ["ScrollSimCore"]),
        .target(name: "ScrollSimCLI", dependencies: ["ScrollSimCore", "FetchStrategies"]),
        .executableTarget(name: "scrollsim", dependencies: ["ScrollSimCLI"]),
        .executableTarget(
            name: "ScrollSimBenchmarks",
            dependencies: ["ScrollSimCore", "FetchStrategies", "ScrollSimCLI"],
            path: "Benchmarks/ScrollSimBenchmarks"
        ),
        .testTarget(name: "ScrollSimCoreTests", dependencies: ["ScrollSimCore"]),
        .testTarget(name: "FetchStrategiesTests", dependencies: ["ScrollSimCore", "FetchStrategies"]),
        .testTarget(name: "ScrollSimCLITests", dependencies: ["ScrollSimCLI", "ScrollSimCore", "FetchStrategies"]),
    ],
    swiftLanguageModes: [.v6]
)
