// swift-tools-version:6.0
import PackageDescription

/// ScrollSim: a deterministic scroll-simulation benchmark harness.
/// No dependencies beyond the toolchain (see README.md).
let strict: [SwiftSetting] = []  // warnings are made errors by .ci/run (-warnings-as-errors)

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
            swiftSettings: strict,
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .target(name: "FetchStrategies", dependencies: ["ScrollSimCore"], swiftSettings: strict),
        .target(name: "ScrollSimCLI", dependencies: ["ScrollSimCore", "FetchStrategies"], swiftSettings: strict),
        .executableTarget(name: "scrollsim", dependencies: ["ScrollSimCLI"], swiftSettings: strict),
        .executableTarget(
            name: "ScrollSimBenchmarks",
            dependencies: ["ScrollSimCore", "FetchStrategies", "ScrollSimCLI"],
            path: "Benchmarks/ScrollSimBenchmarks",
            swiftSettings: strict
        ),
        .testTarget(name: "ScrollSimCoreTests", dependencies: ["ScrollSimCore"], swiftSettings: strict),
        .testTarget(name: "FetchStrategiesTests", dependencies: ["ScrollSimCore", "FetchStrategies"], swiftSettings: strict),
        .testTarget(name: "ScrollSimCLITests", dependencies: ["ScrollSimCLI", "ScrollSimCore", "FetchStrategies"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
