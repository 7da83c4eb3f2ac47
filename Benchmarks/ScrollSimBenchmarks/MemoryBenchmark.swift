// Memory stays bounded by visible and cached state: a 10-minute scroll of a 1,000,000-item list,
// and a short drag over a catalogue of 10,000,000 images under a Zipf popularity (image ids fall
// anywhere below ten million: a table per image id up to the largest written would cost hundreds
// of MB), each measured in a child process of its own so the figure is that run's peak, not this
// process's earlier sections' and not SwiftPM's (Linux carries a parent's peak RSS across `exec`).
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

/// The wide catalogue: 10,000,000 items showing 10,000,000 distinct images, Zipf popularity 0.8,
/// a 10 s drag, a jump near the end of the list, another 10 s drag. Most of its memory is the
/// catalogue's own (the popularity's cumulative weights, 8 bytes an image): what a strategy adds
/// on top must follow the images and items it touches, not the largest id or item.
func wideCatalogScenario() -> Scenario {
    var scenario = Scenario(layout: .init(itemCount: 10_000_000))
    scenario.name = "wide-catalog"
    scenario.images.distinct = 10_000_000
    scenario.images.zipfAlpha = 0.8
    scenario.script = [.drag(velocity: 700, seconds: 10), .scrollTo(item: 9_990_000, animated: false, seconds: 0),
                       .drag(velocity: 700, seconds: 10)]
    return scenario
}

/// The child's side (`--child-wide-catalog NAME`): runs the wide catalogue with strategy `name` and
/// prints one line, "peakRSSMiB".
func runWideCatalogChild(strategy name: String) {
    let factory = try! StrategyCatalog.makeFactory(StrategySpec(name: name))
    let run = try! SimulationRun(scenario: wideCatalogScenario(), seed: 1, strategyName: name, strategy: factory)
    _ = run.run()
    print(String(format: "%.3f", peakResidentMiB()))
}

/// Runs `arguments` as a child of this executable and returns the numbers it printed, or nil
/// (said on stdout) when it could not start or failed.
private func childFigures(_ arguments: [String], label: String) -> [Double]? {
    guard let executable = Bundle.main.executableURL else {
        print("\(label): cannot find this executable to start a child")
        return nil
    }
    let child = Process()
    child.executableURL = executable
    child.arguments = arguments
    let pipe = Pipe()
    child.standardOutput = pipe
    do {
        try child.run()
    } catch {
        print("\(label): cannot start the child: \(error)")
        return nil
    }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    guard child.terminationStatus == 0 else {
        print("\(label): the child failed (status \(child.terminationStatus)): \(output)")
        return nil
    }
    return output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
}

/// Starts this executable as children running the long scroll and the wide catalogue; prints and
/// records their figures.
func benchmarkLongScrollMemory(results: inout BenchmarkResults) {
    benchmarkLongScroll(results: &results)
    print("wide catalogue: 10,000,000 images (Zipf 0.8), drag, jump to item 9,990,000, drag; "
          + "peak RSS of a child per strategy")
    var line = " "
    for name in StrategyCatalog.all.map(\.name) {
        guard let fields = childFigures(["--child-wide-catalog", name], label: "wide catalogue \(name)"),
              fields.count == 1 else { continue }
        line += String(format: " %@ %.0f MiB", name, fields[0])
        results.add("wide_catalog.\(name).peak_rss_mib", fields[0], "MiB")
    }
    print(line)
}

/// The long scroll in a child process.
private func benchmarkLongScroll(results: inout BenchmarkResults) {
    guard let fields = childFigures(["--clock", benchmarkClock.rawValue, "--child-long-scroll"], label: "long scroll")
    else { return }
    guard fields.count == 4 else {
        print("long scroll: the child printed \(fields.count) numbers, expected 4")
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
