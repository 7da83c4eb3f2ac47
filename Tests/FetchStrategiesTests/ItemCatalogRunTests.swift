import FetchStrategies
import Testing

import ScrollSimCore
import ScrollSimTestSupport

/// A `layout.catalog` feed run by real strategies: which images are downloaded, how many bytes,
/// and the decoded memory of images of different sizes (docs/workloads.md).
@Suite struct ItemCatalogRunTests {
    /// The feed (`TestScenarios.feedCatalogCSV`: eight items, all on screen, four images) in a
    /// list with a constant 50 ms latency and a 2 s pause: every load finishes.
    static func scenario() throws -> Scenario {
        try ScenarioLoader.parse(TestScenarios.feedJSON(), file: "s.json",
                                 files: InMemoryScenarioFiles(["items.csv": TestScenarios.feedCatalogCSV]))
    }

    /// The completed downloads of a run: image id and bytes, in completion order.
    final class Downloads: RunObserver {
        /// Image id and bytes of each completed request.
        var completed: [(imageID: Int, bytes: Int64)] = []
        /// Records a completed request.
        func connectionEnded(_ span: ConnectionSpan) {
            if span.outcome == .completed { completed.append((span.imageID, span.bytes)) }
        }
    }

    /// Runs the built-in strategy `name` on the scenario, with its downloads.
    static func run(_ name: String) throws -> (RunMetrics, Downloads) {
        let downloads = Downloads()
        let factory = try StrategyCatalog.makeFactory(StrategySpec(name: name))
        let metrics = try SimulationRun(scenario: try scenario(), seed: 1, strategyName: name, strategy: factory)
            .run(observer: downloads)
        return (metrics, downloads)
    }

    @Test func aCoalescingLoaderDownloadsEachSharedImageOnce() throws {
        // Given images 0 (p1), 1 (av), 2 (p2), 3 (p3) shown by eight items.
        // When a loader with one download per URL shows them all.
        let (metrics, downloads) = try Self.run("actor-loader-coalescing")
        // Then each image is downloaded once, with the catalog's bytes.
        #expect(downloads.completed.map(\.imageID).sorted() == [0, 1, 2, 3])
        #expect(downloads.completed.sorted { $0.imageID < $1.imageID }.map(\.bytes) == [120_000, 5000, 60000, 90000])
        #expect(metrics.networkFetches == 4)
        #expect(metrics.bytesDownloaded == 275_000)
        #expect(metrics.duplicateDownloads == 0)
        #expect(metrics.requests == 8 && metrics.inflightJoins == 4)
    }

    @Test func theNaiveLoaderDownloadsOncePerCellAndDecodesEachImageAtItsOwnSize() throws {
        // When every cell loads its own image (no cache, no coalescing).
        let (metrics, downloads) = try Self.run("naive")
        // Then each item is one download: p1 twice, av three times, p2 twice, p3 once.
        #expect(downloads.completed.map(\.imageID).sorted() == [0, 0, 1, 1, 1, 2, 2, 3])
        #expect(metrics.networkFetches == 8)
        #expect(metrics.bytesDownloaded == 2 * 120_000 + 3 * 5000 + 2 * 60000 + 90000)
        #expect(metrics.duplicateDownloads == 4)
        // Each cell holds its own decoded bitmap, width × height × 4 of its image:
        // 2 × 1080·1350·4 + 3 × 150·150·4 + 2 × 1080·566·4 + 1080·1080·4, and URLCache.shared's
        // memory tier holds each image's response once (a repeat replaces its entry): 275 000 bytes.
        #expect(metrics.peakMemoryBytes == 2 * 5_832_000 + 3 * 90000 + 2 * 2_445_120 + 4_665_600 + 275_000)
        // And decodes each on the main thread at 8 ms per source megapixel of its own image.
        #expect(metrics.mainDecodeNanos == 2 * 11_664_000 + 3 * 180_000 + 2 * 4_890_240 + 9_331_200)
    }
}
