#if os(Linux)
import Foundation
import ScrollSimCore
import ScrollSimTestSupport
import Testing

/// Memory stays flat on long inputs: `report --frames` draws at most 4,096 bars per run, so the
/// per-frame CSV it reads costs about its own size, not its frames kept as text (which took some
/// six times the file: a 2 GiB per-frame CSV needed about 12 GB); `cache-replay` streams its trace,
/// so a trace costs its distinct objects, not its text and requests (a 2 GiB trace needed about
/// 10 GB). Checked on the real executable under a data-segment limit (`ulimit -d`, which Linux
/// applies to the heap).
@Suite struct LongInputMemoryTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// The `scrollsim` executable built next to the tests, if there is one (found as the
    /// hostile-input tests find it).
    static var executable: String? { HostileInputTests.executable }

    /// The exit code of the executable run with `arguments` under a data-segment limit of
    /// `kibibytes` (stdout and stderr discarded).
    func code(limit kibibytes: Int, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -d \(kibibytes) && exec \"$0\" \"$@\" > /dev/null 2>&1",
                             try #require(Self.executable)] + arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A per-frame CSV of `count` frames.
    static func framesCSV(count: Int) -> String {
        var text = FramesCSV.header
        text.reserveCapacity(100 * count + 200)
        for index in 0..<count {
            let vsync = index * 16_666_667
            text += "\(index),\(vsync),\(vsync),\(vsync + 5_000_000),\(vsync + 33_333_333),\(index).500,1,5.000,"
                + "0.000,0,21,0.1000\n"
        }
        return text
    }

    @Test("report --frames on a 4 MB per-frame CSV runs within 8 MiB of heap plus twice the file",
          .enabled(if: executable != nil))
    func reportFramesIsFlat() throws {
        let summary = try write("summary.csv", SummaryCSV.header + "s,naive,1,ios15,60,"
                                    + Array(repeating: "0", count: SummaryCSV.columns.count - 5)
                                        .joined(separator: ",") + "\n")
        try write("small/s__naive__1.csv", Self.framesCSV(count: 1))
        let long = try write("long/s__naive__1.csv", Self.framesCSV(count: 40_000))
        let longBytes = try #require(FileManager.default.attributesOfItem(atPath: long)[.size] as? Int)
        #expect(longBytes > 3_500_000)
        let limit = 8 * 1024 + 2 * longBytes / 1024
        // One frame runs within the limit (the limit is not too tight for the executable itself) …
        #expect(try code(limit: limit, ["report", summary, "--frames", directory + "/small",
                                        "--html", directory + "/small.html"]) == 0)
        // … and so do 40,000 (their text kept took over 6 times the file).
        #expect(try code(limit: limit, ["report", summary, "--frames", directory + "/long",
                                        "--html", directory + "/long.html"]) == 0)
    }

    @Test("cache-replay of a 16 MB trace runs within 16 MiB of heap (it held the text and 16 bytes a request)",
          .enabled(if: executable != nil))
    func cacheReplayIsFlat() throws {
        // 1 MiB of requests of 1,000 objects, written 16 times (main's build needed over 32 MiB).
        var block = ""
        var index = 0
        while block.utf8.count < 1 << 20 {
            block += "\(index * 7919 % 1000),\(1 + index * 104_729 % 99_991)\n"
            index += 1
        }
        let small = try write("small.csv", "id,size\n" + block)
        let path = directory + "/trace.csv"
        try #require(FileManager.default.createFile(atPath: path, contents: Data("id,size\n".utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        for _ in 0..<16 { try handle.write(contentsOf: Data(block.utf8)) }
        try handle.close()
        let limit = 16 * 1024
        #expect(try code(limit: limit, ["cache-replay", small, "--capacity", "5%", "--policy", "clock"]) == 0)
        #expect(try code(limit: limit, ["cache-replay", path, "--capacity", "100000", "--policy", "clock"]) == 0)
    }
}
#endif
