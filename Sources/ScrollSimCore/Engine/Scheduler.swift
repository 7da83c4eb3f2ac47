/// Everything that can happen in a run, as one enum so dispatch is a switch, not a string.
enum SimEvent {
    /// Vsync number `k`: the display link fires; a frame may be enqueued.
    case vsync(Int)
    /// The main thread finished its current work item.
    case mainItemDone
    /// A script step starts (or a non-animated scroll jumps): a frame may be needed.
    case scriptChange
    /// A `memoryWarning` step.
    case memoryWarning
    /// The app's footprint rose above the device's warning level: the OS posts a warning.
    case footprintWarning
    /// A main-queue block, queued by main-thread code ahead of the clock, joins the main queue at
    /// the code's time (what `SimContext.perform` would do with a closure, without making one).
    case mainBlock(() -> Void)
    /// A main-queue image set (`Simulator.enqueueMainImageSet`), queued by main-thread code ahead
    /// of the clock, joins the main queue at the code's time (as `mainBlock`).
    case mainImageSet(Int)
    /// A main-queue block of a target (`Simulator.enqueueMainTarget`), queued by main-thread code
    /// ahead of the clock, joins the main queue at the code's time (as `mainBlock`).
    case mainTarget(Int)
    /// Network request `id`, started by main-thread code ahead of the clock, reaches the network
    /// at the code's time (what `SimContext.perform` would do with a closure, without making one).
    case networkSubmit(Int)
    /// Network request `id` finished its latency phase.
    case networkLatencyDone(Int)
    /// Network request `id`'s response from the memory tier of its session's HTTP cache is ready.
    case networkCacheAnswer(Int)
    /// Network connection `c`'s setup (its TCP and TLS handshakes) is done.
    case networkConnectionReady(Int)
    /// The earliest transfer may have finished; valid only for transfer generation `generation`.
    case networkTransferCheck(UInt64)
    /// Disk job `id`, submitted by main-thread code ahead of the clock, joins the disk queue at
    /// the code's time (as `networkSubmit`).
    case diskEnqueue(Int)
    /// Disk read `id` finished.
    case diskDone(Int)
    /// Decode job `id`, submitted by main-thread code ahead of the clock, joins the decoder queue
    /// at the code's time (as `networkSubmit`).
    case decodeEnqueue(Int)
    /// Decode job `id` finished on a decoder thread.
    case decodeDone(Int)
    /// Network request `id`, cancelled by main-thread code ahead of the clock, is cancelled at the
    /// code's time (as `networkSubmit`).
    case networkCancel(Int)
    /// Network request `id`'s priority, changed by main-thread code ahead of the clock, changes at
    /// the code's time (as `networkSubmit`).
    case networkPriority(Int, RequestPriority)
    /// Disk job `id`, cancelled by main-thread code ahead of the clock, is cancelled at the code's
    /// time (as `networkSubmit`).
    case diskCancel(Int)
    /// Decode job `id`, cancelled by main-thread code ahead of the clock, is cancelled at the
    /// code's time (as `networkSubmit`).
    case decodeCancel(Int)
    /// The oldest timer main-thread code set ahead of the clock (`FetchEnvironment.schedule(after:_:)`)
    /// is set at the code's time (its block and due time wait in `Simulator.timersToStart`).
    case timerStart
    /// Work issued from the main thread at a later point of its current work item.
    case deferred(() -> Void)
}

/// The simulation clock and its event queue.
///
/// The main thread's `mainItemDone` (one pending at most: the main thread is serial) waits in a
/// slot beside the queue instead of in it: it takes its insertion number from the queue as a push
/// would, and it comes next (`nextSource`, the one place that decides what comes next: the run
/// loop takes what it names, `next()` is written through it) when it precedes the queue's
/// earliest event in the same `(time, sequence)` order, so every event pops exactly as if it had
/// been queued, without the heap's push and pop for the most frequent event. The latest `vsync` waits in a slot of its own
/// the same way (the display link asks for one vsync at a time; one asked while another waits,
/// which it supersedes, sends the waiting one to the queue with its own insertion number, where
/// it pops as it would have).
final class Scheduler {
    /// Time of the event being handled.
    @exclusivity(unchecked) private(set) var now: SimTime = 0
    private let queue = EventQueue<SimEvent>()
    /// Events handled so far (for the benchmark's events per second).
    @exclusivity(unchecked) private(set) var eventsHandled = 0
    /// Whether a `mainItemDone` waits in the slot.
    @exclusivity(unchecked) private var hasMainItemDone = false
    /// Its time.
    @exclusivity(unchecked) private var mainItemDoneTime: SimTime = 0
    /// Its insertion number, reserved from the queue.
    @exclusivity(unchecked) private var mainItemDoneSequence: UInt64 = 0

    /// Whether a `vsync` waits in its slot.
    @exclusivity(unchecked) private var hasVsync = false
    /// Its time.
    @exclusivity(unchecked) private var vsyncTime: SimTime = 0
    /// Its insertion number, reserved from the queue.
    @exclusivity(unchecked) private var vsyncSequence: UInt64 = 0
    /// Its vsync number.
    @exclusivity(unchecked) private var vsyncNumber = 0

    /// Whether no event is queued.
    var isEmpty: Bool { queue.isEmpty && !hasMainItemDone && !hasVsync }

    /// Drops every pending event uncalled (the run ended: `FetchStrategy`, "Lifetime"). A run
    /// killed or cut at the settle limit leaves completions queued whose closures may capture the
    /// environment, which holds this scheduler: dropping them breaks that cycle (the services drop
    /// theirs too: `Simulator.run`).
    func dropPending() {
        queue.removeAll()
        hasMainItemDone = false
        hasVsync = false
    }

    /// Queues `event` at `time` (never before `now`: time never goes back).
    @inline(__always)
    func schedule(_ event: consuming SimEvent, at time: SimTime) {
        assert(time >= now, "an event scheduled in the past: \(time) < \(now)")
        if case .mainItemDone = event {
            scheduleMainItemDone(at: time)
            return
        }
        if case .vsync(let k) = event {
            scheduleVsync(k, at: time)
            return
        }
        queue.push(event, at: time < now ? now : time)
    }

    /// Puts `vsync(k)` in the vsync slot at `time`, numbered as a push would; a vsync waiting
    /// there goes to the queue with its own number.
    @inline(__always)
    private func scheduleVsync(_ k: Int, at time: SimTime) {
        let sequence = queue.reserveSequence()
        if hasVsync { queue.push(.vsync(vsyncNumber), at: vsyncTime, sequence: vsyncSequence) }
        hasVsync = true
        vsyncTime = time < now ? now : time
        vsyncSequence = sequence
        vsyncNumber = k
    }

    /// Whether the event at `time` numbered `sequence` pops before the slot's `mainItemDone`
    /// (true when there is none).
    @inline(__always)
    private func precedesMainItemDone(time: SimTime, sequence: UInt64) -> Bool {
        !hasMainItemDone || EventQueue<SimEvent>.precedes(
            .init(time: time, sequence: sequence, slot: 0),
            .init(time: mainItemDoneTime, sequence: mainItemDoneSequence, slot: 0))
    }

    /// Whether a vsync waits in its slot and pops before everything else (the queue's first event
    /// and the main item done).
    @inline(__always)
    private var isVsyncFirst: Bool {
        hasVsync && queue.precedesFirst(time: vsyncTime, sequence: vsyncSequence)
            && precedesMainItemDone(time: vsyncTime, sequence: vsyncSequence)
    }

    /// Puts the main thread's `mainItemDone` in its slot at `time`, numbered as a push would.
    @inline(__always)
    private func scheduleMainItemDone(at time: SimTime) {
        precondition(!hasMainItemDone, "a second pending mainItemDone")
        hasMainItemDone = true
        mainItemDoneTime = time < now ? now : time
        mainItemDoneSequence = queue.reserveSequence()
    }

    /// Where the earliest event waits (`nextSource`).
    enum Source {
        /// The vsync slot (`takeVsync`).
        case vsync
        /// The main item done's slot (`takeMainItemDone`).
        case mainItemDone
        /// The queue (`takeQueued`).
        case queue
        /// Nowhere: no event is pending.
        case none
    }

    /// Where the earliest event waits; its `take` method removes it and advances the clock to it.
    /// The run loop dispatches the slots' events by this, without making a `SimEvent` of them.
    @inline(__always)
    var nextSource: Source {
        if isVsyncFirst { return .vsync }
        // Past here a waiting vsync comes after the queue's first event or the main item done;
        // when the main item done precedes the queue's first, it therefore precedes the vsync.
        if hasMainItemDone && queue.precedesFirst(time: mainItemDoneTime, sequence: mainItemDoneSequence) {
            return .mainItemDone
        }
        return queue.isEmpty ? .none : .queue
    }

    /// Removes the waiting vsync (`nextSource` is `.vsync`), advances the clock to it and returns
    /// its number.
    @inline(__always)
    func takeVsync() -> Int {
        hasVsync = false
        now = vsyncTime
        eventsHandled &+= 1
        return vsyncNumber
    }

    /// Removes the waiting main item done (`nextSource` is `.mainItemDone`) and advances the
    /// clock to it.
    @inline(__always)
    func takeMainItemDone() {
        hasMainItemDone = false
        now = mainItemDoneTime
        eventsHandled &+= 1
    }

    /// Removes the queue's earliest event (`nextSource` is `.queue`), advances the clock to it
    /// and returns it.
    @inline(__always)
    func takeQueued() -> SimEvent {
        let entry = queue.removeFirst()
        now = entry.time
        eventsHandled &+= 1
        return entry.payload
    }

    /// Removes the earliest event and advances the clock to it.
    @inline(__always)
    func next() -> SimEvent? {
        switch nextSource {
        case .vsync: return .vsync(takeVsync())
        case .mainItemDone:
            takeMainItemDone()
            return .mainItemDone
        case .queue: return takeQueued()
        case .none: return nil
        }
    }

    /// Time of the earliest queued event.
    var nextTime: SimTime? {
        switch nextSource {
        case .vsync: vsyncTime
        case .mainItemDone: mainItemDoneTime
        case .queue: queue.nextTime
        case .none: nil
        }
    }
}
