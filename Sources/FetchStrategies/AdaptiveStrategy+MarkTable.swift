extension AdaptiveStrategy {
    /// An `Int` per small non-negative key (an image id) in storage one strategy owns alone, for
    /// the stamps its plans write for every candidate (`markOf`, `candidateIndexOf`): a write is a
    /// plain store, without the copy-on-write check an array held by a class pays on every write.
    /// Keys never written read as `empty`; the storage grows (geometrically) to the largest key
    /// written. A class, so it is never copied: the strategy holds it in a `let` for its lifetime.
    final class MarkTable {
        /// The value of every key never written.
        let empty: Int
        /// Values by key, `capacity` of them initialised (`empty` where never written).
        @exclusivity(unchecked) private var base: UnsafeMutablePointer<Int>
        /// Keys `0..<capacity` have storage. (Neither stored property is checked for exclusive
        /// access at run time: no method calls out while it mutates them.)
        @exclusivity(unchecked) private(set) var capacity: Int

        /// An empty table whose unwritten keys read as `empty`.
        init(empty: Int) {
            self.empty = empty
            capacity = 16
            base = .allocate(capacity: capacity)
            base.initialize(repeating: empty, count: capacity)
        }

        deinit { base.deallocate() }

        /// The value at `key` (`empty` if never written). `key` must be ≥ 0.
        /// - Complexity: O(1); a write past the end grows the storage (amortised O(1)).
        subscript(key: Int) -> Int {
            @inline(__always) get { key < capacity ? base[key] : empty }
            @inline(__always) set {
                precondition(key >= 0, "a MarkTable key is never negative")
                if key >= capacity { grow(toInclude: key) }
                base[key] = newValue
            }
        }

        /// Grows the storage to at least `key + 1` values, the new ones `empty`.
        @inline(never)
        private func grow(toInclude key: Int) {
            let newCapacity = max(key + 1, capacity * 2)
            let newBase = UnsafeMutablePointer<Int>.allocate(capacity: newCapacity)
            newBase.moveInitialize(from: base, count: capacity)
            (newBase + capacity).initialize(repeating: empty, count: newCapacity - capacity)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }
    }
}
