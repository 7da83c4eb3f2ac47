@testable import FetchStrategies
import ScrollSimCore
import Testing

/// `sdwebimage`'s settings: the LIFO download order and downsampling to the cell's pixel size,
/// on `fixedList` (items 0...9 visible, 1200 × 1200 px images of 20 000 bytes, cells 390 × 100 pt
/// at 3x = 1170 × 300 px).
@Suite struct SDWebImageStrategyTests {
    /// `sdwebimage` with `parameters`.
    static func run(_ scenario: Scenario, _ parameters: [(key: String, value: JSONValue)],
                    observer: (any RunObserver)? = nil) -> RunMetrics {
        StrategyTests.run(scenario, "sdwebimage", parameters: parameters, observer: observer)
    }

    @Test func lifoDrainsTheBacklogNewestFirstOneAtATime() {
        // Given 10 visible items and 1 s latency: 6 downloads run, images 6...9 wait
        let scenario = StrategyTests.fixedList(latencyMs: 1000, script: [.pause(seconds: 7)])
        let fifo = RequestLog(), lifo = RequestLog()
        _ = Self.run(scenario, [], observer: fifo)
        _ = Self.run(scenario, [("downloadOrder", .string("lifo"))], observer: lifo)
        // Then FIFO starts them in order, four at once when the first six end
        #expect(fifo.startOrder == Array(0..<10))
        // While LIFO starts 9 when a slot frees, and each older one only once every newer one has
        // finished: 9, 8, 7, 6 one after the other, though five slots are free
        #expect(lifo.startOrder == [0, 1, 2, 3, 4, 5, 9, 8, 7, 6])
        let spans = Dictionary(uniqueKeysWithValues: lifo.connections.map { ($0.imageID, $0) })
        for (newer, older) in [(9, 8), (8, 7), (7, 6)] {
            #expect(spans[older]!.start > spans[newer]!.end, "\(older) after \(newer)")
        }
    }

    @Test func downsamplingDecodesAThumbnailAndCachesItOnDisk() {
        // Given 20 images loaded, a memory warning at 2 s, then the first 10 shown again
        let scenario = StrategyTests.fixedList(script: [
            .pause(seconds: 1), StrategyTests.jump(to: 20), .pause(seconds: 1), .memoryWarning,
            .pause(seconds: 0.1), StrategyTests.jump(to: 0), .pause(seconds: 1),
        ])
        var plainDecodes: [SimTime] = [], tunedDecodes: [SimTime] = []
        let plainObserver = ClosureObserver(), tunedObserver = ClosureObserver()
        plainObserver.onDecode = { plainDecodes.append($0) }
        tunedObserver.onDecode = { tunedDecodes.append($0) }
        let plain = Self.run(scenario, [], observer: plainObserver)
        let tuned = Self.run(scenario, [("downsample", .bool(true))], observer: tunedObserver)
        // Then by default: 20 full decodes after the downloads and 10 after the disk reads,
        // 1.44 MP × 8 ms = 11.52 ms each; 20 bitmaps of 5 760 000 bytes in the unbounded cache
        #expect(plainDecodes == Array(repeating: 11_520_000, count: 30))
        #expect(plain.peakMemoryBytes == 20 * 5_760_000)
        // While with the thumbnail size 1170 × 300 px a square image fits at 300 × 300 px
        // (maxPixelSize = max(300, 300 × 1)): 20 ImageIO thumbnails, 1.44 MP × 2 ms = 2.88 ms, then
        // the stored 300 × 300 thumbnails decoded from disk, 0.09 MP × 8 ms = 0.72 ms
        #expect(tunedDecodes == Array(repeating: 2_880_000, count: 20) + Array(repeating: 720_000, count: 10))
        #expect(tuned.peakMemoryBytes == 20 * 360_000)
        #expect(tuned.diskHits == 10 && tuned.networkFetches == 20)
        #expect(plain.mainDecodeNanos == 0 && tuned.mainDecodeNanos == 0)
    }

    @Test("A download is written to disk twice, or once with its thumbnail, one ioQueue block after the other")
    func aDownloadIsWrittenTwiceOnTheSerialIOQueue() {
        // Given one item (image 0: 1200 × 1200 px, 20 000 bytes) downloaded and decoded; the disk
        // costs 1 ms + bytes / 400 MB/s
        let scenario = StrategyTests.fixedList(itemCount: 1, script: [.pause(seconds: 1)])
        let plainJobs = JobLog(), tunedJobs = JobLog()
        _ = Self.run(scenario, [], observer: plainJobs)
        _ = Self.run(scenario, [("downsample", .bool(true))], observer: tunedJobs)
        // Then by default the original-store step and the store step each write the 20 000 bytes
        // under the URL's key (1.05 ms), the second after the first on the serial ioQueue, both
        // issued when the decode ends
        let plainEnd = plainJobs.decodes[0].end, write = SimTime(1_050_000)
        #expect(plainJobs.decodes.count == 1)
        #expect(plainJobs.diskJobs.map { [$0.start, $0.end] }
                == [[plainEnd, plainEnd + write], [plainEnd + write, plainEnd + 2 * write]])
        // While with a thumbnail the second write is the 300 × 300 px thumbnail re-encoded:
        // 20 000 × 90 000 / 1 440 000 = 1 250 bytes, 1 ms + 3 125 ns
        let tunedEnd = tunedJobs.decodes[0].end
        #expect(tunedJobs.diskJobs.map { [$0.start, $0.end] }
                == [[tunedEnd, tunedEnd + write], [tunedEnd + write, tunedEnd + write + 1_003_125]])
    }

    @Test(arguments: [
        // cell pixel size, source: the decode SDWebImage 5.21.5 chooses (preserveAspectRatio YES)
        ((1170, 300), (1200, 1200), DecodeMode.thumbnail(maxPixelSize: 300)),
        ((390, 390), (1200, 1200), .thumbnail(maxPixelSize: 390)),
        ((1170, 1299), (1080, 1350), .thumbnail(maxPixelSize: 1299)),   // taller box than image: fit the height
        ((1170, 600), (1080, 1350), .thumbnail(maxPixelSize: 600)),
        ((1170, 1560), (1080, 1350), .full),                             // the image fits: full decode
        ((2000, 100), (1200, 600), .thumbnail(maxPixelSize: 200)),       // wide box: height limits, long side 200
        ((100, 2000), (1200, 600), .thumbnail(maxPixelSize: 100)),       // tall box: width limits
    ])
    func thumbnailGeometryFollowsSDImageIOAnimatedCoder(cell: (Int, Int), source: (Int, Int), expected: DecodeMode) {
        let mode = SDWebImageStrategy.thumbnailDecode(source: (source.0, source.1),
                                                      thumbnailPixelSize: (cell.0, cell.1))
        #expect(mode == expected)
    }

    @Test(arguments: [
        ("downsample", JSONValue.number(1, text: "1"), "strategies[0].downsample: must be true or false, found 1"),
        ("downloadOrder", .string("LIFO"),
         #"strategies[0].downloadOrder: must be "fifo" or "lifo", found the string "LIFO""#),
        ("downloadOrder", .bool(true), #"strategies[0].downloadOrder: must be "fifo" or "lifo", found true"#),
    ])
    func badSettingsAreRejectedWithTheirPath(key: String, value: JSONValue, message: String) {
        let spec = StrategySpec(name: "sdwebimage", parameters: [(key, value)], path: "strategies[0]")
        let prefix = "strategies[0].\(key): "
        let expected = StrategyConfigError(path: "strategies[0].\(key)",
                                           message: String(message.dropFirst(prefix.count)))
        #expect(throws: expected) {
            _ = try StrategyCatalog.makeFactory(spec)
        }
    }
}
