import Testing
@testable import ScrollSimCore

/// The layout pass lists the lead band's items that are not visible and have no cell
/// (`Simulator.appendItems(of:notIn:cellWindow:hasCell:descending:to:)`), by arithmetic when it can.
@Suite struct LeadCandidateTests {
    /// The path it replaces: a scan of the band, item by item.
    static func scan(_ range: Range<Int>, visible: Range<Int>, prepared: PreparedCells, descending: Bool) -> [Int] {
        let items = range.filter { !visible.contains($0) && prepared.cell(for: $0) < 0 }
        return descending ? items.reversed() : items
    }

    @Test func equalsAScanForEveryBandVisibleRangeAndPreparedSet() {
        // Given every pair of ranges within 0...7 (empty ones in several places) and prepared
        // sets with and without gaps, empty included
        var ranges: [Range<Int>] = []
        for lower in 0...7 { for upper in lower...7 { ranges.append(lower..<upper) } }
        var preparedSets: [PreparedCells] = [PreparedCells()]
        for members in [[2, 3, 4], [0, 1], [5, 6, 7], [3], [1, 2, 4, 5], [2, 6], [0, 1, 2, 3, 4, 5, 6, 7]] {
            var prepared = PreparedCells()
            for (cell, item) in members.enumerated() { prepared.insert(cell, for: item) }
            preparedSets.append(prepared)
        }
        var arithmetic = 0
        for range in ranges {
            for visible in ranges {
                for prepared in preparedSets {
                    for descending in [false, true] {
                        // Then the items appended (after what was there) are the scan's, in its order
                        var items = [-1]
                        Simulator.appendItems(of: range, notIn: visible, cellWindow: prepared.gaplessWindow,
                                              hasCell: { prepared.cell(for: $0) >= 0 }, descending: descending,
                                              to: &items)
                        let expected = [-1] + Self.scan(range, visible: visible, prepared: prepared,
                                                        descending: descending)
                        #expect(items == expected, "\(range) minus \(visible), descending \(descending)")
                        if prepared.gaplessWindow != nil { arithmetic += 1 }
                    }
                }
            }
        }
        #expect(arithmetic > 0)
    }

    @Test func aGaplessWindowIsExactlyTheAttachedItems() {
        // Given a prepared set built up and taken down at its ends, then with a gap
        var prepared = PreparedCells()
        #expect(prepared.gaplessWindow == 0..<0)
        for item in 10..<15 { prepared.insert(item, for: item) }
        #expect(prepared.gaplessWindow == 10..<15)
        prepared.remove(10)
        #expect(prepared.gaplessWindow == 11..<15)
        // Then a gap inside the window gives nil
        prepared.remove(12)
        #expect(prepared.gaplessWindow == nil)
        prepared.insert(12, for: 12)
        #expect(prepared.gaplessWindow == 11..<15)
    }
}
