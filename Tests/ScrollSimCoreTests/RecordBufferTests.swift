import Testing
@testable import ScrollSimCore

/// `RecordBuffer`, the owned growable array behind the network model's requests and the server
/// pools' jobs: records survive its growth, change in place, and are released with it.
@Suite struct RecordBufferTests {
    /// A record holding a reference, as a request holds its completion.
    struct Record {
        var number: Int
        var flag = false
        var owner: Marker?
    }

    /// An object whose release a weak reference sees.
    final class Marker {}

    @Test("records keep their values across growth and change in place")
    func keepsRecordsAcrossGrowth() {
        let buffer = RecordBuffer<Record>()
        #expect(buffer.isEmpty && buffer.count == 0)
        for number in 0..<100 { buffer.append(Record(number: number * 3)) }  // grows past 16, 32 and 64
        #expect(buffer.count == 100 && !buffer.isEmpty)
        buffer[17].flag = true
        buffer[99].number += 1
        #expect((0..<100).map { buffer[$0].number } == (0..<100).map { $0 == 99 ? 298 : $0 * 3 })
        #expect((0..<100).filter { buffer[$0].flag } == [17])
    }

    @Test("the records' references are released with the buffer, and not before")
    func releasesRecordsWithTheBuffer() {
        weak var first: Marker?
        weak var last: Marker?
        do {
            let buffer = RecordBuffer<Record>()
            for number in 0..<40 { buffer.append(Record(number: number, owner: Marker())) }
            first = buffer[0].owner
            last = buffer[39].owner
            #expect(first != nil && last != nil)  // held by the buffer alone, across its growth
        }
        #expect(first == nil && last == nil)
    }
}
