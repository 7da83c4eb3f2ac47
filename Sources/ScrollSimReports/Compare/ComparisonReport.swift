import ScrollSimCore

/// The three renderings of a `Comparison` (`scrollsim compare --format table|markdown|csv`).
///
/// - `table` (for a terminal or a CI log): the files, then one block per joined row that has a
///   changed metric (its changed metrics aligned: baseline, candidate, change with the relative
///   change, limit, status), the count of rows without changes, the rows on one side only, and
///   the verdict line.
/// - `markdown` (for a pull request or `$GITHUB_STEP_SUMMARY`): a title line, a verdict line, one
///   table of every changed metric of every joined row (regressions in bold), then tables of the
///   rows on one side only.
/// - `csv` (for tools): one line per joined row × compared metric, changed or not, then one line
///   per row on one side only (metric fields empty); columns `scenario,strategy,seed,<axes…>,
///   metric,baseline,candidate,change,change_percent,limit,status`.
///
/// Every text is a pure function of the comparison: no dates, no paths beyond those given.
public enum ComparisonReport {
    /// What the verdict is.
    public enum Verdict: String, Sendable {
        /// A metric went past its limit.
        case regression = "Regression"
        /// Rows are missing on one side and `--fail-on-missing` was given.
        case rowsMissing = "Rows missing"
        /// No row of one file joins a row of the other: nothing was checked (other seeds, other
        /// scenarios, an empty file), so the comparison cannot vouch for the candidate.
        case nothingCompared = "Nothing compared"
        /// Neither.
        case noRegression = "No regression"
    }

    /// The verdict for `comparison`.
    public static func verdict(_ comparison: Comparison, failsOnMissing: Bool) -> Verdict {
        if comparison.regressionCount > 0 { return .regression }
        if failsOnMissing && comparison.hasMissingRows { return .rowsMissing }
        if comparison.rows.isEmpty { return .nothingCompared }
        return .noRegression
    }

    /// The verdict's explanation: "1 metric past its limit in 1 of 3 compared rows; 2 improved,
    /// 1 worse within limits; 1 row only in the baseline".
    public static func verdictDetails(_ comparison: Comparison) -> String {
        var clauses: [String] = []
        let rowCount = comparison.rows.count
        let regressions = comparison.regressionCount
        if regressions > 0 {
            clauses.append("\(counted(regressions, "metric")) past \(regressions == 1 ? "its limit" : "their limits") "
                           + "in \(comparison.regressedRowCount) of \(counted(rowCount, "compared row"))")
        } else {
            clauses.append("no metric past its limit in \(counted(rowCount, "compared row"))")
        }
        var changes: [String] = []
        if comparison.count(.improved) > 0 { changes.append("\(comparison.count(.improved)) improved") }
        if comparison.count(.worse) > 0 { changes.append("\(comparison.count(.worse)) worse within limits") }
        if comparison.count(.changed) > 0 {
            changes.append("\(comparison.count(.changed)) changed (no better direction)")
        }
        if !changes.isEmpty { clauses.append(changes.joined(separator: ", ")) }
        var missing: [String] = []
        if !comparison.onlyInBaseline.isEmpty {
            missing.append("\(counted(comparison.onlyInBaseline.count, "row")) only in the baseline")
        }
        if !comparison.onlyInCandidate.isEmpty {
            missing.append("\(counted(comparison.onlyInCandidate.count, "row")) only in the candidate")
        }
        if !missing.isEmpty { clauses.append(missing.joined(separator: ", ")) }
        return clauses.joined(separator: "; ")
    }

    // MARK: Table

    /// The text of a rendering handed to `emit` a piece of about `pieceBytes` at a time, so a
    /// report of a million rows is never one string (`compare` writes each piece to stdout).
    public static let pieceBytes = TextPieces.bytes

    /// The `table` rendering.
    public static func table(_ comparison: Comparison, failsOnMissing: Bool) -> String {
        TextPieces.whole { table(comparison, failsOnMissing: failsOnMissing, emit: $0) }
    }

    /// The `table` rendering, in pieces (`pieceBytes`).
    public static func table(_ comparison: Comparison, failsOnMissing: Bool, emit: (String) -> Void) {
        var text = "Baseline:  \(comparison.baselineFile) (\(counted(comparison.baselineRowCount, "row")))\n"
        text += "Candidate: \(comparison.candidateFile) (\(counted(comparison.candidateRowCount, "row")))\n"
        var unchangedRows = 0
        for row in comparison.rows {
            guard row.hasChanges else {
                unchangedRows += 1
                continue
            }
            text += "\n" + label(row.key, axes: comparison.axisColumns) + "\n"
            let cells = row.metrics.filter { $0.status != .unchanged }.map { result in
                [result.metric.name, result.baseline.text, result.candidate.text, changeText(result),
                 result.limit?.text(for: result.polarity) ?? "none",
                 result.status == .regressed ? "REGRESSED" : result.status.rawValue]
            }
            let header = ["metric", "baseline", "candidate", "change", "limit", "status"]
            text += TextTable.render(header: header, rows: cells,
                                     rightAligned: [false, true, true, false, false, false], indent: 2)
            text.handOverIfFull(to: emit)
        }
        if unchangedRows > 0 {
            text += "\n\(counted(unchangedRows, "compared row")) without changes.\n"
        }
        for (title, keys) in [("Only in the baseline", comparison.onlyInBaseline),
                              ("Only in the candidate", comparison.onlyInCandidate)]
        where !keys.isEmpty {
            text += "\n\(title) (\(counted(keys.count, "row"))):\n"
            for key in keys {
                text += "  " + label(key, axes: comparison.axisColumns) + "\n"
                text.handOverIfFull(to: emit)
            }
        }
        for (side, names) in [("baseline", comparison.metricsOnlyInBaseline),
                              ("candidate", comparison.metricsOnlyInCandidate)]
        where !names.isEmpty {
            text += "\nNot compared (columns only in the \(side)): \(names.joined(separator: ", ")).\n"
        }
        let verdict = verdict(comparison, failsOnMissing: failsOnMissing)
        text += "\nVerdict: \(verdict.rawValue) - \(verdictDetails(comparison)).\n"
        emit(text)
    }

    /// "photo-grid-lte  naive  seed 7  cells.prefetchScreens=0.5".
    static func label(_ key: RowKey, axes: [String]) -> String {
        ([key.scenario, key.strategy, "seed \(key.seed)"] + zip(axes, key.axisValues).map { "\($0)=\($1)" })
            .joined(separator: "  ")
    }

    /// "+3.138 (+7.7%)", "+3.138 (from 0)".
    static func changeText(_ result: Comparison.MetricResult) -> String {
        let absolute = result.change.signedText(scale: max(result.baseline.scale, result.candidate.scale))
        return absolute + (result.changePercent.map { " (\($0)%)" } ?? " (from 0)")
    }

    // MARK: Markdown

    /// The `markdown` rendering.
    public static func markdown(_ comparison: Comparison, failsOnMissing: Bool) -> String {
        TextPieces.whole { markdown(comparison, failsOnMissing: failsOnMissing, emit: $0) }
    }

    /// The `markdown` rendering, in pieces (`pieceBytes`).
    public static func markdown(_ comparison: Comparison, failsOnMissing: Bool, emit: (String) -> Void) {
        let verdict = verdict(comparison, failsOnMissing: failsOnMissing)
        var text = "### ScrollSim comparison: `\(comparison.baselineFile)` → `\(comparison.candidateFile)`\n\n"
        text += "**\(verdict.rawValue)** — \(verdictDetails(comparison)).\n"
        let identity = ["scenario", "strategy", "seed"] + comparison.axisColumns
        if !comparison.rows.contains(where: \.hasChanges) {
            text += "\nNo metric changed.\n"
        } else {
            let header = identity + ["metric", "baseline", "candidate", "change", "limit", "status"]
            let rightAligned = [false, false, true] + comparison.axisColumns.map { _ in false }
                + [false, true, true, true, true, false]
            text += "\n" + markdownHeader(header, rightAligned: rightAligned)
            for row in comparison.rows where row.hasChanges {
                let key = row.key
                for result in row.metrics where result.status != .unchanged {
                    text += markdownLine(keyCells(key) + [
                        result.metric.name, result.baseline.text, result.candidate.text, changeText(result),
                        result.limit?.text(for: result.polarity) ?? "none",
                        result.status == .regressed ? "**regressed**" : result.status.rawValue,
                    ])
                }
                text.handOverIfFull(to: emit)
            }
        }
        for (title, keys) in [("Rows only in the baseline", comparison.onlyInBaseline),
                              ("Rows only in the candidate", comparison.onlyInCandidate)]
        where !keys.isEmpty {
            let rightAligned = [false, false, true] + comparison.axisColumns.map { _ in false }
            text += "\n\(title):\n\n" + markdownHeader(identity, rightAligned: rightAligned)
            for key in keys {
                text += markdownLine(keyCells(key))
                text.handOverIfFull(to: emit)
            }
        }
        for (side, names) in [("baseline", comparison.metricsOnlyInBaseline),
                              ("candidate", comparison.metricsOnlyInCandidate)]
        where !names.isEmpty {
            text += "\nNot compared (columns only in the \(side)): "
                + "\(names.map { "`\($0)`" }.joined(separator: ", ")).\n"
        }
        emit(text)
    }

    /// The identity cells of a row: scenario, strategy, seed, axis values.
    static func keyCells(_ key: RowKey) -> [String] {
        [key.scenario, key.strategy, String(key.seed)] + key.axisValues
    }

    /// A GitHub-flavoured markdown table; `|` in cells is escaped.
    static func markdownTable(header: [String], rows: [[String]], rightAligned: [Bool]) -> String {
        markdownHeader(header, rightAligned: rightAligned) + rows.map(markdownLine).joined()
    }

    /// The header and alignment lines of a GitHub-flavoured markdown table.
    static func markdownHeader(_ header: [String], rightAligned: [Bool]) -> String {
        markdownLine(header) + "|" + rightAligned.map { $0 ? " ---: |" : " --- |" }.joined() + "\n"
    }

    /// One line of a GitHub-flavoured markdown table; `|` in cells is escaped.
    static func markdownLine(_ cells: [String]) -> String {
        "| " + cells.map { $0.replacingAll("|", with: "\\|") }.joined(separator: " | ") + " |\n"
    }

    // MARK: CSV

    /// The columns of the `csv` rendering, with `axes` after `seed`.
    static func csvColumns(axes: [String]) -> [String] {
        ["scenario", "strategy", "seed"] + axes
            + ["metric", "baseline", "candidate", "change", "change_percent", "limit", "status"]
    }

    /// The `csv` rendering.
    public static func csv(_ comparison: Comparison) -> String {
        TextPieces.whole { csv(comparison, emit: $0) }
    }

    /// The `csv` rendering, in pieces (`pieceBytes`).
    public static func csv(_ comparison: Comparison, emit: (String) -> Void) {
        func line(_ fields: [String]) -> String { fields.map(SummaryCSV.field).joined(separator: ",") + "\n" }
        var text = line(csvColumns(axes: comparison.axisColumns))
        for row in comparison.rows {
            text.handOverIfFull(to: emit)
            for result in row.metrics {
                let scale = max(result.baseline.scale, result.candidate.scale)
                let change = result.change.signedText(scale: scale)
                text += line(keyCells(row.key) + [
                    result.metric.name, result.baseline.text, result.candidate.text, change, result.changePercent ?? "",
                    result.limit?.text(for: result.polarity) ?? "", result.status.rawValue,
                ])
            }
        }
        for (status, keys) in [("only_in_baseline", comparison.onlyInBaseline),
                               ("only_in_candidate", comparison.onlyInCandidate)] {
            for key in keys {
                text += line(keyCells(key) + ["", "", "", "", "", "", status])
                text.handOverIfFull(to: emit)
            }
        }
        emit(text)
    }

    /// "1 row", "3 rows".
    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}

extension String {
    /// This string with every `target` replaced by `replacement` (no Foundation).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var text = ""
        for character in self { if character == target { text += replacement } else { text.append(character) } }
        return text
    }
}
