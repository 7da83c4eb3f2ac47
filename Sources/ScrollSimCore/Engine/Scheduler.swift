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
    /// Network request `id` finished its latency phase.
    case networkLatencyDone(Int)
    /// The earliest transfer may have finished; valid only for transfer generation `generation`.
    case networkTransferCheck(UInt64)
    /// Disk read `id` finished.
    case diskDone(Int)
    /// Decode job `id` finished on a decoder thread.
    case decodeDone(Int)
    /// Work issued from the main thread at a later point of its current work item.
    case deferred(() -> Void)
}

/// The simulation clock and its event queue.
final class Scheduler {
    /// Time of the event being handled.
    @exclusivity(unchecked) private(set) var now: SimTime = 0
    private let queue = EventQueue<SimEvent>()
    /// Events handled so far (for the benchmark's events per second).
    @exclusivity(unchecked) private(set) var eventsHandled = 0

    /// Whether no event is queued.
    var isEmpty: Bool { queue.isEmpty }

    /// Queues `event` at `time` (never before `now`: time never goes back).
    @inline(__always)
    func schedule(_ event: SimEvent, at time: SimTime) {
        assert(time >= now, "an event scheduled in the past: \(time) < \(now)")
        queue.push(event, at: time < now ? now : time)
    }

    /// Removes the earliest event and advances the clock to it.
    @inline(__always)
    func next() -> SimEvent? {
        guard !queue.isEmpty else { return nil }
        let entry = queue.removeFirst()
        now = entry.time
        eventsHandled += 1
        return entry.payload
    }

    /// Time of the earliest queued event.
    var nextTime: SimTime? { queue.nextTime }
}
