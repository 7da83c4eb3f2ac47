import Dispatch
import Foundation
import ScrollSimCore

/// Runs a sweep's runs on `jobs` threads and returns their CSV rows in run order.
///
/// Each worker thread takes the next run index from a shared counter, runs it (a `SimulationRun`
/// shares nothing with any other) and stores the row at that index, so the result never depends
/// on which thread ran what or when: the output is byte-identical for any `jobs`. The calling
/// thread only waits, and on a terminal redraws a progress line on stderr (runs done, rate, time
/// left) a few times a second; the clock is read only for that line, never for results.
enum SweepRunner {
    /// Shared state of one execution: the next index to take, the rows, the count done.
    final class Work: @unchecked Sendable {
        /// Guards every member below.
        private let lock = NSLock()
        /// The next position of `indices` to hand out.
        private var next = 0
        /// Rows stored so far, by position.
        private var rows: [String]
        /// Rows stored so far.
        private(set) var done = 0

        /// Room for `count` rows.
        init(count: Int) { rows = [String](repeating: "", count: count) }

        /// The next position to run, or nil when all are handed out.
        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < rows.count else { return nil }
            next += 1
            return next - 1
        }

        /// Stores the row of `position`.
        func store(_ row: String, at position: Int) {
            lock.lock()
            rows[position] = row
            done += 1
            lock.unlock()
        }

        /// The number of rows stored.
        var doneCount: Int {
            lock.lock()
            defer { lock.unlock() }
            return done
        }

        /// Every row, in position order (call after every worker has finished).
        var allRows: [String] {
            lock.lock()
            defer { lock.unlock() }
            return rows
        }
    }

    /// Runs `runs[indices[p]]` for every position `p` on `jobs` threads and returns the rows by
    /// position. With `progress`, calls it on this thread with (done, total) every `interval`
    /// seconds and once at the end.
    static func run(_ runs: [SweepRun], indices: [Int], jobs: Int, interval: Double = 0.2,
                    progress: ((Int, Int) -> Void)? = nil) -> [String] {
        let work = Work(count: indices.count)
        let threadCount = max(1, min(jobs, indices.count))
        let group = DispatchGroup()
        for _ in 0..<threadCount {
            group.enter()
            let thread = Thread {
                while let position = work.take() {
                    work.store(runs[indices[position]].run(), at: position)
                }
                group.leave()
            }
            thread.stackSize = 8 << 20  // the main thread's size; secondary threads default smaller on macOS
            thread.start()
        }
        if let progress {
            while group.wait(timeout: .now() + interval) == .timedOut {
                progress(work.doneCount, indices.count)
            }
            progress(indices.count, indices.count)
        } else {
            group.wait()
        }
        return work.allRows
    }
}

/// The progress line of `scrollsim sweep` on a terminal: "sweep: 412/1000 runs, 205.3 runs/s,
/// about 3 s left", redrawn in place (carriage return, erase line); cleared at the end and
/// replaced by "sweep: 1000 runs in 4.9 s (204.1 runs/s)". Uses the monotonic clock.
struct SweepProgressLine {
    /// Where the line goes.
    let output: CommandOutput
    /// When the runs started (monotonic ns).
    let start = DispatchTime.now().uptimeNanoseconds

    /// Draws the line for `done` of `total`.
    func draw(done: Int, total: Int) {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let rate = seconds > 0 ? Double(done) / seconds : 0
        if done == total {
            output.writeError("\r\u{1B}[2Ksweep: \(total) runs in \(DecimalFormat.fixed(seconds, decimals: 1)) s (\(DecimalFormat.fixed(rate, decimals: 1)) runs/s)\n")
            return
        }
        var line = "sweep: \(done)/\(total) runs"
        if done > 0 {
            let left = Double(total - done) / rate
            line += ", \(DecimalFormat.fixed(rate, decimals: 1)) runs/s, about \(DecimalFormat.fixed(left, decimals: 0)) s left"
        }
        output.writeError("\r\u{1B}[2K" + line)
    }

    /// Whether standard error is a terminal (never for an in-memory sink).
    static func isTerminal(_ output: CommandOutput) -> Bool {
        output.destination == .process && isatty(2) != 0
    }
}
