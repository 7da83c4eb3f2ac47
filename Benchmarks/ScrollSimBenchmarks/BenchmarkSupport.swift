// Shared pieces of the benchmark: options, timing, peak memory, the results written as JSON.
import FetchStrategies
import Foundation
import ScrollSimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The benchmark's command line.
struct Options {
    /// Sections to run, in this order: session, cells, script, bundled, memory, cache-replay,
    /// hostile-network, texture-grid, linear-inputs, json-memory; `ceiling` (the tight loop alone)
    /// only when asked.
    static let allSections = ["session", "cells", "script", "bundled", "memory", "cache-replay",
                              "hostile-network", "texture-grid", "linear-inputs", "json-memory", "ceiling"]
    /// The long-session scenario file (the issue-9 workload).
    var sessionPath = "Benchmarks/long-session.json"
    /// Bundled scenarios for the `bundled` section.
    var scenariosPath = "Scenarios"
    /// Passes per measurement (best or median of them).
    var repeats = 3
    /// Repetitions of the session's script cycle in the scaling tables' 1x workload.
    var scalingCycles = 4
    /// Where to write the JSON results, if anywhere.
    var jsonPath: String?
    /// Sections to run.
    var sections = Options.allSections.filter { $0 != "ceiling" }
}

/// Reads the command line; exits 64 on a bad argument. `--child-long-scroll`, `--child-wide-catalog
/// NAME`, `--child-parse-json PATH` and `--child-endless-csv` run the memory and json-memory sections'
/// measured work and exit (the parent starts them as child processes).
func parseOptions() -> Options {
    var options = Options()
    var arguments = Array(CommandLine.arguments.dropFirst())
    func value(_ flag: String) -> String {
        guard !arguments.isEmpty else { usageError("\(flag) needs a value") }
        return arguments.removeFirst()
    }
    func count(_ flag: String) -> Int {
        let text = value(flag)
        guard let number = Int(text), number >= 1 else {
            usageError("\(flag): expected a positive integer, found '\(text)'")
        }
        return number
    }
    while !arguments.isEmpty {
        let argument = arguments.removeFirst()
        switch argument {
        case "--session": options.sessionPath = value(argument)
        case "--scenarios": options.scenariosPath = value(argument)
        case "--repeat": options.repeats = count(argument)
        case "--scaling-cycles": options.scalingCycles = count(argument)
        case "--json": options.jsonPath = value(argument)
        case "--clock":
            let name = value(argument)
            guard let clock = BenchmarkClock(rawValue: name) else {
                usageError("--clock: expected cpu or wall, found '\(name)'")
            }
            benchmarkClock = clock
        case "--only":
            let sections = value(argument).split(separator: ",").map(String.init)
            for section in sections where !Options.allSections.contains(section) {
                let known = Options.allSections.joined(separator: ", ")
                usageError("--only: unknown section '\(section)'; sections: \(known)")
            }
            options.sections = Options.allSections.filter { sections.contains($0) }
        case "--no-long-scroll": options.sections.removeAll { $0 == "memory" }
        case "--no-cache-replay": options.sections.removeAll { $0 == "cache-replay" }
        case "--no-hostile-network": options.sections.removeAll { $0 == "hostile-network" }
        case "--no-texture-grid": options.sections.removeAll { $0 == "texture-grid" }
        case "--no-linear-inputs": options.sections.removeAll { $0 == "linear-inputs" }
        case "--no-json-memory": options.sections.removeAll { $0 == "json-memory" }
        case "--make-trace":
            let written = FileManager.default.createFile(atPath: value(argument), contents: Data(makeZipfTrace()))
            exit(written ? 0 : 1)
        case "--child-long-scroll":
            runLongScrollChild()
            exit(0)
        case "--child-wide-catalog":
            let name = value(argument)
            guard StrategyCatalog.descriptor(named: name) != nil else {
                let known = StrategyCatalog.all.map(\.name).joined(separator: ", ")
                usageError("--child-wide-catalog: unknown strategy '\(name)'; strategies: \(known)")
            }
            runWideCatalogChild(strategy: name)
            exit(0)
        case "--child-parse-json":
            runParseJSONChild(path: value(argument))
            exit(0)
        case "--child-endless-csv":
            runEndlessCSVChild()
            exit(0)
        default:
            usageError("unknown argument \(argument)")
        }
    }
    return options
}

/// Prints `message` on stderr and exits 64.
func usageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ScrollSimBenchmarks: \(message)\n".utf8))
    exit(64)
}

/// The clock timings read (`--clock`).
enum BenchmarkClock: String {
    /// This thread's CPU time: what the work costs on one core, unaffected by other processes
    /// taking turns on a shared machine (on an idle core it equals the wall time).
    case cpu
    /// Elapsed time on the monotonic clock.
    case wall
}

/// The clock `measure` reads; set once from the command line before any measurement.
nonisolated(unsafe) var benchmarkClock = BenchmarkClock.cpu

/// Seconds of `body` on `benchmarkClock`.
func measure(_ body: () -> Void) -> Double {
    let start = clockSeconds()
    body()
    return clockSeconds() - start
}

/// Now on `benchmarkClock`, in seconds.
func clockSeconds() -> Double {
    switch benchmarkClock {
    case .wall:
        return Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    case .cpu:
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// Keeps `value` alive so the work computing it cannot be optimised away.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// The median of `values` (the upper one of an even count); 0 when empty.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// Peak resident set of this process in MiB.
///
/// Linux: `VmHWM` of /proc/self/status, the high-water mark of this process's own address space.
/// `getrusage`'s `ru_maxrss` is wrong here: Linux carries a parent's peak across `exec`, so under
/// `swift run` it reports SwiftPM's peak. macOS: `ru_maxrss` (bytes), which has no such carry-over.
func peakResidentMiB() -> Double {
    #if os(Linux)
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kibibytes = line.split(separator: " ").dropFirst().first.flatMap { Double($0) }
            if let kibibytes { return kibibytes / 1024 }
        }
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
    #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576
    #endif
}

/// The machine, for the JSON and the header line: CPU model, cores, memory, OS.
func machineDescription() -> String {
    var cpu = "unknown CPU"
    #if os(Linux)
    if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
       let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
       let name = line.split(separator: ":", maxSplits: 1).last {
        cpu = name.trimmingCharacters(in: .whitespaces)
    }
    #endif
    let process = ProcessInfo.processInfo
    let memoryGiB = Double(process.physicalMemory) / 1_073_741_824
    return String(format: "%@, %d cores, %.0f GiB, %@", cpu, process.activeProcessorCount, memoryGiB,
                  process.operatingSystemVersionString)
}

/// Every number the benchmark measured, in order, for `--json`.
struct BenchmarkResults {
    /// One measured value: a dotted name, the value and its unit.
    struct Entry {
        var name: String
        var value: Double
        var unit: String
    }
    /// The values, in the order measured.
    var entries: [Entry] = []

    /// Adds one value.
    mutating func add(_ name: String, _ value: Double, _ unit: String) {
        entries.append(Entry(name: name, value: value, unit: unit))
    }

    /// The results as a JSON object: the machine and the clock, then one member per value.
    func json(machine: String, clock: String) -> String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        var lines = ["  \"machine\": \(quoted(machine))", "  \"clock\": \(quoted(clock))"]
        for entry in entries {
            let value = entry.value.isFinite ? String(format: "%.3f", entry.value) : "null"
            lines.append("  \(quoted(entry.name)): {\"value\": \(value), \"unit\": \(quoted(entry.unit))}")
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }
}

/// One timed run of one strategy.
struct TimedRun {
    /// Seconds of the run on the benchmark's clock (the simulation only: no file or report work).
    var seconds: Double
    /// Simulated seconds the run covered.
    var simulatedSeconds: Double
    /// Events the run handled.
    var events: Int
}

/// The built-in strategies with their default parameters, in catalogue order.
func builtInStrategies() -> [(name: String, factory: StrategyFactory)] {
    StrategyCatalog.all.compactMap { descriptor in
        guard let factory = try? descriptor.make(StrategySpec(name: descriptor.name)) else { return nil }
        return (descriptor.name, factory)
    }
}

/// Runs `scenario` with every strategy of `strategies`, `repeats` times, one after the other on
/// this thread. Returns each strategy's fastest run alone and the fastest pass of all together.
func timeStrategies(_ scenario: Scenario, _ strategies: [(name: String, factory: StrategyFactory)],
                    repeats: Int) -> (best: [TimedRun], together: TimedRun) {
    let timings = timeStrategyPasses(scenario, strategies, repeats: repeats)
    return (timings.best, timings.together)
}

/// `timeStrategies`, with each pass's times kept: `passes[p][i]` is strategy `i`'s seconds alone
/// in pass `p` (the strategies run one after another in every pass, so the times of one pass were
/// taken under the same conditions, and their ratios are paired measurements).
///
/// Each repeat makes two passes. Alone: every strategy in its own `SimulationRun`, sharing
/// nothing (`best`, `passes`). Together: the strategies one after another as `scrollsim run` runs
/// them, sharing the scroll timeline's samples through one `ScrollSampleStore` made inside the
/// pass (so the first run to reach each chunk of vsyncs pays for it, inside its timed run) and
/// dropped after it (`together`: the fastest such pass).
func timeStrategyPasses(_ scenario: Scenario, _ strategies: [(name: String, factory: StrategyFactory)],
                        repeats: Int) -> (best: [TimedRun], together: TimedRun, passes: [[Double]]) {
    var best: [TimedRun?] = Array(repeating: nil, count: strategies.count)
    var together: TimedRun?
    var passes: [[Double]] = []
    for _ in 0..<repeats {
        var times: [Double] = []
        for (index, strategy) in strategies.enumerated() {
            let timed = timeRun(scenario, strategy, sampleStore: nil)
            if best[index].map({ timed.seconds < $0.seconds }) ?? true { best[index] = timed }
            times.append(timed.seconds)
        }
        passes.append(times)
        var pass = TimedRun(seconds: 0, simulatedSeconds: 0, events: 0)
        let store = ScrollSampleStore(scenario: scenario, seed: scenario.seed)
        for strategy in strategies {
            let timed = timeRun(scenario, strategy, sampleStore: store)
            pass.seconds += timed.seconds
            pass.simulatedSeconds += timed.simulatedSeconds
            pass.events += timed.events
        }
        if together.map({ pass.seconds < $0.seconds }) ?? true { together = pass }
    }
    return (best.map { $0! }, together!, passes)
}

/// One timed run of `strategy` on `scenario` (its seed), reading its scroll samples from
/// `sampleStore` when given.
func timeRun(_ scenario: Scenario, _ strategy: (name: String, factory: StrategyFactory),
             sampleStore: ScrollSampleStore?) -> TimedRun {
    try! scenario.validate(file: "benchmark")
    let run = SimulationRun(validatedScenario: scenario, seed: scenario.seed, strategyName: strategy.name,
                            strategy: strategy.factory, sampleStore: sampleStore)
    let seconds = measure { _ = run.run() }
    return TimedRun(seconds: seconds, simulatedSeconds: run.simulatedSeconds, events: run.eventsHandled)
}

/// `value` with thousands separators and `decimals` decimals (locale-independent).
func grouped(_ value: Double, decimals: Int = 0) -> String {
    let text = String(format: "%.\(decimals)f", value)
    let parts = text.split(separator: ".", maxSplits: 1)
    var integer = String(parts[0])
    let negative = integer.hasPrefix("-")
    if negative { integer.removeFirst() }
    var groupedDigits = ""
    for (index, character) in integer.enumerated() {
        if index > 0 && (integer.count - index) % 3 == 0 { groupedDigits.append(",") }
        groupedDigits.append(character)
    }
    return (negative ? "-" : "") + groupedDigits + (parts.count > 1 ? "." + parts[1] : "")
}

/// `text` right-aligned in `width` characters.
func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

/// `text` left-aligned in `width` characters.
func padRight(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}
