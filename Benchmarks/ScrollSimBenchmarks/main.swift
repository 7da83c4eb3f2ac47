// ScrollSim's own speed: simulated seconds per wall second and events per second over the bundled
// scenarios × every built-in strategy, in one process on one core, plus the memory of a long scroll.
// Timings live here, never in a test's pass/fail. Build in release:
//   swift run -c release ScrollSimBenchmarks [--scenarios Scenarios] [--repeat 5] [--json out.json]
//   swift run -c release ScrollSimBenchmarks --make-trace trace.csv   # the 1M-request cache-replay trace
import FetchStrategies
import Foundation
import ScrollSimCLI
import ScrollSimCore
import ScrollSimReports

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Options {
    var scenariosPath = "Scenarios"
    var repeats = 5
    var jsonPath: String?
    var longScroll = true
    var cacheReplay = true
    var hostileNetwork = true
    var textureGrid = true
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = Array(CommandLine.arguments.dropFirst())
    while !arguments.isEmpty {
        let argument = arguments.removeFirst()
        switch argument {
        case "--scenarios": options.scenariosPath = arguments.isEmpty ? options.scenariosPath : arguments.removeFirst()
        case "--repeat": options.repeats = arguments.isEmpty ? 5 : Int(arguments.removeFirst()) ?? 5
        case "--json": options.jsonPath = arguments.isEmpty ? nil : arguments.removeFirst()
        case "--no-long-scroll": options.longScroll = false
        case "--no-cache-replay": options.cacheReplay = false
        case "--no-hostile-network": options.hostileNetwork = false
        case "--no-texture-grid": options.textureGrid = false
        case "--make-trace":
            guard !arguments.isEmpty else { exit(64) }
            let written = FileManager.default.createFile(atPath: arguments.removeFirst(), contents: Data(makeZipfTrace()))
            exit(written ? 0 : 1)
        default:
            FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
            exit(64)
        }
    }
    return options
}

/// Wall-clock seconds of `body` (monotonic clock).
func measure(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Peak resident set of this process in MiB (getrusage: KiB on Linux, bytes on macOS).
func peakRSSMiB() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    #if os(Linux)
    return Double(usage.ru_maxrss) / 1024
    #else
    return Double(usage.ru_maxrss) / 1_048_576
    #endif
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

let options = parseOptions()
var results: [(name: String, value: Double, unit: String)] = []

// 1. Bundled scenarios × all strategies.
let files: [String]
var scenarios: [Scenario] = []
do {
    files = try ScenarioFiles.expand(paths: [options.scenariosPath])
    for file in files { scenarios.append(try ScenarioFiles.load(path: file)) }
} catch {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    exit(65)
}
var runs: [(Scenario, StrategyDescriptor, StrategyFactory)] = []
for scenario in scenarios {
    for descriptor in StrategyCatalog.all {
        let spec = StrategySpec(name: descriptor.name)
        guard let factory = try? descriptor.make(spec) else { continue }
        runs.append((scenario, descriptor, factory))
    }
}
var simulatedSeconds = 0.0
var events = 0
var samples: [Double] = []
for iteration in 0..<options.repeats {
    var simulated = 0.0
    var handled = 0
    let wall = measure {
        for (scenario, descriptor, factory) in runs {
            let run = SimulationRun(scenario: scenario, seed: scenario.seed, strategyName: descriptor.name, strategy: factory)
            let metrics = run.run()
            _ = metrics
            simulated += run.simulatedSeconds
            handled += run.eventsHandled
        }
    }
    if iteration == 0 {
        simulatedSeconds = simulated
        events = handled
    }
    samples.append(wall)
}
let wallMedian = median(samples)
print("bundled: \(scenarios.count) scenarios x \(StrategyCatalog.all.count) strategies = \(runs.count) runs, \(options.repeats) repeats")
print(String(format: "  simulated %.1f s per pass, wall median %.4f s (min %.4f, max %.4f)",
             simulatedSeconds, wallMedian, samples.min() ?? 0, samples.max() ?? 0))
print(String(format: "  simulated seconds per wall second: %.0f", simulatedSeconds / wallMedian))
print(String(format: "  events per second: %.0f (%d events per pass)", Double(events) / wallMedian, events))
results.append(("bundled.simulated_seconds_per_wall_second", simulatedSeconds / wallMedian, "s/s"))
results.append(("bundled.events_per_second", Double(events) / wallMedian, "1/s"))
results.append(("bundled.wall_median_seconds", wallMedian, "s"))

// 2. Memory stays bounded by visible and cached state: a 10-minute scroll of 1,000,000 items.
if options.longScroll {
    var scenario = Scenario(layout: .init(itemCount: 1_000_000))
    scenario.name = "long-scroll"
    scenario.network.latencyMsMedian = 40
    scenario.network.latencyMsP95 = 150
    scenario.network.bandwidthMbps = 50
    scenario.script = [.repeatSteps(times: 104, steps: [
        .drag(velocity: 400, seconds: 2), .fling(velocity: 6000, deceleration: .normal), .pause(seconds: 0.6),
    ])]
    let before = peakRSSMiB()
    var simulated = 0.0
    var peakDecodedMB = 0.0
    let wall = measure {
        let factory = try! StrategyCatalog.makeFactory(StrategySpec(name: "naive"))
        let run = SimulationRun(scenario: scenario, seed: 1, strategyName: "naive", strategy: factory)
        let metrics = run.run()
        simulated = run.simulatedSeconds
        peakDecodedMB = Double(metrics.peakMemoryBytes) / 1_048_576
    }
    let after = peakRSSMiB()
    print("long scroll: 1,000,000-item list, \(String(format: "%.0f", simulated)) simulated s (naive)")
    print(String(format: "  wall %.3f s, %.0f simulated s per wall s; peak RSS %.1f MiB (before %.1f MiB); peak decoded %.1f MiB",
                 wall, simulated / wall, after, before, peakDecodedMB))
    results.append(("long_scroll.peak_rss_mib", after, "MiB"))
    results.append(("long_scroll.simulated_seconds_per_wall_second", simulated / wall, "s/s"))
}

// 3. cache-replay of the 1,000,000-request trace, in process.
if options.cacheReplay {
    results += benchmarkCacheReplay(repeats: options.repeats)
}

// 4. The network queues on a hostile input (HostileNetworkBenchmark.swift).
if options.hostileNetwork {
    results += benchmarkHostileNetwork()
}

// 5. `texture` on the hostile-input grid: linear in the item count.
if options.textureGrid {
    results += benchmarkTextureHostileGrid(repeats: options.repeats)
}

if let path = options.jsonPath {
    var json = "{\n"
    json += results.map { "  \"\($0.name)\": {\"value\": \(String(format: "%.3f", $0.value)), \"unit\": \"\($0.unit)\"}" }
        .joined(separator: ",\n")
    json += "\n}\n"
    try? json.write(toFile: path, atomically: true, encoding: .utf8)
}
