/// A binary min-heap of plain values (Williams 1964), smallest first by `Element`'s `<`.
///
/// Used where a resource keeps lazily invalidated entries in order: the request queue's moved-in
/// requests (by ticket) and the shared link's finish tags. Elements that compare equal pop in an
/// unspecified order, so both users give their elements a total order (a unique tiebreaker).
struct MinHeap<Element: Comparable> {
    /// The heap: `storage[i]` is not greater than `storage[2i + 1]` or `storage[2i + 2]`.
    private var storage: [Element] = []

    /// An empty heap.
    init() {}

    /// The smallest element, if any.
    var first: Element? { storage.first }
    /// Whether the heap holds nothing.
    var isEmpty: Bool { storage.isEmpty }
    /// Number of elements.
    var count: Int { storage.count }

    /// Removes every element, keeping the storage.
    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
    }

    /// Adds `element`.
    /// - Complexity: O(log n), amortised.
    mutating func push(_ element: Element) {
        storage.append(element)
        var child = storage.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard storage[child] < storage[parent] else { break }
            storage.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes the smallest element; does nothing on an empty heap.
    /// - Complexity: O(log n).
    mutating func removeFirst() {
        guard !storage.isEmpty else { return }
        let last = storage.removeLast()
        guard !storage.isEmpty else { return }
        storage[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < storage.count && storage[left] < storage[smallest] { smallest = left }
            if right < storage.count && storage[right] < storage[smallest] { smallest = right }
            guard smallest != parent else { return }
            storage.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
