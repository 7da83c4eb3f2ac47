extension AdaptiveStrategy {
    /// Sorting of candidate positions by a `Double` key, ties by position: what
    /// `order.sort { key[a] != key[b] ? key[a] < key[b] : a < b }` gives, by insertion for the
    /// short inputs of a plan (O(n + inversions)) and by merging runs beyond (O(n log r) for r
    /// runs; a stretch of descending rows counts as one).
    ///
    /// Exact: without NaN keys, "key, then position" is a strict total order, and the sorted
    /// order of distinct elements under a total order is unique, whatever the algorithm. With a
    /// NaN key that order is not a strict weak order, so the standard library's sort (whose
    /// result then depends on its algorithm) runs instead, with the same comparison.
    /// Origin: ours (insertion sort; a natural merge sort).
    enum PlanOrder {
        /// Fills `order` with `0..<keys.count` sorted by key, ties by position; `buffer` is
        /// scratch (kept by the caller for its capacity).
        static func sort(_ order: inout [Int], byKeys keys: UnsafeBufferPointer<Double>, buffer: inout [Int]) {
            let count = keys.count
            var hasNaN = false
            for position in 0..<count where keys[position].isNaN { hasNaN = true }
            if hasNaN {
                order.removeAll(keepingCapacity: true)
                order.append(contentsOf: 0..<count)
                order.sort { a, b in keys[a] != keys[b] ? keys[a] < keys[b] : a < b }
                return
            }
            resize(&order, to: count)
            resize(&buffer, to: count)
            var sourceIsOrder = true
            order.withUnsafeMutableBufferPointer { first in
                for position in 0..<count { first[position] = position }
                guard count > 1 else { return }
                if count <= insertionSortLimit {
                    insertionSort(first, keys: keys)
                    return
                }
                turnDescendingStretches(first, keys: keys)
                buffer.withUnsafeMutableBufferPointer { second in
                    sourceIsOrder = mergeRuns(first, second, keys: keys)
                }
            }
            if !sourceIsOrder { swap(&order, &buffer) }
        }

        /// Makes `array` hold `count` elements (new ones 0), keeping its capacity.
        private static func resize(_ array: inout [Int], to count: Int) { resize(&array, to: count, filler: 0) }

        /// Makes `array` hold `count` elements (new ones `filler`), keeping its capacity: a plan
        /// sizes its scratch arrays once, then fills them through their buffers (no check per
        /// element that the storage is unique, as `append` makes).
        static func resize<Element>(_ array: inout [Element], to count: Int, filler: Element) {
            if array.count > count {
                array.removeLast(array.count - count)
            } else if array.count < count {
                array.append(contentsOf: repeatElement(filler, count: count - array.count))
            }
        }

        /// Sorts `array` ascending in place: by insertion through its buffer when it is short
        /// (the loads in flight of a plan, in the order `track` and `untrack` left them), else by
        /// the standard library's sort. Integers: the sorted order is the same either way.
        static func sortAscending(_ array: inout [Int]) {
            array.withUnsafeMutableBufferPointer { sortAscending($0) }
        }

        /// `sortAscending(_:)` of the integers in `buffer` (a prefix of a kept array).
        static func sortAscending(_ buffer: UnsafeMutableBufferPointer<Int>) {
            guard buffer.count <= insertionSortLimit else {
                var buffer = buffer
                buffer.sort()
                return
            }
            InsertionSort.sort(buffer)
        }

        /// Inputs this short are sorted by insertion (fewer steps than finding and merging runs).
        static let insertionSortLimit = 128

        /// Sorts `a` (positions in order) by key, ties by position, in place: each element moves
        /// back past the larger keys before it only (equal keys keep their order), so an input
        /// of few inversions costs little (a plan's candidates, mostly in `enter` order).
        private static func insertionSort(_ a: UnsafeMutableBufferPointer<Int>, keys: UnsafeBufferPointer<Double>) {
            for index in 1..<a.count {
                let position = a[index], key = keys[position]
                var hole = index
                while hole > 0 && keys[a[hole - 1]] > key {
                    a[hole] = a[hole - 1]
                    hole -= 1
                }
                a[hole] = position
            }
        }

        /// Turns each non-increasing stretch of `a` (positions in order; the cells of an upward
        /// scroll: rows in descending `enter`, a row's items sharing it) around in place, group of
        /// equal keys by group, so it ascends; equal keys stay in position order throughout.
        private static func turnDescendingStretches(_ a: UnsafeMutableBufferPointer<Int>,
                                                    keys: UnsafeBufferPointer<Double>) {
            let count = a.count
            var start = 0
            while start < count {
                var end = start + 1
                while end < count && keys[a[end]] == keys[a[start]] { end += 1 }
                if end < count && keys[a[end]] < keys[a[end - 1]] {
                    while end < count && !(keys[a[end]] > keys[a[end - 1]]) { end += 1 }
                    reverseGroups(a, start..<end, keys: keys)
                } else {
                    while end < count && !(keys[a[end]] < keys[a[end - 1]]) { end += 1 }
                }
                start = end
            }
        }

        /// Sorts `a` (positions, equal keys in position order) by key, ties by position, using `b`
        /// as scratch; returns whether the result is in `a` (else in `b`): neighbouring ascending
        /// runs are merged, pass by pass, until one is left.
        private static func mergeRuns(_ a: UnsafeMutableBufferPointer<Int>, _ b: UnsafeMutableBufferPointer<Int>,
                                      keys: UnsafeBufferPointer<Double>) -> Bool {
            let count = a.count
            var source = a, target = b, sourceIsA = true
            while true {
                // One pass: merge each two neighbouring runs (every position of the left run is
                // below every position of the right one, so a tie takes the left element).
                var start = 0
                while start < count {
                    var middle = start + 1
                    while middle < count && !(keys[source[middle]] < keys[source[middle - 1]]) { middle += 1 }
                    if start == 0 && middle == count { return sourceIsA }  // one run: sorted
                    var end = middle
                    if end < count {
                        end += 1
                        while end < count && !(keys[source[end]] < keys[source[end - 1]]) { end += 1 }
                    }
                    var left = start, right = middle, out = start
                    while left < middle && right < end {
                        if keys[source[right]] < keys[source[left]] {
                            target[out] = source[right]
                            right += 1
                        } else {
                            target[out] = source[left]
                            left += 1
                        }
                        out += 1
                    }
                    while left < middle {
                        target[out] = source[left]
                        left += 1
                        out += 1
                    }
                    while right < end {
                        target[out] = source[right]
                        right += 1
                        out += 1
                    }
                    start = end
                }
                swap(&source, &target)
                sourceIsA.toggle()
            }
        }

        /// Reorders `a[range]`, whose keys do not increase, into ascending key order with each group
        /// of equal keys kept in its order (ascending positions): the whole range reversed, then
        /// each group reversed back.
        private static func reverseGroups(_ a: UnsafeMutableBufferPointer<Int>, _ range: Range<Int>,
                                          keys: UnsafeBufferPointer<Double>) {
            reverse(a, range)
            var start = range.lowerBound
            while start < range.upperBound {
                var end = start + 1
                while end < range.upperBound && keys[a[end]] == keys[a[start]] { end += 1 }
                reverse(a, start..<end)
                start = end
            }
        }

        /// Reverses `a[range]` in place.
        private static func reverse(_ a: UnsafeMutableBufferPointer<Int>, _ range: Range<Int>) {
            var low = range.lowerBound, high = range.upperBound - 1
            while low < high {
                a.swapAt(low, high)
                low += 1
                high -= 1
            }
        }
    }
}
