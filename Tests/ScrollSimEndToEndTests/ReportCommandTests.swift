import Foundation
import Testing
@testable import ScrollSimCLI
import ScrollSimCore
import ScrollSimReports
import ScrollSimTestSupport

/// `scrollsim report` and `scrollsim run --html`: a self-contained page with one SVG per chart, one
/// table row per run, the same bytes every time, and clear errors that leave nothing behind.
@Suite struct ReportCommandTests: ScratchDirectorySuite {
    /// The package's `Scenarios/` directory.
    static let scenarios = packagePath("Scenarios")

    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// The rows of the summary table's body.
    func tableRows(_ html: String) -> Int {
        guard let body = html.components(separatedBy: "<tbody>").last?.components(separatedBy: "</tbody>").first else {
            return -1
        }
        return occurrences(of: "<tr>", in: body)
    }

    /// Runs two bundled scenarios with three strategies (6 runs) with `--out <dir>/out --frames --html <dir>/run.html`.
    func runTwoScenarios() -> Invocation {
        scrollsim("run", Self.scenarios + "/feed-slow-3g.json", Self.scenarios + "/photo-grid-lte.json",
                  "--strategy", "naive", "--strategy", "apple-prefetching-sample",
                  "--strategy", "actor-loader-coalescing",
                  "--out", directory + "/out", "--frames", "--html", directory + "/run.html")
    }

    /// A summary CSV with two sweep axes: each row of `summary` four times, for prefetch 0/1 × cache 25/100.
    func sweepCSV(from summary: String) -> String {
        let lines = summary.split(separator: "\n")
        var text = String(lines[0]) + ",cells.prefetchScreens,strategies[0].memoryCacheMB\n"
        for prefetch in ["1", "0"] {
            for cache in ["100", "25"] {
                for line in lines.dropFirst() { text += line + ",\(prefetch),\(cache)\n" }
            }
        }
        return text
    }

    // MARK: The page

    @Test("run --html: self-contained, one <svg> per chart, one table row per run")
    func runHTML() throws {
        let result = runTwoScenarios()
        #expect(result.code == 0)
        #expect(result.standardError == "")
        let html = try #require(fileText(directory + "/run.html"))
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
        #expect(html.hasSuffix("</html>\n"))
        // Self-contained: no script at all, nothing fetched.
        for forbidden in ["<script", "http", "src=", "href=", "url(", "@import"] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
        // 2 ratio charts + one frame chart per run; every <svg> closed.
        #expect(occurrences(of: "<svg", in: html) == 2 + 6)
        #expect(occurrences(of: "</svg>", in: html) == 2 + 6)
        #expect(occurrences(of: "<figure>", in: html) == 2 + 6)
        #expect(tableRows(html) == 6)
        #expect(html.contains("<h2>Hitch ratio and blank ratio by strategy</h2>"))
        #expect(html.contains("<h2>Frame time</h2>"))
        #expect(html.contains("<h2>Summary</h2>"))
        #expect(!html.contains("<h2>Sweep</h2>"))
        #expect(html.contains("6 runs · 2 scenarios · 3 strategies · seeds 11, 7"))
        #expect(html.contains("budget 16.67 ms"))
        // The summary CSV's own texts appear in the table: photo-grid-lte naive's hitch ratio.
        let naive = try #require(fileText(directory + "/out/summary.csv")?.split(separator: "\n")
            .first { $0.hasPrefix("photo-grid-lte,naive,") })
        let hitchRatio = String(naive.split(separator: ",")[9])
        #expect(html.contains("<td class=\"num crit\">\(hitchRatio)</td>"))
    }

    @Test("the same runs give the same bytes, and report --frames reproduces run --html exactly")
    func deterministicBytes() throws {
        #expect(runTwoScenarios().code == 0)
        let first = try #require(fileText(directory + "/run.html"))
        #expect(runTwoScenarios().code == 0)
        #expect(fileText(directory + "/run.html") == first)
        let result = scrollsim("report", directory + "/out/summary.csv", "--frames", directory + "/out/frames",
                               "--html", directory + "/report.html")
        #expect(result.code == 0)
        #expect(result.standardOutput == "" && result.standardError == "")
        #expect(fileText(directory + "/report.html") == first)
    }

    @Test("report without --frames draws no frame charts and says how to get them")
    func reportWithoutFrames() throws {
        #expect(runTwoScenarios().code == 0)
        #expect(scrollsim("report", directory + "/out/summary.csv", "--html", directory + "/r.html").code == 0)
        let html = try #require(fileText(directory + "/r.html"))
        #expect(occurrences(of: "<svg", in: html) == 2)
        #expect(tableRows(html) == 6)
        #expect(html.contains("No per-frame data."))
    }

    @Test("report --frames with some per-frame CSVs missing charts the others and names the missing")
    func reportWithSomeFrames() throws {
        #expect(runTwoScenarios().code == 0)
        try FileManager.default.removeItem(atPath: directory + "/out/frames/photo-grid-lte__naive__7.csv")
        let result = scrollsim("report", directory + "/out/summary.csv", "--frames", directory + "/out/frames",
                               "--html", directory + "/r.html")
        #expect(result.code == 0)
        let html = try #require(fileText(directory + "/r.html"))
        #expect(occurrences(of: "<svg", in: html) == 2 + 5)
        #expect(html.contains("No per-frame CSV for photo-grid-lte · naive · seed 7."))
    }

    @Test("a sweep CSV: per axis and scenario a pair of line charts, one table row per run, axis columns shown")
    func sweep() throws {
        #expect(runTwoScenarios().code == 0)
        let summary = try #require(fileText(directory + "/out/summary.csv"))
        try write("sweep.csv", sweepCSV(from: summary))
        let result = scrollsim("report", directory + "/sweep.csv", "--frames", directory + "/out/frames",
                               "--html", directory + "/sweep.html")
        #expect(result.code == 0)
        let html = try #require(fileText(directory + "/sweep.html"))
        // 2 ratio charts + 2 axes × 2 scenarios × 2 metrics; no frame charts for a sweep.
        #expect(occurrences(of: "<svg", in: html) == 2 + 2 * 2 * 2)
        #expect(tableRows(html) == 24)
        #expect(html.contains("<h2>Sweep</h2>"))
        #expect(html.contains("<h3>photo-grid-lte · strategies[0].memoryCacheMB</h3>"))
        #expect(html.contains("<th class=\"num\">cells.prefetchScreens</th>"))
        #expect(html.contains("Frame-time charts are drawn for plain runs, not for sweeps"))
        // Axis values in numeric order: 0 before 1, 25 before 100 (the CSV lists them the other way).
        let ticks = html.components(separatedBy: "<h3>feed-slow-3g · cells.prefetchScreens</h3>")[1]
        #expect(ticks.range(of: "text-anchor=\"middle\">0</text>")!.lowerBound
                < ticks.range(of: "text-anchor=\"middle\">1</text>")!.lowerBound)
    }

    // MARK: Errors

    /// A valid one-row summary CSV.
    func validSummary() -> String {
        var metrics = RunMetrics()
        metrics.scenario = "s"
        metrics.strategy = "naive"
        metrics.seed = 1
        metrics.profile = "ios15"
        return SummaryCSV.header + SummaryCSV.row(metrics)
    }

    @Test("bad summary CSVs exit 65 with the file, line and column, and write nothing",
          arguments: [
            ("header.csv", "scenario,strategy,seed\n", "line 1: missing column 'refresh_hz', which the report shows"),
            ("empty.csv", "", "line 1: empty file; expected a summary CSV header (scenario,strategy,seed,…)"),
            ("nohits.csv", SummaryCSV.header, "no runs: the file has a header but no rows"),
            ("quote.csv", SummaryCSV.header + "\"s,naive\n", "line 2, column 1: a quoted field is not closed"),
          ])
    func badCSV(name: String, content: String, message: String) throws {
        let path = try write(name, content)
        let html = directory + "/r.html"
        let result = scrollsim("report", path, "--html", html)
        #expect(result.code == 65)
        #expect(result.standardError == "Error: \(path): \(message)\n")
        #expect(result.standardOutput == "")
        #expect(!FileManager.default.fileExists(atPath: html))
    }

    @Test("a bad number and a short row are named by line and column; every bad file is reported")
    func badRows() throws {
        var fields = validSummary().split(separator: "\n")[1].split(separator: ",", omittingEmptySubsequences: false)
            .map(String.init)
        fields[9] = "1e3"
        let number = try write("number.csv", SummaryCSV.header + fields.joined(separator: ",") + "\n")
        let short = try write("short.csv", SummaryCSV.header + "s,naive,1\n")
        let seed = try write("seed.csv", validSummary().replacingOccurrences(of: "s,naive,1,", with: "s,naive,-1,"))
        let html = directory + "/r.html"
        let result = scrollsim("report", number, short, seed, "--html", html)
        #expect(result.code == 65)
        #expect(result.standardError == """
            Error: \(number): line 2, column 10 (hitch_ratio): expected a number like 12 or 0.125 (at most 18 digits, 9 after the point), found '1e3'
            Error: \(short): line 2: expected \(SummaryCSV.columns.count) fields as in the header, found 3
            Error: \(seed): line 2, column 3 (seed): expected an integer from 0 to 18446744073709551615, found '-1'

            """)
        #expect(!FileManager.default.fileExists(atPath: html))
    }

    @Test("files with different axis columns are not mixed")
    func differentAxes() throws {
        let plain = try write("plain.csv", validSummary())
        let sweep = try write("sweep.csv", sweepCSV(from: validSummary()))
        let result = scrollsim("report", plain, sweep, "--html", directory + "/r.html")
        #expect(result.code == 65)
        #expect(result.standardError == "Error: \(sweep): line 1: its columns differ from those of \(plain); "
                + "give CSVs with the same columns together\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/r.html"))
    }

    @Test("one summary given twice is refused as rank refuses it: its runs would count twice in every mean")
    func sameSummaryTwice() throws {
        let summary = try write("summary.csv", validSummary())
        let html = directory + "/r.html"
        let result = scrollsim("report", summary, directory + "/./summary.csv", "--html", html)
        #expect(result.code == 65)
        #expect(result.standardError == "Error: \(directory)/./summary.csv: the run of scenario 's', strategy 'naive', "
                    + "seed 1 is also in \(summary); give each run once\n")
        #expect(!FileManager.default.fileExists(atPath: html))
    }

    @Test("a missing CSV exits 66; a missing frames directory exits 66; a bad frames CSV exits 65")
    func missingInputs() throws {
        let html = directory + "/r.html"
        let missing = scrollsim("report", directory + "/none.csv", "--html", html)
        #expect(missing.code == 66)
        #expect(missing.standardError == "Error: \(directory)/none.csv: no such file\n")

        let summary = try write("summary.csv", validSummary())
        let noFrames = scrollsim("report", summary, "--frames", directory + "/frames", "--html", html)
        #expect(noFrames.code == 66)
        #expect(noFrames.standardError == "Error: \(directory)/frames: no such directory\n")

        let framesFile = try write("frames/s__naive__1.csv", FramesCSV.header + "0,1,2,3,4,0.000,1,0.5,x,0,1,0.0000\n")
        let badFrames = scrollsim("report", summary, "--frames", directory + "/frames", "--html", html)
        #expect(badFrames.code == 65)
        #expect(badFrames.standardError == "Error: \(framesFile): line 2, column 9 (hitch_ms): expected a number of ms "
            + "from 0 to 9000000000000.000, like 12 or 0.125, found 'x'\n")
        #expect(!FileManager.default.fileExists(atPath: html))
    }

    @Test("runs mapping to one per-frame file (a · b__naive, a__b · naive) are refused naming both, never one dropped")
    func collidingFrameFiles() throws {
        let html = directory + "/r.html"
        var first = RunMetrics(), second = RunMetrics()
        (first.scenario, first.strategy, first.seed, first.profile) = ("a", "b__naive", 1, "ios15")
        (second.scenario, second.strategy, second.seed, second.profile) = ("a__b", "naive", 1, "ios15")
        let summary = try write("summary.csv", SummaryCSV.header + SummaryCSV.row(first) + SummaryCSV.row(second))
        for withFile in [true, false] {
            let framesFile = directory + "/frames/a__b__naive__1.csv"
            if withFile {
                try write("frames/a__b__naive__1.csv", FramesCSV.header + "0,1,2,3,4,0.000,1,0.5,0,0,1,0.0000\n")
            }
            let result = scrollsim("report", summary, "--frames", directory + "/frames", "--html", html)
            #expect(result.code == 65)
            #expect(result.standardError == "Error: \(framesFile): the runs (a, b__naive, 1) and (a__b, naive, 1) map "
                    + "to this one per-frame file, which cannot say whose frames it holds; report them from separate "
                    + "summaries, or rename the scenarios or labels (no '__', '/' or '\\')\n")
            #expect(!FileManager.default.fileExists(atPath: html))
            if withFile { try FileManager.default.removeItem(atPath: framesFile) }
        }
        // Without --frames the two runs are reported as usual.
        #expect(scrollsim("report", summary, "--html", html).code == 0)
    }

    @Test("a bar's mean of 18-digit values is rounded exactly (…345.649 is …345.6; its Double …345.65625 gave …345.7)")
    func eighteenDigitMeans() throws {
        let lines = validSummary().split(separator: "\n").map(String.init)
        let column = try #require(lines[0].split(separator: ",").firstIndex(of: "hitch_ratio"))
        func row(seed: String, hitchRatio: String) -> String {
            var fields = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[2] = seed
            fields[column] = hitchRatio
            return fields.joined(separator: ",") + "\n"
        }
        let summary = try write("summary.csv", lines[0] + "\n" + row(seed: "1", hitchRatio: "123456789012345.649")
                                    + row(seed: "2", hitchRatio: "123456789012345.649"))
        let html = directory + "/r.html"
        let result = scrollsim("report", summary, "--html", html)
        #expect(result.code == 0, "\(result.standardError)")
        let page = try #require(fileText(html))
        #expect(page.contains("naive: 123456789012345.6 (mean of 2 runs; 95% CI 123456789012345.6 to "
                              + "123456789012345.6)<"))
        #expect(!page.contains("123456789012345.7"))
    }

    @Test("a per-frame CSV with a work_ms of 10^20 ms exits 65 with its line and column (past 4,096 frames it trapped)")
    func hugeFrameWork() throws {
        let html = directory + "/r.html"
        let summary = try write("summary.csv", validSummary())
        let row = "0,1,2,3,4,0.000,1,99999999999999999999,0.000,0,1,0.0000\n"
        let framesFile = try write("frames/s__naive__1.csv", FramesCSV.header + row)
        let result = scrollsim("report", summary, "--frames", directory + "/frames", "--html", html)
        #expect(result.code == 65)
        #expect(result.standardError == "Error: \(framesFile): line 2, column 8 (work_ms): expected a number of ms "
            + "from 0 to 9000000000000.000, like 12 or 0.125, found '99999999999999999999'\n")
        #expect(!FileManager.default.fileExists(atPath: html))
    }

    @Test("--html to an unwritable path exits 1, for report and for run; a missing directory is made")
    func unwritable() throws {
        let summary = try write("summary.csv", validSummary())
        let blocker = try write("blocker", "a file, not a directory\n")
        let target = blocker + "/r.html"
        let report = scrollsim("report", summary, "--html", target)
        #expect(report.code == 1)
        #expect(report.standardError == "Error: cannot write '\(blocker)': exists and is not a directory\n")
        let run = scrollsim("run", Self.scenarios + "/feed-slow-3g.json", "--strategy", "naive", "--html", target)
        #expect(run.code == 1)
        #expect(run.standardError == "Error: cannot write '\(blocker)': exists and is not a directory\n")
        let nested = directory + "/new/dir/r.html"
        #expect(scrollsim("report", summary, "--html", nested).code == 0)
        #expect(fileText(nested)?.hasPrefix("<!DOCTYPE html>") == true)
    }

    @Test("report needs --html and a CSV; its help is pinned")
    func commandLine() {
        let usage = """
            Usage: scrollsim report <summary.csv> ... --html <file> [--frames <dir>]
              See 'scrollsim report --help' for more information.

            """
        let noHTML = scrollsim("report", "x.csv")
        #expect(noHTML.code == 64)
        #expect(noHTML.standardError == "Error: Missing expected argument '--html <file>'\n"
                + "Help:  --html <file>  Write the HTML report to this file.\n" + usage)
        let noCSV = scrollsim("report", "--html", "r.html")
        #expect(noCSV.code == 64)
        #expect(noCSV.standardError == "Error: Missing expected argument '<summary.csv> ...'\n"
                + "Help:  <summary.csv>  Summary CSVs ('scrollsim run --out', sweeps).\n" + usage)
        #expect(scrollsim("help", "report").standardOutput == """
            OVERVIEW: Write an HTML report with charts of summary CSVs.

            Writes one self-contained HTML file (inline CSS and SVG, no scripts): hitch
            ratio and blank ratio per strategy and scenario, a sweep's metrics against each
            axis column, frame time per frame when per-frame CSVs are given, and the
            summary table. Several CSVs are concatenated and must have the same columns.

            Exit codes: 0 success, 1 I/O failure, 64 bad command line, 65 invalid CSV, 66
            missing or unreadable input.

            USAGE: scrollsim report <summary.csv> ... --html <file> [--frames <dir>]

            ARGUMENTS:
              <summary.csv>           Summary CSVs ('scrollsim run --out', sweeps).

            OPTIONS:
              --html <file>           Write the HTML report to this file.
              --frames <dir>          Per-frame CSVs ('scrollsim run --out <dir> --frames'
                                      writes <dir>/frames).
              -h, --help              Show help information.


            """)
    }
}
