// Memory stays bounded by visible and cached state: a 10-minute scroll of a 1,000,000-item list,
// measured in a child process of its own so the figure is that run's peak, not this process's
// earlier sections' and not SwiftPM's (Linux carries a parent's peak RSS across `exec`).
import FetchStrategies
import Foundation
import ScrollSimCore

/// The long scroll: 1,000,000 items, 104 × (drag, fling, pause), naive.
func longScrollScenario() -> Scenario {
    var scenario = Scenario(layout: .init(itemCount: 1_000_000))
    scenario.name = "long-scroll"
    scenario.network.latencyMsMedian = 40
    scenario.network.latencyMsP95 = 150
    scenario.network.bandwidthMbps = 50
    scenario.script = [.repeatSteps(times: 104, steps: [
        .drag(velocity: 400, seconds: 2), .fling(velocity: 6000, deceleration: .normal), .pause(seconds: 0.6),
    ])]
    return scenario
}

/// The child's side (`--child-long-scroll`): runs the long scroll and prints one line, "seconds
/// simulated peakRSSMiB peakDecodedMiB".
func runLongScrollChild() {
    let scenario = longScrollScenario()
    var simulated = 0.0
    var peakDecodedMiB = 0.0
    let seconds = measure {
        let factory = try! StrategyCatalog.makeFactory(StrategySpec(name: "naive"))
        let run = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "naive", strategy: factory)
        let metrics = run.run()
        simulated = run.simulatedSeconds
        peakDecodedMiB = Double(metrics.peakMemoryBytes) / 1_048_576
    }
    print(String(format: "%.6f %.3f %.3f %.3f", seconds, simulated, peakResidentMiB(), peakDecodedMiB))
}

/// Starts this executable as a child running the long scroll; prints and records its figures.
func benchmarkLongScrollMemory(results: inout BenchmarkResults) {
    guard let executable = Bundle.main.executableURL else {
        print("long scroll: cannot find this executable to start a child")
        return
    }
    let child = Process()
    child.executableURL = executable
    child.arguments = ["--clock", benchmarkClock.rawValue, "--child-long-scroll"]
    let pipe = Pipe()
    child.standardOutput = pipe
    do {
        try child.run()
    } catch {
        print("long scroll: cannot start the child: \(error)")
        return
    }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    guard child.terminationStatus == 0, fields.count == 4 else {
        print("long scroll: the child failed (status \(child.terminationStatus)): \(output)")
        return
    }
    let (seconds, simulated, peakRSS, peakDecoded) = (fields[0], fields[1], fields[2], fields[3])
    print("long scroll: 1,000,000-item list, \(String(format: "%.0f", simulated)) simulated s (naive), "
          + "in a child process")
    print(String(format: "  %.3f s, %@ simulated s per s; peak RSS %.1f MiB (the child's own); "
                 + "peak decoded images %.1f MiB", seconds, grouped(simulated / seconds), peakRSS, peakDecoded))
    results.add("long_scroll.peak_rss_mib", peakRSS, "MiB")
    results.add("long_scroll.simulated_seconds_per_second", simulated / seconds, "s/s")
}
