@testable import FetchStrategies
import ScrollSimCore
import Testing

/// `asset-store`: placeholders at once, protected visible entries, one request per asset.
@Suite struct AssetStoreStrategyTests {
    static func probe(memoryCacheMB: Double = 50) -> StrategyProbe<AssetStoreStrategy> {
        var configuration = AssetStoreStrategy.Configuration()
        configuration.memoryCacheMB = memoryCacheMB
        return StrategyProbe { [configuration] in AssetStoreStrategy(environment: $0, configuration: configuration) }
    }

    /// What each visible cell shows, counted over every frame.
    struct Census {
        var empty = 0, placeholder = 0, final = 0, wrong = 0
        var placeholderSizes: Set<Int> = []
    }

    @Test func aCellIsNeverEmptyItShowsAPlaceholderAtOnce() {
        // Given 400 ms-median loads and a drag through 30 new items
        let scenario = StrategyTests.slowList(script: [.drag(velocity: 1500, seconds: 2), .pause(seconds: 4)])
        let probe = Self.probe()
        var census = Census()
        let observer = ClosureObserver()
        observer.onFrame = { frame in
            let environment = probe.environment!
            let cells = Dictionary(uniqueKeysWithValues: probe.strategy.attachedCells.map { ($0.item, $0.cell) })
            for item in environment.layout.items(intersecting: frame.offset, frame.offset + 1000) {
                guard let image = cells[item].flatMap({ environment.image(on: $0) }) else {
                    census.empty += 1
                    continue
                }
                if image.imageID != environment.imageID(forItem: item) {
                    census.wrong += 1
                } else if image.isThumbnail {
                    census.placeholder += 1
                    census.placeholderSizes.insert(image.pixelWidth)
                } else {
                    census.final += 1
                }
            }
        }
        let metrics = probe.run(scenario, name: "asset-store", observer: observer)
        // Then no visible cell is ever empty or wrong: the 64-px placeholder shows until the image
        #expect(census.empty == 0)
        #expect(census.wrong == 0)
        #expect(census.placeholder > 0 && census.final > 0)
        #expect(census.placeholderSizes == [64])
        // A placeholder is not the image: displays are not all ready, and frames are not blank-free
        #expect(metrics.readyDisplays < metrics.displays)
        #expect(metrics.blankRatioMean > 0)
        // Each placeholder was decoded once on the main thread: 64 × 64 px at 8 ms/MP = 32 768 ns
        #expect(probe.strategy.placeholderCount > 0)
        #expect(metrics.mainDecodeNanos == Int64(probe.strategy.placeholderCount) * 32_768)
    }

    @Test func aVisibleImageIsNeverEvictedEvenOverTheBudget() {
        // Given a 12 MiB budget: two 1200 × 1200 bitmaps (5.76 MB each); ten visible cells
        let scenario = StrategyTests.slowList(script: [
            .drag(velocity: 1500, seconds: 2), .pause(seconds: 4), .drag(velocity: -800, seconds: 1),
            .pause(seconds: 4),
        ])
        let probe = Self.probe(memoryCacheMB: 12)
        var cachedWhileVisible: Set<Int> = []  // items cached during their current display
        var violations = 0
        var checks = 0  // (frame, item) pairs where a visible item's cached image was checked
        var largestBytes: Int64 = 0
        let observer = ClosureObserver()
        observer.onFrame = { frame in
            let environment = probe.environment!, store = probe.strategy!
            let visible = environment.layout.items(intersecting: frame.offset, frame.offset + 1000)
            cachedWhileVisible = cachedWhileVisible.filter { visible.contains($0) }
            for item in visible {
                let cached = store.memoryCacheContains(environment.imageID(forItem: item))
                if cachedWhileVisible.contains(item) {
                    checks += 1
                    if !cached { violations += 1 }
                }
                if cached { cachedWhileVisible.insert(item) }
            }
            largestBytes = max(largestBytes, store.memoryCacheBytes)
        }
        _ = probe.run(scenario, name: "asset-store", observer: observer)
        // Then an image cached while its cell is visible stays cached until the cell leaves,
        #expect(violations == 0)
        #expect(checks > 100)
        // though the cache evicted others and went over its budget to keep the ten visible ones
        #expect(probe.strategy.evictionCount > 0)
        #expect(largestBytes >= 10 * 5_760_000)
    }

    @Test func aPrefetchedRequestIsHandedToTheCellNotRestarted() {
        // Given a slow scroll on a slow network: prefetches start long before the cells
        let scenario = StrategyTests.slowList(script: [.drag(velocity: 300, seconds: 4), .pause(seconds: 4)])
        let factory = try! StrategyCatalog.makeFactory(StrategySpec(name: "asset-store"))
        let (metrics, draws) = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "asset-store",
                                                  strategy: factory)
            .runRecordingNetworkDraws()
        // Then no image is requested from the network twice: the cell configured for a
        // prefetched item joins the prefetch's request (an in-flight join) instead of restarting it
        #expect(metrics.prefetches > 0 && metrics.prefetchCancels == 0)
        #expect(draws.count == metrics.networkFetches)
        #expect(draws.allSatisfy { $0.attempt == 0 })
        #expect(metrics.inflightJoins > 0)
    }
}
