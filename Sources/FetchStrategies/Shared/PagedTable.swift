import ScrollSimCore

/// A table keyed by image id (a non-negative key that may fall anywhere below a large bound) with
/// value semantics: a lookup is an index into a page, with no hash, no probe and no key check, and
/// keys never written read as `empty` (no optional). Its storage is a `PagedSlotTable` (memory
/// follows the pages of the keys written, not the largest key), copied on the first write after the
/// table was copied. `DenseTable` is the contiguous form, for cell ids; `IntKeyedTable`
/// (ScrollSimCore) for keys few at any time compared to those written over the run.
struct PagedTable<Value> {
    /// Values by key.
    private var storage: PagedSlotTable<Value>

    /// An empty table whose unwritten keys read as `empty`.
    init(empty: Value) { storage = PagedSlotTable(empty: empty) }

    /// The value of every key never written.
    var empty: Value { storage.empty }

    /// The value at `key` (`empty` if never written). `key` must be ≥ 0.
    /// - Complexity: O(1); the first write into a page allocates it (a write to a copied table
    ///   copies its storage first, once).
    subscript(key: Int) -> Value {
        @inline(__always) get { storage[key] }
        @inline(__always) _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            yield &storage.slot(key).pointee
        }
    }
}
