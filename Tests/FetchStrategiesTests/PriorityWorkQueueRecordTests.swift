@testable import FetchStrategies
import ScrollSimCore
import Testing

/// `PriorityWorkQueue` drops the records of a released prefix of tickets: memory follows the
/// tickets from the oldest one not released, while tickets keep counting and are never reused.
@Suite struct PriorityWorkQueueRecordTests {
    @Test("items run and released in turn leave few records, and tickets keep counting")
    func releasedItemsAreDropped() {
        // Given 1,000 items through a queue of width 2, each released after it started
        let queue = PriorityWorkQueue(width: 2)
        var started: [Int] = []
        for index in 0..<1_000 {
            let ticket = queue.add(priority: .normal) { started.append(index) }
            #expect(ticket == index)
            queue.startReady()
            queue.release(ticket)
        }
        // Then every item ran, in order, and no record is left
        #expect(started == Array(0..<1_000))
        #expect(queue.entryRecordCount == 0)
        #expect(queue.nextTicket == 1_000)
        // And a dropped ticket is released: releasing or raising it again changes nothing
        let held = queue.add(priority: .low) {}
        queue.release(5)
        queue.setPriority(5, .veryHigh)
        #expect(!queue.isPending(5) && queue.runningCount == 0 && queue.pendingCount == 1)
        queue.startReady()
        #expect(queue.runningCount == 1 && !queue.isPending(held))
    }

    @Test("records are kept from the oldest ticket not released")
    func anOldUnreleasedTicketKeepsItsSuccessors() {
        // Given an item that starts and is never released, then 100 items through the other slot
        let queue = PriorityWorkQueue(width: 2)
        let first = queue.add(priority: .normal) {}
        queue.startReady()
        for _ in 0..<100 {
            let ticket = queue.add(priority: .normal) {}
            queue.startReady()
            queue.release(ticket)
        }
        // Then the records span from it to the newest; once it is released they are dropped
        #expect(queue.entryRecordCount == 101)
        queue.release(first)
        #expect(queue.entryRecordCount == 0)
    }

    @Test("a long prefix of released items is dropped while newer ones wait")
    func aLongReleasedPrefixIsDropped() {
        // Given 100 items added at once on one slot, the first 60 run and released
        let queue = PriorityWorkQueue(width: 1)
        var started: [Int] = []
        let tickets = (0..<100).map { index in queue.add(priority: .normal) { started.append(index) } }
        queue.startReady()
        for ticket in tickets.prefix(60) { queue.release(ticket) }
        // Then the released records went once they were most of the array (51 of 100); the 9
        // released since wait at its front
        #expect(queue.entryRecordCount == 49)
        #expect(queue.isPending(tickets[99]) && !queue.isPending(tickets[10]))
        // When the rest are released newest first (the waiting ones never start)
        for ticket in tickets.suffix(40).reversed() { queue.release(ticket) }
        #expect(started == Array(0...60))  // (60 started when 59 was released)
        #expect(queue.entryRecordCount == 0)
    }
}
