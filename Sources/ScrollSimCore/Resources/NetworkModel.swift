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

/// The random draws of one connection: what common random numbers must keep equal across
/// strategies for the same image and attempt.
public struct NetworkDraw: Sendable, Equatable {
    public var imageID: Int
    /// How many connections were opened for this image before this one in the run.
    public var attempt: Int
    public var latency: SimTime
    public var bytes: Int64
    public var fails: Bool
}

/// A network request as a strategy holds it (a `URLSessionTask`).
public final class NetworkTask {
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

    /// Cancels the request: a queued one is removed; one in progress stops and keeps the bytes
    /// already transferred in `bytes_downloaded`. Its completion is never called.
    public func cancel() {
        let model = self.model, id = self.id
        model.context.perform { model.cancel(id) }
    }

    /// Changes the priority; a queued request moves to its new place (FIFO by submission within a priority).
    public func setPriority(_ priority: RequestPriority) {
        let model = self.model, id = self.id
        model.context.perform { model.setPriority(id, priority) }
    }
}

/// The network (SPEC §6): lognormal latency per (image, attempt) with common random numbers,
/// then the image's bytes over a link whose bandwidth is shared fairly among the transfers in
/// progress (processor sharing), at most `maxConnections` requests at once, the rest queued by
/// priority and FIFO within a priority.
///
/// Fair sharing is computed with a virtual "service" clock: every transfer in progress has
/// received the same number of bytes since it started, `service − serviceAtStart`, and the
/// earliest to finish is the one with the smallest `serviceAtStart + bytes`. Each change in the
/// number of transfers reschedules one check event; stale checks carry an old generation and are
/// skipped.
final class NetworkModel {
    private enum State { case queued, latency, transferring, finished }

    private struct Request {
        var imageID: Int
        var bytes: Int64
        var priority: RequestPriority
        var state: State
        var completion: ((NetworkResult) -> Void)?
        var serviceAtStart: Double = 0
        var fails = false
        var connection = -1
        var start: SimTime = 0
        var firstByte: SimTime = -1
        /// Order of submission to the network (ids follow `load` calls, which main-thread work
        /// submits later, at its own clock).
        var submission: Int = 0
    }

    let context: SimContext
    private let config: Scenario.Network
    private let latencyStream: RandomStream
    private let failureStream: RandomStream
    private let bytesPerNanosecond: Double
    private let bytesOfImage: (Int) -> Int64
    @exclusivity(unchecked) private var requests: [Request] = []
    @exclusivity(unchecked) private var waiting: [[Int]] = Array(repeating: [], count: RequestPriority.allCases.count)
    @exclusivity(unchecked) private var waitingCount = 0
    /// Requests queued so far (their submission order).
    @exclusivity(unchecked) private var submissions = 0
    @exclusivity(unchecked) private var connectionsInUse = 0
    @exclusivity(unchecked) private var transferring: [Int] = []
    @exclusivity(unchecked) private var service: Double = 0
    @exclusivity(unchecked) private var serviceUpdatedAt: SimTime = 0
    @exclusivity(unchecked) private var generation: UInt64 = 0
    @exclusivity(unchecked) private var attempts: [Int: Int] = [:]
    @exclusivity(unchecked) private var downloaded: [Int: Bool] = [:]

    /// Receives each request's time on its connection (traces).
    weak var observer: (any RunObserver)?
    /// Which connection slots are in use (only traces see the slot numbers).
    private var connectionBusy: [Bool] = []
    /// When set, every connection's random draws are appended (tests, request traces).
    var drawLog: [NetworkDraw]?
    /// Network transfers started (connections opened).
    private(set) var fetchesStarted = 0
    /// Bytes transferred, partial transfers included.
    private(set) var bytesDownloaded: Int64 = 0
    /// Completed downloads of an image already downloaded earlier in the run.
    private(set) var duplicateDownloads = 0

    init(context: SimContext, config: Scenario.Network, streams: RandomStreams, bytesOfImage: @escaping (Int) -> Int64) {
        self.context = context
        self.config = config
        self.latencyStream = streams.stream("latency")
        self.failureStream = streams.stream("failure")
        self.bytesPerNanosecond = config.bandwidthMbps * 1_000_000 / 8 / 1_000_000_000
        self.bytesOfImage = bytesOfImage
    }

    /// Starts a request for `imageID` (deferred to the caller's time when on the main thread).
    func load(imageID: Int, priority: RequestPriority, completion: @escaping (NetworkResult) -> Void) -> NetworkTask {
        let id = requests.count
        requests.append(Request(imageID: imageID, bytes: bytesOfImage(imageID), priority: priority,
                                state: .queued, completion: completion))
        let task = NetworkTask(id: id, imageID: imageID, model: self)
        context.perform { [self] in submit(id) }
        return task
    }

    func isFinished(_ id: Int) -> Bool { requests[id].state == .finished }
    func priority(of id: Int) -> RequestPriority { requests[id].priority }

    private func submit(_ id: Int) {
        guard requests[id].state == .queued else { return }  // cancelled before submission
        if config.offline {
            // Fails at once, but as an event: a completion never runs inside the `load` call that
            // started it (a strategy that retries on failure would otherwise recurse).
            context.scheduler.schedule(.deferred({ [self] in
                guard requests[id].state == .queued else { return }
                finish(id, .failure)
            }), at: context.scheduler.now)
            return
        }
        if connectionsInUse < config.maxConnections {
            start(id)
        } else {
            submissions += 1
            requests[id].submission = submissions
            waiting[requests[id].priority.rawValue].append(id)
            waitingCount += 1
        }
    }

    private func start(_ id: Int) {
        connectionsInUse += 1
        fetchesStarted += 1
        if observer != nil {
            let slot = connectionBusy.firstIndex(of: false) ?? connectionBusy.count
            if slot == connectionBusy.count { connectionBusy.append(true) } else { connectionBusy[slot] = true }
            requests[id].connection = slot
            requests[id].start = context.scheduler.now
        }
        let imageID = requests[id].imageID
        let attempt = attempts[imageID, default: 0]
        attempts[imageID] = attempt + 1
        let u = latencyStream.uniformOpen(Int64(imageID), Int64(attempt))
        let latencyMs = config.latencyMsMedian <= 0 || config.latencyMsP95 <= config.latencyMsMedian
            ? config.latencyMsMedian
            : DMath.lognormal(median: config.latencyMsMedian, p95: config.latencyMsP95, uniform: u)
        requests[id].fails = config.failureRate > 0
            && failureStream.uniform(Int64(imageID), Int64(attempt)) < config.failureRate
        requests[id].state = .latency
        let now = context.scheduler.now
        let latency = SimDuration.saturating(nanoseconds: latencyMs * 1_000_000)
        drawLog?.append(NetworkDraw(imageID: imageID, attempt: attempt, latency: latency,
                                    bytes: requests[id].bytes, fails: requests[id].fails))
        context.scheduler.schedule(.networkLatencyDone(id), at: now + latency)
    }

    /// The latency phase of `id` ended: it fails, or its transfer begins.
    func latencyDone(_ id: Int) {
        guard requests[id].state == .latency else { return }
        if requests[id].fails {
            endSpan(id, .failed)
            releaseConnection()
            finish(id, .failure)
            return
        }
        advanceService()
        requests[id].firstByte = context.scheduler.now
        requests[id].state = .transferring
        requests[id].serviceAtStart = service
        transferring.append(id)
        rescheduleTransferCheck()
    }

    /// A transfer check fired: completes every transfer whose bytes have all arrived.
    func transferCheck(_ checkGeneration: UInt64) {
        guard checkGeneration == generation else { return }
        advanceService()
        var done: [Int] = []
        for id in transferring where requests[id].serviceAtStart + Double(requests[id].bytes) - service <= 1e-6 {
            done.append(id)
        }
        transferring.removeAll { id in done.contains(id) }
        for id in done {
            bytesDownloaded += requests[id].bytes
            let imageID = requests[id].imageID
            if downloaded[imageID] == true { duplicateDownloads += 1 } else { downloaded[imageID] = true }
            endSpan(id, .completed)
            releaseConnection()
            finish(id, .success(bytes: requests[id].bytes))
        }
        rescheduleTransferCheck()
    }

    func cancel(_ id: Int) {
        switch requests[id].state {
        case .finished:
            return
        case .queued:
            let p = requests[id].priority.rawValue
            if let index = waiting[p].firstIndex(of: id) {
                waiting[p].remove(at: index)
                waitingCount -= 1
            }
            requests[id].state = .finished
            requests[id].completion = nil
        case .latency:
            requests[id].state = .finished
            requests[id].completion = nil
            endSpan(id, .cancelled, bytes: 0)
            releaseConnection()
        case .transferring:
            advanceService()
            let received = max(0, min(Double(requests[id].bytes), service - requests[id].serviceAtStart))
            bytesDownloaded += Int64(received)
            endSpan(id, .cancelled, bytes: Int64(received))
            transferring.removeAll { $0 == id }
            requests[id].state = .finished
            requests[id].completion = nil
            releaseConnection()
            rescheduleTransferCheck()
        }
    }

    func setPriority(_ id: Int, _ priority: RequestPriority) {
        let old = requests[id].priority
        guard old != priority, requests[id].state != .finished else { return }
        requests[id].priority = priority
        guard requests[id].state == .queued, let index = waiting[old.rawValue].firstIndex(of: id) else { return }
        waiting[old.rawValue].remove(at: index)
        // Keep submission order within the new priority.
        let bucket = waiting[priority.rawValue]
        let submission = requests[id].submission
        var insertAt = bucket.count
        while insertAt > 0 && requests[bucket[insertAt - 1]].submission > submission { insertAt -= 1 }
        waiting[priority.rawValue].insert(id, at: insertAt)
    }

    private func endSpan(_ id: Int, _ outcome: ConnectionOutcome, bytes: Int64? = nil) {
        guard let observer, requests[id].connection >= 0 else { return }
        let now = context.scheduler.now
        connectionBusy[requests[id].connection] = false
        let request = requests[id]
        observer.connectionEnded(ConnectionSpan(
            connection: request.connection, imageID: request.imageID, start: request.start,
            firstByte: request.firstByte >= 0 ? request.firstByte : now, end: now,
            bytes: bytes ?? (outcome == .completed ? request.bytes : 0), outcome: outcome))
    }

    private func finish(_ id: Int, _ result: NetworkResult) {
        requests[id].state = .finished
        let completion = requests[id].completion
        requests[id].completion = nil
        completion?(result)
    }

    private func releaseConnection() {
        connectionsInUse -= 1
        guard waitingCount > 0 else { return }
        for p in stride(from: waiting.count - 1, through: 0, by: -1) where !waiting[p].isEmpty {
            let id = waiting[p].removeFirst()
            waitingCount -= 1
            start(id)
            return
        }
    }

    private func advanceService() {
        let now = context.scheduler.now
        if !transferring.isEmpty && now > serviceUpdatedAt {
            service += Double(now - serviceUpdatedAt) * bytesPerNanosecond / Double(transferring.count)
        }
        serviceUpdatedAt = now
    }

    private func rescheduleTransferCheck() {
        generation &+= 1
        guard !transferring.isEmpty else { return }
        var earliest = Double.infinity
        for id in transferring {
            earliest = min(earliest, requests[id].serviceAtStart + Double(requests[id].bytes))
        }
        let remaining = max(0, earliest - service)
        let nanos = (remaining * Double(transferring.count) / bytesPerNanosecond).rounded(.up)
        context.scheduler.schedule(.networkTransferCheck(generation),
                                   at: context.scheduler.now + SimDuration.saturating(nanoseconds: nanos))
    }
}
