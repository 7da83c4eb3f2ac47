/// Where the code now running sits in simulated time.
///
/// Main-thread work items (frames, blocks, idle preparation) run their callbacks one after the
/// other while a cursor advances by each callback's cost. A service call made at cursor time `c`
/// later than the clock is deferred to an event at `c`, so no resource sees a request before the
/// events that precede it have run (causality is kept without splitting work items into events).
final class SimContext {
    /// The run's clock and event queue.
    let scheduler: Scheduler
    /// Whether a main-thread work item is running.
    @exclusivity(unchecked) var isOnMainThread = false
    /// The main thread's position inside its current work item.
    @exclusivity(unchecked) var mainCursor: SimTime = 0

    init(scheduler: Scheduler) { self.scheduler = scheduler }

    /// The time of the code now running: the main cursor inside a work item, else the clock.
    @inline(__always)
    var now: SimTime { isOnMainThread ? mainCursor : scheduler.now }

    /// Whether `perform` defers its work to an event (the main cursor is ahead of the clock).
    @inline(__always)
    var defersToCursor: Bool { isOnMainThread && mainCursor > scheduler.now }

    /// Queues `event` at `time` (`Scheduler.schedule`), the scheduler borrowed
    /// (`BorrowedReference`): a scheduler reached as `context.scheduler` from a stored property
    /// (`self.context`) is otherwise retained and released around the queue's push, a call the
    /// optimiser cannot see into. The services schedule their events through here.
    @inline(__always)
    func schedule(_ event: consuming SimEvent, at time: SimTime) {
        let queued = consume event
        BorrowedReference(scheduler).with { $0.schedule(queued, at: time) }
    }

    /// Does a piece of work at the time of the code now running: `body` at once when the clock is
    /// there, else `event()`, the same work as an event of its own, is queued at the main cursor.
    /// Every service call made ahead of the clock goes through here (a network submit, a disk or
    /// decode job, a main-queue block, a cancel, a priority change, a timer). Neither closure
    /// escapes, so nothing is allocated either way.
    @inline(__always)
    func perform(_ body: () -> Void, orQueue event: () -> SimEvent) {
        if defersToCursor {
            schedule(event(), at: mainCursor)
        } else {
            body()
        }
    }
}
