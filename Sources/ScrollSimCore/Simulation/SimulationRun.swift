/// Makes a strategy for one run, bound to that run's environment.
public typealias StrategyFactory = @Sendable (FetchEnvironment) -> any FetchStrategy

/// One run: a scenario, a strategy and a seed, simulated from time 0 until the script has ended
/// and the event queue has drained (SPEC §1–§8).
public final class SimulationRun {
    public let scenario: Scenario
    public let seed: UInt64
    public let strategyName: String
    let factory: StrategyFactory

    public init(scenario: Scenario, seed: UInt64, strategyName: String, strategy: @escaping StrategyFactory) {
        self.scenario = scenario
        self.seed = seed
        self.strategyName = strategyName
        self.factory = strategy
    }

    /// Runs the simulation to the end. `frameSink`, when given, receives every frame in order.
    public func run(frameSink: ((FrameRecord) -> Void)? = nil) -> RunMetrics {
        var metrics = RunMetrics()
        metrics.scenario = scenario.name
        metrics.strategy = strategyName
        metrics.seed = seed
        return metrics  // placeholder until the engine lands
    }
}

/// The services a strategy acts through (SPEC §7). Placeholder until the engine lands.
public final class FetchEnvironment {}
