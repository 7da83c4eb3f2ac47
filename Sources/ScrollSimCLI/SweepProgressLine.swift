import Dispatch
import Foundation
import ScrollSimCore

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
            output.writeError("\r\u{1B}[2Ksweep: \(total) runs in \(DecimalFormat.fixed(seconds, decimals: 1)) s "
                                  + "(\(DecimalFormat.fixed(rate, decimals: 1)) runs/s)\n")
            return
        }
        var line = "sweep: \(done)/\(total) runs"
        if done > 0 {
            let left = Double(total - done) / rate
            line += ", \(DecimalFormat.fixed(rate, decimals: 1)) runs/s, "
                + "about \(DecimalFormat.fixed(left, decimals: left < 10 ? 1 : 0)) s left"
        }
        output.writeError("\r\u{1B}[2K" + line)
    }

    /// Whether standard error is a terminal (never for an in-memory sink).
    static func isTerminal(_ output: CommandOutput) -> Bool {
        output.destination == .process && isatty(2) != 0
    }
}
