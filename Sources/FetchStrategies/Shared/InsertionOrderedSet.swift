/// A set of integers that iterates in insertion order, with O(1) insertion, removal and
/// membership: the nodes sharing one of Texture's loads or draws, which can be every item of a
/// scenario when one image is shown everywhere.
///
/// Most sets hold one element for their whole life: it is kept inline (`single`), so making a set
/// of one allocates nothing. A set that once held two elements moves them to the order array and
/// keeps that array (and its capacity) from then on. Up to `linearLimit` elements are kept in the
/// order array alone, without holes, and found by a scan (no hashing, no dictionary to allocate). Past that,
/// the set indexes its elements' positions for good: removed elements leave a hole in the order
/// array, skipped when iterating and squeezed out once holes outnumber elements, so every
/// operation stays O(1) amortised. Iteration order is insertion order (re-inserting a removed
/// element puts it last), never a hash order.
struct InsertionOrderedSet: Sequence {
    /// Sets up to this size are scanned, not indexed.
    static let linearLimit = 16
    /// The one element of a set that never held two (`usesOrder` false, `count` 1); unused else.
    private var single = 0
    /// Whether the elements are in `order` (the set once held two), not in `single`.
    private var usesOrder = false
    /// Elements in insertion order once `usesOrder`; once indexed, with holes (nil) where
    /// elements were removed.
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

    /// Makes the set hold `element` alone, as `InsertionOrderedSet(element)` does: a set that
    /// never held two elements is reset in place (nothing to free, nothing to allocate).
    mutating func reset(to element: Int) {
        guard !usesOrder else {
            self = InsertionOrderedSet(element)
            return
        }
        single = element
        count = 1
    }

    /// Whether `element` is held.
    /// - Complexity: O(1) (a scan of at most `linearLimit` elements when not indexed).
    func contains(_ element: Int) -> Bool {
        guard usesOrder else { return count == 1 && single == element }
        return isIndexed ? positions[element] != nil : order.contains(element)
    }

    /// Adds `element` at the end (no effect when held).
    /// - Returns: whether it was added.
    /// - Complexity: O(1) amortised.
    @discardableResult
    mutating func insert(_ element: Int) -> Bool {
        guard !contains(element) else { return false }
        if !usesOrder {
            if count == 0 {
                single = element
                count = 1
                return true
            }
            // The second element: both move to the order array, for good.
            usesOrder = true
            order.reserveCapacity(4)
            order.append(single)
        }
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
        if !usesOrder {
            guard count == 1 && single == element else { return false }
            count = 0
            return true
        }
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
    func makeIterator() -> Iterator {
        Iterator(single: usesOrder || count == 0 ? nil : single, order: order)
    }

    /// Iterates a set's elements in insertion order: its inline element, else its order array's
    /// elements, holes skipped.
    struct Iterator: IteratorProtocol {
        /// The inline element not yet returned (nil once returned, or when the set uses `order`).
        private var single: Int?
        /// The order array (empty when the set never used it).
        private let order: [Int?]
        /// The next position of `order` to read.
        private var position = 0

        /// An iterator over `single`, then `order`'s elements.
        init(single: Int?, order: [Int?]) {
            self.single = single
            self.order = order
        }

        /// The next element, or nil at the end.
        mutating func next() -> Int? {
            if let element = single {
                single = nil
                return element
            }
            while position < order.count {
                let element = order[position]
                position += 1
                if let element { return element }
            }
            return nil
        }
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
