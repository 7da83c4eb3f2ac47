import Testing
@testable import ScrollSimCore

/// The layout pass visits the rows leaving and entering the viewport as a range minus a range.
@Suite struct RangeDifferenceTests {
    @Test func equalsAFilteredScanForEveryPairOfSmallRanges() {
        // Given every pair of ranges within 0...8 (empty ones included, and 0..<0 as the layout's
        // "nothing visible")
        var ranges: [Range<Int>] = []
        for lower in 0...8 { for upper in lower...8 { ranges.append(lower..<upper) } }
        for range in ranges {
            for other in ranges {
                // Then the two parts, in order, are the range's items not in the other range
                let parts = Simulator.items(of: range, notIn: other)
                #expect(Array(parts.below) + Array(parts.above) == range.filter { !other.contains($0) },
                        "\(range) minus \(other)")
                #expect(parts.below.upperBound <= parts.above.lowerBound)
            }
        }
    }
}
