import Testing
@testable import ScrollSimCore
import ScrollSimTestSupport

/// Valid but extreme scenario values run to the end without a trap (durations saturate instead
/// of overflowing), and values that make no model are refused by the decoder.
@Suite struct ExtremeInputTests {
    static func run(_ configure: (inout Scenario) -> Void) -> RunMetrics {
        var scenario = Scenario(layout: .init(itemCount: 200))
        scenario.display.refreshHz = 60  // the rate the expected values were computed at
        scenario.network.httpProtocol = .http1_1  // the connection behaviour the expected values assume
        scenario.script = [.drag(velocity: 2000, seconds: 1), .pause(seconds: 1)]
        configure(&scenario)
        return try! SimulationRun(scenario: scenario, seed: 3, strategyName: "load",
                                  strategy: { LoadingStrategy($0, readsDisk: true) }).run()
    }

    @Test func hugeLatencySpreadSaturates() {
        let metrics = Self.run {
            $0.network.latencyMsMedian = 0.001
            $0.network.latencyMsP95 = 600_000
        }
        #expect(metrics.requests > 0)
    }

    @Test func hugeBytesSpreadOnTheSlowestLinkAndDiskSaturates() {
        let metrics = Self.run {
            $0.images.bytesMedian = 1
            $0.images.bytesP95 = 1e10
            $0.network.bandwidthMbps = 0.001
            $0.disk.throughputMBps = 0.001
        }
        #expect(metrics.requests > 0)
        // The run stops 60 s after the script, with transfers still running: partial bytes count.
        #expect(metrics.bytesDownloaded > 0)
    }

    @Test func theDecoderRefusesWhatMakesNoModel() {
        #expect(throws: ScenarioError.self) {
            try ScenarioLoader.parse(#"{"layout": {"itemCount": 5}, "network": {"bandwidthMbps": 1e-12}}"#,
                                     file: "s.json")
        }
        do {
            _ = try ScenarioLoader.parse(#"{"layout": {"kind": "grid", "columns": 64, "spacing": 10, "itemCount": 5}}"#,
                                         file: "s.json")
            Issue.record("a grid whose gaps are wider than the viewport was accepted")
        } catch {
            #expect(error.path == "layout.spacing")
        }
    }
}
