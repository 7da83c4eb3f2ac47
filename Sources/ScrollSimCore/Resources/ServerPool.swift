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

    private struct Job {
        var duration: SimTime
        var state: State
        /// Where the job's end is kept beside it: i ≥ 0, a decode with a closure, `decodes[i]`;
        /// i ≤ −2, a job with a target, `targeted[−2 − i]`; −1, neither (`completion`). Declared
        /// here, it takes padding after `state`.
        var end: Int32 = -1
        /// Called when the job ends (nil once called or cancelled), for a job with `end` −1.
        var completion: (() -> Void)?
        var server = -1
        var start: SimTime = 0
    }

    /// A decode's completion and the bitmap it makes. (A struct, not a tuple: an array of tuples
    /// would store the closure reabstracted, through a thunk allocated per decode.)
    private struct Decode {
        var completion: (ImageObject) -> Void
        var image: ImageObject
    }

    /// A job with a target: the target, its tag, and the bitmap for a decode (nil for a disk job).
    private struct Targeted {
        var target: any PoolJobTarget
        var tag: Int
        var image: ImageObject?
    }

    let context: SimContext
    private let servers: Int
    /// Which pool this is (its events).
    let role: Role
    /// The memory ledger a decode's image is marked decoded in when it ends (the decoders' pool).
    private let memory: MemoryLedger?
    private let jobs = RecordBuffer<Job>()
    /// Each decode's completion and bitmap (nil once called or cancelled), kept beside `jobs` so
    /// that a job is no larger for them.
    private let decodes = RecordBuffer<Decode?>()
    /// Each job with a target (nil once told or cancelled), kept beside `jobs` likewise.
    private let targeted = RecordBuffer<Targeted?>()
    @exclusivity(unchecked) private var queue: [Int] = []
    @exclusivity(unchecked) private var queueHead = 0
    @exclusivity(unchecked) private var busy = 0
    /// Which servers are busy (a job takes the lowest free one; only traces see the number).
    private let serverBusy = RecordBuffer<Bool>()
    /// Called with (server, start, end) when a job ends (traces).
    var onJobRan: ((Int, SimTime, SimTime) -> Void)?

    init(context: SimContext, servers: Int, role: Role, memory: MemoryLedger? = nil) {
        self.context = context
        self.servers = servers
        self.role = role
        self.memory = memory
        for _ in 0..<max(servers, 0) { serverBusy.append(false) }
    }

    /// Queues a job of `duration`; `completion` runs when it ends (off the main thread).
    func submit(duration: SimTime, completion: @escaping () -> Void) -> PoolTask {
        let id = jobs.count
        jobs.append(Job(duration: duration, state: .queued, completion: completion))
        return queued(id)
    }

    /// `submit(duration:completion:)` whose end calls `target.poolJobEnded(tag:image:)` with a nil
    /// image instead of a completion closure (the target is held until then).
    func submit(duration: SimTime, target: any PoolJobTarget, tag: Int) -> PoolTask {
        submit(duration: duration, targeted: Targeted(target: target, tag: tag, image: nil))
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
        jobs.append(Job(duration: duration, state: .queued, end: Int32(decodes.count), completion: nil))
        decodes.append(Decode(completion: completion, image: image))
        return queued(id)
    }

    /// `submit(duration:decoding:completion:)` whose end calls `target.poolJobEnded(tag:image:)`
    /// with `image` instead of a completion closure (the target is held until then).
    func submit(duration: SimTime, decoding image: ImageObject, target: any PoolJobTarget, tag: Int) -> PoolTask {
        submit(duration: duration, targeted: Targeted(target: target, tag: tag, image: image))
    }

    /// Queues a job of `duration` with a target.
    @inline(__always)
    private func submit(duration: SimTime, targeted job: Targeted) -> PoolTask {
        let id = jobs.count
        precondition(targeted.count < Int(Int32.max) - 2, "too many jobs with a target")
        jobs.append(Job(duration: duration, state: .queued, end: Int32(-2 - targeted.count), completion: nil))
        targeted.append(job)
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
            dropEnd(of: id)
        case .running:
            jobs[id].completion = nil
            dropEnd(of: id)
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
        let completion = jobs[id].completion.take()  // (moved out: no retain and release)
        jobs[id].state = .finished
        let end = Int(jobs[id].end)
        if end == -1 {
            startQueued()
            completion?()
        } else if end >= 0 {
            let decode = decodes[end].take()
            startQueued()
            if let decode {
                memory?.markDecoded(decode.image)
                decode.completion(decode.image)
            }
        } else {
            let job = targeted[-2 - end].take()
            startQueued()
            if let job {
                if let image = job.image { memory?.markDecoded(image) }
                job.target.poolJobEnded(tag: job.tag, image: job.image)
            }
        }
    }

    /// Drops job `id`'s decode record or target, if it has one (cancelled).
    private func dropEnd(of id: Int) {
        let end = Int(jobs[id].end)
        if end >= 0 {
            decodes[end] = nil
        } else if end <= -2 {
            targeted[-2 - end] = nil
        }
    }

    private func startQueued() {
        while busy < servers && queueHead < queue.count {
            let id = queue[queueHead]
            queueHead += 1
            guard jobs[id].state == .queued else { continue }  // cancelled while queued
            jobs[id].state = .running
            busy += 1
            var server = 0  // the lowest free one (one is free: `busy < servers`)
            while server < serverBusy.count && serverBusy[server] { server += 1 }
            if server == serverBusy.count { server = 0 }
            serverBusy[server] = true
            jobs[id].server = server
            jobs[id].start = context.scheduler.now
            context.schedule(role.doneEvent(id), at: context.scheduler.now + jobs[id].duration)
        }
        if queueHead > 1024 && queueHead * 2 > queue.count {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
    }
}
