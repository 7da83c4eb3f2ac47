/// A min-priority queue of simulation events ordered by `(time, sequence)`.
///
/// A binary heap (Williams 1964) whose order among events at the same time is made total by a
/// sequence number assigned at insertion, so ties run in insertion order (docs/model.md, "Time,
/// randomness, determinism"). The heap holds only plain values, a `Key` of time, sequence and the
/// index of a slot; payloads (which may hold closures) stay in their slot until popped, so a heap
/// move copies 24 bytes and never touches a reference count, and sifting moves a hole instead of
/// swapping.
/// Popped slots are reused (a free list), so the payload storage stays as large as the most
/// events ever pending at once. A free slot is uninitialised memory: a push initialises it with
/// the payload it consumes and a pop moves the payload out, so neither copies, retains or destroys
/// a payload. Events are never removed from the middle: an event that became
/// obsolete is skipped by its handler (the habit of swift-async-algorithms' validation
/// scheduler), which keeps every operation O(log n).
///
/// A class over manually allocated buffers (one owner: the run's `Scheduler`), so a push or a pop
/// pays no copy-on-write uniqueness check, bounds check or exclusivity check; every index used
/// is kept in range by the counts below (`checkInvariants`).
final class EventQueue<Payload> {
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
    /// `heap[2i + 2]`. Room for `capacity` keys.
    @exclusivity(unchecked) private var heap: UnsafeMutablePointer<Key>
    /// Number of queued events (the live prefix of `heap`).
    @exclusivity(unchecked) private var heapCount = 0
    /// Payloads by slot: initialised exactly in the slots of queued keys (a free slot, and every
    /// slot from `slotCount` on, is uninitialised).
    @exclusivity(unchecked) private var payloads: UnsafeMutablePointer<Payload>
    /// Payload slots initialised so far: the most events ever pending at once.
    @exclusivity(unchecked) private(set) var slotCount = 0
    /// Free slots of `payloads` in `freeSlots[0..<freeCount]`, reused last freed first.
    @exclusivity(unchecked) private var freeSlots: UnsafeMutablePointer<Int>
    /// Number of free slots.
    @exclusivity(unchecked) private var freeCount = 0
    /// Room in each buffer (`heapCount + freeCount == slotCount <= capacity`).
    @exclusivity(unchecked) private var capacity: Int
    /// The next insertion's sequence number.
    @exclusivity(unchecked) private var nextSequence: UInt64 = 0

    /// An empty queue.
    init() {
        capacity = 16
        heap = .allocate(capacity: capacity)
        payloads = .allocate(capacity: capacity)
        freeSlots = .allocate(capacity: capacity)
    }

    deinit {
        removeAll()
        payloads.deallocate()
        heap.deallocate()
        freeSlots.deallocate()
    }

    /// Drops every queued event uncalled, releasing its payload (the run ended); insertion numbers
    /// go on as before.
    func removeAll() {
        for index in 0..<heapCount { (payloads + heap[index].slot).deinitialize(count: 1) }
        heapCount = 0
        slotCount = 0
        freeCount = 0
    }

    /// Number of queued events.
    var count: Int { heapCount }
    /// Whether no event is queued.
    var isEmpty: Bool { heapCount == 0 }
    /// Time of the earliest event, if any.
    var nextTime: SimTime? { heapCount > 0 ? heap[0].time : nil }

    /// Takes the next insertion number without queuing anything, for an event its owner holds
    /// outside the queue (`Scheduler`'s main-item slot): the events pushed later get the numbers
    /// they would get had the event been pushed, so every tie breaks as before.
    @inline(__always)
    func reserveSequence() -> UInt64 {
        defer { nextSequence &+= 1 }
        return nextSequence
    }

    /// Whether an event at `time` with insertion number `sequence` pops before the earliest
    /// queued event (true when the queue is empty).
    @inline(__always)
    func precedesFirst(time: SimTime, sequence: UInt64) -> Bool {
        heapCount == 0 || Self.precedes(Key(time: time, sequence: sequence, slot: 0), heap[0])
    }

    /// Whether `a` pops before `b`: earlier time, or the same time and inserted earlier.
    @inline(__always)
    static func precedes(_ a: Key, _ b: Key) -> Bool {
        a.time < b.time || (a.time == b.time && a.sequence < b.sequence)
    }

    /// Doubles every buffer (all slots are in use).
    private func grow() {
        let grown = capacity * 2
        let newHeap = UnsafeMutablePointer<Key>.allocate(capacity: grown)
        newHeap.initialize(from: heap, count: heapCount)
        heap.deallocate()
        heap = newHeap
        // Only called with every slot queued (no free slot), so all `slotCount` are initialised.
        assert(freeCount == 0 && heapCount == slotCount)
        let newPayloads = UnsafeMutablePointer<Payload>.allocate(capacity: grown)
        newPayloads.moveInitialize(from: payloads, count: slotCount)
        payloads.deallocate()
        payloads = newPayloads
        let newFree = UnsafeMutablePointer<Int>.allocate(capacity: grown)
        newFree.initialize(from: freeSlots, count: freeCount)
        freeSlots.deallocate()
        freeSlots = newFree
        capacity = grown
    }

    /// Adds `payload` at `time`.
    /// - Complexity: O(log n), amortised.
    @inline(__always)
    func push(_ payload: consuming Payload, at time: SimTime) {
        push(payload, at: time, sequence: reserveSequence())
    }

    /// Adds `payload` at `time` with insertion number `sequence`, taken earlier by
    /// `reserveSequence` for an event its owner held outside the queue until now (`Scheduler`'s
    /// vsync slot): it pops exactly where it would have, had it been pushed then.
    /// - Complexity: O(log n), amortised.
    func push(_ payload: consuming Payload, at time: SimTime, sequence: UInt64) {
        let slot: Int
        if freeCount > 0 {
            freeCount -= 1
            slot = freeSlots[freeCount]
            (payloads + slot).initialize(to: payload)
        } else {
            if slotCount == capacity { grow() }
            slot = slotCount
            (payloads + slot).initialize(to: payload)
            slotCount += 1
        }
        let key = Key(time: time, sequence: sequence, slot: slot)
        let heap = self.heap  // (a local: the loop's stores cannot change it, so it is not reloaded)
        var child = heapCount
        heapCount = child &+ 1
        while child > 0 {
            let parent = (child &- 1) >> 1
            guard Self.precedes(key, heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = key
    }

    /// Removes and returns the earliest event, if any.
    /// - Complexity: O(log n).
    func pop() -> Entry? {
        heapCount > 0 ? removeFirst() : nil
    }

    /// Removes and returns the earliest event; the queue must not be empty.
    /// - Complexity: O(log n).
    @inline(__always)
    func removeFirst() -> Entry {
        precondition(heapCount > 0, "removeFirst on an empty event queue")
        let heap = self.heap  // (a local: the loops' stores cannot change it, so it is not reloaded)
        let count = heapCount &- 1
        heapCount = count
        let top = heap[0]
        if count > 0 {
            // Floyd's bottom-up deletion: the hole left at the root moves down to a leaf along the
            // earlier child (one comparison a level), then the last key moves up from there to its
            // place (it came from the bottom, so it rarely climbs far). The order is total, so the
            // heap pops the same events in the same order as any other.
            let last = heap[count]
            var hole = 0
            var child = 1
            while child < count {
                if child &+ 1 < count && Self.precedes(heap[child &+ 1], heap[child]) { child &+= 1 }
                heap[hole] = heap[child]
                hole = child
                child = hole &* 2 &+ 1
            }
            while hole > 0 {
                let parent = (hole &- 1) >> 1
                guard Self.precedes(last, heap[parent]) else { break }
                heap[hole] = heap[parent]
                hole = parent
            }
            heap[hole] = last
        }
        let payload = (payloads + top.slot).move()
        freeSlots[freeCount] = top.slot
        freeCount &+= 1
        return Entry(time: top.time, sequence: top.sequence, payload: payload)
    }

    /// Checks the heap order, and that the queued keys' slots and the free slots are distinct and
    /// together every slot in use (used by tests after every mutation).
    func checkInvariants() -> Bool {
        guard heapCount + freeCount == slotCount, slotCount <= capacity else { return false }
        for i in 1..<max(heapCount, 1) where Self.precedes(heap[i], heap[(i - 1) / 2]) { return false }
        var used = Array(repeating: false, count: slotCount)
        for index in 0..<heapCount {
            let slot = heap[index].slot
            guard slot >= 0, slot < slotCount, !used[slot] else { return false }
            used[slot] = true
        }
        for index in 0..<freeCount {
            let slot = freeSlots[index]
            guard slot >= 0, slot < slotCount, !used[slot] else { return false }
            used[slot] = true
        }
        return true
    }
}
