/// The cells prepared for items (attached: dequeued and configured, displayed or not), indexed by
/// item offset.
///
/// A ring buffer of cell ids over the item window `lowerBound..<upperBound`, which always starts
/// and ends at an attached item: item `i` lives in slot `i & mask`. Attached items stay within a
/// few screens of the viewport (the retain and lead bands, docs/model.md, Cell lifecycle), so the
/// window is small whatever the item count, and every lookup is O(1) with no search. The buffer
/// doubles when an insertion would make the window longer than it; after a jump, the old cells
/// are pooled before the new ones are prepared, so the window stays short.
struct PreparedCells {
    /// Cell ids by `item & mask`; −1 in a slot with no attached item.
    private var slots: [CellID] = Array(repeating: -1, count: 64)
    /// `slots.count − 1` (the count is a power of two).
    private var mask = 63
    /// First attached item (meaningless when empty).
    private(set) var lowerBound = 0
    /// One past the last attached item (meaningless when empty).
    private(set) var upperBound = 0
    /// Number of attached items.
    private(set) var count = 0

    /// Whether no item is attached.
    var isEmpty: Bool { count == 0 }

    /// The window `lowerBound..<upperBound` when every item in it is attached (no gap), else nil.
    /// An empty set gives `0..<0`. Then an item has a cell exactly when the window contains it.
    /// - Complexity: O(1).
    @inline(__always)
    var gaplessWindow: Range<Int>? {
        count == upperBound - lowerBound ? lowerBound..<upperBound : nil
    }

    /// The cell attached to `item`, or −1.
    /// - Complexity: O(1).
    @inline(__always)
    func cell(for item: Int) -> CellID {
        item >= lowerBound && item < upperBound ? slots[item & mask] : -1
    }

    /// The first attached item and its cell, if any.
    var first: (item: Int, cell: CellID)? { count == 0 ? nil : (lowerBound, slots[lowerBound & mask]) }

    /// The last attached item and its cell, if any.
    var last: (item: Int, cell: CellID)? { count == 0 ? nil : (upperBound - 1, slots[(upperBound - 1) & mask]) }

    /// Attaches `cell` to `item`, which has no cell.
    /// - Complexity: amortised O(1) while the window stays within its capacity.
    mutating func insert(_ cell: CellID, for item: Int) {
        assert(cell >= 0 && self.cell(for: item) < 0, "item \(item) already has a cell")
        if count == 0 {
            lowerBound = item
            upperBound = item + 1
        } else {
            let low = min(lowerBound, item), high = max(upperBound, item + 1)
            if high - low > slots.count { grow(toHold: high - low) }
            lowerBound = low
            upperBound = high
        }
        slots[item & mask] = cell
        count += 1
    }

    /// Detaches `item`'s cell and returns it.
    /// - Complexity: O(1) plus the empty slots skipped when the window shrinks (amortised O(1)).
    @discardableResult
    mutating func remove(_ item: Int) -> CellID {
        let cell = self.cell(for: item)
        assert(cell >= 0, "item \(item) has no cell")
        slots[item & mask] = -1
        count -= 1
        if count == 0 {
            lowerBound = 0
            upperBound = 0
        } else if item == lowerBound {
            while slots[lowerBound & mask] < 0 { lowerBound += 1 }
        } else if item == upperBound - 1 {
            while slots[(upperBound - 1) & mask] < 0 { upperBound -= 1 }
        }
        return cell
    }

    /// Re-lays the slots in a buffer of at least `span` (a power of two).
    private mutating func grow(toHold span: Int) {
        var capacity = slots.count
        while capacity < span { capacity *= 2 }
        var grown = Array(repeating: CellID(-1), count: capacity)
        for item in lowerBound..<upperBound where slots[item & mask] >= 0 {
            grown[item & (capacity - 1)] = slots[item & mask]
        }
        slots = grown
        mask = capacity - 1
    }

    /// Checks that the window is tight (starts and ends at an attached item), no longer than the
    /// buffer, and holds `count` cells, all distinct (tests).
    func checkInvariants() -> Bool {
        guard count > 0 else { return slots.allSatisfy { $0 < 0 } }
        guard upperBound - lowerBound <= slots.count, slots[lowerBound & mask] >= 0,
              slots[(upperBound - 1) & mask] >= 0 else { return false }
        let cells = slots.filter { $0 >= 0 }
        return cells.count == count && Set(cells).count == count
    }
}
