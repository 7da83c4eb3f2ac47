/// A binary min-heap of plain values (Williams 1964), smallest first by `Element`'s `<`.
///
/// Used where a resource keeps lazily invalidated entries in order: the request queue's moved-in
/// requests (by ticket) and the shared link's finish tags. Elements that compare equal pop in an
/// unspecified order, so both users give their elements a total order (a unique tiebreaker).
///
/// A class over a `RecordBuffer` that only it holds (its one owner never shares it), so a push or
/// a removal pays no copy-on-write uniqueness check; the sifts move a hole instead of swapping
/// (the same comparisons, so the same layout, as swapping the element along).
final class MinHeap<Element: Comparable> {
    /// The heap: `storage[i]` is not greater than `storage[2i + 1]` or `storage[2i + 2]`.
    private let storage = RecordBuffer<Element>()

    /// An empty heap.
    init() {}

    /// The smallest element, if any.
    var first: Element? { storage.isEmpty ? nil : storage[0] }
    /// Whether the heap holds nothing.
    var isEmpty: Bool { storage.isEmpty }
    /// Number of elements.
    var count: Int { storage.count }

    /// Removes every element, keeping the storage.
    func removeAll() {
        storage.removeAll()
    }

    /// Adds `element`.
    /// - Complexity: O(log n), amortised.
    func push(_ element: Element) {
        storage.append(element)
        let heap = storage.mutableElements
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard element < heap[parent] else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = element
    }

    /// Removes the smallest element; does nothing on an empty heap.
    /// - Complexity: O(log n).
    func removeFirst() {
        guard !storage.isEmpty else { return }
        let last = storage.removeLast()
        guard !storage.isEmpty else { return }
        let heap = storage.mutableElements
        let count = heap.count
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            var smallestElement = last
            if left < count && heap[left] < smallestElement { (smallest, smallestElement) = (left, heap[left]) }
            if right < count && heap[right] < smallestElement { (smallest, smallestElement) = (right, heap[right]) }
            guard smallest != parent else { break }
            heap[parent] = smallestElement
            parent = smallest
        }
        heap[parent] = last
    }
}
