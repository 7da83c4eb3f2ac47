import ScrollSimCore

extension HTMLReport {
    /// The mean of `column` over `rows` with its 95% Student t interval, computed exactly as
    /// `scrollsim rank` computes it (`MeanInterval`: values in ascending seed order, docs/rank.md),
    /// or nil without rows. Callers pass the rows of one scenario, strategy and sweep point, so
    /// that each row is one seed.
    static func interval(_ column: Column, of rows: [SummaryRow]) -> MeanInterval? {
        guard !rows.isEmpty else { return nil }
        let ordered = rows.indices.sorted { (rows[$0].seed, $0) < (rows[$1].seed, $1) }
        var interval = MeanInterval(ordered.map { index in
            rows[index].values[column.index]?.exact?.doubleValue ?? rows[index].number(column)
        })
        interval.exact = exactMean(column, of: rows)
        return interval
    }

    /// The mean of `column` over `rows` (in row order, no interval: a mean over sweep points, or
    /// over runs without error bars), with its exact value; nil without rows.
    static func plainMean(_ column: Column, of rows: [SummaryRow]) -> MeanInterval? {
        guard let mean = Model.mean(column, of: rows) else { return nil }
        var interval = MeanInterval(mean: mean, count: rows.count)
        interval.exact = exactMean(column, of: rows)
        return interval
    }

    /// The exact mean of `column` over `rows`, or nil when a row has no exact value (the reader
    /// guarantees one in every metric column).
    static func exactMean(_ column: Column, of rows: [SummaryRow]) -> ExactMean? {
        let values = rows.compactMap { $0.values[column.index]?.exact }
        return values.isEmpty || values.count != rows.count ? nil : ExactMean(values)
    }

    /// A mean as printed (`MeanInterval.meanText`: exact when known).
    static func meanText(_ interval: MeanInterval, decimals: Int) -> String { interval.meanText(decimals: decimals) }

    /// A bar's or point's tooltip: "3.2 (mean of 5 runs; 95% CI 2.9 to 3.5)", "3.2" for one run.
    static func intervalTitle(_ interval: MeanInterval, decimals: Int) -> String {
        let mean = meanText(interval, decimals: decimals)
        guard let low = interval.lowText(decimals: decimals), let high = interval.highText(decimals: decimals) else {
            return mean
        }
        return mean + " (mean of \(interval.count) runs; 95% CI " + low + " to " + high + ")"
    }
}
