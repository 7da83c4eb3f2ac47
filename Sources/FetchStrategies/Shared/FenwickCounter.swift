/// Counts of marked positions `0..<count` with prefix sums, for "how many of the still-marked
/// positions lie before k" in O(log n) (a binary indexed tree: P. M. Fenwick, "A new data
/// structure for cumulative frequency tables", Software: Practice and Experience 24(3), 1994).
/// Every position starts marked.
struct FenwickCounter {
    /// The tree: `tree[i]` (1-based) holds the count of positions `(i − lowbit(i)), i]`.
    private var tree: [Int]

    /// `count` positions, all marked.
    /// - Complexity: O(n).
    init(count: Int) {
        tree = []
        reset(count: count)
    }

    /// No positions, and no storage yet (a placeholder to swap with).
    init() { tree = [] }

    /// Starts again with `count` positions, all marked, reusing the storage.
    /// - Complexity: O(n).
    mutating func reset(count: Int) {
        tree.removeAll(keepingCapacity: true)
        tree.append(contentsOf: repeatElement(0, count: count + 1))
        guard count > 0 else { return }
        // With every position marked, `tree[i]` counts all of `(i − lowbit(i)), i]`: lowbit(i).
        tree.withUnsafeMutableBufferPointer { tree in
            for i in 1...count { tree[i] = i & -i }
        }
    }

    /// Unmarks `position` (it must be marked).
    /// - Complexity: O(log n).
    mutating func unmark(_ position: Int) {
        var i = position + 1
        while i < tree.count {
            tree[i] -= 1
            i += i & -i
        }
    }

    /// Marked positions in `0..<end`.
    /// - Complexity: O(log n).
    func markedCount(before end: Int) -> Int {
        var sum = 0
        var i = min(end, tree.count - 1)
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }
}
