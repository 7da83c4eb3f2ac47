import ScrollSimReports

/// `scrollsim report <summary.csv>... --html <file> [--frames <dir>]`: the HTML report of summary
/// CSVs written by `scrollsim run --out` (or a sweep), see `HTMLReport`.
///
/// Order of work, so that bad input never leaves a file behind:
/// 1. read and validate every CSV (`HTMLReport.loadSummaries`: all files are checked; each
///    problem is one `Error: <file>: …` line; exit 66 if one is missing or unreadable, else 65),
///    then check that their columns agree;
/// 2. with `--frames <dir>`, read `<dir>/<scenario>__<strategy>__<seed>.csv` for each run of a
///    plain (non-sweep) summary (`HTMLReport.loadFrames`): a missing file only leaves that run
///    without a chart, a bad one is an error (65, or 66 when unreadable), a missing directory is 66;
/// 3. render into the HTML file's temporary name, then rename it over the file (failure: exit 1).
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
            OptionSpec(name: "html", valueName: "file", abstract: "Write the HTML report to this file.",
                       isRequired: true),
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

    /// `--html` is required and must not be one of the summary CSVs.
    func validate() throws(CommandLineError) {
        guard let htmlFile else {
            throw CommandLineError("Missing expected argument '--html <file>'",
                                   help: Self.configuration.options[0].helpLine)
        }
        if let conflict = OutputConflict.find(outputs: [(htmlFile, "--html <file>")], inputs: summaryPaths) {
            throw CommandLineError(conflict.description)
        }
    }

    /// Reads, renders, writes; see the type's documentation.
    func run(output: CommandOutput) -> Int32 {
        guard let htmlFile else { return ExitCode.usage }
        let summary: SummaryDocument
        switch HTMLReport.loadSummaries(summaryPaths) {
        case .failure(let failures): return ScrollSimCommand.report(failures.errors, output: output)
        case .success(let document): summary = document
        }
        var frames = HTMLReport.FrameData()
        var frameFiles: [String] = []
        if let framesDirectory {
            do {
                (frames, frameFiles) = try HTMLReport.loadFrames(for: summary, from: framesDirectory)
            } catch {
                return ScrollSimCommand.report([error], output: output)
            }
        }
        if let conflict = OutputConflict.find(outputs: [(htmlFile, "--html <file>")], inputs: frameFiles) {
            return ScrollSimCommand.reportUsageError(CommandLineError(conflict.description), of: Self.configuration,
                                                     output: output)
        }
        // The page goes to the file's temporary name as it is rendered (never held whole), and is
        // renamed over the file once complete, as every output is.
        do {
            try OutputSet.writeStreamed(toFile: htmlFile) { emit in
                HTMLReport.render(summary, frames: frames, emit: emit)
            }
        } catch {
            return ScrollSimCommand.reportFailure(error.description, code: ExitCode.of(error), output: output)
        }
        return ExitCode.success
    }
}
