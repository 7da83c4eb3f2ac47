/// A min-priority queue of simulation events ordered by `(time, sequence)`.
///
/// A binary heap (Williams 1964) whose order among events at the same time is made total by a
/// sequence number assigned at insertion, so ties run in insertion order (docs/model.md, "Time,
/// randomness, determinism"). Events are never removed from the middle: an event that became
/// obsolete is skipped by its handler (the habit of swift-async-algorithms' validation
/// scheduler), which keeps every operation O(log n).
struct EventQueue<Payload> {
    /// One queued event.
    struct Entry {
        var time: SimTime
        var sequence: UInt64
        var payload: Payload
    }

    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 0

    /// Number of queued events.
    var count: Int { heap.count }
    /// Whether no event is queued.
    var isEmpty: Bool { heap.isEmpty }
    /// Time of the earliest event, if any.
    var nextTime: SimTime? { heap.first?.time }

    @inline(__always)
    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.time < b.time || (a.time == b.time && a.sequence < b.sequence)
    }

    /// Adds `payload` at `time`.
    /// - Complexity: O(log n).
    mutating func push(_ payload: Payload, at time: SimTime) {
        heap.append(Entry(time: time, sequence: nextSequence, payload: payload))
        nextSequence &+= 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest event.
    /// - Complexity: O(log n).
    mutating func pop() -> Entry? {
        guard !heap.isEmpty else { return nil }
        if heap.count == 1 { return heap.removeLast() }
        heap.swapAt(0, heap.count - 1)
        let top = heap.removeLast()
        var parent = 0
        let n = heap.count
        while true {
            let left = 2 * parent + 1
            if left >= n { break }
            var best = left
            let right = left + 1
            if right < n && Self.precedes(heap[right], heap[left]) { best = right }
            guard Self.precedes(heap[best], heap[parent]) else { break }
            heap.swapAt(best, parent)
            parent = best
        }
        return top
    }

    /// Checks the heap order (used by tests after every mutation).
    func checkInvariants() -> Bool {
        for i in 1..<max(heap.count, 1) where Self.precedes(heap[i], heap[(i - 1) / 2]) { return false }
        return true
    }
}
