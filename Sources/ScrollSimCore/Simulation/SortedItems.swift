/// A set of item indices kept in ascending order, cheap to change at either end.
///
/// The simulator's item sets (outstanding prefetches, the not-ready cells on screen) gain and lose
/// items mostly at their ends as the viewport moves, so the elements live in an array whose
/// front is a movable `head`: removing the first element, the last, or a prefix or a suffix is
/// O(1) plus the elements removed; an insertion or a removal in the middle shifts elements. The
/// dead front is compacted once it outgrows the live part.
struct SortedItems {
    /// `storage[head...]` are the elements, ascending and distinct.
    private var storage: [Int] = []
    /// Index of the first element in `storage`.
    private var head = 0

    /// Number of elements.
    var count: Int { storage.count - head }
    /// Whether there is no element.
    var isEmpty: Bool { storage.count == head }
    /// The elements in ascending order.
    var elements: ArraySlice<Int> { storage[head...] }

    /// Calls `body` with the elements in ascending order, in place (no slice of the storage to
    /// retain, no bounds checks: for the per-frame loops).
    @inline(__always)
    func withElements<Result>(_ body: (UnsafeBufferPointer<Int>) -> Result) -> Result {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[head...])) }
    }

    /// Whether every element lies in `range` (true when there is none).
    /// - Complexity: O(1).
    @inline(__always)
    func isWithin(_ range: Range<Int>) -> Bool {
        head == storage.count || (storage[head] >= range.lowerBound && storage[storage.count - 1] < range.upperBound)
    }

    /// The elements as a range when they are consecutive integers (`0..<0` when there is none),
    /// else nil.
    /// - Complexity: O(1).
    var consecutiveRange: Range<Int>? {
        guard head < storage.count else { return 0..<0 }
        let first = storage[head], last = storage[storage.count - 1]
        return last - first == storage.count - 1 - head ? first..<(last + 1) : nil
    }

    /// Index in `storage` of the first element ≥ `item` (binary search).
    private func position(of item: Int) -> Int {
        if let last = storage.last, last < item { return storage.count }
        // The front (most removals: an item displayed, or a blank cell filled, is most often the first).
        if head < storage.count && storage[head] >= item { return head }
        var low = head, high = storage.count
        while low < high {
            let mid = (low + high) / 2
            if storage[mid] < item { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Whether `item` is an element.
    /// - Complexity: O(log n).
    func contains(_ item: Int) -> Bool {
        let index = position(of: item)
        return index < storage.count && storage[index] == item
    }

    /// Adds `item` (no effect if present).
    /// - Complexity: O(1) at either end, else O(n).
    mutating func insert(_ item: Int) {
        if storage.last.map({ $0 < item }) ?? true || isEmpty {
            if isEmpty { removeAll() }
            storage.append(item)
            return
        }
        if head > 0 && item < storage[head] {
            head -= 1
            storage[head] = item
            return
        }
        let index = position(of: item)
        guard storage[index] != item else { return }
        storage.insert(item, at: index)
    }

    /// Removes `item`; returns whether it was an element.
    /// - Complexity: O(log n); O(1) at either end, else O(n).
    @discardableResult
    mutating func remove(_ item: Int) -> Bool {
        guard head < storage.count else { return false }  // empty (no search)
        if storage[head] == item {
            // The first (most removals), without the search.
            head += 1
            compactIfNeeded()
            return true
        }
        let index = position(of: item)  // past `head` when found: the first is not `item`
        guard index < storage.count, storage[index] == item else { return false }
        if index == storage.count - 1 {
            storage.removeLast()
        } else {
            storage.remove(at: index)
        }
        return true
    }

    /// Removes the elements below `bound` and appends them, ascending, to `removed`.
    /// - Complexity: O(log n + removed).
    mutating func removeElements(below bound: Int, into removed: inout [Int]) {
        let end = position(of: bound)
        guard end > head else { return }  // none below (most calls: nothing to copy or compact)
        removed.append(contentsOf: storage[head..<end])
        head = end
        compactIfNeeded()
    }

    /// Removes the elements at or above `bound` and appends them, ascending, to `removed`.
    /// - Complexity: O(log n + removed).
    mutating func removeElements(from bound: Int, into removed: inout [Int]) {
        let start = max(head, position(of: bound))
        guard start < storage.count else { return }  // none at or above (most calls)
        removed.append(contentsOf: storage[start...])
        storage.removeSubrange(start...)
        if isEmpty { removeAll() }
    }

    /// Adds `items`, ascending, none of them an element.
    /// - Complexity: O(n + items).
    mutating func insert<Items: Collection<Int>>(ascending items: Items) {
        guard let first = items.first else { return }
        if storage.last.map({ $0 < first }) ?? true || isEmpty {
            if isEmpty { removeAll() }
            storage.append(contentsOf: items)
            return
        }
        var merged: [Int] = []
        merged.reserveCapacity(count + items.count)
        var index = head
        for item in items {
            while index < storage.count && storage[index] < item {
                merged.append(storage[index])
                index += 1
            }
            assert(index == storage.count || storage[index] != item, "\(item) is already an element")
            merged.append(item)
        }
        merged.append(contentsOf: storage[index...])
        storage = merged
        head = 0
    }

    /// Removes every element.
    mutating func removeAll() {
        storage.removeAllKeepingCapacity()
        head = 0
    }

    /// Drops the dead front once it is larger than the live part.
    private mutating func compactIfNeeded() {
        if head == storage.count {
            removeAll()
        } else if head > 32 && head > storage.count - head {
            storage.removeSubrange(0..<head)
            head = 0
        }
    }

    /// Checks that the elements ascend strictly (tests).
    func checkInvariants() -> Bool {
        head <= storage.count && zip(elements, elements.dropFirst()).allSatisfy { $0 < $1 }
    }
}
