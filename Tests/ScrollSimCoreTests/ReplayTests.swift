import Testing

@testable import ScrollSimCore
import ScrollSimTestSupport

/// The `replay` step: a recorded gesture's samples, interpolated offsets, scroll intervals,
/// frames, and every way a recording file can be refused (docs/workloads.md).
@Suite struct ReplayTests {
    /// A recording whose first sample is at 1000 ms (re-based to 0) and at 200 pt, with a still
    /// start (50 ms), a drag, a 10 ms still moment, a return, a jump, a 100 ms still stretch and
    /// a last drag. Re-based: t = 0, 50, 100, 110, 150, 150, 250, 300 ms; d = 0, 0, 60, 60, 20,
    /// 100, 100, 150 pt.
    static let recording = """
        t_ms,offset_pt
        1000,200
        1050,200
        1100,260
        1110,260
        1150,220
        1150,300
        1250,300
        1300,350

        """

    /// `recording` parsed as `g.csv`.
    static func gesture() throws -> ReplayGesture {
        try ReplayCSV.parse(Array(recording.utf8), file: "g.csv")
    }

    /// The error `text` gets as `g.csv`, or nil when it parses.
    static func failure(_ text: String, maxSamples: Int = ReplayCSV.maxSamples) -> InputError? {
        do {
            _ = try ReplayCSV.parse(Array(text.utf8), file: "g.csv", maxSamples: maxSamples)
            return nil
        } catch {
            return error
        }
    }

    /// Milliseconds as ns.
    static func ms(_ value: Int64) -> SimTime { value * SimDuration.millisecond }

    // MARK: The samples and what counts as scrolling

    @Test func samplesAreRebasedOnTheFirstOne() throws {
        let gesture = try Self.gesture()
        #expect(gesture.times == [0, 50, 100, 110, 150, 150, 250, 300].map(Self.ms))
        #expect(gesture.deltas == [0, 0, 60, 60, 20, 100, 100, 150])
        #expect(gesture.durationNanos == Self.ms(300))
        #expect(gesture.finalDelta == 150)
        #expect(gesture.file == "g.csv")
    }

    @Test("scroll intervals: motion, with still stretches of 40 ms or more left out; runs of motion wake the display")
    func scrollIntervals() throws {
        let gesture = try Self.gesture()
        // The still start (0–50) is not scrolling; 50–100 moves; the 10 ms still moment at 100–110
        // stays inside; 110–150 moves and jumps at 150; 150–250 is a 100 ms still stretch; 250–300 moves.
        #expect(gesture.scrollIntervals == [
            ScrollInterval(start: Self.ms(50), end: Self.ms(150)),
            ScrollInterval(start: Self.ms(250), end: Self.ms(300)),
        ])
        #expect(gesture.motionStarts == [50, 110, 250].map(Self.ms))
        // Exactly 40 ms still splits; 39.999999 ms does not.
        let split = try ReplayCSV.parse(Array("t_ms,offset_pt\n0,0\n10,5\n50,5\n60,9\n".utf8), file: "s.csv")
        #expect(split.scrollIntervals == [ScrollInterval(start: 0, end: Self.ms(10)),
                                          ScrollInterval(start: Self.ms(50), end: Self.ms(60))])
        let joined = try ReplayCSV.parse(Array("t_ms,offset_pt\n0,0\n10,5\n49.999999,5\n60,9\n".utf8), file: "s.csv")
        #expect(joined.scrollIntervals == [ScrollInterval(start: 0, end: Self.ms(60))])
        // A lone jump is a run of motion but no interval (zero length).
        let jump = try ReplayCSV.parse(Array("t_ms,offset_pt\n0,0\n100,0\n100,40\n200,40\n".utf8), file: "s.csv")
        #expect(jump.scrollIntervals.isEmpty)
        #expect(jump.motionStarts == [Self.ms(100)])
    }

    @Test("offsets at every 10 ms vsync, hand-computed: x0 + interpolated delta, clamped")
    func offsetsAtEachVsync() throws {
        // Given the replay after a 100 ms pause, from 500 pt
        let timeline = ScrollTimeline(steps: [.pause(seconds: 0.1), .replay(try Self.gesture())], maxOffset: 10_000,
                                      initialOffset: 500) { _ in 0 }
        // τ = 0…50 still; 60–100 by 12 pt per 10 ms (60 pt in 50 ms); 110 still; 120–140 by −10;
        // 150 jumps to +100; still to 250; 260–300 by 10.
        let expected: [Double] = [500, 500, 500, 500, 500, 500, 512, 524, 536, 548, 560, 560, 550, 540, 530,
                                  600, 600, 600, 600, 600, 600, 600, 600, 600, 600, 600, 610, 620, 630, 640, 650]
        let offsets = (0...30).map { timeline.offset(at: Self.ms(100 + 10 * Int64($0))) }
        #expect(offsets == expected)
        #expect(timeline.offset(at: Self.ms(5000)) == 650)
        #expect(timeline.endTime == Self.ms(400))
        // Velocity: the slope of the pair around the instant (an app differencing frames sees it).
        // At a sample's instant, the pair that ends there (what has been seen), never the one that
        // starts there: τ = 50 is still (the drag starts after it), τ = 100 ends the drag (1200),
        // τ = 110 the still moment (0), τ = 150 the return before the jump ((20 − 60) / 40 ms).
        #expect(timeline.velocity(at: Self.ms(100)) == 0)
        #expect(timeline.velocity(at: Self.ms(150)) == 0)
        #expect(timeline.velocity(at: Self.ms(200)) == 1200)
        #expect(timeline.velocity(at: Self.ms(210)) == 0)
        #expect(timeline.velocity(at: Self.ms(250)) == -1000)
        #expect(timeline.velocity(at: Self.ms(160)) == 1200)
        #expect(timeline.velocity(at: Self.ms(220)) == -1000)
        #expect(timeline.velocity(at: Self.ms(300)) == 0)
        #expect(timeline.velocity(at: Self.ms(360)) == 1000)
        #expect(timeline.velocity(at: Self.ms(400)) == 0)
        // The timeline's intervals are the recording's, from the step's start; each run of motion is a change time.
        #expect(timeline.intervals == [ScrollInterval(start: Self.ms(150), end: Self.ms(250)),
                                       ScrollInterval(start: Self.ms(350), end: Self.ms(400))])
        #expect(timeline.totalScrollNanos == Self.ms(150))
        #expect(timeline.changeTimes == [0, 100, 150, 210, 350].map(Self.ms))
    }

    @Test func clampedToTheContentAndPinnedVelocityIsZero() throws {
        // Given the content ends at 550 pt
        let timeline = ScrollTimeline(steps: [.replay(try Self.gesture())], maxOffset: 550,
                                      initialOffset: 500) { _ in 0 }
        #expect(timeline.offset(at: Self.ms(90)) == 548)
        #expect(timeline.offset(at: Self.ms(100)) == 550)  // 560 clamped
        #expect(timeline.offset(at: Self.ms(120)) == 550)  // 550 exactly
        #expect(timeline.offset(at: Self.ms(130)) == 540)  // the recording's motion continues below the edge
        #expect(timeline.offset(at: Self.ms(300)) == 550)  // 650 clamped
        #expect(timeline.velocity(at: Self.ms(75)) == 1200)
        #expect(timeline.velocity(at: Self.ms(96)) == 0)  // 555.2 pinned: 1200 pt/s into the edge is no motion
        #expect(timeline.velocity(at: Self.ms(125)) == -1000)  // away from the edge
        #expect(timeline.velocity(at: Self.ms(260)) == 0)  // 610 pinned
        // Intervals are the recording's, pinned or not (like a drag: the finger moves).
        #expect(timeline.intervals.count == 2)
    }

    @Test func aRepeatedReplayStartsEachTimeWhereTheLastEnded() throws {
        let gesture = try Self.gesture()
        let timeline = ScrollTimeline(steps: [.repeatSteps(times: 2, steps: [.replay(gesture)])],
                                      maxOffset: 10_000) { _ in 0 }
        #expect(timeline.offset(at: Self.ms(300)) == 150)
        #expect(timeline.offset(at: Self.ms(360)) == 162)
        #expect(timeline.offset(at: Self.ms(600)) == 300)
        #expect(timeline.intervals.map(\.start) == [50, 250, 350, 550].map(Self.ms))
    }

    @Test func aRecordingOfZeroLengthJumps() throws {
        let gesture = try ReplayCSV.parse(Array("t_ms,offset_pt\n7,10\n7,70\n".utf8), file: "z.csv")
        let timeline = ScrollTimeline(steps: [.pause(seconds: 1), .replay(gesture)], maxOffset: 1000) { _ in 0 }
        #expect(timeline.endTime == SimDuration.second)
        #expect(timeline.offset(at: SimDuration.second - 1) == 0)
        #expect(timeline.offset(at: SimDuration.second) == 60)
        #expect(timeline.intervals.isEmpty)
    }

    @Test("frames sample the replay at their vsync (100 Hz, every cost 0): exact vsyncs, offsets and scroll flags")
    func framesOfAReplay() throws {
        // Given a jump to item 5 (500 pt), a 100 ms pause and the replay, on a 100 Hz display
        var scenario = TestScenarios.zeroCostList(itemCount: 100, viewportHeight: 1000, refreshHz: 100, script: [
            .scrollTo(item: 5, animated: false, seconds: 0), .pause(seconds: 0.1), .replay(try Self.gesture()),
        ])
        scenario.cells.dataPrefetch = false
        let (metrics, frames) = TestScenarios.run(scenario)
        // Then a frame at every vsync where the offset changed, and none while it stood still
        let vsyncs = frames.map { Int($0.vsync / Self.ms(10)) }
        #expect(vsyncs == [0, 16, 17, 18, 19, 20, 22, 23, 24, 25, 36, 37, 38, 39, 40])
        #expect(frames.map(\.offset) == [500, 512, 524, 536, 548, 560, 550, 540, 530, 600, 610, 620, 630, 640, 650])
        #expect(frames.map(\.inScroll) == [false] + Array(repeating: true, count: 14))
        #expect(metrics.scrollNanos == Self.ms(150))
        #expect(metrics.frames == 14)
    }

    // MARK: Numbers

    @Test("times become exact ns from their decimal text, half to even; offsets are read as doubles")
    func exactTimes() throws {
        let text = """
            t_ms,offset_pt
            -1.5,-0.0
            16.6666665,1e-05
            16.6666675,+2.5E2
            1.7e1,1.
            17.0000005,-3
            "17.0000015",".5"

            """
        let gesture = try ReplayCSV.parse(Array(text.utf8), file: "n.csv")
        // -1.5 ms is the origin; 16.6666665 ms = 16 666 666.5 ns → 16 666 666 (even), and so on.
        #expect(gesture.times == [0, 18_166_666, 18_166_668, 18_500_000, 18_500_000, 18_500_002])
        #expect(gesture.deltas == [0, 1e-05, 250, 1, -3, 0.5])
        #expect(ReplayCSV.exactNanoseconds(milliseconds: Array("0.0000005".utf8)[...]) == .success(0))
        #expect(ReplayCSV.exactNanoseconds(milliseconds: Array("0.0000015".utf8)[...]) == .success(2))
        #expect(ReplayCSV.exactNanoseconds(milliseconds: Array("0e999999".utf8)[...]) == .success(0))
        #expect(ReplayCSV.exactNanoseconds(milliseconds: Array("1e12".utf8)[...])
                    == .success(1_000_000_000_000_000_000))
        // CRLF line ends, and no final line end, are fine.
        let crlf = try ReplayCSV.parse(Array("t_ms,offset_pt\r\n0,1\r\n8.5,2".utf8), file: "c.csv")
        #expect(crlf.times == [0, 8_500_000] && crlf.deltas == [0, 1])
    }

    // MARK: Bad files

    /// Each bad recording and its exact message.
    static let badFiles: [(text: String, message: String)] = [
        ("", "g.csv: the file is empty; expected the header 't_ms,offset_pt' and then one sample per line"),
        ("0,100\n5,120\n", "g.csv: line 1: missing header: the first line must be 't_ms,offset_pt', found '0,100'"),
        ("t_ms;offset_pt\n",
         "g.csv: line 1: missing header: the first line must be 't_ms,offset_pt', found 't_ms;offset_pt'"),
        ("t_ms,offset_pt\n", "g.csv: no samples after the header; expected at least one line '<t_ms>,<offset_pt>'"),
        ("t_ms,offset_pt\n0,0\nnan,5\n",
         "g.csv: line 3, column 1 (t_ms): must be a finite number of milliseconds, found 'nan'"),
        ("t_ms,offset_pt\n0,-Infinity\n",
         "g.csv: line 2, column 2 (offset_pt): must be a finite number of points, found '-Infinity'"),
        ("t_ms,offset_pt\n0,1e999\n",
         "g.csv: line 2, column 2 (offset_pt): must be a finite number of points, found '1e999'"),
        (
            "t_ms,offset_pt\n0,0\n20,1\n10,2\n",
            "g.csv: line 4, column 1 (t_ms): times must not decrease: '10' comes after '20' on line 3"
        ),
        ("t_ms,offset_pt\nabc,5\n", "g.csv: line 2, column 1 (t_ms): expected a number of milliseconds, found 'abc'"),
        ("t_ms,offset_pt\n0, 12\n", "g.csv: line 2, column 2 (offset_pt): expected a number of points, found ' 12'"),
        ("t_ms,offset_pt\n0x10,1\n", "g.csv: line 2, column 1 (t_ms): expected a number of milliseconds, found '0x10'"),
        ("t_ms,offset_pt\n1e,1\n", "g.csv: line 2, column 1 (t_ms): expected a number of milliseconds, found '1e'"),
        ("t_ms,offset_pt\n,1\n", "g.csv: line 2, column 1 (t_ms): expected a number of milliseconds, found ''"),
        (
            "t_ms,offset_pt\n1e13,0\n",
            "g.csv: line 2, column 1 (t_ms): must be a number of milliseconds from -1000000000000 to 1000000000000, "
                + "found '1e13'"
        ),
        (
            "t_ms,offset_pt\n0,-2e12\n",
            "g.csv: line 2, column 2 (offset_pt): must be a number of points from -1000000000000 to 1000000000000, "
                + "found '-2e12'"
        ),
        ("t_ms,offset_pt\n0,1,2\n", "g.csv: line 2: expected 2 fields, t_ms,offset_pt, found 3 fields"),
        ("t_ms,offset_pt\n0,1\n\n5,2\n", "g.csv: line 3: expected 2 fields, t_ms,offset_pt, found an empty line"),
        ("t_ms,offset_pt\n0\n", "g.csv: line 2: expected 2 fields, t_ms,offset_pt, found 1 field"),
        ("t_ms,offset_pt\n\"0,1\n", "g.csv: line 2, column 1 (t_ms): a quoted field is not closed"),
        ("t_ms,offset_pt\n0,\"1\"x\n", "g.csv: line 2, column 2 (offset_pt): unexpected text after a closing quote"),
        (
            "t_ms,offset_pt\n0,1\"\n",
            "g.csv: line 2, column 2 (offset_pt): a quote inside an unquoted field "
                + "(quote the whole field and double its quotes)"
        ),
    ]

    @Test(arguments: badFiles)
    func refusedWithAnExactMessage(text: String, message: String) {
        let error = Self.failure(text)
        #expect(error?.description == message)
        #expect(error?.kind == .invalid)
    }

    @Test func tooManySamples() {
        // Given a limit of 3 samples (the real one is 2,000,000)
        let text = "t_ms,offset_pt\n0,0\n1,1\n2,2\n3,3\n"
        #expect(Self.failure(text, maxSamples: 3)?.description
            == "g.csv: line 5: more than 3 samples; a replay file holds at most 3 "
                + "(split the recording into several replay steps)")
        #expect(Self.failure(text, maxSamples: 4) == nil)
    }

    @Test func tooManyBytes() {
        let bytes = [UInt8](repeating: UInt8(ascii: "0"), count: ReplayCSV.maxBytes + 1)
        // The input layer's limit and words, for bytes that did not come through it.
        #expect(throws: InputError(.invalid, file: "big.csv", "larger than 64 MiB, the limit for this kind of file")) {
            try ReplayCSV.parse(bytes, file: "big.csv")
        }
        #expect(ReplayCSV.maxBytes == InputLimit.replay.bytes && InputLimit.replay.bytes == 67_108_864)
    }
}
