@testable import FetchStrategies
import ScrollSimCore
import Testing

/// The tables keyed by image id: memory follows the pages of the keys written (image ids under a
/// Zipf popularity fall anywhere below the catalogue's size), values as a dictionary would hold them.
@Suite struct PagedTableTests {
    /// A uniform draw below `bound` from the project's generator.
    static func draw(_ generator: inout SplitMix64, _ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }

    @Test func aPagedSlotTableKeepsWhatWasWrittenAndReadsTheRestAsEmpty() {
        let table = PagedSlotTable(empty: -3)
        var reference: [Int: Int] = [:]
        var generator = SplitMix64(seed: 8)
        #expect(table[0] == -3 && table[100_000] == -3 && table[Int.max] == -3)
        for _ in 0..<5_000 {
            // Keys near 0, and keys anywhere below ten million.
            let key = Self.draw(&generator, 2) == 0 ? Self.draw(&generator, 40) : Self.draw(&generator, 10_000_000)
            if Self.draw(&generator, 3) == 0 {
                let value = Self.draw(&generator, 1_000)
                table[key] = value
                reference[key] = value
            }
            #expect(table[key] == reference[key, default: -3])
        }
        for (key, value) in reference { #expect(table[key] == value) }
        // A slot's address never changes: written through a pointer taken before later pages and
        // the directory's growth, the value reads back through the subscript.
        let early = table.slot(3)
        for key in stride(from: 0, to: 20_000_000, by: 99_991) { table[key] = key }
        early.pointee = 42
        #expect(table[3] == 42 && table[99_991] == 99_991 && table[99_992] == -3)
    }

    @Test func aPagedSlotTableAllocatesOnlyThePagesOfTheKeysWritten() {
        // Each key far from the others costs one page; the keys between them none. `forEachSlot`
        // visits exactly the pages written, in key order (keys never written in them read empty).
        let table = PagedSlotTable(empty: 0)
        for key in [9_999_999, 5, 4_000_000, 70, 6] { table[key] = key + 1 }
        var visited: [Int] = []
        table.forEachSlot { visited.append($0.pointee) }
        #expect(PagedSlotTable<Int>.pageSize == 64)
        #expect(visited.count == 4 * 64)  // pages 0 (keys 5, 6), 1 (70), 62,500 and 156,249
        #expect(visited.filter { $0 != 0 } == [6, 7, 71, 4_000_001, 10_000_000])
        #expect(visited[5] == 6 && visited[64 + 6] == 71 && visited[3 * 64 + 63] == 10_000_000)
    }

    @Test func aCopiedPagedTableKeepsItsOwnValues() {
        var table = PagedTable<Int>(empty: -1)
        table[7] = 1
        var copy = table
        copy[7] = 2
        copy[1_000_000] = 3
        table[8] = 4
        #expect(table[7] == 1 && table[1_000_000] == -1 && table[8] == 4)
        #expect(copy[7] == 2 && copy[1_000_000] == 3 && copy[8] == -1)
        #expect(table.empty == -1)
    }

    @Test func aPagedTableReleasesTheObjectsItHolds() {
        final class Box { }
        weak var held: Box?
        do {
            var table = PagedTable<Box?>(empty: nil)
            let box = Box()
            held = box
            table[123_456] = box
            #expect(table[123_456] === box)
        }
        #expect(held == nil)
    }
}
