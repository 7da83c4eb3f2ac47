@testable import FetchStrategies
import Testing

/// `WindowTable`, the item-keyed table behind `texture`'s nodes and `asset-store`'s prefetch
/// tokens, checked against a Dictionary.
@Suite struct WindowTableTests {
    /// A repeatable generator for the cases (64-bit LCG, Knuth's MMIX constants).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func aSlidingWindowOfKeysStaysInTheSlotsOfItsSpan() {
        // Given keys 0..<100 live, then a window of 100 keys sliding up to 100,000 (new keys
        // written at the top, old ones removed at the bottom, values modified in place)
        var table = WindowTable<Int>(capacity: 8)
        for key in 0..<100 { table[key] = key * 2 }
        #expect(table.count == 100 && table.slotCount == 128)
        for top in 100..<100_000 {
            #expect(table.removeValue(forKey: top - 100) == (top - 100) * 2)
            table[top] = top
            table[top]! *= 2
        }
        // Then every live key reads its value, every removed one nil, in 128 slots still
        #expect(table.count == 100 && table.slotCount == 128)
        for key in 99_900..<100_000 { #expect(table[key] == key * 2) }
        for key in [0, 99, 99_899 - 128, 99_899, 100_000, 100_128] { #expect(table[key] == nil, "key \(key)") }
        table[99_950] = nil
        #expect(table[99_950] == nil && table.count == 99)
        // An update changes a live value in place and returns its result; a missing key is untouched
        let updated = table.update(99_999) { value -> Int in
            value += 1
            return value
        }
        let missing = table.update(99_950) { value -> Int in
            value = 0
            return value
        }
        #expect(updated == 199_999 && table[99_999] == 199_999 && missing == nil && table[99_950] == nil)
    }

    @Test func scatteredKeysGrowTheTableAndKeepEveryValue() {
        // Given random writes and removals over keys up to 5,000 in a table of 4 slots
        var table = WindowTable<Int>(capacity: 4)
        var oracle: [Int: Int] = [:]
        var generator = Generator(state: 3)
        for step in 0..<20_000 {
            let key = generator.next(5_000)
            if generator.next(3) == 0 {
                #expect(table.removeValue(forKey: key) == oracle.removeValue(forKey: key))
            } else if generator.next(2) == 0 {
                table[key] = step
                oracle[key] = step
            } else if table[key] != nil {
                table[key]! += 1
                oracle[key]! += 1
            }
        }
        // Then it holds exactly the oracle's keys and values, in at most 8,192 slots (no two keys
        // below 8,192 share a slot there)
        #expect(table.count == oracle.count)
        for key in 0..<5_000 { #expect(table[key] == oracle[key], "key \(key)") }
        #expect(table.slotCount <= 8_192)
    }
}
