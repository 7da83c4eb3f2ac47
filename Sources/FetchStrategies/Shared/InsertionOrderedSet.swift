/// A set of integers that iterates in insertion order, with O(1) insertion, removal and
/// membership: the nodes sharing one of Texture's loads or draws, which can be every item of a
/// scenario when one image is shown everywhere.
///
/// Removed elements leave a hole in the order array, skipped when iterating and squeezed out
/// once holes outnumber elements, so every operation stays O(1) amortised. Iteration order is
/// insertion order (re-inserting a removed element puts it last), never a hash order.
struct InsertionOrderedSet: Sequence {
    /// Elements in insertion order, with holes (nil) where elements were removed.
    private var order: [Int?] = []
    /// Position of each element in `order`.
    private var positions: [Int: Int] = [:]

    /// An empty set.
    init() {}

    /// A set holding `element`.
    init(_ element: Int) { insert(element) }

    /// Number of elements.
    var count: Int { positions.count }
    /// Whether the set is empty.
    var isEmpty: Bool { positions.isEmpty }

    /// Whether `element` is held.
    /// - Complexity: O(1).
    func contains(_ element: Int) -> Bool { positions[element] != nil }

    /// Adds `element` at the end (no effect when held).
    /// - Returns: whether it was added.
    /// - Complexity: O(1) amortised.
    @discardableResult
    mutating func insert(_ element: Int) -> Bool {
        guard positions[element] == nil else { return false }
        positions[element] = order.count
        order.append(element)
        return true
    }

    /// Removes `element`.
    /// - Returns: whether it was held.
    /// - Complexity: O(1) amortised.
    @discardableResult
    mutating func remove(_ element: Int) -> Bool {
        guard let position = positions.removeValue(forKey: element) else { return false }
        order[position] = nil
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
