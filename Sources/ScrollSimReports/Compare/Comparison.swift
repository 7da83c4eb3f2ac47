import ScrollSimCore

/// The result of joining a baseline and a candidate summary document (`scrollsim compare`).
///
/// Rows join on scenario, strategy, seed and every axis column (both files must have the same
/// axis columns, in any order). Joined rows keep the baseline's order; rows on one side only are
/// listed in their file's order. Every metric present in both files is compared on every joined
/// row; a metric column present in one file only is listed, not compared. Nothing here depends
/// on a dictionary's order: dictionaries are used for lookups only.
///
/// Read-only: everything is fixed when the comparison is made, so its counts (`count(_:)`,
/// `regressedRowCount`, the row counts) always describe its `rows` and the renderings
/// (`ComparisonReport`) never contradict themselves. To compare fewer rows, compare smaller
/// documents.
public struct Comparison: Sendable {
    /// What happened to one metric of one row.
    public enum Status: String, CaseIterable, Sendable {
        /// Same value.
        case unchanged
        /// Changed the better way.
        case improved
        /// Changed the worse way, within the limit (or without a limit).
        case worse
        /// Changed the worse way past the limit.
        case regressed
        /// Changed, for a metric with no better direction.
        case changed

        /// The status's position in `allCases`.
        var position: Int {
            switch self {
            case .unchanged: 0
            case .improved: 1
            case .worse: 2
            case .regressed: 3
            case .changed: 4
            }
        }
    }

    /// One metric of one joined row.
    public struct MetricResult: Sendable {
        /// The metric.
        public let metric: SummaryColumn
        /// Its limit, or nil.
        public let limit: RegressionLimit?
        /// The baseline's value.
        public let baseline: ExactDecimal
        /// The candidate's value.
        public let candidate: ExactDecimal
        /// The verdict (`Comparison.status` of the values above: read-only, so it cannot disagree).
        public let status: Status

        /// The metric's polarity.
        public var polarity: SummaryColumn.Polarity { metric.polarity ?? .workload }

        /// `candidate − baseline`, exactly (`WideDecimal`: no overflow for any values read).
        public var change: WideDecimal { WideDecimal.difference(candidate, baseline) }

        /// The change as a percentage of |baseline| with 1 decimal ("+7.7", "-3.0", "0.0"), or
        /// nil when the baseline is 0 and the candidate is not.
        public var changePercent: String? { change.percent(of: baseline) }
    }

    /// One joined row: its place in each file; its metrics are worked out when asked for, from
    /// the files' packed values (`ComparisonSide`), so a comparison of a million rows keeps no
    /// result per row and metric.
    public struct RowResult: Sendable {
        /// The two files and what is compared.
        let join: Join
        /// The row in the baseline.
        let baselineRow: Int
        /// The row in the candidate.
        let candidateRow: Int

        /// The row's identity (the baseline's key).
        public var key: RowKey { join.baseline.keys[baselineRow] }

        /// Every metric both files have, in `SummaryColumn.all` order.
        public var metrics: [MetricResult] {
            join.compared.map { index in
                Comparison.compare(SummaryColumn.all[index], limit: join.limits[index],
                                   join.baseline.value(row: baselineRow, column: index),
                                   join.candidate.value(row: candidateRow, column: index))
            }
        }

        /// The status of each compared metric, in `metrics` order (without building the results).
        var statuses: [Status] {
            join.compared.map { index in
                Comparison.status(SummaryColumn.all[index], limit: join.limits[index],
                                  join.baseline.value(row: baselineRow, column: index),
                                  join.candidate.value(row: candidateRow, column: index))
            }
        }

        /// Whether any metric changed.
        public var hasChanges: Bool {
            join.compared.contains { index in
                !WideDecimal.difference(join.candidate.value(row: candidateRow, column: index),
                                        join.baseline.value(row: baselineRow, column: index)).isZero
            }
        }
    }

    /// What the joined rows share: both files, the compared columns and the limits.
    final class Join: Sendable {
        /// The baseline.
        let baseline: ComparisonSide
        /// The candidate.
        let candidate: ComparisonSide
        /// The metric columns both files have, in `SummaryColumn.all` order.
        let compared: [Int]
        /// The limit of every column of `SummaryColumn.all`.
        let limits: [RegressionLimit?]

        /// The join of `baseline` and `candidate` on `compared`.
        init(baseline: ComparisonSide, candidate: ComparisonSide, compared: [Int], limits: [RegressionLimit?]) {
            self.baseline = baseline
            self.candidate = candidate
            self.compared = compared
            self.limits = limits
        }
    }

    /// The baseline file's name.
    public let baselineFile: String
    /// The candidate file's name.
    public let candidateFile: String
    /// Rows in the baseline: each is joined or only in the baseline.
    public var baselineRowCount: Int { rows.count + onlyInBaseline.count }
    /// Rows in the candidate: each is joined at most once (neither side has two rows with the
    /// same key: the summary reader refuses them in a file, `ComparisonSide(document:file:)` in a
    /// document), or only in the candidate.
    public var candidateRowCount: Int { rows.count + onlyInCandidate.count }
    /// Axis columns, in the baseline's order.
    public let axisColumns: [String]
    /// Joined rows, in the baseline's order.
    public let rows: [RowResult]
    /// Rows only in the baseline, in its order.
    public let onlyInBaseline: [RowKey]
    /// Rows only in the candidate, in its order.
    public let onlyInCandidate: [RowKey]
    /// Metric columns in the baseline only, in `SummaryColumn.all` order.
    public let metricsOnlyInBaseline: [String]
    /// Metric columns in the candidate only.
    public let metricsOnlyInCandidate: [String]
    /// How many metrics have each status, over all rows (by `Status.allCases` position).
    private let statusCounts: [Int]
    /// Joined rows with at least one regression.
    public let regressedRowCount: Int

    /// Joins `baseline` (read from `baselineFile`) and `candidate` with `limits` (one per
    /// `SummaryColumn.all` entry; nil for none).
    /// - Throws: `InputError` (invalid) when a document has two rows with the same key (naming its
    ///   file), or when the files have different axis columns (naming the candidate).
    public init(baseline: SummaryDocument, file baselineFile: String, candidate: SummaryDocument,
                file candidateFile: String, limits: [RegressionLimit?]) throws(InputError) {
        try self.init(baseline: try ComparisonSide(document: baseline, file: baselineFile),
                      candidate: try ComparisonSide(document: candidate, file: candidateFile), limits: limits)
    }

    /// Joins `baseline` and `candidate` (the candidate read with `isIndexed`) with `limits`: what
    /// `scrollsim compare` does, holding both files packed (`ComparisonSide`).
    /// - Throws: `InputError` (invalid, naming the candidate) when the files have different axis columns.
    public init(baseline: ComparisonSide, candidate: ComparisonSide, limits: [RegressionLimit?]) throws(InputError) {
        precondition(limits.count == SummaryColumn.all.count, "Comparison: one limit slot per SummaryColumn")
        let baselineFile = baseline.file, candidateFile = candidate.file
        let baselineAxes = baseline.header.axisNames, candidateAxes = candidate.header.axisNames
        guard Set(baselineAxes) == Set(candidateAxes) else {
            func listed(_ columns: [String]) -> String { columns.isEmpty ? "none" : columns.joined(separator: ", ") }
            throw InputError(.invalid, file: candidateFile, at: .line(1),
                             "its sweep axis columns (\(listed(candidateAxes))) differ from those of \(baselineFile) "
                             + "(\(listed(baselineAxes))); compare sweeps of the same axes")
        }
        var candidatePlaces: [String: Int] = [:]  // lookups only: n axis columns are matched in O(n)
        for (place, name) in candidateAxes.enumerated() { candidatePlaces[name] = place }
        var baselinePlaces: [String: Int] = [:]  // lookups only
        for (place, name) in baselineAxes.enumerated() { baselinePlaces[name] = place }
        // A candidate key in the baseline's axis order, and a baseline key in the candidate's.
        let toBaselineOrder = baselineAxes.map { name in candidatePlaces[name] ?? 0 }
        let toCandidateOrder = candidateAxes.map { name in baselinePlaces[name] ?? 0 }
        let isSameOrder = baselineAxes == candidateAxes
        let compared = SummaryColumn.all.indices.filter { index in
            baseline.slotOfColumn[index] != nil && candidate.slotOfColumn[index] != nil
        }
        let join = Join(baseline: baseline, candidate: candidate, compared: compared, limits: limits)
        var rows: [RowResult] = []
        var onlyInBaseline: [RowKey] = []
        var isJoined = [Bool](repeating: false, count: candidate.rowCount)
        var statusCounts = [Int](repeating: 0, count: Status.allCases.count)
        var regressedRowCount = 0
        for (baselineRow, key) in baseline.keys.enumerated() {
            var lookup = key
            if !isSameOrder { lookup.axisValues = toCandidateOrder.map { key.axisValues[$0] } }
            guard let candidateRow = candidate.rowOfKey[lookup] else {
                onlyInBaseline.append(key)
                continue
            }
            isJoined[candidateRow] = true
            let row = RowResult(join: join, baselineRow: baselineRow, candidateRow: candidateRow)
            var isRegressed = false
            for status in row.statuses {
                statusCounts[status.position] += 1
                if status == .regressed { isRegressed = true }
            }
            if isRegressed { regressedRowCount += 1 }
            rows.append(row)
        }
        self.baselineFile = baselineFile
        self.candidateFile = candidateFile
        axisColumns = baselineAxes
        self.rows = rows
        self.onlyInBaseline = onlyInBaseline
        onlyInCandidate = candidate.keys.indices.filter { !isJoined[$0] }.map { row in
            var key = candidate.keys[row]
            if !isSameOrder { key.axisValues = toBaselineOrder.map { candidate.keys[row].axisValues[$0] } }
            return key
        }
        func onlyIn(_ one: ComparisonSide, _ other: ComparisonSide) -> [String] {
            one.metricColumns.filter { other.slotOfColumn[$0] == nil }.map { SummaryColumn.all[$0].name }
        }
        metricsOnlyInBaseline = onlyIn(baseline, candidate)
        metricsOnlyInCandidate = onlyIn(candidate, baseline)
        self.statusCounts = statusCounts
        self.regressedRowCount = regressedRowCount
    }

    /// The verdict on one metric.
    static func compare(_ metric: SummaryColumn, limit: RegressionLimit?, _ baseline: ExactDecimal,
                        _ candidate: ExactDecimal) -> MetricResult {
        MetricResult(metric: metric, limit: limit, baseline: baseline, candidate: candidate,
                     status: status(metric, limit: limit, baseline, candidate))
    }

    /// The status of one metric.
    static func status(_ metric: SummaryColumn, limit: RegressionLimit?, _ baseline: ExactDecimal,
                       _ candidate: ExactDecimal) -> Status {
        let change = WideDecimal.difference(candidate, baseline)
        let status: Status
        if change.isZero {
            status = .unchanged
        } else {
            let polarity = metric.polarity ?? .workload
            switch polarity {
            case .workload:
                status = .changed
            case .lowerIsBetter, .higherIsBetter:
                let isWorse = change.isPositive == (polarity == .lowerIsBetter)
                if !isWorse {
                    status = .improved
                } else if let limit, limit.isExceeded(from: baseline, to: candidate, polarity: polarity) {
                    status = .regressed
                } else {
                    status = .worse
                }
            }
        }
        return status
    }

    /// Metrics past their limits, over all rows.
    public var regressionCount: Int { count(.regressed) }

    /// Metrics with `status`, over all rows.
    public func count(_ status: Status) -> Int { statusCounts[status.position] }

    /// Whether any row is on one side only.
    public var hasMissingRows: Bool { !onlyInBaseline.isEmpty || !onlyInCandidate.isEmpty }
}
