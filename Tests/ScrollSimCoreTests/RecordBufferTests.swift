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

    @Test("emptying keeps appending in order and releases the records emptied")
    func emptiesAndRefills() {
        // Given a buffer of plain values filled past its first room (16), emptied, then refilled
        let list = RecordBuffer<Int>()
        for value in 0..<40 { list.append(value * 3) }
        #expect(list.count == 40 && Array(list.elements) == (0..<40).map { $0 * 3 })
        list.removeAll()
        #expect(list.isEmpty && list.elements.isEmpty)
        for value in [7, 5, 9] { list.append(value) }
        // Then it holds exactly what was appended since, in order, changeable in place
        #expect(list.count == 3 && list[0] == 7 && list[2] == 9)
        var elements = list.mutableElements
        elements.sort()
        #expect(Array(list.elements) == [5, 7, 9])
        // And records holding references are released when emptied, not when the buffer goes
        weak var marker: Marker?
        let records = RecordBuffer<Record>()
        do {
            records.append(Record(number: 1, owner: Marker()))
            marker = records[0].owner
            #expect(marker != nil)
        }
        records.removeAll()
        #expect(marker == nil && records.isEmpty)
    }
}
