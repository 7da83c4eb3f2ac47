@testable import FetchStrategies
import ScrollSimCore
import Testing

/// Exploratory (review15c): `adaptive` reusing its last gathering against gathering every time, over
/// scripts (slow drags within a row, memory warnings inside them, flings both ways), memory and
/// disk caches (evictions), failed downloads and seeds, chosen to leave the gathering's inputs
/// unchanged for many reconciles. (Footprint warnings at 160 MB never fired here: dropped.)
@Suite struct AdaptiveGatheringSweepTests {
    @Test func reusingTheLastGatheringDecidesAsGatheringEveryTimeOverASweep() {
        let scripts: [[ScriptStep]] = [
            [.drag(velocity: 800, seconds: 1.5), .pause(seconds: 1), .drag(velocity: 15, seconds: 0.7),
             .memoryWarning, .drag(velocity: 15, seconds: 0.7), .drag(velocity: -15, seconds: 0.7), .memoryWarning,
             .drag(velocity: -15, seconds: 0.7)],
            [.pause(seconds: 0.5), .drag(velocity: 350, seconds: 1.5),
             .fling(velocity: 3000, deceleration: .normal),
             .pause(seconds: 1), .fling(velocity: -2500, deceleration: .normal), .drag(velocity: 40, seconds: 2),
             .memoryWarning, .drag(velocity: 40, seconds: 1), .fling(velocity: 4000, deceleration: .fast),
             .drag(velocity: -60, seconds: 2)],
            [.drag(velocity: 2000, seconds: 3), .drag(velocity: 10, seconds: 3),
             .drag(velocity: -3000, seconds: 2), .drag(velocity: -10, seconds: 3)],
        ]
        var mismatches: [String] = []
        var totalReused = 0
        for (layoutIndex, base) in [AdaptiveStrategyTests.photoGrid(),
                                    StrategyTests.constantLatencyList(latencyMs: 40, script: [])].enumerated() {
            for (scriptIndex, script) in scripts.enumerated() {
                for (cacheIndex, caches) in [(2.0, 1.0), (18.0, 150.0), (100.0, 3.0)].enumerated() {
                    for failureRate in [0.0, 0.3] {
                        for seed: UInt64 in [1, 2] {
                            var scenario = base
                            scenario.script = script
                            scenario.network.failureRate = failureRate
                            var configuration = AdaptiveStrategy.Configuration()
                            configuration.memoryCacheMB = caches.0
                            configuration.diskCacheMB = caches.1
                            let run = { AdaptiveStrategyTests.gatheringRun(scenario, configuration, seed: seed,
                                                                           reusing: $0) }
                            let a = run(true), b = run(false)
                            totalReused += a.reused
                            if a.metrics != b.metrics || a.frames != b.frames || a.keys != b.keys {
                                let firstFrame = a.frames.indices.first {
                                    $0 >= b.frames.count || a.frames[$0] != b.frames[$0]
                                } ?? -1
                                let firstKeys = a.keys.indices.first {
                                    $0 >= b.keys.count || a.keys[$0] != b.keys[$0]
                                } ?? -1
                                mismatches.append("layout \(layoutIndex) script \(scriptIndex) "
                                    + "caches \(cacheIndex) fail \(failureRate) seed \(seed): "
                                    + "metrics \(a.metrics == b.metrics) frame \(firstFrame) keys \(firstKeys) "
                                    + "reused \(a.reused)")
                            }
                        }
                    }
                }
            }
        }
        print("sweep reused: \(totalReused); mismatches: \(mismatches.count)")
        for line in mismatches { print(line) }
        #expect(mismatches.isEmpty)
        #expect(totalReused > 0)
    }
}
