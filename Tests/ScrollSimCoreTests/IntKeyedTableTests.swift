import Testing
@testable import ScrollSimCore

/// `IntKeyedTable`, the integer-keyed table behind the memory caches, the network model,
/// `texture`'s nodes, `asset-store`'s prefetch tokens and the shared loads' tokens, checked
/// against a Dictionary.
@Suite struct IntKeyedTableTests {
    /// The slots a table holding at most `peakCount` keys at once has: the smallest power of two,
    /// at least 16, that keeps it at most 3/4 full.
    static func slotCount(forPeakCount peakCount: Int) -> Int {
        var slots = 16
        while peakCount * 4 > slots * 3 { slots *= 2 }
        return slots
    }

    /// Writes `value` through the in-place accessor (`nil` removes the key).
    static func write(_ value: Int?, into slot: inout Int?) { slot = value }

    @Test func matchesADictionaryOnRandomOperations() {
        for seed in UInt64(1)...30 {
            // Given random sets (by assignment and in place), in-place changes, updates and
            // removals over dense keys, a few far and negative ones, with the table growing through
            // several capacities and entries moving back into the gaps removals leave
            var generator = SplitMix64(seed: seed)
            var table = IntKeyedTable<Int>()
            var oracle: [Int: Int] = [:]
            var peakCount = 0
            for step in 0..<2_000 {
                let draw = generator.next()
                let key: Int
                switch draw % 10 {
                case 0: key = -Int(draw >> 40)
                case 1: key = Int(draw >> 8)
                default: key = Int(draw >> 32) % 300
                }
                switch generator.next() % 8 {
                case 0, 1:
                    table[key] = step
                    oracle[key] = step
                case 2:
                    Self.write(step, into: &table[key])
                    oracle[key] = step
                case 3:
                    #expect(table.removeValue(forKey: key) == oracle.removeValue(forKey: key), "seed \(seed)")
                case 4:
                    table[key] = nil
                    oracle[key] = nil
                case 5:
                    Self.write(nil, into: &table[key])
                    oracle[key] = nil
                case 6:
                    let result = table.update(key) { value -> Int in
                        value += 1
                        return value
                    }
                    if oracle[key] != nil { oracle[key]! += 1 }
                    #expect(result == oracle[key], "seed \(seed)")
                default:
                    #expect(table[key, default: -1] == oracle[key, default: -1], "seed \(seed)")
                }
                peakCount = max(peakCount, oracle.count)
                if step % 97 == 0 { #expect(table.checkInvariants(), "seed \(seed) step \(step)") }
            }
            // Then every key agrees, held or not, and so does the count; the slots follow the
            // most keys held at once
            #expect(table.count == oracle.count)
            for key in -5..<305 { #expect(table[key] == oracle[key], "seed \(seed) key \(key)") }
            for (key, value) in oracle { #expect(table[key] == value, "seed \(seed) key \(key)") }
            #expect(table.checkInvariants())
            #expect(table.slotCount == Self.slotCount(forPeakCount: peakCount), "seed \(seed)")
        }
    }

    @Test func aRemovalMovesTheRestOfItsProbeRunBackIntoTheGap() {
        // Given a table of 16 slots holding three keys with the same home slot, the last one
        // (15), so that their run wraps around to slots 0 and 1, and a key whose home is slot 1
        var table = IntKeyedTable<Int>()
        table.reserveCapacity(12)
        #expect(table.slotCount == 16)
        let sameHome = Array((0..<100_000).lazy.filter { table.home($0) == 15 }.prefix(3))
        let homeOne = (0..<100_000).first { table.home($0) == 1 }!
        for key in sameHome + [homeOne] { table[key] = key }
        #expect(table.slot(of: sameHome[0]) == 15 && table.slot(of: sameHome[1]) == 0)
        #expect(table.slot(of: sameHome[2]) == 1 && table.slot(of: homeOne) == 2)
        // When the first is removed, then each of the others moves back one slot: the run stays
        // unbroken, and the last slot of the run is free again
        #expect(table.removeValue(forKey: sameHome[0]) == sameHome[0])
        #expect(table.slot(of: sameHome[1]) == 15 && table.slot(of: sameHome[2]) == 0)
        #expect(table.slot(of: homeOne) == 1 && table.keys[2] == Int.min && table.values[2] == nil)
        #expect(table.count == 3 && table.checkInvariants())
        // When the key in slot 0 is removed by writing nil, then the key after it stays: it is in
        // its home slot already, and moving it back would put it before its home
        table[sameHome[2]] = nil
        #expect(table.slot(of: sameHome[1]) == 15 && table.slot(of: homeOne) == 1 && table.keys[0] == Int.min)
        #expect(table.count == 2 && table.checkInvariants() && table[homeOne] == homeOne)
    }

    @Test func aWindowOfKeysSlidingFarStaysInTheSlotsOfItsSize() {
        // Given keys 0..<100 live, then a window of 100 keys sliding up to 1,000,000 (new keys
        // written at the top, old ones removed at the bottom, values changed in place)
        var table = IntKeyedTable<Int>()
        for key in 0..<100 { table[key] = key * 2 }
        #expect(table.count == 100 && table.slotCount == 256)
        for top in 100..<1_000_000 {
            #expect(table.removeValue(forKey: top - 100) == (top - 100) * 2)
            table[top] = top
            table[top]! *= 2
        }
        // Then every live key reads its value, every removed one nil, in 256 slots still: memory
        // follows the live keys, not the largest key written
        #expect(table.count == 100 && table.slotCount == 256 && table.checkInvariants())
        for key in 999_900..<1_000_000 { #expect(table[key] == key * 2) }
        for key in [0, 99, 999_899 - 256, 999_899, 1_000_000, 1_000_256] { #expect(table[key] == nil, "key \(key)") }
        table[999_950] = nil
        #expect(table[999_950] == nil && table.count == 99)
        // An update changes a live value in place and returns its result; a missing key is untouched
        let updated = table.update(999_999) { value -> Int in
            value += 1
            return value
        }
        let missing = table.update(999_950) { value -> Int in
            value = 0
            return value
        }
        #expect(updated == 1_999_999 && table[999_999] == 1_999_999 && missing == nil && table[999_950] == nil)
    }

    @Test func aWindowSlidingBackAndForthWithRemovalsInAnyOrderKeepsEveryValue() {
        // Given a window of up to 300 items scrolled down and up (a preload range), items leaving
        // it removed in a random order, random changes in place inside it
        var generator = SplitMix64(seed: 9)
        var table = IntKeyedTable<Int>()
        var oracle: [Int: Int] = [:]
        var low = 0
        for step in 0..<5_000 {
            let move = Int(generator.next() % 7) - 2  // drifts down: -2...4 items a step
            low = max(0, low + move)
            let window = low..<(low + 200 + Int(generator.next() % 100))
            let leaving = oracle.keys.filter { !window.contains($0) }
                .sorted { (($0 &* 0x5851_F42D) & 0xFFFF, $0) < (($1 &* 0x5851_F42D) & 0xFFFF, $1) }
            for key in leaving {
                #expect(table.removeValue(forKey: key) == oracle.removeValue(forKey: key))
            }
            for key in window where oracle[key] == nil {
                table[key] = step
                oracle[key] = step
            }
            let key = window.lowerBound + Int(generator.next() % UInt64(window.count))
            table[key]! += 1
            oracle[key]! += 1
            if step % 499 == 0 { #expect(table.checkInvariants(), "step \(step)") }
        }
        // Then the table holds exactly the oracle's keys and values, in the slots of 300 keys
        #expect(table.count == oracle.count && table.checkInvariants())
        for key in max(0, low - 400)..<(low + 700) { #expect(table[key] == oracle[key], "key \(key)") }
        #expect(table.slotCount == Self.slotCount(forPeakCount: 300))
        #expect(low > 2_000)
    }

    @Test func removeAllEmptiesAndTheTableStaysUsable() {
        // Given 1,000 keys
        var table = IntKeyedTable<String>()
        for key in 0..<1_000 { table[key * 7] = "\(key)" }
        #expect(table.count == 1_000 && table[6_993] == "999")
        // When all are removed, then none is found, and new keys go in as before
        table.removeAll()
        #expect(table.count == 0 && table[0] == nil && table[6_993] == nil)
        table[42] = "x"
        #expect(table.count == 1 && table[42] == "x" && table.checkInvariants())
    }

    @Test func theFreeSlotMarkerIsNeverFound() {
        // Given a new table and one holding keys next to Int.min and Int.max
        var table = IntKeyedTable<Int>()
        #expect(table[Int.min] == nil && table.removeValue(forKey: Int.min) == nil && table.count == 0)
        for key in [Int.min + 1, Int.max, 0, -1] { table[key] = key & 0xFF }
        // Then Int.min, the free-slot key, reads nil, and writing nil to it changes nothing
        #expect(table[Int.min] == nil && table.update(Int.min) { $0 } == nil)
        table[Int.min] = nil
        #expect(table.count == 4 && table[Int.min + 1] == 1 && table[Int.max] == 0xFF && table[-1] == 0xFF)
        #expect(table.checkInvariants())
    }

    @Test func incrementReturnsTheCountBeforeAndStartsAnAbsentKeyAtOne() {
        // Given a table holding 7 for key 5
        var table = IntKeyedTable<Int>()
        table[5] = 7
        // When key 5 is counted twice and the absent key 9 three times
        let fives = [table.increment(5), table.increment(5)]
        let nines = [table.increment(9), table.increment(9), table.increment(9)]
        // Then each returns the count it had (absent: 0), and the counts are 9 and 3
        #expect(fives == [7, 8] && nines == [0, 1, 2])
        #expect(table[5] == 9 && table[9] == 3 && table.count == 2 && table.checkInvariants())
    }

    @Test func incrementKeepsEveryCountWhileTheTableGrows() {
        // Given 100 keys counted in rounds (key k counted k % 4 + 1 times), the table growing meanwhile
        var table = IntKeyedTable<Int>()
        var returned: [Int] = []
        for round in 0..<4 {
            for key in 0..<100 where key % 4 >= round { returned.append(table.increment(key * 31)) }
        }
        // Then every count is right, and each increment returned the round it ran in
        for key in 0..<100 { #expect(table[key * 31] == key % 4 + 1, "key \(key * 31)") }
        #expect(returned == (0..<4).flatMap { round in (0..<100).filter { $0 % 4 >= round }.map { _ in round } })
        #expect(table.count == 100 && table.checkInvariants())
    }

    @Test func insertIfAbsentPutsOnlyTheFirstValueOfAKey() {
        // Given a table holding "a" for key 1
        var table = IntKeyedTable<String>()
        table[1] = "a"
        // When "b" is offered for keys 1 and 2, then "c" for key 2
        let puts = [table.insertIfAbsent(1, "b"), table.insertIfAbsent(2, "b"), table.insertIfAbsent(2, "c")]
        // Then only the absent key 2 took a value, its first
        #expect(puts == [false, true, false])
        #expect(table[1] == "a" && table[2] == "b" && table.count == 2 && table.checkInvariants())
    }

    @Test func aCopyKeepsItsEntriesWhateverTheOriginalDoes() {
        // Given a table of 40 keys (grown past its first storage) and a copy of it
        var table = IntKeyedTable<String>()
        for key in 0..<40 { table[key * 3] = "v\(key)" }
        var copy = table
        // When the original changes in place, loses keys, gains keys (growing) and is emptied
        table[0]! += "!"
        for key in 0..<20 { table.removeValue(forKey: key * 3) }
        for key in 100..<200 { table[key] = "n" }
        table.removeAll()
        // Then the copy still holds exactly its 40 entries, and changes to it stay its own
        #expect(copy.count == 40 && copy.checkInvariants())
        for key in 0..<40 { #expect(copy[key * 3] == "v\(key)", "key \(key * 3)") }
        #expect(copy[100] == nil && copy[1] == nil)
        copy[3] = nil
        _ = copy.update(6) { $0 += "?" }
        #expect(copy.count == 39 && copy[6] == "v2?" && table.count == 0 && table[6] == nil)
    }
}
