@testable import FetchStrategies
import ScrollSimCore
import ScrollSimTestSupport
import Testing

/// `texture`: the range controller's defining behaviour, on a list of 100-pt rows in a 1000-pt
/// viewport (one screen = 10 items), so every range boundary is a round number of items.
@Suite struct TextureStrategyTests {
    static func probe() -> StrategyProbe<TextureStrategy> {
        StrategyProbe { TextureStrategy(environment: $0) }
    }

    @Test func leavingThePreloadRangeBeforeAResponseCancelsNothing() {
        // Given loads that never get a response (100 s latency) and a drag down to offset 2950
        let scenario = StrategyTests.constantLatencyList(latencyMs: 100_000, script: [
            .drag(velocity: 1000, seconds: 2.95), .pause(seconds: 1),
        ])
        let probe = Self.probe()
        var lastOffset = -1.0
        let observer = ClosureObserver()
        observer.onFrame = { lastOffset = $0.offset }
        _ = probe.run(scenario, name: "texture", observer: observer)
        let texture = probe.strategy!
        #expect(lastOffset == 2950)
        // Then the preload range is [2950 − 1.5 screens, 2950 + 1 + 2.5 screens) = [1450, 6450):
        // items 14...64. Items 0...13 entered it (the first update preloads 0...12) and left it,
        // each before its response: PIN estimates 0 s left (no length expected yet), never more
        // than the time to first byte, so it skips every cancel and the 14 downloads stay
        #expect(texture.cancelledFetches == 0)
        #expect(texture.pinnedDownloads == 14)
        for item in 0...13 { #expect(texture.loadPriority(ofItem: item) == nil, "item \(item)") }
        for item in 14...64 { #expect(texture.loadPriority(ofItem: item) != nil, "item \(item)") }
        #expect(texture.loadPriority(ofItem: 65) == nil)
    }

    /// 1 000 000-byte images on a 1 MB/s link (10 downloads at once: 100 000 B/s each), 10 ms to
    /// the first byte: items 0...12 loaded during 20 s, a jump to item 100, 1 s there (10 downloads
    /// running past their response, 40 in PIN's queue), a jump to item 200, then `tail`.
    static func jumpPastRunningDownloads(then tail: [ScriptStep]) -> Scenario {
        var scenario = StrategyTests.constantLatencyList(latencyMs: 10, script: [
            .pause(seconds: 20), StrategyTests.jump(to: 100), .pause(seconds: 1), StrategyTests.jump(to: 200),
        ] + tail)
        scenario.network.bandwidthMbps = 8
        scenario.images.bytesMedian = 1_000_000
        scenario.images.bytesP95 = 1_000_000
        return scenario
    }

    @Test func pinCancelsARunningDownloadWithLongToGoAndKeepsTheQueuedOnes() {
        // Given 1 000 000-byte images on a 1 MB/s link (10 downloads at once: 100 000 B/s each),
        // items 0...12 loaded during 20 s (13 samples for PIN's speed recorder), a jump to item
        // 100, 1 s there (10 downloads running, each past its response, 40 in PIN's queue), and a
        // jump to item 200
        let scenario = Self.jumpPastRunningDownloads(then: [.pause(seconds: 1)])
        let probe = Self.probe()
        var samplesAtTheSecondJump = -1
        let observer = ClosureObserver()
        observer.onFrame = { frame in
            guard frame.offset == 20_000 && samplesAtTheSecondJump < 0 else { return }
            samplesAtTheSecondJump = probe.strategy.hostSpeed.samples
        }
        _ = probe.run(scenario, name: "texture", observer: observer)
        let texture = probe.strategy!
        // Then the jump to 200 takes items 85...134 out of the preload range. The 10 running
        // downloads have about 900 000 bytes to go, several seconds at the averaged rate, far more
        // than the averaged time to first byte: cancelled. The 40 still queued have no response:
        // their cancels are skipped, and they stay
        #expect(samplesAtTheSecondJump == 13)
        #expect(texture.cancelledFetches == 10)
        #expect(texture.pinnedDownloads == 40)
    }

    @Test func aCancelThatGoesThroughStoresResumeDataOnPINCacheDisk() {
        // Given the scenario above (1 000 000-byte images, 100 000 B/s for each of the 10
        // downloads at once, 10 ms to the first byte on the kept-alive connections) with PINCache
        // disk limited to 13 500 000 bytes, and 0.5 s after the jump to item 200 a jump back to
        // the top
        let scenario = Self.jumpPastRunningDownloads(then: [
            .pause(seconds: 0.5), StrategyTests.jump(to: 0), .pause(seconds: 1),
        ])
        var tuning = TextureStrategy.Configuration()
        tuning.diskCacheMB = 13_500_000 / 1_048_576
        let configuration = tuning
        let probe = StrategyProbe { TextureStrategy(environment: $0, configuration: configuration) }
        var diskJobs: [(start: SimTime, end: SimTime)] = []
        let observer = ClosureObserver()
        observer.onDisk = { start, end in diskJobs.append((start, end)) }
        _ = probe.run(scenario, name: "texture", observer: observer)
        let texture = probe.strategy!
        // Then the ten downloads running at the jump to 200 (images 85...94, sent 9.8 ms into the
        // jump to 100's frame, at 20.0098 s, first byte at 20.0198 s) are cancelled 8.8 ms into
        // the jump's frame, at 21.0088 s (0.989 s × 100 000 B/s = 98 900 bytes each): PIN stores
        // each as resume data, ten disk writes of 1 ms + 98 900 B ÷ 400 MB/s = 1.24725 ms on the
        // two disk queues from 21.0088 s
        #expect(texture.cancelledFetches == 10)
        #expect(texture.resumeDataWrites == 10)
        #expect(texture.resumeDataBytes == 989_000)
        let writes = diskJobs.filter { $0.start >= 21_000_000_000 && $0.start < 21_500_000_000 }
        let starts: [SimTime] = (0..<10).map { k in 21_008_800_000 + SimTime(k / 2) * 1_247_250 }
        #expect(writes.map(\.start) == starts)
        #expect(writes.allSatisfy { $0.end - $0.start == 1_247_250 })
        // They count in the disk's bytes: 13 000 000 of images 0...12 + 6 × 98 900 exceeds the
        // limit, and image 0, the least recently used, is trimmed. Back at the top, items 0...12
        // re-enter the preload range: images 1...12 are read from the disk, image 0 is downloaded
        #expect(texture.diskReads == 12)
    }

    @Test func theNextDownloadOfAnImageWithResumeDataFetchesItWhole() {
        // Given the same cancels (images 85...94 cancelled with 98 900 bytes each, their resume
        // data stored), then a jump back to item 100 and 120 s there, for every download to end
        let scenario = Self.jumpPastRunningDownloads(then: [
            .pause(seconds: 1), StrategyTests.jump(to: 100), .pause(seconds: 120),
        ])
        let probe = Self.probe()
        let metrics = probe.run(scenario, name: "texture")
        let texture = probe.strategy!
        #expect(texture.resumeDataWrites == 10)
        // Then Texture's `IgnoreCache` option skips PIN's resume lookup: images 85...94 are
        // downloaded again from their first byte. 133 downloads: items 0...12, the ten cancelled,
        // the 40 pinned at the jump to 200 (images 95...134), the 50 pinned at the jump back
        // (images 185...234, queued), images 85...94 again, and images 75...84 (the preload
        // range going up from item 100 is items 75...124): 13 + 40 + 50 + 10 + 10 whole images
        // and 10 × 98 900 bytes (a resumed download would have fetched 10 × 98 900 bytes fewer)
        #expect(metrics.networkFetches == 133)
        #expect(metrics.bytesDownloaded == 123 * 1_000_000 + 10 * 98_900)
    }

    @Test func aSkippedCancelKeepsTheDownloadWhoeverLeavesLater() {
        // Given 135 distinct images (items 85...134 and 220...269 show images 85...134), 1 000 000
        // bytes each on a 1 MB/s link with 100 ms to the first byte: items 0...12 loaded during
        // 20 s (PIN's speed samples); a jump to item 100 (items 85...134 enter the preload range,
        // the first ten to enter, 85...94, start downloading), 50 ms later, before any response, a
        // jump to item 235 (items 85...134 leave: every cancel skipped; items 220...269 join the
        // same downloads); 2 s later, a jump back to the top (items 220...269 leave)
        var scenario = StrategyTests.constantLatencyList(latencyMs: 100, script: [
            .pause(seconds: 20), StrategyTests.jump(to: 100), .pause(seconds: 0.05), StrategyTests.jump(to: 235),
            .pause(seconds: 2), StrategyTests.jump(to: 0), .pause(seconds: 1),
        ])
        scenario.network.bandwidthMbps = 8
        scenario.images.bytesMedian = 1_000_000
        scenario.images.bytesP95 = 1_000_000
        scenario.images.distinct = 135
        let probe = Self.probe()
        _ = probe.run(scenario, name: "texture")
        let texture = probe.strategy!
        // Then the 50 downloads were pinned at the first exit. At the second, the ten running
        // (images 85...94) are past their response with about 800 000 bytes to go, seconds at
        // the averaged rate: a download nobody else held would be cancelled, but the first
        // nodes' callbacks are still registered, so none is
        #expect(texture.pinnedDownloads == 50)
        #expect(texture.cancelledFetches == 0)
    }

    @Test func theHostSpeedAveragesWhatPINMeasured() {
        var speed = TextureStrategy.HostSpeed()
        // With no sample: the rate reads −1 and the time to first byte 0, so before a response
        // (0 expected, 0 received) 0 s remain and the cancel is skipped; after it, +inf remain
        #expect(speed.bytesPerSecond == -1 && speed.timeToFirstByte == 0)
        #expect(speed.skipsCancel(expected: 0, received: 0))
        #expect(speed.estimatedRemainingTime(expected: 100_000, received: 0) == .infinity)
        #expect(!speed.skipsCancel(expected: 100_000, received: 0))
        func metrics(_ request: Double, _ response: Double?, _ end: Double?, bytes: Int64) -> TaskMetrics {
            TaskMetrics(imageID: 0, fetchStart: 0, requestStart: SimTime(request * 1e9),
                        responseStart: response.map { SimTime($0 * 1e9) }, responseEnd: end.map { SimTime($0 * 1e9) },
                        bytesReceived: bytes, isReusedConnection: false, outcome: .completed)
        }
        // A failure (no body) and a cancel before the response are not samples
        speed.record(metrics(0, 0.1, 0.1, bytes: 0))
        speed.record(metrics(0, nil, nil, bytes: 0))
        #expect(speed.samples == 0)
        // The first sample is taken as it is: 100 000 B over 0.5 s from the first byte, which came
        // 0.1 s after the request
        speed.record(metrics(0, 0.1, 0.6, bytes: 100_000))
        #expect(speed.bytesPerSecond == 200_000 && speed.timeToFirstByte == 0.1)
        // the next ones are averaged with β 0.8: 0.8 × 200 000 + 0.2 × 400 000, 0.8 × 0.1 + 0.2 × 0.05
        speed.record(metrics(1, 1.05, 1.3, bytes: 100_000))
        #expect(speed.samples == 2)
        #expect(speed.bytesPerSecond == 240_000)
        #expect(abs(speed.timeToFirstByte - 0.09) < 1e-12)
        // 20 000 bytes to go take 1/12 s ≤ 0.09 s: skipped; 30 000 take 0.125 s: cancelled
        #expect(speed.skipsCancel(expected: 100_000, received: 80_000))
        #expect(!speed.skipsCancel(expected: 100_000, received: 70_000))
        #expect(speed.skipsCancel(expected: 100_000, received: 100_000))
    }

    @Test func leavingTheDisplayRangeClearsTheContents() {
        // Given a fast network, cells kept attached 3 screens away, images loaded during a 2 s pause
        var scenario = StrategyTests.constantLatencyList(latencyMs: 10, script: [
            .pause(seconds: 2), .drag(velocity: 1000, seconds: 2.95), .pause(seconds: 1),
        ])
        scenario.network.bandwidthMbps = 100
        scenario.cells.retainScreens = 3
        let probe = Self.probe()
        var shown: [Int: Int?] = [:]  // item → the image id its cell shows, at the last frame
        let observer = ClosureObserver()
        observer.onFrame = { _ in
            shown = [:]
            for item in 0...39 {
                guard let cell = probe.strategy.cell(forItem: item) else { continue }
                shown[item] = .some(probe.environment.image(on: cell)?.imageID)
            }
        }
        _ = probe.run(scenario, name: "texture", observer: observer)
        let texture = probe.strategy!
        // Then at 2950 (moving down) the display range is [2950 − 0.5 screen, 2950 + 2 screens) =
        // items 24...49: items 0...23 left it, each with its backing store, cleared on the next
        // main-queue turn (their cells still attached now show nothing); items 0...13 later left
        // the preload range too, with nothing left to clear or cancel
        #expect(texture.clearedContents == 24)
        #expect(texture.clearedImages == 0 && texture.cancelledFetches == 0)
        for item in 0...23 { #expect(shown[item] == .some(nil), "item \(item)") }
        // while the items still in the display range keep theirs; every item drew once
        for item in 24...39 { #expect(shown[item] == .some(item), "item \(item)") }
        #expect(texture.drawsStarted == 50)
    }

    @Test func aJumpReleasesTheBackingStoresOfTheNodesItLeavesBehind() {
        // Given items 0...12 loaded and drawn (Minimum mode: preload and display 0...12), cells
        // 0...9 kept attached however far the list jumps, every image 100 000 bytes of data
        var scenario = StrategyTests.constantLatencyList(latencyMs: 10, script: [
            .pause(seconds: 1), StrategyTests.jump(to: 100), .pause(seconds: 1),
        ])
        scenario.network.bandwidthMbps = 100
        scenario.cells.retainScreens = 100
        scenario.images.bytesMedian = 100_000
        scenario.images.bytesP95 = 100_000
        let probe = Self.probe()
        let metrics = probe.run(scenario, name: "texture")
        let texture = probe.strategy!
        // Then the jump takes items 0...12 out of both ranges in one update: their nodes let go of
        // their backing stores at once, and the ten attached cells are reset
        #expect(texture.clearedImages == 10)
        #expect(texture.clearedContents == 0)
        // Each backing store is node-sized: 390 × 100 pt at 3x = 1170 × 300 px = 1 404 000 bytes.
        // The 13 of the top, and their data in PINCache memory (the preload exit removes it), are
        // released before the 50 nodes of the preload range at 10000 ([8500, 13500): items
        // 85...134) load their data and the 25 of the display range ([9500, 12000): items
        // 95...119) draw: the peak is those, never a full-size bitmap (and 75 images of data
        // 63 images of data without the removal, none if data did not count)
        #expect(metrics.peakMemoryBytes == 25 * 1_404_000 + 50 * 100_000)
        #expect(metrics.mainDecodeNanos == 0)
    }

    @Test func leavingThePreloadRangeRemovesTheDataFromPINCacheMemory() {
        // Given items 0...12 loaded (Minimum mode), a jump to item 100 and a jump back to item 0
        var scenario = StrategyTests.constantLatencyList(latencyMs: 10, script: [
            .pause(seconds: 1), StrategyTests.jump(to: 100), .pause(seconds: 1), StrategyTests.jump(to: 0),
            .pause(seconds: 1),
        ])
        scenario.network.bandwidthMbps = 100
        let probe = Self.probe()
        var cachedAtTheFirstJump = -1
        let observer = ClosureObserver()
        observer.onFrame = { frame in
            guard frame.offset == 10_000 && cachedAtTheFirstJump < 0 else { return }
            cachedAtTheFirstJump = probe.strategy.memoryCacheCount
        }
        let metrics = probe.run(scenario, name: "texture", observer: observer)
        let texture = probe.strategy!
        // Then the jump down takes items 0...12 out of the preload range: their data leaves PINCache
        // memory (the disk keeps it) while the 50 items of [8500, 13500) enter it (items 85...134)
        #expect(cachedAtTheFirstJump == 0)
        // and the jump back up (preload [−2500, 2500): items 0...24) reads items 0...12 from the
        // disk instead of finding them in memory, downloads items 13...24, and memory holds only
        // the 25 images of the range: 13 + 50 + 12 downloads, 13 disk reads
        #expect(texture.diskReads == 13)
        #expect(metrics.networkFetches == 75)
        #expect(texture.memoryCacheCount == 25)
    }

    @Test func aMemoryWarningReleasesThePINCacheData() {
        // Given every image 100 000 bytes of data, items 0...12 loaded and drawn, then a warning
        var scenario = StrategyTests.constantLatencyList(latencyMs: 10, script: [
            .pause(seconds: 1), .memoryWarning, .pause(seconds: 1),
        ])
        scenario.network.bandwidthMbps = 100
        scenario.images.bytesMedian = 100_000
        scenario.images.bytesP95 = 100_000
        let device = scenario.device
        let probe = Self.probe()
        var afterWarning: Int64 = -1  // the bytes held once the warning's work has run
        let observer = ClosureObserver()
        observer.onMainWork = { work, _, _ in
            guard work == .memoryWarning else { return }
            afterWarning = device.memoryLimitBytes - device.baselineFootprintBytes
                - probe.environment.availableMemoryBytes
        }
        let metrics = probe.run(scenario, name: "texture", observer: observer)
        // Then the footprint held the 13 backing stores and the 13 images' data, and the warning
        // empties PINCache memory: only the backing stores the nodes keep are left
        #expect(metrics.peakMemoryBytes == 13 * 1_404_000 + 13 * 100_000)
        #expect(afterWarning == 13 * 1_404_000)
        #expect(probe.strategy.memoryCacheCount == 0)
    }

    @Test(arguments: [
        // node bounds in pixels, source: the backing store (aspect fill, crop, no upscaling)
        ((1170, 300), (1200, 1200), (1170, 300)),
        ((386, 390), (1200, 1200), (386, 390)),
        ((1170, 300), (200, 200), (200, 51)),       // the image cannot fill: 200 × 200 / 3.9, rounded
        ((300, 1170), (200, 200), (51, 200)),
        ((1170, 1299), (1080, 1350), (1080, 1199)), // narrower than the node: 1080 × 1299 / 1170, rounded
        ((1170, 1560), (1080, 1350), (1013, 1350)), // 1350 × 1170 / 1560 = 1012.5, rounded away from zero
        ((0, 300), (1200, 1200), (0, 0)),
    ])
    func theBackingStoreIsTheNodesSizeUnlessTheImageCannotFillIt(bounds: (Int, Int), source: (Int, Int),
                                                                 expected: (Int, Int)) {
        let size = TextureStrategy.backingSize(source: (source.0, source.1), bounds: (bounds.0, bounds.1))
        #expect(size.width == expected.0 && size.height == expected.1)
    }

    @Test func nodesDrawNodeSizedBackingStoresFromUndecodedImages() {
        // Given no scroll: Minimum mode preloads and displays items 0...12
        var scenario = StrategyTests.constantLatencyList(latencyMs: 10, script: [.pause(seconds: 1)])
        scenario.images.bytesMedian = 100_000
        scenario.images.bytesP95 = 100_000
        var draws: [SimTime] = []
        let observer = ClosureObserver()
        observer.onDecode = { draws.append($0) }
        let probe = Self.probe()
        let metrics = probe.run(scenario, name: "texture", observer: observer)
        // Then each of the 13 nodes draws its image once, paying a full decode (1.44 MP × 8 ms =
        // 11.52 ms) off the main thread, into 1170 × 300 px: 13 × 1 404 000 bytes at the peak,
        // with the 13 images' data (100 000 bytes each) PINCache memory holds, never a bitmap
        #expect(draws == Array(repeating: 11_520_000, count: 13))
        #expect(metrics.peakMemoryBytes == 13 * 1_404_000 + 13 * 100_000)
        #expect(metrics.mainDecodeNanos == 0)
        #expect(probe.strategy.memoryCacheCount == 13)
    }

    @Test func nodesOfOneImageAtSeveralSizesEachGetTheirOwnBackingStore() throws {
        // Given the feed catalog (`TestScenarios.feedCatalogCSV`): eight items on screen, p1 at
        // 100 and 80 pt, av at 120, 100 and 110 pt, p2 at 150 and 100 pt, p3 at 90 pt, 390 pt wide
        let scenario = try ScenarioLoader.parse(
            TestScenarios.feedJSON(), file: "s.json",
            files: InMemoryScenarioFiles(["items.csv": TestScenarios.feedCatalogCSV]))
        let probe = Self.probe()
        _ = probe.run(scenario, name: "texture")
        // Then every node draws its image once into its own backing store (aspect fill, crop,
        // no upscaling): 1170 px wide nodes of 3 × their height, so the backing store is the
        // image's width by its width ÷ the node's aspect ratio, rounded; stores of one image at
        // different sizes are in flight and held at once, apart
        #expect(probe.strategy.drawsStarted == 8)
        let sizes = (0..<8).map { probe.strategy.contentsSize(ofItem: $0).map { [$0.width, $0.height] } }
        #expect(sizes == [[1080, 277], [150, 46], [1080, 222], [1080, 415],
                          [150, 38], [1080, 249], [150, 42], [1080, 277]])
    }

    @Test func anImagesFirstBackingStoreEmptiedWhileAnotherSizeIsHeldIsDrawnAgainAtItsOwnSize() throws {
        // Given 30 rows of 100 pt in a 1000 pt viewport at scale 3 (1170 px wide nodes), each its own
        // image except rows 0 (100 pt) and 20 (80 pt), both p1 (1080 × 1350 px); a drag down to
        // 1000, a pause, a drag up to 800, a pause
        var rows = ["height_pt,image_id,width_px,height_px,bytes"]
        for row in 0..<30 {
            rows.append(row == 0 ? "100,p1,1080,1350,1000" : row == 20 ? "80,p1,1080,1350,1000"
                                 : "100,f\(row),1080,1350,1000")
        }
        let json = """
            { "layout": { "catalog": "items.csv", "viewport": { "width": 390, "height": 1000, "scale": 3 } },
              "network": { "latencyMsMedian": 10, "latencyMsP95": 10 },
              "script": [ { "drag": { "velocity": 1000, "seconds": 1 } }, { "pause": { "seconds": 1 } },
                          { "drag": { "velocity": -1000, "seconds": 0.2 } }, { "pause": { "seconds": 1 } } ] }
            """
        let scenario = try ScenarioLoader.parse(
            json, file: "s.json", files: InMemoryScenarioFiles(["items.csv": rows.joined(separator: "\n") + "\n"]))
        let probe = Self.probe()
        _ = probe.run(scenario, name: "texture")
        // Then p1's first backing store is row 0's, 1080 × 277 px (aspect fill of 1170 × 300), and
        // row 20's, 1080 × 222 px (1170 × 240), one of its other sizes. At 1000 moving down, the
        // display range is [500, 3000): rows 0...4 left it and were cleared, emptying p1's first
        // store while row 20 holds the other. Moving up at 800, the display range is [−200, 2300):
        // rows 0...4 draw again, row 0 at its own size (not taking row 20's contents); rows 24...29
        // (from 2380: row 20 is 20 pt short) left it and are cleared. Draws: 30 down, 5 again up
        #expect(probe.strategy.drawsStarted == 35)
        #expect(probe.strategy.clearedContents == 5 + 6)
        let sizes = [0, 20].map { probe.strategy.contentsSize(ofItem: $0).map { [$0.width, $0.height] } }
        #expect(sizes == [[1080, 277], [1080, 222]])
        #expect(probe.strategy.contentsSize(ofItem: 23) != nil && probe.strategy.contentsSize(ofItem: 24) == nil)
    }

    @Test func prioritiesFollowTheRangesAndFlipWithTheDirection() {
        // Given loads that never finish, a drag down to 1450, a pause, a drag up to 950
        let scenario = StrategyTests.constantLatencyList(latencyMs: 100_000, script: [
            .drag(velocity: 1000, seconds: 1.45), .pause(seconds: 0.5), .drag(velocity: -1000, seconds: 0.5),
            .pause(seconds: 1),
        ])
        let probe = Self.probe()
        var snapshots: [(offset: Double, priorities: [RequestPriority?])] = []
        let observer = ClosureObserver()
        observer.onFrame = { frame in
            snapshots.append((frame.offset, (0..<60).map { probe.strategy.loadPriority(ofItem: $0) }))
        }
        _ = probe.run(scenario, name: "texture", observer: observer)

        func expected(high: ClosedRange<Int>, normal: [ClosedRange<Int>],
                      low: [ClosedRange<Int>]) -> [RequestPriority?] {
            (0..<60).map { item in
                if high.contains(item) { return .high }
                if normal.contains(where: { $0.contains(item) }) { return .normal }
                if low.contains(where: { $0.contains(item) }) { return .low }
                return nil
            }
        }
        // Moving down at 1450: visible [1450, 2450) = items 14...24 high; display
        // [1450 − 500, 2450 + 1000) = 9...34 normal; preload [−50, 4950) = 0...49 low.
        let down = snapshots.max { $0.offset < $1.offset }!
        #expect(down.offset == 1450)
        #expect(down.priorities == expected(high: 14...24, normal: [9...13, 25...34], low: [0...8, 35...49]))
        // Moving up at 950, the leading side is above: visible [950, 1950) = 9...19; display
        // [950 − 1000, 1950 + 500) = 0...24; preload [950 − 2500, 1950 + 1500) = 0...34; items
        // 35...49 left the preload range and lost their loads.
        let up = snapshots.last!
        #expect(up.offset == 950)
        #expect(up.priorities == expected(high: 9...19, normal: [0...8, 20...24], low: [25...34]))
    }

    @Test func theFirstRangeUpdateUsesMinimumModeWithTheLeadingBufferAbove() {
        // Given no scroll at all
        let scenario = StrategyTests.constantLatencyList(latencyMs: 100_000, script: [.pause(seconds: 1)])
        let probe = Self.probe()
        _ = probe.run(scenario, name: "texture")
        // Then Minimum mode with no direction: preload 0.5 above (clipped) and 0.25 below the
        // viewport, [−500, 1250) = items 0...12; display 0.25 / 0.25 = the same items
        let priorities = (0..<20).map { probe.strategy.loadPriority(ofItem: $0) }
        #expect(priorities == (0..<20).map { $0 < 10 ? .high : $0 <= 12 ? .normal : nil })
    }

    @Test func theRangeDifferenceIsTheItemsOfOneRangeOutsideTheOther() {
        // Every pair of ranges over 0..<12 (empty ones at every position included): the two
        // pieces, concatenated, are exactly the items of `a` not in `b`, ascending.
        for aLow in 0...12 {
            for aHigh in aLow...12 {
                for bLow in 0...12 {
                    for bHigh in bLow...12 {
                        let (a, b) = (aLow..<aHigh, bLow..<bHigh)
                        let pieces = TextureStrategy.difference(a, b)
                        let expected = a.filter { !b.contains($0) }
                        #expect(Array(pieces.below) + Array(pieces.above) == expected, "\(a) minus \(b)")
                        #expect(pieces.below.allSatisfy { $0 < b.lowerBound })
                    }
                }
            }
        }
        // A few by hand: b inside a, b below a, b above a, b over a's start.
        #expect(TextureStrategy.difference(0..<10, 3..<7) == (0..<3, 7..<10))
        #expect(TextureStrategy.difference(20..<30, 0..<5) == (20..<20, 20..<30))
        #expect(TextureStrategy.difference(20..<30, 40..<50) == (20..<30, 30..<30))
        #expect(TextureStrategy.difference(20..<30, 15..<25) == (20..<20, 25..<30))
    }
}
