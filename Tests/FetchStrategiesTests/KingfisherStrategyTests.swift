import FetchStrategies
import ScrollSimCore
import Testing

/// Records decode and disk jobs with their times.
final class JobLog: RunObserver {
    /// Decode jobs: (start, end).
    private(set) var decodes: [(start: SimTime, end: SimTime)] = []
    /// Disk jobs (reads and writes): (start, end).
    private(set) var diskJobs: [(start: SimTime, end: SimTime)] = []

    func decodeRan(thread: Int, start: SimTime, end: SimTime) { decodes.append((start, end)) }
    func diskRan(queue: Int, start: SimTime, end: SimTime) { diskJobs.append((start, end)) }
}

/// `kingfisher`: superseded disk reads (8.8.1+), `backgroundDecode` and downsampling, on
/// `fixedList` (items 0...9 visible, 1200 × 1200 px images of 20 000 bytes).
@Suite struct KingfisherStrategyTests {
    /// `kingfisher` with `parameters`.
    static func run(_ scenario: Scenario, _ parameters: [(key: String, value: JSONValue)] = [],
                    observer: (any RunObserver)? = nil) -> RunMetrics {
        StrategyTests.run(scenario, "kingfisher", parameters: parameters, observer: observer)
    }

    @Test func aDiskReadForACellThatMovedOnIsSkippedAndNotPromotedToMemory() {
        // Given 50 ms disk reads (and writes): 20 images downloaded and on disk, the memory cache
        // purged at 2 s; at 2.1 s the top items ask the disk for images 0...9 (one serial ioQueue:
        // 50.05 ms each), and 75 ms later their cells move on to items 20...29
        var scenario = StrategyTests.fixedList(script: [
            .pause(seconds: 1), StrategyTests.jump(to: 20), .pause(seconds: 1), .memoryWarning, .pause(seconds: 0.1),
            StrategyTests.jump(to: 0), .pause(seconds: 0.075), StrategyTests.jump(to: 20), .pause(seconds: 1),
            StrategyTests.jump(to: 0), .pause(seconds: 1),
        ])
        scenario.disk.latencyMs = 50
        let log = RequestLog(), jobs = JobLog()
        final class Both: RunObserver {
            let log: RequestLog, jobs: JobLog
            init(_ log: RequestLog, _ jobs: JobLog) { (self.log, self.jobs) = (log, jobs) }
            func imageRequested(imageID: Int, outcome: RequestOutcome, at time: SimTime) {
                log.imageRequested(imageID: imageID, outcome: outcome, at: time)
            }
            func diskRan(queue: Int, start: SimTime, end: SimTime) {
                jobs.diskRan(queue: queue, start: start, end: end)
            }
        }
        let metrics = Self.run(scenario, observer: Both(log, jobs))
        let outcomes = log.outcomes(from: 0)
        #expect(outcomes.count == 50)
        #expect(Array(outcomes[20..<40]) == Array(repeating: .diskHit, count: 20))
        // Then image 0 is read and shown; image 1's read was under way when its cell moved on: read,
        // then dropped (not stored in memory); the reads of 2...9 never start. The ten reads of
        // 20...29 follow at once: 12 reads between the two jumps' requests and the return, not 20
        let window = (2 * SimDuration.second)..<(3 * SimDuration.second)
        let readsAfterWarning = jobs.diskJobs.filter { window.contains($0.start) }
        #expect(readsAfterWarning.count == 12)
        // And back at the top only image 0 is in memory (before 8.8.1, every read image was)
        #expect(Array(outcomes[40..<50]) == [.memoryHit] + Array(repeating: .diskHit, count: 9))
        #expect(metrics.networkFetches == 20 && metrics.wrongImageFrames == 0)
    }

    @Test func backgroundDecodeMovesDecodingOffTheMainThreadOntoOneSerialQueue() {
        // Given 10 items loaded, left and shown again from memory, then (after a memory warning)
        // from disk
        let scenario = StrategyTests.fixedList(script: [
            .pause(seconds: 1), StrategyTests.jump(to: 20), .pause(seconds: 1), .memoryWarning, .pause(seconds: 0.1),
            StrategyTests.jump(to: 0), .pause(seconds: 1),
        ])
        let jobs = JobLog()
        let plain = Self.run(scenario)
        let tuned = Self.run(scenario, [("backgroundDecode", .bool(true))], observer: jobs)
        // Then by default the 30 images (20 downloads, 10 disk reads) are decoded on the main
        // thread at first display, 11.52 ms each
        #expect(plain.mainDecodeNanos == 30 * 11_520_000)
        // While with backgroundDecode none is: 20 decodes on the downloader's serial processing
        // queue (never two at once, though two decoder threads exist) and 10 on the ioQueue
        #expect(tuned.mainDecodeNanos == 0)
        #expect(jobs.decodes.count == 30 && jobs.decodes.allSatisfy { $0.end - $0.start == 11_520_000 })
        let downloads = jobs.decodes.prefix(20)
        for (earlier, later) in zip(downloads, downloads.dropFirst()) { #expect(later.start >= earlier.end) }
        #expect(tuned.diskHits == 10)
    }

    @Test func downsamplingKeepsAThumbnailAsLongAsTheCellsLongSide() {
        // Given 130-pt-wide cells (390 × 300 px): the thumbnail's long side is max(390, 300) = 390
        var scenario = StrategyTests.fixedList(script: [
            .pause(seconds: 1), StrategyTests.jump(to: 20), .pause(seconds: 1), .memoryWarning, .pause(seconds: 0.1),
            StrategyTests.jump(to: 0), .pause(seconds: 1),
        ])
        scenario.layout.viewportWidth = 130
        let tunedJobs = JobLog(), bothJobs = JobLog()
        let tuned = Self.run(scenario, [("downsample", .bool(true))], observer: tunedJobs)
        let both = Self.run(scenario, [("downsample", .bool(true)), ("backgroundDecode", .bool(true))],
                            observer: bothJobs)
        // Then each download becomes a 390 × 390 px ImageIO thumbnail (1.44 MP × 2 ms = 2.88 ms,
        // decoded by ImageIO): 20 held at 608 400 bytes, beside the 20 responses of 20 000 bytes
        // in the ephemeral session's memory-only URL cache, nothing decoded on the main thread
        #expect(tunedJobs.decodes.map { $0.end - $0.start } == Array(repeating: 2_880_000, count: 20))
        #expect(tuned.peakMemoryBytes == 20 * 608_400 + 20 * 20_000)
        // and the 10 disk reads give the stored thumbnails, decoded lazily on the main thread
        // (0.1521 MP × 8 ms = 1.2168 ms each), or on the ioQueue with backgroundDecode
        #expect(tuned.diskHits == 10 && tuned.mainDecodeNanos == 10 * 1_216_800)
        #expect(both.mainDecodeNanos == 0)
        #expect(bothJobs.decodes.map { $0.end - $0.start }
                == Array(repeating: 2_880_000, count: 20) + Array(repeating: 1_216_800, count: 10))
    }

    @Test func badSettingsAreRejectedWithTheirPath() {
        let spec = StrategySpec(name: "kingfisher", parameters: [("backgroundDecode", .string("yes"))],
                                path: "strategies[2]")
        let expected = StrategyConfigError(path: "strategies[2].backgroundDecode",
                                           message: #"must be true or false, found the string "yes""#)
        #expect(throws: expected) {
            _ = try StrategyCatalog.makeFactory(spec)
        }
        let other = StrategySpec(name: "kingfisher", parameters: [("downSample", .bool(true))], path: "strategies[0]")
        let misspelt = StrategyConfigError(path: "strategies[0].downSample",
                                           message: "unknown parameter; did you mean 'downsample'?")
        #expect(throws: misspelt) {
            _ = try StrategyCatalog.makeFactory(other)
        }
    }
}
