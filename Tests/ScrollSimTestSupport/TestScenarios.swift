import ScrollSimCore

/// Small scenarios for hand-computed tests.
public enum TestScenarios {
    /// A list of `itemCount` rows of 100 pt in a 390 × `viewportHeight` viewport, every cost 0.
    public static func zeroCostList(itemCount: Int = 100, viewportHeight: Double = 1000,
                                    profile: Scenario.Profile = .ios9, refreshHz: Int = 60,
                                    script: [ScriptStep]) -> Scenario {
        var layout = Scenario.Layout(itemCount: itemCount)
        layout.itemHeight = 100
        layout.viewportHeight = viewportHeight
        var scenario = Scenario(layout: layout)
        scenario.name = "test"
        scenario.display.refreshHz = refreshHz
        scenario.cells.profile = profile
        scenario.costs = Scenario.Costs()
        scenario.costs.frameBaseMs = 0
        scenario.costs.cellCreateMs = 0
        scenario.costs.cellForItemMs = 0
        scenario.costs.prepareForReuseMs = 0
        scenario.costs.willDisplayMs = 0
        scenario.costs.didEndDisplayingMs = 0
        scenario.costs.setImageMs = 0
        scenario.script = script
        return scenario
    }

    /// Runs `scenario` with `strategy`, returning metrics and frames.
    public static func run(_ scenario: Scenario, seed: UInt64 = 1,
                           strategy: @escaping StrategyFactory = { _ in IdleStrategy() })
        -> (RunMetrics, [FrameRecord]) {
        var frames: [FrameRecord] = []
        let metrics = SimulationRun(scenario: scenario, seed: seed, strategyName: "test", strategy: strategy)
            .run { frames.append($0) }
        return (metrics, frames)
    }
}
