import Foundation
import ScrollSimCore

/// `scrollsim report <summary.csv>... --html <file> [--frames <dir>]`: the HTML report of summary
/// CSVs written by `scrollsim run --out` (or a sweep), see `HTMLReport`.
///
/// Order of work, so that bad input never leaves a file behind:
/// 1. read and validate every CSV (all files are checked; each problem is one `Error: <file>: …`
///    line; exit 66 if one is missing or unreadable, else 65), then check that their headers agree;
/// 2. with `--frames <dir>`, read `<dir>/<scenario>__<strategy>__<seed>.csv` for each run of a
///    plain (non-sweep) summary: a missing file only leaves that run without a chart, a bad one
///    is an error (65, or 66 when unreadable), a missing directory is 66;
/// 3. render, then write the HTML atomically (failure: exit 1).
struct ReportCommand: ScrollSimSubcommand {
    /// The interface of `scrollsim report`.
    static let configuration = CommandSpec(
        path: ["scrollsim", "report"],
        abstract: "Write an HTML report with charts of summary CSVs.",
        discussion: """
            Writes one self-contained HTML file (inline CSS and SVG, no scripts): hitch ratio and \
            blank ratio per strategy and scenario, a sweep's metrics against each axis column, frame \
            time per frame when per-frame CSVs are given, and the summary table. Several CSVs are \
            concatenated and must have the same columns.

            Exit codes: 0 success, 1 I/O failure, 64 bad command line, 65 invalid CSV, 66 missing or \
            unreadable input.
            """,
        arguments: [ArgumentSpec(valueName: "summary.csv", abstract: "Summary CSVs ('scrollsim run --out', sweeps).")],
        options: [
            OptionSpec(name: "html", valueName: "file", abstract: "Write the HTML report to this file.", isRequired: true),
            OptionSpec(name: "frames", valueName: "dir",
                       abstract: "Per-frame CSVs ('scrollsim run --out <dir> --frames' writes <dir>/frames)."),
        ]
    )

    /// The summary CSVs, as given.
    var summaryPaths: [String]
    /// `--html`, if given (required by `validate`).
    var htmlFile: String?
    /// `--frames`, if given.
    var framesDirectory: String?

    /// Typed values from checked arguments.
    init(_ arguments: ParsedArguments) {
        summaryPaths = arguments.positionals
        htmlFile = arguments.value(of: "html")
        framesDirectory = arguments.value(of: "frames")
    }

    /// `--html` is required.
    func validate() throws(CommandLineError) {
        guard let htmlFile else {
            throw CommandLineError("Missing expected argument '--html <file>'", help: Self.configuration.options[0].helpLine)
        }
        if let input = AtomicFileWriter.overwritesInput(htmlFile, inputs: summaryPaths) {
            throw CommandLineError("'--html <file>' names the input '\(input)'; write the report elsewhere")
        }
    }

    /// Reads, renders, writes; see the type's documentation.
    func run(output: CommandOutput) -> Int32 {
        guard let htmlFile else { return ExitCode.usage }
        var parsed: [(file: String, summary: ReportSummary)] = []
        var failures: [ReportInputError] = []
        for path in summaryPaths {
            do {
                parsed.append((path, try ReportSummary.parse(try ReportInput.readText(path), file: path)))
            } catch {
                failures.append(error)
            }
        }
        if !failures.isEmpty { return Self.report(failures, output: output) }
        let summary: ReportSummary
        var frames = HTMLReport.FrameData()
        do throws(ReportInputError) {
            summary = try ReportSummary.concatenate(parsed)
            if let framesDirectory, summary.axisNames.isEmpty {
                frames = try Self.loadFrames(for: summary, from: framesDirectory)
            } else if let framesDirectory, !FileManager.default.fileExists(atPath: framesDirectory) {
                throw ReportInputError(file: framesDirectory, message: "no such directory", isUnreadable: true)
            }
        } catch {
            return Self.report([error], output: output)
        }
        let html = HTMLReport.render(summary: summary, frames: frames)
        do {
            try AtomicFileWriter.write(html, toFile: htmlFile)
        } catch {
            return ScrollSimCommand.reportFailure(error.description, code: ExitCode.failure, output: output)
        }
        return ExitCode.success
    }

    /// Prints each failure as `Error: <file>: <message>` and returns 66 if any file is missing or
    /// unreadable, else 65.
    static func report(_ failures: [ReportInputError], output: CommandOutput) -> Int32 {
        for failure in failures { output.writeError("Error: \(failure.description)\n") }
        return failures.contains(where: \.isUnreadable) ? ExitCode.missingInput : ExitCode.invalidInput
    }

    /// The per-frame series of `summary`'s runs found in `directory` (each run once, in summary order).
    /// - Throws: unreadable when `directory` is missing; the error of a file that is there but bad.
    static func loadFrames(for summary: ReportSummary, from directory: String) throws(ReportInputError) -> HTMLReport.FrameData {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ReportInputError(file: directory, message: "no such directory", isUnreadable: true)
        }
        var data = HTMLReport.FrameData(isRequested: true)
        var seen: Set<String> = []
        for row in summary.rows {
            let name = RunCommand.runFileName(scenario: row.scenario, strategy: row.strategy, seed: row.seed, extension: "csv")
            guard seen.insert(name).inserted else { continue }
            let path = RunCommand.join(directory, name)
            guard FileManager.default.fileExists(atPath: path) else {
                data.missing.append("\(row.scenario) · \(row.strategy) · seed \(row.seed)")
                continue
            }
            let frames = try FrameSeries.parse(try ReportInput.readText(path), file: path)
            data.series.append(FrameSeries(scenario: row.scenario, strategy: row.strategy, seed: row.seed,
                                           refreshHz: row.refreshHz, frames: frames))
        }
        return data
    }
}
