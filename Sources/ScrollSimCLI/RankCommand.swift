import ScrollSimCore
import ScrollSimReports

/// `scrollsim rank <summary.csv>... --metric <column>`: ranks the strategies of summary CSVs on
/// one metric with 95% confidence intervals over seeds (`Ranking`, `RankReport`, docs/rank.md).
///
/// Order of work: check the metric (unknown, or without a better direction: usage error, exit
/// 64); read every file, reporting every problem (`Error: <file>: line …`; exit 66 if one is
/// missing or unreadable, else 65); rank (a file without the metric or rows, with other axis
/// columns, or repeating a run: exit 65); print the report. Exit 0 otherwise: a ranking is a
/// verdict to read, not a gate.
struct RankCommand: ScrollSimSubcommand {
    /// The renderings of the report.
    enum Format: String, OutputFormat {
        /// Aligned text for a terminal or a CI log.
        case table
        /// GitHub-flavoured markdown for a pull request or `$GITHUB_STEP_SUMMARY`.
        case markdown
        /// One line per scenario (and sweep point) × strategy.
        case csv
    }

    /// The `--metric` option (shared by help and its error messages).
    static let metricOption = OptionSpec(name: "metric", valueName: "column",
                                         abstract: "The summary column to rank on, e.g. hitch_ratio.",
                                         isRequired: true)

    /// The interface of `scrollsim rank`.
    static let configuration = CommandSpec(
        path: ["scrollsim", "rank"],
        abstract: "Rank strategies with confidence intervals.",
        discussion: """
            For each scenario (and sweep point) and strategy, over the seeds present: runs, \
            the mean, its 95% Student t interval, the paired difference from the best strategy \
            over the seeds both ran with its 95% interval, wins (seeds where it is best; tied \
            strategies each win) and rank: 1 plus the number of strategies significantly better, \
            so ties share a rank. The metric's direction comes from the metric table; workload \
            counts cannot rank. Several CSVs are read as one set of runs; they must have the same \
            sweep axes and must not repeat a run.

            Exit codes: 0 success, 64 bad command line, 65 invalid CSV, 66 missing or \
            unreadable file.
            """,
        arguments: [ArgumentSpec(valueName: "summary.csv", abstract: "Summary CSVs ('scrollsim run --out', sweeps).")],
        options: [
            metricOption,
            OptionSpec.format(Format.self, abstract: "Output format on stdout."),
        ]
    )

    /// The summary CSVs, as given.
    var paths: [String]
    /// `--metric`, if given (required by `validate`).
    var metricName: String?
    /// `--format`.
    var format: Format

    /// Typed values from checked arguments.
    init(_ arguments: ParsedArguments) {
        paths = arguments.positionals
        metricName = arguments.value(of: "metric")
        format = arguments.format()
    }

    /// `--metric` is given and names a metric with a better direction (the parser requires a file).
    func validate() throws(CommandLineError) {
        guard let metricName else {
            throw CommandLineError("Missing expected argument '\(Self.metricOption.synopsis)'",
                                   help: Self.metricOption.helpLine)
        }
        if let problem = Ranking.metricProblem(metricName) {
            let option = Self.metricOption
            throw CommandLineError("The value '\(metricName)' is invalid for '\(option.synopsis)': \(problem)",
                                   help: option.helpLine)
        }
    }

    /// Reads, ranks, prints; see the type's documentation.
    func run(output: CommandOutput) -> Int32 {
        guard let metricName, let metric = SummaryColumn.named(metricName),
              let column = SummaryColumn.index(of: metricName) else { return ExitCode.usage }
        var documents: [(file: String, document: SummaryDocument)] = []
        var failures: [InputError] = []
        for path in paths {
            do {
                // The ranked metric is the one value kept per row: memory grows with rows, not columns.
                documents.append((path, try SummaryDocument.load(path: path, keeping: [column])))
            } catch {
                failures.append(error)
            }
        }
        if !failures.isEmpty { return ScrollSimCommand.report(failures, output: output) }
        let ranking: Ranking
        do {
            ranking = try Ranking(documents, metric: metric)
        } catch {
            return ScrollSimCommand.report([error], output: output)
        }
        switch format {
        case .table: output.write(RankReport.table(ranking))
        case .markdown: output.write(RankReport.markdown(ranking))
        case .csv: output.write(RankReport.csv(ranking))
        }
        return ExitCode.success
    }
}
