/// A table keyed by a small non-negative integer (a cell id, an image id) held in an array that
/// grows to the largest key written: a lookup is an index, not a hash. Keys never written read
/// as `empty`. Memory is proportional to the largest key written, so use it for keys that stay
/// near the items on screen (image ids of the items a strategy has planned), not for arbitrary
/// integers.
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
