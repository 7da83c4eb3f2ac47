extension AdaptiveStrategy {
    /// The configured cells that may still lack their image, as keys `item << 32 | cell` in
    /// ascending order (cells in item order, ties by cell id), kept by the cell callbacks so that a
    /// plan neither scans every cell nor sorts: a cell is inserted when it is configured without
    /// its image and removed when it is reused; a cell that got its image since is dropped by the
    /// next `removeSatisfied` (a cell, once satisfied, stays so until it is configured again).
    /// Invariant: every configured cell without its image has its key here, and every key is
    /// its cell's current item's.
    struct CellKeys {
        /// The keys, ascending, without duplicates.
        private(set) var keys: [Int] = []

        /// The key of `cell` configured for `item` (both below 2³¹).
        @inline(__always)
        static func key(item: Int, cell: Int) -> Int { item << 32 | cell }

        /// Position of the first key not below `key`.
        private func position(of key: Int) -> Int {
            var low = 0, high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < key { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// Adds `cell`, configured for `item` (a key already held is not added twice).
        mutating func insert(item: Int, cell: Int) {
            let key = Self.key(item: item, cell: cell)
            let index = position(of: key)
            if index == keys.count || keys[index] != key { keys.insert(key, at: index) }
        }

        /// Removes `cell`, configured for `item`, if held.
        mutating func remove(item: Int, cell: Int) {
            let key = Self.key(item: item, cell: cell)
            let index = position(of: key)
            if index < keys.count && keys[index] == key { keys.remove(at: index) }
        }

        /// Drops the cells `isSatisfied` says show their image (the others keep their order).
        @inline(__always)
        mutating func removeSatisfied(_ isSatisfied: (Int) -> Bool) {
            var kept = 0
            for index in keys.indices {
                let key = keys[index]
                if isSatisfied(key & 0xFFFF_FFFF) { continue }
                if kept != index { keys[kept] = key }
                kept += 1
            }
            if kept < keys.count { keys.removeLast(keys.count - kept) }
        }
    }
}
