import Testing
@testable import ScrollSimCore

/// The prefetch window's new items (`Simulator.appendItems(of:notIn:orIn:descending:to:)`), by
/// arithmetic when the outstanding items are consecutive, else by a walk.
@Suite struct PrefetchCandidateTests {
    @Test func equalsAFilteredScanForEveryWindowVisibleRangeAndOutstandingSet() {
        // Given every pair of ranges within 0...7 and outstanding sets consecutive or not, empty included
        var ranges: [Range<Int>] = []
        for lower in 0...7 { for upper in lower...7 { ranges.append(lower..<upper) } }
        var sets: [(SortedItems, [Int])] = []
        for members in [[], [3], [2, 3, 4], [0, 1], [5, 6, 7], [1, 2, 4, 5], [2, 6], [0, 1, 2, 3, 4, 5, 6, 7], [9, 10]] {
            var outstanding = SortedItems()
            outstanding.insert(ascending: members)
            sets.append((outstanding, members))
        }
        var arithmetic = 0
        for window in ranges {
            for visible in ranges {
                for (outstanding, members) in sets {
                    for descending in [false, true] {
                        // Then the items appended (after what was there) are the scan's, in its order
                        var items = [-1]
                        Simulator.appendItems(of: window, notIn: visible, orIn: outstanding,
                                              descending: descending, to: &items)
                        let scan = window.filter { !visible.contains($0) && !members.contains($0) }
                        #expect(items == [-1] + (descending ? scan.reversed() : scan),
                                "\(window) minus \(visible) and \(members), descending \(descending)")
                        if outstanding.consecutiveRange != nil { arithmetic += 1 }
                    }
                }
            }
        }
        #expect(arithmetic > 0)
    }

    @Test func consecutiveRangeIsTheElementsWhenTheyHaveNoGap() {
        // Given sets changed at both ends and in the middle
        var items = SortedItems()
        #expect(items.consecutiveRange == 0..<0)
        items.insert(ascending: [4, 5, 6, 7])
        #expect(items.consecutiveRange == 4..<8)
        items.remove(4)
        #expect(items.consecutiveRange == 5..<8)
        // Then a gap gives nil, and filling it gives the range back
        items.remove(6)
        #expect(items.consecutiveRange == nil)
        items.insert(6)
        #expect(items.consecutiveRange == 5..<8)
        var removed: [Int] = []
        items.removeElements(below: 100, into: &removed)
        #expect(items.consecutiveRange == 0..<0 && removed == [5, 6, 7])
    }
}
