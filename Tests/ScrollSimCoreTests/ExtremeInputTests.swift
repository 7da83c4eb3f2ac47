import Testing
@testable import ScrollSimCore

/// Valid but extreme scenario values run to the end without a trap (durations saturate instead
/// of overflowing), and values that make no model are refused by the decoder.
@Suite struct ExtremeInputTests {
    /// Loads every item it configures; enough to drive the network and the disk.
    final class LoadEverything: FetchStrategy {
        let environment: FetchEnvironment
        init(_ environment: FetchEnvironment) { self.environment = environment }
        func cellForItem(_ cell: CellID, item: Int) {
            let environment = self.environment
            let imageID = environment.imageID(forItem: item)
            environment.record(.miss, imageID: imageID)
            environment.readDisk(bytes: environment.encodedBytes(ofImage: imageID)) {}
            environment.sharedSession.load(imageID, priority: .normal) { _ in }
        }
    }

    static func run(_ configure: (inout Scenario) -> Void) -> RunMetrics {
        var scenario = Scenario(layout: .init(itemCount: 200))
        scenario.script = [.drag(velocity: 2000, seconds: 1), .pause(seconds: 1)]
        configure(&scenario)
        return SimulationRun(scenario: scenario, seed: 3, strategyName: "load", strategy: { LoadEverything($0) }).run()
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
            try ScenarioLoader.parse(#"{"layout": {"itemCount": 5}, "network": {"bandwidthMbps": 1e-12}}"#, file: "s.json")
        }
        do {
            _ = try ScenarioLoader.parse(#"{"layout": {"kind": "grid", "columns": 64, "spacing": 10, "itemCount": 5}}"#, file: "s.json")
            Issue.record("a grid whose gaps are wider than the viewport was accepted")
        } catch {
            #expect(error.path == "layout.spacing")
        }
    }
}
