/// A job on a `ServerPool` as a strategy holds it: a disk read or a decode (a value: copies refer
/// to the same job, and making one allocates nothing).
public struct PoolTask {
    /// Identity of the job within its pool (its slot and the slot's generation).
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
///
/// Memory follows the jobs live at once, not the run's length: a job's record (its slot) is
/// recycled once the job ended (the free slot freed last first). A job's id is its slot plus the
/// slot's generation times 2³², bumped at every recycling, so a late handle or event (a cancel or
/// an enqueue after the end) finds its job ended, never the later job in its slot.
final class ServerPool {
    private enum State: UInt8 { case queued, running, finished }

    /// How a job's end is kept: where its completion is.
    private enum Kind: UInt8 {
        /// `Job.completion` (possibly nil: a detached job).
        case closure
        /// `decodes[slot]`.
        case decode
        /// `targeted[slot]`.
        case target
    }

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

    private struct Job: FreeListLinked {
        var duration: SimTime
        var state: State
        /// Where the job's end is kept (beside it, for a decode or a target, in the same slot).
        var kind: Kind
        /// The slot's generation: the high half of its job's id.
        var generation: UInt32
        /// Called when the job ends (nil once called or cancelled), for a job of kind `.closure`.
        var completion: (() -> Void)?
        /// The server it runs on (−1 before); while the slot is free, the next free slot (−1: none).
        var server = -1
        var start: SimTime = 0

        /// The free list's link: `server`.
        var nextFreeSlot: Int {
            get { server }
            set { server = newValue }
        }
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
    /// The live jobs, by slot (and recycled ones, whose slots are in `freeSlots`).
    private let jobs = RecordBuffer<Job>()
    /// By slot: a decode's completion and bitmap (nil once called or cancelled, and for other
    /// jobs), kept beside `jobs` so that a job is no larger for them.
    private let decodes = RecordBuffer<Decode?>()
    /// By slot: a job's target (nil once told or cancelled, and for other jobs), likewise.
    private let targeted = RecordBuffer<Targeted?>()
    /// The free slots of `jobs`.
    @exclusivity(unchecked) private var freeSlots = FreeList()
    @exclusivity(unchecked) private var queue: [Int] = []
    @exclusivity(unchecked) private var queueHead = 0
    @exclusivity(unchecked) private var busy = 0
    /// Which servers are busy (a job takes the lowest free one; only traces see the number).
    private let serverBusy = RecordBuffer<Bool>()
    /// Called with (server, start, end) when a job ends (traces).
    var onJobRan: ((Int, SimTime, SimTime) -> Void)?

    /// Releases the ends of the jobs still queued or running, uncalled (the run ended: they never
    /// run; `FetchStrategy`, "Lifetime"). Their closures and targets may hold what holds this pool
    /// (a cache read's completion holds the network model, whose disk reads hold this pool), a
    /// cycle only their end would break.
    func dropPendingWork() {
        for slot in 0..<jobs.count { jobs[slot].completion = nil }
        for slot in 0..<decodes.count { decodes[slot] = nil }
        for slot in 0..<targeted.count { targeted[slot] = nil }
    }

    init(context: SimContext, servers: Int, role: Role, memory: MemoryLedger? = nil) {
        self.context = context
        self.servers = servers
        self.role = role
        self.memory = memory
        for _ in 0..<max(servers, 0) { serverBusy.append(false) }
    }

    /// Job ids of slot `r` and the slot's generation `generation`.
    @inline(__always)
    private static func id(slot r: Int, generation: UInt32) -> Int { Int(generation) << 32 | r }

    /// The slot of job `id`.
    @inline(__always)
    private static func slot(of id: Int) -> Int { id & 0xFFFF_FFFF }

    /// The slot of job `id` while the job is in it (nil once it ended and the slot was recycled).
    @inline(__always)
    private func liveSlot(of id: Int) -> Int? {
        let r = Self.slot(of: id)
        return jobs[r].generation == UInt32(truncatingIfNeeded: id >> 32) ? r : nil
    }

    /// Makes a queued job of `duration` and `kind` with `completion` in a slot (the free one freed
    /// last, else a new one); returns its id.
    @inline(__always)
    private func make(duration: SimTime, kind: Kind, completion: (() -> Void)?) -> Int {
        guard let r = freeSlots.take(from: jobs) else {
            precondition(jobs.count < 1 << 32, "too many jobs at once")
            jobs.append(Job(duration: duration, state: .queued, kind: kind, generation: 0, completion: completion))
            decodes.append(nil)
            targeted.append(nil)
            return jobs.count - 1
        }
        let generation = jobs[r].generation
        // The ended job there holds no reference (its completion was taken or dropped).
        jobs.overwrite(r, with: Job(duration: duration, state: .queued, kind: kind, generation: generation,
                                    completion: completion))
        return Self.id(slot: r, generation: generation)
    }

    /// Job slot `r` ended and nothing reads it any more: its generation moves on (its id goes
    /// stale) and it is free for a later job.
    @inline(__always)
    private func recycle(_ r: Int) {
        assert(jobs[r].completion == nil && decodes[r] == nil && targeted[r] == nil)
        jobs[r].generation &+= 1
        freeSlots.free(r, in: jobs)
    }

    /// Slots of job records the pool has made: as many as were ever live at once (tests).
    var jobSlotCount: Int { jobs.count }

    /// Queues a job of `duration`; `completion` runs when it ends (off the main thread).
    func submit(duration: SimTime, completion: @escaping () -> Void) -> PoolTask {
        queued(make(duration: duration, kind: .closure, completion: completion))
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
        let id = make(duration: duration, kind: .closure, completion: nil)
        context.perform({ enqueue(id) }, orQueue: { role.enqueueEvent(id) })
    }

    /// Queues a decode of `duration` that makes `image`; when it ends (off the main thread),
    /// `memory` marks `image` decoded and `completion` receives it, unless it was cancelled. The
    /// job keeps both, so no closure is made around them.
    func submit(duration: SimTime, decoding image: consuming ImageObject,
                completion: @escaping (ImageObject) -> Void) -> PoolTask {
        let id = make(duration: duration, kind: .decode, completion: nil)
        decodes[Self.slot(of: id)] = Decode(completion: completion, image: consume image)
        return queued(id)
    }

    /// `submit(duration:decoding:completion:)` whose end calls `target.poolJobEnded(tag:image:)`
    /// with `image` instead of a completion closure (the target is held until then).
    func submit(duration: SimTime, decoding image: consuming ImageObject, target: any PoolJobTarget,
                tag: Int) -> PoolTask {
        submit(duration: duration, targeted: Targeted(target: target, tag: tag, image: consume image))
    }

    /// Queues a job of `duration` with a target.
    @inline(__always)
    private func submit(duration: SimTime, targeted job: consuming Targeted) -> PoolTask {
        let id = make(duration: duration, kind: .target, completion: nil)
        targeted[Self.slot(of: id)] = consume job
        return queued(id)
    }

    /// Job `id`, just made, joins the queue at the caller's time.
    @inline(__always)
    private func queued(_ id: Int) -> PoolTask {
        context.perform({ enqueue(id) }, orQueue: { role.enqueueEvent(id) })
        return PoolTask(id: id, pool: self)
    }

    /// Job `id` joins the queue (at the caller's time) and starts if a server is free; a job
    /// cancelled before does not.
    func enqueue(_ id: Int) {
        guard let r = liveSlot(of: id) else { return }
        if busy < servers && queueHead == queue.count {
            // Nothing waits before it: what `startQueued` would do, without the queue (a drained queue
            // keeps its passed entries until `startQueued` drops them: as many as it ever held).
            start(r, id: id)
            return
        }
        queue.append(id)
        startQueued()
    }

    func isFinished(_ id: Int) -> Bool {
        guard let r = liveSlot(of: id) else { return true }
        return jobs[r].state == .finished
    }

    func cancel(_ id: Int) {
        guard let r = liveSlot(of: id) else { return }
        switch jobs[r].state {
        case .queued:
            jobs[r].state = .finished
            jobs[r].completion = nil
            dropEnd(of: r)
            recycle(r)  // (its queue entry, if it has one, goes stale)
        case .running:
            jobs[r].completion = nil
            dropEnd(of: r)
        case .finished:
            break
        }
    }

    /// Job `id` ended.
    func jobDone(_ id: Int) {
        let r = Self.slot(of: id)
        busy -= 1
        let server = jobs[r].server
        if server >= 0 { serverBusy[server] = false }
        onJobRan?(server, jobs[r].start, context.scheduler.now)
        jobs[r].state = .finished
        switch jobs[r].kind {
        case .closure:
            let completion = jobs[r].completion.take()  // (moved out: no retain and release)
            recycle(r)
            if queueHead < queue.count { startQueued() }
            completion?()
        case .decode:
            let decode = decodes[r].take()
            recycle(r)
            if queueHead < queue.count { startQueued() }
            if let decode {
                memory?.markDecoded(decode.image)
                decode.completion(decode.image)
            }
        case .target:
            let job = targeted[r].take()
            recycle(r)
            if queueHead < queue.count { startQueued() }
            if let job {
                if let image = job.image { memory?.markDecoded(image) }
                job.target.poolJobEnded(tag: job.tag, image: job.image)
            }
        }
    }

    /// Drops job slot `r`'s decode record or target, if it has one (cancelled).
    private func dropEnd(of r: Int) {
        switch jobs[r].kind {
        case .closure: break
        case .decode: decodes[r] = nil
        case .target: targeted[r] = nil
        }
    }

    /// Starts queued job `id` (slot `r`) on the lowest free server (one is free).
    @inline(__always)
    private func start(_ r: Int, id: Int) {
        jobs[r].state = .running
        busy += 1
        var server = 0  // the lowest free one (one is free: `busy < servers`)
        while server < serverBusy.count && serverBusy[server] { server += 1 }
        if server == serverBusy.count { server = 0 }
        serverBusy[server] = true
        jobs[r].server = server
        jobs[r].start = context.scheduler.now
        context.schedule(role.doneEvent(id), at: context.scheduler.now + jobs[r].duration)
    }

    /// Starts queued jobs, oldest first, while a server is free.
    private func startQueued() {
        while busy < servers && queueHead < queue.count {
            let id = queue[queueHead]
            queueHead += 1
            guard let r = liveSlot(of: id), jobs[r].state == .queued else { continue }  // cancelled while queued
            start(r, id: id)
        }
        if queueHead > 1024 && queueHead * 2 > queue.count {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
    }
}
