import Foundation
import Testing
@testable import ScrollSimCLI
import ScrollSimCore
import ScrollSimReports
import ScrollSimTestSupport

/// `scrollsim sweep` and `scrollsim merge`: axis order and columns, equality with `run`, the same
/// bytes for any `--jobs`, shards merged into the unsharded bytes, and bad sweeps and shards.
@Suite struct SweepCommandTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory with the tiny scenario in it.
    init() throws {
        directory = try makeTemporaryDirectory()
        try write("tiny.json", TestScenarios.tinyJSON())
    }

    /// A sweep of 2 × 2 × 2 combinations × 2 strategies = 16 runs.
    static let sweep = """
        { "scenario": "tiny.json",
          "axes": { "cells.prefetchScreens": [0, 1.5], "network.latencyMsMedian": [20, 200], "seed": [1, 2] } }
        """

    @Test("a labelled entry is swept under its label, beside the same strategy unlabelled")
    func labels() throws {
        _ = try write("labelled.json", """
            { "name": "labelled", "layout": { "kind": "list", "itemCount": 40, "itemHeight": 200 },
              "script": [ { "pause": { "seconds": 0.2 } } ],
              "strategies": [ "nuke", { "name": "nuke", "label": "nuke-tuned", "downsample": true } ] }
            """)
        let sweep = try write("labels.json", #"{ "scenario": "labelled.json", "axes": { "seed": [1, 2] } }"#)
        let rows = succeed(["sweep", sweep]).split(separator: "\n").dropFirst()
        #expect(rows.map { $0.split(separator: ",").prefix(3).joined(separator: ",") }
                == ["labelled,nuke,1", "labelled,nuke-tuned,1", "labelled,nuke,2", "labelled,nuke-tuned,2"])
    }

    @Test("rows follow the axes, first axis slowest, each combination with every strategy; axis columns at the end")
    func orderAndColumns() throws {
        let sweep = try write("sweep.json", Self.sweep)
        let lines = succeed(["sweep", sweep, "--jobs", "2"]).split(separator: "\n")
        let columns = SummaryCSV.columns + ["cells.prefetchScreens", "network.latencyMsMedian"]
        #expect(lines.first.map(String.init) == columns.joined(separator: ","))
        #expect(lines.count == 17)
        // (strategy, seed, prefetch, latency) of each row: the `seed` axis is the seed column.
        let identities = lines.dropFirst().map { line -> String in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            return "\(fields[1]) \(fields[2]) \(fields[fields.count - 2]) \(fields[fields.count - 1])"
        }
        var expected: [String] = []
        for prefetch in ["0", "1.5"] {
            for latency in ["20", "200"] {
                for seed in ["1", "2"] {
                    for strategy in ["naive", "apple-prefetching-sample"] {
                        expected.append("\(strategy) \(seed) \(prefetch) \(latency)")
                    }
                }
            }
        }
        #expect(identities == expected)
    }

    @Test("each row equals scrollsim run on the scenario with the axis values written into it")
    func equalsRun() throws {
        let sweep = try write("sweep.json", Self.sweep)
        let rows = succeed(["sweep", sweep]).split(separator: "\n").dropFirst().map(String.init)
        // Combination 6 of 8 (prefetch 1.5, latency 20, seed 2): rows 10 and 11.
        let variant = TestScenarios.tinyJSON().replacingOccurrences(
            of: "\"seed\": 5,",
            with: "\"seed\": 2, \"cells\": { \"prefetchScreens\": 1.5 }, \"network\": { \"latencyMsMedian\": 20 },")
        let reference = succeed(["run", try write("variant.json", variant), "--format", "csv"])
            .split(separator: "\n").dropFirst().map { String($0) + ",1.5,20" }
        #expect(Array(rows[10...11]) == reference)
    }

    @Test("a device.model axis gives each model its own refresh rate, and an explicit rate is kept")
    func deviceAxisRefreshRate() throws {
        let sweep = try write("devices.json", """
            { "scenario": "tiny.json", "strategies": ["naive"],
              "axes": { "device.model": ["iphone-12", "iphone-14-pro", "iphone-8", "iphone-15-pro"] } }
            """)
        let lines = succeed(["sweep", sweep]).split(separator: "\n").map(String.init)
        let rateColumn = try #require(SummaryCSV.columns.firstIndex(of: "refresh_hz"))
        func rates(_ lines: [String]) -> [String] {
            lines.dropFirst().map { String($0.split(separator: ",", omittingEmptySubsequences: false)[rateColumn]) }
        }
        #expect(rates(lines) == ["60", "120", "60", "120"])
        // With display.refreshHz 60 in the scenario, every model runs at 60.
        _ = try write("tiny.json", TestScenarios.tinyJSON().replacingOccurrences(
            of: "\"seed\": 5,", with: "\"seed\": 5, \"display\": { \"refreshHz\": 60 },"))
        #expect(rates(succeed(["sweep", sweep]).split(separator: "\n").map(String.init)) == ["60", "60", "60", "60"])
    }

    @Test("--jobs 1 and --jobs 4 give the same bytes, and --out writes them")
    func jobsInvariance() throws {
        let sweep = try write("sweep.json", Self.sweep)
        let one = succeed(["sweep", sweep, "--jobs", "1"])
        let four = succeed(["sweep", sweep, "--jobs", "4"])
        #expect(one == four)
        #expect(one.hasPrefix(SummaryCSV.header.dropLast()))
        #expect(succeed(["sweep", sweep, "--jobs", "4", "--out", directory + "/out/all.csv"]) == "")
        #expect(fileText(directory + "/out/all.csv") == one)
        #expect(directoryEntries(directory + "/out") == ["all.csv"])
    }

    @Test("shards 1/3, 2/3, 3/3 merged in any order equal the unsharded sweep byte for byte")
    func shardsMerge() throws {
        let sweep = try write("sweep.json", Self.sweep)
        let full = succeed(["sweep", sweep, "--jobs", "1"])
        var shards: [String] = []
        for shard in 1...3 {
            let path = directory + "/shard-\(shard).csv"
            #expect(succeed(["sweep", sweep, "--shard", "\(shard)/3", "--jobs", "3", "--out", path]) == "")
            shards.append(path)
        }
        let second = fileText(shards[1]) ?? ""
        let lines = second.split(separator: "\n")
        #expect(lines[0].hasPrefix("# scrollsim-shard 2/3 runs=16 sweep="))
        #expect(lines[1] == "run," + SummaryCSV.header.dropLast() + ",cells.prefetchScreens,network.latencyMsMedian")
        #expect(lines.dropFirst(2).map { $0.prefix { $0 != "," } } == ["1", "4", "7", "10", "13"])
        #expect(succeed(["merge", shards[2], shards[0], shards[1]]) == full)
        #expect(succeed(["merge", shards[1], shards[2], shards[0], "--out", directory + "/merged.csv"]) == "")
        #expect(fileText(directory + "/merged.csv") == full)
    }

    @Test("more shards than runs: empty shards still merge")
    func emptyShards() throws {
        let sweep = try write("small.json",
                              #"{ "scenario": "tiny.json", "strategies": ["naive"], "axes": { "seed": [1, 2] } }"#)
        let full = succeed(["sweep", sweep])
        var paths: [String] = []
        for shard in 1...3 {
            paths.append(directory + "/s\(shard).csv")
            _ = succeed(["sweep", sweep, "--shard", "\(shard)/3", "--out", paths[shard - 1]])
        }
        #expect(fileText(paths[2])?.split(separator: "\n").count == 2)  // metadata and header only
        #expect(succeed(["merge"] + paths) == full)
    }

    @Test("a strategy axis picks one strategy per combination and adds no column; [*] sets every entry")
    func strategyAxis() throws {
        let sweep = try write("pick.json", """
            { "scenario": "tiny.json", "axes": { "seed": [3], "strategy": ["apple-prefetching-sample", "naive"] } }
            """)
        let lines = succeed(["sweep", sweep]).split(separator: "\n")
        #expect(lines[0] + "\n" == SummaryCSV.header)
        #expect(lines.dropFirst().map { $0.split(separator: ",")[1...2].joined(separator: " ") }
                    == ["apple-prefetching-sample 3", "naive 3"])
        // [*] sets the parameter on the strategies that take it (the sample's NSCache limit) and
        // leaves naive, which has no cache, as it is: naive's rows repeat.
        let every = try write("every.json", """
            { "scenario": "tiny.json", "axes": { "strategies[*].memoryCacheMB": [0, 1] } }
            """)
        let rows = succeed(["sweep", every]).split(separator: "\n").dropFirst().map(String.init)
        #expect(rows.map { $0.split(separator: ",")[1] }
                    == ["naive", "apple-prefetching-sample", "naive", "apple-prefetching-sample"])
        #expect(rows.map { $0.split(separator: ",").last! } == ["0", "0", "1", "1"])
        #expect(rows[0].dropLast(2) == rows[2].dropLast(2))
        // The value reaches the sample (strategies[1]), not naive: a bad value is the sample's error.
        let bad = try write("bad.json", """
            { "scenario": "tiny.json", "axes": { "strategies[*].memoryCacheMB": [-1] } }
            """)
        let invalid = scrollsim("sweep", bad)
        #expect(invalid.code == 65)
        #expect(invalid.standardError.hasSuffix(
            "strategies[1].memoryCacheMB: must be an integer from 0 to 65536, found -1\n"))
        // A parameter no listed strategy takes is an error.
        let none = try write("none.json", """
            { "scenario": "tiny.json", "axes": { "strategies[*].maxImages": [10] } }
            """)
        let result = scrollsim("sweep", none)
        #expect(result.code == 65)
        #expect(result.standardError == "Error: \(none): axes[\"strategies[*].maxImages\"]: "
                    + "no listed strategy takes the parameter 'maxImages'\n")
    }

    @Test("an inline scenario and the sweep's own strategies")
    func inlineScenario() throws {
        let sweep = try write("inline.json", """
            { "description": "inline", "scenario": \(TestScenarios.tinyJSON()), "strategies": ["naive"],
              "axes": { "layout.itemHeight": [150, 250] } }
            """)
        let lines = succeed(["sweep", sweep]).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasSuffix(
            ",peak_memory_mb,blank_ratio_vsync_mean,memory_warnings,killed,radio_energy_j,layout.itemHeight"))
        #expect(lines[1].hasPrefix("tiny,naive,5,") && lines[1].hasSuffix(",150"))
        #expect(lines[2].hasPrefix("tiny,naive,5,") && lines[2].hasSuffix(",250"))
    }

    @Test("bad sweep files: one message naming the sweep file and the axis, the exit code, no output file",
          arguments: [
            (#"{ "scenario": "tiny.json", "axes": { "cells.prefetchScreen": [0, 1] } }"#,
             #"axes["cells.prefetchScreen"][0]: cells.prefetchScreen: unknown key; "#
                 + #"did you mean 'prefetchScreens'?"#, Int32(65)),
            (#"{ "scenario": "tiny.json", "axes": { "cells.prefetchScreens": [0, 25] } }"#,
             #"axes["cells.prefetchScreens"][1]: cells.prefetchScreens: must be a number from 0 to 20, found 25"#, 65),
            (#"{ "scenario": "tiny.json", "axes": { "cells.prefetchScreens": ["deep"] } }"#,
             #"axes["cells.prefetchScreens"][0]: cells.prefetchScreens: expected a number, found a string"#, 65),
            (#"{ "scenario": "tiny.json", "axes": { "cells.prefetchScreens": [] } }"#,
             #"axes["cells.prefetchScreens"]: expected at least one value, found an empty array"#, 65),
            (#"{ "scenario": "tiny.json", "axes": { "seed": 3 } }"#,
             #"axes["seed"]: expected an array of values, found a number"#, 65),
            (#"{ "scenario": "tiny.json", "axes": { "strategies[2].memoryCacheMB": [25] } }"#,
             #"axes["strategies[2].memoryCacheMB"]: 'strategies' has 2 elements (indices 0...1), "#
                 + #"so [2] is out of range"#, 65),
            (#"{ "scenario": "tiny.json", "axes": { "cells[0]": [1] } }"#,
             #"axes["cells[0]"]: 'cells' is not set, so 'cells[0]' has no array to index"#, 65),
            (#"{ "scenario": "tiny.json", "axes": { "cells..x": [1] } }"#,
             #"axes["cells..x"]: 'cells..x' is not a path: expected a key at character 7 "#
                 + #"(write keys joined by '.', with [n] or [*] for arrays)"#, 65),
            (#"{ "scenario": "tiny.json", "axes": { "strategy": ["naive", "nave"] } }"#,
             #"axes["strategy"][1]: strategies[0]: unknown strategy 'nave'; did you mean 'naive'?"#, 65),
            (#"{ "scenario": "tiny.json", "axes": { "network.latencyMsMedian": [100, 350], "#
                + #""network.latencyMsP95": [300, 1000] } }"#,
             #"axes combination (network.latencyMsMedian=350, network.latencyMsP95=300): "#
                 + #"network.latencyMsP95: must be at least latencyMsMedian (350), found 300"#, 65),
            (#"{ "scenario": "tiny.json", "axis": {} }"#, "axis: unknown key; did you mean 'axes'?", 65),
            (#"{ "scenario": "tiny.json" }"#,
             #"axes: required key is missing; expected an object of axes, "#
                 + #"e.g. { "cells.prefetchScreens": [0, 1, 2] }"#, 65),
            (#"{ "axes": {} }"#,
             "scenario: required key is missing; expected a scenario file's path (relative to the sweep file) "
                 + "or a scenario object", 65),
            (#"{ "scenario": { "layout": { "itemCount": 0 } }, "axes": {} }"#,
             "scenario.layout.itemCount: must be an integer from 1 to 10000000, found 0", 65),
            (#"{ "scenario": "tiny.json", "axes": {} "#,
             "invalid JSON at line 1, column 39: expected ',' or '}' after an object member, "
                 + "found the end of the file", 65),
          ] as [(String, String, Int32)])
    func badSweep(text: String, message: String, code: Int32) throws {
        let sweep = try write("bad.json", text)
        let out = directory + "/out/result.csv"
        let result = scrollsim("sweep", sweep, "--out", out)
        #expect(result.code == code)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "Error: \(sweep): \(message)\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
    }

    @Test("a missing sweep or scenario file exits 66; an invalid scenario file names both files")
    func missingFiles() throws {
        let missingSweep = scrollsim("sweep", directory + "/nothing.json")
        #expect(missingSweep.code == 66)
        #expect(missingSweep.standardError == "Error: \(directory)/nothing.json: no such file\n")
        let sweep = try write("lost.json", #"{ "scenario": "gone/tiny.json", "axes": { "seed": [1] } }"#)
        let missingScenario = scrollsim("sweep", sweep, "--out", directory + "/out.csv")
        #expect(missingScenario.code == 66)
        #expect(missingScenario.standardError
                    == "Error: \(sweep): scenario: \(directory)/gone/tiny.json: no such file\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out.csv"))
        _ = try write("broken.json", #"{ "layout": { "itemCount": 10, "kind": "spiral" } }"#)
        let broken = try write("uses-broken.json", #"{ "scenario": "broken.json", "axes": {} }"#)
        let invalid = scrollsim("sweep", broken)
        #expect(invalid.code == 65)
        #expect(invalid.standardError == "Error: \(broken): scenario: \(directory)/broken.json: "
                    + "layout.kind: must be 'list' or 'grid', found 'spiral'\n")
    }

    /// The usage footer of `scrollsim sweep` errors.
    static let usageFooter = """
        Usage: scrollsim sweep <sweep> [--jobs <n>] [--shard <i/n>] [--out <file>]
          See 'scrollsim sweep --help' for more information.

        """

    @Test("bad --jobs and --shard values are usage errors",
          arguments: ["0/3", "4/3", "1/0", "a/b", "1", "1/3/3", "2/1", "1/", "env/0", "env/", "env/x", "ENV/3",
                      "env/1000001", "env/-1"])
    func badShard(value: String) {
        let result = scrollsim("sweep", "s.json", "--shard", value)
        #expect(result.code == 64)
        #expect(result.standardError == """
            Error: The value '\(value)' is invalid for '--shard <i/n>': expected i/n with i from 1 to n, e.g. 2/3, or env/n
            Help:  --shard <i/n>  Run only shard i of n (i/n or env/n).

            """ + Self.usageFooter)
        let jobs = scrollsim("sweep", "s.json", "--jobs", "0")
        #expect(jobs.code == 64)
        #expect(jobs.standardError == """
            Error: The value '0' is invalid for '--jobs <n>': at least 1 job is needed
            Help:  --jobs <n>  Runs in parallel (default: one per core).

            """ + Self.usageFooter)
    }

    /// Writes the three shards of `sweep.json` and returns their paths.
    func makeShards() throws -> [String] {
        let sweep = try write("sweep.json", Self.sweep)
        return (1...3).map { shard in
            let path = directory + "/shard-\(shard).csv"
            _ = succeed(["sweep", sweep, "--shard", "\(shard)/3", "--out", path])
            return path
        }
    }

    @Test("merge refuses missing, duplicate and mismatched shards, with no output file")
    func mergeErrors() throws {
        let shards = try makeShards()
        let out = directory + "/merged.csv"
        func merge(_ paths: [String]) -> Invocation { scrollsim(["merge"] + paths + ["--out", out]) }
        let missing = merge([shards[0], shards[2]])
        #expect(missing.code == 66)
        #expect(missing.standardError == "Error: \(shards[0]): shard 2/3 of this sweep is missing\n")

        let twice = merge([shards[0], shards[1], shards[1], shards[2]])
        #expect(twice.code == 65)
        #expect(twice.standardError == "Error: \(shards[1]): line 1: shard 2/3 given twice (also \(shards[1]))\n")

        let halves = try write("other.json", Self.sweep)
        let half = directory + "/half.csv"
        _ = succeed(["sweep", halves, "--shard", "1/2", "--out", half])
        let mixed = merge([shards[0], half])
        #expect(mixed.code == 65)
        #expect(mixed.standardError == "Error: \(half): line 1: shard 1/2, but \(shards[0]) is shard 1/3; "
                    + "merge shards made with one --shard count\n")

        let otherSweep = try write("seeds.json",
                                   #"{ "scenario": "tiny.json", "axes": { "seed": [1, 2, 3, 4, 5, 6, 7, 8] } }"#)
        let foreign = directory + "/foreign.csv"
        _ = succeed(["sweep", otherSweep, "--shard", "2/3", "--out", foreign])
        let different = merge([shards[0], foreign, shards[2]])
        #expect(different.code == 65)
        #expect(different.standardError == "Error: \(foreign): line 1: from a different sweep than \(shards[0]) "
                    + "(sweep and run count differ); merge the shards of one sweep\n")

        let text = fileText(shards[1]) ?? ""
        let truncated = try write("truncated.csv",
                                  text.split(separator: "\n").dropLast().joined(separator: "\n") + "\n")
        let short = merge([shards[0], truncated, shards[2]])
        #expect(short.code == 65)
        #expect(short.standardError
                    == "Error: \(truncated): shard 2/3 of 16 runs should hold 5 rows, holds 4 (a truncated file?)\n")

        let moved = try write("moved.csv", text.replacingOccurrences(of: "\n1,tiny", with: "\n2,tiny"))
        let wrongRun = merge([shards[0], moved, shards[2]])
        #expect(wrongRun.code == 65)
        #expect(wrongRun.standardError == "Error: \(moved): line 3: run 2 does not belong to shard 2/3 "
                    + "(its runs have index modulo 3 = 1)\n")

        let plain = try write("plain.csv", SummaryCSV.header)
        let notShard = merge([plain])
        #expect(notShard.code == 65)
        #expect(notShard.standardError == "Error: \(plain): line 1: not a sweep shard: "
                    + "expected '# scrollsim-shard i/n runs=… sweep=…' as 'scrollsim sweep --shard' writes\n")

        let gone = merge([shards[0], directory + "/gone.csv"])
        #expect(gone.code == 66)
        #expect(gone.standardError == "Error: \(directory)/gone.csv: no such file\n")

        for result in [missing, twice, mixed, different, short, wrongRun, notShard, gone] {
            #expect(result.standardOutput == "")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("an --out that cannot be written exits 1 and leaves nothing behind")
    func unwritableOut() throws {
        let sweep = try write("sweep.json", Self.sweep)
        let blocker = try write("blocker", "a file, not a directory")
        let result = scrollsim("sweep", sweep, "--out", blocker + "/result.csv")
        #expect(result.code == 1)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "Error: cannot write '\(blocker)': exists and is not a directory\n")
        #expect(directoryEntries(directory) == ["blocker", "sweep.json", "tiny.json"])
    }

    @Test("no progress line when stderr is not a terminal")
    func quietWhenNotATerminal() throws {
        let sweep = try write("sweep.json", Self.sweep)
        let result = scrollsim("sweep", sweep)
        #expect(result.code == 0)
        #expect(result.standardError == "")
    }

    @Test("sweep, merge and compare help, exactly")
    func help() {
        #expect(scrollsim("help", "sweep").standardOutput == """
            OVERVIEW: Run a scenario over every combination of axis values.

            A sweep file names a scenario (a path relative to the sweep file, or an inline
            object), optionally the strategies, and axes: JSON paths into the scenario with
            their values, e.g. {"scenario": "grid.json", "axes": {"cells.prefetchScreens":
            [0, 1, 2], "strategies[0].memoryCacheMB": [25, 50], "seed": [1, 2]}}; the axis
            "strategy" picks the strategy. Runs go in axis order, the first axis slowest,
            each with every strategy; the output is the summary CSV with one column per
            axis appended (the seed and strategy axes use the CSV's own columns), the same
            bytes for any --jobs.

            With --shard i/n only the runs whose index modulo n is i-1 run, and the output
            is a shard file; 'scrollsim merge' combines the n shards into the unsharded
            bytes. With --shard env/n the index comes from JOB_COMPLETION_INDEX (a
            Kubernetes Indexed Job) or else SLURM_ARRAY_TASK_ID (a Slurm job array),
            0-based: index k runs shard k+1.

            Exit codes: 0 success, 1 I/O failure, 64 bad command line, 65 invalid sweep or
            scenario, 66 missing or unreadable sweep or scenario file.

            USAGE: scrollsim sweep <sweep> [--jobs <n>] [--shard <i/n>] [--out <file>]

            ARGUMENTS:
              <sweep>                 The sweep file (.json).

            OPTIONS:
              --jobs <n>              Runs in parallel (default: one per core).
              --shard <i/n>           Run only shard i of n (i/n or env/n).
              --out <file>            Write the CSV to this file instead of stdout.
              -h, --help              Show help information.


            """)
        #expect(scrollsim("help", "merge").standardOutput == """
            OVERVIEW: Combine sweep shards into the unsharded sweep's CSV.

            Give every shard file of one sweep ('scrollsim sweep --shard i/n --out …'), in
            any order, or directories holding them (each directory's .csv files, sorted by
            name; --out is skipped if it is among them); the output is byte for byte what
            the sweep writes without --shard.

            Exit codes: 0 success, 1 I/O failure, 64 bad command line, 65 invalid,
            duplicate or mismatched shards, 66 a shard file or a shard missing.

            USAGE: scrollsim merge <shards> ... [--out <file>]

            ARGUMENTS:
              <shards>                The shard files, or directories of them.

            OPTIONS:
              --out <file>            Write the CSV to this file instead of stdout.
              -h, --help              Show help information.


            """)
        #expect(scrollsim("compare", "--help").standardOutput == """
            OVERVIEW: Compare two summary CSVs and fail on regressions.

            Rows join on scenario, strategy, seed and the sweep's axis columns; every
            metric both files have is compared. A metric regresses when it worsens by more
            than its limit: exactly at the limit is not a regression, and from a baseline
            of 0 any worsening passes a percentage limit. Lower is better except for
            ready_ratio, hit_ratio and memory_hits; workload counts (frames, requests,
            prefetches, displays, ...) have no better direction and are only reported. A
            run the OS killed for its memory (killed from 0 to 1) is a regression by
            default.

            Default limits: dropped_frames=+2, hitch_ratio=5%, max_hitch_ms=10%,
            frame_work_p95_ms=10%, hit_ratio=-5%, bytes_downloaded=10%, ready_ratio=-5%,
            blank_ratio_mean=5%, time_to_image_p95_ms=10%, wrong_image_frames=+0,
            peak_memory_mb=10%, blank_ratio_vsync_mean=5%, killed=+0.

            Rows in one file only are listed; they fail the comparison only with
            --fail-on-missing, or when no row is in both files (nothing compared). A metric
            in one file only is listed, not compared, unless a --max-regression limits it:
            then the file without it is refused (exit 65).

            Exit codes: 0 no regression, 2 a regression, nothing compared (or missing rows
            with --fail-on-missing), 64 bad command line, 65 invalid CSV, 66 missing or
            unreadable file.

            USAGE: scrollsim compare <baseline> <candidate> [--max-regression <metric=limit> ...] [--format <format>] [--fail-on-missing]

            ARGUMENTS:
              <baseline>              The summary CSV before the change.
              <candidate>             The summary CSV after the change.

            OPTIONS:
              --max-regression <metric=limit>
                                      How much a metric may worsen: a percentage of the
                                      baseline (hitch_ratio=5%), an amount
                                      (dropped_frames=+2), or off.
              --format <format>       Output format on stdout. (values: table, markdown,
                                      csv; default: table)
              --fail-on-missing       Also exit 2 when a row is in one file only.
              -h, --help              Show help information.


            """)
    }
}

/// `merge` checks the values it copies, not only the shard structure.
@Suite struct MergeValueTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    @Test func aDamagedValueInAShardFailsWith65AndWritesNothing() throws {
        try write("tiny.json", TestScenarios.tinyJSON(strategies: ["naive"]))
        try write("sw.json", #"{ "scenario": "tiny.json", "axes": { "seed": [1, 2, 3] } }"#)
        #expect(scrollsim("sweep", directory + "/sw.json", "--shard", "1/2", "--out", directory + "/s1.csv").code == 0)
        #expect(scrollsim("sweep", directory + "/sw.json", "--shard", "2/2", "--out", directory + "/s2.csv").code == 0)
        var lines = try #require(fileText(directory + "/s1.csv"))
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: ",ios15,120,", with: ",ios15,sixty,")
        try write("s1.csv", lines.joined(separator: "\n"))
        let result = scrollsim("merge", directory + "/s1.csv", directory + "/s2.csv",
                               "--out", directory + "/merged.csv")
        #expect(result.code == 65)
        #expect(result.standardError.contains("(refresh_hz): expected a number"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/merged.csv"))
    }
}
