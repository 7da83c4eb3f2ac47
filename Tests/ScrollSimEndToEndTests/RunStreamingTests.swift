import Foundation
import Testing
import FetchStrategies
import ScrollSimCore
import ScrollSimReports
import ScrollSimTestSupport

/// `scrollsim run` writes frames, traces and request traces while the runs go (bounded memory):
/// the files are the bytes the in-memory recording makes, and a failed run leaves none of them.
@Suite struct RunStreamingTests: ScratchDirectorySuite {
    /// The package's `Scenarios/` directory.
    static let scenarios = packagePath("Scenarios")

    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// Every regular file under `path`, relative, sorted.
    static func files(under path: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return [] }
        var result: [String] = []
        for case let name as String in enumerator {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory),
               !isDirectory.boolValue {
                result.append(name)
            }
        }
        return result.sorted()
    }

    /// The plan of `scenario` (a bundled file name) with `strategies`.
    static func plan(_ scenario: String, _ strategies: [String]) throws -> RunPlan {
        switch RunPlan.make(paths: [scenarios + "/" + scenario], strategyNames: strategies) {
        case .success(let made): return made.plan
        case .failure(let errors): throw errors.errors[0]
        }
    }

    @Test("streamed frames, traces, request traces and HTML equal the in-memory outputs, byte for byte",
          arguments: ["feed-slow-3g.json", "photo-grid-lte.json", "promotion-120hz-fling.json"])
    func streamedEqualsInMemory(scenario: String) throws {
        let plan = try Self.plan(scenario, ["naive", "nuke", "texture", "adaptive"])
        func outputs(_ root: String) -> RunOutputs {
            RunOutputs(outDirectory: root + "/out", writesFrames: true, requestsDirectory: root + "/requests",
                       traceDirectory: root + "/traces", htmlFile: root + "/report.html")
        }
        let memory = outputs(directory + "/memory")
        try memory.outputSet(plan.run(recording: memory.recording)).publish()
        let streamed = outputs(directory + "/streamed")
        let (results, set) = try streamed.run(plan)
        #expect(results.count == 4 && results.allSatisfy { $0.chart != nil && $0.frames.isEmpty })
        try set.publish()
        let names = Self.files(under: directory + "/memory")
        #expect(names.count == 1 + 4 * 3 + 1)  // summary, 4 runs × (frames, trace, requests), HTML
        #expect(Self.files(under: directory + "/streamed") == names)
        for name in names {
            let expected = try #require(FileManager.default.contents(atPath: directory + "/memory/" + name))
            #expect(FileManager.default.contents(atPath: directory + "/streamed/" + name) == expected, "\(name)")
        }
    }

    @Test("the streamed trace equals ChromeTraceRecorder's over HTTP/2 and on a killed run")
    func streamedTraceEdgeCases() throws {
        let source = try #require(fileText(Self.scenarios + "/photo-grid-lte.json"))
        let http2 = try write("h2.json", TestScenarios.overHTTP2(source))
        let kill = try write("kill.json", TestScenarios.killedJSON())
        for path in [http2, kill] {
            let plan = try #require(try? RunPlan.make(paths: [path], strategyNames: ["nuke", "actor-loader"])
                .get().plan)
            for run in plan.runs {
                let recorder = ChromeTraceRecorder(scenario: run.scenario, strategyName: run.strategyName,
                                                   seed: run.seed)
                _ = run.run(observer: recorder)
                let segments = ChromeTraceMemorySegments()
                let streaming = ChromeTraceStreamRecorder(scenario: run.scenario, strategyName: run.strategyName,
                                                          seed: run.seed, segments: segments)
                _ = run.run(observer: streaming)
                let expected = recorder.makeJSON()
                #expect(segments.document(streaming.finish()) == expected, "\(path) \(run.strategyName)")
                if path == kill && run.strategyName == "actor-loader" {
                    #expect(expected.contains("killed (memory limit)"))
                }
                if path == http2 { #expect(expected.contains(" stream 1\"")) }
            }
        }
    }

    @Test("a run whose trace cannot be written leaves no frame, request or temporary file behind")
    func failedRunLeavesNothing() throws {
        let blocker = try write("file", "x")
        let out = directory + "/out", requests = directory + "/requests"
        let result = scrollsim("run", Self.scenarios + "/feed-slow-3g.json", "--strategy", "naive",
                               "--strategy", "nuke",
                               "--out", out, "--frames", "--requests", requests, "--trace", blocker + "/traces")
        #expect(result.code == 1)
        #expect(result.standardError == "Error: cannot write '\(blocker)': exists and is not a directory\n")
        #expect(Self.files(under: out) == [] && Self.files(under: requests) == [])
        #expect(directoryEntries(directory).filter { $0.contains("scrollsim-tmp") } == [])
    }

    @Test("a stream discarded after writing leaves its destination as it was and no temporary file")
    func discardedStream() throws {
        try write("a.csv", "old\n")
        var set = OutputSet()
        let stream = try set.addStream(toFile: directory + "/a.csv")
        stream.write(String(repeating: "x", count: 3 * StreamedFile.bufferBytes))
        _ = try set.addScratch(near: directory + "/b.json")
        #expect(directoryEntries(directory).count == 3)
        set.discard()
        #expect(directoryEntries(directory) == ["a.csv"])
        #expect(fileText(directory + "/a.csv") == "old\n")
    }

    @Test("a published stream replaces its destination with everything written, buffer and all")
    func publishedStream() throws {
        var set = OutputSet()
        let stream = try set.addStream(toFile: directory + "/sub/a.csv")
        let line = String(repeating: "y", count: 999) + "\n"
        for _ in 0..<200 { stream.write(line) }
        set.add("m\n", toFile: directory + "/m.csv")
        try set.publish()
        #expect(fileText(directory + "/sub/a.csv") == String(repeating: line, count: 200))
        #expect(directoryEntries(directory) == ["m.csv", "sub"] && directoryEntries(directory + "/sub") == ["a.csv"])
    }
}
