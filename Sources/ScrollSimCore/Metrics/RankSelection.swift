/// Nearest-rank percentiles without sorting: a selection (quickselect, Hoare 1961) puts the
/// values of the asked ranks in place, in O(n) expected time, where a sort of the frame work
/// (one value per scroll frame) cost more than the rest of a run's finish.
///
/// The result is a value of `values`, so it is the one a sort would give, bit for bit. Pivots
/// are medians of three; a range that stops shrinking (more than 2·log₂ n partitions, which no
/// ordinary input reaches) is sorted instead, so the worst case stays O(n log n).
enum RankSelection {
    /// The nearest-rank percentiles `percentiles` (each 0...100, ascending) of `values`: for `p`,
    /// the value of rank ⌈p/100 · n⌉ (at least 1) in ascending order; 0 each when `values` is
    /// empty.
    static func nearestRanks(_ percentiles: [Int], of values: [SimTime]) -> [SimTime] {
        var work = values
        return work.withUnsafeMutableBufferPointer { nearestRanks(percentiles, reordering: $0) }
    }

    /// `nearestRanks(_:of:)` of the values in `buffer`, selected in place: `buffer` is left
    /// reordered (the recorder's own buffers, read once at the end of a run, need no copy).
    static func nearestRanks(_ percentiles: [Int], reordering buffer: UnsafeMutableBufferPointer<SimTime>)
        -> [SimTime] {
        guard !buffer.isEmpty else { return percentiles.map { _ in 0 } }
        precondition(zip(percentiles, percentiles.dropFirst()).allSatisfy { $0 <= $1 },
                     "percentiles must ascend")
        let count = buffer.count
        var results: [SimTime] = []
        results.reserveCapacity(percentiles.count)
        var lower = 0
        for p in percentiles {
            let rank = (p * count + 99) / 100  // ceil(p/100 · n)
            let index = max(rank, 1) - 1
            select(index, in: buffer, from: lower, to: count)
            results.append(buffer[index])
            // Everything from `index` on is at least `buffer[index]`, everything before at
            // most: a higher rank lies in `index..<count`.
            lower = index
        }
        return results
    }

    /// Reorders `buffer[lower..<upper]` so that `buffer[index]` holds the value of that rank
    /// among them, no greater value before it and no smaller one after it.
    static func select(_ index: Int, in buffer: UnsafeMutableBufferPointer<SimTime>, from lower: Int, to upper: Int) {
        precondition(lower <= index && index < upper && upper <= buffer.count, "rank out of range")
        var low = lower, high = upper - 1  // inclusive
        var partitionsLeft = 2 * (Int.bitWidth - (upper - lower).leadingZeroBitCount) + 2
        while high - low >= 16 {
            if partitionsLeft == 0 {
                var rest = UnsafeMutableBufferPointer(rebasing: buffer[low...high])
                rest.sort()
                return
            }
            partitionsLeft -= 1
            let mid = low + (high - low) / 2
            // Median of three at `mid`.
            if buffer[mid] < buffer[low] { buffer.swapAt(mid, low) }
            if buffer[high] < buffer[low] { buffer.swapAt(high, low) }
            if buffer[high] < buffer[mid] { buffer.swapAt(high, mid) }
            let pivot = buffer[mid]
            var i = low, j = high
            while i <= j {
                while buffer[i] < pivot { i += 1 }
                while buffer[j] > pivot { j -= 1 }
                if i <= j {
                    buffer.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            // Now buffer[low...j] ≤ pivot, buffer[i...high] ≥ pivot, and j < i; between them,
            // values equal to the pivot.
            if index <= j {
                high = j
            } else if index >= i {
                low = i
            } else {
                return
            }
        }
        // A short range: insertion sort.
        if high > low {
            for k in (low + 1)...high {
                let value = buffer[k]
                var hole = k
                while hole > low && buffer[hole - 1] > value {
                    buffer[hole] = buffer[hole - 1]
                    hole -= 1
                }
                buffer[hole] = value
            }
        }
    }
}
