import ScrollSimCore

/// A width-limited queue of work items with priority buckets: the model of an `OperationQueue`
/// with `maxConcurrentOperationCount` and `queuePriority` (SDWebImage's download queue, the
/// prefetchers' queues) and of Nuke 13's `TaskQueue` (`Sources/Nuke/Internal/TaskQueue.swift`).
///
/// - Pending items start highest priority first, in submission order within a priority.
/// - A pending item whose priority changes moves to its new bucket. `.taskQueue` placement
///   appends it when raised and prepends it when lowered (Nuke's `operationPriorityChanged`);
///   `.submissionOrder` keeps its submission rank (our model of `NSOperationQueue`, whose order
///   among equal priorities Apple does not document).
/// - A started item holds its slot until `release`; releasing a pending item removes it
///   (cancellation). Nothing here takes simulated time: the work decides what it costs.
///
/// `add` never starts work; `startReady()` does, so a caller can store the ticket first. Work
/// may call `release` (or `add`) re-entrantly.
final class PriorityWorkQueue {
    /// Where a pending item goes when its priority changes.
    enum Placement {
        /// Appended to the new bucket when raised, prepended when lowered (Nuke's `TaskQueue`).
        case taskQueue
        /// At its submission rank within the new bucket (`NSOperationQueue` model).
        case submissionOrder
    }

    /// Where a ticket is.
    private enum State: UInt8 { case pending, running, released }

    /// Items that may run at once.
    let width: Int
    /// Where reprioritised items go.
    private let placement: Placement
    /// State of each ticket (tickets are indices, in submission order).
    @exclusivity(unchecked) private var states: [State] = []
    /// Priority of each ticket.
    @exclusivity(unchecked) private var priorities: [RequestPriority] = []
    /// Work of each pending ticket (nil once started or released).
    @exclusivity(unchecked) private var works: [(() -> Void)?] = []
    /// Pending tickets per priority, in start order.
    @exclusivity(unchecked) private var buckets: [[Int]] = Array(repeating: [], count: RequestPriority.allCases.count)
    /// Items started and not yet released.
    @exclusivity(unchecked) private(set) var runningCount = 0
    /// Items waiting for a slot.
    @exclusivity(unchecked) private(set) var pendingCount = 0
    /// Whether `startReady` is on the stack (re-entrant calls return at once).
    @exclusivity(unchecked) private var isStarting = false

    /// A queue running at most `width` items at once.
    init(width: Int, placement: Placement = .taskQueue) {
        self.width = max(1, width)
        self.placement = placement
    }

    /// Queues `work` at `priority` and returns its ticket; call `startReady()` to start it.
    /// - Complexity: O(1) amortised.
    func add(priority: RequestPriority, _ work: @escaping () -> Void) -> Int {
        let ticket = states.count
        states.append(.pending)
        priorities.append(priority)
        works.append(work)
        buckets[priority.rawValue].append(ticket)
        pendingCount += 1
        return ticket
    }

    /// Starts pending items, highest priority first, while slots are free.
    func startReady() {
        guard !isStarting else { return }  // a re-entrant call: the loop below goes on
        isStarting = true
        while runningCount < width && pendingCount > 0 {
            guard let ticket = dequeue() else { break }
            states[ticket] = .running
            runningCount += 1
            let work = works[ticket]
            works[ticket] = nil
            work?()
        }
        isStarting = false
    }

    /// Ends `ticket`: a pending item is removed without running; a running one frees its slot
    /// (and the next item starts). Releasing twice does nothing.
    /// - Complexity: O(p) for a pending item in a bucket of p items.
    func release(_ ticket: Int) {
        guard ticket >= 0 && ticket < states.count else { return }
        switch states[ticket] {
        case .pending:
            let bucket = priorities[ticket].rawValue
            if let index = buckets[bucket].firstIndex(of: ticket) { buckets[bucket].remove(at: index) }
            pendingCount -= 1
            states[ticket] = .released
            works[ticket] = nil
        case .running:
            states[ticket] = .released
            runningCount -= 1
            startReady()
        case .released:
            return
        }
    }

    /// Whether `ticket` waits for a slot.
    func isPending(_ ticket: Int) -> Bool { ticket >= 0 && ticket < states.count && states[ticket] == .pending }

    /// Changes the priority of `ticket`; only a pending item moves (a running one keeps its slot).
    func setPriority(_ ticket: Int, _ priority: RequestPriority) {
        guard ticket >= 0 && ticket < states.count else { return }
        let old = priorities[ticket]
        guard old != priority else { return }
        priorities[ticket] = priority
        guard states[ticket] == .pending else { return }
        if let index = buckets[old.rawValue].firstIndex(of: ticket) { buckets[old.rawValue].remove(at: index) }
        switch placement {
        case .taskQueue:
            if priority < old {
                buckets[priority.rawValue].insert(ticket, at: 0)
            } else {
                buckets[priority.rawValue].append(ticket)
            }
        case .submissionOrder:
            let bucket = buckets[priority.rawValue]
            var at = bucket.count
            while at > 0 && bucket[at - 1] > ticket { at -= 1 }  // tickets grow with submission
            buckets[priority.rawValue].insert(ticket, at: at)
        }
    }

    /// The next pending ticket, highest priority first.
    private func dequeue() -> Int? {
        for p in stride(from: buckets.count - 1, through: 0, by: -1) where !buckets[p].isEmpty {
            pendingCount -= 1
            return buckets[p].removeFirst()
        }
        return nil
    }
}
