import FetchStrategies
import Testing
import ScrollSimCore
@testable import ScrollSimReports
import ScrollSimTestSupport

/// `scrollsim run`'s executor shares the scroll samples among consecutive runs of one scenario
/// and seed, and only among them: every run's outputs are those of the run alone.
@Suite struct RunPlanSampleSharingTests {
    /// A grid whose row heights and user gestures are drawn from the seed, so that two seeds
    /// scroll differently; `script` replaces the user when given.
    static func scenario(_ name: String, script: [ScriptStep]? = nil) -> Scenario {
        var scenario = Scenario(layout: .init(itemCount: 600))
        scenario.name = name
        scenario.layout.kind = .grid
        scenario.layout.columns = 3
        scenario.layout.itemHeightRange = 80...160
        scenario.script = script ?? [.user(UserModel(seconds: 20))]
        return scenario
    }

    /// Runs of `scenario` with `seed`, one per strategy named.
    static func runs(_ scenario: Scenario, seed: UInt64, _ strategies: [String]) throws -> [RunPlan.Run] {
        try strategies.map { name in
            try RunPlan.Run(file: "\(scenario.name).json", scenario: scenario, seed: seed, strategyName: name,
                            factory: StrategyCatalog.makeFactory(StrategySpec(name: name)))
        }
    }

    @Test func runsSharingSamplesGiveTheOutputsOfRunsAlone() throws {
        // Given a plan of two strategies on a scenario with seed 1, then with seed 2, then on a
        // scenario differing only in its script (seed 1), then one run alone
        let a = Self.scenario("a")
        let b = Self.scenario("b", script: [.drag(velocity: 900, seconds: 3), .fling(velocity: -4000,
                                                                                      deceleration: .normal)])
        let strategies = ["naive", "kingfisher"]
        let plan = RunPlan(runs: try Self.runs(a, seed: 1, strategies) + Self.runs(a, seed: 2, strategies)
                                + Self.runs(b, seed: 1, strategies) + Self.runs(a, seed: 1, ["nuke"]))
        // When the executor runs it (recording frames)
        let results = plan.run(recording: RunRecording.Options(frames: true, trace: false, requests: true))
        // Then every run has the metrics, frames and requests of the same run made alone
        for (run, result) in zip(plan.runs, results) {
            let alone = RunPlan(runs: [run]).run(recording: RunRecording.Options(frames: true, trace: false,
                                                                                   requests: true))[0]
            #expect(result.metrics == alone.metrics, "\(run.scenario.name) \(run.strategyName) \(run.seed)")
            #expect(result.frames == alone.frames, "\(run.scenario.name) \(run.strategyName) \(run.seed)")
            #expect(result.requests == alone.requests, "\(run.scenario.name) \(run.strategyName) \(run.seed)")
        }
        // And the seeds and scripts scroll differently (a sample served to the wrong run would show)
        #expect(results[0].frames != results[2].frames)
        #expect(results[0].frames != results[4].frames)
    }

    @Test func consecutiveRunsOfOneScenarioAndSeedShareOneStore() throws {
        // Given runs: a with seed 1 twice, a with seed 2 once, b twice, a with seed 1 once
        let a = Self.scenario("a"), b = Self.scenario("b", script: [.pause(seconds: 1)])
        let runs = try Self.runs(a, seed: 1, ["naive", "nuke"]) + Self.runs(a, seed: 2, ["naive"])
            + Self.runs(b, seed: 1, ["naive", "nuke"]) + Self.runs(a, seed: 1, ["kingfisher"])
        // When the executor asks for their stores in order
        var sharing = RunPlan.SampleSharing(runs)
        let stores = runs.indices.map { sharing.store(forRunAt: $0) }
        // Then each group of two shares one store of its own, and a run alone gets none
        #expect(stores[0] != nil && stores[0] === stores[1])
        #expect(stores[2] == nil)
        #expect(stores[3] != nil && stores[3] === stores[4] && stores[3] !== stores[0])
        #expect(stores[5] == nil)
        #expect(stores[3]?.matches(b, seed: 1) == true)
    }

    @Test("runs of two files never share, even when their keys compare equal (-0 and +0)")
    func runsOfTwoFilesDoNotShare() throws {
        // Given two files whose scripts differ only in the sign of a zero velocity (Double's == equates
        // them; a run alone reports the sign it was given: found by review17a)
        let plus = Self.scenario("plus", script: [.drag(velocity: 0, seconds: 1)])
        let minus = Self.scenario("minus", script: [.drag(velocity: -0.0, seconds: 1)])
        let runs = try Self.runs(plus, seed: 1, ["naive"]) + Self.runs(minus, seed: 1, ["naive"])
        #expect(ScrollSampleStore.Key(scenario: plus, seed: 1) == ScrollSampleStore.Key(scenario: minus, seed: 1))
        // When the executor asks for their stores
        var sharing = RunPlan.SampleSharing(runs)
        // Then neither gets one
        #expect(sharing.store(forRunAt: 0) == nil)
        #expect(sharing.store(forRunAt: 1) == nil)
    }

    @Test func theExecutorLetsGoOfAStoreAfterItsGroupsLastRun() throws {
        // Given two runs of one scenario and seed, then a run of another seed
        let a = Self.scenario("a")
        let runs = try Self.runs(a, seed: 1, ["naive", "nuke"]) + Self.runs(a, seed: 2, ["naive"])
        var sharing = RunPlan.SampleSharing(runs)
        weak var released: ScrollSampleStore?
        do {
            // When the group's two runs have had their store (and run with it)
            let first = sharing.store(forRunAt: 0)
            released = first
            _ = runs[0].run(observer: nil, sampleStore: first)
            let second = sharing.store(forRunAt: 1)
            _ = runs[1].run(observer: nil, sampleStore: second)
            #expect(first != nil && second === first)
        }
        // Then nothing holds the store any more: its memory is freed with the group's runs
        #expect(released == nil)
        #expect(sharing.store(forRunAt: 2) == nil)
    }
}
