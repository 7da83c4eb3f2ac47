import Testing
@testable import ScrollSimCore

/// Milliseconds as `SimTime`.
private func ms(_ value: SimTime) -> SimTime { value * SimDuration.millisecond }

/// A session's HTTP cache (docs/model.md, Resources) on hand-computed cases: latency 10 ms,
/// 8 Mbit/s = 1 byte/µs, zero round trip, 100 kB images (110 ms alone), a disk of 1 byte/µs.
@Suite struct HTTPCacheTests {
    /// 20 MiB of disk and no memory tier: every hit is a disk read.
    static let diskOnly = URLCacheConfiguration(name: "disk only", memoryCapacityBytes: 0,
                                                diskCapacityBytes: 20 * 1_048_576)
    static let mebibyte: Int64 = 1_048_576

    static func config() -> Scenario.Network { NetworkModelTests.config(rttMs: 0) }

    @Test func aRepeatAfterCompletionIsADiskReadOfItsBytesWithoutAConnection() {
        let harness = NetworkHarness(Self.config(), disk: true)
        let session = harness.network.makeSession(.init(name: "app", urlCache: Self.diskOnly))
        harness.load(1, on: session, at: 0, tag: 1)
        harness.load(1, on: session, at: ms(300), tag: 2)
        harness.drain()
        // The download ends at 110 ms and its write takes the disk 110–210 ms; the repeat at
        // 300 ms reads 100 kB: 100 ms, done at 400 ms.
        #expect(harness.finished[1] == ms(110))
        #expect(harness.finished[2] == ms(400))
        #expect(harness.results[2] == .success(bytes: 100_000))
        #expect(harness.diskJobs == [ms(100), ms(100)])
        #expect(harness.network.fetchesStarted == 1)
        #expect(harness.network.connectionsOpened == 1)
        #expect(harness.network.bytesDownloaded == 100_000)
        #expect(harness.network.cacheAnswers == 1)
    }

    @Test func aMemoryTierHitCompletesAtTheTaskTime() {
        // URLCache.shared: 100 kB ≤ 5 % of 4 MiB (209 715 B), so the memory tier holds it.
        let harness = NetworkHarness(Self.config(), disk: true)
        let session = harness.network.sharedSession
        harness.load(1, on: session, at: 0, tag: 1)
        harness.load(1, on: session, at: ms(300), tag: 2)
        harness.drain()
        #expect(harness.finished[2] == ms(300))
        #expect(harness.diskJobs == [ms(100)])  // the store's write only
        #expect(harness.network.fetchesStarted == 1)
        #expect(harness.network.httpCache(ofSession: session.index)?.memoryKeysInEvictionOrder() == [1])
    }

    @Test func aRepeatWhileTheFirstDownloadRunsIsASecondDownload() {
        let harness = NetworkHarness(Self.config(), disk: true)
        let session = harness.network.makeSession(.init(name: "app", urlCache: Self.diskOnly))
        harness.load(1, on: session, at: 0, tag: 1)
        harness.load(1, on: session, at: ms(50), tag: 2)
        harness.drain()
        #expect(harness.network.fetchesStarted == 2)
        #expect(harness.network.cacheAnswers == 0)
        #expect(harness.network.bytesDownloaded == 200_000)
        #expect(harness.network.duplicateDownloads == 1)
        #expect(harness.results[2] == .success(bytes: 100_000))
    }

    @Test func onlyResponsesUpToFivePercentOfTheDiskAreStored() {
        let cache = HTTPCache(Self.diskOnly)
        #expect(Self.diskOnly.maxStoredBytes == Self.mebibyte)
        #expect(!cache.store(1, bytes: Self.mebibyte + 1))
        #expect(!cache.contains(1))
        #expect(cache.store(2, bytes: Self.mebibyte))
        #expect(cache.lookUp(2)?.tier == .disk && cache.lookUp(2)?.bytes == Self.mebibyte)
        #expect(cache.lookUp(1) == nil)
    }

    @Test func aResponseAboveTheBoundIsDownloadedAgain() {
        let harness = NetworkHarness(Self.config(), bytesOfImage: { $0 == 1 ? 1_048_577 : 1_048_576 }, disk: true)
        let session = harness.network.makeSession(.init(name: "app", urlCache: Self.diskOnly))
        harness.load(1, on: session, at: 0, tag: 1)
        harness.load(2, on: session, at: 0, tag: 2)
        harness.load(1, on: session, at: ms(5_000), tag: 3)
        harness.load(2, on: session, at: ms(5_000), tag: 4)
        harness.drain()
        #expect(harness.network.fetchesStarted == 3)  // 1, 2, then 1 again; 2's repeat is read
        #expect(harness.network.cacheAnswers == 1)
        #expect(harness.diskJobs == [1_048_576 * 1_000, 1_048_576 * 1_000])
    }

    @Test func theDiskTierEvictsTheLeastRecentlyUsedFirst() {
        // Twenty 1 MiB entries fill 20 MiB exactly; reading 1 makes 2 the least recent, so a 21st
        // evicts 2, and a half-MiB 22nd then evicts 3.
        let cache = HTTPCache(Self.diskOnly)
        for image in 1...20 { #expect(cache.store(image, bytes: Self.mebibyte)) }
        #expect(cache.diskKeysInEvictionOrder() == Array(1...20))
        #expect(cache.lookUp(1)?.tier == .disk)
        cache.store(21, bytes: Self.mebibyte)
        #expect(cache.diskKeysInEvictionOrder() == Array(3...20) + [1, 21])
        cache.store(22, bytes: Self.mebibyte / 2)
        #expect(cache.diskKeysInEvictionOrder() == Array(4...20) + [1, 21, 22])
        #expect(!cache.contains(2) && !cache.contains(3))
    }

    @Test func theMemoryTierKeepsEntriesUpToFivePercentOfItsCapacityAndTakesDiskHits() {
        let cache = HTTPCache(.shared)  // 4 MiB memory: entries ≤ 209 715 B
        cache.store(1, bytes: 209_715)
        cache.store(2, bytes: 209_716)
        #expect(cache.memoryKeysInEvictionOrder() == [1])
        #expect(cache.lookUp(1)?.tier == .memory)
        #expect(cache.lookUp(2)?.tier == .disk)
        #expect(cache.memoryKeysInEvictionOrder() == [1])  // still too large for memory
        #expect(cache.diskKeysInEvictionOrder() == [1, 2])
    }

    @Test func theMemoryTierIsChargedToTheFootprintAndReleasedOnEviction() {
        // Given URLCache.shared (memory tier 4 MiB = 4 194 304 B) charging a footprint ledger
        let footprint = MemoryLedger()
        let cache = HTTPCache(.shared, footprint: footprint)
        // When twenty 200 000 B responses are stored: 4 000 000 B, all in memory
        for image in 1...20 { cache.store(image, bytes: 200_000) }
        #expect(footprint.currentBytes == 4_000_000 && cache.memoryBytes == 4_000_000)
        // Then a 21st (4 200 000 B > 4 MiB) evicts the least recent, image 1: the net charge is 0
        cache.store(21, bytes: 200_000)
        #expect(cache.memoryKeysInEvictionOrder() == Array(2...21))
        #expect(footprint.currentBytes == 4_000_000 && footprint.peakBytes == 4_000_000)
        // A disk hit on image 1 copies it back into memory, evicting image 2: still 4 000 000 B
        #expect(cache.lookUp(1)?.tier == .disk)
        #expect(cache.memoryKeysInEvictionOrder() == Array(3...21) + [1])
        #expect(footprint.currentBytes == 4_000_000)
        // A response above the memory tier's entry bound (209 715 B) is on disk only: no charge
        cache.store(22, bytes: 209_716)
        #expect(footprint.currentBytes == 4_000_000)
        // A 9 715 B larger response for image 3 replaces its entry: the difference is charged
        cache.store(3, bytes: 209_715)
        #expect(cache.memoryKeysInEvictionOrder() == Array(4...21) + [1, 3])
        #expect(footprint.currentBytes == 4_009_715 && footprint.peakBytes == 4_009_715)
    }

    @Test func aSessionsCacheChargesTheNetworksFootprint() {
        // Given a network whose footprint ledger is set before URLSession.shared is made
        let harness = NetworkHarness(Self.config(), disk: true)
        let footprint = MemoryLedger()
        harness.network.footprint = footprint
        let session = harness.network.sharedSession
        // When a 100 kB download completes at 110 ms, then is answered from memory at 300 ms
        harness.load(1, on: session, at: 0, tag: 1)
        harness.at(ms(100)) { #expect(footprint.currentBytes == 0) }
        harness.load(1, on: session, at: ms(300), tag: 2)
        harness.drain()
        // Then the memory tier holds its bytes once, from the store on
        #expect(harness.finished[1] == ms(110) && harness.finished[2] == ms(300))
        #expect(footprint.currentBytes == 100_000 && footprint.peakBytes == 100_000)
    }

    @Test func aSessionWithoutACacheNeverHits() {
        let harness = NetworkHarness(Self.config(), disk: true)
        let session = harness.network.makeSession(.init(name: "own"))
        harness.load(1, on: session, at: 0, tag: 1)
        harness.load(1, on: session, at: ms(300), tag: 2)
        harness.drain()
        #expect(session.urlCache == nil && !session.hasCachedResponse(for: 1))
        #expect(harness.network.fetchesStarted == 2)
        #expect(harness.network.cacheAnswers == 0)
        #expect(harness.diskJobs.isEmpty)
        #expect(harness.finished[2] == ms(410))
    }

    @Test func aSessionThatDoesNotReadOrStoreTheCacheNeverHits() {
        var ignoring = URLCacheConfiguration.shared
        ignoring.readsCache = false
        var notStoring = Self.diskOnly
        notStoring.storesResponses = false
        for configuration in [ignoring, notStoring] {
            let harness = NetworkHarness(Self.config(), disk: true)
            let session = harness.network.makeSession(.init(name: "app", urlCache: configuration))
            harness.load(1, on: session, at: 0, tag: 1)
            harness.load(1, on: session, at: ms(300), tag: 2)
            harness.drain()
            #expect(harness.network.fetchesStarted == 2)
            #expect(harness.network.cacheAnswers == 0)
            #expect(!session.hasCachedResponse(for: 1))
        }
    }

    @Test func twoSessionsOnTheSharedCacheShareIt() {
        let harness = NetworkHarness(Self.config(), disk: true)
        let shared = harness.network.sharedSession
        let other = harness.network.makeSession(.init(name: "default configuration", urlCache: .shared))
        #expect(shared.urlCache == .shared)
        harness.load(1, on: shared, at: 0, tag: 1)
        harness.at(ms(200)) { #expect(other.hasCachedResponse(for: 1)) }
        harness.load(1, on: other, at: ms(300), tag: 2)
        harness.drain()
        #expect(harness.finished[2] == ms(300))  // a memory-tier answer
        #expect(harness.network.fetchesStarted == 1)
        let network = harness.network
        #expect(network.httpCache(ofSession: shared.index) === network.httpCache(ofSession: other.index))
    }

    @Test func cancellingACacheReadRunsNoCompletion() {
        let harness = NetworkHarness(Self.config(), disk: true)
        let session = harness.network.makeSession(.init(name: "app", urlCache: Self.diskOnly))
        var outcomes: [TaskMetrics.Outcome] = []
        session.metricsHandler = { outcomes.append($0.outcome) }
        harness.load(1, on: session, at: 0, tag: 1)
        harness.load(1, on: session, at: ms(300), tag: 2)
        harness.at(ms(350)) { harness.tasks[2]?.cancel() }
        harness.load(1, on: session, at: ms(360), tag: 3)
        harness.drain()
        // The cancelled read keeps the disk until 400 ms (a running disk job is not preempted, as
        // for every disk read), so the third request reads 400–500 ms.
        #expect(harness.finished[2] == nil && harness.results[2] == nil)
        #expect(harness.tasks[2]?.isFinished == true)
        #expect(harness.finished[3] == ms(500))
        #expect(outcomes == [.completed, .cancelled, .completed])
        #expect(harness.network.fetchesStarted == 1)
    }
}
