@testable import FetchStrategies
import Testing

/// The index structure behind `adaptive`'s plan: a table keyed by a small integer, checked
/// against a plain oracle.
@Suite struct DenseStructuresTests {
    /// A repeatable generator for the cases (64-bit LCG, Knuth's MMIX constants).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func aDenseTableReadsUnwrittenKeysAsEmptyAndKeepsWhatWasWritten() {
        var table = DenseTable<Int>(empty: -1)
        #expect(table[0] == -1 && table[1_000] == -1 && table.count == 0)
        table[5] = 7
        #expect(table.count == 6 && table[5] == 7 && table[4] == -1 && table[6] == -1)
        table[5] += 1
        table[2] = 3
        #expect(table.count == 6 && table[5] == 8 && table[2] == 3)
        var oracle: [Int: Int] = [5: 8, 2: 3]
        var generator = Generator(state: 1)
        for _ in 0..<2_000 {
            let key = generator.next(500), value = generator.next(100)
            table[key] = value
            oracle[key] = value
        }
        for key in 0..<600 { #expect(table[key] == (oracle[key] ?? -1)) }
    }
}
