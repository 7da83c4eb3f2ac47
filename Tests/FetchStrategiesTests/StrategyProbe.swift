@testable import FetchStrategies
import ScrollSimCore

/// Runs a built-in strategy while keeping hold of the instance and its environment, so a test
/// can look inside it at chosen moments of the run (from a `RunObserver`). The environment is
/// only valid during the run.
final class StrategyProbe<S: FetchStrategy & SendableMetatype>: @unchecked Sendable {
    /// The strategy of the run (set when the run starts).
    var strategy: S!
    /// The run's environment.
    var environment: FetchEnvironment!
    private let make: @Sendable (FetchEnvironment) -> S

    /// A probe building its strategy with `make`.
    init(_ make: @escaping @Sendable (FetchEnvironment) -> S) { self.make = make }

    /// The factory to hand to `SimulationRun`.
    var factory: StrategyFactory {
        { [self] environment in
            self.environment = environment
            self.strategy = make(environment)
            return self.strategy
        }
    }

    /// Runs `scenario` with this probe's strategy, reporting to `observer`.
    func run(_ scenario: Scenario, name: String, seed: UInt64 = 1, observer: (any RunObserver)? = nil) -> RunMetrics {
        try! SimulationRun(scenario: scenario, seed: seed, strategyName: name, strategy: factory)
            .run(observer: observer)
    }
}

/// A `RunObserver` made of closures (frames and main-thread work items).
final class ClosureObserver: RunObserver {
    var onFrame: (FrameRecord) -> Void = { _ in }
    var onMainWork: (MainThreadWork, SimTime, SimTime) -> Void = { _, _, _ in }
    var onDecode: (SimTime) -> Void = { _ in }
    var onDisk: (SimTime, SimTime) -> Void = { _, _ in }

    func frameCommitted(_ frame: FrameRecord) { onFrame(frame) }
    func mainThreadWork(_ work: MainThreadWork, start: SimTime, end: SimTime) { onMainWork(work, start, end) }
    func decodeRan(thread: Int, start: SimTime, end: SimTime) { onDecode(end - start) }
    func diskRan(queue: Int, start: SimTime, end: SimTime) { onDisk(start, end) }
}

extension StrategyTests {
    /// A list scenario with a constant latency (median = p95) of `latencyMs`.
    static func constantLatencyList(latencyMs: Double, script: [ScriptStep]) -> Scenario {
        var scenario = slowList(script: script)
        scenario.network.latencyMsMedian = latencyMs
        scenario.network.latencyMsP95 = latencyMs
        return scenario
    }

    /// The frame interval of the `refreshHz` vsync grid containing `time`: `k` with
    /// `floor(k·1e9/hz) ≤ time < floor((k+1)·1e9/hz)`.
    static func frameInterval(_ time: SimTime, refreshHz: Int) -> Int {
        let hz = SimTime(refreshHz)
        var k = Int(time * hz / SimDuration.second)
        while SimTime(k + 1) * SimDuration.second / hz <= time { k += 1 }
        while k > 0 && SimTime(k) * SimDuration.second / hz > time { k -= 1 }
        return k
    }

    /// A strategy entry with numeric parameters, in the given order.
    static func spec(_ name: String, _ parameters: [(String, Double)]) -> StrategySpec {
        StrategySpec(name: name, parameters: parameters.map { ($0.0, JSONValue.number($0.1, text: String($0.1))) },
                     path: "strategies[0]")
    }
}
