/// A first-in, first-out queue over one array and the position of its first element: a pop moves
/// the position instead of shifting the array. The array is emptied when the queue drains and
/// compacted when the popped prefix is at least half of it (and at least `compactionFloor`
/// elements), so its memory follows the elements held, not every element ever queued.
/// (DiskCacheModel's writes waiting for the I/O queue, adaptive's retry times.)
struct FIFOQueue<Element> {
    /// The elements, `elements[head...]` held, oldest first.
    private var elements: [Element] = []
    /// The position of the oldest element held.
    private var head = 0
    /// The fewest popped elements worth shifting the array for.
    static var compactionFloor: Int { 64 }

    /// An empty queue.
    init() {}

    /// Whether the queue holds no element.
    var isEmpty: Bool { head == elements.count }

    /// Number of elements held.
    var count: Int { elements.count - head }

    /// The oldest element held, if any.
    var first: Element? { isEmpty ? nil : elements[head] }

    /// Adds `element` after the others.
    /// - Complexity: O(1) amortised.
    mutating func append(_ element: Element) {
        elements.append(element)
    }

    /// Removes and returns the oldest element, if any.
    /// - Complexity: O(1) amortised (a compaction shifts at most as many elements as were popped).
    @discardableResult
    mutating func popFirst() -> Element? {
        guard head < elements.count else { return nil }
        let element = elements[head]
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= Self.compactionFloor && 2 * head >= elements.count {
            elements.removeFirst(head)
            head = 0
        }
        return element
    }
}
