// The long session (issue 9's goal workload): every strategy alone and all together, µs (on the
// benchmark's clock) per simulated second and events per second, best of `--repeat`, then the engine's events
// per second against a tight loop of the same event queue (the "ceiling").
import Foundation
import ScrollSimCore

/// Prints the long-session table and the ceiling, and adds them to `results`.
func benchmarkSession(_ scenario: Scenario, path: String, repeats: Int, results: inout BenchmarkResults) {
    let strategies = builtInStrategies()
    let (best, together, passes) = timeStrategyPasses(scenario, strategies, repeats: repeats)
    let simulated = best.first?.simulatedSeconds ?? 0
    print("long session: \(path), \(grouped(simulated, decimals: 1)) simulated s per strategy, "
          + "best of \(repeats), one core")
    // "× naive" divides the best times; "paired" is the median over the passes of each pass's
    // ratio to naive's time in the same pass (robust to a machine whose speed drifts between
    // passes, where a best-of ratio compares times taken under different conditions).
    print("  \(padRight("strategy", 26))\(pad("µs/sim s", 10))\(pad("× naive", 9))\(pad("paired", 8))"
          + "\(pad("events/sim s", 14))\(pad("M events/s", 12))")
    let naive = best.first.map { $0.seconds / $0.simulatedSeconds } ?? 1
    let naiveSimulated = best.first?.simulatedSeconds ?? 1
    for (index, (strategy, run)) in zip(strategies, best).enumerated() {
        let microseconds = run.seconds / run.simulatedSeconds * 1e6
        let paired = median(passes.map { ($0[index] / run.simulatedSeconds) / ($0[0] / naiveSimulated) })
        print("  \(padRight(strategy.name, 26))\(pad(grouped(microseconds, decimals: 1), 10))"
              + "\(pad(String(format: "%.2f", run.seconds / run.simulatedSeconds / naive), 9))"
              + "\(pad(String(format: "%.2f", paired), 8))"
              + "\(pad(grouped(Double(run.events) / run.simulatedSeconds), 14))"
              + "\(pad(String(format: "%.2f", Double(run.events) / run.seconds / 1e6), 12))")
        results.add("session.\(strategy.name).us_per_simulated_second", microseconds, "us")
        results.add("session.\(strategy.name).paired_ratio_to_naive", paired, "ratio")
        results.add("session.\(strategy.name).events_per_second", Double(run.events) / run.seconds, "1/s")
    }
    let togetherMicroseconds = together.seconds / together.simulatedSeconds * 1e6
    let engineRate = Double(together.events) / together.seconds
    print("  \(padRight("all \(strategies.count) together", 26))\(pad(grouped(togetherMicroseconds, decimals: 1), 10))"
          + "\(pad("", 9))\(pad(grouped(Double(together.events) / together.simulatedSeconds), 14))"
          + "\(pad(String(format: "%.2f", engineRate / 1e6), 12))")
    print("  (a strategy's row: its runs alone, sharing nothing; all together: the \(strategies.count) runs of a pass "
          + "share one table\n   of the scroll offset and velocity per vsync, made inside the pass, as `scrollsim run` "
          + "shares it)")
    print("  simulated seconds per second, all \(strategies.count) strategies: "
          + grouped(together.simulatedSeconds / together.seconds)
          + String(format: " (%.2f s for %@ simulated s)", together.seconds,
                   grouped(together.simulatedSeconds, decimals: 0)))
    let simulatedPerSecond = together.simulatedSeconds / together.seconds
    results.add("session.all.simulated_seconds_per_second", simulatedPerSecond, "s/s")
    results.add("session.all.us_per_simulated_second", togetherMicroseconds, "us")
    results.add("session.all.events_per_second", engineRate, "1/s")

    let ceilingRate = measureCeiling(repeats: repeats)
    print(String(format: "  engine: %.2f M events/s in the runs, %.2f M events/s in a tight loop of the same queue "
                 + "(16 pending): ceiling ratio %.3f", engineRate / 1e6, ceilingRate / 1e6, engineRate / ceilingRate))
    results.add("engine.tight_loop_events_per_second", ceilingRate, "1/s")
    results.add("engine.ceiling_ratio", engineRate / ceilingRate, "ratio")
}

/// Events per second of the simulator's scheduler and event queue in a tight loop with 16 events
/// pending (about what a run keeps queued), best of `repeats`: the most a run could reach.
func measureCeiling(repeats: Int) -> Double {
    let events = 4_000_000
    var seconds = Double.infinity
    for _ in 0..<repeats {
        seconds = min(seconds, measure { blackHole(EngineCeiling.run(events: events, queueDepth: 16)) })
    }
    return Double(events) / seconds
}
