import FetchStrategies
import ScrollSimCore

/// Scenarios, runners and observers for the library strategies' tests.
extension StrategyTests {
    /// A 40-item list of 100-pt rows in a 1000-pt viewport (items 0...9 visible at the top),
    /// `ios9` profile (no lead band, no data prefetch), every image the same size, every request
    /// the same latency and connections free to open (zero round trip), so counts and times can be
    /// computed by hand.
    static func fixedList(itemCount: Int = 40, latencyMs: Double = 100, script: [ScriptStep]) -> Scenario {
        var layout = Scenario.Layout(itemCount: itemCount)
        layout.itemHeight = 100
        layout.viewportHeight = 1000
        var scenario = Scenario(layout: layout)
        scenario.display.refreshHz = 60  // the rate the expected values were computed at
        scenario.network.httpProtocol = .http1_1  // the connection behaviour the expected values assume
        scenario.name = "fixed-list"
        scenario.cells.profile = .ios9
        scenario.images.bytesMedian = 20_000
        scenario.images.bytesP95 = 20_000
        scenario.network.latencyMsMedian = latencyMs
        scenario.network.latencyMsP95 = latencyMs
        scenario.network.rttMs = 0  // no connection setup: these cases pin the strategies, not the network
        scenario.script = script
        return scenario
    }

    /// A non-animated jump putting `item` at the top.
    static func jump(to item: Int) -> ScriptStep { .scrollTo(item: item, animated: false, seconds: 0) }

    /// Runs `scenario` with the built-in strategy `name` and `parameters`, reporting to `observer`.
    static func run(_ scenario: Scenario, _ name: String, parameters: [(key: String, value: JSONValue)],
                    observer: (any RunObserver)? = nil) -> RunMetrics {
        let factory = try! StrategyCatalog.makeFactory(StrategySpec(name: name, parameters: parameters))
        return try! SimulationRun(scenario: scenario, seed: 1, strategyName: name, strategy: factory)
            .run(observer: observer)
    }

    /// An integer parameter value.
    static func integer(_ value: Int) -> JSONValue { .number(Double(value), text: String(value)) }
}

/// Records connections and image requests as a run reports them.
final class RequestLog: RunObserver {
    /// Every connection, in the order it ended.
    private(set) var connections: [ConnectionSpan] = []
    /// Every request to configure a cell: (time, image, outcome).
    private(set) var requests: [(time: SimTime, imageID: Int, outcome: RequestOutcome)] = []

    func connectionEnded(_ span: ConnectionSpan) { connections.append(span) }

    func imageRequested(imageID: Int, outcome: RequestOutcome, at time: SimTime) {
        requests.append((time, imageID, outcome))
    }

    /// Images in the order their connections started (ties by connection slot).
    var startOrder: [Int] {
        connections.sorted { ($0.start, $0.connection) < ($1.start, $1.connection) }.map(\.imageID)
    }

    /// Connections cancelled.
    var cancelled: Int { connections.filter { $0.outcome == .cancelled }.count }

    /// Outcomes of the requests made at or after `time`, in order.
    func outcomes(from time: SimTime) -> [RequestOutcome] {
        requests.filter { $0.time >= time }.map(\.outcome)
    }
}
