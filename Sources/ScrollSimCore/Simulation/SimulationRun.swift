/// Makes a strategy for one run, bound to that run's environment.
public typealias StrategyFactory = @Sendable (FetchEnvironment) -> any FetchStrategy

/// One run: a scenario, a strategy and a seed, simulated from time 0 until the script has ended
/// and the event queue has drained (docs/model.md). Runs are independent: no state of one run
/// reaches another, so they may run on different threads. The one thing runs may share is a
/// `ScrollSampleStore` (the runs of one scenario and seed made by `RunPlan`'s executor and the
/// benchmark; never a run made by the public init): the scroll timeline (immutable, built by the
/// first run) and an immutable derived table of the scroll offset and velocity at each vsync, a
/// pure function of the scenario and seed, filled chunk by chunk under its lock with the bits each
/// run would compute alone (at most 2 MiB; later vsyncs each run samples alone). A run's outputs
/// therefore cannot depend on which run filled a chunk, or when.
public final class SimulationRun {
    /// The scenario simulated.
    public let scenario: Scenario
    /// The seed of every random draw (overrides `scenario.seed`).
    public let seed: UInt64
    /// The strategy's name, as reported.
    public let strategyName: String
    private let factory: StrategyFactory
    /// The samples shared with other runs of this scenario and seed, or nil (sampled alone).
    package let sampleStore: ScrollSampleStore?
    /// Events the last `run` handled (for the benchmark).
    public private(set) var eventsHandled = 0
    /// Simulated time the last `run` covered, seconds (for the benchmark).
    public private(set) var simulatedSeconds = 0.0

    /// A run of `scenario`, checked first by `Scenario.validate(file:)` (the rules a scenario built
    /// in code can break; a file's are also checked as it is read), so that nothing the engine
    /// cannot simulate reaches it.
    /// - Throws: `ScenarioError` (`.invalid`) naming the offending path, in a file called
    ///   `scenario '<name>'` (a scenario built in code has no file).
    public convenience init(scenario: Scenario, seed: UInt64, strategyName: String,
                            strategy: @escaping StrategyFactory) throws(ScenarioError) {
        try scenario.validate(file: Self.fileLabel(of: scenario))
        self.init(validatedScenario: scenario, seed: seed, strategyName: strategyName, strategy: strategy)
    }

    /// A run of `scenario`, which the caller has checked with `Scenario.validate(file:)` under its
    /// own file name (`RunPlan.Run`, whose scenario cannot change once checked). With
    /// `sampleStore` (made for this scenario and seed: the simulator checks), the run reads its
    /// scroll samples from the store, shared with the other runs given it.
    package init(validatedScenario scenario: Scenario, seed: UInt64, strategyName: String,
                 strategy: @escaping StrategyFactory, sampleStore: ScrollSampleStore? = nil) {
        self.scenario = scenario
        self.seed = seed
        self.strategyName = strategyName
        self.factory = strategy
        self.sampleStore = sampleStore
    }

    /// The file named in the error about a scenario built in code: `scenario '<name>'`.
    static func fileLabel(of scenario: Scenario) -> String { "scenario '\(scenario.name)'" }

    /// Runs the simulation to the end. `frameSink`, when given, receives every frame in order.
    public func run(frameSink: ((FrameRecord) -> Void)? = nil) -> RunMetrics {
        run(observer: frameSink.map { FrameSinkObserver($0) })
    }

    /// Runs the simulation to the end, reporting everything that happens to `observer`.
    public func run(observer: (any RunObserver)?) -> RunMetrics {
        let simulator = Simulator(scenario: scenario, seed: seed, strategyName: strategyName,
                                  factory: factory, observer: observer, sampleStore: sampleStore)
        let metrics = simulator.run()
        eventsHandled = simulator.scheduler.eventsHandled
        simulatedSeconds = SimDuration.toSeconds(simulator.scheduler.now)
        return metrics
    }

    /// Runs the simulation and also returns every network connection's random draws, in order.
    public func runRecordingNetworkDraws() -> (RunMetrics, [NetworkDraw]) {
        let simulator = Simulator(scenario: scenario, seed: seed, strategyName: strategyName,
                                  factory: factory, observer: nil, sampleStore: sampleStore)
        simulator.network.drawLog = []
        let metrics = simulator.run()
        return (metrics, simulator.network.drawLog ?? [])
    }

    /// Runs the simulation checking the lifecycle and frame-accounting invariants after every
    /// frame, and also returns every violation found (tests).
    func runCheckingInvariants() -> (RunMetrics, [String]) {
        let simulator = Simulator(scenario: scenario, seed: seed, strategyName: strategyName,
                                  factory: factory, observer: nil, sampleStore: sampleStore)
        simulator.invariantViolations = []
        let metrics = simulator.run()
        return (metrics, simulator.invariantViolations ?? [])
    }

    /// Runs the simulation and also returns the lifecycle trace (every callback with its time),
    /// for tests and debugging.
    public func runTracingLifecycle() -> (RunMetrics, [LifecycleEvent]) {
        let simulator = Simulator(scenario: scenario, seed: seed, strategyName: strategyName,
                                  factory: factory, observer: nil, sampleStore: sampleStore)
        simulator.lifecycleTrace = []
        let metrics = simulator.run()
        return (metrics, simulator.lifecycleTrace ?? [])
    }
}

/// One lifecycle callback as the strategy received it (for tests and traces).
public struct LifecycleEvent: Sendable, Equatable, CustomStringConvertible {
    /// The callback.
    public enum Kind: String, Sendable, Equatable {
        case create, prepareForReuse, cellForItem, willDisplay, didEndDisplaying, enqueue, prefetch, cancelPrefetching
    }
    public var time: SimTime
    public var kind: Kind
    /// The cell (−1 for prefetch calls).
    public var cell: CellID
    /// The items concerned (one, except for prefetch calls).
    public var items: [Int]

    public init(time: SimTime, kind: Kind, cell: CellID, items: [Int]) {
        self.time = time
        self.kind = kind
        self.cell = cell
        self.items = items
    }

    /// `kind(items)` or `kind(cell, item)`, e.g. `cellForItem(c0,5)`.
    public var description: String {
        cell >= 0 ? "\(kind.rawValue)(c\(cell),\(items.map(String.init).joined(separator: ",")))"
            : "\(kind.rawValue)(\(items.map(String.init).joined(separator: ",")))"
    }
}
