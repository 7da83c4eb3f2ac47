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
/// `.lastInFirstOut` order models SDWebImage's LIFO `executionOrder` (SDWebImage 5.21.5,
/// `SDWebImageDownloader.m`, `createDownloaderOperationWithUrl:`): every operation already in the
/// queue gets a dependency on the new one, and an `NSOperation` is ready only when its
/// dependencies have finished. So a pending item may start only when no item added after it is
/// still pending or running: new items start at once while slots are free, and a backlog drains
/// newest first, one at a time (the library's own test, `test15DownloaderLIFOExecutionOrder`,
/// pins that order). Priorities play no part then: at most one pending item is ever ready.
///
/// `.firstInFirstOut` order models a serial `DispatchQueue`: items start in submission order and
/// priorities are ignored.
///
/// `add` never starts work; `startReady()` does, so a caller can store the ticket first. Work
/// may call `release` (or `add`) re-entrantly.
///
/// Tickets number items in submission order and are never reused (callers tell items apart by
/// them). Memory follows the tickets from the oldest one not yet released to the newest: the
/// records of a released prefix are dropped.
final class PriorityWorkQueue {
    /// Where a pending item goes when its priority changes.
    enum Placement {
        /// Appended to the new bucket when raised, prepended when lowered (Nuke's `TaskQueue`).
        case taskQueue
        /// At its submission rank within the new bucket (`NSOperationQueue` model).
        case submissionOrder
    }

    /// Which pending item starts next.
    enum StartOrder {
        /// Highest priority first, submission order within a priority (`NSOperationQueue`).
        case priority
        /// Only the newest item not yet released may start (SDWebImage's LIFO dependencies).
        case lastInFirstOut
        /// Submission order alone, whatever the priorities (a serial `DispatchQueue`, which runs
        /// its blocks in the order they were submitted: Kingfisher's and SDWebImage's `ioQueue`).
        case firstInFirstOut
    }

    /// Where a ticket is.
    private enum State: UInt8 { case pending, running, released }

    /// A ticket's work: a closure, or a target told to start it. (Not a bare closure: an array of
    /// optional closures stores each one reabstracted, through a thunk allocated when it is stored
    /// and another when it is read.)
    private enum Work {
        /// The work itself.
        case closure(() -> Void)
        /// `target.workStarted(tag:)` (no closure made per item).
        case target(TargetReference, tag: Int)
        /// `target.workStarted(tag:)`, the target held until then (a load queued as its own target).
        case retainedTarget(any PriorityWorkTarget, tag: Int)
    }

    /// A work target, not retained: it owns the queue (`add(priority:target:tag:)`).
    private struct TargetReference {
        unowned(unsafe) let target: any PriorityWorkTarget
    }

    /// One ticket.
    private struct Entry {
        /// Where it is.
        var state: State
        /// Its priority now.
        var priority: RequestPriority
        /// Its work (nil once started or released).
        var work: Work?
    }

    /// Items that may run at once.
    let width: Int
    /// Where reprioritised items go.
    private let placement: Placement
    /// Which pending item starts next.
    private let order: StartOrder
    /// Tickets newest last, dropped lazily from the end once released (`.lastInFirstOut` only).
    @exclusivity(unchecked) private var unreleased: [Int] = []
    /// Each ticket's state, priority and work, from ticket `firstTicket` on (in submission order),
    /// in one array: a queue made per call (Kingfisher's prefetcher) grows one array, not three.
    private let entries = RecordBuffer<Entry>()
    /// The ticket of `entries[0]` (those before were released and dropped).
    @exclusivity(unchecked) private var firstTicket = 0
    /// Released entries at the front of `entries` (dropped once they are most of it).
    @exclusivity(unchecked) private var releasedPrefix = 0
    /// Pending tickets per priority, in start order, from `heads` (the entries before a bucket's
    /// head have started: a start moves the head instead of shifting the bucket).
    @exclusivity(unchecked) private var buckets: [[Int]] = Array(repeating: [], count: RequestPriority.allCases.count)
    /// The first live entry of each bucket.
    @exclusivity(unchecked) private var heads = SIMD8<Int>()  // (five priorities; a SIMD value: nothing allocated)
    /// Items started and not yet released.
    @exclusivity(unchecked) private(set) var runningCount = 0
    /// Items waiting for a slot.
    @exclusivity(unchecked) private(set) var pendingCount = 0
    /// Whether `startReady` is on the stack (re-entrant calls return at once).
    @exclusivity(unchecked) private var isStarting = false

    /// A queue running at most `width` items at once, starting them in `order`.
    init(width: Int, placement: Placement = .taskQueue, order: StartOrder = .priority) {
        self.width = max(1, width)
        self.placement = placement
        self.order = order
    }

    /// The ticket the next `add` returns.
    var nextTicket: Int { firstTicket + entries.count }

    /// Records held (tests): from the oldest ticket not released (or a short released prefix).
    var entryRecordCount: Int { entries.count }

    /// The index in `entries` of `ticket` if it was not dropped, else nil.
    @inline(__always)
    private func index(_ ticket: Int) -> Int? {
        let index = ticket - firstTicket
        return index >= 0 && index < entries.count ? index : nil
    }

    /// Queues `work` at `priority` and returns its ticket; call `startReady()` to start it.
    /// - Complexity: O(1) amortised.
    func add(priority: RequestPriority, _ work: @escaping () -> Void) -> Int {
        return add(priority: priority, .closure(work))
    }

    /// Queues work at `priority` that `target.workStarted(tag:)` runs when it starts, and returns
    /// its ticket: `add(priority:_:)` without a closure per item. `target` is not retained: it
    /// must own the queue (it then outlives every item).
    /// - Complexity: O(1) amortised.
    func add(priority: RequestPriority, target: any PriorityWorkTarget, tag: Int) -> Int {
        add(priority: priority, .target(TargetReference(target: target), tag: tag))
    }

    /// `add(priority:target:tag:)` with `target` retained until its work starts or is released:
    /// the queue holds what waits in it (a target that does not own the queue, such as a load
    /// queued as its own target, which must not hold the queue).
    /// - Complexity: O(1) amortised.
    func add(priority: RequestPriority, retainedTarget target: any PriorityWorkTarget, tag: Int) -> Int {
        add(priority: priority, .retainedTarget(target, tag: tag))
    }

    @inline(__always)
    private func add(priority: RequestPriority, _ work: Work) -> Int {
        let ticket = nextTicket
        let priority = order == .firstInFirstOut ? .veryLow : priority  // one bucket: submission order
        entries.append(Entry(state: .pending, priority: priority, work: work))
        buckets[priority.rawValue].append(ticket)
        pendingCount += 1
        if order == .lastInFirstOut { unreleased.append(ticket) }
        return ticket
    }

    /// Starts pending items, highest priority first, while slots are free.
    func startReady() {
        guard !isStarting else { return }  // a re-entrant call: the loop below goes on
        isStarting = true
        while runningCount < width && pendingCount > 0 {
            guard let ticket = dequeue() else { break }
            let i = ticket - firstTicket
            entries[i].state = .running
            runningCount += 1
            switch entries[i].work.take() {  // (moved out: no retain and release)
            case .closure(let run)?: run()
            case .target(let reference, let tag)?: reference.target.workStarted(tag: tag)
            case .retainedTarget(let target, let tag)?: target.workStarted(tag: tag)  // (held for the call)
            case nil: break
            }
        }
        isStarting = false
    }

    /// Ends `ticket`: a pending item is removed without running; a running one frees its slot
    /// (and the next item starts). Releasing twice does nothing.
    /// - Complexity: O(p) for a pending item in a bucket of p items.
    func release(_ ticket: Int) {
        guard let i = index(ticket) else { return }  // (a dropped ticket was released)
        switch entries[i].state {
        case .pending:
            removePending(ticket, from: entries[i].priority.rawValue)
            pendingCount -= 1
            entries[i].state = .released
            entries[i].work = nil
            dropReleased(from: i)
        case .running:
            entries[i].state = .released
            runningCount -= 1
            dropReleased(from: i)
            startReady()
        case .released:
            return
        }
    }

    /// Entry `i` was just released: when it ends the released prefix, the prefix grows over the
    /// released entries after it, and is dropped when it is everything or most of a long array.
    /// - Complexity: O(1) amortised (an entry joins the prefix once, and is moved at most once
    ///   per time the array halves).
    private func dropReleased(from i: Int) {
        guard i == releasedPrefix else { return }
        var prefix = i + 1
        while prefix < entries.count && entries[prefix].state == .released { prefix += 1 }
        if prefix == entries.count {
            entries.removeAll()
            firstTicket += prefix
            releasedPrefix = 0
        } else if prefix > 32 && prefix * 2 > entries.count {
            entries.removeFirst(prefix)
            firstTicket += prefix
            releasedPrefix = 0
        } else {
            releasedPrefix = prefix
        }
    }

    /// Whether `ticket` waits for a slot.
    func isPending(_ ticket: Int) -> Bool {
        guard let i = index(ticket) else { return false }
        return entries[i].state == .pending
    }

    /// Changes the priority of `ticket`; only a pending item moves (a running one keeps its slot).
    /// Under `.firstInFirstOut` nothing changes.
    func setPriority(_ ticket: Int, _ priority: RequestPriority) {
        guard let i = index(ticket), order != .firstInFirstOut else { return }
        let old = entries[i].priority
        guard old != priority else { return }
        entries[i].priority = priority
        guard entries[i].state == .pending else { return }
        removePending(ticket, from: old.rawValue)
        let p = priority.rawValue, head = heads[p]
        switch placement {
        case .taskQueue:
            if priority >= old {
                buckets[p].append(ticket)
            } else if head > 0 {
                heads[p] = head - 1  // into the started entry before the head
                buckets[p][head - 1] = ticket
            } else {
                buckets[p].insert(ticket, at: 0)
            }
        case .submissionOrder:
            let bucket = buckets[p]
            var at = bucket.count
            while at > head && bucket[at - 1] > ticket { at -= 1 }  // tickets grow with submission
            buckets[p].insert(ticket, at: at)
        }
    }

    /// The next pending ticket, highest priority first; under `.lastInFirstOut`, the newest
    /// unreleased ticket if it is pending (nil when it is running: everything older waits for it).
    /// - Complexity: O(1) amortised under `.lastInFirstOut` (each ticket is dropped once).
    private func dequeue() -> Int? {
        if order == .lastInFirstOut {
            // (A ticket not found was released and dropped.)
            while let newest = unreleased.last, index(newest).map({ entries[$0].state == .released }) ?? true {
                unreleased.removeLast()
            }
            guard let newest = unreleased.last, entries[newest - firstTicket].state == .pending else { return nil }
            let p = entries[newest - firstTicket].priority.rawValue
            if let index = buckets[p][heads[p]...].lastIndex(of: newest) { buckets[p].remove(at: index) }
            pendingCount -= 1
            return newest
        }
        var p = buckets.count - 1
        while p >= 0 {
            let head = heads[p]
            if head < buckets[p].count {
                pendingCount -= 1
                let ticket = buckets[p][head]
                heads[p] = head + 1
                compact(p)
                return ticket
            }
            p -= 1
        }
        return nil
    }

    /// Removes pending `ticket` from bucket `p` (it is there, at or after the head).
    private func removePending(_ ticket: Int, from p: Int) {
        if let index = buckets[p][heads[p]...].firstIndex(of: ticket) { buckets[p].remove(at: index) }
        compact(p)
    }

    /// Drops bucket `p`'s started entries when nothing is live after them, or when they are most
    /// of a long bucket.
    private func compact(_ p: Int) {
        let head = heads[p]
        if head == buckets[p].count {
            buckets[p].removeAllKeepingCapacity()
            heads[p] = 0
        } else if head > 32 && head * 2 > buckets[p].count {
            buckets[p].removeFirst(head)
            heads[p] = 0
        }
    }
}

/// Runs the work items queued with `PriorityWorkQueue.add(priority:target:tag:)`.
protocol PriorityWorkTarget: AnyObject {
    /// The item queued with `tag` starts (it holds its slot until `release`).
    func workStarted(tag: Int)
}
