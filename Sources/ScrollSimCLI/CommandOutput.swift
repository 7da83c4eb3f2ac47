import Foundation

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
            standardOutputFailure = Self.writeAll(Array(text.utf8), to: 1)
        case .memory: capturedStandardOutput += text
        }
    }

    /// Writes `text` to standard error, as is (callers supply the newlines).
    public func writeError(_ text: String) {
        switch destination {
        case .process: Self.writeAll(text, toDescriptor: 2)
        case .memory: capturedStandardError += text
        }
    }

    /// Writes every byte of `text` to file descriptor `descriptor`, retrying after partial writes
    /// and interruptions; gives up silently on any other error (nowhere left to report it).
    static func writeAll(_ text: String, toDescriptor descriptor: Int32) {
        _ = writeAll(Array(text.utf8), to: descriptor)
    }

    /// Writes every byte to `descriptor`, retrying after partial writes and `EINTR`.
    /// - Returns: nil on success, else the reason it stopped (`strerror` text).
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress, buffer.count)
            }
            if result > 0 {
                written += result
            } else if result < 0 && errno == EINTR {
                continue
            } else {
                return result == 0 ? "no bytes written" : String(cString: strerror(errno))
            }
        }
        return nil
    }
}
