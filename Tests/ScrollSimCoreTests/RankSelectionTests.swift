import Testing
@testable import ScrollSimCore

@Suite struct RankSelectionTests {
    /// The definition, from the sorted values (what the metrics computed before selection).
    static func nearestRank(_ p: Int, of sorted: [SimTime]) -> SimTime {
        guard !sorted.isEmpty else { return 0 }
        let rank = (p * sorted.count + 99) / 100  // ceil(p/100 · n)
        return sorted[max(rank, 1) - 1]
    }

    @Test func selectsTheValuesASortWouldGive() {
        // Given arrays of many sizes, with few distinct values (ties) and with spread values
        for seed in UInt64(1)...60 {
            var generator = SplitMix64(seed: seed)
            let count = Int(generator.next() % 700)
            let spread: UInt64 = seed % 3 == 0 ? 4 : 1_000_000
            let values = (0..<count).map { _ in SimTime(generator.next() % spread) - SimTime(spread / 2) }
            // When the ranks are selected
            let selected = RankSelection.nearestRanks([0, 1, 50, 95, 99, 100], of: values)
            // Then they are the nearest ranks of the sorted values
            let sorted = values.sorted()
            let expected = [0, 1, 50, 95, 99, 100].map { Self.nearestRank($0, of: sorted) }
            #expect(selected == expected, "seed \(seed), \(count) values")
        }
    }

    @Test func handlesEmptySortedReversedAndConstantInputs() {
        #expect(RankSelection.nearestRanks([50, 95], of: []) == [0, 0])
        let ascending = (0..<1000).map { SimTime($0) }
        #expect(RankSelection.nearestRanks([50, 95, 99], of: ascending) == [499, 949, 989])
        #expect(RankSelection.nearestRanks([50, 95, 99], of: ascending.reversed()) == [499, 949, 989])
        #expect(RankSelection.nearestRanks([50, 99], of: Array(repeating: 7, count: 333)) == [7, 7])
        #expect(RankSelection.nearestRanks([95], of: [42]) == [42])
    }

    @Test func aRangeThatStopsShrinkingIsSortedInstead() {
        // Given an organ-pipe input (a classic bad case for medians of three), large enough to
        // partition many times
        let half = (0..<2048).map { SimTime($0) }
        let values = half + half.reversed()
        var work = values
        // When every rank is selected in turn
        let sorted = values.sorted()
        for index in stride(from: 0, to: values.count, by: 97) {
            work.withUnsafeMutableBufferPointer { RankSelection.select(index, in: $0, from: 0, to: $0.count) }
            // Then the value of that rank is in place, no greater value before, no smaller after
            #expect(work[index] == sorted[index])
            #expect(work[..<index].allSatisfy { $0 <= work[index] })
            #expect(work[(index + 1)...].allSatisfy { $0 >= work[index] })
        }
    }
}
