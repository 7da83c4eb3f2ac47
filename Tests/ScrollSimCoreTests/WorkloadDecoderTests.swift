import Testing

@testable import ScrollSimCore

/// The scenario decoder on the `replay` and `user` steps: what they decode to, and the exact error
/// of every bad key (docs/workloads.md).
@Suite struct WorkloadDecoderTests {
    /// A valid recording.
    static let recording = "t_ms,offset_pt\n0,0\n100,50\n"

    /// A scenario whose script is `steps` (JSON text of the array's elements).
    static func scenario(_ steps: String) -> String {
        #"{"layout": {"itemCount": 9}, "script": ["# + steps + "]}"
    }

    /// The error of `text` as `file`, reading `files`, or nil when it decodes.
    static func failure(_ text: String, file: String = "scenario.json",
                        files: any ScenarioFileReading = InMemoryScenarioFiles()) -> ScenarioError? {
        do {
            _ = try ScenarioLoader.parse(text, file: file, files: files)
            return nil
        } catch {
            return error
        }
    }

    // MARK: replay

    @Test func aReplayIsReadAtDecodeTimeNextToTheScenario() throws {
        let files = InMemoryScenarioFiles(["runs/g.csv": Self.recording, "/abs/h.csv": Self.recording])
        let scenario = try ScenarioLoader.parse(
            Self.scenario(#"{"replay": {"file": "g.csv"}}, {"replay": {"file": "/abs/h.csv"}}"#), file: "runs/s.json",
            files: files)
        let gesture = ReplayGesture(file: "runs/g.csv", times: [0, 100_000_000], deltas: [0, 50])
        #expect(scenario.script == [.replay(gesture), .replay(ReplayGesture(file: "/abs/h.csv", times: gesture.times,
                                                                            deltas: gesture.deltas))])
        // A scenario file named without a directory reads its recordings from the current one.
        #expect(throws: Never.self) {
            try ScenarioLoader.parse(Self.scenario(#"{"replay": {"file": "g.csv"}}"#), file: "s.json",
                                     files: InMemoryScenarioFiles(["g.csv": Self.recording]))
        }
    }

    @Test func aMissingRecordingIsMissing() {
        let error = Self.failure(Self.scenario(#"{"pause": {"seconds": 1}}, {"replay": {"file": "g.csv"}}"#),
                                 file: "runs/s.json")
        #expect(error?.description == "runs/s.json: script[1].replay.file: runs/g.csv: no such file")
        #expect(error?.kind == .missing)
        #expect(error?.path == "script[1].replay.file")
        // A loader without file access says so.
        let noAccess = Self.failure(Self.scenario(#"{"replay": {"file": "g.csv"}}"#), files: NoScenarioFiles())
        #expect(noAccess?.description
            == "scenario.json: script[0].replay.file: g.csv: cannot read: this scenario was loaded without file access")
        #expect(noAccess?.kind == .unreadable)
    }

    @Test func aBadRecordingNamesTheScenarioTheStepAndTheFilesLineAndColumn() {
        let files = InMemoryScenarioFiles(["g.csv": "t_ms,offset_pt\n0,0\nx,1\n"])
        let error = Self.failure(Self.scenario(#"{"replay": {"file": "g.csv"}}"#), files: files)
        #expect(error?.description
            == "scenario.json: script[0].replay.file: g.csv: line 3, column 1 (t_ms): "
                + "expected a number of milliseconds, found 'x'")
        #expect(error?.kind == .invalid)
    }

    @Test func aReplayCountsTowardTheScriptLimits() {
        // Its length counts toward the 3 hours.
        let long = InMemoryScenarioFiles(["g.csv": "t_ms,offset_pt\n0,0\n10800001,5\n"])
        #expect(Self.failure(Self.scenario(#"{"replay": {"file": "g.csv"}}"#), files: long)?.description
            == "scenario.json: script: drags, pauses, flings, animated scrolls, replays and users last 10800.001 s "
                + "once repeats are unrolled; at most 10800 s (3 hours) are allowed")
        // It counts as one step plus one per run of motion (here 10) toward the 1,000,000.
        let runs = "t_ms,offset_pt\n" + (0...20).map { "\($0),\(($0 + 1) / 2 % 2)" }.joined(separator: "\n")
        let busy = InMemoryScenarioFiles(["g.csv": runs])
        #expect(Self.failure(Self.scenario(#"{"repeat": {"times": 100000, "#
                                               + #""script": [{"replay": {"file": "g.csv"}}]}}"#),
                             files: busy)?.description
            == "scenario.json: script: expands to 1100000 steps once repeats are unrolled; at most 1000000 are allowed")
    }

    // MARK: user

    @Test func aUserDecodesEveryParameter() throws {
        let text = Self.scenario("""
            {"user": {"seconds": 90, "pauseSecondsMedian": 1, "pauseSecondsP95": 4, "flingShare": 0.5,
                      "flingVelocityMedian": 1000, "flingVelocityP95": 3000, "flickSeconds": 0.08,
                      "dragVelocityMedian": 200, "dragVelocityP95": 900, "dragSecondsMedian": 0.5, "dragSecondsP95": 1.5,
                      "reversalProbability": 0.2, "returnToTopProbability": 0, "deceleration": "fast"}},
            {"user": {"seconds": 5}}
            """)
        let scenario = try ScenarioLoader.parse(text, file: "s.json")
        var expected = UserModel(seconds: 90)
        expected.pauseSecondsMedian = 1
        expected.pauseSecondsP95 = 4
        expected.flingShare = 0.5
        expected.flingVelocityMedian = 1000
        expected.flingVelocityP95 = 3000
        expected.flickSeconds = 0.08
        expected.dragVelocityMedian = 200
        expected.dragVelocityP95 = 900
        expected.dragSecondsMedian = 0.5
        expected.dragSecondsP95 = 1.5
        expected.reversalProbability = 0.2
        expected.returnToTopProbability = 0
        expected.deceleration = .fast
        #expect(scenario.script == [.user(expected), .user(UserModel(seconds: 5))])
    }

    /// Each bad `user` or `replay` body and its exact message.
    static let invalidSteps: [(steps: String, message: String)] = [
        // replay
        (#"{"replay": {}}"#,
         "script[0].replay.file: required key is missing; expected a CSV file's path, relative to the scenario file"),
        (#"{"replay": {"file": 3}}"#, "script[0].replay.file: expected a string, found a number"),
        (#"{"replay": {"file": ""}}"#,
         "script[0].replay.file: must name a CSV file (a path relative to the scenario file), found ''"),
        (#"{"replay": {"fiel": "g.csv"}}"#, "script[0].replay.fiel: unknown key; did you mean 'file'?"),
        (#"{"replay": "g.csv"}"#, "script[0].replay: expected an object, found a string"),
        (#"{"replay": {"file": "g.csv"}, "pause": {"seconds": 1}}"#,
         "script[0]: a step must have exactly one key naming its kind "
             + "(drag, fling, pause, scrollTo, repeat, memoryWarning, replay, user); found 2: 'replay', 'pause'"),
        // user: presence and types
        (#"{"user": {}}"#,
         "script[0].user.seconds: required key is missing; expected a number greater than 0 and at most 10800"),
        (#"{"user": []}"#, "script[0].user: expected an object, found an array"),
        (#"{"user": {"seconds": "60"}}"#, "script[0].user.seconds: expected a number, found a string"),
        (#"{"user": {"seconds": 60, "returnToTopProbability": true}}"#,
         "script[0].user.returnToTopProbability: expected a number, found true"),
        (#"{"user": {"seconds": 60, "pauseSecondsMean": 2}}"#,
         "script[0].user.pauseSecondsMean: unknown key; did you mean 'pauseSecondsMedian'?"),
        (#"{"user": {"seconds": 60, "deceleration": "slow"}}"#,
         "script[0].user.deceleration: must be 'normal' or 'fast', found 'slow'"),
        // user: ranges, one per key
        (#"{"user": {"seconds": 0}}"#,
         "script[0].user.seconds: must be a number greater than 0 and at most 10800, found 0"),
        (#"{"user": {"seconds": 10801}}"#,
         "script[0].user.seconds: must be a number greater than 0 and at most 10800, found 10801"),
        (#"{"user": {"seconds": 60, "pauseSecondsMedian": 0}}"#,
         "script[0].user.pauseSecondsMedian: must be a number greater than 0 and at most 600, found 0"),
        (#"{"user": {"seconds": 60, "pauseSecondsP95": 4000}}"#,
         "script[0].user.pauseSecondsP95: must be a number greater than 0 and at most 3600, found 4000"),
        (#"{"user": {"seconds": 60, "flingShare": 1.5}}"#,
         "script[0].user.flingShare: must be a number from 0 to 1, found 1.5"),
        (#"{"user": {"seconds": 60, "flingVelocityMedian": 9000}}"#,
         "script[0].user.flingVelocityMedian: must be a number from 50 to 8000, found 9000"),
        (#"{"user": {"seconds": 60, "flingVelocityP95": 10}}"#,
         "script[0].user.flingVelocityP95: must be a number from 50 to 100000, found 10"),
        (#"{"user": {"seconds": 60, "flickSeconds": 0.01}}"#,
         "script[0].user.flickSeconds: must be a number from 0.05 to 1, found 0.01"),
        (#"{"user": {"seconds": 60, "dragVelocityMedian": -5}}"#,
         "script[0].user.dragVelocityMedian: must be a number greater than 0 and at most 10000, found -5"),
        (#"{"user": {"seconds": 60, "dragVelocityP95": 200000}}"#,
         "script[0].user.dragVelocityP95: must be a number greater than 0 and at most 100000, found 200000"),
        (#"{"user": {"seconds": 60, "dragSecondsMedian": 0}}"#,
         "script[0].user.dragSecondsMedian: must be a number from 0.05 to 60, found 0"),
        (#"{"user": {"seconds": 60, "dragSecondsP95": 601}}"#,
         "script[0].user.dragSecondsP95: must be a number from 0.05 to 600, found 601"),
        (#"{"user": {"seconds": 60, "reversalProbability": -0.1}}"#,
         "script[0].user.reversalProbability: must be a number from 0 to 1, found -0.1"),
        (#"{"user": {"seconds": 60, "returnToTopProbability": 2}}"#,
         "script[0].user.returnToTopProbability: must be a number from 0 to 1, found 2"),
        // user: medians and 95th percentiles
        (#"{"user": {"seconds": 60, "pauseSecondsMedian": 20}}"#,
         "script[0].user.pauseSecondsMedian: must not exceed pauseSecondsP95 (11.5, the default), found 20; "
             + "set pauseSecondsP95 too"),
        (#"{"user": {"seconds": 60, "flingVelocityMedian": 3000, "flingVelocityP95": 2000}}"#,
         "script[0].user.flingVelocityP95: must be at least flingVelocityMedian (3000), found 2000"),
        (#"{"user": {"seconds": 60, "dragVelocityP95": 100}}"#,
         "script[0].user.dragVelocityP95: must be at least dragVelocityMedian (250, the default), found 100"),
        (#"{"user": {"seconds": 60, "dragSecondsP95": 0.3}}"#,
         "script[0].user.dragSecondsP95: must be at least dragSecondsMedian (0.6, the default), found 0.3"),
        // user: the script's limits
        (#"{"user": {"seconds": 10800}}, {"pause": {"seconds": 1}}"#,
         "script: drags, pauses, flings, animated scrolls, replays and users last 10801 s once repeats are unrolled; "
             + "at most 10800 s (3 hours) are allowed"),
        (#"{"repeat": {"times": 2, "script": [{"user": {"seconds": 9000}}]}}"#,
         "script: expands to 1080006 steps once repeats are unrolled; at most 1000000 are allowed"),
    ]

    @Test(arguments: invalidSteps)
    func rejectsWithAnExactMessage(steps: String, message: String) {
        let files = InMemoryScenarioFiles(["g.csv": Self.recording])
        let error = Self.failure(Self.scenario(steps), files: files)
        #expect(error?.description == "scenario.json: " + message)
        #expect(error?.kind == .invalid)
    }
}
