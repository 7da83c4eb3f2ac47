import FetchStrategies
import Foundation
import ScrollSimCLI
import Testing
import ScrollSimReports
import ScrollSimTestSupport
import ScrollSimCore

/// `scrollsim run` on the bundled scenarios and on bad files, end to end in process.
@Suite struct EndToEndRunTests: ScratchDirectorySuite {
    /// The package's `Scenarios/` directory.
    static let scenarios = packagePath("Scenarios")

    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    @Test func twoRunsOfABundledScenarioGiveIdenticalBytes() throws {
        let scenario = Self.scenarios + "/back-and-forth.json"
        let first = scrollsim("run", scenario, "--format", "csv")
        let second = scrollsim("run", scenario, "--format", "csv")
        #expect(first.code == 0)
        #expect(first.standardOutput == second.standardOutput)
        // The scenario lists every built-in strategy and four tuned configurations, each row under
        // its label: one header and 15 rows
        let strategies = first.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[1] }
        #expect(strategies.count == StrategyCatalog.all.count + 4)
        #expect(Set(strategies).count == strategies.count)
        #expect(Array(strategies[5...11]) == ["kingfisher", "kingfisher-tuned", "sdwebimage", "sdwebimage-tuned",
                                              "sdwebimage-lifo", "nuke", "nuke-tuned"])

        let a = directory + "/a", b = directory + "/b"
        #expect(scrollsim("run", scenario, "--strategy", "naive", "--strategy", "apple-prefetching-sample",
                          "--strategy", "actor-loader-coalescing", "--out", a, "--frames").code == 0)
        #expect(scrollsim("run", scenario, "--strategy", "naive", "--strategy", "apple-prefetching-sample",
                          "--strategy", "actor-loader-coalescing", "--out", b, "--frames").code == 0)
        #expect(directoryEntries(a + "/frames") == directoryEntries(b + "/frames"))
        #expect(directoryEntries(a + "/frames").count == 3)
        for name in ["summary.csv"] + directoryEntries(a + "/frames").map({ "frames/" + $0 }) {
            #expect(fileText(a + "/" + name) != nil)
            #expect(fileText(a + "/" + name) == fileText(b + "/" + name), "\(name)")
        }
    }

    @Test func theSeedFlagChangesTheNetworkButNotTheShape() {
        let scenario = Self.scenarios + "/photo-grid-lte.json"
        let seven = scrollsim("run", scenario, "--strategy", "naive", "--format", "csv", "--seed", "7")
        let eight = scrollsim("run", scenario, "--strategy", "naive", "--format", "csv", "--seed", "8")
        #expect(seven.code == 0 && eight.code == 0)
        #expect(seven.standardOutput != eight.standardOutput)
        #expect(seven.standardOutput.split(separator: "\n").first == eight.standardOutput.split(separator: "\n").first)
    }

    @Test func anInvalidScenarioExits65NamingFileAndPathAndWritesNothing() throws {
        let file = try write("bad.json", #"{"layout": {"itemCount": 1000000000000}}"#)
        let out = directory + "/out"
        let result = scrollsim("run", file, "--out", out)
        #expect(result.code == 65)
        #expect(result.standardError
                    == "Error: \(file): layout.itemCount: must be an integer from 1 to 10000000, found 1000000000000\n")
        #expect(result.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test(arguments: [
        (#""protocol": "h2""#, "network.protocol: must be 'http1.1' or 'http2', found 'h2'"),
        (#""rttMs": "20""#, "network.rttMs: expected a number, found a string"),
        (#""idleTimeoutSeconds": -5"#, "network.idleTimeoutSeconds: must be a number from 0 to 86400, found -5"),
        (#""maxConcurrentStreams": 1001"#,
         "network.maxConcurrentStreams: must be an integer from 1 to 1000, found 1001"),
    ])
    func aBadNetworkKeyExits65WithOneLineNamingFileAndPath(member: String, message: String) throws {
        let file = try write("net.json",
                             #"{"layout": {"itemCount": 10}, "network": {"latencyMsMedian": 50, "# + member + "}}")
        let result = scrollsim("run", file, "--out", directory + "/out")
        #expect(result.code == 65)
        #expect(result.standardError == "Error: \(file): \(message)\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
    }

    @Test func oneBadFileAmongGoodOnesStopsEverythingBeforeAnyRun() throws {
        let bad = try write("bad.json", #"{"layout": {"itemCount": 10}, "cells": {"profile": "ios16"}}"#)
        let out = directory + "/out"
        let result = scrollsim("run", Self.scenarios + "/feed-slow-3g.json", bad, "--out", out)
        #expect(result.code == 65)
        #expect(result.standardError.contains("cells.profile: must be 'ios9', 'ios10' or 'ios15', found 'ios16'"))
        #expect(result.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func validateAcceptsEveryBundledScenario() {
        let result = scrollsim("validate", Self.scenarios)
        #expect(result.code == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.split(separator: "\n").count == 7)
        // feed-replay's recording and feed-catalog's catalog are read next to them.
        #expect(result.standardOutput.contains("feed-replay.json: ok"))
        #expect(result.standardOutput.contains("feed-catalog.json: ok"))
    }
}
