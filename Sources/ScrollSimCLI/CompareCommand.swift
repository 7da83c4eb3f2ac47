import ScrollSimCore
import ScrollSimReports

/// `scrollsim compare`: joins a baseline and a candidate summary CSV, reports every metric's
/// change, and exits 2 when a metric regresses past its limit.
///
/// Order of work: check the limits (a bad `--max-regression` is a usage error, exit 64); read
/// both files, reporting every problem (`Error: <file>: line …`; exit 66 if a file is missing or
/// unreadable, else 65); join (`Comparison`); print the report (`ComparisonReport`); exit 2 for
/// a regression, when no row is in both files (nothing compared), or for rows on one side only
/// with `--fail-on-missing`, else 0. Rows on one side
/// only are always reported; by default they do not fail the comparison, because adding a
/// scenario or a strategy in a change legitimately adds rows.
struct CompareCommand: ScrollSimSubcommand {
    /// The renderings of the report.
    enum Format: String, OutputFormat {
        /// Aligned text for a terminal or a CI log.
        case table
        /// GitHub-flavoured markdown for a pull request or `$GITHUB_STEP_SUMMARY`.
        case markdown
        /// One line per row × metric.
        case csv
    }

    /// The `--max-regression` option (shared by help and its error messages).
    static let maxRegressionOption = OptionSpec(
        name: "max-regression", valueName: "metric=limit",
        abstract: "How much a metric may worsen: a percentage of the baseline (hitch_ratio=5%), "
            + "an amount (dropped_frames=+2), or off.",
        isRepeatable: true)

    /// The interface of `scrollsim compare`.
    static let configuration = CommandSpec(
        path: ["scrollsim", "compare"],
        abstract: "Compare two summary CSVs and fail on regressions.",
        discussion: """
            Rows join on scenario, strategy, seed and the sweep's axis columns; every metric \
            both files have is compared. A metric regresses when it worsens by more than its \
            limit: exactly at the limit is not a regression, and from a baseline of 0 any \
            worsening passes a percentage limit. Lower is better except for ready_ratio, \
            hit_ratio and memory_hits; workload counts (frames, requests, prefetches, displays, \
            ...) have no better direction and are only reported. A run the OS killed for \
            its memory (killed from 0 to 1) is a regression by default.

            Default limits: \(SummaryColumn.defaultLimitsText).

            Rows in one file only are listed; they fail the comparison only with \
            --fail-on-missing, or when no row is in both files (nothing compared). A metric in one file only is listed, not compared, unless a \
            --max-regression limits it: then the file without it is refused (exit 65).

            Exit codes: 0 no regression, 2 a regression, nothing compared (or missing rows \
            with --fail-on-missing), 64 bad command line, 65 invalid CSV, 66 missing or unreadable \
            file.
            """,
        arguments: [
            ArgumentSpec(valueName: "baseline", abstract: "The summary CSV before the change.", isRepeatable: false),
            ArgumentSpec(valueName: "candidate", abstract: "The summary CSV after the change.", isRepeatable: false),
        ],
        options: [
            maxRegressionOption,
            OptionSpec.format(Format.self, abstract: "Output format on stdout."),
            OptionSpec(name: "fail-on-missing", valueName: nil,
                       abstract: "Also exit 2 when a row is in one file only."),
        ]
    )

    /// The positionals, as given.
    var paths: [String]
    /// The `--max-regression` values, in order.
    var limitArguments: [String]
    /// `--format`.
    var format: Format
    /// `--fail-on-missing`.
    var failsOnMissing: Bool

    /// Typed values from checked arguments.
    init(_ arguments: ParsedArguments) {
        paths = arguments.positionals
        limitArguments = arguments.values(of: "max-regression")
        format = arguments.format()
        failsOnMissing = arguments.isSet("fail-on-missing")
    }

    /// Exactly two files; every `--max-regression` well formed.
    func validate() throws(CommandLineError) {
        if paths.count < 2 {
            let missing = Self.configuration.arguments[1]
            throw CommandLineError("Missing expected argument '<\(missing.valueName)>'", help: missing.helpLine)
        }
        if paths.count > 2 { throw CommandLineError("Unexpected argument '\(paths[2])'") }
        _ = try limits()
    }

    /// The limit of every column (index of `SummaryColumn.all`; nil for none): the defaults, then
    /// each `--max-regression` in order (the last one for a metric wins).
    func limits() throws(CommandLineError) -> [RegressionLimit?] {
        var limits = SummaryColumn.all.map(\.defaultLimit)
        for argument in limitArguments {
            func invalid(_ reason: String) -> CommandLineError {
                CommandLineError("The value '\(argument)' is invalid for '\(Self.maxRegressionOption.synopsis)': "
                                     + "\(reason)",
                                 help: Self.maxRegressionOption.helpLine)
            }
            guard let equals = argument.firstIndex(of: "=") else {
                throw invalid("expected <metric>=<limit>, e.g. hitch_ratio=5% or dropped_frames=+2")
            }
            let name = String(argument[..<equals]), value = String(argument[argument.index(after: equals)...])
            guard let index = SummaryColumn.index(of: name), let polarity = SummaryColumn.all[index].polarity else {
                let names = SummaryColumn.metrics.filter { $0.polarity != .workload }.map(\.name)
                if let suggestion = Suggestion.closest(to: name, among: names) {
                    throw invalid("unknown metric '\(name)'; did you mean '\(suggestion)'?")
                }
                throw invalid("unknown metric '\(name)'; metrics with limits: \(names.joined(separator: ", "))")
            }
            guard polarity != .workload else {
                throw invalid("'\(name)' has no better direction, so it takes no limit")
            }
            if value == "off" {
                limits[index] = nil
                continue
            }
            switch RegressionLimit.parse(value, polarity: polarity) {
            case .success(let limit):
                limits[index] = limit
            case .failure(.malformed):
                throw invalid("'\(value)' is not a limit; write a percentage of the baseline (5%), an amount "
                                  + "(2 or +2), or off")
            case .failure(.wrongSign(let expected)):
                let way = polarity == .higherIsBetter ? "higher is better, so its limit is how much it may fall"
                    : "lower is better, so its limit is how much it may rise"
                throw invalid("for '\(name)' \(way); write the limit unsigned or with '\(expected)'")
            }
        }
        return limits
    }

    /// The metrics a `--max-regression` limits (not `off`), each with its last such argument, in
    /// `SummaryColumn.all` order. (Well formed: checked by `validate()`.)
    func explicitLimits() -> [(column: Int, argument: String)] {
        var last: [Int: String] = [:]  // lookups only
        for argument in limitArguments {
            guard let equals = argument.firstIndex(of: "="),
                  let column = SummaryColumn.index(of: String(argument[..<equals])) else { continue }
            last[column] = argument[argument.index(after: equals)...] == "off" ? "" : argument
        }
        return SummaryColumn.all.indices.compactMap { column in
            last[column].flatMap { $0.isEmpty ? nil : (column, $0) }
        }
    }

    /// Reads, joins, reports; see the type's documentation.
    func run(output: CommandOutput) -> Int32 {
        guard let limits = try? limits() else { return ExitCode.usage }  // checked by `validate()`
        // Each file is read a record at a time and kept packed (`ComparisonSide`): the candidate
        // with an index of its rows for the join.
        var sides: [ComparisonSide] = []
        var failures: [InputError] = []
        for (place, path) in paths.enumerated() {
            do {
                sides.append(try ComparisonSide.load(path: path, isIndexed: place == 1))
            } catch {
                failures.append(error)
            }
        }
        if !failures.isEmpty { return ScrollSimCommand.report(failures, output: output) }
        // A limit asked for on a metric one file lacks could never fail: refuse it rather than pass.
        for (column, argument) in explicitLimits() {
            let name = SummaryColumn.all[column].name
            for (path, side) in zip(paths, sides) where !side.header.columns.contains(.summary(column)) {
                return ScrollSimCommand.report([InputError(.invalid, file: path, at: .line(1),
                    "no column '\(name)', which '--max-regression \(argument)' limits; compare files that both "
                        + "have it, or give '--max-regression \(name)=off'")], output: output)
            }
        }
        let comparison: Comparison
        do {
            comparison = try Comparison(baseline: sides[0], candidate: sides[1], limits: limits)
        } catch {
            return ScrollSimCommand.report([error], output: output)
        }
        switch format {
        case .table: ComparisonReport.table(comparison, failsOnMissing: failsOnMissing, emit: output.write)
        case .markdown: ComparisonReport.markdown(comparison, failsOnMissing: failsOnMissing, emit: output.write)
        case .csv: ComparisonReport.csv(comparison, emit: output.write)
        }
        return ComparisonReport.verdict(comparison, failsOnMissing: failsOnMissing) == .noRegression
            ? ExitCode.success : ExitCode.regression
    }
}
