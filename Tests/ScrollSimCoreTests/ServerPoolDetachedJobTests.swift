import Testing

@testable import ScrollSimCore

/// `ServerPool.submitDetached(duration:)` (an HTTP cache's write, nobody waiting) queues and runs
/// exactly as `submit(duration:completion:)` with an empty completion and its task dropped.
@Suite struct ServerPoolDetachedJobTests {
    /// Submits, at 0 and then at each listed time, waited-for jobs (completion recorded) and
    /// fire-and-forget jobs, on a two-server pool; returns the waited-for jobs' end times and
    /// every job's run (server, start, end).
    static func run(detached: Bool) -> (ends: [String], runs: [String]) {
        let scheduler = Scheduler()
        let context = SimContext(scheduler: scheduler)
        let pool = ServerPool(context: context, servers: 2, role: .disk)
        var ends: [String] = [], runs: [String] = []
        pool.onJobRan = { runs.append("\($0):\($1)-\($2)") }
        let plan: [(at: SimTime, duration: SimTime, waited: Bool)] = [
            (0, 30, true), (0, 50, false), (0, 20, true), (5, 10, false), (5, 40, true), (60, 15, false),
            (60, 5, true), (61, 25, false), (200, 10, true),
        ]
        for (index, job) in plan.enumerated() {
            scheduler.schedule(.deferred({
                if job.waited {
                    _ = pool.submit(duration: job.duration) { ends.append("\(index)@\(scheduler.now)") }
                } else if detached {
                    pool.submitDetached(duration: job.duration)
                } else {
                    _ = pool.submit(duration: job.duration, completion: {})
                }
            }), at: job.at)
        }
        while let event = scheduler.next() {
            switch event {
            case .deferred(let body): body()
            case .diskEnqueue(let id): pool.enqueue(id)
            case .diskDone(let id): pool.jobDone(id)
            default: Issue.record("unexpected event \(event)")
            }
        }
        return (ends, runs)
    }

    @Test func detachedJobsRunAsJobsWithAnEmptyCompletion() {
        let reference = Self.run(detached: false)
        let detached = Self.run(detached: true)
        // The plan queues behind busy servers (job 3 waits for a free one).
        #expect(reference.runs.count == 9)
        #expect(reference.ends.count == 5)
        #expect(detached.runs == reference.runs)
        #expect(detached.ends == reference.ends)
    }
}
