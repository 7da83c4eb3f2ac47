import Testing
@testable import ScrollSimCore

/// Drives a `NetworkModel`: loads at given times, the events it schedules, finish times; with
/// `disk`, a one-queue disk (1 byte per µs, no latency) so its sessions' HTTP caches can be read
/// and written.
final class NetworkHarness {
    let scheduler = Scheduler()
    let context: SimContext
    let network: NetworkModel
    /// When each request (by tag) completed or failed.
    private(set) var finished: [Int: SimTime] = [:]
    /// How each request (by tag) ended.
    private(set) var results: [Int: NetworkResult] = [:]
    /// Tasks by tag, once their load ran.
    private(set) var tasks: [Int: NetworkTask] = [:]
    /// Disk jobs submitted (reads and writes), in order, with their durations (with `disk`).
    private(set) var diskJobs: [SimTime] = []
    /// The disk (with `disk`), or nil.
    private(set) var diskPool: ServerPool?

    /// A model of `config` whose image `i` has `bytesOfImage(i)` bytes (default 100 kB), with nothing
    /// loaded yet; with `disk`, the network reads and writes a disk (sessions with a URL cache get it).
    init(_ config: Scenario.Network, bytesOfImage: @escaping (Int) -> Int64 = { _ in 100_000 },
         disk: Bool = false) {
        context = SimContext(scheduler: scheduler)
        network = NetworkModel(context: context, config: config, streams: RandomStreams(seed: 1),
                               bytesOfImage: bytesOfImage)
        guard disk else { return }
        let pool = ServerPool(context: context, servers: 1, role: .disk)
        diskPool = pool
        network.diskIO = { [unowned self] bytes, completion in
            let duration = bytes * 1_000
            diskJobs.append(duration)
            return pool.submit(duration: duration, completion: completion)
        }
    }

    /// Loads `image` on `session` at `time`; the request is known by `tag` (default: the image).
    func load(_ image: Int, on session: NetworkSession, priority: RequestPriority = .normal, at time: SimTime,
              tag: Int? = nil) {
        let tag = tag ?? image
        scheduler.schedule(.deferred({ [self] in
            tasks[tag] = session.load(image, priority: priority) { [self] result in
                finished[tag] = scheduler.now
                results[tag] = result
            }
        }), at: time)
    }

    /// Keeps `task` under `tag` (for a load made outside `load(_:on:priority:at:tag:)`).
    func keep(_ task: NetworkTask, tag: Int) { tasks[tag] = task }

    /// The task kept under `tag`.
    func task(_ tag: Int) -> NetworkTask? { tasks[tag] }

    /// Runs `body` at `time` (a cancel, a priority change).
    func at(_ time: SimTime, _ body: @escaping () -> Void) {
        scheduler.schedule(.deferred(body), at: time)
    }

    /// Runs every event.
    func drain() {
        while let event = scheduler.next() {
            switch event {
            case .deferred(let body): body()
            case .networkSubmit(let id): network.submit(id)
            case .networkLatencyDone(let id): network.latencyDone(id)
            case .networkTransferCheck(let generation): network.transferCheck(generation)
            case .networkCacheAnswer(let id): network.cacheAnswered(id)
            case .networkConnectionReady(let c): network.connectionSetUp(c)
            case .networkCancel(let id): network.cancel(id)
            case .diskEnqueue(let id): diskPool?.enqueue(id)
            case .diskDone(let id): diskPool?.jobDone(id)
            case .diskCancel(let id): diskPool?.cancel(id)
            default: break
            }
        }
    }
}

/// Milliseconds as `SimTime`.
private func ms(_ value: SimTime) -> SimTime { value * SimDuration.millisecond }

/// Network model on hand-computed cases: constant latency 10 ms, 8 Mbit/s = 1 byte/µs, 100 kB
/// images (100 ms alone on the link).
@Suite struct NetworkModelTests {
    /// The cases' network: latency 10 ms, 8 Mbit/s, `maxConnections` 2, round trip `rttMs`.
    static func config(rttMs: Double, _ configure: (inout Scenario.Network) -> Void = { _ in }) -> Scenario.Network {
        var config = Scenario.Network()
        config.httpProtocol = .http1_1  // the connection behaviour the hand-computed cases assume
        config.latencyMsMedian = 10
        config.latencyMsP95 = 10
        config.bandwidthMbps = 8
        config.maxConnections = 2
        config.rttMs = rttMs
        configure(&config)
        return config
    }

    // MARK: Zero round trip: requests, link sharing, queueing

    @Test func oneTransferTakesLatencyPlusBytesOverBandwidth() {
        let harness = NetworkHarness(Self.config(rttMs: 0))
        let session = harness.network.sharedSession
        harness.load(1, on: session, at: 0)
        harness.drain()
        #expect(harness.finished[1] == ms(110))  // 10 ms + 100 kB at 1 B/µs
        #expect(harness.network.bytesDownloaded == 100_000)
        #expect(harness.network.fetchesStarted == 1)
    }

    @Test func concurrentTransfersShareBandwidthFairly() {
        // Given a transfer alone from 10 ms, and a second one whose transfer starts at 60 ms
        let harness = NetworkHarness(Self.config(rttMs: 0))
        let session = harness.network.sharedSession
        harness.load(1, on: session, at: 0)
        harness.load(2, on: session, at: ms(50))
        harness.drain()
        // Then the first has 50 kB left at 60 ms, shared at 0.5 B/µs: done at 160 ms;
        // the second got 50 kB by then and finishes alone 50 ms later.
        #expect(harness.finished[1] == ms(160))
        #expect(harness.finished[2] == ms(210))
    }

    @Test func queuedRequestsWaitForAConnectionByPriorityThenFIFO() {
        // Given two connections busy, then three queued requests of different priorities
        let harness = NetworkHarness(Self.config(rttMs: 0))
        let session = harness.network.sharedSession
        harness.load(1, on: session, at: 0)
        harness.load(2, on: session, at: 0)
        harness.load(3, on: session, priority: .low, at: 1)
        harness.load(4, on: session, priority: .high, at: 2)
        harness.load(5, on: session, priority: .low, at: 3)
        harness.drain()
        // 1 and 2 share the link: both done at 10 + 200 = 210 ms. Then 4 (high) and 3 (low, first
        // submitted) start at 210 ms and finish at 420 ms; 5 starts at 420 ms, alone: 530 ms.
        #expect(harness.finished[1] == ms(210) && harness.finished[2] == ms(210))
        #expect(harness.finished[4] == ms(420) && harness.finished[3] == ms(420))
        #expect(harness.finished[5] == ms(530))
    }

    @Test func aRaisedQueuedRequestKeepsItsSubmissionOrderAtItsNewPriority() {
        // Given one connection busy with 1, then 2 (low), 3 (normal), 4 (low) queued, and 2 raised to
        // normal at 5 ms: 2 was submitted before 3, so it goes first.
        let harness = NetworkHarness(Self.config(rttMs: 0) { $0.maxConnections = 1 })
        let session = harness.network.sharedSession
        harness.load(1, on: session, at: 0)
        harness.load(2, on: session, priority: .low, at: 1)
        harness.load(3, on: session, at: 2)
        harness.load(4, on: session, priority: .low, at: 3)
        harness.at(ms(5)) { harness.tasks[2]?.setPriority(.normal) }
        harness.drain()
        // Each request alone: 110 ms after the previous one ends.
        #expect(harness.finished[1] == ms(110))
        #expect(harness.finished[2] == ms(220))
        #expect(harness.finished[3] == ms(330))
        #expect(harness.finished[4] == ms(440))
    }

    @Test func cancellingATransferKeepsItsPartialBytes() {
        let harness = NetworkHarness(Self.config(rttMs: 0))
        harness.load(1, on: harness.network.sharedSession, at: 0)
        harness.at(ms(35)) { harness.tasks[1]?.cancel() }  // 25 ms into the transfer
        harness.drain()
        #expect(harness.finished[1] == nil)
        #expect(harness.network.bytesDownloaded == 25_000)
    }

    @Test func aTaskReportsTheBytesItReceivedAndTheLengthItsResponseAnnounced() {
        // Given a 100 kB image: no response before its first byte at 10 ms, then 1 byte per µs
        let harness = NetworkHarness(Self.config(rttMs: 0))
        harness.load(1, on: harness.network.sharedSession, at: 0)
        var seen: [(Int64, Int64)] = []
        let look = {
            let task = harness.tasks[1]!
            seen.append((task.countOfBytesReceived, task.countOfBytesExpectedToReceive))
        }
        harness.at(ms(5), look)
        harness.at(ms(20), look)
        // When it is cancelled at 35 ms, the counts stay where they were
        harness.at(ms(35)) { harness.tasks[1]?.cancel() }
        harness.at(ms(35), look)
        harness.at(ms(200), look)
        harness.drain()
        #expect(seen.map(\.0) == [0, 10_000, 25_000, 25_000])
        #expect(seen.map(\.1) == [0, 100_000, 100_000, 100_000])  // 0 before the response (assumed)
    }

    @Test func aRangeRequestTransfersTheRestOfTheImageAndBypassesTheHTTPCache() {
        // Given a session with a disk URL cache, and image 1 asked for from byte 25 000
        let harness = NetworkHarness(Self.config(rttMs: 0), disk: true)
        let cache = URLCacheConfiguration(name: "app", memoryCapacityBytes: 0, diskCapacityBytes: 100_000_000)
        let session = harness.network.makeSession(.init(name: "app", urlCache: cache))
        var result: NetworkResult?
        harness.at(0) {
            harness.keep(session.load(1, priority: .normal, rangeStart: 25_000) { result = $0 }, tag: 1)
        }
        harness.drain()
        // Then the 206 carries the 75 000 remaining bytes: 10 ms + 75 ms, and is not stored
        #expect(result == .success(bytes: 75_000))
        #expect(harness.task(1)?.countOfBytesReceived == 75_000)
        #expect(harness.task(1)?.countOfBytesExpectedToReceive == 75_000)
        #expect(harness.network.bytesDownloaded == 75_000)
        #expect(harness.scheduler.now == ms(85))
        #expect(!session.hasCachedResponse(for: 1) && harness.diskJobs.isEmpty)
    }

    @Test("a range request goes to the network even when the HTTP cache holds the whole image")
    func aRangeRequestIsNotAnsweredFromTheCache() {
        // Given image 2 downloaded whole (10 ms + 100 ms, stored at 110 ms), then asked for again
        // from byte 25 000 at 500 ms
        let harness = NetworkHarness(Self.config(rttMs: 0), disk: true)
        let cache = URLCacheConfiguration(name: "app", memoryCapacityBytes: 0, diskCapacityBytes: 100_000_000)
        let session = harness.network.makeSession(.init(name: "app", urlCache: cache))
        var whole: NetworkResult?, ranged: NetworkResult?
        harness.at(0) { harness.keep(session.load(2, priority: .normal) { whole = $0 }, tag: 1) }
        harness.at(ms(500)) {
            harness.keep(session.load(2, priority: .normal, rangeStart: 25_000) { ranged = $0 }, tag: 2)
        }
        harness.drain()
        // Then the cache held the response, but the 206 came from the network: 500 + 10 + 75 ms
        // (answered from the cache it would have been one disk read and no bytes downloaded)
        #expect(whole == .success(bytes: 100_000) && session.hasCachedResponse(for: 2))
        #expect(ranged == .success(bytes: 75_000))
        #expect(harness.network.bytesDownloaded == 175_000)
        #expect(harness.scheduler.now == ms(585))
    }

    @Test func aSecondCompleteDownloadOfAnImageIsADuplicate() {
        let harness = NetworkHarness(Self.config(rttMs: 0))
        let session = harness.network.sharedSession
        harness.load(7, on: session, at: 0)
        harness.load(7, on: session, at: ms(200), tag: 70)
        harness.drain()
        #expect(harness.network.duplicateDownloads == 1)
        #expect(harness.network.bytesDownloaded == 200_000)
    }

    // MARK: HTTP/1.1 connections (round trip 5 ms: setup 10 ms)

    @Test func http1SetsUpAConnectionReusesItAndSetsUpAgainAfterTheIdleTimeout() {
        // Given a session limited to one connection, a 5 ms round trip and a 1 s idle timeout
        let harness = NetworkHarness(Self.config(rttMs: 5) { $0.idleTimeoutSeconds = 1 })
        let session = harness.network.makeSession(.init(name: "one", httpMaximumConnectionsPerHost: 1))
        harness.load(1, on: session, at: 0)
        harness.load(2, on: session, at: ms(500))
        harness.load(3, on: session, at: ms(1_700))
        harness.load(4, on: session, at: ms(2_820))
        harness.drain()
        // 1: TCP 0–5 ms, TLS 5–10 ms, sent at 10, first byte at 20, 100 ms transfer: 120 ms.
        #expect(harness.finished[1] == ms(120))
        // 2: the connection has been idle 380 ms: reused, no setup. 500 + 10 + 100.
        #expect(harness.finished[2] == ms(610))
        // 3: idle 1090 ms > 1 s: closed; a new connection: 1700 + 10 + 10 + 100.
        #expect(harness.finished[3] == ms(1_820))
        // 4: idle exactly 1 s (not longer): still open, reused. 2820 + 10 + 100.
        #expect(harness.finished[4] == ms(2_930))
        #expect(harness.network.connectionsOpened == 2)
        #expect(harness.network.fetchesStarted == 4)
    }

    @Test func http1ConnectionPoolsArePerSessionEachWithItsOwnLimit() {
        // Given session A limited to 1 connection and session B to 2, five requests at 0
        let harness = NetworkHarness(Self.config(rttMs: 5))
        let a = harness.network.makeSession(.init(name: "A", httpMaximumConnectionsPerHost: 1))
        let b = harness.network.makeSession(.init(name: "B", httpMaximumConnectionsPerHost: 2))
        harness.load(1, on: a, at: 0)
        harness.load(2, on: a, at: 0)
        harness.load(3, on: b, at: 0)
        harness.load(4, on: b, at: 0)
        harness.load(5, on: b, at: 0)
        harness.drain()
        // Three connections open (A: 1, B: 2), ready at 10 ms: 1, 3 and 4 are sent; first bytes at
        // 20 ms; three transfers share the link (1/3 B/µs each): done at 20 + 300 = 320 ms.
        #expect(harness.finished[1] == ms(320) && harness.finished[3] == ms(320) && harness.finished[4] == ms(320))
        // At 320 ms A's connection takes 2 and one of B's takes 5 (reused): first bytes at 330 ms,
        // two transfers at 0.5 B/µs: done at 530 ms.
        #expect(harness.finished[2] == ms(530) && harness.finished[5] == ms(530))
        #expect(harness.network.connectionsOpened == 3)
        #expect(a.httpMaximumConnectionsPerHost == 1 && b.httpMaximumConnectionsPerHost == 2)
        // A session without a limit of its own takes the scenario's maxConnections.
        #expect(harness.network.sharedSession.httpMaximumConnectionsPerHost == 2)
    }

    @Test func cancellingASentHTTP1RequestClosesItsConnection() {
        // Given one connection carrying 1 while 2 waits, and 1 cancelled 30 ms into its transfer
        let harness = NetworkHarness(Self.config(rttMs: 5))
        let session = harness.network.makeSession(.init(name: "one", httpMaximumConnectionsPerHost: 1))
        harness.load(1, on: session, at: 0)
        harness.load(2, on: session, at: 0)
        harness.at(ms(50)) { harness.tasks[1]?.cancel() }
        harness.drain()
        // Then the connection closes at 50 ms and 2 pays a new setup: 50 + 10 + 10 + 100.
        #expect(harness.finished[1] == nil)
        #expect(harness.finished[2] == ms(170))
        #expect(harness.network.connectionsOpened == 2)
        #expect(harness.network.bytesDownloaded == 30_000 + 100_000)
    }

    @Test func aConnectionBeingSetUpServesWhicheverRequestIsFirstWhenItIsReady() {
        // Given one connection opening for 1 (low) when 2 (high) arrives during the setup
        let harness = NetworkHarness(Self.config(rttMs: 5))
        let session = harness.network.makeSession(.init(name: "one", httpMaximumConnectionsPerHost: 1))
        harness.load(1, on: session, priority: .low, at: 0)
        harness.load(2, on: session, priority: .high, at: ms(4))
        harness.drain()
        // Then at 10 ms the connection takes 2 (done 120 ms), and 1 follows on it (done 230 ms).
        #expect(harness.finished[2] == ms(120))
        #expect(harness.finished[1] == ms(230))
        #expect(harness.network.connectionsOpened == 1)
    }

    // MARK: HTTP/2 (round trip 5 ms: setup 10 ms)

    @Test func http2CarriesEveryRequestAsAStreamOnOneConnectionUpToTheStreamLimit() {
        // Given HTTP/2 with a 2-stream limit and a session whose HTTP/1.1 limit (1) must not apply
        let harness = NetworkHarness(Self.config(rttMs: 5) {
            $0.httpProtocol = .http2
            $0.maxConcurrentStreams = 2
        })
        let session = harness.network.makeSession(.init(name: "h2", httpMaximumConnectionsPerHost: 1))
        harness.load(1, on: session, at: 0)
        harness.load(2, on: session, at: 0)
        harness.load(3, on: session, at: 0)
        harness.drain()
        // One connection, ready at 10 ms: streams 1 and 2 (the limit); first bytes at 20 ms; they share
        // the link at 0.5 B/µs: done at 220 ms. Then 3 on the same connection: 220 + 10 + 100.
        #expect(harness.finished[1] == ms(220) && harness.finished[2] == ms(220))
        #expect(harness.finished[3] == ms(330))
        #expect(harness.network.connectionsOpened == 1)
    }

    @Test func http2ResetsACancelledStreamAndKeepsTheConnection() {
        // Given streams 1 and 2 sharing the link from 20 ms, 3 waiting for a stream, 1 cancelled at 120 ms
        let harness = NetworkHarness(Self.config(rttMs: 5) {
            $0.httpProtocol = .http2
            $0.maxConcurrentStreams = 2
        })
        let session = harness.network.makeSession(.init(name: "h2"))
        harness.load(1, on: session, at: 0)
        harness.load(2, on: session, at: 0)
        harness.load(3, on: session, at: 0)
        harness.at(ms(120)) { harness.tasks[1]?.cancel() }
        harness.drain()
        // At 120 ms 1 and 2 have 50 kB each. 3 is sent at once on the same connection; its first byte
        // comes at 130 ms, while 2 runs alone (60 kB by then). 2 and 3 share: 2's last 40 kB take
        // 80 ms (210 ms); 3 has 40 kB then and finishes its last 60 kB alone at 270 ms.
        #expect(harness.finished[1] == nil)
        #expect(harness.finished[2] == ms(210))
        #expect(harness.finished[3] == ms(270))
        #expect(harness.network.connectionsOpened == 1)
        #expect(harness.network.bytesDownloaded == 50_000 + 200_000)
    }

    @Test func http2ConnectionsArePerSessionAndCloseAfterTheIdleTimeout() {
        // Given two sessions on HTTP/2, a 1 s idle timeout
        let harness = NetworkHarness(Self.config(rttMs: 5) {
            $0.httpProtocol = .http2
            $0.idleTimeoutSeconds = 1
        })
        let a = harness.network.makeSession(.init(name: "A"))
        let b = harness.network.makeSession(.init(name: "B"))
        harness.load(1, on: a, at: 0)
        harness.load(2, on: b, at: 0)
        harness.load(3, on: a, at: ms(1_000))
        harness.load(4, on: a, at: ms(2_200))
        harness.drain()
        // 1 and 2 each on their session's connection (ready at 10 ms), sharing the link: 20 + 200.
        #expect(harness.finished[1] == ms(220) && harness.finished[2] == ms(220))
        // 3: A's connection idle 780 ms: reused. 1000 + 10 + 100.
        #expect(harness.finished[3] == ms(1_110))
        // 4: idle 1090 ms: closed, set up again. 2200 + 10 + 10 + 100.
        #expect(harness.finished[4] == ms(2_320))
        #expect(harness.network.connectionsOpened == 3)
    }

    @Test func offlineRequestsFailWithoutAConnection() {
        let harness = NetworkHarness(Self.config(rttMs: 5) { $0.offline = true })
        harness.load(1, on: harness.network.sharedSession, at: ms(3))
        harness.drain()
        #expect(harness.finished[1] == ms(3) && harness.results[1] == .failure)
        #expect(harness.network.connectionsOpened == 0 && harness.network.fetchesStarted == 0)
    }

    // MARK: The round trip

    @Test func theRoundTripIsTheLatencysFifthPercentileUnlessGiven() {
        var network = Scenario.Network()
        #expect(network.roundTrip == 16_000_000)  // 80² / 400 ms
        network.latencyMsMedian = 25
        network.latencyMsP95 = 120
        #expect(network.roundTrip == 5_208_333)  // 625 / 120 ms, to the nearest ns
        network.latencyMsMedian = 560
        network.latencyMsP95 = 1_600
        #expect(network.roundTrip == 196_000_000)
        network.rttMs = 42.5
        #expect(network.roundTrip == 42_500_000)
        network.rttMs = nil
        network.latencyMsMedian = 0
        network.latencyMsP95 = 0
        #expect(network.roundTrip == 0)
    }
}
