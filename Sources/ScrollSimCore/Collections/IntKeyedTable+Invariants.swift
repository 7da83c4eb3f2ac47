/// The invariant check of `IntKeyedTable`, for tests.
extension IntKeyedTable {
    /// Checks that every held key has a value and is found from its home without crossing a free
    /// slot, that every free slot has no value, and that `count` is the number held (tests).
    func checkInvariants() -> Bool {
        var held = 0
        for index in 0..<storage.capacity {
            guard keys[index] != Self.freeKey else {
                guard values[index] == nil else { return false }
                continue
            }
            held += 1
            guard values[index] != nil, slot(of: keys[index]) == index else { return false }
        }
        return held == heldCount && storage.capacity == mask + 1
    }
}
