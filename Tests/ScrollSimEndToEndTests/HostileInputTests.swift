import Foundation
import ScrollSimCore
import ScrollSimReports
import ScrollSimTestSupport
import Testing

/// Issue 8 (hostile input, round two), each test from a reproducer of the issue: outputs never
/// inside an input nor on another output, nothing left behind by a failed run, one line per
/// refusal with control characters escaped, consistent answers, and a closed stdout or a file
/// size limit reported as an I/O failure (exit 1) by the real executable.
@Suite struct HostileInputTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// A small scenario file.
    func scenario(_ name: String = "s.json", extra: String = "") throws -> String {
        try write(name, TestScenarios.dragJSON(extra: extra))
    }

    /// Expects a refusal with `code`, nothing on stdout, exactly one line on stderr equal to
    /// `line` (when given), and returns that line.
    @discardableResult
    func expectOneLine(_ result: Invocation, code: Int32, _ line: String? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) -> String {
        #expect(result.code == code, sourceLocation: sourceLocation)
        #expect(result.standardOutput == "", sourceLocation: sourceLocation)
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1] == "", "not one line: \(result.standardError)",
                sourceLocation: sourceLocation)
        if let line { #expect(result.standardError == line + "\n", sourceLocation: sourceLocation) }
        return String(lines.first ?? "")
    }

    // MARK: Finding 1: no output is, or is inside, an input or another output

    @Test("an output inside an input file is refused with 64 before anything runs (--out s.json, --html s.json/r.html)")
    func outputInsideAnInputFile() throws {
        let path = try scenario()
        let text = fileText(path)
        let out = scrollsim("run", path, "--strategy", "naive", "--out", path)
        #expect(out.code == 64)
        #expect(out.standardOutput == "")
        #expect(out.standardError.hasPrefix(
            "Error: '--out <dir>' would write '\(path)/summary.csv' inside the input file '\(path)'; write it "
                + "elsewhere\n"))
        let html = scrollsim("run", path, "--strategy", "naive", "--html", path + "/../s.json/r.html")
        #expect(html.code == 64)
        #expect(html.standardError.contains("inside the input file '\(path)'"))
        #expect(fileText(path) == text)
        #expect(directoryEntries(directory) == ["s.json"])
    }

    @Test("an output inside an input directory is fine unless it would replace one of that directory's scenarios")
    func outputInsideAnInputDirectory() throws {
        // A scenario file named like the trace file of another scenario's run.
        _ = try scenario("a.json", extra: #", "name": "t", "seed": 1"#)
        let victim = try scenario("t__naive__1.json")
        let text = fileText(victim)
        let refused = scrollsim("run", directory, "--strategy", "naive", "--trace", directory)
        #expect(refused.code == 64)
        #expect(refused.standardError.hasPrefix("Error: '--trace <dir>' would overwrite the input '\(victim)'"))
        #expect(fileText(victim) == text)
        // Results inside the scenarios' directory are fine: they replace no scenario.
        let results = directory + "/results"
        let fine = scrollsim("run", directory, "--strategy", "naive", "--out", results, "--html", directory + "/r.html")
        #expect(fine.code == 0)
        #expect(directoryEntries(directory) == ["a.json", "r.html", "results", "t__naive__1.json"])
    }

    @Test("two outputs on one file are refused with 64 (--out d --frames --requests d/frames)")
    func twoOutputsOnOneFile() throws {
        let path = try scenario()
        let out = directory + "/out"
        let result = scrollsim("run", path, "--strategy", "naive", "--out", out, "--frames",
                               "--requests", out + "/frames")
        #expect(result.code == 64)
        #expect(result.standardError.hasPrefix("Error: '--requests <dir>' and '--out <dir>' would both write "
            + "'\(out)/frames/s__naive__1.csv'"))
        let html = scrollsim("run", path, "--strategy", "naive", "--out", out, "--html", out + "/./summary.csv")
        #expect(html.code == 64)
        #expect(directoryEntries(directory) == ["s.json"])
    }

    @Test(
        "an output that is not a regular file is refused with 64 naming it as given (--html /dev/stdout, a directory)"
    )
    func outputNotAFile() throws {
        let path = try scenario()
        for target in ["/dev/null", directory] {
            let result = scrollsim("run", path, "--strategy", "naive", "--html", target)
            #expect(result.code == 64)
            #expect(result.standardError.hasPrefix("Error: '--html <file>' cannot write '\(target)': "
                                                   + "it exists and is not a regular file "
                                                   + "(outputs are written to a temporary file and renamed)"))
        }
    }

    // MARK: Finding 4: failed runs leave nothing behind; stale temporaries go

    @Test(
        "a failed output set removes the directories it made: an unwritable --trace leaves no summary, frames or dirs"
    )
    func failedRunLeavesNothing() throws {
        let path = try scenario()
        let blocker = try write("blocker", "a file, not a directory\n")
        let result = scrollsim("run", path, "--strategy", "naive", "--out", directory + "/out", "--frames",
                               "--requests", directory + "/req/deep", "--trace", blocker + "/t")
        #expect(result.code == 1)
        #expect(result.standardError == "Error: cannot write '\(blocker)': exists and is not a directory\n")
        #expect(directoryEntries(directory) == ["blocker", "s.json"])
    }

    @Test("temporaries of a dead process are removed by the next run into that directory; a live one's stay")
    func staleTemporaries() throws {
        let path = try scenario()
        let out = directory + "/out"
        let dead = ".summary.csv.scrollsim-tmp-999999999-0", live = ".summary.csv.scrollsim-tmp-\(getpid())-7"
        let unrelated = ".notes.scrollsim-tmp-x-1"
        for name in [dead, live, unrelated] { try write("out/" + name, "partial") }
        #expect(scrollsim("run", path, "--strategy", "naive", "--out", out).code == 0)
        #expect(directoryEntries(out)
                    == [".notes.scrollsim-tmp-x-1", ".summary.csv.scrollsim-tmp-\(getpid())-7", "summary.csv"])
    }

    // MARK: Finding 7: one line, escaped, bounded

    @Test("the issue's messages are one line with control characters escaped",
          arguments: [
            (#"{"layout":{"itemCount":5},"strategies":[{"name":"nuke","a\nb":1}]}"#, #"a\nb"#),
            (#"{"layout":{"itemCount":5},"strategies":[{"name":"nuke","memoryCacheMB":"x\ny"}]}"#, #"x\ny"#),
            (#"{"layout":{"itemCount":5},"name":"a\u001Bb"}"#, #"\u{1B}"#),
          ])
    func scenarioMessages(text: String, escaped: String) throws {
        let path = try write("s.json", text)
        for verb in ["validate", "run"] {
            let line = expectOneLine(scrollsim(verb, path), code: 65)
            #expect(line.contains(escaped), "\(line)")
        }
    }

    @Test("a sweep axis name with a line break, a 1 MB field and a CSV with an ESC are one bounded line")
    func otherMessages() throws {
        _ = try scenario()
        let sweep = try write("sweep.json", #"{"scenario":"s.json","axes":{"cells\n[x":[1,2]}}"#)
        let axis = expectOneLine(scrollsim("sweep", sweep), code: 65)
        #expect(axis.contains(#"cells\n[x"#))
        let good = try write("good.csv", "scenario,strategy,seed,hitch_ratio\ng,naive,1,0.5\n")
        let huge = String(repeating: "x", count: 1_000_000)
        let csv = try write("big.csv", "scenario,strategy,seed,hitch_ratio\ng,naive,1,\(huge)\n")
        let big = expectOneLine(scrollsim("compare", good, csv), code: 65)
        #expect(big.unicodeScalars.count < 2 * MessageLine.maximumScalars)
        #expect(big.contains("'" + String(repeating: "x", count: MessageLine.maximumQuotedScalars) + "…'"))
        let trace = try write("t.csv", "id,size\r\n1\u{1B}[31m,5\r\n")
        let escape = expectOneLine(scrollsim("cache-replay", trace, "--capacity", "1"), code: 65)
        #expect(escape.contains(#"\u{1B}"#) && !escape.contains("\u{1B}"))
        let seed = try write("seed.csv", "scenario,strategy,seed,hitch_ratio\ng,naive,\"1\n2\",0.5\n")
        let quoted = expectOneLine(scrollsim("compare", good, seed), code: 65)
        #expect(quoted.contains(#"'1\n2'"#))
    }

    @Test("fuzz finding: a sweep key with DEL is escaped in the error's description itself")
    func sweepKeyEscaped() throws {
        let sweep = try write("sweep.json", "{\"descripti\u{7F}n\": 1}")
        #expect(throws: InputError(kind: .invalid, file: sweep, path: #"descripti\u{7F}n"#,
                                   message: "unknown key; did you mean 'description'?")) {
            try SweepDefinition.load(path: sweep)
        }
    }

    @Test("merge on a shard header claiming 1,000,000 shards: one short line listing at most 10 missing shards")
    func mergeMillionShards() throws {
        _ = try scenario()
        let sweep = try write("sweep.json", #"{"scenario":"s.json","strategies":["naive"],"axes":{"seed":[1]}}"#)
        let shard = directory + "/shard.csv"
        #expect(scrollsim("sweep", sweep, "--shard", "1/1000000", "--out", shard).code == 0)
        let line = expectOneLine(scrollsim("merge", shard), code: 66)
        #expect(line.hasSuffix("shards 2/1000000, 3/1000000, 4/1000000, 5/1000000, 6/1000000, 7/1000000, 8/1000000, "
                               + "9/1000000, 10/1000000, 11/1000000 and 999989 more of this sweep are missing"))
    }

    // MARK: Finding 8: consistent answers

    @Test("validate refuses what run refuses: a strategy listed twice, with its JSON path")
    func strategyListedTwice() throws {
        let path = try write("s.json", #"{"layout":{"itemCount":50},"strategies":["naive","naive"]}"#)
        let expected = "Error: \(path): strategies[1]: 'naive' is already listed at strategies[0]; list each strategy "
            + "once, or give each entry of it a distinct \"label\""
        expectOneLine(scrollsim("validate", path), code: 65, expected)
        expectOneLine(scrollsim("run", path), code: 65, expected)
    }

    @Test("two different runs whose names join to one run file name are refused naming both, not as 'the same'")
    func runFileNameCollision() throws {
        try write("1.json", #"{"name":"a","seed":7,"layout":{"itemCount":50},"#
                  + #""strategies":[{"name":"kingfisher","label":"b__naive"}]}"#)
        let second = try write("2.json", #"{"name":"a__b","seed":7,"layout":{"itemCount":50},"strategies":["naive"]}"#)
        expectOneLine(scrollsim("run", directory + "/1.json", second), code: 65,
                      "Error: \(second): the runs (a, b__naive, 7) and (a__b, naive, 7) would write the same run files "
                          + "'a__b__naive__7.*'; give the scenarios or labels names without '__'")
    }

    @Test("sweep seeds 18446744073709551615 and …614 are two values; 1 and 1.0 are one")
    func seedsNearTheTop() throws {
        _ = try scenario()
        let sweep = try write("sweep.json", #"{"scenario":"s.json","strategies":["naive"],"#
                              + #""axes":{"seed":[18446744073709551615,18446744073709551614]}}"#)
        let result = scrollsim("sweep", sweep)
        #expect(result.code == 0)
        #expect(result.standardOutput.contains(",naive,18446744073709551615,"))
        #expect(result.standardOutput.contains(",naive,18446744073709551614,"))
        let same = try write("same.json", #"{"scenario":"s.json","axes":{"cells.prefetchScreens":[1,1.0]}}"#)
        expectOneLine(scrollsim("sweep", same), code: 65)
    }

    @Test("--seed takes digits only: +1 is a usage error")
    func seedSign() throws {
        let path = try scenario()
        let result = scrollsim("run", path, "--seed", "+1")
        #expect(result.code == 64)
        #expect(result.standardError.hasPrefix("Error: "))
    }

    @Test("validate /dev/null says what is wrong with the content, not 'permission denied'")
    func validateDevNull() throws {
        let line = expectOneLine(scrollsim("validate", "/dev/null"), code: 65)
        #expect(line == "Error: /dev/null: invalid JSON at line 1, column 1: expected a value, found the end of the "
            + "file")
    }

    // MARK: Finding 3 and 4 in the real executable: SIGPIPE, SIGXFSZ

    /// The `scrollsim` executable built next to the tests, if there is one.
    static let executable: String? = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("scrollsim").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    /// Runs `command` with `sh -c` (`$0` is the executable) and returns its exit code and stderr;
    /// with `closedStandardOutput`, its stdout is a pipe whose reading end is closed before it starts.
    func shell(_ command: String, closedStandardOutput: Bool = false) throws -> (code: Int32, standardError: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command, Self.executable ?? "scrollsim"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let errors = Pipe()
        process.standardError = errors
        var ends: [Int32] = [-1, -1]
        if closedStandardOutput {
            #expect(pipe(&ends) == 0)
            close(ends[0])
            process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
        }
        try process.run()
        if closedStandardOutput { close(ends[1]) }
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("a closed stdout is an I/O failure on every verb: exit 1 and one line, never SIGPIPE's 141",
          .enabled(if: executable != nil), arguments: [
            "strategies", "validate s.json", "run s.json --strategy naive", "run s.json --strategy naive --format csv",
            "sweep sweep.json", "merge shard.csv", "compare a.csv a.csv", "cache-replay t.csv --capacity 1",
          ])
    func closedStandardOutput(verb: String) throws {
        _ = try scenario()
        _ = try write("sweep.json", #"{"scenario":"s.json","strategies":["naive"],"axes":{"seed":[1,2]}}"#)
        _ = try write("a.csv", "scenario,strategy,seed,hitch_ratio\ng,naive,1,0.5\n")
        _ = try write("t.csv", "id,size\n1,1\n")
        #expect(scrollsim("sweep", directory + "/sweep.json", "--shard", "1/1",
                          "--out", directory + "/shard.csv").code == 0)
        let result = try shell("exec \"$0\" \(verb)", closedStandardOutput: true)
        #expect(result.code == 1)
        #expect(result.standardError == "Error: cannot write to standard output: broken pipe\n")
    }

    @Test("a file size limit (SIGXFSZ) makes the run fail with exit 1 and leaves no temporary or output file",
          .enabled(if: executable != nil))
    func fileSizeLimit() throws {
        _ = try scenario()
        let result = try shell("ulimit -f 1; \"$0\" run s.json --strategy naive --out out --frames --trace out/t "
                               + "--html out/r.html > /dev/null; echo \"rc=$?\" >&2")
        #expect(result.standardError.hasSuffix("rc=1\n"), "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: cannot write '"))
        #expect(directoryEntries(directory) == ["s.json"])
    }
}
