import Testing
@testable import ScrollSimCore

/// Milliseconds as `SimTime`.
private func ms(_ value: SimTime) -> SimTime { value * SimDuration.millisecond }

/// The network model recycles a request's record once it ended: memory follows the requests live at
/// once, and a late handle or event (a cancel after the end, a cancelled request's first byte)
/// reaches its own ended request, never the later one in its slot. Latency 10 ms, 1 byte per µs,
/// 100 kB images (`NetworkModelTests.config`).
@Suite struct NetworkModelRecyclingTests {
    @Test("a long run of requests one after another keeps as many records as were live at once")
    func recordsStayBoundedByTheLiveRequests() {
        // Given 300 requests, each made once the one before ended: completed, cancelled while
        // queued, while awaiting its first byte, while transferring, in turn
        let harness = NetworkHarness(NetworkModelTests.config(rttMs: 0))
        let session = harness.network.sharedSession
        for i in 0..<300 {
            let start = ms(Int64(i) * 200)
            harness.load(i, on: session, at: start)
            switch i % 4 {
            case 1: harness.at(start) { harness.tasks[i]?.cancel() }  // before it is sent
            case 2: harness.at(start + ms(5)) { harness.tasks[i]?.cancel() }  // before its first byte
            case 3: harness.at(start + ms(50)) { harness.tasks[i]?.cancel() }  // while transferring
            default: break
            }
        }
        harness.drain()
        // Then 75 completed, and one record of each kind served them all
        #expect(harness.finished.count == 75)
        #expect(harness.network.requestSlotCount == 1)
        #expect(harness.network.transferSlotCount == 1)
        #expect(harness.network.ticketRecordCount(ofSession: session.index) < RequestQueue.restartRecords)
    }

    @Test("a handle read after its request's record went to a later request reports its own request")
    func aStaleHandleReadsItsOwnRequest() {
        // Given request 1 cancelled 25 ms into its transfer, then request 2 made (in its record)
        let harness = NetworkHarness(NetworkModelTests.config(rttMs: 0))
        let session = harness.network.sharedSession
        harness.load(1, on: session, priority: .high, at: 0)
        harness.at(ms(35)) { harness.tasks[1]?.cancel() }
        harness.load(2, on: session, priority: .low, at: ms(40))
        var seen: (Int64, Int64, Bool, RequestPriority)?
        harness.at(ms(60)) {
            // When request 1's handle is read, cancelled again and reprioritised
            let task = harness.tasks[1]!
            seen = (task.countOfBytesReceived, task.countOfBytesExpectedToReceive, task.isFinished, task.priority)
            task.cancel()
            task.setPriority(.veryHigh)
        }
        harness.drain()
        // Then it reports what it ended with, and request 2 is untouched: done at 40 + 110 ms
        #expect(seen?.0 == 25_000 && seen?.1 == 100_000 && seen?.2 == true && seen?.3 == .high)
        #expect(harness.task(2)?.priority == .low)
        #expect(harness.finished[2] == ms(150))
        #expect(harness.network.bytesDownloaded == 125_000)
        #expect(harness.network.requestSlotCount == 1)
    }

    @Test("a cancelled request's first byte does not reach the later request in its record")
    func aStaleFirstByteIsIgnored() {
        // Given request 1 cancelled at 5 ms, before its first byte due at 10 ms, and request 2
        // made at 6 ms (in its record), sent at once on a new connection
        let harness = NetworkHarness(NetworkModelTests.config(rttMs: 0))
        let session = harness.network.sharedSession
        harness.load(1, on: session, at: 0)
        harness.at(ms(5)) { harness.tasks[1]?.cancel() }
        harness.load(2, on: session, at: ms(6))
        harness.drain()
        // Then request 2's transfer starts at its own first byte, 16 ms: done at 116 ms
        #expect(harness.network.requestSlotCount == 1)
        #expect(harness.finished[2] == ms(116))
        #expect(harness.finished[1] == nil)
    }
}
