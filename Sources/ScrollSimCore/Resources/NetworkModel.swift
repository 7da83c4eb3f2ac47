/// Request priorities, as URLSession tasks and operation queues express them.
public enum RequestPriority: Int, Sendable, Comparable, CaseIterable {
    case veryLow, low, normal, high, veryHigh
    public static func < (a: RequestPriority, b: RequestPriority) -> Bool { a.rawValue < b.rawValue }
}

/// How a network request ended.
public enum NetworkResult: Sendable, Equatable {
    /// All `bytes` arrived.
    case success(bytes: Int64)
    /// The request failed (`failureRate`, `offline`).
    case failure
}

/// The random draws of one request: what common random numbers must keep equal across
/// strategies for the same image and attempt.
public struct NetworkDraw: Sendable, Equatable {
    public var imageID: Int
    /// How many requests for this image were sent before this one in the run.
    public var attempt: Int
    /// Time from sending the request on an open connection to its first byte (one round trip
    /// plus the server's time).
    public var latency: SimTime
    public var bytes: Int64
    public var fails: Bool
}

/// A network request as a strategy holds it (a `URLSessionTask`): a handle to the request in its
/// model (a value: copies refer to the same request, and making one allocates nothing).
public struct NetworkTask {
    /// Identity of the request within the run.
    public let id: Int
    /// The image requested.
    public let imageID: Int
    unowned(unsafe) let model: NetworkModel

    init(id: Int, imageID: Int, model: NetworkModel) {
        self.id = id
        self.imageID = imageID
        self.model = model
    }

    /// Whether the request completed, failed or was cancelled.
    public var isFinished: Bool { model.isFinished(id) }
    /// The request's current priority.
    public var priority: RequestPriority { model.priority(of: id) }
    /// `URLSessionTask.countOfBytesReceived`: body bytes received so far (at the clock's time, not
    /// a main-thread cursor ahead of it); after a cancel, those received when it took effect.
    public var countOfBytesReceived: Int64 { model.countOfBytesReceived(id) }
    /// `URLSessionTask.countOfBytesExpectedToReceive`: the response's `Content-Length` (for a range
    /// request, the remaining bytes; every response here has one) once the response began, 0 before
    /// (the property's initial value: swift-corelibs-foundation `URLSessionTask.swift` starts it at
    /// 0; Apple documents only that it comes from the response's `Content-Length`, else
    /// `NSURLSessionTransferSizeUnknown` (−1): assumed, docs/fidelity.md, `texture`).
    public var countOfBytesExpectedToReceive: Int64 { model.countOfBytesExpectedToReceive(id) }

    /// Cancels the request: a queued one is removed; one in progress stops and keeps the bytes
    /// already transferred in `bytes_downloaded`. Its completion is never called.
    public func cancel() {
        let model = self.model, id = self.id
        model.context.perform({ model.cancel(id) }, orQueue: { .networkCancel(id) })
    }

    /// Changes the priority; a queued request moves to its new place (FIFO by submission within a priority).
    public func setPriority(_ priority: RequestPriority) {
        let model = self.model, id = self.id
        model.context.perform({ model.setPriority(id, priority) }, orQueue: { .networkPriority(id, priority) })
    }
}


/// The network (docs/model.md, Resources): sessions with their own connection pools to the one
/// image host, over HTTP/1.1 or HTTP/2, and one link whose bandwidth every transfer shares.
///
/// A request's life: it waits in its session's queue (priority, then submission order), is sent
/// on a connection (HTTP/1.1: an idle open connection, else a new one once it is set up, while
/// the session has fewer than its per-host limit open; HTTP/2: a stream on the session's one
/// connection, up to `maxConcurrentStreams` at once), gets its first byte after its latency draw,
/// then receives its bytes over the shared link (`SharedLink`). Its connection (or stream) is then
/// free for the next request. Cancelling a sent HTTP/1.1 request closes its connection; an HTTP/2
/// stream is reset and the connection stays.
///
/// Connection setup takes two round trips before the first request is sent: TCP's three-way
/// handshake (RFC 9293 §3.5) and TLS 1.3's full handshake (RFC 8446 §2). The round trip is
/// `Scenario.Network.roundTrip`. Late binding: a connection is not set up for one request; when
/// it is ready it takes whichever request is first in the queue then, and a session opens a
/// connection only while more requests wait than connections are being set up.
///
/// Keep-alive: a connection with nothing in flight closes once it has been idle for more than
/// `idleTimeoutSeconds` (so 0 keeps it only for requests already waiting when it frees). The
/// check is lazy (when its session next needs a connection), so it needs no event.
/// HTTP/1.1 reuses the idle connection that became idle last.
///
/// The radio (docs/model.md, "Radio energy"): every connection setup and response transfer is
/// activity for `RadioEnergyMeter`, and every request sent or error response an instant of it.
/// With `network.promotionDelay`, a session that has requests to send while the radio needs a
/// promotion waits for it (`dispatch`); sessions then resume in the order they started waiting.
///
/// Random draws (common random numbers): a request's latency and failure come from
/// `("latency", image, attempt)` and `("failure", image, attempt)` when it is sent, `attempt`
/// counting the requests for that image sent before in the run; connection setup draws nothing.
/// Every order is insertion order: no dictionary is iterated.
///
/// Memory follows what is live at once, not the run's length: a request's record is recycled once
/// it ended (its handle then reads a 16-byte ledger entry). Functions taking `id` take a request
/// id (what handles and events carry); those taking `r`, a live request's slot in `requests`.
final class NetworkModel {
    /// Where a request is.
    private enum State { case unsubmitted, queued, awaitingFirstByte, transferring, readingCache, finished }

    /// One request (a data task) while it is live, in its slot of `requests`.
    private struct Request: FreeListLinked {
        /// Its id (its number in the run: the index of its `Ledger`).
        var id: Int
        /// The image.
        var imageID: Int
        /// Its encoded size.
        var bytes: Int64
        /// Its priority now.
        var priority: RequestPriority
        /// The session it belongs to.
        var session: Int
        /// Where it is.
        var state: State = .unsubmitted
        /// Called once when it ends (nil once called or cancelled).
        var completion: ((NetworkResult) -> Void)?
        /// Told once when it ends, instead of a completion (nil once told or cancelled).
        var target: (any NetworkLoadTarget)?
        /// The target's tag for it.
        var tag = 0
        /// Its ticket in the session's queue (−1 before); while the slot is free, the next free slot.
        var ticket = -1
        /// The connection it was sent on (−1 before).
        var connection = -1
        /// Its HTTP/2 stream lane on that connection (traces only; −1 otherwise).
        var lane = -1
        /// Its transfer on the link (−1 before).
        var transfer = -1
        /// Whether it fails at its first byte (drawn when sent).
        var fails = false
        /// When it was sent.
        var sent: SimTime = 0
        /// When its first byte arrived (−1 before).
        var firstByte: SimTime = -1
        /// When the task was resumed (`TaskMetrics.fetchStart`).
        var fetchStart: SimTime = 0
        /// Whether it went out on a connection that had carried an earlier request.
        var isReusedConnection = false
        /// Its read of the HTTP cache's disk tier (`.readingCache` from the disk; nil otherwise).
        var cacheRead: PoolTask?
        /// The first byte asked for (`Range: bytes=N-`), 0 for the whole image. A ranged request's
        /// response is a 206 of the remaining bytes: `bytes` is the image's size less this.
        var rangeStart: Int64 = 0
        /// Body bytes received by the time it ended (all of them when it completed).
        var received: Int64 = 0

        /// The free list's link: `ticket`.
        var nextFreeSlot: Int {
            get { ticket }
            set { ticket = newValue }
        }
    }

    /// What a request's handle (`NetworkTask`) reads, by request id: the request's slot in
    /// `requests` while it is live, else what it ended with (a handle may be read after its request
    /// ended, as a `URLSessionTask` can, and then its slot may hold a later request).
    private struct Ledger {
        /// −1 − slot while the request is live; once it ended (retired), the body bytes it received.
        var slotOrReceived: Int64
        /// Once it ended: the response's announced length (0 without a response) times 8, plus its
        /// priority's raw value.
        var ended: Int64 = 0
    }

    /// One session's pool.
    private struct Session {
        /// Its name (traces).
        var name: String
        /// Its per-host connection limit (HTTP/1.1).
        var limit: Int
        /// Requests waiting for a connection or stream.
        var queue = RequestQueue()
        /// Connections open or being set up.
        var openConnections = 0
        /// Connections being set up.
        var connecting = 0
        /// HTTP/1.1: idle open connections in the order they became idle, from `idleHead` (a buffer
        /// only this session holds: a change pays no uniqueness check).
        let idle = RecordBuffer<Int>()
        /// The first live index of `idle`.
        var idleHead = 0
        /// HTTP/2: the session's connection to the host, or −1.
        var http2Connection = -1
        /// Connection slots in use (traces only).
        var slotInUse: [Bool] = []
        /// Receives each ended request's metrics (the delegate's `didFinishCollecting`), or nil.
        var metricsHandler: ((TaskMetrics) -> Void)?
        /// Its HTTP cache (an index into `httpCaches`), or −1 for none.
        var cache = -1
        /// Whether its requests read the cache (`URLCacheConfiguration.readsCache`; false without one).
        var cacheReads = false
        /// Whether its downloads are stored (`URLCacheConfiguration.storesResponses`; false without one).
        var cacheStores = false
    }

    /// One connection to the host.
    private struct Connection {
        /// The session that owns it.
        var session: Int
        /// Its slot in the session (traces only; −1 when not traced).
        var slot: Int
        /// Whether its setup is done.
        var isReady = false
        /// Whether it is closed.
        var isClosed = false
        /// Requests (HTTP/1.1: at most 1) or streams (HTTP/2) in flight on it.
        var inFlight = 0
        /// When it last had nothing in flight.
        var idleSince: SimTime = 0
        /// HTTP/2 stream lanes in use (traces only).
        var laneInUse: [Bool] = []
        /// When its setup started.
        var setupStart: SimTime = 0
        /// When its setup is (or was) done.
        var setupEnd: SimTime = 0
        /// Requests (or streams) sent on it so far.
        var requestsCarried = 0
    }

    /// The run's clock and main-thread cursor.
    let context: SimContext
    /// The scenario's network section.
    private let config: Scenario.Network
    /// One round trip of the path.
    let roundTrip: SimTime
    /// How long an idle connection stays open.
    let idleTimeout: SimTime
    /// lognormal(`latencyMsMedian`, `latencyMsP95`), or nil when every latency is the median
    /// (no spread, or a median ≤ 0).
    private let latencyMs: Lognormal?
    /// Latency draws, keyed by (image, attempt).
    private let latencyStream: RandomStream
    /// Failure draws, keyed by (image, attempt).
    private let failureStream: RandomStream
    /// Each image's encoded size.
    private let bytesOfImage: (Int) -> Int64
    /// The device's link.
    @exclusivity(unchecked) private var link: SharedLink
    /// The live requests, by slot: a request takes a free slot (the last freed first), else a new
    /// one, and frees it once it ended and nothing reads it any more (`retire`), so the buffer
    /// holds as many requests as were ever live at once. Only `ledger` knows a request's slot.
    private let requests = RecordBuffer<Request>()
    /// The free slots of `requests`.
    @exclusivity(unchecked) private var freeSlots = FreeList()
    /// Every request of the run, by id (ids number requests in the order made): its slot, or what
    /// its handle reads once it ended. Events and handles carry ids, so a late one (a cancelled
    /// request's first byte, a cancel after the end) finds its request ended, never a later one.
    private let ledger = RecordBuffer<Ledger>()
    /// The sessions, in the order they were made.
    private let sessions = RecordBuffer<Session>()
    /// Every connection of the run, in the order opened.
    private let connections = RecordBuffer<Connection>()
    /// Storage for `transferCheck`'s finished transfers (their requests' ids), kept between checks.
    private let finishedTransfers = RecordBuffer<Int>()
    /// The current transfer check; older ones are stale.
    @exclusivity(unchecked) private var generation: UInt64 = 0
    /// Per image id: the requests sent so far for it (the next attempt number) times 2, plus 1 once
    /// it was downloaded completely. Paged (a lookup is two loads, no hash): memory follows the pages
    /// of the images requested, 256 bytes a page of 64 ids. Looked up, never iterated.
    private let imageRequests = PagedSlotTable<UInt32>(empty: 0)
    /// `URLSession.shared`, made at first use.
    private var shared: NetworkSession?
    /// The run's `URLCache` instances, in the order first named (sessions share them by name).
    @exclusivity(unchecked) private var httpCaches: [HTTPCache] = []
    /// Reads or writes bytes on the device's disk (the simulator's disk model; docs/model.md,
    /// Resources). nil (a network alone, in unit tests): sessions get no HTTP cache.
    var diskIO: ((_ bytes: Int64, _ completion: @escaping () -> Void) -> PoolTask)?
    /// Writes bytes on the device's disk with nobody waiting for the write (a stored response),
    /// as `diskIO` would with an empty completion, without making a task or a closure per write.
    /// nil: writes go through `diskIO`.
    var diskWrite: ((_ bytes: Int64) -> Void)?
    /// The app's footprint, charged with the bytes of the HTTP caches' memory tiers (set before the
    /// first session is made; nil, in unit tests: not charged).
    var footprint: MemoryLedger?
    /// The radio's state machine and energy.
    @exclusivity(unchecked) private var radio: RadioEnergyMeter
    /// Sessions waiting for the radio's promotion, in the order they started waiting.
    @exclusivity(unchecked) private var sessionsAwaitingRadio: [Int] = []
    /// Whether the event that resumes `sessionsAwaitingRadio` is scheduled.
    @exclusivity(unchecked) private var isRadioWakeScheduled = false

    /// Receives connection setups and each request's time on its connection (traces).
    weak var observer: (any RunObserver)? {
        didSet { hasObserver = observer != nil }
    }
    /// Whether an observer was set: without one (most runs) the weak reference is never loaded.
    @exclusivity(unchecked) private var hasObserver = false
    /// When set, every request's random draws are appended (tests, request traces).
    @exclusivity(unchecked) var drawLog: [NetworkDraw]?
    /// Requests sent.
    private(set) var fetchesStarted = 0
    /// Connections opened (set up).
    private(set) var connectionsOpened = 0
    /// Bytes transferred, partial transfers included.
    private(set) var bytesDownloaded: Int64 = 0
    /// Completed downloads of an image already downloaded earlier in the run.
    private(set) var duplicateDownloads = 0
    /// Tasks answered by an HTTP cache (no connection, no transfer).
    private(set) var cacheAnswers = 0

    /// A network of `config` on `context`'s clock, drawing from `streams`.
    /// Releases the ends of the requests still live, uncalled (the run ended: they never end;
    /// `FetchStrategy`, "Lifetime"). Their completions and targets may hold the strategy, which
    /// holds what holds this model, a cycle only their end would break.
    func dropPendingWork() {
        for slot in 0..<requests.count {
            requests[slot].completion = nil
            requests[slot].target = nil
        }
    }

    init(context: SimContext, config: Scenario.Network, streams: RandomStreams,
         bytesOfImage: @escaping (Int) -> Int64) {
        self.context = context
        self.config = config
        self.roundTrip = config.roundTrip
        self.idleTimeout = SimDuration.seconds(config.idleTimeoutSeconds)
        self.latencyMs = config.latencyMsMedian <= 0 || config.latencyMsP95 <= config.latencyMsMedian
            ? nil : Lognormal(median: config.latencyMsMedian, p95: config.latencyMsP95)
        self.latencyStream = streams.stream("latency")
        self.failureStream = streams.stream("failure")
        self.link = SharedLink(bandwidthMbps: config.bandwidthMbps)
        self.bytesOfImage = bytesOfImage
        self.radio = RadioEnergyMeter(profile: RadioProfile(config.radio))
    }

    // MARK: Sessions and requests

    /// A new session with its own connection pool.
    func makeSession(_ configuration: NetworkSession.Configuration) -> NetworkSession {
        let limit = max(1, configuration.httpMaximumConnectionsPerHost ?? config.maxConnections)
        var session = Session(name: configuration.name, limit: limit)
        if let cache = configuration.urlCache, diskIO != nil {
            session.cache = httpCacheIndex(cache)
            session.cacheReads = cache.readsCache
            session.cacheStores = cache.storesResponses
        }
        sessions.append(session)
        return NetworkSession(name: configuration.name, httpMaximumConnectionsPerHost: limit, model: self,
                              index: sessions.count - 1)
    }

    /// `URLSession.shared`: one session of the run, with the default per-host limit.
    var sharedSession: NetworkSession {
        if let shared { return shared }
        let session = makeSession(.init(name: "URLSession.shared", urlCache: .shared))
        shared = session
        return session
    }

    /// Starts a request for `imageID` on `session` (deferred to the caller's time when on the main thread);
    /// with `rangeStart` > 0 only the bytes from `rangeStart` on (a range request the server answers
    /// with 206: docs/model.md, Resources), which is neither answered from nor stored in an HTTP cache.
    func load(imageID: Int, priority: RequestPriority, session: Int, rangeStart: Int64 = 0,
              completion: @escaping (NetworkResult) -> Void) -> NetworkTask {
        let size = bytesOfImage(imageID)
        precondition(rangeStart >= 0 && (rangeStart == 0 || rangeStart < size),
                     "range start \(rangeStart) outside image \(imageID) of \(size) bytes")
        let r = place(Request(id: ledger.count, imageID: imageID, bytes: size - rangeStart, priority: priority,
                              session: session, completion: completion, fetchStart: context.now,
                              rangeStart: rangeStart))
        return started(r, imageID: imageID, session: session, isRanged: rangeStart > 0)
    }

    /// `load(imageID:priority:session:completion:)` whose end tells `target` (with `tag`) instead
    /// of calling a completion.
    func load(imageID: Int, priority: RequestPriority, session: Int, target: any NetworkLoadTarget,
              tag: Int) -> NetworkTask {
        let r = place(Request(id: ledger.count, imageID: imageID, bytes: bytesOfImage(imageID), priority: priority,
                              session: session, target: target, tag: tag, fetchStart: context.now))
        return started(r, imageID: imageID, session: session, isRanged: false)
    }

    /// `load(imageID:priority:session:target:tag:)` for the bytes from `rangeStart` on (see
    /// `load(imageID:priority:session:rangeStart:completion:)`).
    func load(imageID: Int, priority: RequestPriority, session: Int, rangeStart: Int64,
              target: any NetworkLoadTarget, tag: Int) -> NetworkTask {
        let size = bytesOfImage(imageID)
        precondition(rangeStart >= 0 && (rangeStart == 0 || rangeStart < size),
                     "range start \(rangeStart) outside image \(imageID) of \(size) bytes")
        let r = place(Request(id: ledger.count, imageID: imageID, bytes: size - rangeStart, priority: priority,
                              session: session, target: target, tag: tag, fetchStart: context.now,
                              rangeStart: rangeStart))
        return started(r, imageID: imageID, session: session, isRanged: rangeStart > 0)
    }

    /// Puts `request`, just made (its id the next), in a slot (the free one freed last, else a new
    /// one) and enters it in the ledger; returns the slot.
    @inline(__always)
    private func place(_ request: __owned Request) -> Int {
        guard let r = freeSlots.take(from: requests) else {
            ledger.append(Ledger(slotOrReceived: -1 - Int64(requests.count)))
            requests.append(request)
            return requests.count - 1
        }
        ledger.append(Ledger(slotOrReceived: -1 - Int64(r)))
        // The retired request there holds no reference (its completion and target were taken or
        // dropped, its cache read ended): overwriting it releases nothing it would have.
        requests.overwrite(r, with: request)
        return r
    }

    /// Request `r` (a slot), just placed, is resumed: answered from its session's HTTP cache, or
    /// submitted at the caller's time.
    @inline(__always)
    private func started(_ r: Int, imageID: Int, session: Int, isRanged: Bool) -> NetworkTask {
        let id = ledger.count - 1
        let task = NetworkTask(id: id, imageID: imageID, model: self)
        if sessions[session].cache >= 0 && !isRanged && answerFromCache(r) {
            return task
        }
        context.perform({ submit(id) }, orQueue: { .networkSubmit(id) })
        return task
    }

    /// Slots of request records the run has made: as many as were ever live at once (tests).
    var requestSlotCount: Int { requests.count }
    /// Slots of the link's transfer records (tests).
    var transferSlotCount: Int { link.transferSlotCount }
    /// Ticket records of session `s`'s queue (tests).
    func ticketRecordCount(ofSession s: Int) -> Int { sessions[s].queue.ticketRecordCount }

    /// Request `id`'s slot in `requests`, or nil once it ended and was retired.
    @inline(__always)
    private func slot(of id: Int) -> Int? {
        let slotOrReceived = ledger[id].slotOrReceived
        return slotOrReceived < 0 ? Int(-1 - slotOrReceived) : nil
    }

    /// Request `r` (a slot) ended and nothing of the model reads it any more: its handle's reads
    /// move to its ledger entry and its slot is free for a later request.
    private func retire(_ r: Int) {
        let expected = countOfBytesExpectedToReceive(slot: r)
        ledger[requests[r].id] = Ledger(slotOrReceived: requests[r].received,
                                        ended: expected << 3 | Int64(requests[r].priority.rawValue))
        assert(requests[r].completion == nil && requests[r].target == nil && requests[r].cacheRead == nil)
        freeSlots.free(r, in: requests)
    }

    /// Whether request `id` completed, failed or was cancelled.
    func isFinished(_ id: Int) -> Bool {
        guard let r = slot(of: id) else { return true }
        return requests[r].state == .finished
    }

    /// Request `id`'s priority now.
    func priority(of id: Int) -> RequestPriority {
        guard let r = slot(of: id) else { return RequestPriority(rawValue: Int(ledger[id].ended & 7))! }
        return requests[r].priority
    }

    /// Body bytes request `id` has received by now: while it transfers, as a cancel now would count
    /// them; once it ended, what it had received then.
    func countOfBytesReceived(_ id: Int) -> Int64 {
        guard let r = slot(of: id) else { return ledger[id].slotOrReceived }
        return requests[r].state == .transferring
            ? link.bytesReceived(by: requests[r].transfer, at: context.scheduler.now) : requests[r].received
    }

    /// The body length request `id`'s response announced (its `Content-Length`: the remaining bytes
    /// of a range request), or 0 before a response (and for a request that ended without one).
    func countOfBytesExpectedToReceive(_ id: Int) -> Int64 {
        guard let r = slot(of: id) else { return ledger[id].ended >> 3 }
        return countOfBytesExpectedToReceive(slot: r)
    }

    /// `countOfBytesExpectedToReceive(_:)` of the request in slot `r`.
    private func countOfBytesExpectedToReceive(slot r: Int) -> Int64 {
        switch requests[r].state {
        case .transferring: return requests[r].bytes
        case .finished where requests[r].firstByte >= 0 || requests[r].received > 0: return requests[r].bytes
        default: return 0
        }
    }

    /// Request `id` reaches the network (at the caller's time): queued in its session, then sent
    /// when a connection or stream is free.
    func submit(_ id: Int) {
        // (Not live, or not unsubmitted: cancelled before submission.)
        guard let r = slot(of: id), requests[r].state == .unsubmitted else { return }
        requests[r].state = .queued
        if config.offline {
            // Fails at once, but as an event: a completion never runs inside the `load` call that
            // started it (a strategy that retries on failure would otherwise recurse).
            context.schedule(.deferred({ [self] in
                guard let r = slot(of: id), requests[r].state == .queued else { return }
                finish(r, .failure)
                retire(r)
            }), at: context.scheduler.now)
            return
        }
        let session = requests[r].session
        requests[r].ticket = sessions[session].queue.push(r, priority: requests[r].priority)
        dispatch(session)
    }

    // MARK: Connections

    /// Sends what session `s` can send now, and opens the connections it needs; with
    /// `promotionDelay`, first waits for the radio when it needs a promotion.
    private func dispatch(_ s: Int) {
        if config.promotionDelay && !sessions[s].queue.isEmpty {
            let now = context.scheduler.now
            let ready = radio.readyTime(at: now)
            if ready > now {
                awaitRadio(s, until: ready)
                return
            }
        }
        switch config.httpProtocol {
        case .http1_1: dispatchHTTP1(s)
        case .http2: dispatchHTTP2(s)
        }
    }

    /// Session `s` waits for the radio's promotion, which ends at `ready`; the sessions waiting
    /// resume then, in the order they started waiting.
    private func awaitRadio(_ s: Int, until ready: SimTime) {
        if !sessionsAwaitingRadio.contains(s) { sessionsAwaitingRadio.append(s) }
        guard !isRadioWakeScheduled else { return }
        isRadioWakeScheduled = true
        context.schedule(.deferred({ [self] in
            isRadioWakeScheduled = false
            let waiting = sessionsAwaitingRadio
            sessionsAwaitingRadio.removeAll()
            for session in waiting { dispatch(session) }
        }), at: ready)
    }

    /// HTTP/1.1: idle connections take waiting requests; then connections open while more requests
    /// wait than are being set up, up to the session's limit.
    private func dispatchHTTP1(_ s: Int) {
        closeExpiredIdleConnections(of: s)
        while !sessions[s].queue.isEmpty {
            if let c = takeIdleConnection(of: s) {
                guard let r = sessions[s].queue.popFirst() else { return }
                send(r, on: c)
            } else if sessions[s].queue.count > sessions[s].connecting
                        && sessions[s].openConnections < sessions[s].limit {
                openConnection(for: s)  // with a zero round trip it is idle at once: the loop uses it
            } else {
                return
            }
        }
    }

    /// HTTP/2: one connection per session; waiting requests become streams on it up to the
    /// server's stream limit.
    private func dispatchHTTP2(_ s: Int) {
        var c = sessions[s].http2Connection
        if c >= 0 && connections[c].isReady && connections[c].inFlight == 0
            && connections[c].idleSince + idleTimeout < context.scheduler.now {
            close(c)
            sessions[s].http2Connection = -1
            c = -1
        }
        guard !sessions[s].queue.isEmpty else { return }
        if c < 0 {
            c = openConnection(for: s)
            sessions[s].http2Connection = c
        }
        guard connections[c].isReady else { return }
        while connections[c].inFlight < config.maxConcurrentStreams, let r = sessions[s].queue.popFirst() {
            send(r, on: c)
        }
    }

    /// Opens a connection for session `s`: ready at once with a zero round trip, else after the
    /// TCP and TLS handshakes. Returns it.
    @discardableResult
    private func openConnection(for s: Int) -> Int {
        let c = connections.count
        let now = context.scheduler.now
        var slot = -1
        if hasObserver && observer != nil {
            slot = Self.takeLowestFree(&sessions[s].slotInUse)
        }
        let setup = 2 * roundTrip
        connections.append(Connection(session: s, slot: slot, setupStart: now, setupEnd: now + setup))
        sessions[s].openConnections += 1
        connectionsOpened += 1
        observer?.connectionOpened(ConnectionSetup(
            session: s, sessionName: sessions[s].name, httpProtocol: config.httpProtocol, connection: slot,
            start: now, tcpEnd: now + roundTrip, end: now + setup))
        radio.begin(at: now)  // the handshakes' packets, one round trip after another
        if setup == 0 {
            radio.end(at: now)
            becomeReady(c)
        } else {
            sessions[s].connecting += 1
            context.schedule(.networkConnectionReady(c), at: now + setup)
        }
        return c
    }

    /// Connection `c`'s handshakes ended: it is ready, and its session sends what it can.
    func connectionSetUp(_ c: Int) {
        let s = connections[c].session
        radio.end(at: context.scheduler.now)
        sessions[s].connecting -= 1
        becomeReady(c)
        dispatch(s)
    }

    /// Connection `c`'s setup is done: it is idle until a request takes it.
    private func becomeReady(_ c: Int) {
        connections[c].isReady = true
        becomeIdle(c)
    }

    /// Connection `c` has nothing in flight from now.
    private func becomeIdle(_ c: Int) {
        connections[c].idleSince = context.scheduler.now
        if config.httpProtocol == .http1_1 { sessions[connections[c].session].idle.append(c) }
    }

    /// The HTTP/1.1 connection of `s` that became idle last, taken out of the idle list.
    private func takeIdleConnection(of s: Int) -> Int? {
        guard sessions[s].idle.count > sessions[s].idleHead else { return nil }
        let c = sessions[s].idle.removeLast()
        if sessions[s].idle.count == sessions[s].idleHead && sessions[s].idleHead > 0 {
            sessions[s].idle.removeAll()
            sessions[s].idleHead = 0
        }
        return c
    }

    /// Closes the idle HTTP/1.1 connections of `s` whose idle timeout has passed (the oldest first).
    private func closeExpiredIdleConnections(of s: Int) {
        let now = context.scheduler.now
        while sessions[s].idleHead < sessions[s].idle.count {
            let c = sessions[s].idle[sessions[s].idleHead]
            guard connections[c].idleSince + idleTimeout < now else { break }
            sessions[s].idleHead += 1
            close(c)
        }
        if sessions[s].idle.isEmpty {
            return  // nothing to drop (most calls)
        } else if sessions[s].idleHead == sessions[s].idle.count {
            sessions[s].idle.removeAll()
            sessions[s].idleHead = 0
        } else if sessions[s].idleHead > 1024 && sessions[s].idleHead * 2 > sessions[s].idle.count {
            sessions[s].idle.removeFirst(sessions[s].idleHead)
            sessions[s].idleHead = 0
        }
    }

    /// Closes connection `c` (it is idle, or its one HTTP/1.1 request was abandoned).
    private func close(_ c: Int) {
        let s = connections[c].session
        connections[c].isClosed = true
        sessions[s].openConnections -= 1
        if connections[c].slot >= 0 { sessions[s].slotInUse[connections[c].slot] = false }
    }

    // MARK: Requests on connections

    /// Sends request `r` (a slot) on connection `c`: draws its latency and failure, and waits for its first byte.
    private func send(_ r: Int, on c: Int) {
        connections[c].inFlight += 1
        requests[r].isReusedConnection = connections[c].requestsCarried > 0
        connections[c].requestsCarried += 1
        requests[r].connection = c
        requests[r].state = .awaitingFirstByte
        fetchesStarted += 1
        let now = context.scheduler.now
        requests[r].sent = now
        radio.instant(at: now)  // the request's packets
        if hasObserver && observer != nil && config.httpProtocol == .http2 {
            requests[r].lane = Self.takeLowestFree(&connections[c].laneInUse)
        }
        let imageID = requests[r].imageID
        let requestsOfImage = imageRequests.slot(imageID)
        let attempt = Int(requestsOfImage.pointee >> 1)
        requestsOfImage.pointee += 2
        let u = latencyStream.uniformOpen(Int64(imageID), Int64(attempt))
        let latencyMs = self.latencyMs.map { $0.quantile(u) } ?? config.latencyMsMedian
        requests[r].fails = config.failureRate > 0
            && failureStream.uniform(Int64(imageID), Int64(attempt)) < config.failureRate
        let latency = SimDuration.saturating(nanoseconds: latencyMs * 1_000_000)
        drawLog?.append(NetworkDraw(imageID: imageID, attempt: attempt, latency: latency,
                                    bytes: requests[r].bytes, fails: requests[r].fails))
        context.schedule(.networkLatencyDone(requests[r].id), at: now + latency)
    }

    /// The first byte of `id` is due: it fails, or its transfer begins.
    func latencyDone(_ id: Int) {
        guard let r = slot(of: id), requests[r].state == .awaitingFirstByte else { return }
        if requests[r].fails {
            radio.instant(at: context.scheduler.now)  // the error response
            endSpan(r, .failed)
            release(r)
            finish(r, .failure)
            retire(r)
            return
        }
        let now = context.scheduler.now
        requests[r].firstByte = now
        requests[r].state = .transferring
        requests[r].transfer = link.start(bytes: requests[r].bytes, at: now, owner: requests[r].id)
        radio.begin(at: now)
        rescheduleTransferCheck()
    }

    /// A transfer check fired: completes every transfer whose bytes have all arrived.
    func transferCheck(_ checkGeneration: UInt64) {
        guard checkGeneration == generation else { return }
        // The finished transfers, in a buffer kept between checks (a check runs from its own event,
        // never inside the completions below, so nothing refills the buffer while they run).
        link.takeFinished(at: context.scheduler.now, into: finishedTransfers)
        for index in 0..<finishedTransfers.count {
            guard let r = slot(of: finishedTransfers[index]) else { continue }
            bytesDownloaded += requests[r].bytes
            radio.end(at: context.scheduler.now)
            radio.received(bytes: requests[r].bytes)
            let imageID = requests[r].imageID
            let requestsOfImage = imageRequests.slot(imageID)
            if requestsOfImage.pointee & 1 != 0 { duplicateDownloads += 1 } else { requestsOfImage.pointee |= 1 }
            endSpan(r, .completed)
            release(r)
            finish(r, .success(bytes: requests[r].bytes))
            // Stored in the same instant, after its completion ran (docs/model.md, Resources); a 206
            // (range request) is not.
            if sessions[requests[r].session].cache >= 0 && requests[r].rangeStart == 0 { storeInCache(r) }
            retire(r)
        }
        rescheduleTransferCheck()
    }

    /// Cancels request `id`: a queued one leaves the queue; a sent one stops (an HTTP/1.1
    /// connection closes), keeping the bytes received in `bytesDownloaded`. No completion runs.
    func cancel(_ id: Int) {
        guard let r = slot(of: id) else { return }
        switch requests[r].state {
        case .finished:
            return
        case .unsubmitted:
            requests[r].state = .finished
            dropCompletion(r)
            reportCancelled(r, bytesReceived: 0)
        case .queued:
            sessions[requests[r].session].queue.remove(requests[r].ticket)
            requests[r].state = .finished
            dropCompletion(r)
            reportCancelled(r, bytesReceived: 0)
        case .awaitingFirstByte:
            requests[r].state = .finished
            dropCompletion(r)
            endSpan(r, .cancelled, bytes: 0)
            reportCancelled(r, bytesReceived: 0)
            abandon(r)
        case .transferring:
            let received = link.cancel(requests[r].transfer, at: context.scheduler.now)
            requests[r].received = received
            bytesDownloaded += received
            radio.end(at: context.scheduler.now)
            radio.received(bytes: received)
            endSpan(r, .cancelled, bytes: received)
            requests[r].state = .finished
            dropCompletion(r)
            reportCancelled(r, bytesReceived: received)
            abandon(r)
            rescheduleTransferCheck()
        case .readingCache:
            requests[r].cacheRead?.cancel()
            requests[r].cacheRead = nil
            requests[r].state = .finished
            dropCompletion(r)
            reportCancelled(r, bytesReceived: 0)
        }
        retire(r)
    }

    /// Changes request `id`'s priority; a queued one moves, keeping its submission rank.
    func setPriority(_ id: Int, _ priority: RequestPriority) {
        guard let r = slot(of: id), requests[r].priority != priority, requests[r].state != .finished else { return }
        requests[r].priority = priority
        guard requests[r].state == .queued, requests[r].ticket >= 0 else { return }
        sessions[requests[r].session].queue.move(requests[r].ticket, to: priority)
    }

    /// Request `r` (a slot) ended normally (completed or failed): its connection or stream is free.
    private func release(_ r: Int) {
        let c = requests[r].connection
        connections[c].inFlight -= 1
        if requests[r].lane >= 0 { connections[c].laneInUse[requests[r].lane] = false }
        if connections[c].inFlight == 0 { becomeIdle(c) }
        dispatch(connections[c].session)
    }

    /// Sent request `r` (a slot) was cancelled: HTTP/1.1 closes its connection (the response cannot be
    /// skipped on a connection that carries one response after another); HTTP/2 resets the stream.
    private func abandon(_ r: Int) {
        guard config.httpProtocol == .http1_1 else {
            release(r)
            return
        }
        let c = requests[r].connection
        connections[c].inFlight -= 1
        close(c)
        dispatch(connections[c].session)
    }

    /// Reports request `r`'s time on its connection to the observer.
    private func endSpan(_ r: Int, _ outcome: ConnectionOutcome, bytes: Int64? = nil) {
        guard hasObserver, let observer else { return }
        let request = requests[r]
        let now = context.scheduler.now
        observer.connectionEnded(ConnectionSpan(
            session: request.session, connection: connections[request.connection].slot, stream: request.lane,
            imageID: request.imageID, start: request.sent,
            firstByte: request.firstByte >= 0 ? request.firstByte : now, end: now,
            bytes: bytes ?? (outcome == .completed ? request.bytes : 0), outcome: outcome))
    }

    /// Request `r` (a slot) was cancelled: neither its completion nor its target is ever called.
    @inline(__always)
    private func dropCompletion(_ r: Int) {
        requests[r].completion = nil
        requests[r].target = nil
    }

    /// Ends request `r` (a slot): its session's metrics handler receives its metrics, then its
    /// completion is called with `result` (URLSession's order: `didFinishCollecting`, then
    /// `didCompleteWithError`).
    private func finish(_ r: Int, _ result: NetworkResult) {
        requests[r].state = .finished
        if case .success(let bytes) = result { requests[r].received = bytes }
        let completion = requests[r].completion.take()  // (moved out: no retain and release)
        let target = requests[r].target.take()
        if let handler = sessions[requests[r].session].metricsHandler {
            let bytes: Int64
            let outcome: TaskMetrics.Outcome
            switch result {
            case .success(let received): (bytes, outcome) = (received, .completed)
            case .failure: (bytes, outcome) = (0, .failed)
            }
            handler(metrics(of: r, bytesReceived: bytes, outcome: outcome))
        }
        if let target {
            target.networkLoadEnded(tag: requests[r].tag, imageID: requests[r].imageID, result: result)
        } else {
            completion?(result)
        }
    }

    /// Delivers cancelled request `r`'s metrics to its session's handler, if it has one, as an
    /// event at the current time (never inside the `cancel()` call that ended it). Sessions without
    /// a handler schedule nothing, so their runs are unchanged.
    private func reportCancelled(_ r: Int, bytesReceived: Int64) {
        guard let handler = sessions[requests[r].session].metricsHandler else { return }
        let metrics = metrics(of: r, bytesReceived: bytesReceived, outcome: .cancelled)
        context.schedule(.deferred({ handler(metrics) }), at: context.scheduler.now)
    }

    /// Request `r`'s metrics as it ends now with `outcome`, having received `bytesReceived`.
    private func metrics(of r: Int, bytesReceived: Int64, outcome: TaskMetrics.Outcome) -> TaskMetrics {
        // Field by field: a copy of the whole request would retain and release its completion.
        let now = context.scheduler.now
        let connection = requests[r].connection, isReusedConnection = requests[r].isReusedConnection
        let wasSent = connection >= 0
        let isNew = wasSent && !isReusedConnection
        let firstByte: SimTime? = requests[r].firstByte >= 0 ? requests[r].firstByte
            : outcome == .failed && wasSent ? now : nil
        return TaskMetrics(
            imageID: requests[r].imageID, fetchStart: requests[r].fetchStart,
            connectStart: isNew ? connections[connection].setupStart : nil,
            connectEnd: isNew ? connections[connection].setupEnd : nil,
            requestStart: wasSent ? requests[r].sent : nil, responseStart: firstByte,
            responseEnd: firstByte == nil ? nil : now, bytesReceived: bytesReceived,
            isReusedConnection: isReusedConnection, outcome: outcome)
    }

    /// Sets session `s`'s metrics handler.
    func setMetricsHandler(_ handler: ((TaskMetrics) -> Void)?, ofSession s: Int) {
        sessions[s].metricsHandler = handler
    }

    /// Session `s`'s metrics handler.
    func metricsHandler(ofSession s: Int) -> ((TaskMetrics) -> Void)? { sessions[s].metricsHandler }

    /// Marks the lowest free slot of `inUse` taken (appending one when all are) and returns it.
    /// - Complexity: O(slots); only traces number slots.
    private static func takeLowestFree(_ inUse: inout [Bool]) -> Int {
        guard let slot = inUse.firstIndex(of: false) else {
            inUse.append(true)
            return inUse.count - 1
        }
        inUse[slot] = true
        return slot
    }

    /// The radio's energy from time 0 to `end`, the run's end, in nanojoules (rounded down): the
    /// bytes of transfers still in progress count as far as they got. Call once, when the run is over.
    func radioEnergyNanojoules(until end: SimTime) -> Int64 {
        radio.received(bytes: link.bytesReceivedByActiveTransfers(at: end))
        return radio.finish(at: end).nanojoules
    }

    /// Promotions the radio made so far (tests).
    var radioPromotions: Int { radio.promotions }

    // MARK: HTTP cache

    /// The index in `httpCaches` of the `URLCache` instance `configuration` names, made at first use.
    private func httpCacheIndex(_ configuration: URLCacheConfiguration) -> Int {
        if let index = httpCaches.firstIndex(where: { $0.configuration.name == configuration.name }) {
            let held = httpCaches[index].configuration
            precondition(held.memoryCapacityBytes == configuration.memoryCapacityBytes
                         && held.diskCapacityBytes == configuration.diskCapacityBytes,
                         "URLCache \(configuration.name) is configured with two different capacities")
            return index
        }
        httpCaches.append(HTTPCache(configuration, footprint: footprint))
        return httpCaches.count - 1
    }

    /// Session `s`'s HTTP cache configuration, or nil.
    func urlCache(ofSession s: Int) -> URLCacheConfiguration? {
        guard sessions[s].cache >= 0 else { return nil }
        var configuration = httpCaches[sessions[s].cache].configuration
        configuration.readsCache = sessions[s].cacheReads
        configuration.storesResponses = sessions[s].cacheStores
        return configuration
    }

    /// Whether a request for `imageID` on session `s` would be answered from its HTTP cache now.
    func hasCachedResponse(for imageID: Int, session s: Int) -> Bool {
        sessions[s].cacheReads
            && httpCaches[sessions[s].cache].contains(imageID)
    }

    /// Answers request `r` (a slot) from its session's HTTP cache when the cache holds the response, at
    /// the task's resume (before it waits for a connection): from the memory tier as an event at
    /// the task's time, from the disk tier after one disk read of the response's bytes. No
    /// connection, link share or radio activity. Returns whether it did.
    private func answerFromCache(_ r: Int) -> Bool {
        let s = requests[r].session
        guard sessions[s].cacheReads,
              let (tier, bytes) = httpCaches[sessions[s].cache].lookUp(requests[r].imageID) else { return false }
        assert(bytes == requests[r].bytes, "the HTTP cache holds image \(requests[r].imageID) at another size")
        requests[r].state = .readingCache
        cacheAnswers += 1
        switch tier {
        case .memory: context.schedule(.networkCacheAnswer(requests[r].id), at: context.now)
        case .disk:
            let id = requests[r].id
            requests[r].cacheRead = diskIO?(bytes) { [self] in cacheAnswered(id) }
        }
        return true
    }

    /// Request `id`'s response from its session's HTTP cache is ready: it completes with all its
    /// bytes, unless it was cancelled meanwhile.
    func cacheAnswered(_ id: Int) {
        guard let r = slot(of: id), requests[r].state == .readingCache else { return }
        requests[r].cacheRead = nil
        finish(r, .success(bytes: requests[r].bytes))
        retire(r)
    }

    /// Stores completed download `r` (a slot) in its session's HTTP cache when the session stores
    /// responses (`HTTPCache.store`); a response stored on disk charges its write to the disk.
    private func storeInCache(_ r: Int) {
        let s = requests[r].session
        guard sessions[s].cacheStores else { return }
        let bytes = requests[r].bytes
        if httpCaches[sessions[s].cache].store(requests[r].imageID, bytes: bytes) {
            if let diskWrite { diskWrite(bytes) } else { _ = diskIO?(bytes, {}) }
        }
    }

    /// Session `s`'s HTTP cache (tests), or nil.
    func httpCache(ofSession s: Int) -> HTTPCache? { sessions[s].cache >= 0 ? httpCaches[sessions[s].cache] : nil }

    /// Schedules one check at the earliest finish of the transfers in progress (older checks go stale).
    private func rescheduleTransferCheck() {
        generation &+= 1
        guard let delay = link.delayToNextFinish() else { return }
        context.schedule(.networkTransferCheck(generation), at: context.scheduler.now + delay)
    }
}
