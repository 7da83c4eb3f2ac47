@testable import FetchStrategies
import ScrollSimCore
import Testing

/// `texture` reuses its fetches and draws, and `asset-store` its requests, once they ended
/// (`makeFetch`, `makeDraw`, `startRequest`), on the claim that nothing else holds a retired one:
/// no job, load, main-queue block, token or table, because a cancelled or failed one is never
/// retired. The claim is asserted where a retired one is taken (a debug build traps when it
/// fails); these runs reach it through everything that could break it: cancels taking effect
/// at the main cursor while the job or load runs on, failed downloads with cells and prefetches
/// still holding tokens, pinned downloads, draws committed at once on an idle main thread and
/// later behind frames, contents-cache commits, a memory warning, jumps and direction changes.
@Suite struct RecordReuseTests {
    /// 400 items of 6 images shared by many nodes and cells (joins, contents-cache commits), a
    /// third of the downloads failing, scrolled both ways fast enough to cancel loads in flight.
    static func scenario() -> Scenario {
        var scenario = StrategyTests.slowList(itemCount: 400, script: [
            .drag(velocity: 1500, seconds: 1), .fling(velocity: 6000, deceleration: .normal), .memoryWarning,
            .fling(velocity: -7000, deceleration: .fast), .scrollTo(item: 300, animated: false, seconds: 0),
            .pause(seconds: 0.3), .scrollTo(item: 20, animated: true, seconds: 0.6),
            .drag(velocity: 2500, seconds: 1.5), .drag(velocity: -2500, seconds: 1.5), .pause(seconds: 2),
        ])
        scenario.network.failureRate = 0.3
        scenario.network.latencyMsMedian = 150
        scenario.network.latencyMsP95 = 900
        scenario.network.bandwidthMbps = 8
        scenario.images.bytesMedian = 300_000
        scenario.images.bytesP95 = 1_000_000
        scenario.images.distinct = 60
        scenario.images.zipfAlpha = 1.2
        scenario.cells.prefetchScreens = 2
        return scenario
    }

    @Test("texture reuses ended fetches and draws that nothing else holds, across cancels and failures")
    func textureReusesOnlyUnheldRecords() {
        let probe = StrategyProbe { TextureStrategy(environment: $0) }
        for seed: UInt64 in 1...4 {
            let metrics = probe.run(Self.scenario(), name: "texture", seed: seed)
            let texture = probe.strategy!
            // The run reached every path above (and the assertion, each reuse).
            #expect(metrics.networkFetches > 50 && metrics.memoryWarnings == 1, "seed \(seed)")
            #expect(texture.cancelledFetches > 0 && texture.pinnedDownloads > 0, "seed \(seed)")
            #expect(texture.reusedFetches > 20 && texture.reusedDraws > 20, "seed \(seed)")
        }
    }

    @Test("asset-store reuses reconfigured requests that nothing else holds, across cancels and failures")
    func assetStoreReusesOnlyUnheldRequests() {
        let probe = StrategyProbe { AssetStoreStrategy(environment: $0) }
        for seed: UInt64 in 1...4 {
            let metrics = probe.run(Self.scenario(), name: "asset-store", seed: seed)
            let store = probe.strategy!
            #expect(metrics.networkFetches > 50 && metrics.memoryWarnings == 1, "seed \(seed)")
            #expect(metrics.prefetchCancels > 0, "seed \(seed)")
            #expect(store.reusedRequests > 10, "seed \(seed)")
        }
    }
}
