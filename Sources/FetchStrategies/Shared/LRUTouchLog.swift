/// Lets a planner that looks up the same keys of an LRU cache pass after pass skip the passes'
/// lookups when they cannot change the cache: a lookup hit moves its key to the end of the LRU
/// list, so after a pass has touched the keys `k₁…kₘ` the list ends with `k₁…kₘ` in that order,
/// and while nothing else has used the cache since, touching them (or any suffix of them) again
/// leaves the list exactly as it is.
///
/// A pass defers its lookups of keys the last committed pass touched (their hit is certain: the
/// cache has not changed since; the caller gets back the value it recorded with the key), and at
/// the end either skips them (they are a suffix of the last pass's keys) or touches them in
/// order. The first lookup of any other key touches the deferred ones first, so every touch that
/// happens, happens in the pass's order. The caller reports every other use of the cache (a store,
/// a removal, a lookup outside the passes) with `recordOperation()`: that ends the certainty. No
/// other use of the cache may happen during a pass (`endPass` checks it).
///
/// Exact: the cache's recency order after every pass is the one touching every key gives
/// (`LRUTouchLogTests` checks it against `CacheIndex`). Origin: ours.
struct LRUTouchLog {
    /// Uses of the cache other than the passes' lookups, counted.
    private(set) var operations = 0
    /// `operations` when `lastKeys` were touched (−1: never).
    private var operationsAtCommit = -1
    /// The keys the last committed pass touched, in order: the LRU list ends with them while
    /// `operations == operationsAtCommit`.
    private var lastKeys: [Int] = []
    /// The stamp marking `lastKeys` in `stampOf`.
    private var stamp = 0
    /// The stamp of the pass that last touched a key, and the value recorded with it then.
    private struct Touch {
        /// The pass's stamp (−1: never touched).
        var stamp = -1
        /// The value recorded at the touch.
        var value = 0
    }
    /// The last touch of each key, by key (one table: a deferred lookup reads both at once).
    private var touchOf = DenseTable<Touch>(empty: Touch())
    /// The keys this pass looked up with a hit (deferred or touched), in order.
    private var keys: [Int] = []
    /// Whether this pass's lookups so far are all deferred (none touched yet).
    private(set) var isDeferring = false

    /// A log of no pass.
    init() {}

    /// Reports a use of the cache other than a pass's lookup (a store, a removal, another lookup).
    mutating func recordOperation() { operations += 1 }

    /// Starts a pass: its lookups may be deferred if nothing used the cache since the last one.
    mutating func beginPass() {
        keys.removeAll(keepingCapacity: true)
        isDeferring = operations == operationsAtCommit
    }

    /// If `key`'s lookup can be deferred (the last pass touched it and the cache has not changed
    /// since), records it and returns the value recorded with it; nil otherwise (look it up, with
    /// `stopDeferring` first when `isDeferring`).
    @inline(__always)
    mutating func deferredValue(of key: Int) -> Int? {
        guard isDeferring else { return nil }
        let touch = touchOf[key]
        guard touch.stamp == stamp else { return nil }
        keys.append(key)
        return touch.value
    }

    /// Touches the deferred lookups, in order, with `touch`: the next lookup is a real one.
    mutating func stopDeferring(touching touch: (Int) -> Void) {
        guard isDeferring else { return }
        for key in keys { touch(key) }
        isDeferring = false
    }

    /// Records a real lookup of `key` that hit, with the value the caller wants back when it is
    /// deferred in a later pass.
    mutating func touched(_ key: Int, value: Int) {
        precondition(!isDeferring, "stopDeferring before a real lookup")
        keys.append(key)
        touchOf[key].value = value
    }

    /// Ends the pass: the deferred lookups are touched with `touch` (in order) unless they are a
    /// suffix of the last committed pass's keys, where touching them would change nothing.
    mutating func endPass(touching touch: (Int) -> Void) {
        if isDeferring {
            precondition(operations == operationsAtCommit, "the cache was used during a pass")
            isDeferring = false
            if isSuffixOfLastKeys(keys) { return }  // the list already ends with them, in order
            for key in keys { touch(key) }
        }
        swap(&lastKeys, &keys)
        stamp += 1
        for key in lastKeys { touchOf[key].stamp = stamp }
        operationsAtCommit = operations
    }

    /// Whether `candidate` is what `lastKeys` ends with.
    private func isSuffixOfLastKeys(_ candidate: [Int]) -> Bool {
        guard candidate.count <= lastKeys.count else { return false }
        let offset = lastKeys.count - candidate.count
        for index in candidate.indices where candidate[index] != lastKeys[offset + index] { return false }
        return true
    }
}
