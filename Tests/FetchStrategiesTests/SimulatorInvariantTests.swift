import FetchStrategies
@testable import ScrollSimCore
import Testing

/// The layout pass handles only the rows entering and leaving, and the frame accounting only the
/// cells that changed: after every frame, the state must equal a full scan's, with every
/// strategy (each changes cells in its own way), every lifecycle profile and layout kind.
@Suite struct SimulatorInvariantTests {
    static func scenarios() -> [Scenario] {
        var ios9 = StrategyTests.slowList(itemCount: 200, script: [
            .drag(velocity: 1500, seconds: 1), .fling(velocity: 5000, deceleration: .normal), .memoryWarning,
            .fling(velocity: -7000, deceleration: .fast), .scrollTo(item: 150, animated: false, seconds: 0),
            .pause(seconds: 0.5), .scrollTo(item: 10, animated: true, seconds: 0.6), .pause(seconds: 1),
        ])
        ios9.cells.profile = .ios9
        ios9.layout.itemHeightRange = 60...300
        ios9.network.failureRate = 0.1
        var ios10 = StrategyTests.slowList(itemCount: 3_000, script: [
            .fling(velocity: 6000, deceleration: .normal), .drag(velocity: -900, seconds: 0.8),
            .fling(velocity: 4000, deceleration: .normal), .scrollTo(item: 2_000, animated: false, seconds: 0),
            .pause(seconds: 1),
        ])
        ios10.cells.profile = .ios10
        ios10.layout.kind = .grid
        ios10.layout.columns = 4
        ios10.layout.itemHeight = 90
        ios10.cells.prefetchScreens = 2
        ios10.cells.cellLeadScreens = 0.6
        ios10.images.distinct = 300
        ios10.images.zipfAlpha = 0.8
        var ios15 = ios10
        ios15.cells.profile = .ios15
        ios15.cells.retainScreens = 0.2
        ios15.display.refreshHz = 120
        return [ios9, ios10, ios15]
    }

    @Test(arguments: StrategyCatalog.all.map(\.name))
    func incrementalStateEqualsAFullScanAfterEveryFrame(strategy: String) {
        for scenario in Self.scenarios() {
            let factory = try! StrategyCatalog.makeFactory(StrategySpec(name: strategy))
            let run = try! SimulationRun(scenario: scenario, seed: 3, strategyName: strategy, strategy: factory)
            let (checked, violations) = run.runCheckingInvariants()
            #expect(violations.isEmpty, "\(scenario.cells.profile): \(violations.prefix(3))")
            // The checks only observe: the run's metrics are those of a normal run.
            #expect(checked == run.run())
            #expect(checked.frames > 50 && checked.displays > 50)
        }
    }
}
