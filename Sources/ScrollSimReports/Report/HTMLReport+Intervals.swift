import ScrollSimCore

extension HTMLReport {
    /// The mean of `column` over `rows` with its 95% Student t interval, computed exactly as
    /// `scrollsim rank` computes it (`MeanInterval`: values in ascending seed order, docs/rank.md),
    /// or nil without rows. Callers pass the rows of one scenario, strategy and sweep point, so
    /// that each row is one seed.
    static func interval(_ column: Column, of rows: [SummaryRow]) -> MeanInterval? {
        guard !rows.isEmpty else { return nil }
        let ordered = rows.indices.sorted { (rows[$0].seed, $0) < (rows[$1].seed, $1) }
        return MeanInterval(ordered.map { index in
            rows[index].values[column.index]?.exact?.doubleValue ?? rows[index].number(column)
        })
    }

    /// A bar's or point's tooltip: "3.2 (mean of 5 runs; 95% CI 2.9 to 3.5)", "3.2" for one run.
    static func intervalTitle(_ interval: MeanInterval, decimals: Int) -> String {
        let mean = DecimalFormat.fixed(interval.mean, decimals: decimals)
        guard let low = interval.low, let high = interval.high else { return mean }
        return mean + " (mean of \(interval.count) runs; 95% CI " + DecimalFormat.fixed(low, decimals: decimals)
            + " to " + DecimalFormat.fixed(high, decimals: decimals) + ")"
    }
}
