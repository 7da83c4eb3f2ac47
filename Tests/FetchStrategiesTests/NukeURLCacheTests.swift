@testable import FetchStrategies
import ScrollSimCore
import Testing

/// `nuke`'s two disk layers: `.withURLCache` (the shared pipeline's, the default) and
/// `.withDataCache` (`diskCache: "dataCache"`).
@Suite struct NukeURLCacheTests {
    /// Records requests, connections, disk jobs and the final images set on cells.
    final class Log: RunObserver {
        /// Every request to configure a cell: (time, image, outcome).
        var requests: [(time: SimTime, imageID: Int, outcome: RequestOutcome)] = []
        /// Every connection, in the order it ended.
        var connections: [ConnectionSpan] = []
        /// Every disk job (read or write): start.
        var diskStarts: [SimTime] = []
        /// Every final image set on a cell: (time, image).
        var sets: [(time: SimTime, imageID: Int)] = []

        func imageRequested(imageID: Int, outcome: RequestOutcome, at time: SimTime) {
            requests.append((time, imageID, outcome))
        }
        func connectionEnded(_ span: ConnectionSpan) { connections.append(span) }
        func diskRan(queue: Int, start: SimTime, end: SimTime) { diskStarts.append(start) }
        func imageSet(imageID: Int?, on cell: CellID, isFinal: Bool, at time: SimTime) {
            if let imageID, isFinal { sets.append((time, imageID)) }
        }

        /// When each of `images` was set on a cell at or after `time` (first time each).
        func setTimes(of images: [Int], from time: SimTime) -> [SimTime?] {
            images.map { image in sets.first { $0.time >= time && $0.imageID == image }?.time }
        }
    }

    /// Given 20 distinct images on 40 items (item i shows image i mod 20), ten 100-pt rows on
    /// screen, 20 000-byte 1200 × 1200 images, 100 ms latency: images 0...9 are loaded, memory
    /// pressure empties the memory cache at 1 s, and at 1.1 s a jump to item 14 shows images
    /// 14...19 (new: six downloads, which fill the six data-loading slots) and then 0...3 (on
    /// disk, no longer in memory).
    static func scrollBack(_ diskCache: String) -> (metrics: RunMetrics, log: Log) {
        var scenario = StrategyTests.fixedList(script: [
            .pause(seconds: 1), .memoryWarning, .pause(seconds: 0.1),
            StrategyTests.jump(to: 14), .pause(seconds: 1),
        ])
        scenario.images.distinct = 20
        let log = Log()
        let metrics = StrategyTests.run(scenario, "nuke", parameters: [("diskCache", .string(diskCache))],
                                        observer: log)
        return (metrics, log)
    }

    @Test func aURLCacheHitWaitsForADataLoadingSlotWhereADataCacheHitDoesNot() {
        let jump = 1_100 * SimDuration.millisecond
        let url = Self.scrollBack("urlCache"), data = Self.scrollBack("dataCache")
        for run in [url, data] {
            // Both: six misses then four disk hits (cells configured 0.77 ms apart from 1 102.25 ms;
            // image 0 at 1 106.87 ms), and no connection for a disk hit
            #expect(run.log.requests.filter { $0.time >= jump }.map(\.outcome)
                        == Array(repeating: .miss, count: 6) + Array(repeating: .diskHit, count: 4))
            #expect(run.log.requests.first { $0.time >= jump && $0.imageID == 0 }?.time == 1_106_870_000)
            #expect(run.log.connections.map(\.imageID).sorted() == Array(0...9) + Array(14...19))
            #expect(run.metrics.diskHits == 4)
        }
        // Then with .withDataCache image 0 is read at once (the DataCache's serial queue is idle):
        // 1 ms + 20 000 B / 400 MB/s = 1.05 ms, decompressed in 1.44 MP × 8 ms = 11.52 ms, set on the
        // main queue 0.1 ms later: 1 106.87 + 1.05 + 11.52 + 0.1 = 1 119.54 ms. Images 1...3 follow
        // on the serial queue and the 2-wide decompression queue.
        #expect(data.log.setTimes(of: [0, 1, 2, 3], from: jump)
                    == [1_119_540_000, 1_120_590_000, 1_131_060_000, 1_132_110_000])
        #expect(data.log.diskStarts.filter { $0 >= jump }.prefix(1) == [1_106_870_000])
        // With .withURLCache the request first passes the rate limiter (tokens left) and then waits
        // for a data-loading slot: all six are held by the downloads of 14...19, the first of
        // which ends at 1 243.551 ms. Image 0 is read from the URL cache from that instant (beside
        // the URL cache's write of image 14), then decompressed and set as above:
        // 1 243.551 + 1.05 + 11.52 + 0.1 = 1 256.221 ms, 136.681 ms after the data-cache run.
        let firstDownloadEnd = url.log.connections.first { $0.imageID == 14 }?.end
        #expect(firstDownloadEnd == 1_243_551_000)
        #expect(url.log.diskStarts.filter { $0 >= jump }.prefix(2) == [1_243_551_000, 1_243_551_000])
        #expect(url.log.setTimes(of: [0], from: jump) == [1_256_221_000])
        // and each later hit waits for the next slot to free, so every one is set later than with
        // the data cache
        let urlTimes = url.log.setTimes(of: [0, 1, 2, 3], from: jump).compactMap { $0 }
        let dataTimes = data.log.setTimes(of: [0, 1, 2, 3], from: jump).compactMap { $0 }
        #expect(urlTimes.count == 4 && dataTimes.count == 4)
        #expect(zip(urlTimes, dataTimes).allSatisfy { $0 - $1 > 100 * SimDuration.millisecond })
    }

    @Test(arguments: [
        // image bytes, outcome of a request for it after the memory cache was emptied
        // 150 MB / 20 = 7 864 320 bytes is the largest response the URL cache keeps
        (7_864_320, RequestOutcome.diskHit),
        (7_864_321, .miss),
    ])
    func theURLCacheKeepsNoResponseLargerThanAboutFivePercentOfItsDisk(bytes: Int, outcome: RequestOutcome) {
        // Given items 20...29 showing images 0...9 again, shown after memory pressure emptied the
        // memory cache
        var scenario = StrategyTests.fixedList(script: [
            .pause(seconds: 60), .memoryWarning, .pause(seconds: 0.1),
            StrategyTests.jump(to: 20), .pause(seconds: 60),
        ])
        scenario.images.distinct = 10
        scenario.images.bytesMedian = Double(bytes)
        scenario.images.bytesP95 = Double(bytes)
        let url = RequestLog(), data = RequestLog()
        _ = StrategyTests.run(scenario, "nuke", parameters: [], observer: url)
        _ = StrategyTests.run(scenario, "nuke", parameters: [("diskCache", .string("dataCache"))], observer: data)
        // Then the URL cache answers only when the response was at most 5 % of 150 MB; the
        // DataCache (no such rule) always does
        let returned = 60_100 * SimDuration.millisecond
        #expect(url.outcomes(from: returned) == Array(repeating: outcome, count: 10))
        #expect(data.outcomes(from: returned) == Array(repeating: .diskHit, count: 10))
        #expect(url.connections.count == (outcome == .miss ? 20 : 10))
    }

    @Test(arguments: [
        ("diskCache", JSONValue.string("URLCache"),
         #"strategies[2].diskCache: must be "urlCache" or "dataCache", found the string "URLCache""#),
        ("diskCache", .bool(true), #"strategies[2].diskCache: must be "urlCache" or "dataCache", found true"#),
    ])
    func aBadDiskCacheIsRejectedWithItsPath(key: String, value: JSONValue, message: String) {
        let spec = StrategySpec(name: "nuke", parameters: [(key, value)], path: "strategies[2]")
        let prefix = "strategies[2].\(key): "
        let expected = StrategyConfigError(path: "strategies[2].\(key)",
                                           message: String(message.dropFirst(prefix.count)))
        #expect(throws: expected) {
            _ = try StrategyCatalog.makeFactory(spec)
        }
    }

    @Test func theDefaultIsTheSharedPipelinesURLCache() throws {
        let descriptor = try #require(StrategyCatalog.descriptor(named: "nuke"))
        let parameter = try #require(descriptor.parameters.first { $0.name == "diskCache" })
        #expect(parameter.defaultText == "urlCache")
        #expect(parameter.allowed == #""urlCache" or "dataCache""#)
    }
}
