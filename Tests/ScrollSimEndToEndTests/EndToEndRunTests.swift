import FetchStrategies
import Foundation
import ScrollSimCLI
import Testing
import ScrollSimReports
import ScrollSimTestSupport
import ScrollSimCore

/// `scrollsim run` on the bundled scenarios and on bad files, end to end in process.
@Suite struct EndToEndRunTests {
    /// The package's `Scenarios/` directory.
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenarios").path

    @Test func twoRunsOfABundledScenarioGiveIdenticalBytes() throws {
        let scenario = Self.scenarios + "/back-and-forth.json"
        let first = scrollsim("run", scenario, "--format", "csv")
        let second = scrollsim("run", scenario, "--format", "csv")
        #expect(first.code == 0)
        #expect(first.standardOutput == second.standardOutput)
        // The scenario lists no strategies: one header and one row per built-in strategy
        #expect(first.standardOutput.split(separator: "\n").count == 1 + StrategyCatalog.all.count)

        let a = try makeTemporaryDirectory(), b = try makeTemporaryDirectory()
        #expect(scrollsim("run", scenario, "--strategy", "naive", "--strategy", "apple-prefetching-sample", "--strategy", "actor-loader-coalescing", "--out", a, "--frames").code == 0)
        #expect(scrollsim("run", scenario, "--strategy", "naive", "--strategy", "apple-prefetching-sample", "--strategy", "actor-loader-coalescing", "--out", b, "--frames").code == 0)
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
        let dir = try makeTemporaryDirectory()
        let file = dir + "/bad.json"
        try #"{"layout": {"itemCount": 1000000000000}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let out = dir + "/out"
        let result = scrollsim("run", file, "--out", out)
        #expect(result.code == 65)
        #expect(result.standardError == "Error: \(file): layout.itemCount: must be an integer from 1 to 10000000, found 1000000000000\n")
        #expect(result.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func oneBadFileAmongGoodOnesStopsEverythingBeforeAnyRun() throws {
        let dir = try makeTemporaryDirectory()
        let bad = dir + "/bad.json"
        try #"{"layout": {"itemCount": 10}, "cells": {"profile": "ios16"}}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        let out = dir + "/out"
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
        #expect(result.standardOutput.split(separator: "\n").count == 4)
    }
}
