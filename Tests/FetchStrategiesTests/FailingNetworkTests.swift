import FetchStrategies
import ScrollSimCore
import Testing

/// Every strategy survives a network that fails every request, without a retry storm.
@Suite struct FailingNetworkTests {
    static func scenario(_ configure: (inout Scenario.Network) -> Void) -> Scenario {
        var scenario = StrategyTests.slowList(script: [.drag(velocity: 1500, seconds: 2), .pause(seconds: 2)])
        configure(&scenario.network)
        return scenario
    }

    @Test(arguments: StrategyCatalog.all.map(\.name))
    func offlineRunsEndWithNothingDownloaded(strategy: String) {
        // Offline fails every request at once (as an event, never inside the load call).
        let metrics = StrategyTests.run(Self.scenario { $0.offline = true }, strategy)
        #expect(metrics.networkFetches == 0)
        #expect(metrics.bytesDownloaded == 0)
        #expect(metrics.displays > 0)
        #expect(metrics.wrongImageFrames == 0 || strategy == "naive")
    }

    @Test(arguments: StrategyCatalog.all.map(\.name))
    func instantFailuresDoNotLoopForever(strategy: String) {
        // Every request fails after 0 ms: a strategy that retried at once would never end.
        let metrics = StrategyTests.run(Self.scenario {
            $0.failureRate = 1
            $0.latencyMsMedian = 0
            $0.latencyMsP95 = 0
        }, strategy)
        #expect(metrics.bytesDownloaded == 0)
        // adaptive retries a failed image after 1 s: at most one attempt per image and second
        // of the run (4 s of script, 60 s settle at most) for the ~40 items it ever wants.
        #expect(metrics.networkFetches <= 40 * 65)
    }
}
