extension AdaptiveStrategy {
    /// Counts, for a fling's plan, the resting items after the current candidate that would be
    /// late if its download went first: those whose slack − delay < transfer (a NaN slack is
    /// never late), among the resting items not yet passed. The delay is the transfers of the
    /// items the fling carries past admitted so far: `admitted()` adds one transfer, as the plan
    /// summed them (0, then one `transferSeconds` added at each admission).
    ///
    /// Both what is asked only grows within a plan: the items passed (a prefix, in plan order)
    /// and the admissions, hence the delay. A rounded subtraction is monotone, so an item late
    /// after k admissions stays late after more. A plan asks few counts (five on average in the
    /// long session, against some 70 resting items): its first `scansBeforeBuild` counts scan the
    /// items not passed. At the next, the counter finds for each item not passed the first
    /// admission count at which it is late (`lateFrom`: the smallest k with
    /// slack − delay(k) < transfer, from the delays' own rounded sums, computed only as far as
    /// asked), and keeps per count how many items not passed turn late there. Many items are late
    /// at once or never within the plan (a slack beyond twice the most admissions' transfers:
    /// `neverBound`); the others are looked for next to slack / transfer and checked on both
    /// sides. A count then reads one number, an admission adds one bucket, a pass takes its item
    /// out of the number or of its bucket: O(1) each, O(n) per plan for n resting items. There is
    /// no sort: with 9x the cells on screen a plan has some 600 resting items, whose slacks (rows
    /// descending by a transfer per item, overlapping) took some 70,000 instructions to sort per
    /// plan and made the plans grow faster than the cells. Exact: the same count as a scan of the
    /// later items (`AdaptiveHotPathTests`). Origin: ours.
    struct LateRestingCounter {
        /// The resting items' slacks, in plan order: `slacks[0..<count]` (the arrays keep their
        /// largest size between plans: not shrunk and refilled with placeholders every plan).
        private var slacks: [Double] = []
        /// The resting items.
        private var count = 0
        /// Once built, per resting item not passed (by position): the admissions after which it
        /// is late (`never`: not within the plan).
        private var lateFrom: [Int] = []
        /// Per admission count k in `admissions + 1...countedThrough` (as of the build): how many
        /// items not passed turn late at k (the entries at or below the admissions at the build
        /// are neither set nor read).
        private var turningLate: [Int] = []
        /// The last admission count `turningLate` holds (beyond it no item turns late).
        private var countedThrough = 0
        /// Scratch of `build`: the delay after k admissions, as far as asked.
        private var delays: [Double] = []
        /// The transfer an admission adds to the delay, seconds.
        private var transferSeconds = 0.0
        /// The delay of the admissions so far (the plan's running sum).
        private var delay = 0.0
        /// Admissions so far.
        private(set) var admissions = 0
        /// The most admissions `reset` was told of.
        private var maxAdmissions = 0
        /// Items passed: positions `0..<passed`.
        private(set) var passed = 0
        /// Once built: the items late (`lateFrom` ≤ `admissions`) among those not passed.
        private var lateAhead = 0
        /// Whether `lateFrom`, `turningLate` and `lateAhead` are built (after `scansBeforeBuild`
        /// counts).
        private var isBuilt = false
        /// Counts answered by a scan since the last reset.
        private var scans = 0

        /// Counts answered by a scan of the items not passed before the counts are built.
        static let scansBeforeBuild = 2
        /// `lateFrom` of an item never late within the plan.
        static let never = Int.max

        /// An empty counter (no items).
        init() {}

        /// Starts again with `resting`'s slacks (in plan order), none passed, no admission, for
        /// at most `maxAdmissions` admissions of `transferSeconds` each (a plan admits each of its
        /// candidates at most once); `transferSeconds` must not be negative.
        /// - Complexity: O(n).
        mutating func reset(_ resting: UnsafeBufferPointer<(index: Int, slack: Double)>, transferSeconds: Double,
                            maxAdmissions: Int) {
            // Exact only for a transfer of zero or more (or NaN): with a negative one, lateness is
            // not monotone in the admissions (the estimator's transfers are byte counts times
            // times per byte, never negative).
            assert(!(transferSeconds < 0), "a negative transfer")
            let count = resting.count
            if slacks.count < count { PlanOrder.resize(&slacks, to: count, filler: 0) }
            self.count = count
            self.transferSeconds = transferSeconds
            self.maxAdmissions = max(0, maxAdmissions)
            delay = 0
            admissions = 0
            passed = 0
            isBuilt = false
            scans = 0
            slacks.withUnsafeMutableBufferPointer { slacks in
                for position in 0..<count { slacks[position] = resting[position].slack }
            }
        }

        /// The items not passed with slack − `delay` < `transferSeconds`, by a scan of the slacks
        /// in plan order.
        private func scanCount() -> Int {
            let passed = self.passed, count = self.count, delay = self.delay, transferSeconds = self.transferSeconds
            return slacks.withUnsafeBufferPointer { slacks in
                var late = 0
                for position in passed..<count where slacks[position] - delay < transferSeconds { late += 1 }
                return late
            }
        }

        /// Finds `lateFrom` of each item not passed, `turningLate` and `lateAhead` (as they are
        /// after the admissions so far).
        /// - Complexity: O(n), a few steps per item (log of `maxAdmissions` at worst), plus the
        ///   delays computed.
        @inline(never)
        private mutating func build() {
            isBuilt = true
            let count = self.count, passed = self.passed, admissions = self.admissions
            let last = maxAdmissions, transferSeconds = self.transferSeconds
            if lateFrom.count < count { PlanOrder.resize(&lateFrom, to: count, filler: 0) }
            if delays.count < last + 1 {
                PlanOrder.resize(&delays, to: last + 1, filler: 0)
                PlanOrder.resize(&turningLate, to: last + 1, filler: 0)
            }
            // A slack at least `neverBound` + transfer is never late: the delay after `last`
            // admissions (rounded sums of a transfer) is below twice `last` transfers, and a
            // rounded subtraction is monotone. (NaN, infinite or huge transfers fail the test and
            // are looked for.)
            let neverBound = Double(2 &* last) * transferSeconds
            var lateAhead = 0, countedThrough = admissions, delaysThrough = 0
            slacks.withUnsafeBufferPointer { slacks in
                delays.withUnsafeMutableBufferPointer { delays in
                    delays[0] = 0
                    // The delay after `k` admissions: the running sum, extended as far as asked.
                    func delay(_ k: Int) -> Double {
                        while delaysThrough < k {
                            delays[delaysThrough + 1] = delays[delaysThrough] + transferSeconds
                            delaysThrough += 1
                        }
                        return delays[k]
                    }
                    turningLate.withUnsafeMutableBufferPointer { turningLate in
                        lateFrom.withUnsafeMutableBufferPointer { lateFrom in
                            for position in passed..<count {
                                let slack = slacks[position]
                                // Late at once (`slack − 0`: the delay before any admission is 0).
                                if slack - 0.0 < transferSeconds {
                                    lateFrom[position] = 0
                                    lateAhead += 1
                                    continue
                                }
                                if slack - neverBound >= transferSeconds || last == 0 {
                                    lateFrom[position] = Self.never
                                    continue
                                }
                                let first = Self.firstLate(after: 0, through: last) { k in
                                    slack - delay(k) < transferSeconds
                                } guess: {
                                    (slack - transferSeconds) / transferSeconds
                                }
                                lateFrom[position] = first
                                guard first != Self.never else { continue }
                                if first <= admissions {
                                    lateAhead += 1
                                    continue
                                }
                                while countedThrough < first {
                                    countedThrough += 1
                                    turningLate[countedThrough] = 0
                                }
                                turningLate[first] += 1
                            }
                        }
                    }
                }
            }
            self.lateAhead = lateAhead
            self.countedThrough = countedThrough
        }

        /// The smallest k in `low + 1...last` with `isLate(k)`, else `never`, where `isLate` is
        /// false at `low` and, once true, stays true; looked for first next to `guess()` (an
        /// estimate of the answer minus one).
        @inline(__always)
        static func firstLate(after low: Int, through last: Int, _ isLate: (Int) -> Bool,
                              guess: () -> Double) -> Int {
            var low = low, high = last
            let estimate = guess()
            if estimate > Double(low) && estimate < Double(last) {
                let near = Int(estimate) + 1  // in low + 1...last
                if isLate(near) {
                    if !isLate(near - 1) { return near }
                    high = near - 1
                } else {
                    guard near < last else { return never }
                    if isLate(near + 1) { return near + 1 }
                    low = near + 1
                }
            }
            // isLate(low) is false; the answer, if any, is in low + 1...high, and isLate(high)
            // decides whether there is one.
            guard isLate(high) else { return never }
            while high - low > 1 {
                let middle = low + (high - low) / 2
                if isLate(middle) { high = middle } else { low = middle }
            }
            return high
        }

        /// Passes the next item (position `passed`): it no longer counts.
        @inline(__always)
        mutating func passNext() {
            if isBuilt {
                let first = lateFrom[passed]
                if first <= admissions {
                    lateAhead -= 1
                } else if first != Self.never {
                    turningLate[first] -= 1
                }
            }
            passed += 1
        }

        /// One more item the fling carries past was admitted: the delay grows by one transfer.
        @inline(__always)
        mutating func admitted() {
            assert(admissions < maxAdmissions, "more admissions than the plan has candidates")
            admissions += 1
            delay += transferSeconds
            if isBuilt && admissions <= countedThrough { lateAhead += turningLate[admissions] }
        }

        /// The items not passed with slack − delay < transfer, the delay that of the admissions
        /// so far.
        /// - Complexity: O(n) for each of the first `scansBeforeBuild` counts after a reset (a
        ///   scan); the next builds, O(n); then O(1).
        mutating func lateCount() -> Int {
            if !isBuilt {
                if scans < Self.scansBeforeBuild {
                    scans += 1
                    return scanCount()
                }
                build()
            }
            return lateAhead
        }
    }
}
