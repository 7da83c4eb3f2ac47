import Foundation
import Testing
import ScrollSimCLI
import ScrollSimReports
import ScrollSimTestSupport
import ScrollSimCore

/// `scrollsim run --trace`: Chrome trace-event JSON that parses, nests on every track and agrees
/// with the run's per-frame CSV.
@Suite struct TraceOutputTests: ScratchDirectorySuite {
    /// The package's `Scenarios/` directory.
    static let scenarios = packagePath("Scenarios")

    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// A trace read back with Foundation's `JSONSerialization`.
    struct ParsedTrace {
        /// One event: its fields, with `ts`/`dur` converted back to integer nanoseconds.
        struct Event {
            var phase: String
            var name: String
            var category: String
            var process: Int
            var thread: Int
            var start: Int64
            var duration: Int64
            var arguments: [String: Any]
            var end: Int64 { start + duration }
        }

        /// The events in file order.
        var events: [Event] = []
        /// The top-level `displayTimeUnit`.
        var displayTimeUnit: String?

        /// Parses `text`; fails the test (returns nil) when it is not the expected shape.
        init?(_ text: String) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                  let list = object["traceEvents"] as? [[String: Any]] else { return nil }
            displayTimeUnit = object["displayTimeUnit"] as? String
            for entry in list {
                func nanoseconds(_ key: String) -> Int64 {
                    ((entry[key] as? NSNumber)?.doubleValue).map { Int64(($0 * 1000).rounded()) } ?? -1
                }
                events.append(Event(phase: entry["ph"] as? String ?? "", name: entry["name"] as? String ?? "",
                                    category: entry["cat"] as? String ?? "",
                                    process: (entry["pid"] as? NSNumber)?.intValue ?? -1,
                                    thread: (entry["tid"] as? NSNumber)?.intValue ?? -1, start: nanoseconds("ts"),
                                    duration: nanoseconds("dur"), arguments: entry["args"] as? [String: Any] ?? [:]))
            }
        }

        /// Every overlap between two complete events of one (pid, tid): the slices are sorted by start,
        /// then longest first, then file order, and checked with a stack (a slice must end within the
        /// innermost slice still open at its start). Empty when everything nests.
        func nestingProblems() -> [String] {
            var tracks: [[Int]: [(event: Event, index: Int)]] = [:]
            for (index, event) in events.enumerated() where event.phase == "X" {
                tracks[[event.process, event.thread], default: []].append((event, index))
            }
            var problems: [String] = []
            for key in tracks.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                let slices = (tracks[key] ?? []).sorted {
                    ($0.event.start, -$0.event.duration, $0.index) < ($1.event.start, -$1.event.duration, $1.index)
                }
                var open: [Event] = []
                for (slice, _) in slices {
                    guard slice.duration >= 0 else {
                        problems.append("\(key): \(slice.name) has a negative duration")
                        continue
                    }
                    while let top = open.last, top.end <= slice.start { open.removeLast() }
                    if let top = open.last, slice.end > top.end {
                        problems.append("\(key): \(slice.name) [\(slice.start), \(slice.end)] overlaps "
                                            + "\(top.name) [\(top.start), \(top.end)]")
                    }
                    open.append(slice)
                }
            }
            return problems
        }

        /// Tracks whose complete or instant events are not in time order in the file, and counters
        /// whose samples are not (counters are per name).
        func orderProblems() -> [String] {
            var last: [String: Int64] = [:]
            var problems: [String] = []
            for event in events where ["X", "i", "C"].contains(event.phase) {
                let key = event.phase == "C" ? "counter \(event.name)" : "track \(event.process)/\(event.thread)"
                if let previous = last[key], event.start < previous {
                    problems.append("\(key): \(event.name) at \(event.start) after \(previous)")
                }
                last[key] = event.start
            }
            return problems
        }
    }

    @Test("every trace of a bundled scenario parses, nests on every track, is in time order, names its tracks")
    func bundledScenarioTraces() throws {
        let out = directory + "/out", traces = directory + "/traces"
        let result = scrollsim("run", Self.scenarios + "/back-and-forth.json", Self.scenarios + "/feed-slow-3g.json",
                               "--strategy", "naive", "--strategy", "apple-prefetching-sample",
                               "--strategy", "actor-loader-coalescing",
                               "--out", out, "--frames", "--trace", traces)
        #expect(result.code == 0)
        #expect(result.standardError == "")
        let names = directoryEntries(traces)
        #expect(names == directoryEntries(out + "/frames").map { $0.replacingOccurrences(of: ".csv", with: ".json") })
        #expect(names.count == 6)
        for name in names {
            let text = try #require(fileText(traces + "/" + name))
            let trace = try #require(ParsedTrace(text), "\(name) does not parse")
            #expect(trace.displayTimeUnit == "ms")
            #expect(trace.nestingProblems() == [], "\(name)")
            #expect(trace.orderProblems() == [], "\(name)")

            // Metadata: the process, and a name for every track an event is on.
            let metadata = trace.events.filter { $0.phase == "M" }
            let threadNames = Dictionary(metadata.filter { $0.name == "thread_name" }
                                             .map { ($0.thread, $0.arguments["name"] as? String ?? "") },
                                         uniquingKeysWith: { a, _ in a })
            #expect(metadata.contains {
                $0.name == "process_name" && ($0.arguments["name"] as? String)?.hasPrefix("ScrollSim ") == true
            })
            #expect(threadNames[1] == "main thread")
            #expect(threadNames[2] == "display (vsync, hitches)")
            // Network tracks are named after the session (these strategies use URLSession.shared).
            #expect(threadNames[10_000] == "URLSession.shared connection 0")
            let networkNames = threadNames.filter { $0.key >= 10_000 }.map(\.value)
            #expect(networkNames.allSatisfy { $0.hasPrefix("URLSession.shared connection ") })
            #expect(trace.events.contains { $0.name == "connection setup" && $0.thread == 10_000 })
            #expect(threadNames[2000] == "decoder 0" && threadNames[2001] == "decoder 1")
            #expect(threadNames[3000] == "disk 0" && threadNames[3001] == "disk 1")
            for event in trace.events where event.phase == "X" || event.phase == "i" {
                #expect(threadNames[event.thread] != nil, "\(name): \(event.name) on unnamed track \(event.thread)")
            }

            // Frames agree with the per-frame CSV: one slice and one vsync per row, a hitch per late row.
            let rows = try #require(fileText(out + "/frames/" + name.replacingOccurrences(of: ".json", with: ".csv")))
                .split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            let frameSlices = trace.events.filter { $0.phase == "X" && $0.category == "frame" }
            #expect(frameSlices.count == rows.count)
            #expect(trace.events.filter { $0.phase == "i" && $0.name == "vsync" }.count == rows.count)
            #expect(trace.events.filter { $0.phase == "i" && $0.name == "hitch" }.count
                        == rows.filter { $0[8] != "0.000" }.count)
            #expect(frameSlices.first.map { "\($0.start)" } == rows.first.map { String($0[2]) })  // start_ns
            #expect(trace.events.filter { $0.phase == "C" && $0.name == "blank ratio" }.count == rows.count)
            #expect(trace.events.contains { $0.phase == "C" && $0.name == "decoded memory" })
            // (The built-in strategies decode on the main thread: decoder tracks exist but may be empty.)
            #expect(trace.events.filter { $0.name == "decode" }.allSatisfy { (2000..<3000).contains($0.thread) })
            #expect(trace.events.contains { $0.phase == "X" && $0.name.hasPrefix("request") && $0.thread >= 10_000 })

            // Each callback follows, in the file, the main-thread item it lies in.
            var item: ParsedTrace.Event?
            for event in trace.events where event.phase == "X" && event.thread == 1 {
                if event.category == "lifecycle" {
                    let parent = try #require(item, "\(name): \(event.name) before any main-thread item")
                    #expect(parent.start <= event.start && event.end <= parent.end,
                            "\(name): \(event.name) at \(event.start)")
                } else {
                    item = event
                }
            }
        }
    }

    @Test("over HTTP/2 each session's streams are on lanes of one connection, and every track nests")
    func http2Traces() throws {
        // Given photo-grid-lte with "protocol": "http2", run with a library strategy and a shared-session one
        let source = try #require(fileText(Self.scenarios + "/photo-grid-lte.json"))
        let scenario = try write("h2.json", TestScenarios.overHTTP2(source))
        let traces = directory + "/traces"
        #expect(scrollsim("run", scenario, "--strategy", "nuke", "--strategy", "naive", "--trace", traces).code == 0)
        let names = directoryEntries(traces)
        #expect(names.count == 2)
        for name in names {
            let text = try #require(fileText(traces + "/" + name))
            let trace = try #require(ParsedTrace(text))
            #expect(trace.nestingProblems() == [], "\(name)")
            #expect(trace.orderProblems() == [], "\(name)")
            let threadNames = Dictionary(trace.events.filter { $0.phase == "M" && $0.name == "thread_name" }
                .map { ($0.thread, $0.arguments["name"] as? String ?? "") }, uniquingKeysWith: { a, _ in a })
            let session = name.contains("nuke") ? "Nuke URLSession" : "URLSession.shared"
            // Then one connection (slot 0) with its setup on its own track, and requests only on stream lanes.
            #expect(threadNames[10_000] == session + " connection 0", "\(name)")
            let laneNames = threadNames.filter { $0.key > 10_000 }.map(\.value)
            #expect(laneNames.allSatisfy { $0.hasPrefix(session + " connection 0 stream ") })
            #expect(trace.events.filter { $0.name == "connection setup" }.allSatisfy { $0.thread == 10_000 })
            #expect(trace.events.filter { $0.name.hasPrefix("request") }.allSatisfy { $0.thread > 10_000 })
            #expect(threadNames.keys.filter { $0 > 10_000 }.count > 1, "\(name): streams at once")
        }
    }

    @Test("zero-cost callbacks and frames at identical timestamps still nest")
    func zeroCostScenario() throws {
        // Given a list where every modelled cost is 0, so a frame and all its callbacks share one time…
        let scenario = try write("zero.json", """
            {"name": "zero", "layout": {"itemCount": 200},
             "costs": {"frameBaseMs": 0, "cellCreateMs": 0, "cellForItemMs": 0, "prepareForReuseMs": 0,
                       "willDisplayMs": 0, "didEndDisplayingMs": 0, "setImageMs": 0, "decodeMsPerMegapixel": 0,
                       "thumbnailMsPerMegapixel": 0},
             "script": [{"drag": {"velocity": 800, "seconds": 1}}, {"fling": {"velocity": -3000}}],
             "strategies": ["naive", "apple-prefetching-sample", "actor-loader-coalescing"]}
            """)
        let traces = directory + "/traces"
        #expect(scrollsim("run", scenario, "--trace", traces).code == 0)
        #expect(directoryEntries(traces).count == 3)
        for name in directoryEntries(traces) {
            let text = try #require(fileText(traces + "/" + name))
            let trace = try #require(ParsedTrace(text))
            // …then many slices have length 0, and the file still nests and is in time order.
            #expect(trace.events.filter { $0.phase == "X" && $0.duration == 0 }.count > 100)
            #expect(trace.nestingProblems() == [], "\(name)")
            #expect(trace.orderProblems() == [], "\(name)")
        }
    }

    @Test("the nesting checker finds an overlap and accepts touching and zero-length slices")
    func checkerCatchesOverlap() throws {
        func trace(_ slices: [(Int, Int)]) throws -> ParsedTrace {
            let events = slices.map { #"{"ph":"X","name":"s","pid":1,"tid":1,"ts":\#($0.0).000,"dur":\#($0.1).000}"# }
            return try #require(ParsedTrace("{\"traceEvents\":[" + events.joined(separator: ",") + "]}"))
        }
        #expect(try trace([(0, 10), (5, 10)]).nestingProblems().count == 1)
        #expect(try trace([(0, 10), (0, 10), (2, 3), (10, 0), (10, 5), (15, 0)]).nestingProblems() == [])
    }

    @Test("two runs write byte-identical traces")
    func deterministic() throws {
        let a = directory + "/a", b = directory + "/b"
        let scenario = Self.scenarios + "/photo-grid-lte.json"
        #expect(scrollsim("run", scenario, "--strategy", "naive", "--strategy", "apple-prefetching-sample",
                          "--strategy", "actor-loader-coalescing", "--trace", a).code == 0)
        #expect(scrollsim("run", scenario, "--strategy", "naive", "--strategy", "apple-prefetching-sample",
                          "--strategy", "actor-loader-coalescing", "--trace", b).code == 0)
        #expect(directoryEntries(a).count == 3)
        for name in directoryEntries(a) {
            #expect(fileText(a + "/" + name) == fileText(b + "/" + name), "\(name)")
        }
    }

    @Test("a run the OS kills has its kill on the display track of its trace file")
    func killedRunTrace() throws {
        // Given an actor loader (it keeps every image) on a device with a 200 MiB limit
        let scenario = try write("kill.json", TestScenarios.killedJSON(strategies: ["actor-loader"]))
        let traces = directory + "/traces"
        let result = scrollsim("run", scenario, "--format", "csv", "--trace", traces)
        #expect(result.code == 0)
        // One warning, the kill, radio_energy_j (to the kill at 1.389 s, at the default device's 120 Hz;
        // URLCache.shared's memory tier counts in the footprint)
        #expect(result.standardOutput.hasSuffix(",1,1,3.337\n"))
        // Then the trace holds one kill instant, on the display track, with the footprint that killed
        let text = try #require(fileText(traces + "/kill__actor-loader__1.json"))
        let trace = try #require(ParsedTrace(text))
        let kills = trace.events.filter { $0.name == "killed (memory limit)" }
        #expect(kills.count == 1)
        #expect(kills.first?.phase == "i" && kills.first?.thread == 2)
        #expect((kills.first?.arguments["footprint_mib"] as? NSNumber).map { $0.doubleValue > 200 } == true)
    }

    @Test("a trace directory that cannot be made exits 1 naming it")
    func unwritableTraceDirectory() throws {
        let blocker = try write("file", "x")
        let result = scrollsim("run", Self.scenarios + "/feed-slow-3g.json", "--strategy", "naive",
                               "--trace", blocker + "/traces")
        #expect(result.code == 1)
        #expect(result.standardError == "Error: cannot write '\(blocker)': exists and is not a directory\n")
    }
}
