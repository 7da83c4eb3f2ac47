import Testing
@testable import ScrollSimCore

@Suite struct SortedItemsTests {
    @Test func matchesASortedArrayOracleOnRandomOperations() {
        for seed in UInt64(1)...40 {
            var generator = SplitMix64(seed: seed)
            var items = SortedItems()
            var oracle: [Int] = []
            for step in 0..<500 {
                let item = Int(generator.next() % 120)
                switch generator.next() % 6 {
                case 0, 1:
                    items.insert(item)
                    if !oracle.contains(item) { oracle.append(item); oracle.sort() }
                case 2:
                    let wasElement = items.remove(item)
                    #expect(wasElement == oracle.contains(item), "seed \(seed) step \(step)")
                    oracle.removeAll { $0 == item }
                case 3:
                    // Remove below or from a bound: the removed come out ascending
                    var removed: [Int] = []
                    if generator.next() % 2 == 0 {
                        items.removeElements(below: item, into: &removed)
                        #expect(removed == oracle.filter { $0 < item })
                        oracle.removeAll { $0 < item }
                    } else {
                        items.removeElements(from: item, into: &removed)
                        #expect(removed == oracle.filter { $0 >= item })
                        oracle.removeAll { $0 >= item }
                    }
                case 4:
                    // Insert a run of new items at once
                    let fresh = (item..<(item + 5)).filter { !oracle.contains($0) }
                    items.insert(ascending: fresh)
                    oracle = (oracle + fresh).sorted()
                default:
                    #expect(items.contains(item) == oracle.contains(item))
                }
                #expect(items.checkInvariants(), "seed \(seed) step \(step)")
                #expect(Array(items.elements) == oracle, "seed \(seed) step \(step)")
                #expect(items.withElements { Array($0) } == oracle, "seed \(seed) step \(step)")
                #expect(items.count == oracle.count && items.isEmpty == oracle.isEmpty)
                // Whether every element lies in a range, against the oracle (empty ranges included)
                let low = Int(generator.next() % 130) - 5
                let range = low..<(low + Int(generator.next() % 60))
                #expect(items.isWithin(range) == oracle.allSatisfy { range.contains($0) },
                        "seed \(seed) step \(step) range \(range)")
            }
        }
    }

    @Test func removingTheFrontRepeatedlyCompactsAndKeepsOrder() {
        // Given 0..<1000, removed from the front while new items arrive at the back
        var items = SortedItems()
        items.insert(ascending: Array(0..<100))
        for next in 100..<1_000 {
            let wasElement = items.remove(next - 100)
            #expect(wasElement)
            items.insert(next)
        }
        // Then the last 100 remain, ascending
        #expect(Array(items.elements) == Array(900..<1_000))
        // And an item below the front goes in front of it
        items.insert(5)
        #expect(items.elements.first == 5 && items.count == 101 && items.checkInvariants())
    }
}
