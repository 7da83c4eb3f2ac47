import Foundation
import FetchStrategies
import ScrollSimCLI

/// What one in-process `scrollsim` invocation produced.
public struct Invocation {
    /// The exit code.
    public var code: Int32
    /// Everything written to stdout.
    public var standardOutput: String
    /// Everything written to stderr.
    public var standardError: String
}

/// Runs `scrollsim` in process with `arguments` (and a package's own `strategies`) and captures
/// both streams.
public func scrollsim(_ arguments: [String], strategies: [StrategyDescriptor] = []) -> Invocation {
    let output = CommandOutput.capturing()
    let code = ScrollSimCommand.run(arguments: arguments, output: output, strategies: strategies)
    return Invocation(code: code, standardOutput: output.capturedStandardOutput,
                      standardError: output.capturedStandardError)
}

/// Runs `scrollsim` in process with `arguments` and captures both streams.
public func scrollsim(_ arguments: String...) -> Invocation { scrollsim(arguments) }

/// The path of `relative` (e.g. "Scenarios" or "docs/metrics.md") in the package's root
/// directory, found from this file's place in the package (Tests/ScrollSimTestSupport/).
public func packagePath(_ relative: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(relative).path
}

/// The directory that holds every scratch directory of this test process
/// (`scrollsim-tests-<UUID>` under the system's temporary directory). It is made on first use and
/// removed, with everything in it, when the process exits normally: a test run leaves nothing
/// behind in the temporary directory (a crashed run leaves its one folder).
private let scratchRoot: String = {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("scrollsim-tests-\(UUID().uuidString)").path
    atexit { try? FileManager.default.removeItem(atPath: scratchRoot) }
    return path
}()

/// A fresh, empty directory inside this process's scratch root, unique to one test; it is removed
/// with the root when the test process exits.
public func makeTemporaryDirectory() throws -> String {
    let path = scratchRoot + "/" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The names in directory `path`, sorted.
public func directoryEntries(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
}

/// The text of the file at `path`, or nil.
public func fileText(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

/// How many times `fragment` occurs in `text`.
public func occurrences(of fragment: String, in text: String) -> Int {
    text.components(separatedBy: fragment).count - 1
}

/// Writes `text` to `path` (a test's own input file).
public func writeFile(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

/// Makes `path` a sparse file of `bytes` zero bytes (a file over a size limit that costs no disk).
public func writeSparseFile(at path: String, bytes: Int) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil),
          let handle = FileHandle(forWritingAtPath: path) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    try handle.truncate(atOffset: UInt64(bytes))
    try handle.close()
}

/// The usage footer of `scrollsim run` errors.
public let runUsageFooter = "Usage: scrollsim run <scenarios> ... [--strategy <name> ...] [--seed <n>] "
    + "[--format <format>] [--out <dir>] [--frames] [--requests <dir>] [--trace <dir>] [--html <file>]\n"
    + "  See 'scrollsim run --help' for more information.\n"
