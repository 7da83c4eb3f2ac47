@testable import ScrollSimCore
import Testing

/// `FreeList`: the slot freed last is taken first (the order reaches request slots, job ids and
/// transfer numbers, so it is part of the results), linked through the free records.
@Suite struct FreeListTests {
    /// A record whose `link` field doubles as the free list's link.
    struct Record: FreeListLinked {
        var link = -1
        var nextFreeSlot: Int {
            get { link }
            set { link = newValue }
        }
    }

    @Test("slots freed 3, 0, 5 are taken as 5; then, with 7 freed, 7, 0, 3, and none is left")
    func theSlotFreedLastIsTakenFirst() {
        // Given eight records and no free slot
        let records = RecordBuffer<Record>()
        for _ in 0..<8 { records.append(Record()) }
        var free = FreeList()
        #expect(free.isEmpty && free.take(from: records) == nil)
        // When 3, 0 and 5 are freed in that order
        for slot in [3, 0, 5] { free.free(slot, in: records) }
        // Then the links run from the last freed back to the first, and the slots come back in that order
        #expect(records[5].link == 0 && records[0].link == 3 && records[3].link == -1)
        #expect(free.take(from: records) == 5)
        free.free(7, in: records)
        var taken: [Int?] = []
        for _ in 0..<4 { taken.append(free.take(from: records)) }
        #expect(taken == [7, 0, 3, nil])
        #expect(free.isEmpty)
    }
}
