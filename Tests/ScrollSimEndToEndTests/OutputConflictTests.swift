import Foundation
import ScrollSimReports
import ScrollSimTestSupport
import Testing

/// No output may overwrite an input, by any spelling or symbolic link: refused with 64 before
/// anything runs or is written, the input untouched.
@Suite struct OutputConflictTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// A small scenario file in the scratch directory.
    func scenario(_ name: String = "s.json") throws -> String {
        try write(name, TestScenarios.dragJSON())
    }

    /// Expects `result` to be the refusal of `option` overwriting `input`, and `input` to hold `text`.
    func expectRefused(_ result: Invocation, _ option: String, _ input: String, text: String?,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.code == 64, sourceLocation: sourceLocation)
        #expect(result.standardOutput == "", sourceLocation: sourceLocation)
        let message = "Error: '\(option)' would overwrite the input '\(input)'; write it elsewhere\n"
        #expect(result.standardError.hasPrefix(message), sourceLocation: sourceLocation)
        #expect(fileText(input) == text, sourceLocation: sourceLocation)
    }

    @Test("run: --html, --out and --trace never replace a scenario, by any spelling or link")
    func run() throws {
        let path = try scenario()
        let text = fileText(path)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.json", withDestinationPath: "s.json")
        expectRefused(scrollsim("run", path, "--strategy", "naive", "--html", path), "--html <file>", path, text: text)
        let link = directory + "/link.json"
        expectRefused(scrollsim("run", path, "--strategy", "naive", "--html", link), "--html <file>", path, text: text)
        // A directory's files are inputs too (here the link comes first, and is the same file).
        let dotted = directory + "/./s.json"
        expectRefused(scrollsim("run", directory, "--strategy", "naive", "--html", dotted), "--html <file>", link,
                      text: text)
        try FileManager.default.createSymbolicLink(atPath: directory + "/summary.csv", withDestinationPath: "s.json")
        let out = scrollsim("run", path, "--strategy", "naive", "--out", directory)
        expectRefused(out, "--out <dir>", path, text: text)
        #expect(directoryEntries(directory) == ["link.json", "s.json", "summary.csv"])
    }

    @Test("sweep: --out is neither the sweep file nor its scenario; merge: --out is no shard")
    func sweepAndMerge() throws {
        let path = try scenario()
        let text = fileText(path)
        let sweep = try write("sweep.json",
                              #"{"scenario": "s.json", "strategies": ["naive"], "axes": {"seed": [1, 2]}}"#)
        let sweepText = fileText(sweep)
        expectRefused(scrollsim("sweep", sweep, "--out", path), "--out <file>", path, text: text)
        let roundabout = directory + "/../" + (directory as NSString).lastPathComponent + "/sweep.json"
        expectRefused(scrollsim("sweep", sweep, "--out", roundabout), "--out <file>", sweep, text: sweepText)
        for shard in 1...2 {
            #expect(scrollsim("sweep", sweep, "--shard", "\(shard)/2", "--out", directory + "/\(shard).csv").code == 0)
        }
        let shard = directory + "/1.csv"
        let merge = scrollsim("merge", shard, directory + "/2.csv", "--out", shard)
        expectRefused(merge, "--out <file>", shard, text: fileText(shard))
    }

    @Test("merge of a directory: --out through a link to that directory never replaces one of its shards")
    func mergeDirectoryThroughLink() throws {
        _ = try scenario()
        let sweep = try write("sweep.json",
                              #"{"scenario": "s.json", "strategies": ["naive"], "axes": {"seed": [1, 2]}}"#)
        let shards = directory + "/shards"
        try FileManager.default.createDirectory(atPath: shards, withIntermediateDirectories: false)
        for shard in 1...2 {
            #expect(scrollsim("sweep", sweep, "--shard", "\(shard)/2", "--out", shards + "/\(shard).csv").code == 0)
        }
        try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: "shards")
        let shard = shards + "/1.csv"
        let text = fileText(shard)
        // The directory's own spelling leaves the shard out (it is taken for an earlier merge's
        // output), so shard 1/2 is missing; a link to the directory must do the same.
        for out in [shard, directory + "/link/1.csv"] {
            let result = scrollsim("merge", shards, "--out", out)
            #expect(result.code == 66)
            #expect(result.standardError.hasSuffix("shard 1/2 of this sweep is missing\n"))
            #expect(fileText(shard) == text)
        }
        // An earlier merge's output in the directory, named through the link, is not read as a shard.
        for _ in 1...2 { #expect(scrollsim("merge", shards, "--out", directory + "/link/all.csv").code == 0) }
        #expect(fileText(shard) == text)
    }

    @Test("an output under a file fails with 1 before anything runs (run printed its table, a sweep ran every run)")
    func outputUnderAFile() throws {
        let path = try scenario()
        let blocker = try write("blocker", "a file, not a directory\n")
        let failure = "Error: cannot write '\(blocker)': exists and is not a directory\n"
        for arguments in [["--out", blocker], ["--out", directory + "/out", "--html", blocker + "/deeper/r.html"]] {
            let result = scrollsim(["run", path, "--strategy", "naive"] + arguments)
            #expect(result.code == 1)
            #expect(result.standardOutput == "")
            #expect(result.standardError == failure)
        }
        // A combination that fails only when it runs (p95 below the median) shows whether the
        // runs came first: they do not.
        let sweep = try write("sweep.json", #"{"scenario": "s.json", "strategies": ["naive"], "axes": "#
                              + #"{"images.bytesMedian": [150000, 300000], "images.bytesP95": [450000, 200000]}}"#)
        let swept = scrollsim("sweep", sweep, "--out", blocker + "/w.csv")
        #expect(swept.code == 1)
        #expect(swept.standardError == failure)
        #expect(fileText(blocker) == "a file, not a directory\n")
        #expect(directoryEntries(directory) == ["blocker", "s.json", "sweep.json"])
    }

    @Test("report: --html is neither a summary CSV nor a per-frame CSV it reads")
    func report() throws {
        let path = try scenario()
        let out = directory + "/out"
        #expect(scrollsim("run", path, "--strategy", "naive", "--out", out, "--frames").code == 0)
        let summary = out + "/summary.csv"
        let frames = out + "/frames/s__naive__1.csv"
        let report = scrollsim("report", summary, "--html", summary)
        expectRefused(report, "--html <file>", summary, text: fileText(summary))
        let framesText = fileText(frames)
        let result = scrollsim("report", summary, "--frames", out + "/frames", "--html", frames)
        expectRefused(result, "--html <file>", frames, text: framesText)
    }
}
