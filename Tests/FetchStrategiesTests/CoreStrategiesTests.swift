import FetchStrategies
import ScrollSimCore
import Testing

/// The defining behaviour of the first three strategies, with exact counts.
@Suite struct CoreStrategiesTests {
    @Test func naiveShowsWrongImagesWhereTheAppleSampleShowsNone() {
        // Given cells reused while 400 ms-median loads are still in flight
        let scenario = StrategyTests.slowList(script: [.drag(velocity: 1500, seconds: 2), .pause(seconds: 4)])
        // When both strategies scroll the same list
        let naive = StrategyTests.run(scenario, "naive")
        let sample = StrategyTests.run(scenario, "apple-prefetching-sample")
        // Then naive shows other items' images on reused cells; the identity guard prevents it
        #expect(naive.cellsReused > 0)
        #expect(naive.wrongImageFrames > 0)
        #expect(sample.wrongImageFrames == 0)
        #expect(sample.cellsReused == naive.cellsReused)
    }

    @Test func coalescingDownloadsEachImageOnce() {
        // Given 300 items showing only 5 distinct images (item i shows image i mod 5)
        var scenario = StrategyTests.slowList(script: [.drag(velocity: 1500, seconds: 2), .pause(seconds: 4)])
        scenario.images.distinct = 5
        // When the actor loader with in-flight coalescing runs
        let coalescing = StrategyTests.run(scenario, "actor-loader-coalescing")
        // Then each image is downloaded exactly once; every other request joins or hits
        #expect(coalescing.networkFetches == 5)
        #expect(coalescing.duplicateDownloads == 0)
        #expect(coalescing.inflightJoins + coalescing.memoryHits == coalescing.requests - 5)
        #expect(coalescing.inflightJoins > 0 && coalescing.memoryHits > 0)
        // While naive starts a task per configured cell: URLCache.shared answers those made after
        // their image's download completed (disk hits), the others download it again
        let naive = StrategyTests.run(scenario, "naive")
        #expect(naive.networkFetches + naive.diskHits == naive.requests)
        #expect(naive.diskHits > 0 && naive.networkFetches > 5)
        #expect(naive.duplicateDownloads == naive.networkFetches - 5)
    }

    @Test func naiveDecodesOnTheMainThreadEveryTimeAndTheSampleOnce() {
        // Scrolling down and back up over the same 40 items
        let scenario = StrategyTests.slowList(script: [.drag(velocity: 1000, seconds: 3), .pause(seconds: 3),
                                                       .drag(velocity: -1000, seconds: 3), .pause(seconds: 3)])
        let naive = StrategyTests.run(scenario, "naive")
        let sample = StrategyTests.run(scenario, "apple-prefetching-sample")
        // 1200 × 1200 px at 8 ms/MP = 11.52 ms per decode, on the main thread
        #expect(naive.mainDecodeNanos % 11_520_000 == 0)
        #expect(sample.mainDecodeNanos % 11_520_000 == 0)
        #expect(sample.mainDecodeNanos < naive.mainDecodeNanos)
        // The sample decodes each cached item at most once
        #expect(sample.mainDecodeNanos / 11_520_000 <= Int64(sample.networkFetches))
    }

    @Test func theSampleCancelsPrefetchesWhenTheDirectionReverses() {
        let scenario = StrategyTests.slowList(script: [.drag(velocity: 800, seconds: 1),
                                                       .drag(velocity: -800, seconds: 0.5), .pause(seconds: 3)])
        let sample = StrategyTests.run(scenario, "apple-prefetching-sample")
        #expect(sample.prefetches > 0)
        #expect(sample.prefetchCancels > 0)
        #expect(sample.wastedPrefetches > 0)
        // Cancelled transfers keep their partial bytes: fewer bytes than completed fetches would need
        #expect(sample.bytesDownloaded > 0)
    }

    @Test func theSampleCacheLimitEvictsAndForcesDownloadsAgain() {
        // Scrolling down and back over the same items: unbounded, every return is a memory hit;
        // with a 12 MB totalCostLimit (two 5.76 MB bitmaps) returns miss the sample's cache and
        // URLCache.shared answers them (disk hits) instead of the network.
        let scenario = StrategyTests.slowList(script: [.drag(velocity: 1000, seconds: 3), .pause(seconds: 3),
                                                       .drag(velocity: -1000, seconds: 3), .pause(seconds: 3)])
        let unbounded = StrategyTests.run(scenario, "apple-prefetching-sample")
        let factory = try! StrategyCatalog.makeFactory(StrategySpec(
            name: "apple-prefetching-sample", parameters: [("memoryCacheMB", .number(12, text: "12"))]))
        let limited = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "limited", strategy: factory).run()
        #expect(unbounded.duplicateDownloads == 0)
        #expect(unbounded.diskHits == 0)
        #expect(limited.diskHits > 0 && limited.duplicateDownloads == 0)
        #expect(limited.networkFetches == unbounded.networkFetches)
        #expect(limited.memoryHits < unbounded.memoryHits)
        #expect(limited.peakMemoryBytes < unbounded.peakMemoryBytes)
    }
}
