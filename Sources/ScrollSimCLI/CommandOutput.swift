import ScrollSimReports

/// Where a command writes: the process's standard output and error, or memory (for tests).
///
/// Commands never print directly; they write through this sink, so tests run `scrollsim` in
/// process and compare the exact text of each stream. Writes to the process streams are
/// unbuffered `write(2)` calls, so stdout and stderr keep their relative order.
public final class CommandOutput {
    /// Where the text goes.
    enum Destination {
        /// File descriptors 1 and 2.
        case process
        /// `capturedStandardOutput` and `capturedStandardError`.
        case memory
    }

    /// Where this sink's text goes.
    let destination: Destination
    /// Everything written to standard output so far (memory sinks only; empty otherwise).
    public private(set) var capturedStandardOutput = ""
    /// Everything written to standard error so far (memory sinks only; empty otherwise).
    public private(set) var capturedStandardError = ""
    /// Why a write to standard output failed (disk full, closed pipe), if one did: the command
    /// must then not report success, since its output is incomplete.
    public private(set) var standardOutputFailure: String?

    /// A sink writing to `destination`.
    init(destination: Destination) { self.destination = destination }

    /// A sink writing to the process's standard output and standard error.
    public static func standardStreams() -> CommandOutput { CommandOutput(destination: .process) }

    /// A sink keeping everything in memory, for tests.
    public static func capturing() -> CommandOutput { CommandOutput(destination: .memory) }

    /// Writes `text` to standard output, as is (callers supply the newlines).
    public func write(_ text: String) {
        switch destination {
        case .process:
            guard standardOutputFailure == nil else { return }
            standardOutputFailure = Descriptor.writeAll(Array(text.utf8), to: 1)
        case .memory: capturedStandardOutput += text
        }
    }

    /// Writes `text` to standard error, as is (callers supply the newlines).
    public func writeError(_ text: String) {
        switch destination {
        case .process: _ = Descriptor.writeAll(Array(text.utf8), to: 2)  // nowhere left to report a failure
        case .memory: capturedStandardError += text
        }
    }
}
