import FetchStrategies
import ScrollSimCore
import ScrollSimTestSupport
import Testing

/// Every built-in strategy keeps its own books straight (`StrategyAudit`): it releases only what
/// it retained, and every memory hit it records delivers that image; and the audit does catch a
/// strategy that gets either wrong.
@Suite struct StrategyAuditTests {
    /// A grid scrolled back and forth over repeated images with a memory warning, so caches hit,
    /// evict and purge.
    static var scenario: Scenario {
        var layout = Scenario.Layout(itemCount: 400)
        layout.kind = .grid
        layout.columns = 3
        layout.itemHeight = 130
        var scenario = Scenario(layout: layout)
        scenario.display.refreshHz = 60  // the rate the expected values were computed at
        scenario.network.httpProtocol = .http1_1  // the connection behaviour the expected values assume
        scenario.name = "audit"
        scenario.images.distinct = 60
        scenario.network.latencyMsMedian = 60
        scenario.network.latencyMsP95 = 250
        scenario.script = [.drag(velocity: 900, seconds: 1.5), .fling(velocity: -3000, deceleration: .normal),
                           .memoryWarning, .drag(velocity: 1200, seconds: 1.2), .pause(seconds: 0.4),
                           .fling(velocity: -4000, deceleration: .fast)]
        return scenario
    }

    @Test("built-in strategies release only what they retain and deliver every memory hit",
          arguments: StrategyCatalog.all.map(\.name))
    func builtIn(name: String) throws {
        let audit = StrategyAudit()
        let factory = try StrategyCatalog.makeFactory(StrategySpec(name: name))
        let metrics = try SimulationRun(scenario: Self.scenario, seed: 5, strategyName: name, strategy: factory)
            .run(observer: audit)
        audit.finish()
        #expect(metrics.requests > 0)
        #expect(metrics.memoryHits > 0 || name == "naive", "no memory hit to audit: \(metrics.memoryHits)")
        #expect(audit.problems == [])
    }

    /// Records a memory hit without delivering anything, and releases an image twice.
    final class CarelessStrategy: FetchStrategy {
        let environment: FetchEnvironment
        var kept: ImageObject?
        init(_ environment: FetchEnvironment) { self.environment = environment }
        func cellForItem(_ cell: CellID, item: Int) {
            let imageID = environment.imageID(forItem: item)
            environment.record(.memoryHit, imageID: imageID)  // nothing is set on the cell
            let image = environment.makeUndecodedImage(imageID)
            environment.retain(image)
            environment.release(image)
            environment.release(image)  // once too often
        }
    }

    @Test("the audit catches a strategy that reports hits it never delivers and releases twice")
    func catchesMistakes() {
        let audit = StrategyAudit()
        var scenario = Self.scenario
        scenario.script = [.drag(velocity: 900, seconds: 0.5)]
        _ = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "careless",
                               strategy: { CarelessStrategy($0) })
            .run(observer: audit)
        audit.finish()
        #expect(audit.problems.contains {
            $0.contains("released an instance of image") && $0.contains("does not hold")
        })
        #expect(audit.problems.contains {
            $0.contains("recorded a memory hit for image") && $0.contains("set no such image")
        })
    }

    @Test("finish(expectingEmpty:) reports what a strategy still holds")
    func leftovers() {
        final class Hoarder: FetchStrategy {
            let environment: FetchEnvironment
            init(_ environment: FetchEnvironment) { self.environment = environment }
            func cellForItem(_ cell: CellID, item: Int) {
                environment.retain(environment.makeUndecodedImage(environment.imageID(forItem: item)))
            }
        }
        let audit = StrategyAudit()
        var scenario = Self.scenario
        scenario.script = [.pause(seconds: 0.1)]
        _ = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "hoarder", strategy: { Hoarder($0) })
            .run(observer: audit)
        audit.finish(expectingEmpty: true)
        #expect(!audit.problems.isEmpty)
        #expect(audit.problems.allSatisfy { $0.hasPrefix("still holds an instance of image ") })
    }
}
