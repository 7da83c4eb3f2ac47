import Foundation
import ScrollSimCore
import ScrollSimReports
import ScrollSimTestSupport
import Testing

/// Issue 8, finding 6: an input without line ends (`/dev/zero`, or a long file of one line) is
/// refused at the line limit (CSV inputs) or the size limit (JSON inputs), with one line naming
/// the file, and exit 65, by every verb that reads one.
@Suite struct EndlessInputTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// The refusal of a CSV input `file` whose line 1 is too long.
    static func longLine(_ file: String) -> String {
        "Error: \(file): line 1: longer than 16 MiB, the limit for a line of this kind of file\n"
    }

    /// Expects exit 65, nothing on stdout, and exactly `line` on stderr.
    func expectRefusal(_ result: Invocation, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.code == 65, sourceLocation: sourceLocation)
        #expect(result.standardOutput == "", sourceLocation: sourceLocation)
        #expect(result.standardError == line, sourceLocation: sourceLocation)
    }

    /// Every verb reading a CSV, on `file`, with a valid summary `good` where a second one is needed.
    func expectEveryCSVVerbRefuses(_ file: String, good: String) {
        let line = Self.longLine(file)
        expectRefusal(scrollsim("compare", file, good), line)
        expectRefusal(scrollsim("compare", good, file), line)
        expectRefusal(scrollsim("cache-replay", file, "--capacity", "1"), line)
        expectRefusal(scrollsim("report", file, "--html", directory + "/r.html"), line)
        expectRefusal(scrollsim("rank", file, "--metric", "hitch_ratio"), line)
        expectRefusal(scrollsim("merge", file, "--out", directory + "/m.csv"), line)
        #expect(!FileManager.default.fileExists(atPath: directory + "/r.html"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/m.csv"))
    }

    /// A valid one-row summary CSV.
    func goodSummary() throws -> String {
        let path = try write("b.csv", "scenario,strategy,seed,hitch_ratio\ng,naive,1,0.5\n")
        return path
    }

    @Test("a 17 MiB file of one line is refused by every CSV verb, at line 1")
    func oneLongLine() throws {
        let path = directory + "/long.csv"
        try Data(repeating: UInt8(ascii: "a"), count: 17 << 20).write(to: URL(fileURLWithPath: path))
        expectEveryCSVVerbRefuses(path, good: try goodSummary())
    }

    #if os(Linux)
    @Test("/dev/zero is refused by every verb: CSV verbs at the line limit, JSON verbs at the size limit")
    func devZero() throws {
        expectEveryCSVVerbRefuses("/dev/zero", good: try goodSummary())
        let json = "Error: /dev/zero: larger than 64 MiB, the limit for this kind of file\n"
        expectRefusal(scrollsim("validate", "/dev/zero"), json)
        expectRefusal(scrollsim("run", "/dev/zero", "--strategy", "naive", "--out", directory + "/s.csv"), json)
        expectRefusal(scrollsim("sweep", "/dev/zero", "--out", directory + "/w.csv"), json)
        let sweep = try write("sweep.json", #"{"scenario": "/dev/zero", "axes": {"seed": [1, 2]}}"#)
        expectRefusal(scrollsim("sweep", sweep, "--out", directory + "/w.csv"),
                      "Error: \(sweep): scenario: /dev/zero: larger than 64 MiB, the limit for this kind of file\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/s.csv"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/w.csv"))
    }
    #endif
}
