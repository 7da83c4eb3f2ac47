// swift-tools-version:6.0
import PackageDescription

/// ScrollSim: a deterministic scroll-simulation benchmark harness.
/// No dependencies beyond the toolchain (see README.md). Modules, each depending on those before:
/// ScrollSimCore (the simulation) ← FetchStrategies (the strategies) ← ScrollSimReports (file
/// formats, runs, sweeps, comparison, the HTML report) ← ScrollSimCLI (argument parsing and the
/// commands) ← scrollsim (the executable); ScrollSim re-exports the four libraries.
let package = Package(
    name: "ScrollSim",
    products: [
        // The library (`import ScrollSim`: every module below) and the command-line tool.
        .library(name: "ScrollSim", targets: ["ScrollSim"]),
        .executable(name: "scrollsim", targets: ["scrollsim"]),
    ],
    targets: [
        .target(
            name: "ScrollSimCore",
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .target(name: "FetchStrategies", dependencies: ["ScrollSimCore"]),
        .target(name: "ScrollSimReports", dependencies: ["ScrollSimCore", "FetchStrategies"]),
        .target(name: "ScrollSimCLI", dependencies: ["ScrollSimCore", "FetchStrategies", "ScrollSimReports"]),
        .target(name: "ScrollSim",
                dependencies: ["ScrollSimCore", "FetchStrategies", "ScrollSimReports", "ScrollSimCLI"]),
        .executableTarget(name: "scrollsim", dependencies: ["ScrollSimCLI"]),
        .executableTarget(
            name: "ScrollSimBenchmarks",
            dependencies: ["ScrollSimCore", "FetchStrategies", "ScrollSimReports", "ScrollSimCLI"],
            path: "Benchmarks/ScrollSimBenchmarks"
        ),
        .target(
            name: "ScrollSimTestSupport",
            dependencies: ["ScrollSimCore", "FetchStrategies", "ScrollSimCLI"],
            path: "Tests/ScrollSimTestSupport"
        ),
        .testTarget(name: "ScrollSimCoreTests", dependencies: ["ScrollSimCore", "ScrollSimTestSupport"]),
        .testTarget(name: "FetchStrategiesTests",
                    dependencies: ["ScrollSimCore", "FetchStrategies", "ScrollSimTestSupport"]),
        .testTarget(name: "ScrollSimReportsTests",
                    dependencies: ["ScrollSimReports", "ScrollSimCore", "FetchStrategies", "ScrollSimTestSupport"]),
        .testTarget(name: "ScrollSimCLITests", dependencies: ["ScrollSimCLI", "ScrollSimTestSupport"]),
        .testTarget(name: "ScrollSimEndToEndTests",
                    dependencies: ["ScrollSimCLI", "ScrollSimReports", "ScrollSimCore", "FetchStrategies",
                                   "ScrollSimTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
