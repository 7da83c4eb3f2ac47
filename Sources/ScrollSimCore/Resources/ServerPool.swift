/// A job on a `ServerPool` as a strategy holds it: a disk read or a decode (a value: copies refer
/// to the same job, and making one allocates nothing).
public struct PoolTask {
    /// Identity of the job within its pool.
    public let id: Int
    unowned(unsafe) let pool: ServerPool

    init(id: Int, pool: ServerPool) {
        self.id = id
        self.pool = pool
    }

    /// Whether the job completed or was cancelled.
    public var isFinished: Bool { pool.isFinished(id) }

    /// Cancels the job: a queued one is removed; a running one runs to its end (a thread cannot be
    /// interrupted mid-decode) but its completion is not called.
    public func cancel() {
        let pool = self.pool, id = self.id
        pool.context.perform({ pool.cancel(id) }, orQueue: { pool.role.cancelEvent(id) })
    }
}

/// Receives the end of pool jobs started with a target and a tag (`FetchEnvironment.readDisk(bytes:
/// target:tag:)`, `decode(_:mode:target:tag:)`): the form of a completion that makes no closure per
/// job (a completion closure that captures state costs an allocation, and its release when the job
/// ends).
public protocol PoolJobTarget: AnyObject {
    /// The job started with `tag` ended: called exactly where, and under the same rules as, the
    /// completion of the closure form (off the main thread, never after `cancel()`). `image` is the
    /// decoded bitmap for a decode, nil for a disk job.
    func poolJobEnded(tag: Int, image: ImageObject?)
}

/// `servers` identical executors sharing one FIFO queue: the disk's I/O queues and the decoder
/// threads (docs/model.md, "Resources"). A job holds a server for its whole duration.
final class ServerPool {
    private enum State { case queued, running, finished }

    /// Which of the run's pools this is: it names the pool's events.
    enum Role {
        /// The disk's I/O queues.
        case disk
        /// The decoder threads.
        case decoders

        /// The event that ends job `id`.
        @inline(__always)
        func doneEvent(_ id: Int) -> SimEvent {
            switch self {
            case .disk: .diskDone(id)
            case .decoders: .decodeDone(id)
            }
        }

        /// The event that enqueues job `id` at the cursor of the main-thread code that submitted it.
        @inline(__always)
        func enqueueEvent(_ id: Int) -> SimEvent {
            switch self {
            case .disk: .diskEnqueue(id)
            case .decoders: .decodeEnqueue(id)
            }
        }

        /// The event that cancels job `id` at the cursor of the main-thread code that cancelled it.
        @inline(__always)
        func cancelEvent(_ id: Int) -> SimEvent {
            switch self {
            case .disk: .diskCancel(id)
            case .decoders: .decodeCancel(id)
            }
        }
    }

    /// Who is told when a job ends: a closure, or a target with its tag (no closure made).
    private enum Completion {
        case closure(() -> Void)
        case target(any PoolJobTarget, tag: Int)
    }

    /// Who receives a decode's bitmap: a closure, or a target with its tag (no closure made).
    private enum DecodeCompletion {
        case closure((ImageObject) -> Void)
        case target(any PoolJobTarget, tag: Int)
    }

    private struct Job {
        var duration: SimTime
        var state: State
        /// A decode's entry in `decodes`, or −1 (declared here, it takes padding after `state`).
        var decode: Int32 = -1
        /// Told when the job ends (nil once told or cancelled), for a job that is not a decode.
        var completion: Completion?
        var server = -1
        var start: SimTime = 0
    }

    /// A decode's completion and the bitmap it makes. (A struct, not a tuple: an array of tuples
    /// would store the closure reabstracted, through a thunk allocated per decode.)
    private struct Decode {
        var completion: DecodeCompletion
        var image: ImageObject
    }

    let context: SimContext
    private let servers: Int
    /// Which pool this is (its events).
    let role: Role
    /// The memory ledger a decode's image is marked decoded in when it ends (the decoders' pool).
    private let memory: MemoryLedger?
    @exclusivity(unchecked) private var jobs: [Job] = []
    /// Each decode's completion and bitmap (nil once called or cancelled), kept beside `jobs` so
    /// that a job is no larger for them.
    @exclusivity(unchecked) private var decodes: [Decode?] = []
    @exclusivity(unchecked) private var queue: [Int] = []
    @exclusivity(unchecked) private var queueHead = 0
    @exclusivity(unchecked) private var busy = 0
    /// Which servers are busy (a job takes the lowest free one; only traces see the number).
    @exclusivity(unchecked) private var serverBusy: [Bool]
    /// Called with (server, start, end) when a job ends (traces).
    var onJobRan: ((Int, SimTime, SimTime) -> Void)?

    init(context: SimContext, servers: Int, role: Role, memory: MemoryLedger? = nil) {
        self.context = context
        self.servers = servers
        self.role = role
        self.memory = memory
        serverBusy = Array(repeating: false, count: max(servers, 0))
    }

    /// Queues a job of `duration`; `completion` runs when it ends (off the main thread).
    func submit(duration: SimTime, completion: @escaping () -> Void) -> PoolTask {
        let id = jobs.count
        jobs.append(Job(duration: duration, state: .queued, completion: .closure(completion)))
        return queued(id)
    }

    /// `submit(duration:completion:)` whose end calls `target.poolJobEnded(tag:image:)` with a nil
    /// image instead of a completion closure (the target is held until then).
    func submit(duration: SimTime, target: any PoolJobTarget, tag: Int) -> PoolTask {
        let id = jobs.count
        jobs.append(Job(duration: duration, state: .queued, completion: .target(target, tag: tag)))
        return queued(id)
    }

    /// Queues a job of `duration` that nobody waits for and nobody can cancel (an HTTP cache's
    /// write of a stored response): `submit(duration:completion:)` with an empty completion whose
    /// task is dropped, without making the task.
    func submitDetached(duration: SimTime) {
        let id = jobs.count
        jobs.append(Job(duration: duration, state: .queued, completion: nil))
        context.perform({ enqueue(id) }, orQueue: { role.enqueueEvent(id) })
    }

    /// Queues a decode of `duration` that makes `image`; when it ends (off the main thread),
    /// `memory` marks `image` decoded and `completion` receives it, unless it was cancelled. The
    /// job keeps both, so no closure is made around them.
    func submit(duration: SimTime, decoding image: ImageObject,
                completion: @escaping (ImageObject) -> Void) -> PoolTask {
        let id = jobs.count
        precondition(decodes.count < Int(Int32.max), "too many decodes")
        jobs.append(Job(duration: duration, state: .queued, decode: Int32(decodes.count), completion: nil))
        decodes.append(Decode(completion: .closure(completion), image: image))
        return queued(id)
    }

    /// `submit(duration:decoding:completion:)` whose end calls `target.poolJobEnded(tag:image:)`
    /// with `image` instead of a completion closure (the target is held until then).
    func submit(duration: SimTime, decoding image: ImageObject, target: any PoolJobTarget, tag: Int) -> PoolTask {
        let id = jobs.count
        precondition(decodes.count < Int(Int32.max), "too many decodes")
        jobs.append(Job(duration: duration, state: .queued, decode: Int32(decodes.count), completion: nil))
        decodes.append(Decode(completion: .target(target, tag: tag), image: image))
        return queued(id)
    }

    /// Job `id`, just made, joins the queue at the caller's time.
    @inline(__always)
    private func queued(_ id: Int) -> PoolTask {
        context.perform({ enqueue(id) }, orQueue: { role.enqueueEvent(id) })
        return PoolTask(id: id, pool: self)
    }

    /// Job `id` joins the queue (at the caller's time) and starts if a server is free.
    func enqueue(_ id: Int) {
        queue.append(id)
        startQueued()
    }

    func isFinished(_ id: Int) -> Bool { jobs[id].state == .finished }

    func cancel(_ id: Int) {
        switch jobs[id].state {
        case .queued:
            jobs[id].state = .finished
            jobs[id].completion = nil
            if jobs[id].decode >= 0 { decodes[Int(jobs[id].decode)] = nil }
        case .running:
            jobs[id].completion = nil
            if jobs[id].decode >= 0 { decodes[Int(jobs[id].decode)] = nil }
        case .finished:
            break
        }
    }

    /// Job `id` ended.
    func jobDone(_ id: Int) {
        busy -= 1
        let server = jobs[id].server
        if server >= 0 { serverBusy[server] = false }
        onJobRan?(server, jobs[id].start, context.scheduler.now)
        let completion = jobs[id].completion
        jobs[id].completion = nil
        jobs[id].state = .finished
        let decodeIndex = Int(jobs[id].decode)
        guard decodeIndex >= 0 else {
            startQueued()
            switch completion {
            case .closure(let body)?: body()
            case .target(let target, let tag)?: target.poolJobEnded(tag: tag, image: nil)
            case nil: break
            }
            return
        }
        let decode = decodes[decodeIndex]
        decodes[decodeIndex] = nil
        startQueued()
        if let decode {
            memory?.markDecoded(decode.image)
            switch decode.completion {
            case .closure(let body): body(decode.image)
            case .target(let target, let tag): target.poolJobEnded(tag: tag, image: decode.image)
            }
        }
    }

    private func startQueued() {
        while busy < servers && queueHead < queue.count {
            let id = queue[queueHead]
            queueHead += 1
            guard jobs[id].state == .queued else { continue }  // cancelled while queued
            jobs[id].state = .running
            busy += 1
            let server = serverBusy.firstIndex(of: false) ?? 0
            serverBusy[server] = true
            jobs[id].server = server
            jobs[id].start = context.scheduler.now
            context.scheduler.schedule(role.doneEvent(id), at: context.scheduler.now + jobs[id].duration)
        }
        if queueHead > 1024 && queueHead * 2 > queue.count {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
    }
}
