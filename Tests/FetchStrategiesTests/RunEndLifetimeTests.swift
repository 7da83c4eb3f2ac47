@testable import FetchStrategies
@testable import ScrollSimCore
import Testing

/// What a run leaves behind once it ended (found by review15b). A run killed by the memory limit
/// stops with completions still queued; their closures may capture the environment, which holds the
/// scheduler that holds them. `FetchStrategy` ("Lifetime") promises such work is dropped uncalled:
/// the run drops it when it ends, so its environment and strategy are freed with it (a sweep makes
/// thousands of runs in one process).
@Suite struct RunEndLifetimeTests {
    /// Weak references to a run's environment and strategy.
    final class WeakReferences: @unchecked Sendable {
        weak var environment: FetchEnvironment?
        weak var strategy: AnyObject?
    }

    /// A run of `name` killed while images load (20 MiB baseline, 200 MiB limit, 16 MiB bitmaps
    /// decoded at 200 ms per megapixel: downloads wait to be decoded); returns whether it was killed
    /// and whether its environment and strategy outlived it.
    static func killedRun(_ name: String) throws -> (killed: Bool, environmentLeft: Bool, strategyLeft: Bool) {
        try killedRun(name, in: killingGrid)
    }

    /// The grid most strategies are killed in (a 4-column grid of 2048-pixel images).
    static var killingGrid: Scenario {
        var scenario = StrategyTests.slowList(itemCount: 400, script: [
            .fling(velocity: 6000, deceleration: .normal), .fling(velocity: -6000, deceleration: .normal),
            .pause(seconds: 1),
        ])
        scenario.images.width = 2048
        scenario.images.height = 2048
        scenario.layout.kind = .grid
        scenario.layout.columns = 4
        scenario.device.baselineFootprintMB = 20
        scenario.device.memoryLimitMB = 200
        scenario.costs.decodeMsPerMegapixel = 200
        return scenario
    }

    /// A list that kills the strategies that decode at the cell's size (texture, adaptive): cells
    /// 1000 points tall (a bitmap of 13 MiB or more at the cell's size, 4096-pixel sources) and
    /// 10 MiB above a 30 MiB baseline, so the first image decoded kills the run while the others
    /// still load.
    static var killingTallList: Scenario {
        var scenario = StrategyTests.slowList(itemCount: 400, script: [
            .fling(velocity: 6000, deceleration: .normal), .fling(velocity: -6000, deceleration: .normal),
            .pause(seconds: 1),
        ])
        scenario.layout.itemHeight = 1000
        scenario.images.width = 4096
        scenario.images.height = 4096
        scenario.device.baselineFootprintMB = 30
        scenario.device.memoryLimitMB = 40
        scenario.costs.decodeMsPerMegapixel = 200
        return scenario
    }

    /// A run of `name` in `scenario`; returns whether it was killed and whether its environment and
    /// strategy outlived it.
    static func killedRun(_ name: String, in scenario: Scenario) throws
        -> (killed: Bool, environmentLeft: Bool, strategyLeft: Bool) {
        let seen = WeakReferences()
        var killed = false
        do {
            let factory = try StrategyCatalog.makeFactory(StrategySpec(name: name))
            let metrics = try SimulationRun(scenario: scenario, seed: 1, strategyName: name, strategy: { environment in
                seen.environment = environment
                let strategy = factory(environment)
                seen.strategy = strategy
                return strategy
            }).run()
            killed = metrics.killed
        }
        return (killed, seen.environment != nil, seen.strategy != nil)
    }

    /// Every strategy this grid kills (texture and adaptive decode at the cell's size: not killed
    /// here). Nuke's loads queued on its own queues when the run ends are freed with the strategy
    /// that owns the queues (a queue holds its pending loads; a load does not hold its queue).
    @Test("A killed run's environment and strategy are freed when it ends",
          arguments: ["naive", "nuke", "sdwebimage", "kingfisher", "asset-store", "apple-prefetching-sample",
                      "actor-loader-capped", "actor-loader"])
    func killedRunLeavesNothingBehind(name: String) throws {
        let (killed, environmentLeft, strategyLeft) = try Self.killedRun(name)
        #expect(killed, "\(name): not killed")
        #expect(!strategyLeft, "\(name): the strategy outlives its run")
        #expect(!environmentLeft, "\(name): the environment outlives its run")
    }

    /// The strategies that decode at the cell's size, killed by a list of tall cells.
    @Test("A killed run of a strategy that decodes at the cell's size frees its environment and strategy",
          arguments: ["texture", "adaptive"])
    func killedDownsamplingRunLeavesNothingBehind(name: String) throws {
        let (killed, environmentLeft, strategyLeft) = try Self.killedRun(name, in: Self.killingTallList)
        #expect(killed, "\(name): not killed")
        #expect(!strategyLeft, "\(name): the strategy outlives its run")
        #expect(!environmentLeft, "\(name): the environment outlives its run")
    }
}
