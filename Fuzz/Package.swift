// swift-tools-version:6.0
// The fuzz targets of ScrollSim, kept out of the root package so that `swift build` never needs
// libFuzzer. Built by scripts/fuzz.sh with `-sanitize=fuzzer` (libFuzzer supplies `main`).
import PackageDescription

let package = Package(
    name: "ScrollSimFuzz",
    dependencies: [.package(name: "ScrollSim", path: "..")],
    targets: [
        .executableTarget(
            name: "ScrollSimFuzz",
            dependencies: [
                .product(name: "ScrollSim", package: "ScrollSim"),
            ]
        ),
    ]
)
