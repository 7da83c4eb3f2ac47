import ScrollSimCore

/// The result of joining a baseline and a candidate summary CSV (`scrollsim compare`).
///
/// Rows join on scenario, strategy, seed and every axis column (both files must have the same
/// axis columns, in any order). Joined rows keep the baseline's order; rows on one side only are
/// listed in their file's order. Every metric present in both files is compared on every joined
/// row; a metric column present in one file only is listed, not compared. Nothing here depends
/// on a dictionary's order: dictionaries are used for lookups only.
struct Comparison {
    /// What happened to one metric of one row.
    enum Status: String {
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
    }

    /// One metric of one joined row.
    struct MetricResult {
        /// The metric.
        var metric: SummaryColumn
        /// Its limit, or nil.
        var limit: RegressionLimit?
        /// The baseline's value.
        var baseline: ExactDecimal
        /// The candidate's value.
        var candidate: ExactDecimal
        /// The verdict.
        var status: Status

        /// The metric's polarity.
        var polarity: SummaryColumn.Polarity { metric.polarity ?? .workload }

        /// `candidate − baseline` (nil only on overflow, impossible for CSV values).
        var change: ExactDecimal? { candidate.minus(baseline) }

        /// The change as a percentage of |baseline| with 1 decimal ("+7.7", "-3.0", "0.0"), or
        /// nil when the baseline is 0 and the candidate is not.
        var changePercent: String? {
            guard let change else { return nil }
            let scale = max(baseline.scale, candidate.scale)
            guard let base = baseline.units(atScale: scale) else { return nil }
            if base == 0 { return change.isZero ? "0.0" : nil }
            let (hundredfold, overflow) = change.units.multipliedReportingOverflow(by: 100)
            let text = overflow
                ? DecimalFormat.fixed(Double(change.units) * 100 / Double(base.magnitude), decimals: 1)
                : DecimalFormat.fixed(hundredfold, over: Int64(base.magnitude), decimals: 1)
            return change.units > 0 ? "+" + text : text
        }
    }

    /// One joined row.
    struct RowResult {
        /// The row's identity.
        var key: SummaryCSVFile.Key
        /// Every metric both files have, in `SummaryColumn.metrics` order.
        var metrics: [MetricResult]

        /// Whether any metric changed.
        var hasChanges: Bool { metrics.contains { $0.status != .unchanged } }
    }

    /// The baseline file's name.
    var baselineFile: String
    /// The candidate file's name.
    var candidateFile: String
    /// Rows in the baseline.
    var baselineRowCount: Int
    /// Rows in the candidate.
    var candidateRowCount: Int
    /// Axis columns, in the baseline's order.
    var axisColumns: [String]
    /// Joined rows, in the baseline's order.
    var rows: [RowResult]
    /// Rows only in the baseline, in its order.
    var onlyInBaseline: [SummaryCSVFile.Key]
    /// Rows only in the candidate, in its order.
    var onlyInCandidate: [SummaryCSVFile.Key]
    /// Metric columns in the baseline only, in `SummaryColumn.metrics` order.
    var metricsOnlyInBaseline: [String]
    /// Metric columns in the candidate only.
    var metricsOnlyInCandidate: [String]

    /// Joins `baseline` and `candidate` with `limits` (one per `SummaryColumn.metrics` entry).
    /// - Throws: `CSVFileError` (exit 65) when the files have different axis columns.
    init(baseline: SummaryCSVFile, candidate: SummaryCSVFile, limits: [RegressionLimit?]) throws(CSVFileError) {
        guard Set(baseline.axisColumns) == Set(candidate.axisColumns) else {
            func listed(_ columns: [String]) -> String { columns.isEmpty ? "none" : columns.joined(separator: ", ") }
            throw CSVFileError(file: candidate.file, line: 1,
                               message: "its sweep axis columns (\(listed(candidate.axisColumns))) differ from those of \(baseline.file) (\(listed(baseline.axisColumns))); compare sweeps of the same axes")
        }
        let order = baseline.axisColumns.map { name in candidate.axisColumns.firstIndex(of: name) ?? 0 }
        func keyInBaselineOrder(_ key: SummaryCSVFile.Key) -> SummaryCSVFile.Key {
            var key = key
            key.axisValues = order.map { key.axisValues[$0] }
            return key
        }
        var candidateRows: [SummaryCSVFile.Key: SummaryCSVFile.Row] = [:]  // lookups only
        var candidateKeys: [SummaryCSVFile.Key] = []
        for row in candidate.rows {
            let key = keyInBaselineOrder(row.key)
            candidateRows[key] = row
            candidateKeys.append(key)
        }
        var rows: [RowResult] = []
        var onlyInBaseline: [SummaryCSVFile.Key] = []
        var joined = Set<SummaryCSVFile.Key>()  // membership only
        for row in baseline.rows {
            guard let other = candidateRows[row.key] else {
                onlyInBaseline.append(row.key)
                continue
            }
            joined.insert(row.key)
            var metrics: [MetricResult] = []
            for (index, metric) in SummaryColumn.metrics.enumerated() {
                guard let before = row.values[index], let after = other.values[index] else { continue }
                metrics.append(Self.compare(metric, limit: limits[index], before, after))
            }
            rows.append(RowResult(key: row.key, metrics: metrics))
        }
        baselineFile = baseline.file
        candidateFile = candidate.file
        baselineRowCount = baseline.rows.count
        candidateRowCount = candidate.rows.count
        axisColumns = baseline.axisColumns
        self.rows = rows
        self.onlyInBaseline = onlyInBaseline
        onlyInCandidate = candidateKeys.filter { !joined.contains($0) }
        metricsOnlyInBaseline = SummaryColumn.metrics.indices.filter { baseline.hasMetric[$0] && !candidate.hasMetric[$0] }
            .map { SummaryColumn.metrics[$0].name }
        metricsOnlyInCandidate = SummaryColumn.metrics.indices.filter { candidate.hasMetric[$0] && !baseline.hasMetric[$0] }
            .map { SummaryColumn.metrics[$0].name }
    }

    /// The verdict on one metric.
    static func compare(_ metric: SummaryColumn, limit: RegressionLimit?, _ baseline: ExactDecimal, _ candidate: ExactDecimal) -> MetricResult {
        let change = candidate.minus(baseline)?.units ?? 0
        let status: Status
        if change == 0 {
            status = .unchanged
        } else {
            let polarity = metric.polarity ?? .workload
            switch polarity {
            case .workload:
                status = .changed
            case .lowerIsBetter, .higherIsBetter:
                let isWorse = (change > 0) == (polarity == .lowerIsBetter)
                if !isWorse {
                    status = .improved
                } else if let limit, limit.isExceeded(from: baseline, to: candidate, polarity: polarity) {
                    status = .regressed
                } else {
                    status = .worse
                }
            }
        }
        return MetricResult(metric: metric, limit: limit, baseline: baseline, candidate: candidate, status: status)
    }

    /// Metrics past their limits, over all rows.
    var regressionCount: Int { count(.regressed) }

    /// Joined rows with at least one regression.
    var regressedRowCount: Int { rows.filter { $0.metrics.contains { $0.status == .regressed } }.count }

    /// Metrics with `status`, over all rows.
    func count(_ status: Status) -> Int {
        rows.reduce(0) { $0 + $1.metrics.filter { $0.status == status }.count }
    }

    /// Whether any row is on one side only.
    var hasMissingRows: Bool { !onlyInBaseline.isEmpty || !onlyInCandidate.isEmpty }
}
