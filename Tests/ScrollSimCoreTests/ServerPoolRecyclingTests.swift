import Testing
@testable import ScrollSimCore

/// `ServerPool` recycles a job's record once the job ended: memory follows the jobs live at once,
/// and a late handle (a cancel after the end) reaches its own ended job, never the later job in
/// its slot.
@Suite struct ServerPoolRecyclingTests {
    /// Runs every event of `scheduler` on `pool` (a disk).
    static func drain(_ scheduler: Scheduler, _ pool: ServerPool) {
        while let event = scheduler.next() {
            switch event {
            case .deferred(let body): body()
            case .diskEnqueue(let id): pool.enqueue(id)
            case .diskDone(let id): pool.jobDone(id)
            case .diskCancel(let id): pool.cancel(id)
            default: Issue.record("unexpected event \(event)")
            }
        }
    }

    @Test("a long run of jobs one after another keeps as many records as were live at once")
    func recordsStayBoundedByTheLiveJobs() {
        // Given 500 jobs of 10 ns on one server, submitted 20 ns apart, every third one cancelled
        // while queued behind a 15 ns job, and detached writes between them
        let scheduler = Scheduler()
        let pool = ServerPool(context: SimContext(scheduler: scheduler), servers: 1, role: .disk)
        var ended = 0
        for i in 0..<500 {
            scheduler.schedule(.deferred({
                _ = pool.submit(duration: 10) { ended += 1 }
                let queued = pool.submit(duration: 5) { ended += 1 }
                if i % 3 == 0 { queued.cancel() }
                pool.submitDetached(duration: 1)
            }), at: SimTime(i) * 20)
        }
        Self.drain(scheduler, pool)
        // Then every job not cancelled ended, and three records served them all
        #expect(ended == 500 + 500 - 167)
        #expect(pool.jobSlotCount == 3)
    }

    @Test("a cancel through the handle of an ended job leaves the later job in its record alone")
    func aStaleCancelIsANoOp() {
        // Given job A (10 ns) ended, then job B made in its record
        let scheduler = Scheduler()
        let pool = ServerPool(context: SimContext(scheduler: scheduler), servers: 1, role: .disk)
        var a: PoolTask?, b: PoolTask?
        var ends: [String] = []
        scheduler.schedule(.deferred({ a = pool.submit(duration: 10) { ends.append("A@\(scheduler.now)") } }), at: 0)
        scheduler.schedule(.deferred({ b = pool.submit(duration: 10) { ends.append("B@\(scheduler.now)") } }), at: 20)
        // When A's handle cancels at 25 ns
        scheduler.schedule(.deferred({ a?.cancel() }), at: 25)
        Self.drain(scheduler, pool)
        // Then B still ends, and both handles report finished
        #expect(ends == ["A@10", "B@30"])
        #expect(a?.isFinished == true && b?.isFinished == true)
        #expect(pool.jobSlotCount == 1)
        #expect(a?.id != b?.id)
    }
}
