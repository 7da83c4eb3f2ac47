/// A min-priority queue of simulation events ordered by `(time, sequence)`.
///
/// A binary heap (Williams 1964) whose order among events at the same time is made total by a
/// sequence number assigned at insertion, so ties run in insertion order (docs/model.md, "Time,
/// randomness, determinism"). The heap holds only plain values, a `Key` of time, sequence and the
/// index of a slot; payloads (which may hold closures) stay in their slot until popped, so a heap
/// move copies 24 bytes and never touches a reference count, and sifting moves a hole instead of
/// swapping.
/// Popped slots are reused (a free list), so the payload storage stays as large as the most
/// events ever pending at once. Events are never removed from the middle: an event that became
/// obsolete is skipped by its handler (the habit of swift-async-algorithms' validation
/// scheduler), which keeps every operation O(log n).
struct EventQueue<Payload> {
    /// One queued event, as `pop` returns it.
    struct Entry {
        /// When the event happens.
        var time: SimTime
        /// Its insertion number (ties at equal times pop in this order).
        var sequence: UInt64
        /// What happens.
        var payload: Payload
    }

    /// A heap element: the order key and where the payload waits. Plain values only.
    struct Key {
        /// When the event happens.
        var time: SimTime
        /// Its insertion number.
        var sequence: UInt64
        /// Index of its payload in `payloads`.
        var slot: Int
    }

    /// The heap of keys in `heap[0..<heapCount]`: `heap[i]` precedes neither of `heap[2i + 1]`,
    /// `heap[2i + 2]`. The array only grows (to the most events ever pending), so pushing and
    /// popping never resize it and each sift runs inside one buffer access.
    private var heap: [Key] = []
    /// Number of queued events (the live prefix of `heap`).
    private var heapCount = 0
    /// Payloads by slot; nil in a free slot.
    private var payloads: [Payload?] = []
    /// Free slots of `payloads`, reused last freed first.
    private var freeSlots: [Int] = []
    /// The next insertion's sequence number.
    private var nextSequence: UInt64 = 0

    /// Number of queued events.
    var count: Int { heapCount }
    /// Whether no event is queued.
    var isEmpty: Bool { heapCount == 0 }
    /// Time of the earliest event, if any.
    var nextTime: SimTime? { heapCount > 0 ? heap[0].time : nil }
    /// Payload slots allocated so far: the most events ever pending at once (tests).
    var slotCount: Int { payloads.count }

    /// Whether `a` pops before `b`: earlier time, or the same time and inserted earlier.
    @inline(__always)
    private static func precedes(_ a: Key, _ b: Key) -> Bool {
        a.time < b.time || (a.time == b.time && a.sequence < b.sequence)
    }

    /// Adds `payload` at `time`.
    /// - Complexity: O(log n).
    mutating func push(_ payload: Payload, at time: SimTime) {
        let slot: Int
        if !freeSlots.isEmpty {
            slot = freeSlots.removeLast()
            payloads[slot] = payload
        } else {
            slot = payloads.count
            payloads.append(payload)
        }
        let key = Key(time: time, sequence: nextSequence, slot: slot)
        nextSequence &+= 1
        if heapCount == heap.count { heap.append(key) }
        let end = heapCount
        heapCount += 1
        heap.withUnsafeMutableBufferPointer { heap in
            var child = end
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.precedes(key, heap[parent]) else { break }
                heap[child] = heap[parent]
                child = parent
            }
            heap[child] = key
        }
    }

    /// Removes and returns the earliest event.
    /// - Complexity: O(log n).
    mutating func pop() -> Entry? {
        guard heapCount > 0 else { return nil }
        heapCount -= 1
        let count = heapCount
        let top = heap.withUnsafeMutableBufferPointer { heap in
            let top = heap[0]
            guard count > 0 else { return top }
            // Sift the last key down from the root, moving a hole instead of swapping.
            let last = heap[count]
            var hole = 0
            while true {
                var child = 2 * hole + 1
                if child >= count { break }
                if child + 1 < count && Self.precedes(heap[child + 1], heap[child]) { child += 1 }
                guard Self.precedes(heap[child], last) else { break }
                heap[hole] = heap[child]
                hole = child
            }
            heap[hole] = last
            return top
        }
        let payload = payloads[top.slot].take()!
        freeSlots.append(top.slot)
        return Entry(time: top.time, sequence: top.sequence, payload: payload)
    }

    /// Checks the heap order, that every queued key's slot holds a payload and that every other
    /// slot is free and empty (used by tests after every mutation).
    func checkInvariants() -> Bool {
        guard heapCount <= heap.count else { return false }
        for i in 1..<max(heapCount, 1) where Self.precedes(heap[i], heap[(i - 1) / 2]) { return false }
        var used = Array(repeating: false, count: payloads.count)
        for key in heap[..<heapCount] {
            guard key.slot >= 0, key.slot < payloads.count, !used[key.slot], payloads[key.slot] != nil else {
                return false
            }
            used[key.slot] = true
        }
        for slot in freeSlots {
            guard slot >= 0, slot < payloads.count, !used[slot], payloads[slot] == nil else { return false }
            used[slot] = true
        }
        return heapCount + freeSlots.count == payloads.count
    }
}
