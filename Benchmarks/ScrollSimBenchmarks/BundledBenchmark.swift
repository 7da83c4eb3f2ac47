// The bundled scenarios × every built-in strategy in one pass: simulated seconds per second
// and events per second, median of `--repeat` passes.
import Foundation
import ScrollSimCLI
import ScrollSimCore
import ScrollSimReports

/// Times every bundled scenario with every strategy; prints the medians and adds them to `results`.
func benchmarkBundled(scenariosPath: String, repeats: Int, results: inout BenchmarkResults) {
    var scenarios: [Scenario] = []
    do {
        for file in try ScenarioFiles.expand(paths: [scenariosPath]) {
            scenarios.append(try ScenarioFiles.load(path: file))
        }
    } catch {
        FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
        exit(65)
    }
    let strategies = builtInStrategies()
    var samples: [Double] = []
    var simulated = 0.0
    var events = 0
    for _ in 0..<repeats {
        var passSimulated = 0.0
        var passEvents = 0
        samples.append(measure {
            for scenario in scenarios {
                for strategy in strategies {
                    let run = try! SimulationRun(scenario: scenario, seed: scenario.seed, strategyName: strategy.name,
                                                 strategy: strategy.factory)
                    _ = run.run()
                    passSimulated += run.simulatedSeconds
                    passEvents += run.eventsHandled
                }
            }
        })
        simulated = passSimulated
        events = passEvents
    }
    let seconds = median(samples)
    print("bundled: \(scenarios.count) scenarios x \(strategies.count) strategies, median of \(repeats)")
    print(String(format: "  simulated %.1f s per pass, median %.4f s (min %.4f, max %.4f)",
                 simulated, seconds, samples.min() ?? 0, samples.max() ?? 0))
    print("  simulated seconds per second: \(grouped(simulated / seconds)); events per second: "
          + "\(grouped(Double(events) / seconds)) (\(grouped(Double(events))) events per pass)")
    results.add("bundled.simulated_seconds_per_second", simulated / seconds, "s/s")
    results.add("bundled.events_per_second", Double(events) / seconds, "1/s")
    results.add("bundled.median_seconds", seconds, "s")
}
