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

    /// Whether `perform` would defer its body to an event (the main cursor is ahead of the clock).
    /// Hot callers test it first and call directly when false, so they make no closure then.
    @inline(__always)
    var defersToCursor: Bool { isOnMainThread && mainCursor > scheduler.now }

    /// Runs `body` at the current time: now if the clock is there, else as an event at the cursor.
    @inline(__always)
    func perform(_ body: @escaping () -> Void) {
        if defersToCursor {
            scheduler.schedule(.deferred(body), at: mainCursor)
        } else {
            body()
        }
    }
}
