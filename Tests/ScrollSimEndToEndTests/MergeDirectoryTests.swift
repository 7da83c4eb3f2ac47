import Foundation
import Testing
@testable import ScrollSimCLI
import ScrollSimCore
import ScrollSimReports
import ScrollSimTestSupport

/// `scrollsim merge <directory>`: the shards a batch job left in one directory (or an object
/// store synced to one), merged in name order, with the merge's own output skipped and a missing,
/// duplicated or foreign file refused.
@Suite struct MergeDirectoryTests: ScratchDirectorySuite {
    /// A scratch directory with the sweep, its scenario and `shards/`.
    let directory: String

    /// Writes the tiny scenario and a sweep of 8 runs.
    init() throws {
        directory = try makeTemporaryDirectory()
        try write("tiny.json", TestScenarios.tinyJSON(strategies: ["naive"]))
        try write("sweep.json", #"{ "scenario": "tiny.json", "axes": { "seed": [1, 2, 3, 4, 5, 6, 7, 8] } }"#)
    }

    /// Writes shards `shards` of `count` into `shards/` as `shard-<i>.csv`; returns the directory.
    func makeShards(_ shards: [Int], of count: Int) -> String {
        let folder = directory + "/shards"
        for shard in shards {
            _ = succeed(["sweep", directory + "/sweep.json", "--shard", "\(shard)/\(count)", "--jobs", "1",
                         "--out", folder + "/shard-\(shard).csv"])
        }
        return folder
    }

    @Test("a directory of shards merges to the unsharded bytes; --out inside it is skipped on a rerun")
    func mergesADirectory() throws {
        let full = succeed(["sweep", directory + "/sweep.json", "--jobs", "1"])
        let folder = makeShards(Array(1...3), of: 3)
        #expect(succeed(["merge", folder]) == full)
        #expect(succeed(["merge", folder + "/", "--out", folder + "/merged.csv"]) == "")
        #expect(fileText(folder + "/merged.csv") == full)
        #expect(succeed(["merge", folder, "--out", folder + "/merged.csv"]) == "")  // its own output skipped
        #expect(fileText(folder + "/merged.csv") == full)
        try FileManager.default.removeItem(atPath: folder + "/merged.csv")
        try write("shards/notes.txt", "not a shard")  // only .csv files are shards
        #expect(succeed(["merge", folder]) == full)
    }

    @Test("a directory missing a shard, holding one twice, or holding another CSV is refused in one line")
    func refusals() throws {
        let folder = makeShards([1, 3], of: 3)
        let missing = scrollsim("merge", folder)
        #expect(missing.code == 66)
        #expect(missing.standardError == "Error: \(folder)/shard-1.csv: shard 2/3 of this sweep is missing\n")

        _ = makeShards([2], of: 3)
        try FileManager.default.copyItem(atPath: folder + "/shard-2.csv", toPath: folder + "/shard-2-retry.csv")
        let twice = scrollsim("merge", folder)
        #expect(twice.code == 65)
        #expect(twice.standardError == "Error: \(folder)/shard-2.csv: line 1: shard 2/3 given twice "
                + "(also \(folder)/shard-2-retry.csv)\n")
        try FileManager.default.removeItem(atPath: folder + "/shard-2-retry.csv")

        try write("shards/summary.csv", SummaryCSV.header)
        let foreign = scrollsim("merge", folder, "--out", directory + "/merged.csv")
        #expect(foreign.code == 65)
        #expect(foreign.standardError.hasPrefix("Error: \(folder)/summary.csv: line 1: not a sweep shard"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/merged.csv"))
    }

    @Test("an empty directory: exit 66, one line")
    func emptyDirectory() throws {
        let folder = directory + "/empty"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = scrollsim("merge", folder)
        #expect(result.code == 66)
        #expect(result.standardError == "Error: \(folder): no shard files (*.csv) in this directory\n")
        #expect(result.standardOutput == "")
    }

    @Test("rows of two shards with the same key are refused as the merged CSV's duplicate, naming both lines")
    func duplicateAcrossShards() throws {
        let folder = makeShards([1, 2], of: 2)
        let path = folder + "/shard-2.csv"
        let text = try #require(fileText(path))
        try #require(text.contains("\n1,tiny,naive,2,"))
        try write("shards/shard-2.csv", text.replacingOccurrences(of: "\n1,tiny,naive,2,", with: "\n1,tiny,naive,1,"))
        let result = scrollsim("merge", folder)
        #expect(result.code == 65)
        #expect(result.standardError
                == "Error: the merged shards: line 3: duplicate row: line 2 has the same scenario, strategy, seed\n")
    }
}
