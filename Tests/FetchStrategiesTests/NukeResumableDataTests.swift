@testable import FetchStrategies
import ScrollSimCore
import Testing

/// `nuke`'s resumable downloads (`ResumableData.swift`, `TaskFetchOriginalData.swift`, Nuke 13.2.0).
@Suite struct NukeResumableDataTests {
    /// Records connections and final image sets.
    final class Log: RunObserver {
        /// Every connection, in the order it ended.
        var connections: [ConnectionSpan] = []
        /// Every final image set on a cell: (time, image).
        var sets: [(time: SimTime, imageID: Int)] = []

        func connectionEnded(_ span: ConnectionSpan) { connections.append(span) }
        func imageSet(imageID: Int?, on cell: CellID, isFinal: Bool, at time: SimTime) {
            if let imageID, isFinal { sets.append((time, imageID)) }
        }
    }

    /// One 100-pt row on screen, 100 000-byte images, 100 ms latency, 8 Mbps (1 byte per µs),
    /// running `script`.
    static func oneRow(_ script: [ScriptStep]) -> Scenario {
        var scenario = StrategyTests.fixedList(script: script)
        scenario.layout.viewportHeight = 100
        scenario.images.bytesMedian = 100_000
        scenario.images.bytesP95 = 100_000
        scenario.network.bandwidthMbps = 8
        return scenario
    }

    /// One 100-pt row on screen, 100 000-byte images, 100 ms latency, 8 Mbps (1 byte per µs):
    /// item 0 (image 0) loads from the start, a jump at 0.15 s to item 10 cancels it halfway, and a
    /// jump back at 0.65 s asks for image 0 again.
    static func cancelHalfwayAndReturn(_ parameters: [(key: String, value: JSONValue)])
        -> (metrics: RunMetrics, log: Log) {
        let scenario = Self.oneRow([
            .pause(seconds: 0.15), StrategyTests.jump(to: 10), .pause(seconds: 0.5),
            StrategyTests.jump(to: 0), .pause(seconds: 1),
        ])
        let log = Log()
        let metrics = StrategyTests.run(scenario, "nuke", parameters: parameters, observer: log)
        return (metrics, log)
    }

    @Test func aCancelledDownloadResumesWhereItStopped() {
        let run = Self.cancelHalfwayAndReturn([])
        // Given image 0 requested at 3.30 ms (the first frame's cell configuration), its first byte
        // 100 ms later, at 103.30 ms, and the jump's prepareForReuse cancelling it at 152.01 ms:
        // alone on the link at 1 byte per µs it received 48.71 ms × 1 B/µs = 48 710 bytes
        let spans = run.log.connections
        #expect(spans.map(\.imageID) == [0, 10, 0])
        #expect(spans.map(\.outcome) == [.cancelled, .completed, .completed])
        #expect(spans.map(\.start) == [3_300_000, 152_160_000, 652_160_000])
        #expect(spans[0].firstByte == 103_300_000 && spans[0].end == 152_010_000)
        #expect(spans[0].bytes == 48_710)
        // When the jump back asks for image 0 at 652.16 ms, the request carries
        // `Range: bytes=48710-`: its first byte at 752.16 ms, then 100 000 − 48 710 = 51 290 bytes
        // in 51.29 ms, done at 803.45 ms (without resumption: 100 000 bytes, done at 852.16 ms)
        #expect(spans[2].bytes == 51_290)
        #expect(spans[2].firstByte == 752_160_000 && spans[2].end == 803_450_000)
        // Then every byte of images 0 and 10 crossed the network once (without: 248 710 bytes)
        #expect(run.metrics.bytesDownloaded == 200_000)
        // and image 0 is set after its decompression (1.44 MP × 8 ms = 11.52 ms) and the main
        // queue's 0.1 ms: 803.45 + 11.62 = 815.07 ms (without: 863.78 ms), as image 10 was set
        // 11.62 ms after its download ended at 352.16 ms
        #expect(run.log.sets.map(\.imageID) == [10, 0])
        #expect(run.log.sets.map(\.time) == [363_780_000, 815_070_000])
    }

    @Test("the kept bytes count in the footprint while the storage holds them")
    func theKeptBytesCountInTheFootprint() {
        // Given the run of `cancelHalfwayAndReturn`, the bytes the app holds sampled at every frame
        let scenario = Self.oneRow([
            .pause(seconds: 0.15), StrategyTests.jump(to: 10), .pause(seconds: 0.5),
            StrategyTests.jump(to: 0), .pause(seconds: 1),
        ])
        let device = scenario.device
        let probe = StrategyProbe { NukeStrategy(environment: $0) }
        var held: [(time: SimTime, bytes: Int64)] = []
        let observer = ClosureObserver()
        observer.onFrame = { frame in
            held.append((frame.start, device.memoryLimitBytes - device.baselineFootprintBytes
                                        - probe.environment.availableMemoryBytes))
        }
        _ = probe.run(scenario, name: "nuke", observer: observer)
        func heldAt(_ time: SimTime) -> Int64? { held.last { $0.time <= time }?.bytes }
        // Then from image 10's decompression (its 1200 × 1200 bitmap, 5 760 000 bytes, set at
        // 363.78 ms) until image 0's resumed request takes the kept bytes out (652.16 ms), the app
        // holds the bitmap and the 48 710 bytes kept; after that, the bitmap alone (Nuke's URL
        // cache has no memory tier)
        let whileKept = heldAt(600_000_000), afterResume = heldAt(700_000_000)
        #expect(whileKept == 5_808_710)  // 5 760 000 + 48 710
        #expect(afterResume == 5_760_000)
        #expect(probe.strategy.resumableData.totalBytes == 0)
    }

    @Test func theTunedConfigurationResumesToo() {
        // `nuke-tuned`: the DataCache and the resize processor change nothing before the download
        let run = Self.cancelHalfwayAndReturn([("downsample", .bool(true)), ("diskCache", .string("dataCache"))])
        #expect(run.log.connections.map(\.bytes) == [48_710, 100_000, 51_290])
        #expect(run.log.connections.last?.end == 803_450_000)
        #expect(run.metrics.bytesDownloaded == 200_000)
    }

    /// As `cancelHalfwayAndReturn`, then at the return image 0's resumed request is cancelled again
    /// by a jump to item 10 (image 10 in memory) `seconds` later, and a last jump asks for it once more.
    static func cancelTwice(after seconds: Double) -> Log {
        let scenario = Self.oneRow([
            .pause(seconds: 0.15), StrategyTests.jump(to: 10), .pause(seconds: 0.5),
            StrategyTests.jump(to: 0), .pause(seconds: seconds), StrategyTests.jump(to: 10), .pause(seconds: 0.5),
            StrategyTests.jump(to: 0), .pause(seconds: 1),
        ])
        let log = Log()
        _ = StrategyTests.run(scenario, "nuke", parameters: [], observer: log)
        return log
    }

    @Test func aResumedRequestCancelledBeforeItsResponsePutsTheBytesBack() {
        // Given the resumed request for image 0 (sent at 652.16 ms, first byte due at 752.16 ms)
        // cancelled by a jump at 0.70 s, before any byte of its response
        let log = Self.cancelTwice(after: 0.05)
        // Then the 48 710 bytes taken out go back (`tryToSaveResumableData`), and the last request
        // again asks only for the remaining 51 290
        #expect(log.connections.map(\.imageID) == [0, 10, 0, 0])
        #expect(log.connections.map(\.bytes) == [48_710, 100_000, 0, 51_290])
    }

    @Test func aResumedRequestCancelledAfterMoreBytesKeepsNothingWhenTheyReachTheRangesLength() {
        // Given the resumed request cancelled at 802.01 ms, 49.85 ms after its first byte: 49 850
        // more bytes, so Nuke's data holds 48 710 + 49 850 = 98 560 bytes, not fewer than the 206's
        // `expectedContentLength` of 51 290 (`ResumableData.init` compares the whole data with the
        // partial response's length)
        let log = Self.cancelTwice(after: 0.15)
        // Then nothing is kept (the resumable data was dropped when the response came), and the last
        // request downloads the whole image
        #expect(log.connections.map(\.imageID) == [0, 10, 0, 0])
        #expect(log.connections.map(\.bytes) == [48_710, 100_000, 49_850, 100_000])
    }

    @Test func memoryPressureDropsTheKeptBytes() {
        // Given image 0's download cancelled at 152.01 ms with 48 710 bytes kept, and a memory warning
        // (the storage's `Cache` clears itself on the memory-pressure source) before the jump back
        let scenario = Self.oneRow([
            .pause(seconds: 0.15), StrategyTests.jump(to: 10), .pause(seconds: 0.25), .memoryWarning,
            .pause(seconds: 0.25), StrategyTests.jump(to: 0), .pause(seconds: 1),
        ])
        let log = Log()
        _ = StrategyTests.run(scenario, "nuke", parameters: [], observer: log)
        // Then image 0 is downloaded whole again
        #expect(log.connections.map(\.imageID) == [0, 10, 0])
        #expect(log.connections.map(\.bytes) == [48_710, 100_000, 100_000])
    }

    @Test func theStorageKeepsOnePercentOfTheDevicesMemoryAndRefusesAnEntryOfATenthOfThat() {
        // Given 6 GiB: a cost limit of Int(6 442 450 944 × 0.01) = 64 424 509 bytes and an entry
        // bound of Int(0.1 × 64 424 509) = 6 442 450
        let storage = NukeStrategy.ResumableDataStorage(physicalMemoryBytes: 6_442_450_944)
        #expect(storage.costLimitBytes == 64_424_509)
        #expect(storage.entryMaxCostBytes == 6_442_450)
        // When entries of the bound and one byte under it are stored, then only the second is kept
        storage.store(1, bytes: 6_442_450)
        storage.store(2, bytes: 6_442_449)
        #expect(storage.bytes(for: 1) == nil && storage.bytes(for: 2) == 6_442_449)
        // and taking it out empties the storage
        #expect(storage.remove(2) == 6_442_449 && storage.remove(2) == nil && storage.count == 0)
    }

    @Test func theStorageEvictsTheOldestUnlessReplacedWhenOverItsCountOrCost() {
        // Given 100 one-byte entries (the count limit), image 0 stored again (a replacement marks it
        // referenced)
        let storage = NukeStrategy.ResumableDataStorage(physicalMemoryBytes: 6_442_450_944)
        for image in 0..<100 { storage.store(image, bytes: 1) }
        storage.store(0, bytes: 2)
        #expect(storage.count == 100 && storage.totalBytes == 101)
        // When a 101st is stored, then the sweep gives image 0 a second chance and evicts image 1
        storage.store(100, bytes: 1)
        #expect(storage.count == 100)
        #expect(storage.bytes(for: 0) == 2 && storage.bytes(for: 1) == nil && storage.bytes(for: 100) == 1)
        // Given a 1 000 000-byte cost limit (100 MB of memory): ten 99 999-byte entries fit, an
        // eleventh evicts the oldest
        let small = NukeStrategy.ResumableDataStorage(physicalMemoryBytes: 100_000_000)
        for image in 0...10 { small.store(image, bytes: 99_999) }
        #expect(small.count == 10 && small.totalBytes == 999_990 && small.bytes(for: 0) == nil)
        // and memory pressure empties it
        small.removeAll()
        #expect(small.count == 0 && small.totalBytes == 0)
    }

    @Test func aResumedRequestThatFailsPutsTheBytesBack() {
        // Given half the requests failing (`failureRate` 0.5; under seed 26 image 0's failure draws
        // for its first three requests are 0.770, 0.238 and 0.881, image 10's first 0.704): image 0's
        // download cancelled with 48 710 bytes kept, its resumed request failing at its first byte
        // (752.16 ms), then a jump away and back at 0.95 s and 1.05 s asking for it a third time
        var scenario = Self.oneRow([
            .pause(seconds: 0.15), StrategyTests.jump(to: 10), .pause(seconds: 0.5),
            StrategyTests.jump(to: 0), .pause(seconds: 0.3), StrategyTests.jump(to: 10), .pause(seconds: 0.1),
            StrategyTests.jump(to: 0), .pause(seconds: 1),
        ])
        scenario.network.failureRate = 0.5
        let log = Log()
        let factory = try! StrategyCatalog.makeFactory(StrategySpec(name: "nuke"))
        _ = try! SimulationRun(scenario: scenario, seed: 26, strategyName: "nuke", strategy: factory)
            .run(observer: log)
        // Then the failed request had no response body, the 48 710 bytes it took out went back
        // (`tryToSaveResumableData`), and the third request asks only for the remaining 51 290
        #expect(log.connections.map(\.imageID) == [0, 10, 0, 0])
        #expect(log.connections.map(\.outcome) == [.cancelled, .completed, .failed, .completed])
        #expect(log.connections.map(\.bytes) == [48_710, 100_000, 0, 51_290])
    }
}
