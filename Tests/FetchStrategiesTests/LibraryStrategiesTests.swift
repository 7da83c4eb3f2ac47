import FetchStrategies
import ScrollSimCore
import Testing

/// The defining behaviour of `actor-loader`, `actor-loader-capped`, `kingfisher`, `sdwebimage`
/// and `nuke`, with exact counts on small scenarios.
///
/// Shared arithmetic: default images are 1200 × 1200 px, so a full decode costs
/// 1.44 MP × 8 ms/MP = 11.52 ms and a decoded bitmap holds 1200 × 1200 × 4 = 5 760 000 bytes.
@Suite struct LibraryStrategiesTests {
    static let decodeNanos: SimTime = 11_520_000
    static let bitmapBytes: Int64 = 5_760_000

    @Test func actorLoaderDownloadsTwiceWhereCoalescingDownloadsOnce() {
        // Given two items showing the same image, visible together from the first frame
        var scenario = StrategyTests.fixedList(itemCount: 2, script: [.pause(seconds: 1)])
        scenario.images.distinct = 1
        // When both actor loaders run
        let first = StrategyTests.run(scenario, "actor-loader")
        let coalescing = StrategyTests.run(scenario, "actor-loader-coalescing")
        // Then the first loader downloads the image once per cell, and each cell decodes its own
        // UIImage on the main thread: two bitmaps held (and the 20 000-byte response, once, in
        // URLCache.shared's memory tier: the second download replaces the first's entry)
        #expect(first.requests == 2 && first.memoryHits == 0 && first.inflightJoins == 0)
        #expect(first.networkFetches == 2 && first.duplicateDownloads == 1)
        #expect(first.mainDecodeNanos == 2 * Self.decodeNanos)
        #expect(first.peakMemoryBytes == 2 * Self.bitmapBytes + 20_000)
        // While the coalescing loader downloads it once and both cells share one decoded instance
        #expect(coalescing.requests == 2 && coalescing.inflightJoins == 1)
        #expect(coalescing.networkFetches == 1 && coalescing.duplicateDownloads == 0)
        #expect(coalescing.mainDecodeNanos == Self.decodeNanos)
        #expect(coalescing.peakMemoryBytes == Self.bitmapBytes + 20_000)
    }

    @Test(arguments: [
        // strategy, bytes of HTTP-cache memory held at the peak
        ("naive", Int64(20_000)),  // URLCache.shared's memory tier
        ("kingfisher", 20_000),  // the ephemeral session's memory-only cache
        ("sdwebimage", 0),  // `willCacheResponse` stores nothing
        ("nuke", 0),  // DataLoader.sharedUrlCache has no memory tier
    ])
    func anHTTPCachesMemoryTierCountsInThePeakFootprint(strategy: String, cachedBytes: Int64) {
        // Given one item, its 20 000 B image downloaded once and shown (one decoded bitmap held)
        let scenario = StrategyTests.fixedList(itemCount: 1, script: [.pause(seconds: 1)])
        // When the strategy runs
        let metrics = StrategyTests.run(scenario, strategy, parameters: [])
        // Then the peak is the bitmap plus the response its session's cache keeps in memory
        #expect(metrics.networkFetches == 1)
        #expect(metrics.peakMemoryBytes == Self.bitmapBytes + cachedBytes)
    }

    @Test(arguments: [
        // strategy, connections cancelled, network fetches, memory hits on return
        ("actor-loader", 5, 15, 0),
        ("actor-loader-coalescing", 0, 10, 5),
        ("kingfisher", 0, 10, 5),
        ("sdwebimage", 5, 15, 0),
        ("nuke", 5, 15, 0),
    ])
    func cancellationOnReuse(strategy: String, cancelled: Int, fetches: Int, hitsOnReturn: Int) {
        // Given 200-pt rows (items 0...4 visible, five downloads: within every connection limit)
        // still in their 1 s latency when the list jumps to item 20 at 0.5 s, their cells reused
        // for items 20...24, and a jump back to the top at 2.5 s
        var scenario = StrategyTests.fixedList(latencyMs: 1000, script: [
            .pause(seconds: 0.5), StrategyTests.jump(to: 20), .pause(seconds: 2), StrategyTests.jump(to: 0),
            .pause(seconds: 2),
        ])
        scenario.layout.itemHeight = 200
        let log = RequestLog()
        let metrics = StrategyTests.run(scenario, strategy, parameters: [], observer: log)
        // Then the strategies that cancel on reuse stop the 5 loads and download them again on
        // return; the others finish them, cache them, and drop the stale results by identity
        #expect(metrics.requests == 15)
        #expect(metrics.cellsReused == 10)
        #expect(log.cancelled == cancelled)
        #expect(metrics.networkFetches == fetches)
        #expect(metrics.memoryHits == hitsOnReturn)
        #expect(metrics.wrongImageFrames == 0)
    }

    @Test func cappedFIFOEvictsAHotImageThatNukesCLOCKKeeps() {
        // Given 112 × 112 px images (50 176 bytes decoded), so that Nuke's 1 MB (1 048 576 bytes)
        // CLOCK cache holds exactly 20 of them, like `actor-loader-capped` with maxImages 20
        var scenario = StrategyTests.fixedList(script: [
            .pause(seconds: 1), StrategyTests.jump(to: 10), .pause(seconds: 1),  // insert 0...9, then 10...19
            StrategyTests.jump(to: 0), .pause(seconds: 1),                        // hits: 0...9 are the hot images
            StrategyTests.jump(to: 20), .pause(seconds: 1),                       // insert 20...29: 10 evictions
            StrategyTests.jump(to: 0), .pause(seconds: 1),                        // back to the hot images
        ])
        scenario.images.width = 112
        scenario.images.height = 112
        let cappedLog = RequestLog(), lruLog = RequestLog()
        let capped = StrategyTests.run(scenario, "actor-loader-capped",
                                       parameters: [("maxImages", StrategyTests.integer(20))],
                                       observer: cappedLog)
        let lru = StrategyTests.run(scenario, "nuke", parameters: [("memoryCacheMB", StrategyTests.integer(1))],
                                    observer: lruLog)
        // Then FIFO evicts the oldest inserted, 0...9, although they were just used: the last
        // return misses the loader's memory and `URLCache.shared` answers it (disk hits, no download)
        #expect(capped.requests == 50 && capped.memoryHits == 10 && capped.diskHits == 10)
        #expect(capped.networkFetches == 30 && capped.duplicateDownloads == 0)
        #expect(cappedLog.outcomes(from: 4 * SimDuration.second) == Array(repeating: .diskHit, count: 10))
        // While CLOCK gives the hot images, referenced by the hits, a second chance: 10...19 go
        #expect(lru.requests == 50 && lru.memoryHits == 20)
        #expect(lru.networkFetches == 30 && lru.duplicateDownloads == 0 && lru.diskHits == 0)
        #expect(lruLog.outcomes(from: 4 * SimDuration.second) == Array(repeating: .memoryHit, count: 10))
    }

    @Test func kingfisherDecodesOnTheMainThreadWhereSDWebImageAndNukeDoNot() {
        // Given 10 items loaded, left and shown again from the memory cache
        let scenario = StrategyTests.fixedList(script: [
            .pause(seconds: 1), StrategyTests.jump(to: 20), .pause(seconds: 1), StrategyTests.jump(to: 0),
            .pause(seconds: 1),
        ])
        let kingfisher = StrategyTests.run(scenario, "kingfisher")
        let sdwebimage = StrategyTests.run(scenario, "sdwebimage")
        let nuke = StrategyTests.run(scenario, "nuke")
        // Then Kingfisher decodes each of the 20 downloaded images on the main thread at first
        // display; the cached instances stay decoded, so the 10 memory hits cost nothing more
        #expect(kingfisher.memoryHits == 10)
        #expect(kingfisher.mainDecodeNanos == 20 * Self.decodeNanos)
        // While SDWebImage and Nuke decode off the main thread before setting the image
        #expect(sdwebimage.memoryHits == 10 && sdwebimage.mainDecodeNanos == 0)
        #expect(nuke.memoryHits == 10 && nuke.mainDecodeNanos == 0)
        #expect(sdwebimage.readyDisplays == nuke.readyDisplays)
    }

    @Test func aJoiningPrefetchLeavesAQueuedVisibleDownloadAloneInSDWebImageAndNuke() {
        // Given 20 visible items (50-pt rows) showing images i mod 16: 16 downloads, 6 running
        // (images 0...5) and images 6...15 queued at normal priority in submission order; then
        // a short drag reveals item 20 and prefetches items 21, 22, 23 (images 5, 6, 7) first
        var layout = Scenario.Layout(itemCount: 200)
        layout.itemHeight = 50
        layout.viewportHeight = 1000
        var scenario = Scenario(layout: layout)
        scenario.display.refreshHz = 60  // the rate the expected values were computed at
        scenario.network.httpProtocol = .http1_1  // the connection behaviour the expected values assume
        scenario.cells.cellLeadScreens = 0  // no early cellForItem for the prefetched items
        scenario.images.distinct = 16
        scenario.images.bytesMedian = 150_000
        scenario.images.bytesP95 = 150_000
        scenario.network.latencyMsMedian = 300
        scenario.network.latencyMsP95 = 300
        scenario.script = [.pause(seconds: 0.1), .drag(velocity: 100, seconds: 0.1), .pause(seconds: 5)]
        let sdLog = RequestLog(), nukeLog = RequestLog()
        _ = StrategyTests.run(scenario, "sdwebimage", parameters: [], observer: sdLog)
        _ = StrategyTests.run(scenario, "nuke", parameters: [], observer: nukeLog)
        // Then in SDWebImage 5.21.5 the prefetcher (3 wide, low priority) only adds its handlers
        // to the queued operations of images 6 and 7: they keep their normal priority and the
        // submission order holds (before 5.15.2 the joiner set them to low: 0...5, 8...15, 6, 7)
        #expect(sdLog.startOrder == Array(0..<16))
        // And Nuke keeps the highest priority of the requesters: the same order
        #expect(nukeLog.startOrder == Array(0..<16))
    }

    @Test func aVisibleRequestJoiningAQueuedPrefetchStaysLowInSDWebImageButIsRaisedInNuke() {
        // Given 1 s latency, items 0...9 visible (0...5 downloading, 6...9 queued at normal), a
        // drag of 650 pt from 0.1 s at 1000 pt/s: item 10 appears (normal, queued) and items 11...
        // are prefetched at low priority (SDWebImage's prefetcher starts 11, 12, 13; Nuke's 11, 12);
        // then items 11...16 appear while no download has ended, their cells kept (retain band 3
        // screens, so no reuse cancels anything)
        var scenario = StrategyTests.fixedList(itemCount: 100, latencyMs: 1000, script: [
            .pause(seconds: 0.1), .drag(velocity: 1000, seconds: 0.65), .pause(seconds: 8),
        ])
        scenario.cells.profile = .ios15
        scenario.cells.cellLeadScreens = 0
        scenario.cells.retainScreens = 3
        let sdLog = RequestLog(), nukeLog = RequestLog()
        _ = StrategyTests.run(scenario, "sdwebimage", parameters: [], observer: sdLog)
        _ = StrategyTests.run(scenario, "nuke", parameters: [], observer: nukeLog)
        // Then in SDWebImage the visible requests for 11, 12, 13 only add handlers to the low
        // operations: 14, 15, 16, queued later at normal priority, start before them
        // (the prefetchers then go on with 17...26)
        #expect(Array(sdLog.startOrder.prefix(17)) == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 14, 15, 16, 11, 12, 13])
        // While Nuke raises 11 and 12 to normal when their cells join (appended to the normal
        // queue, before 13's own request): submission order
        #expect(Array(nukeLog.startOrder.prefix(17)) == Array(0...16))
    }

    @Test(arguments: [
        // strategy, network fetches: 11 visible items, plus the 10 prefetched ones when the
        // prefetcher does not stop
        ("kingfisher", 21),
        ("sdwebimage", 21),
        ("nuke", 11),
    ])
    func onlyNukeStopsThePrefetchesTheCollectionViewCancels(strategy: String, fetches: Int) {
        // Given a 10-pt drag down (item 10 shows, items 11...20 are prefetched) reversed at once,
        // so that the collection view cancels all 10 prefetches while every connection is busy
        // (1 s latency, 6 connections taken by items 0...5)
        var scenario = StrategyTests.fixedList(itemCount: 100, latencyMs: 1000, script: [
            .pause(seconds: 0.1), .drag(velocity: 100, seconds: 0.1), .drag(velocity: -100, seconds: 0.1),
            .pause(seconds: 3),
        ])
        scenario.cells.profile = .ios15
        scenario.cells.cellLeadScreens = 0
        let log = RequestLog()
        let metrics = StrategyTests.run(scenario, strategy, parameters: [], observer: log)
        #expect(metrics.requests == 11 && metrics.prefetches == 10 && metrics.prefetchCancels == 10)
        // Then Kingfisher's one-shot prefetcher and SDWebImage's prefetcher download all 10
        // anyway; Nuke's `stopPrefetching` removes them before they reach the network
        #expect(metrics.networkFetches == fetches)
        #expect(log.startOrder == Array(0..<fetches))
        #expect(log.cancelled == 0)
    }

    @Test(arguments: [
        // strategy, outcome of the 10 requests after the warning, network fetches
        ("kingfisher", RequestOutcome.diskHit, 20),
        ("sdwebimage", .diskHit, 20),
        ("nuke", .diskHit, 20),
        ("apple-prefetching-sample", .diskHit, 20),  // its NSCache is emptied; URLCache.shared answers
        ("actor-loader", .memoryHit, 20),
        ("actor-loader-coalescing", .memoryHit, 20),
        ("actor-loader-capped", .memoryHit, 20),
    ])
    func memoryWarningPurgesWhatEachLibraryPurges(strategy: String, afterWarning: RequestOutcome, fetches: Int) {
        // Given 20 images loaded, a memory warning at 2 s, then the first 10 shown again
        let script: [ScriptStep] = [.pause(seconds: 1), StrategyTests.jump(to: 20), .pause(seconds: 1), .memoryWarning,
                                    .pause(seconds: 0.1), StrategyTests.jump(to: 0), .pause(seconds: 1)]
        let log = RequestLog()
        let metrics = StrategyTests.run(StrategyTests.fixedList(script: script), strategy, parameters: [],
                                        observer: log)
        // Then the libraries that empty their memory cache read the images back from disk, the
        // sample (memory only) gets them back from `URLCache.shared` (no download), and the actor
        // loaders ignore the warning
        #expect(log.outcomes(from: 2 * SimDuration.second) == Array(repeating: afterWarning, count: 10))
        #expect(metrics.networkFetches == fetches)
        // Without the warning every one of them answers from memory
        let calm = StrategyTests.run(StrategyTests.fixedList(script: script.filter { $0 != .memoryWarning }), strategy)
        #expect(calm.memoryHits == 10 && calm.networkFetches == 20)
    }

    @Test func kingfisherMemoryEntriesExpire300SecondsAfterTheirLastAccess() {
        // Given items 0...9 stored at about 0.1 s and 20...29 at about 1.1 s, items 0...9 used
        // again at 200 s (their expiry moves to 500 s)
        let scenario = StrategyTests.fixedList(script: [
            .pause(seconds: 1), StrategyTests.jump(to: 20), .pause(seconds: 199),
            StrategyTests.jump(to: 0), .pause(seconds: 200),
            StrategyTests.jump(to: 20), .pause(seconds: 1),
            StrategyTests.jump(to: 0), .pause(seconds: 1),
        ])
        let log = RequestLog()
        let metrics = StrategyTests.run(scenario, "kingfisher", parameters: [], observer: log)
        // Then at 400 s items 20...29 have expired (last access 1.1 s) and come from disk, while
        // items 0...9, extended at 200 s, are still in memory at 401 s
        let outcomes = log.outcomes(from: 0)
        #expect(outcomes.count == 50)
        #expect(Array(outcomes[0..<20]) == Array(repeating: .miss, count: 20))
        #expect(Array(outcomes[20..<30]) == Array(repeating: .memoryHit, count: 10))
        #expect(Array(outcomes[30..<40]) == Array(repeating: .diskHit, count: 10))
        #expect(Array(outcomes[40..<50]) == Array(repeating: .memoryHit, count: 10))
        #expect(metrics.networkFetches == 20)
    }

    @Test(arguments: [
        // memoryCacheMB, outcome on return: 10 % of 50 MB = 5 242 880 bytes < 5 760 000, so no image
        // is stored; 120 MB holds 21 bitmaps, so all 20 stay
        (50, RequestOutcome.diskHit),
        (120, .memoryHit),
    ])
    func nukeRefusesImagesCostingMoreThanATenthOfItsMemoryCache(megabytes: Int, onReturn: RequestOutcome) {
        let scenario = StrategyTests.fixedList(script: [
            .pause(seconds: 1), StrategyTests.jump(to: 20), .pause(seconds: 1), StrategyTests.jump(to: 0),
            .pause(seconds: 1),
        ])
        let log = RequestLog()
        let metrics = StrategyTests.run(scenario, "nuke",
                                        parameters: [("memoryCacheMB", StrategyTests.integer(megabytes))],
                                        observer: log)
        #expect(log.outcomes(from: 2 * SimDuration.second) == Array(repeating: onReturn, count: 10))
        #expect(metrics.networkFetches == 20)
    }

    @Test func parametersAreDocumentedWithTheirDefaults() {
        func parameters(_ name: String) -> [String] {
            StrategyCatalog.descriptor(named: name)!.parameters.map { "\($0.name)=\($0.defaultText)" }
        }
        #expect(parameters("actor-loader") == [])
        #expect(parameters("actor-loader-capped") == ["maxImages=100"])
        #expect(parameters("kingfisher") == ["memoryCacheMB=physicalMemory / 4", "downsample=false",
                                             "backgroundDecode=false"])  // from the device
        #expect(parameters("sdwebimage") == ["memoryCacheMB=0", "downsample=false", "downloadOrder=fifo"])
        #expect(parameters("nuke") == ["memoryCacheMB=min(15% of physicalMemory, 768)", "downsample=false",
                                       "diskCache=urlCache"])
        #expect(StrategyCatalog.all.map(\.name) == [
            "naive", "apple-prefetching-sample", "actor-loader-coalescing", "actor-loader", "actor-loader-capped",
            "kingfisher", "sdwebimage", "nuke", "asset-store", "texture", "adaptive",
        ])
    }

    @Test(arguments: [
        ("nuke", "memoryCacheMb", 100, "strategies[1].memoryCacheMb: unknown parameter; did you mean 'memoryCacheMB'?"),
        ("actor-loader-capped", "maxImage", 10, "strategies[1].maxImage: unknown parameter; did you mean 'maxImages'?"),
        ("sdwebimage", "maxMemoryCost", 10,
         "strategies[1].maxMemoryCost: unknown parameter; "
             + "'sdwebimage' takes: memoryCacheMB, downsample, downloadOrder"),
        ("kingfisher", "memoryCacheMB", 0, "strategies[1].memoryCacheMB: must be an integer from 1 to 65536, found 0"),
        ("actor-loader-capped", "maxImages", 0,
         "strategies[1].maxImages: must be an integer from 1 to 1000000, found 0"),
    ])
    func badParametersAreRejectedWithTheirPath(strategy: String, key: String, value: Int, message: String) {
        let spec = StrategySpec(name: strategy, parameters: [(key, StrategyTests.integer(value))],
                                path: "strategies[1]")
        #expect(throws: StrategyConfigError.self) { _ = try StrategyCatalog.makeFactory(spec) }
        do {
            _ = try StrategyCatalog.makeFactory(spec)
        } catch {
            #expect(error.description == message)
        }
    }
}
