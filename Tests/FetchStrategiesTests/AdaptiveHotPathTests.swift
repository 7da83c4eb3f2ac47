@testable import FetchStrategies
import ScrollSimCore
import Testing

/// The faster paths behind `adaptive`'s plan, each checked against the path it replaced over
/// random operations: the plan's sort, its mark table, the memory cache's one-lookup hit, the
/// estimator's ring window and the link log's sweep.
@Suite struct AdaptiveHotPathTests {
    /// A repeatable generator for the cases (64-bit LCG, Knuth's MMIX constants).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Keys shaped like a plan's: ascending stretches, rows of equal keys in descending order,
    /// repeats, both zeros, infinities, and (when `withNaN`) NaN.
    static func planKeys(_ generator: inout Generator, count: Int, withNaN: Bool) -> [Double] {
        var keys: [Double] = []
        while keys.count < count {
            let length = 1 + generator.next(12)
            let base = Double(generator.next(20))
            switch generator.next(6) {
            case 0: for step in 0..<length { keys.append(base + Double(step / 4)) }  // rows, ascending
            case 1: for step in 0..<length { keys.append(base - Double(step / 4)) }  // rows, descending
            case 2: for _ in 0..<length { keys.append(Double(generator.next(5))) }
            case 3: keys.append(generator.next(2) == 0 ? 0.0 : -0.0)
            case 4: keys.append(generator.next(2) == 0 ? .infinity : .greatestFiniteMagnitude)
            default: keys.append(withNaN && generator.next(4) == 0 ? .nan : base / 3)
            }
        }
        return Array(keys.prefix(count))
    }

    @Test func thePlanOrderIsTheStandardSortByKeyThenPosition() {
        var generator = Generator(state: 5)
        var order: [Int] = [], buffer: [Int] = []
        for round in 0..<3_000 {
            // Short inputs are sorted by insertion, longer ones by merging runs: both are drawn.
            let count = generator.next(round % 3 == 0 ? 400 : 90)
            let keys = Self.planKeys(&generator, count: count, withNaN: round % 5 == 0)
            var expected = Array(keys.indices)
            expected.sort { a, b in keys[a] != keys[b] ? keys[a] < keys[b] : a < b }
            keys.withUnsafeBufferPointer { AdaptiveStrategy.PlanOrder.sort(&order, byKeys: $0, buffer: &buffer) }
            #expect(order == expected)
            if !keys.contains(where: \.isNaN) && zip(keys, keys.dropFirst()).allSatisfy({ $0 <= $1 }) {
                // Keys already ascending: the plan reads the candidates in place (the identity order).
                #expect(Array(keys.indices) == expected)
            }
        }
    }

    @Test func theLoadsInFlightAreSortedAsTheStandardSortSortsThem() {
        var generator = Generator(state: 17)
        for round in 0..<600 {
            // Short inputs are sorted by insertion, longer ones by the standard library: both drawn.
            let count = generator.next(round % 4 == 0 ? 300 : 40)
            var ids = (0..<count).map { _ in generator.next(round % 2 == 0 ? 1_000 : 8) }
            let expected = ids.sorted()
            AdaptiveStrategy.PlanOrder.sortAscending(&ids)
            #expect(ids == expected)
        }
    }

    /// The late resting items a fling's plan counts, against the scan of the later items it
    /// replaces (slack − delay < transfer, NaN never late, the delay a running sum of one transfer
    /// per admission), over plan-shaped slacks (ascending rows each descending, long descending
    /// stretches, ties, zeros, infinities, NaN), transfers of 0 and tiny ones, and random passes
    /// and admissions, up to the most admissions prepared for.
    @Test func theLateRestingCounterCountsWhatAScanOfTheLaterItemsCounts() {
        var generator = Generator(state: 29)
        var counter = AdaptiveStrategy.LateRestingCounter()
        var lateFound = 0, admittedToTheEnd = 0
        for round in 0..<1_500 {
            let count = generator.next(round % 4 == 0 ? 300 : 70)
            var slacks = Self.planKeys(&generator, count: count, withNaN: round % 3 == 0)
            if round % 5 == 1 { slacks.reverse() }  // mostly descending
            let transfer = round % 7 == 3 ? 1e-300 : Double(generator.next(4)) / 2 + (round % 2 == 0 ? 0 : 0.1)
            let maxAdmissions = generator.next(round % 6 == 0 ? 3 : 40)
            let resting = slacks.enumerated().map { (index: $0.offset * 2, slack: $0.element - 3) }
            resting.withUnsafeBufferPointer {
                counter.reset($0, transferSeconds: transfer, maxAdmissions: maxAdmissions)
            }
            var passed = 0, delay = 0.0, admissions = 0
            for _ in 0..<(count + 5) {
                switch generator.next(3) {
                case 0 where passed < count:
                    counter.passNext()
                    passed += 1
                default:
                    if generator.next(2) == 0 && admissions < maxAdmissions {
                        counter.admitted()
                        admissions += 1
                        delay += transfer
                    }
                    let expected = resting[passed...].count { $0.slack - delay < transfer }
                    #expect(counter.lateCount() == expected)
                    lateFound += expected
                }
            }
            if admissions == maxAdmissions && maxAdmissions > 0 { admittedToTheEnd += 1 }
            #expect(counter.passed == passed && counter.admissions == admissions)
        }
        #expect(lateFound > 10_000 && admittedToTheEnd > 100)  // late items counted, the last delay reached
    }

    /// The counter's search for the first admission count at which an item is late, given a
    /// guess: exact for every answer whatever the guess (low, high by more than one, NaN,
    /// infinite, beyond the plan), as a linear search finds it.
    @Test func theFirstLateSearchFindsTheAnswerWhateverTheGuess() {
        let guesses: [(Int?) -> Double] = [
            { answer in Double((answer ?? 50) - 1) }, { answer in Double((answer ?? 50) - 3) },
            { answer in Double((answer ?? 0) + 2) }, { answer in Double((answer ?? 0) + 7) },
            { _ in 0 }, { _ in -5 }, { _ in .nan }, { _ in .infinity }, { _ in -.infinity }, { _ in 1e300 },
        ]
        var searches = 0
        for last in 1...40 {
            for answer in [Int?.none] + (1...last).map(Optional.some) {
                let isLate: (Int) -> Bool = { k in answer.map { k >= $0 } ?? false }
                for guess in guesses {
                    let found = AdaptiveStrategy.LateRestingCounter.firstLate(after: 0, through: last, isLate) {
                        guess(answer)
                    }
                    #expect(found == (answer ?? AdaptiveStrategy.LateRestingCounter.never),
                            "last \(last), answer \(String(describing: answer)), guess \(guess(answer))")
                    searches += 1
                }
            }
        }
        #expect(searches == 10 * (40 * 41 / 2 + 40))
    }

    /// Slacks a few ulps either side of a rounded running sum of transfers (1/3 s: every sum
    /// rounds), where the admission count an item turns late at is decided by the last bit, and
    /// beyond the plain bound of the admissions' transfers (the counter's "never late" bound must
    /// allow for the sums' rounding): the same counts as a scan.
    @Test func theLateRestingCounterIsExactAtTheRoundedSumsOfItsTransfers() {
        let transfer = 1.0 / 3
        var sums = [0.0]
        for _ in 0..<40 { sums.append(sums[sums.count - 1] + transfer) }
        var counter = AdaptiveStrategy.LateRestingCounter()
        for maxAdmissions in [1, 2, 10, 20, 40] {
            var slacks: [Double] = []
            for k in 0...maxAdmissions {
                var slack = sums[k] + transfer
                for _ in 0..<3 { slack = slack.nextDown }
                for _ in 0..<7 { slacks.append(slack); slack = slack.nextUp }
            }
            let resting = slacks.enumerated().map { (index: $0.offset, slack: $0.element) }
            resting.withUnsafeBufferPointer {
                counter.reset($0, transferSeconds: transfer, maxAdmissions: maxAdmissions)
            }
            var delay = 0.0
            for admissions in 0...maxAdmissions {
                if admissions > 0 {
                    counter.admitted()
                    delay += transfer
                }
                let expected = resting.count { $0.slack - delay < transfer }
                // the first counts scan, the later ones read what the build found
                #expect(counter.lateCount() == expected, "\(maxAdmissions) admissions max, after \(admissions)")
                #expect(counter.lateCount() == expected)
            }
        }
    }

    /// `adaptive` takes a frame's "decelerating" from the speed ratio alone and computes the rate,
    /// `DMath.log(ratio) / seconds`, only when a plan reads it: that holds while the logarithm of
    /// every ratio above 1 is positive (and of 1 is 0), from the next double after 1 to infinity.
    @Test func theLogarithmOfEveryRatioAboveOneIsPositive() {
        var generator = Generator(state: 31)
        let one = 1.0, root = 2.0.squareRoot()
        var ratios: [Double] = [one.nextUp, root.nextDown, root, root.nextUp, 2, 1e308,
                                .greatestFiniteMagnitude, .infinity]
        for step in 1...1_000 { ratios.append(1 + Double(step) * 0x1p-52) }  // the last bits above 1
        for _ in 0..<10_000 { ratios.append(1 + Double(1 + generator.next(1 << 30)) * 0x1p-28) }  // to 5
        for ratio in ratios { #expect(DMath.log(ratio) > 0, "log(\(ratio))") }
        #expect(DMath.log(1) == 0)
    }

    @Test func imageStatesThroughSlotsMatchSeparateTablesPerField() {
        // `ImageState` replaced five tables keyed by image id (marks, candidate positions, load
        // slots, "was in memory", "was on disk"): the packed entries, written through `slot` and
        // the subscript, read back as the five dictionaries they stand for.
        let table = PagedSlotTable(empty: AdaptiveStrategy.ImageState())
        var marks: [Int: Int32] = [:], indices: [Int: Int32] = [:], slots: [Int: Int32] = [:]
        var inMemory: Set<Int> = [], onDisk: Set<Int> = []
        var generator = Generator(state: 11)
        for round in 0..<6_000 {
            let key = generator.next(generator.next(2) == 0 ? 30 : 3_000)
            let value = Int32(generator.next(500) - 1)
            switch generator.next(6) {
            case 0: table.slot(key).pointee.mark = value; marks[key] = value
            case 1: table.slot(key).pointee.candidateIndex = value; indices[key] = value
            case 2: table[key].activeSlot = value; slots[key] = value
            case 3: table[key].wasInMemory = true; inMemory.insert(key)
            case 4: table.slot(key).pointee.isOnDisk = true; onDisk.insert(key)
            default: break
            }
            let probe = round % 2 == 0 ? key : generator.next(4_000)
            let state = round % 3 == 0 ? table.slot(probe).pointee : table[probe]
            #expect(state.mark == marks[probe, default: 0])
            #expect(state.candidateIndex == indices[probe, default: 0])
            #expect(state.activeSlot == slots[probe, default: -1])
            #expect(state.wasInMemory == inMemory.contains(probe))
            #expect(state.isOnDisk == onDisk.contains(probe))
        }
    }

    /// The old window: an array in arrival order with `removeFirst`, and `remove(at:)` then
    /// `insert(_:at:)` on the ascending copy.
    struct ReferenceWindow {
        let capacity: Int
        var values: [Double], ascending: [Double]
        func index(of value: Double) -> Int {
            var low = 0, high = ascending.count
            while low < high {
                let middle = (low + high) / 2
                if ascending[middle] < value { low = middle + 1 } else { high = middle }
            }
            return low
        }
        mutating func add(_ value: Double) {
            guard value.isFinite, value >= 0 else { return }
            if values.count == capacity { ascending.remove(at: index(of: values.removeFirst())) }
            values.append(value)
            ascending.insert(value, at: index(of: value))
        }
    }

    @Test func theRingWindowHoldsTheSameValuesInTheSameOrderAsTheArrayWindow() {
        var generator = Generator(state: 13)
        for capacity in [1, 2, 3, 8, 32] {
            var window = ObservationWindow(capacity: capacity, prior: 0.5, priorWeight: min(3, capacity))
            var reference = ReferenceWindow(capacity: capacity, values: Array(repeating: 0.5, count: min(3, capacity)),
                                            ascending: Array(repeating: 0.5, count: min(3, capacity)))
            for _ in 0..<2_000 {
                let value: Double = switch generator.next(8) {
                case 0: 0.5
                case 1: generator.next(2) == 0 ? 0.0 : -0.0
                case 2: -1
                default: Double(generator.next(50)) / 10
                }
                window.add(value)
                reference.add(value)
                #expect(window.values == reference.values)
                #expect(window.ascending.map(\.bitPattern) == reference.ascending.map(\.bitPattern))
            }
        }
    }

    @Test func theWindowsBranchFreeSearchFindsTheFirstPositionNotBelowTheValue() {
        // The search `add` uses for the leaving and the new value, against a scan, over sorted
        // arrays with runs of equal values, both zeros and values outside their range.
        var generator = Generator(state: 29)
        for _ in 0..<2_000 {
            // A full window (the constant-count search) a third of the time
            let count = generator.next(3) == 0 ? LoadEstimator.windowCapacity : generator.next(40)
            let sorted = (0..<count).map { _ in Double(generator.next(12)) / 2 }.sorted()
            for probe in [-1.0, -0.0, 0.0, 0.25, 0.5, 2.75, 3, 5.5, 6, 99] + sorted {
                let expected = sorted.firstIndex { !($0 < probe) } ?? sorted.count
                let found = sorted.withUnsafeBufferPointer { ObservationWindow.insertionIndex(of: probe, in: $0) }
                #expect(found == expected)
            }
        }
    }

    @Test func theBranchFreeLowerBoundIsTheFirstPositionWhereThePredicateFails() {
        // Every count up to 70 and every split point, the predicate true on a prefix: the search
        // `ObservationWindow` and `LinkShareLog` share, against the split itself.
        for count in 0...70 {
            for split in 0...count {
                var probed: [Int] = []
                let found = BranchFreeSearch.lowerBound(count: count) { index in
                    probed.append(index)
                    return index < split
                }
                #expect(found == split)
                #expect(probed.allSatisfy { (0..<count).contains($0) })  // never outside the positions
            }
        }
    }

    /// The old link log: the pieces' sharing counted by a scan of the overlapping transfers,
    /// over every kept transfer.
    struct ReferenceLinkLog {
        var outstanding: [(imageID: Int, fetchStart: SimTime)] = []
        var intervals: [(start: SimTime, end: SimTime)] = []
        var pending: [(start: SimTime, end: SimTime, bytes: Int64)] = []

        mutating func ended(_ metrics: TaskMetrics) -> [Double] {
            if let index = outstanding.firstIndex(where: {
                $0.imageID == metrics.imageID && $0.fetchStart == metrics.fetchStart
            }) {
                outstanding.remove(at: index)
            }
            if let start = metrics.responseStart, let end = metrics.responseEnd, end > start {
                intervals.append((start, end))
                if metrics.outcome == .completed && metrics.bytesReceived > 0 {
                    pending.append((start, end, metrics.bytesReceived))
                }
            }
            var frontier = SimTime.max
            for request in outstanding where request.fetchStart < frontier { frontier = request.fetchStart }
            var measured: [Double] = []
            var ready = 0
            while ready < pending.count && pending[ready].end <= frontier {
                let sample = pending[ready]
                measured.append(Double(linkTime(sample.start, sample.end)) / Double(sample.bytes))
                ready += 1
            }
            pending.removeFirst(ready)
            var horizon = frontier
            for sample in pending where sample.start < horizon { horizon = sample.start }
            if pending.count > LinkShareLog.pendingLimit {
                pending.removeFirst(pending.count - LinkShareLog.pendingLimit)
            }
            let stale = max(intervals.prefix { $0.end <= horizon }.count, intervals.count - LinkShareLog.intervalLimit)
            intervals.removeFirst(stale)
            return measured
        }

        func linkTime(_ start: SimTime, _ end: SimTime) -> SimTime {
            var cuts = [start, end]
            let overlapping = intervals.filter { $0.end > start && $0.start < end }
            for other in overlapping {
                if other.start > start { cuts.append(other.start) }
                if other.end < end { cuts.append(other.end) }
            }
            cuts.sort()
            var total: SimTime = 0
            for (from, to) in zip(cuts, cuts.dropFirst()) where to > from {
                let sharing = overlapping.count(where: { $0.start <= from && $0.end >= to })
                total += (to - from) / SimTime(max(1, sharing))
            }
            return total
        }
    }

    @Test func theLinkLogsSweepMeasuresExactlyWhatTheScanDid() {
        var generator = Generator(state: 21)
        for round in 0..<40 {
            var log = LinkShareLog(), reference = ReferenceLinkLog()
            var clock: SimTime = 0
            var inFlight: [(imageID: Int, fetchStart: SimTime)] = []
            for step in 0..<400 {
                clock += SimTime(generator.next(round % 4 == 0 ? 3 : 40))
                if inFlight.count < 12 && generator.next(2) == 0 {
                    let request = (imageID: step, fetchStart: clock)
                    inFlight.append(request)
                    log.resumed(imageID: request.imageID, at: request.fetchStart)
                    reference.outstanding.append(request)
                    continue
                }
                guard !inFlight.isEmpty else { continue }
                let request = inFlight.remove(at: generator.next(inFlight.count))
                // First byte after the resume; the last byte now, or (out of report order) earlier.
                let first = request.fetchStart + SimTime(generator.next(Int(clock - request.fetchStart) + 1))
                let last = round % 3 == 0 && generator.next(4) == 0 ? max(first, clock - 30) : clock
                let outcome: TaskMetrics.Outcome = generator.next(6) == 0 ? .cancelled : .completed
                let metrics = TaskMetrics(imageID: request.imageID, fetchStart: request.fetchStart,
                                          requestStart: request.fetchStart, responseStart: first, responseEnd: last,
                                          bytesReceived: Int64(1 + generator.next(5_000)), isReusedConnection: true,
                                          outcome: outcome)
                #expect(log.ended(metrics) == reference.ended(metrics))
            }
        }
    }

    /// Many transfers overlapping one (beyond the insertion sort's limit), reported in and out of
    /// end order: the sweep still measures what the scan did.
    @Test func theLinkLogsSweepMeasuresCrowdedLinksAsTheScanDid() {
        var generator = Generator(state: 34)
        for round in 0..<12 {
            var log = LinkShareLog(), reference = ReferenceLinkLog()
            let count = 36 + generator.next(30)
            var requests: [(imageID: Int, fetchStart: SimTime)] = []
            for k in 0..<count {
                let request = (imageID: k, fetchStart: SimTime(k * 7 + generator.next(5)))
                requests.append(request)
                log.resumed(imageID: request.imageID, at: request.fetchStart)
                reference.outstanding.append(request)
            }
            var clock: SimTime = 10_000
            var measuredCount = 0
            while !requests.isEmpty {
                let request = requests.remove(at: generator.next(requests.count))
                clock += SimTime(1 + generator.next(50))
                let first = request.fetchStart + SimTime(1 + generator.next(400))
                let last = round % 2 == 0 ? clock : clock - SimTime(generator.next(300))
                let metrics = TaskMetrics(imageID: request.imageID, fetchStart: request.fetchStart,
                                          requestStart: request.fetchStart, responseStart: first,
                                          responseEnd: max(first + 1, last),
                                          bytesReceived: Int64(1 + generator.next(9_000)), isReusedConnection: true,
                                          outcome: .completed)
                let measured = log.ended(metrics)
                #expect(measured == reference.ended(metrics))
                measuredCount += measured.count
            }
            #expect(measuredCount == count)  // every transfer measured once the last report came
        }
    }
}

extension AdaptiveHotPathTests {
    @Test(arguments: CacheIndex.Policy.allCases)
    func theOneLookupHitPathAnswersAndTouchesAsTheTwoLookupPath(policy: CacheIndex.Policy) {
        for expiration in [SimTime(0), SimDuration.second] {
            let result = MemoryCacheHitPathProbe.compare(policy: policy, expiration: expiration)
            #expect(result.mismatches == 0)
            #expect(result.hits > 100 && result.misses > 100)  // both paths were exercised
        }
    }
}

/// Drives two memory caches through the same random operations inside a run (a cache needs the
/// run's environment): lookups through `image(for:)` on one, `imageLongSide(for:)` on the other.
final class MemoryCacheHitPathProbe: FetchStrategy {
    /// The comparison's outcome.
    struct Result { var mismatches = 0, hits = 0, misses = 0 }

    /// Runs the comparison for `policy` (entries expiring `expiration` after access; 0: never).
    static func compare(policy: CacheIndex.Policy, expiration: SimTime) -> Result {
        let scenario = StrategyTests.fixedList(itemCount: 1, script: [.pause(seconds: 0.1)])
        final class Box: @unchecked Sendable { var result = Result() }
        let box = Box()
        _ = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "probe", strategy: { environment in
            MemoryCacheHitPathProbe(environment: environment, policy: policy, expiration: expiration,
                                    box: { box.result = $0 })
        }).run()
        return box.result
    }

    init(environment: FetchEnvironment, policy: CacheIndex.Policy, expiration: SimTime, box: (Result) -> Void) {
        let configuration = ImageMemoryCache.Configuration(policy: policy, countLimit: 12, costLimitBytes: 6_000_000,
                                                           maxEntryCostFraction: 0.5, expiration: expiration)
        let twoLookups = ImageMemoryCache(environment: environment, configuration: configuration)
        let oneLookup = ImageMemoryCache(environment: environment, configuration: configuration)
        var generator = AdaptiveHotPathTests.Generator(state: UInt64(3 + expiration))
        var result = Result()
        for _ in 0..<4_000 {
            let key = generator.next(24)
            switch generator.next(10) {
            case 0, 1, 2:
                let side = 100 + generator.next(1_200)
                let image = environment.makeUndecodedImage(key, width: side, height: 100 + generator.next(side))
                if twoLookups.store(image, for: key) != oneLookup.store(image, for: key) { result.mismatches += 1 }
            case 3: twoLookups.remove(key); oneLookup.remove(key)
            case 4:
                let isProtected = generator.next(2) == 0
                twoLookups.setProtected(key, isProtected)
                oneLookup.setProtected(key, isProtected)
            case 5 where generator.next(40) == 0: twoLookups.removeAll(); oneLookup.removeAll()
            default:
                let expected = twoLookups.image(for: key).map { max($0.pixelWidth, $0.pixelHeight) }
                let side = oneLookup.imageLongSide(for: key)
                if side != expected { result.mismatches += 1 }
                if side != nil { result.hits += 1 } else { result.misses += 1 }
            }
            if twoLookups.keysInEvictionOrder() != oneLookup.keysInEvictionOrder()
                || twoLookups.totalCost != oneLookup.totalCost { result.mismatches += 1 }
        }
        box(result)
    }
}

extension AdaptiveHotPathTests {
    /// A pool of cells as the cell callbacks leave it (each cell's item, −1 for none, and whether
    /// it shows its image), with the `CellKeys` those callbacks keep.
    struct CellModel {
        var cellKeys = AdaptiveStrategy.CellKeys()
        var itemOfCell: [Int]
        var satisfied: [Bool]

        init(count: Int) {
            itemOfCell = Array(repeating: -1, count: count)
            satisfied = Array(repeating: false, count: count)
        }

        /// `prepareForReuse` of `cell` (`isReuse`), or `cellForItem` of a random item over it
        /// (sometimes over a configured cell), maybe satisfied at once; `CellKeys` kept as the
        /// strategy keeps it.
        mutating func callback(_ cell: Int, isReuse: Bool, _ generator: inout Generator) {
            if itemOfCell[cell] >= 0 { cellKeys.remove(item: itemOfCell[cell], cell: cell) }
            guard !isReuse else {
                itemOfCell[cell] = -1
                satisfied[cell] = false
                return
            }
            itemOfCell[cell] = generator.next(generator.next(2) == 0 ? 12 : 300)
            satisfied[cell] = generator.next(4) == 0
            if !satisfied[cell] { cellKeys.insert(item: itemOfCell[cell], cell: cell) }
        }

        /// A plan's `removeSatisfied`.
        mutating func removeSatisfied() {
            let satisfied = self.satisfied
            cellKeys.removeSatisfied { satisfied[$0] }
        }

        /// Keys `item << 32 | cell` of the configured cells without their image, in cell order.
        var unsatisfiedKeys: [Int] {
            itemOfCell.indices.filter { itemOfCell[$0] >= 0 && !satisfied[$0] }.map { itemOfCell[$0] << 32 | $0 }
        }
    }
}

extension AdaptiveHotPathTests {
    @Test func theKeptCellKeysAreTheScanAndSortOfUnsatisfiedCells() {
        // `CellKeys` replaced a scan of every cell (configured, without its image) and a sort of
        // their keys at each plan: driven as the cell callbacks and `flush` drive it, its keys
        // after `removeSatisfied` are that scan's, in that order.
        var generator = Generator(state: 17)
        var cells = CellModel(count: 40)
        var plans = 0, nonEmpty = 0, ties = 0
        for _ in 0..<20_000 {
            let cell = generator.next(40)
            switch generator.next(8) {
            case 0, 1, 2, 3:  // cellForItem or prepareForReuse
                cells.callback(cell, isReuse: generator.next(4) == 3, &generator)
            case 4, 5:  // flush sets the image
                if cells.itemOfCell[cell] >= 0 { cells.satisfied[cell] = true }
            default:  // a plan
                cells.removeSatisfied()
                let expected = cells.unsatisfiedKeys.sorted()
                #expect(cells.cellKeys.keys == expected)
                plans += 1
                if !expected.isEmpty { nonEmpty += 1 }
                if zip(expected, expected.dropFirst()).contains(where: { $0 >> 32 == $1 >> 32 }) { ties += 1 }
            }
        }
        #expect(plans > 1_000 && nonEmpty > 500 && ties > 50)  // empty, full and tied lists were compared
    }

    @Test func flushFindsThroughTheCellKeysTheCellsTheScanOfEveryCellFound() {
        // `flush` replaced a scan of every cell (configured, not satisfied, its item's image
        // delivered) by a pass over `CellKeys`' keys (satisfied ones, not yet dropped, passed
        // over) and a sort of the cells found: driven as the cell callbacks, plans and flushes
        // drive them, both find the same cells in the same (cell) order.
        var generator = Generator(state: 29)
        var cells = CellModel(count: 48)
        var flushes = 0, found = 0, ordered = 0
        for _ in 0..<20_000 {
            let cell = generator.next(48)
            switch generator.next(8) {
            case 0, 1, 2, 3:  // cellForItem or prepareForReuse
                cells.callback(cell, isReuse: generator.next(4) == 3, &generator)
            case 4:  // a plan drops the satisfied cells
                cells.removeSatisfied()
            default:  // a flush: the delivered images are those of some items
                let modulus = 2 + generator.next(5)
                func isDelivered(_ item: Int) -> Bool { item % modulus == 0 }
                let expected = cells.unsatisfiedKeys.filter { isDelivered($0 >> 32) }.map { $0 & 0xFFFF_FFFF }
                var viaKeys: [Int] = []
                for key in cells.cellKeys.keys where !cells.satisfied[key & 0xFFFF_FFFF] && isDelivered(key >> 32) {
                    viaKeys.append(key & 0xFFFF_FFFF)
                }
                AdaptiveStrategy.PlanOrder.sortAscending(&viaKeys)
                #expect(viaKeys == expected)
                for cell in expected { cells.satisfied[cell] = true }
                flushes += 1
                found += expected.count
                if expected.count > 1 { ordered += 1 }
            }
        }
        // Flushes that set cells, and several cells at once (whose order is compared), ran.
        #expect(flushes > 5_000 && found > 3_000 && ordered > 500)
    }
}
