@testable import FetchStrategies
import ScrollSimCore
import Testing

/// Memory warnings and parameters of `asset-store`, `texture` and `adaptive`.
@Suite struct CatalogStrategiesTests {
    /// 400 × 400 px images (640 000 B decoded) on a fast network, scrolled to offset 2000 (items
    /// 20...29 visible), then a memory warning while everything is loaded.
    static func warningScenario() -> Scenario {
        var scenario = StrategyTests.constantLatencyList(latencyMs: 20, script: [
            .drag(velocity: 1000, seconds: 2), .pause(seconds: 2), .memoryWarning, .pause(seconds: 1),
        ])
        scenario.network.bandwidthMbps = 100
        scenario.images.width = 400
        scenario.images.height = 400
        return scenario
    }

    /// The cache's keys at the last frame before the warning and right after it.
    static func aroundWarning<S>(_ probe: StrategyProbe<S>,
                                 keys: @escaping (S) -> [Int]) -> (before: [Int], after: [Int]) {
        var before: [Int] = [], after: [Int] = []
        let observer = ClosureObserver()
        observer.onFrame = { _ in if after.isEmpty { before = keys(probe.strategy) } }
        observer.onMainWork = { work, _, _ in if work == .memoryWarning { after = keys(probe.strategy) } }
        _ = probe.run(warningScenario(), name: "\(S.self)", observer: observer)
        return (before, after)
    }

    @Test func memoryWarningsPurgeWhatEachLibraryPurges() {
        // The asset store's cache evicts every entry but the visible cells' (protected)
        let assetStore = Self.aroundWarning(StrategyProbe { AssetStoreStrategy(environment: $0) }) {
            $0.memoryCacheKeys
        }
        #expect(assetStore.before.count > 10)
        #expect(assetStore.after.sorted() == Array(20...29))
        // PINCache empties its memory cache
        let texture = Self.aroundWarning(StrategyProbe { TextureStrategy(environment: $0) }) { [$0.memoryCacheCount] }
        #expect(texture.before[0] > 10)
        #expect(texture.after == [0])
        // adaptive keeps only the visible cells' bitmaps
        let adaptive = Self.aroundWarning(StrategyProbe { AdaptiveStrategy(environment: $0) }) { $0.memoryCacheKeys }
        #expect(adaptive.before.count > 10)
        #expect(adaptive.after.sorted() == Array(20...29))
    }

    @Test func unknownParametersAreRejectedWithASuggestion() {
        func error(_ spec: StrategySpec) -> String? {
            do {
                _ = try StrategyCatalog.makeFactory(spec)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(error(StrategyTests.spec("asset-store", [("memoryCacheMb", 10)]))
            == "strategies[0].memoryCacheMb: unknown parameter; did you mean 'memoryCacheMB'?")
        #expect(error(StrategyTests.spec("texture", [("preloadLeadingScreen", 2)]))
            == "strategies[0].preloadLeadingScreen: unknown parameter; did you mean 'preloadLeadingScreens'?")
        #expect(error(StrategyTests.spec("adaptive", [("velocity", 2)]))
            == "strategies[0].velocity: unknown parameter; 'adaptive' takes: memoryCacheMB, diskCacheMB, "
               + "minPrefetchScreens, maxPrefetchScreens, lookaheadLoads, maxSpeculativeLoads, maxDownloads, "
               + "keepScreens, cancelGraceSeconds")
        #expect(error(StrategyTests.spec("texture", [("maxConcurrentDownloads", 0)]))
            == "strategies[0].maxConcurrentDownloads: must be an integer from 1 to 1000, found 0.0")
        // Known parameters with valid values are accepted
        #expect(error(StrategyTests.spec("asset-store", [("memoryCacheMB", 50), ("placeholderPixelSize", 32)])) == nil)
        #expect(error(StrategyTests.spec("texture", [("preloadLeadingScreens", 1), ("diskCacheMB", 10)])) == nil)
        #expect(error(StrategyTests.spec("adaptive", [("maxPrefetchScreens", 2), ("maxSpeculativeLoads", 0)])) == nil)
    }

    @Test func theCatalogListsTheNewStrategiesInOrderWithTheirParameters() {
        let names = StrategyCatalog.all.map(\.name)
        let ours = ["asset-store", "texture", "adaptive"]
        let positions = ours.compactMap { names.firstIndex(of: $0) }
        #expect(positions.count == 3 && positions == positions.sorted())
        let parameters = ours.map { name in
            StrategyCatalog.descriptor(named: name)!.parameters.map { "\($0.name)=\($0.defaultText)" }
        }
        #expect(parameters == [
            ["memoryCacheMB=50", "placeholderPixelSize=64"],
            ["preloadLeadingScreens=2.5", "preloadTrailingScreens=1.5", "displayLeadingScreens=1",
             "displayTrailingScreens=0.5", "maxConcurrentDownloads=10", "diskCacheMB=50"],
            ["memoryCacheMB=100", "diskCacheMB=150", "minPrefetchScreens=1", "maxPrefetchScreens=4",
             "lookaheadLoads=2", "maxSpeculativeLoads=10", "maxDownloads=10", "keepScreens=1",
             "cancelGraceSeconds=0.5"],
        ])
    }
}
