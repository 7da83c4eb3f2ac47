import Foundation
import Testing
import ScrollSimCore
import ScrollSimReports
import ScrollSimTestSupport

/// `replay` recordings read from disk next to their scenario, and `user` steps over a sweep of
/// seeds (docs/workloads.md).
@Suite struct WorkloadFilesTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// A short list replaying `file`, with two strategies.
    static func replayScenario(_ file: String) -> String {
        """
        { "layout": { "itemCount": 60, "itemHeight": 150 },
          "images": { "width": 300, "height": 300, "bytesMedian": 20000, "bytesP95": 40000 },
          "script": [ { "replay": { "file": "\(file)" } }, { "pause": { "seconds": 0.2 } } ],
          "strategies": [ "naive", "apple-prefetching-sample" ] }
        """
    }

    /// A 300 ms recording: still, a 600 pt drag, still.
    static let recording = "t_ms,offset_pt\n0,100\n100,100\n200,700\n300,700\n"

    @Test func aRecordingIsReadNextToItsScenario() throws {
        try write("gestures/g.csv", Self.recording)
        let scenario = try write("s.json", Self.replayScenario("gestures/g.csv"))
        let loaded = try ScenarioFiles.load(path: scenario)
        guard case .replay(let gesture)? = loaded.script.first else {
            Issue.record("expected a replay step, found \(loaded.script)")
            return
        }
        #expect(gesture.file == directory + "/gestures/g.csv")
        #expect(gesture.deltas == [0, 0, 600, 600])
        let result = scrollsim("run", scenario, "--format", "csv")
        #expect(result.code == 0)
        #expect(result.standardError == "")
        // Scrolling is the 100 ms of motion, for both strategies.
        let rows = result.standardOutput.split(separator: "\n").dropFirst()
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0.split(separator: ",")[5] == "0.100" })
    }

    @Test("a missing recording exits 66 naming the scenario, the step and the file")
    func missingRecording() throws {
        let scenario = try write("s.json", Self.replayScenario("absent.csv"))
        let result = scrollsim("run", scenario)
        #expect(result.code == 66)
        #expect(result.standardError
                    == "Error: \(scenario): script[0].replay.file: \(directory)/absent.csv: no such file\n")
        let validate = scrollsim("validate", scenario)
        #expect(validate.code == 66)
        // A sweep's scenario keeps the kind: still 66, under the sweep file's `scenario` key.
        let sweep = try write("sweep.json", #"{ "scenario": "s.json", "axes": { "seed": [1, 2] } }"#)
        let swept = scrollsim("sweep", sweep)
        #expect(swept.code == 66)
        #expect(swept.standardError
            == "Error: \(sweep): scenario: \(scenario): script[0].replay.file: \(directory)/absent.csv: no such file\n")
    }

    @Test("a recording that is a directory exits 66")
    func directoryRecording() throws {
        try FileManager.default.createDirectory(atPath: directory + "/d.csv", withIntermediateDirectories: true)
        let scenario = try write("s.json", Self.replayScenario("d.csv"))
        let result = scrollsim("run", scenario)
        #expect(result.code == 66)
        #expect(result.standardError
                    == "Error: \(scenario): script[0].replay.file: \(directory)/d.csv: cannot read: is a directory\n")
    }

    @Test("a bad recording exits 65 naming its line and column")
    func badRecording() throws {
        try write("g.csv", "t_ms,offset_pt\n0,100\n16.7,abc\n")
        let scenario = try write("s.json", Self.replayScenario("g.csv"))
        let result = scrollsim("run", scenario)
        #expect(result.code == 65)
        #expect(result.standardError
            == "Error: \(scenario): script[0].replay.file: \(directory)/g.csv: line 3, column 2 (offset_pt): "
                + "expected a number of points, found 'abc'\n")
    }

    @Test("a recording over 64 MiB is refused without being read, in the input layer's words")
    func tooLargeRecording() throws {
        // A sparse file one byte over the limit: its size is refused before any read.
        let path = directory + "/big.csv"
        try writeSparseFile(at: path, bytes: ReplayCSV.maxBytes + 1)
        let scenario = try write("s.json", Self.replayScenario("big.csv"))
        let result = scrollsim("run", scenario)
        #expect(result.code == 65)
        #expect(result.standardError == "Error: \(scenario): script[0].replay.file: \(path): "
            + "larger than 64 MiB, the limit for this kind of file\n")
        // The cache reads through `InputFile`: the same error for the same file, asked twice.
        let cache = ReplayFileCache()
        let tooLarge = InputError(.invalid, file: path, "larger than 64 MiB, the limit for this kind of file")
        #expect(throws: tooLarge) { try cache.replayGesture(atPath: path) }
        #expect(throws: tooLarge) { try cache.replayGesture(atPath: path) }
        #expect(cache.paths == [path])
    }

    @Test("a run's and a sweep's outputs never overwrite a recording (exit 64)")
    func outputsNeverOverwriteARecording() throws {
        let recording = try write("g.csv", Self.recording)
        let scenario = try write("s.json", Self.replayScenario("g.csv"))
        let message = "Error: '--html <file>' would overwrite the input '\(recording)'; write it elsewhere\n"
        let run = scrollsim("run", scenario, "--html", recording)
        #expect(run.code == 64)
        #expect(run.standardError.hasPrefix(message))
        let sweep = try write("sweep.json", #"{ "scenario": "s.json", "axes": { "seed": [1, 2] } }"#)
        let swept = scrollsim("sweep", sweep, "--out", recording)
        #expect(swept.code == 64)
        #expect(swept.standardError.hasPrefix(
            "Error: '--out <file>' would overwrite the input '\(recording)'; write it elsewhere\n"))
        #expect(fileText(recording) == Self.recording)
    }

    @Test("a sweep's runs share one copy of a recording")
    func sweepSharesTheRecording() throws {
        try write("g.csv", Self.recording)
        try write("s.json", Self.replayScenario("g.csv"))
        let sweep = try write("sweep.json", #"{ "scenario": "s.json", "axes": { "seed": [1, 2, 3] } }"#)
        let plan = try SweepPlan.make(try SweepDefinition.load(path: sweep), jobs: 2)
        #expect(plan.runCount == 6)
        let addresses = try plan.allRuns().map { run -> UInt? in
            guard case .replay(let gesture)? = run.scenario.script.first else { return nil }
            return gesture.times.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } }
        }
        #expect(addresses[0] != nil)
        #expect(Set(addresses).count == 1)
    }

    @Test("a sweep over seeds with a user step: a population of users, each the same for every strategy")
    func sweepOverSeedsSimulatesAPopulation() throws {
        let sweep = try write("users.json", """
            { "scenario": { "name": "users", "layout": { "itemCount": 300, "itemHeightRange": [180, 520], "spacing": 8 },
                            "images": { "width": 300, "height": 300, "bytesMedian": 20000, "bytesP95": 40000 },
                            "script": [ { "user": { "seconds": 20 } } ],
                            "strategies": [ "naive", "apple-prefetching-sample" ] },
              "axes": { "seed": [1, 2, 3] } }
            """)
        let result = scrollsim("sweep", sweep)
        #expect(result.code == 0)
        let rows = result.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        #expect(rows.count == 6)
        // (seed, scroll_s) per row: both strategies of a seed scroll alike; the seeds differ.
        let scroll = rows.map { ($0[2], $0[5]) }
        #expect(scroll[0] == scroll[1] && scroll[2] == scroll[3] && scroll[4] == scroll[5])
        #expect(Set([scroll[0].1, scroll[2].1, scroll[4].1]).count == 3)
        #expect(scroll.map(\.0) == ["1", "1", "2", "2", "3", "3"])
    }
}
