/// The event loop's speed limit, for the benchmark's "ceiling" ratio (Benchmarks/ScrollSimBenchmarks).
///
/// Runs the simulator's own `Scheduler` (the same event queue and event type a run uses; events
/// taken through `next()`, which decides as a run's loop does, by `nextSource`) in a tight loop:
/// `queueDepth` events stay pending and each event handled schedules one more at a random later
/// time within a millisecond, as a run's resources do. No model work happens, so
/// the events per second of this loop bound what a run can reach; the benchmark divides a run's
/// events per second by it. Deterministic (SplitMix64), but only its speed is of interest.
public enum EngineCeiling {
    /// Handles `events` events with `queueDepth` pending at every step and returns a checksum of
    /// what was handled (so the work cannot be optimised away).
    /// - Complexity: O(events · log queueDepth).
    public static func run(events: Int, queueDepth: Int, seed: UInt64 = 1) -> Int64 {
        let scheduler = Scheduler()
        var generator = SplitMix64(seed: seed)
        for index in 0..<max(1, queueDepth) {
            scheduler.schedule(.diskDone(index), at: SimTime(generator.next() % 1_000_000))
        }
        var checksum: Int64 = 0
        var handled = 0
        while handled < events, let event = scheduler.next() {
            handled += 1
            if case .diskDone(let id) = event { checksum &+= Int64(id) }
            scheduler.schedule(.diskDone(handled), at: scheduler.now + SimTime(generator.next() % 1_000_000))
        }
        return checksum &+ scheduler.now
    }
}
