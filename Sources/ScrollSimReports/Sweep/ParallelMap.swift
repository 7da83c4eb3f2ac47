import Dispatch
import Foundation
import ScrollSimCore

/// Maps `0..<count` through a function on `jobs` threads, results in index order: how a sweep
/// decodes its combinations and runs its runs.
///
/// Each worker thread takes the next index from a shared counter, computes its result (sweep
/// work items share nothing mutable: a `SimulationRun` is self-contained) and stores it at that
/// index, so the result never depends on which thread computed what or when: a sweep's output
/// is byte-identical for any `jobs`. The calling thread only waits, and with `progress` reports
/// (done, total) every `interval` seconds and once at the end; the clock is read only for that.
enum ParallelMap {
    /// Shared state of one map: the next index to hand out, the results, the count done.
    final class Work<Result: Sendable>: @unchecked Sendable {
        /// Guards every member below.
        private let lock = NSLock()
        /// The next index to hand out.
        private var next = 0
        /// Results stored so far, by index.
        private var results: [Result?]
        /// Results stored so far.
        private var done = 0

        /// Room for `count` results.
        init(count: Int) { results = [Result?](repeating: nil, count: count) }

        /// The next index to compute, or nil when all are handed out.
        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < results.count else { return nil }
            next += 1
            return next - 1
        }

        /// Stores the result of `index`.
        func store(_ result: Result, at index: Int) {
            lock.lock()
            results[index] = result
            done += 1
            lock.unlock()
        }

        /// The number of results stored.
        var doneCount: Int {
            lock.lock()
            defer { lock.unlock() }
            return done
        }

        /// Every result, in index order (call after every worker has finished).
        var allResults: [Result] {
            lock.lock()
            defer { lock.unlock() }
            return results.map { $0! }
        }
    }

    /// `body(0)`, …, `body(count − 1)` computed on `min(jobs, count)` threads, in index order.
    static func map<Result: Sendable>(
        count: Int, jobs: Int, interval: Double = 0.2, progress: ((Int, Int) -> Void)? = nil,
        _ body: @escaping @Sendable (Int) -> Result
    ) -> [Result] {
        let work = Work<Result>(count: count)
        let threadCount = max(1, min(jobs, count))
        let group = DispatchGroup()
        for _ in 0..<threadCount {
            group.enter()
            let thread = Thread {
                while let index = work.take() { work.store(body(index), at: index) }
                group.leave()
            }
            thread.stackSize = 8 << 20  // the main thread's size; secondary threads default smaller on macOS
            thread.start()
        }
        if let progress {
            while group.wait(timeout: .now() + interval) == .timedOut { progress(work.doneCount, count) }
            progress(count, count)
        } else {
            group.wait()
        }
        return work.allResults
    }
}
