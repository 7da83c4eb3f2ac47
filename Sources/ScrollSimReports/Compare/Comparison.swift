import ScrollSimCore

/// The result of joining a baseline and a candidate summary document (`scrollsim compare`).
///
/// Rows join on scenario, strategy, seed and every axis column (both files must have the same
/// axis columns, in any order). Joined rows keep the baseline's order; rows on one side only are
/// listed in their file's order. Every metric present in both files is compared on every joined
/// row; a metric column present in one file only is listed, not compared. Nothing here depends
/// on a dictionary's order: dictionaries are used for lookups only.
public struct Comparison: Sendable {
    /// What happened to one metric of one row.
    public enum Status: String, Sendable {
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
    public struct MetricResult: Sendable {
        /// The metric.
        public var metric: SummaryColumn
        /// Its limit, or nil.
        public var limit: RegressionLimit?
        /// The baseline's value.
        public var baseline: ExactDecimal
        /// The candidate's value.
        public var candidate: ExactDecimal
        /// The verdict.
        public var status: Status

        /// The metric's polarity.
        public var polarity: SummaryColumn.Polarity { metric.polarity ?? .workload }

        /// `candidate − baseline`, exactly (`WideDecimal`: no overflow for any values read).
        public var change: WideDecimal { WideDecimal.difference(candidate, baseline) }

        /// The change as a percentage of |baseline| with 1 decimal ("+7.7", "-3.0", "0.0"), or
        /// nil when the baseline is 0 and the candidate is not.
        public var changePercent: String? { change.percent(of: baseline) }
    }

    /// One joined row.
    public struct RowResult: Sendable {
        /// The row's identity.
        public var key: RowKey
        /// Every metric both files have, in `SummaryColumn.all` order.
        public var metrics: [MetricResult]

        /// Whether any metric changed.
        public var hasChanges: Bool { metrics.contains { $0.status != .unchanged } }
    }

    /// The baseline file's name.
    public var baselineFile: String
    /// The candidate file's name.
    public var candidateFile: String
    /// Rows in the baseline.
    public var baselineRowCount: Int
    /// Rows in the candidate.
    public var candidateRowCount: Int
    /// Axis columns, in the baseline's order.
    public var axisColumns: [String]
    /// Joined rows, in the baseline's order.
    public var rows: [RowResult]
    /// Rows only in the baseline, in its order.
    public var onlyInBaseline: [RowKey]
    /// Rows only in the candidate, in its order.
    public var onlyInCandidate: [RowKey]
    /// Metric columns in the baseline only, in `SummaryColumn.all` order.
    public var metricsOnlyInBaseline: [String]
    /// Metric columns in the candidate only.
    public var metricsOnlyInCandidate: [String]

    /// Joins `baseline` (read from `baselineFile`) and `candidate` with `limits` (one per
    /// `SummaryColumn.all` entry; nil for none).
    /// - Throws: `InputError` (invalid, naming the candidate) when the files have different axis columns.
    public init(baseline: SummaryDocument, file baselineFile: String, candidate: SummaryDocument,
                file candidateFile: String, limits: [RegressionLimit?]) throws(InputError) {
        precondition(limits.count == SummaryColumn.all.count, "Comparison: one limit slot per SummaryColumn")
        let baselineAxes = baseline.axisNames, candidateAxes = candidate.axisNames
        guard Set(baselineAxes) == Set(candidateAxes) else {
            func listed(_ columns: [String]) -> String { columns.isEmpty ? "none" : columns.joined(separator: ", ") }
            throw InputError(.invalid, file: candidateFile, at: .line(1),
                             "its sweep axis columns (\(listed(candidateAxes))) differ from those of \(baselineFile) "
                             + "(\(listed(baselineAxes))); compare sweeps of the same axes")
        }
        var candidatePlaces: [String: Int] = [:]  // lookups only: n axis columns are matched in O(n)
        for (place, name) in candidateAxes.enumerated() { candidatePlaces[name] = place }
        let order = baselineAxes.map { name in candidatePlaces[name] ?? 0 }
        var candidateRows: [RowKey: SummaryRow] = [:]  // lookups only
        var candidateKeys: [RowKey] = []
        for row in candidate.rows {
            var key = RowKey(row)
            key.axisValues = order.map { row.axisValues[$0] }
            candidateRows[key] = row
            candidateKeys.append(key)
        }
        let compared = SummaryColumn.all.indices.filter { index in
            SummaryColumn.all[index].polarity != nil && baseline.columns.contains(.summary(index))
                && candidate.columns.contains(.summary(index))
        }
        var rows: [RowResult] = []
        var onlyInBaseline: [RowKey] = []
        var joined = Set<RowKey>()  // membership only
        for row in baseline.rows {
            let key = RowKey(row)
            guard let other = candidateRows[key] else {
                onlyInBaseline.append(key)
                continue
            }
            joined.insert(key)
            var metrics: [MetricResult] = []
            for index in compared {
                guard let before = row.values[index]?.exact, let after = other.values[index]?.exact else { continue }
                metrics.append(Self.compare(SummaryColumn.all[index], limit: limits[index], before, after))
            }
            rows.append(RowResult(key: key, metrics: metrics))
        }
        self.baselineFile = baselineFile
        self.candidateFile = candidateFile
        baselineRowCount = baseline.rows.count
        candidateRowCount = candidate.rows.count
        axisColumns = baselineAxes
        self.rows = rows
        self.onlyInBaseline = onlyInBaseline
        onlyInCandidate = candidateKeys.filter { !joined.contains($0) }
        func onlyIn(_ one: SummaryDocument, _ other: SummaryDocument) -> [String] {
            SummaryColumn.all.indices.filter { index in
                SummaryColumn.all[index].polarity != nil && one.columns.contains(.summary(index))
                    && !other.columns.contains(.summary(index))
            }.map { SummaryColumn.all[$0].name }
        }
        metricsOnlyInBaseline = onlyIn(baseline, candidate)
        metricsOnlyInCandidate = onlyIn(candidate, baseline)
    }

    /// The verdict on one metric.
    static func compare(_ metric: SummaryColumn, limit: RegressionLimit?, _ baseline: ExactDecimal,
                        _ candidate: ExactDecimal) -> MetricResult {
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
        return MetricResult(metric: metric, limit: limit, baseline: baseline, candidate: candidate, status: status)
    }

    /// Metrics past their limits, over all rows.
    public var regressionCount: Int { count(.regressed) }

    /// Joined rows with at least one regression.
    public var regressedRowCount: Int { rows.filter { $0.metrics.contains { $0.status == .regressed } }.count }

    /// Metrics with `status`, over all rows.
    public func count(_ status: Status) -> Int {
        rows.reduce(0) { $0 + $1.metrics.filter { $0.status == status }.count }
    }

    /// Whether any row is on one side only.
    public var hasMissingRows: Bool { !onlyInBaseline.isEmpty || !onlyInCandidate.isEmpty }
}
