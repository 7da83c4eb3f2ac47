/// A table keyed by a dense id (a cell id: small non-negative integers handed out from 0) held in
/// an array that grows to the largest key written: a lookup is an index,
/// with no hash, no probe and no key check, and keys never written read as `empty` (no optional).
///
/// When to use which: `DenseTable` when the ids written over the run are a good share of those
/// below the largest (its memory follows the largest key written, for the whole run); `PagedTable`
/// for image ids, which fall anywhere below the catalogue's size (up to 10 million: its memory
/// follows the pages of the keys written, for one more load per lookup); `IntKeyedTable`
/// (ScrollSimCore) for integer keys that are few at any time compared to their range — items or
/// tokens of a window that slides far, the images a bounded cache holds out of a large catalog,
/// negative keys — whose memory follows the keys held at once, for one multiply and a short probe
/// per lookup. `PagedSlotTable` is the paged table as a class over storage its owner holds alone,
/// for the hottest state (no copy-on-write check per write, one field written in place).
struct DenseTable<Value> {
    /// The value of every key never written.
    let empty: Value
    /// Values by key; keys at or past the end read as `empty`.
    private(set) var values: [Value] = []

    /// An empty table whose unwritten keys read as `empty`.
    init(empty: Value) { self.empty = empty }

    /// The value at `key` (`empty` if never written). `key` must be ≥ 0.
    /// - Complexity: O(1); a write past the end grows the array (amortised O(1)).
    subscript(key: Int) -> Value {
        get { key < values.count ? values[key] : empty }
        _modify {
            if key >= values.count {
                // `append` grows the storage geometrically: amortised O(1) per key
                values.append(contentsOf: repeatElement(empty, count: key + 1 - values.count))
            }
            yield &values[key]
        }
    }

    /// Number of keys the array covers (one past the largest key written).
    var count: Int { values.count }
}
