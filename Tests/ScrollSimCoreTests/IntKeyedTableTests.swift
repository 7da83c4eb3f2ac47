import Testing
@testable import ScrollSimCore

@Suite struct IntKeyedTableTests {
    @Test func matchesADictionaryOnRandomOperations() {
        for seed in UInt64(1)...30 {
            // Given random sets, overwrites and removals over dense keys, a few far and negative
            // ones, with the table growing and shrinking through several capacities
            var generator = SplitMix64(seed: seed)
            var table = IntKeyedTable<Int>()
            var oracle: [Int: Int] = [:]
            for step in 0..<2_000 {
                let draw = generator.next()
                let key: Int
                switch draw % 10 {
                case 0: key = -Int(draw >> 40)
                case 1: key = Int(draw >> 8)
                default: key = Int(draw >> 32) % 300
                }
                switch generator.next() % 5 {
                case 0, 1:
                    table[key] = step
                    oracle[key] = step
                case 2:
                    #expect(table.removeValue(forKey: key) == oracle.removeValue(forKey: key), "seed \(seed)")
                case 3:
                    table[key] = nil
                    oracle[key] = nil
                default:
                    #expect(table[key, default: -1] == oracle[key, default: -1], "seed \(seed)")
                }
                if step % 97 == 0 { #expect(table.checkInvariants(), "seed \(seed) step \(step)") }
            }
            // Then every key agrees, held or not, and so does the count
            #expect(table.count == oracle.count)
            for key in -5..<305 { #expect(table[key] == oracle[key], "seed \(seed) key \(key)") }
            for (key, value) in oracle { #expect(table[key] == value, "seed \(seed) key \(key)") }
            #expect(table.checkInvariants())
        }
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
}
