// The hostile-input reproducer of the network queues: `naive` (no cancellation, no queue of its
// own) dragged for `repeats` × 3600 s at 3000 pt/s down a 10,000,000-item list. Every configured
// cell starts a request, so the session's queue grows to tens of thousands of waiting requests.
// With an O(n) dequeue (main at db7cd8a: `waiting[p].removeFirst()`) the time grew with the square
// of the drag; with O(1) queues it grows linearly: the N = 3 / N = 1 ratio printed should be ≈ 3.
import FetchStrategies
import Foundation
import ScrollSimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU seconds (user + system) this process has used: steadier than wall time on a shared machine.
func processCPUSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
}

/// The reproducer's scenario: `repeats` × a 3600 s drag at 3000 pt/s over 10,000,000 items.
func hostileNetworkScenario(repeats: Int) -> Scenario {
    var scenario = Scenario(layout: .init(itemCount: 10_000_000))
    scenario.name = "hostile-network-\(repeats)"
    scenario.script = [.repeatSteps(times: repeats, steps: [.drag(velocity: 3000, seconds: 3600)])]
    return scenario
}

/// Runs the reproducer for N = 1, 2, 3 (setup outside the timed region); prints wall and CPU
/// seconds per N and the N = 3 / N = 1 CPU ratio, and returns them as results.
func benchmarkHostileNetwork() -> [(name: String, value: Double, unit: String)] {
    var results: [(name: String, value: Double, unit: String)] = []
    var cpuByRepeats: [Double] = []
    print("hostile network input: naive, N x 3600 s drag at 3000 pt/s over 10,000,000 items")
    for repeats in 1...3 {
        let scenario = hostileNetworkScenario(repeats: repeats)
        let factory = try! StrategyCatalog.makeFactory(StrategySpec(name: "naive"))
        let run = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "naive", strategy: factory)
        var requests = 0
        let cpuBefore = processCPUSeconds()
        let wall = measure { requests = run.run().requests }
        let cpu = processCPUSeconds() - cpuBefore
        cpuByRepeats.append(cpu)
        print(String(format: "  N = %d: wall %.3f s, CPU %.3f s (%d requests)", repeats, wall, cpu, requests))
        results.append(("hostile_network.n\(repeats).wall_seconds", wall, "s"))
        results.append(("hostile_network.n\(repeats).cpu_seconds", cpu, "s"))
    }
    let ratio = cpuByRepeats[2] / max(cpuByRepeats[0], 1e-9)
    print(String(format: "  CPU ratio N = 3 / N = 1: %.2f (linear: 3)", ratio))
    results.append(("hostile_network.cpu_ratio_3_to_1", ratio, "x"))
    return results
}
