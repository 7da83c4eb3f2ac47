import Testing
@testable import ScrollSimCore
import ScrollSimTestSupport

/// The Chrome trace writer's formatting and the recorder's ordering, on hand-made observer calls.
@Suite struct ChromeTraceTests {
    @Test("timestamps are integer ns printed as µs with exactly three decimals")
    func microseconds() {
        #expect(ChromeTraceWriter.microseconds(1_016_666_666) == "1016666.666")
        #expect(ChromeTraceWriter.microseconds(0) == "0.000")
        #expect(ChromeTraceWriter.microseconds(999) == "0.999")
        #expect(ChromeTraceWriter.microseconds(16_666_667) == "16666.667")
        #expect(ChromeTraceWriter.microseconds(-1_500) == "-1.500")
        #expect(ChromeTraceWriter.microseconds(Int64.max) == "9223372036854775.807")
    }

    @Test("strings are JSON-escaped: quotes, backslashes, control characters; other text as is")
    func quoting() {
        #expect(ChromeTraceWriter.quoted("a\"b\\c\nd\te\r\u{1}\u{1F}é✓") == #""a\"b\\c\nd\te\r\u0001\u001Fé✓""#)
        #expect(ChromeTraceWriter.quoted("") == #""""#)
    }

    @Test("an empty writer is a valid document")
    func emptyDocument() {
        #expect(ChromeTraceWriter().makeText() == "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n\n]}\n")
    }

    /// A one-decoder, one-disk scenario named "tiny".
    static func tinyScenario() -> Scenario {
        var scenario = Scenario(layout: .init(itemCount: 10))
        scenario.display.refreshHz = 60  // the rate the expected values were computed at
        scenario.network.httpProtocol = .http1_1  // the connection behaviour the expected values assume
        scenario.name = "tiny"
        scenario.device.decoderThreads = 1
        scenario.disk.queues = 1
        return scenario
    }

    @Test(
        "the recorder orders tracks parent first, re-sums memory in time order, names network tracks, pins every byte")
    func pinnedTrace() {
        let recorder = ChromeTraceRecorder(scenario: Self.tinyScenario(), strategyName: "idle", seed: 7)
        // Given a frame from 1 ms to 1.6 ms whose callbacks include zero-length ones at its start
        // and at its end, then a zero-length block at the frame's end, reported as the simulator
        // reports them (callbacks first, then the frame, then the main-thread item)…
        recorder.lifecycleCallback(LifecycleEvent(time: 1_000_000, kind: .enqueue, cell: 0, items: [3]), duration: 0)
        recorder.lifecycleCallback(LifecycleEvent(time: 1_000_000, kind: .cellForItem, cell: 1, items: [5]),
                                   duration: 400_000)
        recorder.lifecycleCallback(LifecycleEvent(time: 1_600_000, kind: .prefetch, cell: -1, items: [6, 7]),
                                   duration: 0)
        recorder.frameCommitted(FrameRecord(frame: 0, vsync: 1_000_000, start: 1_000_000, commit: 1_600_000,
                                            present: 33_333_333, offset: 0, inScroll: true, work: 600_000,
                                            hitch: 16_666_667, missedVsyncs: 1, visibleCells: 2, blankRatio: 0.5))
        recorder.memoryChanged(bytes: 2_097_152, at: 1_600_000)  // on the main thread, ahead of the clock
        recorder.mainThreadWork(.frame, start: 1_000_000, end: 1_600_000)
        recorder.mainThreadWork(.block, start: 1_600_000, end: 1_600_000)
        recorder.memoryChanged(bytes: 3_145_728, at: 1_200_000)  // a background change, earlier in time
        // …an HTTP/1.1 connection set up from 0.2 ms to 1 ms, then two requests on it reported in the
        // order they ended, not started…
        recorder.connectionOpened(ConnectionSetup(session: 0, sessionName: "URLSession.shared", httpProtocol: .http1_1,
                                                  connection: 0, start: 200_000, tcpEnd: 600_000, end: 1_000_000))
        recorder.connectionEnded(ConnectionSpan(connection: 0, imageID: 5, start: 2_000_000, firstByte: 2_500_000,
                                                end: 3_000_000, bytes: 1000, outcome: .completed))
        recorder.connectionEnded(ConnectionSpan(connection: 0, imageID: 6, start: 1_000_000, firstByte: 2_000_000,
                                                end: 2_000_000, bytes: 0, outcome: .cancelled))
        // …and, in a second session over HTTP/2, a connection with no setup time and two streams at
        // once on lanes 0 and 1.
        recorder.connectionOpened(ConnectionSetup(session: 1, sessionName: "h2", httpProtocol: .http2,
                                                  connection: 0, start: 0, tcpEnd: 0, end: 0))
        recorder.connectionEnded(ConnectionSpan(session: 1, connection: 0, stream: 1, imageID: 8, start: 500_000,
                                                firstByte: 900_000, end: 900_000, bytes: 0, outcome: .failed))
        recorder.connectionEnded(ConnectionSpan(session: 1, connection: 0, stream: 0, imageID: 7, start: 0,
                                                firstByte: 100_000, end: 1_000_000, bytes: 20, outcome: .completed))
        recorder.decodeRan(thread: 0, start: 3_000_000, end: 4_000_000)
        recorder.diskRan(queue: 0, start: 500, end: 1_500)

        // Then the document is exactly this.
        let expected = #"""
            {"displayTimeUnit":"ms","traceEvents":[
            {"ph":"M","name":"process_name","pid":1,"tid":0,"args":{"name":"ScrollSim tiny / idle / seed 7"}},
            {"ph":"M","name":"thread_name","pid":1,"tid":1,"args":{"name":"main thread"}},
            {"ph":"M","name":"thread_sort_index","pid":1,"tid":1,"args":{"sort_index":1}},
            {"ph":"M","name":"thread_name","pid":1,"tid":2,"args":{"name":"display (vsync, hitches)"}},
            {"ph":"M","name":"thread_sort_index","pid":1,"tid":2,"args":{"sort_index":2}},
            {"ph":"M","name":"thread_name","pid":1,"tid":10000,"args":{"name":"URLSession.shared connection 0"}},
            {"ph":"M","name":"thread_sort_index","pid":1,"tid":10000,"args":{"sort_index":3}},
            {"ph":"M","name":"thread_name","pid":1,"tid":10001,"args":{"name":"h2 connection 0"}},
            {"ph":"M","name":"thread_sort_index","pid":1,"tid":10001,"args":{"sort_index":4}},
            {"ph":"M","name":"thread_name","pid":1,"tid":10002,"args":{"name":"h2 connection 0 stream 0"}},
            {"ph":"M","name":"thread_sort_index","pid":1,"tid":10002,"args":{"sort_index":5}},
            {"ph":"M","name":"thread_name","pid":1,"tid":10003,"args":{"name":"h2 connection 0 stream 1"}},
            {"ph":"M","name":"thread_sort_index","pid":1,"tid":10003,"args":{"sort_index":6}},
            {"ph":"M","name":"thread_name","pid":1,"tid":2000,"args":{"name":"decoder 0"}},
            {"ph":"M","name":"thread_sort_index","pid":1,"tid":2000,"args":{"sort_index":7}},
            {"ph":"M","name":"thread_name","pid":1,"tid":3000,"args":{"name":"disk 0"}},
            {"ph":"M","name":"thread_sort_index","pid":1,"tid":3000,"args":{"sort_index":8}},
            {"ph":"X","name":"frame (hitch)","cat":"frame","pid":1,"tid":1,"ts":1000.000,"dur":600.000,"args":{"frame":0,"vsync_ms":1.000,"present_ms":33.333,"work_ms":0.600,"hitch_ms":16.667,"missed_vsyncs":1,"in_scroll":true,"offset_pt":0.000,"visible_cells":2,"blank_ratio":0.5000}},
            {"ph":"X","name":"enqueue","cat":"lifecycle","pid":1,"tid":1,"ts":1000.000,"dur":0.000,"args":{"cell":0,"item":3}},
            {"ph":"X","name":"cellForItem","cat":"lifecycle","pid":1,"tid":1,"ts":1000.000,"dur":400.000,"args":{"cell":1,"item":5}},
            {"ph":"X","name":"prefetch","cat":"lifecycle","pid":1,"tid":1,"ts":1600.000,"dur":0.000,"args":{"items":[6,7]}},
            {"ph":"X","name":"main queue block","cat":"main","pid":1,"tid":1,"ts":1600.000,"dur":0.000},
            {"ph":"i","s":"t","name":"vsync","cat":"display","pid":1,"tid":2,"ts":1000.000,"args":{"frame":0}},
            {"ph":"i","s":"t","name":"hitch","cat":"display","pid":1,"tid":2,"ts":33333.333,"args":{"frame":0,"hitch_ms":16.667,"missed_vsyncs":1}},
            {"ph":"X","name":"connection setup","cat":"network","pid":1,"tid":10000,"ts":200.000,"dur":800.000,"args":{"protocol":"http1.1","setup_ms":0.800}},
            {"ph":"X","name":"TCP handshake","cat":"network","pid":1,"tid":10000,"ts":200.000,"dur":400.000},
            {"ph":"X","name":"TLS handshake","cat":"network","pid":1,"tid":10000,"ts":600.000,"dur":400.000},
            {"ph":"X","name":"request (cancelled)","cat":"network","pid":1,"tid":10000,"ts":1000.000,"dur":1000.000,"args":{"image":6,"bytes":0,"outcome":"cancelled","latency_ms":1.000,"transfer_ms":0.000}},
            {"ph":"X","name":"latency","cat":"network","pid":1,"tid":10000,"ts":1000.000,"dur":1000.000},
            {"ph":"X","name":"request","cat":"network","pid":1,"tid":10000,"ts":2000.000,"dur":1000.000,"args":{"image":5,"bytes":1000,"outcome":"completed","latency_ms":0.500,"transfer_ms":0.500}},
            {"ph":"X","name":"latency","cat":"network","pid":1,"tid":10000,"ts":2000.000,"dur":500.000},
            {"ph":"X","name":"transfer","cat":"network","pid":1,"tid":10000,"ts":2500.000,"dur":500.000,"args":{"bytes":1000}},
            {"ph":"X","name":"request","cat":"network","pid":1,"tid":10002,"ts":0.000,"dur":1000.000,"args":{"image":7,"bytes":20,"outcome":"completed","latency_ms":0.100,"transfer_ms":0.900}},
            {"ph":"X","name":"latency","cat":"network","pid":1,"tid":10002,"ts":0.000,"dur":100.000},
            {"ph":"X","name":"transfer","cat":"network","pid":1,"tid":10002,"ts":100.000,"dur":900.000,"args":{"bytes":20}},
            {"ph":"X","name":"request (failed)","cat":"network","pid":1,"tid":10003,"ts":500.000,"dur":400.000,"args":{"image":8,"bytes":0,"outcome":"failed","latency_ms":0.400,"transfer_ms":0.000}},
            {"ph":"X","name":"latency","cat":"network","pid":1,"tid":10003,"ts":500.000,"dur":400.000},
            {"ph":"X","name":"decode","cat":"decode","pid":1,"tid":2000,"ts":3000.000,"dur":1000.000},
            {"ph":"X","name":"disk job","cat":"disk","pid":1,"tid":3000,"ts":0.500,"dur":1.000},
            {"ph":"C","name":"decoded memory","pid":1,"ts":0.000,"args":{"MiB":0.000}},
            {"ph":"C","name":"decoded memory","pid":1,"ts":1200.000,"args":{"MiB":1.000}},
            {"ph":"C","name":"decoded memory","pid":1,"ts":1600.000,"args":{"MiB":3.000}},
            {"ph":"C","name":"blank ratio","pid":1,"ts":33333.333,"args":{"ratio":0.5000}}
            ]}

            """#
        #expect(recorder.makeJSON() == expected)
    }

    @Test("a real run: one frame slice per frame, every callback of the lifecycle trace, vsync per frame")
    func realRunCounts() {
        // Given a zero-cost list scrolled for a second: every callback and frame has length 0, so
        // many slices share one timestamp.
        let scenario = TestScenarios.zeroCostList(script: [.drag(velocity: 600, seconds: 1)])
        let run = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "idle",
                                     strategy: { _ in IdleStrategy() })
        let recorder = ChromeTraceRecorder(scenario: scenario, strategyName: "idle", seed: 1)
        let metrics = run.run(observer: recorder)
        let (_, lifecycle) = run.runTracingLifecycle()
        let (_, frames) = TestScenarios.run(scenario)
        let lines = recorder.makeJSON().split(separator: "\n")
        func count(_ fragment: String) -> Int { lines.filter { $0.contains(fragment) }.count }
        // Then the trace has one frame slice and one vsync instant per frame, one lifecycle slice
        // per traced callback, and a hitch instant per late frame.
        #expect(frames.count > 10)
        #expect(count(#""cat":"frame""#) == frames.count)
        #expect(count(#""name":"vsync""#) == frames.count)
        #expect(count(#""name":"hitch""#) == frames.filter { $0.hitch > 0 }.count)
        #expect(count(#""cat":"lifecycle""#) == lifecycle.count)
        #expect(count(#""name":"blank ratio""#) == frames.count)
        #expect(metrics.frames > 0)
    }
}
