@testable import FetchStrategies
import Testing

/// `InsertionOrderedSet`, the nodes sharing one of `texture`'s loads or draws: insertion order,
/// small (scanned) and large (indexed) alike, checked against an array.
@Suite struct InsertionOrderedSetTests {
    @Test func smallSetsKeepInsertionOrderThroughRemovalsAndReinsertions() {
        var set = InsertionOrderedSet(7)
        let added = [set.insert(3), set.insert(9), set.insert(7)]
        #expect(added == [true, true, false])
        #expect(Array(set) == [7, 3, 9] && set.count == 3)
        let removed = [set.remove(7), set.remove(7)]
        #expect(removed == [true, false] && !set.contains(7) && set.contains(9))
        let readded = set.insert(7)
        #expect(readded)
        #expect(Array(set) == [3, 9, 7] && set.count == 3 && !set.isEmpty)
        let emptied = [set.remove(3), set.remove(9), set.remove(7)]
        #expect(emptied == [true, true, true] && set.isEmpty && Array(set) == [])
    }

    @Test func aResetSetHoldsItsOneElementAsAFreshSetDoes() {
        // Sets that held one element, two (the order array), none, and past the scan limit
        for size in [1, 2, 0, 20] {
            var set = InsertionOrderedSet(100)
            for element in 0..<size { set.insert(element) }
            if size == 0 { set.remove(100) }
            set.reset(to: 5)
            #expect(Array(set) == [5] && set.count == 1 && set.contains(5) && !set.contains(100))
            // it then behaves as a fresh set of 5
            var fresh = InsertionOrderedSet(5)
            for element in [7, 5, 3] {
                let inserted = (set.insert(element), fresh.insert(element))
                #expect(inserted.0 == inserted.1)
            }
            let removed = (set.remove(5), fresh.remove(5))
            #expect(removed.0 == removed.1)
            #expect(Array(set) == Array(fresh) && set.count == fresh.count)
        }
    }

    @Test func setsGrowingPastTheScanLimitKeepTheSameOrderAsAnArray() {
        // Given random inserts and removals over 0..<60 (the set outgrows its scan limit of 16,
        // then shrinks and grows again), mirrored on an array
        var set = InsertionOrderedSet()
        var oracle: [Int] = []
        var state: UInt64 = 11
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for step in 0..<4_000 {
            let element = next(60)
            // more inserts than removals for the first half, the other way round after
            if next(10) < (step < 2_000 ? 7 : 3) {
                let inserted = set.insert(element)
                #expect(inserted == !oracle.contains(element))
                if !oracle.contains(element) { oracle.append(element) }
            } else {
                let removed = set.remove(element)
                #expect(removed == oracle.contains(element))
                oracle.removeAll { $0 == element }
            }
            #expect(set.count == oracle.count)
            if step % 50 == 0 { #expect(Array(set) == oracle, "step \(step)") }
        }
        // Then it ends with exactly the array's elements, in the same order
        #expect(Array(set) == oracle)
        for element in 0..<60 { #expect(set.contains(element) == oracle.contains(element)) }
    }

    @Test func setsOfOneOrTwoElementsAgreeWithAnArrayAcrossTheMoveToTheOrderArray() {
        // Given many fresh sets (each starting with one element, held inline), each put through a
        // few random inserts and removals over 0..<3, mirrored on arrays
        var state: UInt64 = 5
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var movedToArray = 0
        for trial in 0..<300 {
            let first = next(3)
            var set = trial % 5 == 0 ? InsertionOrderedSet() : InsertionOrderedSet(first)
            var oracle: [Int] = trial % 5 == 0 ? [] : [first]
            for _ in 0..<next(8) {
                let element = next(3)
                if next(2) == 0 {
                    #expect(set.insert(element) == !oracle.contains(element))
                    if !oracle.contains(element) { oracle.append(element) }
                } else {
                    #expect(set.remove(element) == oracle.contains(element))
                    oracle.removeAll { $0 == element }
                }
                if oracle.count > 1 { movedToArray += 1 }
                // Then every step has the array's elements, count and membership, in its order
                #expect(Array(set) == oracle && set.count == oracle.count && set.isEmpty == oracle.isEmpty,
                        "trial \(trial)")
                for element in 0..<3 { #expect(set.contains(element) == oracle.contains(element)) }
            }
        }
        // And the sets did cross from one inline element to the order array and back down
        #expect(movedToArray > 100)
    }
}
