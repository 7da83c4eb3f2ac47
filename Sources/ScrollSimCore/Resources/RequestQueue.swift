/// The requests of one session waiting for a connection (or an HTTP/2 stream): highest priority
/// first, submission order within a priority, as `URLSession` orders tasks by `priority` (see
/// docs/model.md, Resources).
///
/// Every request gets a ticket, its submission rank in this queue. Each priority keeps a FIFO of
/// the tickets pushed at it, in submission order (so it is sorted), linked through the tickets'
/// records, and a binary min-heap of the tickets that moved to it from another priority (a moved
/// request keeps its submission rank, so it may belong in the middle of the FIFO). The next
/// request is the smaller of the two heads. Removals and moves leave the old entry where it is; an
/// entry is current only while its ticket is queued with the entry's version (a FIFO entry's is
/// 0: a ticket's first move makes it stale), and stale entries are skipped when they reach a head.
///
/// When the queue empties with 256 records or more, no entry is left, and the records start again
/// (keeping their room) under a new epoch: a ticket is its record's index plus the epoch times 2³²,
/// so a ticket of an earlier epoch is never taken for a later one. Memory is one small record per
/// ticket pushed since the queue last emptied (or 256).
///
/// - Complexity: `push`, `remove` and `popFirst` are O(1) amortised (each entry is made once and
///   passed once); `move` is O(log m) for m moved entries at the new priority.
///
/// It does not take time, start requests or know about connections: `NetworkModel` does.
struct RequestQueue {
    /// A heap entry: the ticket, and the version of the ticket it was queued under.
    private struct Entry: Comparable {
        /// The ticket (submission rank).
        var ticket: Int
        /// The ticket's version when this entry was made.
        var version: UInt32

        /// Heap order: by ticket, then version.
        static func < (a: Entry, b: Entry) -> Bool { (a.ticket, a.version) < (b.ticket, b.version) }
    }

    /// One ticket (one record, so that a push appends once).
    private struct Ticket {
        /// The request id.
        var request: Int
        /// The ticket pushed after it at the priority it was pushed at (its FIFO), or −1.
        var next = -1
        /// Bumped by every move and removal, so older entries are stale.
        var version: UInt32 = 0
        /// Its priority now.
        var priority: RequestPriority
        /// Whether it is still waiting.
        var isQueued = true
    }

    /// One priority's FIFO and count.
    private struct Lane {
        /// The first ticket of the FIFO not yet passed, or −1 when the FIFO is empty.
        var head = -1
        /// The last ticket of the FIFO (meaningless while `head` is −1).
        var tail = -1
        /// The tickets waiting at this priority. `popFirst` passes a priority without any at once,
        /// and a priority's entries are dropped when its last ticket leaves (all are stale then).
        var count = 0
    }

    /// Per ticket of this epoch (by index): its record. (Buffers only this queue holds, as
    /// `SharedLink`'s transfers: a change of a record pays no uniqueness check. A queue is never
    /// copied: its session holds it.)
    private let tickets = RecordBuffer<Ticket>()
    /// How many times the queue emptied (the high half of its tickets).
    private var epoch = 0
    /// Per priority: its FIFO and count.
    private let lanes = RecordBuffer<Lane>()
    /// Per priority: a min-heap (by ticket) of the entries that moved there.
    private let movedHeaps: [MinHeap<Entry>] = RequestPriority.allCases.map { _ in MinHeap() }
    /// Requests waiting.
    private(set) var count = 0

    /// An empty queue.
    init() {
        for _ in RequestPriority.allCases { lanes.append(Lane()) }
    }

    /// Whether no request waits.
    var isEmpty: Bool { count == 0 }

    /// Queues request `id` at `priority` behind everything pushed before; returns its ticket.
    /// - Complexity: O(1) amortised.
    mutating func push(_ id: Int, priority: RequestPriority) -> Int {
        precondition(tickets.count < 1 << 32, "too many requests queued at once")
        let ticket = tickets.count
        let p = priority.rawValue
        if lanes[p].head >= 0 {
            tickets[lanes[p].tail].next = ticket
        } else {
            lanes[p].head = ticket
        }
        tickets.append(Ticket(request: id, priority: priority))
        lanes[p].tail = ticket
        lanes[p].count += 1
        count += 1
        return epoch << 32 | ticket
    }

    /// The index of `ticket` if it is still waiting, else nil.
    @inline(__always)
    private func index(_ ticket: Int) -> Int? {
        let index = ticket & 0xFFFF_FFFF
        guard ticket >> 32 == epoch && index < tickets.count && tickets[index].isQueued else { return nil }
        return index
    }

    /// Whether `ticket` is still waiting.
    func contains(_ ticket: Int) -> Bool { index(ticket) != nil }

    /// Takes `ticket` out of the queue (a cancelled request). Does nothing if it is not waiting.
    /// - Complexity: O(1).
    mutating func remove(_ ticket: Int) {
        guard let ticket = index(ticket) else { return }
        tickets[ticket].isQueued = false
        tickets[ticket].version &+= 1
        count -= 1
        leave(tickets[ticket].priority.rawValue)
        if count == 0 && tickets.count >= Self.restartRecords { restart() }
    }

    /// Moves a waiting `ticket` to `priority`, at its submission rank among the requests there.
    /// - Complexity: O(log m), m the entries that moved to `priority`.
    mutating func move(_ ticket: Int, to priority: RequestPriority) {
        guard let ticket = index(ticket), tickets[ticket].priority != priority else { return }
        leave(tickets[ticket].priority.rawValue)
        lanes[priority.rawValue].count += 1
        tickets[ticket].priority = priority
        tickets[ticket].version &+= 1
        movedHeaps[priority.rawValue].push(Entry(ticket: ticket, version: tickets[ticket].version))
    }

    /// Removes and returns the request id of the first waiting request: highest priority, then
    /// lowest ticket.
    /// - Complexity: O(1) amortised plus O(log m) when the request comes from a moved-in heap.
    mutating func popFirst() -> Int? {
        guard count > 0 else { return nil }
        for p in stride(from: lanes.count - 1, through: 0, by: -1) where lanes[p].count > 0 {
            // Pass the stale entries at the heads of the FIFO and the heap.
            var fifoTicket = lanes[p].head
            while fifoTicket >= 0 && !(tickets[fifoTicket].isQueued && tickets[fifoTicket].version == 0) {
                fifoTicket = tickets[fifoTicket].next
            }
            lanes[p].head = fifoTicket
            if fifoTicket < 0 { fifoTicket = Int.max }
            var heapTicket = Int.max
            if !movedHeaps[p].isEmpty {
                while let top = movedHeaps[p].first, !isCurrent(top) { movedHeaps[p].removeFirst() }
                heapTicket = movedHeaps[p].first?.ticket ?? Int.max
            }
            guard fifoTicket != Int.max || heapTicket != Int.max else { continue }
            let ticket: Int
            if fifoTicket < heapTicket {
                ticket = fifoTicket
                lanes[p].head = tickets[ticket].next
            } else {
                ticket = heapTicket
                movedHeaps[p].removeFirst()
            }
            tickets[ticket].isQueued = false
            tickets[ticket].version &+= 1
            count -= 1
            leave(p)
            let request = tickets[ticket].request
            if count == 0 && tickets.count >= Self.restartRecords { restart() }
            return request
        }
        return nil
    }

    /// Records from which an emptied queue starts again (fewer: it goes on, which costs less).
    static let restartRecords = 256

    /// The queue is empty, so no FIFO or heap holds an entry: the records start again (keeping
    /// their room) under the next epoch.
    private mutating func restart() {
        tickets.removeAll()
        epoch += 1
    }

    /// Ticket records held (tests): those pushed since the queue was last empty.
    var ticketRecordCount: Int { tickets.count }

    /// A ticket left priority `p` (popped, removed or moved away); its last one leaves only
    /// stale entries, which are dropped.
    private mutating func leave(_ p: Int) {
        lanes[p].count -= 1
        guard lanes[p].count == 0 else { return }
        lanes[p].head = -1
        if !movedHeaps[p].isEmpty { movedHeaps[p].removeAll() }
    }

    /// Whether heap entry `entry` still stands for a waiting ticket.
    private func isCurrent(_ entry: Entry) -> Bool {
        tickets[entry.ticket].isQueued && tickets[entry.ticket].version == entry.version
    }
}
