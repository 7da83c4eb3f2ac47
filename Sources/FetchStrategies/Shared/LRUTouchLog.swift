import ScrollSimCore

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
///
/// A class whose key lists and touches live in storage it owns alone (no copy-on-write check per
/// deferred lookup, as an array held by a class would pay): one log per cache, never copied. Its
/// stored properties are not checked for exclusive access at run time: no method calls out while
/// it mutates them (the `touch` callbacks run between mutations).
final class LRUTouchLog {
    /// Uses of the cache other than the passes' lookups, counted.
    @exclusivity(unchecked) private(set) var operations = 0
    /// `operations` when `lastKeys` were touched (−1: never).
    @exclusivity(unchecked) private var operationsAtCommit = -1
    /// The keys the last committed pass touched, in order: the LRU list ends with them while
    /// `operations == operationsAtCommit`.
    @exclusivity(unchecked) private var lastKeys = KeyList()
    /// The stamp marking `lastKeys` in `touches`. A pass marks its keys with `stamp + 1` as it
    /// touches them (a deferred key when it is touched, at `stopDeferring` or `endPass`); its
    /// commit adds one to `stamp`: no second walk over its keys. Every `beginPass` is followed by
    /// an `endPass` (a pass left open would leave keys marked for the next commit).
    @exclusivity(unchecked) private var stamp = 0
    /// The stamp of the pass that last touched a key, and the value recorded with it then.
    private struct Touch {
        /// The pass's stamp (−1: never touched).
        var stamp = -1
        /// The value recorded at the touch.
        var value = 0
    }
    /// The last touch of each key, by key (one entry: a deferred lookup reads both at once; keys
    /// never touched read as `Touch()`).
    private let touches = PagedSlotTable(empty: Touch())
    /// The keys this pass looked up with a hit (deferred or touched), in order.
    @exclusivity(unchecked) private var keys = KeyList()
    /// Whether this pass's lookups so far are all deferred (none touched yet).
    @exclusivity(unchecked) private(set) var isDeferring = false

    /// A list of keys in storage the log owns (appends without a uniqueness check).
    private struct KeyList {
        /// The keys, `count` of them initialised, room for `capacity`.
        var base = UnsafeMutablePointer<Int>.allocate(capacity: 16)
        /// Keys held.
        var count = 0
        /// Keys `base` has room for.
        var capacity = 16

        /// Appends `key`, doubling the storage when it is full.
        @inline(__always)
        mutating func append(_ key: Int) {
            if count == capacity { grow() }
            base[count] = key
            count += 1
        }

        /// Doubles the storage.
        @inline(never)
        mutating func grow() {
            let bigger = UnsafeMutablePointer<Int>.allocate(capacity: capacity * 2)
            bigger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = bigger
            capacity *= 2
        }

        /// The keys held, in order.
        var elements: UnsafeBufferPointer<Int> { UnsafeBufferPointer(start: base, count: count) }
    }

    /// A log of no pass.
    init() {}

    deinit {
        keys.base.deallocate()
        lastKeys.base.deallocate()
    }

    /// Reports a use of the cache other than a pass's lookup (a store, a removal, another lookup).
    func recordOperation() { operations += 1 }

    /// Starts a pass: its lookups may be deferred if nothing used the cache since the last one.
    func beginPass() {
        keys.count = 0
        isDeferring = operations == operationsAtCommit
    }

    /// If `key`'s lookup can be deferred (the last pass touched it and the cache has not changed
    /// since), records it and returns the value recorded with it; nil otherwise (look it up, with
    /// `stopDeferring` first when `isDeferring`).
    @inline(__always)
    func deferredValue(of key: Int) -> Int? {
        guard isDeferring else { return nil }
        let touch = touches[key]
        guard touch.stamp == stamp else { return nil }
        keys.append(key)
        return touch.value
    }

    /// Touches the deferred lookups, in order, with `touch`: the next lookup is a real one.
    func stopDeferring(touching touch: (Int) -> Void) {
        guard isDeferring else { return }
        touchAndMark(keys.elements, touch)
        isDeferring = false
    }

    /// Touches `deferred` in order with `touch`, marking each with the stamp the pass commits.
    @inline(__always)
    private func touchAndMark(_ deferred: UnsafeBufferPointer<Int>, _ touch: (Int) -> Void) {
        let next = stamp + 1
        for key in deferred {
            touch(key)
            touches.slot(key).pointee.stamp = next
        }
    }

    /// Records a real lookup of `key` that hit, with the value the caller wants back when it is
    /// deferred in a later pass.
    @inline(__always)
    func touched(_ key: Int, value: Int) {
        precondition(!isDeferring, "stopDeferring before a real lookup")
        keys.append(key)
        touches.slot(key).pointee = Touch(stamp: stamp + 1, value: value)
    }

    /// Ends the pass: the deferred lookups are touched with `touch` (in order) unless they are a
    /// suffix of the last committed pass's keys, where touching them would change nothing.
    func endPass(touching touch: (Int) -> Void) {
        if isDeferring {
            precondition(operations == operationsAtCommit, "the cache was used during a pass")
            isDeferring = false
            if isSuffixOfLastKeys(keys.elements) { return }  // the list already ends with them, in order
            touchAndMark(keys.elements, touch)
        }
        swap(&lastKeys, &keys)
        stamp += 1  // the keys just committed, marked `stamp + 1` as they were touched
        operationsAtCommit = operations
    }

    /// Whether `candidate` is what `lastKeys` ends with.
    private func isSuffixOfLastKeys(_ candidate: UnsafeBufferPointer<Int>) -> Bool {
        let last = lastKeys.elements
        guard candidate.count <= last.count else { return false }
        let offset = last.count - candidate.count
        for index in candidate.indices where candidate[index] != last[offset + index] { return false }
        return true
    }
}
