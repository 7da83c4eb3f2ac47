/// A set of integers that iterates in insertion order, with O(1) insertion, removal and
/// membership: the nodes sharing one of Texture's loads or draws, which can be every item of a
/// scenario when one image is shown everywhere.
///
/// Most sets hold one or a few elements: up to `linearLimit` of them are kept in the order array
/// alone, without holes, and found by a scan (no hashing, no dictionary to allocate). Past that,
/// the set indexes its elements' positions for good: removed elements leave a hole in the order
/// array, skipped when iterating and squeezed out once holes outnumber elements, so every
/// operation stays O(1) amortised. Iteration order is insertion order (re-inserting a removed
/// element puts it last), never a hash order.
struct InsertionOrderedSet: Sequence {
    /// Sets up to this size are scanned, not indexed.
    static let linearLimit = 16
    /// Elements in insertion order; once indexed, with holes (nil) where elements were removed.
    private var order: [Int?] = []
    /// Position of each element in `order`, once indexed (`isIndexed`).
    private var positions: [Int: Int] = [:]
    /// Whether `positions` is in use (the set once outgrew `linearLimit`).
    private var isIndexed = false
    /// Number of elements.
    private(set) var count = 0

    /// An empty set.
    init() {}

    /// A set holding `element`.
    init(_ element: Int) { insert(element) }

    /// Whether the set is empty.
    var isEmpty: Bool { count == 0 }

    /// Whether `element` is held.
    /// - Complexity: O(1) (a scan of at most `linearLimit` elements when not indexed).
    func contains(_ element: Int) -> Bool {
        isIndexed ? positions[element] != nil : order.contains(element)
    }

    /// Adds `element` at the end (no effect when held).
    /// - Returns: whether it was added.
    /// - Complexity: O(1) amortised.
    @discardableResult
    mutating func insert(_ element: Int) -> Bool {
        guard !contains(element) else { return false }
        if isIndexed { positions[element] = order.count }
        order.append(element)
        count += 1
        if !isIndexed && count > Self.linearLimit {
            isIndexed = true
            for (position, held) in order.enumerated() { positions[held!] = position }
        }
        return true
    }

    /// Removes `element`.
    /// - Returns: whether it was held.
    /// - Complexity: O(1) amortised.
    @discardableResult
    mutating func remove(_ element: Int) -> Bool {
        if !isIndexed {
            guard let position = order.firstIndex(of: element) else { return false }
            order.remove(at: position)
            count -= 1
            return true
        }
        guard let position = positions.removeValue(forKey: element) else { return false }
        order[position] = nil
        count -= 1
        if order.count > 32 && order.count > 2 * positions.count { compact() }
        return true
    }

    /// The elements in insertion order.
    func makeIterator() -> LazyMapSequence<LazyFilterSequence<[Int?]>, Int>.Iterator {
        order.lazy.filter { $0 != nil }.map { $0! }.makeIterator()
    }

    /// Squeezes the holes out of `order`.
    private mutating func compact() {
        var squeezed: [Int?] = []
        squeezed.reserveCapacity(positions.count)
        for case let element? in order {
            positions[element] = squeezed.count
            squeezed.append(element)
        }
        order = squeezed
    }
}
