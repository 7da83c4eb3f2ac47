import Testing
@testable import ScrollSimCore

@Suite struct PreparedCellsTests {
    @Test func matchesADictionaryOracleOnRandomOperations() {
        for seed in UInt64(1)...20 {
            // Given attach/detach operations on a window that drifts, jumps and spreads
            var generator = SplitMix64(seed: seed)
            var cells = PreparedCells()
            var oracle: [Int: CellID] = [:]
            var centre = 1_000
            var nextCell = 0
            for step in 0..<400 {
                if generator.next() % 50 == 0 { centre += Int(generator.next() % 100_000) }  // a jump
                centre += Int(generator.next() % 5)
                // Detach everything behind the centre first, as the retain band does before the
                // entering items are prepared (so the window stays a few screens long)
                while let first = cells.first, first.item < centre - 400 {
                    let removed = cells.remove(first.item)
                    let expected = oracle.removeValue(forKey: first.item)
                    #expect(removed == expected)
                }
                let spread = seed % 4 == 0 ? 300 : 40
                let item = centre + Int(generator.next() % UInt64(spread))
                if let cell = oracle[item] {
                    let removed = cells.remove(item)
                    #expect(removed == cell, "seed \(seed) step \(step)")
                    oracle[item] = nil
                } else if oracle.count < 200 {
                    cells.insert(nextCell, for: item)
                    oracle[item] = nextCell
                    nextCell += 1
                }
                // Then lookups, bounds and the count agree with the oracle
                #expect(cells.checkInvariants(), "seed \(seed) step \(step)")
                #expect(cells.count == oracle.count)
                #expect(cells.first?.item == oracle.keys.min() && cells.last?.item == oracle.keys.max())
                for probe in (item - 3)...(item + 3) { #expect(cells.cell(for: probe) == oracle[probe] ?? -1) }
            }
        }
    }

    @Test func aWindowLongerThanTheBufferGrowsAndKeepsEveryCell() {
        // Given items 0 and 1,000 attached (further apart than the initial 64 slots)
        var cells = PreparedCells()
        cells.insert(7, for: 0)
        cells.insert(8, for: 1_000)
        cells.insert(9, for: 64)
        // Then each keeps its own cell, and none leaks into another item's slot
        #expect(cells.cell(for: 0) == 7 && cells.cell(for: 1_000) == 8 && cells.cell(for: 64) == 9)
        #expect(cells.cell(for: 1_024) == -1 && cells.cell(for: 128) == -1)
        #expect(cells.checkInvariants())
        // When the first goes, the window starts at the next attached item
        cells.remove(0)
        #expect(cells.first?.item == 64 && cells.last?.item == 1_000 && cells.count == 2)
    }
}
