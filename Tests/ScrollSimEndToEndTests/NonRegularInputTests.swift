#if os(Linux) || os(macOS)
import Foundation
import Testing
@testable import ScrollSimCLI
import ScrollSimCore
import ScrollSimReports
import ScrollSimTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A FIFO (or socket, or device) inside a directory that a verb lists is never opened: `run DIR`,
/// `validate DIR`, `merge DIR` take regular files and symbolic links to them only, and `report
/// --frames DIR` refuses a per-frame CSV that is not a regular file in one line. Before, a FIFO
/// named `*.json` made `run DIR` wait forever for a writer. A FIFO given by name is still read
/// until its writer closes it (docs/model.md).
///
/// Each FIFO here gets a writer that opens and closes it after two seconds (at most ten:
/// `timeout`), so a reader that does open it sees an empty file instead of hanging the tests.
@Suite struct NonRegularInputTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// Makes a FIFO at `name` and starts its late writer: after two seconds it writes `text` once,
    /// or (no text) opens and closes the FIFO again and again for eight, so that every reader that
    /// opens it sees an empty file instead of waiting forever.
    @discardableResult
    func fifo(_ name: String, text: String? = nil) throws -> String {
        let path = directory + "/" + name
        try #require(mkfifo(path, 0o600) == 0)
        let writes = text == nil ? "while :; do : > \"$0\"; done" : "printf %s \"$1\" > \"$0\""
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "sleep 2; exec timeout 8 sh -c '\(writes)' \"$0\" \"$1\"", path, text ?? ""]
        try writer.run()
        return path
    }

    /// Binds a Unix socket at `path`, which stays there after the descriptor is closed.
    func socketFile(_ name: String) throws -> String {
        let path = directory + "/" + name
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0)
        return path
    }

    @Test("run DIR and validate DIR skip a FIFO and a socket named *.json (and a link to them); a link to a file runs")
    func scenarioDirectory() throws {
        // Unnamed, so each is named after its file (a and e).
        let scenario = try write("a.json", TestScenarios.tinyJSON(strategies: ["naive"])
                                    .replacingOccurrences(of: #""name": "tiny", "#, with: ""))
        let pipe = try fifo("b.json")
        try FileManager.default.createSymbolicLink(atPath: directory + "/c.json", withDestinationPath: pipe)
        _ = try socketFile("d.json")
        try FileManager.default.createSymbolicLink(atPath: directory + "/e.json", withDestinationPath: scenario)
        #expect(try ScenarioFiles.expand(paths: [directory]) == [scenario, directory + "/e.json"])
        let run = scrollsim("run", directory, "--strategy", "naive", "--format", "csv")
        #expect(run.code == 0, "\(run.standardError)")
        let names = run.standardOutput.split(separator: "\n").dropFirst().map { $0.prefix { $0 != "," } }
        #expect(names == ["a", "e"])
        #expect(scrollsim("validate", directory).code == 0)
    }

    @Test("a FIFO given by name is still read until its writer closes it")
    func namedFIFOIsRead() throws {
        let pipe = try fifo("s.json", text: TestScenarios.tinyJSON(strategies: ["naive"]))
        let run = scrollsim("run", pipe, "--strategy", "naive", "--format", "csv")
        #expect(run.code == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("\ntiny,naive,5,"))
    }

    @Test("merge DIR skips a FIFO named *.csv among the shards")
    func shardDirectory() throws {
        try write("tiny.json", TestScenarios.tinyJSON(strategies: ["naive"]))
        try write("sweep.json", #"{ "scenario": "tiny.json", "axes": { "seed": [1, 2] } }"#)
        let full = scrollsim("sweep", directory + "/sweep.json", "--jobs", "1")
        for shard in 1...2 {
            #expect(scrollsim("sweep", directory + "/sweep.json", "--shard", "\(shard)/2", "--jobs", "1",
                              "--out", directory + "/shards/shard-\(shard).csv").code == 0)
        }
        let pipe = try fifo("shards/shard-3.csv")
        #expect(try ShardMerge.shardFiles([directory + "/shards"])
                == [directory + "/shards/shard-1.csv", directory + "/shards/shard-2.csv"])
        let merged = scrollsim("merge", directory + "/shards")
        #expect(merged.code == 0, "\(merged.standardError)")
        #expect(merged.standardOutput == full.standardOutput)
        _ = pipe
    }

    @Test("report --frames refuses a per-frame CSV that is a FIFO in one line (exit 66)")
    func framesFIFO() throws {
        let out = directory + "/out"
        let run = scrollsim("run", try write("s.json", TestScenarios.tinyJSON(strategies: ["naive"])),
                            "--strategy", "naive", "--out", out, "--frames")
        #expect(run.code == 0)
        let frames = out + "/frames/tiny__naive__5.csv"
        try FileManager.default.removeItem(atPath: frames)
        try fifo("out/frames/tiny__naive__5.csv")
        let report = scrollsim("report", out + "/summary.csv", "--frames", out + "/frames",
                               "--html", directory + "/r.html")
        #expect(report.code == 66)
        #expect(report.standardError == "Error: \(frames): cannot read: not a regular file (a FIFO, socket or "
                + "device); a per-frame CSV in the --frames directory must be a file\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/r.html"))
    }
}
#endif
