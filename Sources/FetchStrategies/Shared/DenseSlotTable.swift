/// A value per small non-negative key (an item, a cell: keys a run visits in ranges from 0) in
/// storage one owner holds alone, for what a hot path reads and writes on every step (adaptive's
/// per-item facts; per-image state is in a `PagedSlotTable`, as image ids spread over the catalogue):
/// a write is a plain store, without the copy-on-write check an array held by a class pays on
/// every write; `slot(_:)` gives one field's storage without copying the whole value. Keys never
/// written read as `empty`; the storage grows (geometrically) to the largest key written. A
/// class, so it is never copied: its owner holds it in a `let` for its lifetime.
/// The same shape as `DenseTable` (a value type, for tables that are copied or rarely written).
final class DenseSlotTable<Value> {
    /// The value of every key never written.
    let empty: Value
    /// Values by key, `capacity` of them initialised (`empty` where never written).
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Value>
    /// Keys `0..<capacity` have storage. (Neither stored property is checked for exclusive
    /// access at run time: no method calls out while it mutates them.)
    @exclusivity(unchecked) private(set) var capacity: Int

    /// An empty table whose unwritten keys read as `empty`.
    init(empty: Value) {
        self.empty = empty
        capacity = 16
        base = .allocate(capacity: capacity)
        base.initialize(repeating: empty, count: capacity)
    }

    deinit {
        base.deinitialize(count: capacity)
        base.deallocate()
    }

    /// The value at `key` (`empty` if never written). `key` must be ≥ 0.
    /// - Complexity: O(1); a write past the end grows the storage (amortised O(1)).
    subscript(key: Int) -> Value {
        @inline(__always) get { key < capacity ? base[key] : empty }
        @inline(__always) _modify {
            // One unsigned comparison: a negative key reads as huge and traps in `grow`.
            if UInt(bitPattern: key) >= UInt(bitPattern: capacity) { grow(toInclude: key) }
            yield &base[key]
        }
    }

    /// The storage of `key`'s value (grown to hold it first), for reads and writes of single
    /// fields without copying the whole value; valid until the next write past `capacity`.
    @inline(__always)
    func slot(_ key: Int) -> UnsafeMutablePointer<Value> {
        if UInt(bitPattern: key) >= UInt(bitPattern: capacity) { grow(toInclude: key) }  // see `subscript`
        return base + key
    }

    /// The storage of keys `0...key` (grown to hold `key` first): `slot(_:)` of each of them
    /// with one capacity check for all, for a loop over keys up to `key`; valid until the next
    /// write past `capacity` (writes of keys up to `key` never are).
    @inline(__always)
    func storage(toInclude key: Int) -> UnsafeMutablePointer<Value> {
        if UInt(bitPattern: key) >= UInt(bitPattern: capacity) { grow(toInclude: key) }  // see `subscript`
        return base
    }

    /// Grows the storage to at least `key + 1` values, the new ones `empty`.
    @inline(never)
    private func grow(toInclude key: Int) {
        precondition(key >= 0, "a DenseSlotTable key is never negative")
        let newCapacity = max(key + 1, capacity * 2)
        let newBase = UnsafeMutablePointer<Value>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: capacity)
        (newBase + capacity).initialize(repeating: empty, count: newCapacity - capacity)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
