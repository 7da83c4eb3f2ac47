import FetchStrategies
import ScrollSimCore

/// Scenarios and runners shared by the strategy tests.
enum StrategyTests {
    /// A 100-pt-row list in a 1000-pt viewport with default costs and a slow network.
    static func slowList(itemCount: Int = 300, script: [ScriptStep]) -> Scenario {
        var layout = Scenario.Layout(itemCount: itemCount)
        layout.itemHeight = 100
        layout.viewportHeight = 1000
        var scenario = Scenario(layout: layout)
        scenario.display.refreshHz = 60  // the rate the expected values were computed at
        scenario.network.httpProtocol = .http1_1  // the connection behaviour the expected values assume
        scenario.name = "slow-list"
        scenario.network.latencyMsMedian = 400
        scenario.network.latencyMsP95 = 1500
        scenario.script = script
        return scenario
    }

    /// Runs `scenario` with the built-in strategy `name` (default parameters).
    static func run(_ scenario: Scenario, _ name: String, seed: UInt64 = 1) -> RunMetrics {
        let factory = try! StrategyCatalog.makeFactory(StrategySpec(name: name))
        return try! SimulationRun(scenario: scenario, seed: seed, strategyName: name, strategy: factory).run()
    }
}
