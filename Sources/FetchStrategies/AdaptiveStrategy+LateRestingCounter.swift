extension AdaptiveStrategy {
    /// Counts, for a fling's plan, the resting items after the current candidate that would be
    /// late if its download went first: those whose slack − delay < transfer (a NaN slack as
    /// +infinity: never late), among the resting items not yet passed.
    ///
    /// Both what is asked only grows within a plan: the items passed (a prefix, in plan order)
    /// and the delay (a sum of transfers). A rounded subtraction is monotone, so the items late
    /// for a delay are a prefix of the slacks in ascending order, a prefix that only grows: a
    /// count moves a pointer along the sorted slacks past the items that turned late (each once)
    /// and keeps the number of late items not yet passed. The slacks are sorted at most once per
    /// plan, at its count after the first `scansBeforeSort` (see below; a plan that asks fewer
    /// sorts nothing), by insertion (a plan's slacks are
    /// nearly sorted: ascending rows, each row's descending by a transfer per item), by the
    /// standard library's sort when that meets too many inversions; ties in any order (only
    /// counts are read). Once sorted, O(1) per item passed or turning late: no rank table, no
    /// prefix counts. Exact: the same count as a scan of the later items
    /// (`AdaptiveHotPathTests`).
    ///
    /// A plan asks few counts (five on average in the long session, against some 70 resting
    /// items): its first `scansBeforeSort` counts scan the items not passed in plan order instead
    /// of sorting (a count is a function of the items passed and the delay alone, so the sorted
    /// walk that follows crosses from the start and finds the same); O(n) each, a bounded number.
    /// Origin: ours.
    struct LateRestingCounter {
        /// The resting items' slacks (NaN as +infinity) with their positions, by ascending slack
        /// (in plan order while `isUnsorted`).
        private var sorted: [(slack: Double, position: Int)] = []
        /// Whether each item (by position) was found late.
        private var isLate: [Bool] = []
        /// Items of `sorted` found late or passed over: `sorted[0..<crossed]`.
        private var crossed = 0
        /// Items passed: positions `0..<passed`.
        private(set) var passed = 0
        /// Items found late among those not passed.
        private var lateAhead = 0
        /// The resting items: `sorted[0..<count]`, `isLate[0..<count]` (the arrays keep their
        /// largest size between plans: not shrunk and refilled with placeholders every plan).
        private var count = 0

        /// An empty counter (no items).
        init() {}

        /// Insertion moves per item beyond which `reset` sorts with the standard library instead.
        static let insertionMovesPerItem = 8

        /// Whether `sorted` still holds the slacks in plan order (`reset` leaves them so: the
        /// first `lateCount` past `scansBeforeSort` sorts them, and a plan that asks no more
        /// counts sorts nothing).
        private var isUnsorted = false
        /// Counts answered by a scan since the last reset.
        private var scans = 0
        /// Counts answered by a scan of the items not passed before the slacks are sorted.
        static let scansBeforeSort = 8

        /// Starts again with `resting`'s slacks (in plan order), none passed, no delay.
        /// - Complexity: O(n); the `lateCount` after the first `scansBeforeSort` sorts,
        ///   O(n + inversions), at most O(n log n).
        mutating func reset(_ resting: UnsafeBufferPointer<(index: Int, slack: Double)>) {
            let count = resting.count
            if sorted.count < count {
                PlanOrder.resize(&sorted, to: count, filler: (0, 0))
                PlanOrder.resize(&isLate, to: count, filler: false)
            }
            self.count = count
            crossed = 0
            passed = 0
            lateAhead = 0
            scans = 0
            sorted.withUnsafeMutableBufferPointer { sorted in
                isLate.withUnsafeMutableBufferPointer { isLate in
                    for position in 0..<count {
                        isLate[position] = false
                        let slack = resting[position].slack
                        sorted[position] = (slack.isNaN ? Double.infinity : slack, position)
                    }
                }
            }
            isUnsorted = count > 1
        }

        /// Sorts `sorted` by ascending slack: by insertion, by the standard library's sort once
        /// the insertions meet too many inversions (ties in any order: only counts are read).
        @inline(never)
        private mutating func sortSlacks() {
            isUnsorted = false
            let count = self.count
            let isSorted = sorted.withUnsafeMutableBufferPointer { whole in
                let sorted = UnsafeMutableBufferPointer(rebasing: whole[0..<count])
                var moves = 0
                let budget = Self.insertionMovesPerItem * sorted.count
                for position in sorted.indices {
                    let entry = sorted[position]
                    var hole = position
                    while hole > 0 && sorted[hole - 1].slack > entry.slack {
                        sorted[hole] = sorted[hole - 1]
                        hole -= 1
                    }
                    sorted[hole] = entry
                    moves += position - hole
                    if moves > budget { return false }  // too many inversions: one sort of all
                }
                return true
            }
            if !isSorted { sorted[0..<count].sort { $0.slack < $1.slack } }
        }

        /// The items not passed with slack − `delay` < `transferSeconds`, by a scan of the slacks
        /// in plan order (while unsorted: no item is marked late, so `lateAhead` stays 0).
        private func scanCount(delay: Double, transferSeconds: Double) -> Int {
            let passed = self.passed, count = self.count
            return sorted.withUnsafeBufferPointer { sorted in
                var late = 0
                for position in passed..<count where sorted[position].slack - delay < transferSeconds { late += 1 }
                return late
            }
        }

        /// Passes the next item (position `passed`): it no longer counts.
        @inline(__always)
        mutating func passNext() {
            if isLate[passed] { lateAhead -= 1 }
            passed += 1
        }

        /// The items not passed with slack − `delay` < `transferSeconds`. `delay` must not be
        /// below that of an earlier count since the last reset.
        /// - Complexity: O(n) for each of the first `scansBeforeSort` counts after a reset (a scan);
        ///   then O(1) per item that turns late.
        mutating func lateCount(delay: Double, transferSeconds: Double) -> Int {
            if isUnsorted {
                if scans < Self.scansBeforeSort {
                    scans += 1
                    return scanCount(delay: delay, transferSeconds: transferSeconds)
                }
                sortSlacks()
            }
            var crossed = self.crossed
            let count = self.count
            guard crossed < count else { return lateAhead }
            let passed = self.passed
            var lateAhead = self.lateAhead
            sorted.withUnsafeBufferPointer { whole in
                let sorted = UnsafeBufferPointer(rebasing: whole[0..<count])
                isLate.withUnsafeMutableBufferPointer { isLate in
                    while crossed < sorted.count && sorted[crossed].slack - delay < transferSeconds {
                        let position = sorted[crossed].position
                        if position >= passed {
                            isLate[position] = true
                            lateAhead += 1
                        }
                        crossed += 1
                    }
                }
            }
            self.crossed = crossed
            self.lateAhead = lateAhead
            return lateAhead
        }
    }
}
