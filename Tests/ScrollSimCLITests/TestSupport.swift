import Foundation
import ScrollSimCLI

/// What one in-process `scrollsim` invocation produced.
struct Invocation {
    /// The exit code.
    var code: Int32
    /// Everything written to stdout.
    var standardOutput: String
    /// Everything written to stderr.
    var standardError: String
}

/// Runs `scrollsim` in process with `arguments` and captures both streams.
func scrollsim(_ arguments: String...) -> Invocation {
    let output = CommandOutput.capturing()
    let code = ScrollSimCommand.run(arguments: arguments, output: output)
    return Invocation(code: code, standardOutput: output.capturedStandardOutput, standardError: output.capturedStandardError)
}

/// A fresh, empty directory under the system's temporary directory, unique to one test.
func makeTemporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The names in directory `path`, sorted.
func directoryEntries(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
}

/// The text of the file at `path`, or nil.
func fileText(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

/// The usage footer of `scrollsim run` errors.
let runUsageFooter = """
    Usage: scrollsim run <scenarios> ... [--strategy <name> ...] [--seed <n>] [--format <format>] [--out <dir>] [--frames] [--requests <dir>] [--trace <dir>] [--html <file>]
      See 'scrollsim run --help' for more information.

    """
