@testable import FetchStrategies
import Testing

/// The index structures behind `adaptive`'s plan: a table keyed by a small integer and a
/// Fenwick counter, each checked against a plain oracle.
@Suite struct DenseStructuresTests {
    /// A repeatable generator for the cases (64-bit LCG, Knuth's MMIX constants).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func aDenseTableReadsUnwrittenKeysAsEmptyAndKeepsWhatWasWritten() {
        var table = DenseTable<Int>(empty: -1)
        #expect(table[0] == -1 && table[1_000] == -1 && table.count == 0)
        table[5] = 7
        #expect(table.count == 6 && table[5] == 7 && table[4] == -1 && table[6] == -1)
        table[5] += 1
        table[2] = 3
        #expect(table.count == 6 && table[5] == 8 && table[2] == 3)
        var oracle: [Int: Int] = [5: 8, 2: 3]
        var generator = Generator(state: 1)
        for _ in 0..<2_000 {
            let key = generator.next(500), value = generator.next(100)
            table[key] = value
            oracle[key] = value
        }
        for key in 0..<600 { #expect(table[key] == (oracle[key] ?? -1)) }
    }

    @Test func aFenwickCounterCountsTheMarkedPositionsBeforeEveryEnd() {
        var generator = Generator(state: 7)
        for count in [0, 1, 2, 3, 7, 8, 64, 100] {
            var counter = FenwickCounter(count: count)
            var marked = [Bool](repeating: true, count: count)
            for end in 0...count { #expect(counter.markedCount(before: end) == end) }
            for position in (0..<count).map({ ($0, generator.next(1_000)) }).sorted(by: { $0.1 < $1.1 }).map(\.0) {
                counter.unmark(position)
                marked[position] = false
                let end = generator.next(count + 1)
                #expect(counter.markedCount(before: end) == marked[..<end].filter { $0 }.count)
            }
            #expect(counter.markedCount(before: count) == 0)
        }
    }

    @Test func aResetFenwickCounterHasEveryPositionMarkedAgainWhateverItsSizeBefore() {
        var counter = FenwickCounter(count: 9)
        for position in [0, 4, 8] { counter.unmark(position) }
        #expect(counter.markedCount(before: 9) == 6)
        for count in [12, 3, 0, 5] {  // larger, smaller, empty, then larger again
            counter.reset(count: count)
            for end in 0...count { #expect(counter.markedCount(before: end) == end) }
            #expect(counter.markedCount(before: count + 10) == count)  // an end past the last counts all
            if count > 2 {
                counter.unmark(1)
                #expect(counter.markedCount(before: 1) == 1 && counter.markedCount(before: count) == count - 1)
            }
        }
    }
}
