/// The requests of one session waiting for a connection (or an HTTP/2 stream): highest priority
/// first, submission order within a priority, as `URLSession` orders tasks by `priority` (see
/// docs/model.md, Resources).
///
/// Every request gets a ticket, its submission rank in this queue. Each priority keeps a FIFO of
/// tickets appended in submission order (so it is sorted), and a binary min-heap of the tickets
/// that moved to it from another priority (a moved request keeps its submission rank, so it may
/// belong in the middle of the FIFO). The next request is the smaller of the two heads. Removals
/// and moves leave the old entry where it is; an entry is current only while its ticket is
/// queued with the entry's version, and stale entries are skipped when they reach a head.
///
/// - Complexity: `push`, `remove` and `popFirst` are O(1) amortised (each entry is appended once
///   and passed once); `move` is O(log m) for m moved entries at the new priority. Memory is one
///   small record per ticket ever pushed, and the FIFOs drop their passed prefix as they go.
///
/// It does not take time, start requests or know about connections: `NetworkModel` does.
struct RequestQueue {
    /// A FIFO or heap entry: the ticket, and the version of the ticket it was queued under.
    private struct Entry: Comparable {
        /// The ticket (submission rank).
        var ticket: Int
        /// The ticket's version when this entry was made.
        var version: UInt32

        /// Heap order: by ticket, then version.
        static func < (a: Entry, b: Entry) -> Bool { (a.ticket, a.version) < (b.ticket, b.version) }
    }

    /// Per ticket: the request id.
    private var requestOfTicket: [Int] = []
    /// Per ticket: its priority now.
    private var priorityOfTicket: [RequestPriority] = []
    /// Per ticket: bumped by every move and removal, so older entries are stale.
    private var versionOfTicket: [UInt32] = []
    /// Per ticket: whether it is still waiting.
    private var isQueued: [Bool] = []
    /// Per priority: entries in submission order.
    private var fifos: [[Entry]] = Array(repeating: [], count: RequestPriority.allCases.count)
    /// Per priority: the index of the first entry of `fifos[p]` not yet passed.
    private var fifoHeads: [Int] = Array(repeating: 0, count: RequestPriority.allCases.count)
    /// Per priority: a min-heap (by ticket) of the entries that moved there.
    private var movedHeaps: [MinHeap<Entry>] = Array(repeating: MinHeap(), count: RequestPriority.allCases.count)
    /// Per priority: the tickets waiting there. `popFirst` passes a priority without any at once,
    /// and a priority's entries are dropped when its last ticket leaves (all of them are stale then).
    private var countAt: [Int] = Array(repeating: 0, count: RequestPriority.allCases.count)
    /// Requests waiting.
    private(set) var count = 0

    /// An empty queue.
    init() {}

    /// Whether no request waits.
    var isEmpty: Bool { count == 0 }

    /// Queues request `id` at `priority` behind everything pushed before; returns its ticket.
    /// - Complexity: O(1) amortised.
    mutating func push(_ id: Int, priority: RequestPriority) -> Int {
        let ticket = requestOfTicket.count
        requestOfTicket.append(id)
        priorityOfTicket.append(priority)
        versionOfTicket.append(0)
        isQueued.append(true)
        fifos[priority.rawValue].append(Entry(ticket: ticket, version: 0))
        countAt[priority.rawValue] += 1
        count += 1
        return ticket
    }

    /// Whether `ticket` is still waiting.
    func contains(_ ticket: Int) -> Bool { ticket >= 0 && ticket < isQueued.count && isQueued[ticket] }

    /// Takes `ticket` out of the queue (a cancelled request). Does nothing if it is not waiting.
    /// - Complexity: O(1).
    mutating func remove(_ ticket: Int) {
        guard contains(ticket) else { return }
        isQueued[ticket] = false
        versionOfTicket[ticket] &+= 1
        count -= 1
        leave(priorityOfTicket[ticket].rawValue)
    }

    /// Moves a waiting `ticket` to `priority`, at its submission rank among the requests there.
    /// - Complexity: O(log m), m the entries that moved to `priority`.
    mutating func move(_ ticket: Int, to priority: RequestPriority) {
        guard contains(ticket), priorityOfTicket[ticket] != priority else { return }
        leave(priorityOfTicket[ticket].rawValue)
        countAt[priority.rawValue] += 1
        priorityOfTicket[ticket] = priority
        versionOfTicket[ticket] &+= 1
        movedHeaps[priority.rawValue].push(Entry(ticket: ticket, version: versionOfTicket[ticket]))
    }

    /// Removes and returns the request id of the first waiting request: highest priority, then
    /// lowest ticket.
    /// - Complexity: O(1) amortised plus O(log m) when the request comes from a moved-in heap.
    mutating func popFirst() -> Int? {
        guard count > 0 else { return nil }
        for p in stride(from: fifos.count - 1, through: 0, by: -1) where countAt[p] > 0 {
            skipStaleEntries(at: p)
            let fifoTicket = fifoHeads[p] < fifos[p].count ? fifos[p][fifoHeads[p]].ticket : Int.max
            let heapTicket = movedHeaps[p].first?.ticket ?? Int.max
            guard fifoTicket != Int.max || heapTicket != Int.max else { continue }
            let ticket: Int
            if fifoTicket < heapTicket {
                ticket = fifoTicket
                fifoHeads[p] += 1
                compactFIFO(at: p)
            } else {
                ticket = heapTicket
                movedHeaps[p].removeFirst()
            }
            isQueued[ticket] = false
            versionOfTicket[ticket] &+= 1
            count -= 1
            leave(p)
            return requestOfTicket[ticket]
        }
        return nil
    }

    /// A ticket left priority `p` (popped, removed or moved away); its last one leaves only
    /// stale entries, which are dropped.
    private mutating func leave(_ p: Int) {
        countAt[p] -= 1
        guard countAt[p] == 0 else { return }
        if !fifos[p].isEmpty {
            fifos[p].removeAllKeepingCapacity()
            fifoHeads[p] = 0
        }
        if !movedHeaps[p].isEmpty { movedHeaps[p].removeAll() }
    }

    /// Whether `entry` still stands for a waiting ticket at `priority`.
    private func isCurrent(_ entry: Entry) -> Bool {
        isQueued[entry.ticket] && versionOfTicket[entry.ticket] == entry.version
    }

    /// Passes the stale entries at the heads of priority `p`'s FIFO and heap.
    private mutating func skipStaleEntries(at p: Int) {
        while fifoHeads[p] < fifos[p].count && !isCurrent(fifos[p][fifoHeads[p]]) { fifoHeads[p] += 1 }
        compactFIFO(at: p)
        while let top = movedHeaps[p].first, !isCurrent(top) { movedHeaps[p].removeFirst() }
    }

    /// Drops the passed prefix of FIFO `p` once it is most of the array.
    private mutating func compactFIFO(at p: Int) {
        if fifos[p].isEmpty {
            return  // nothing to drop
        } else if fifoHeads[p] == fifos[p].count {
            fifos[p].removeAllKeepingCapacity()
            fifoHeads[p] = 0
        } else if fifoHeads[p] > 1024 && fifoHeads[p] * 2 > fifos[p].count {
            fifos[p].removeFirst(fifoHeads[p])
            fifoHeads[p] = 0
        }
    }
}
