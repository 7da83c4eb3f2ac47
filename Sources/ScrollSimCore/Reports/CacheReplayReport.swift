/// The outputs of `scrollsim cache-replay`: a miss-ratio curve as CSV or as a table.
///
/// CSV: the header `policy,capacity,requests,hits,misses,miss_ratio,byte_miss_ratio`, then one row
/// per replay in the order given; `capacity` is the plain integer in the trace's unit; both ratios
/// have 4 decimals, computed exactly from the integer counts (`DecimalFormat`), 0 for an empty
/// trace. The table has the same columns plus `% distinct` (the capacity as a share of the
/// distinct objects' bytes, 1 decimal), aligned like `SummaryTable`. Every line ends with "\n".
public enum CacheReplayReport {
    /// The CSV columns, in file order.
    public static let columns = ["policy", "capacity", "requests", "hits", "misses", "miss_ratio", "byte_miss_ratio"]

    /// Decimals of both ratios.
    public static let ratioDecimals = 4

    /// The CSV header line, "\n"-terminated.
    public static var header: String { columns.joined(separator: ",") + "\n" }

    /// Header and one row per result.
    public static func csv(_ results: [CacheReplayResult]) -> String {
        header + results.map { result in
            [
                result.policy.rawValue,
                String(result.capacity),
                String(result.requests),
                String(result.hits),
                String(result.misses),
                missRatio(result),
                byteMissRatio(result),
            ].joined(separator: ",") + "\n"
        }.joined()
    }

    /// The table of `results`; `distinctBytes` is the base of the `% distinct` column.
    public static func table(_ results: [CacheReplayResult], distinctBytes: Int64) -> String {
        let titles = ["policy", "capacity", "% distinct", "requests", "hits", "misses", "miss ratio", "byte miss ratio"]
        let rows = results.map { result in
            [
                result.policy.rawValue,
                String(result.capacity),
                DecimalFormat.fixed(result.capacity, over: distinctBytes, decimals: 1, timesPowerOfTen: 2) + "%",
                String(result.requests),
                String(result.hits),
                String(result.misses),
                missRatio(result),
                byteMissRatio(result),
            ]
        }
        return TextTable.render(header: titles, rows: rows, rightAligned: titles.indices.map { $0 > 0 })
    }

    /// misses / requests, 4 decimals.
    static func missRatio(_ result: CacheReplayResult) -> String {
        DecimalFormat.fixed(Int64(result.misses), over: Int64(result.requests), decimals: ratioDecimals)
    }

    /// missed bytes / requested bytes, 4 decimals.
    static func byteMissRatio(_ result: CacheReplayResult) -> String {
        DecimalFormat.fixed(result.missBytes, over: result.requestBytes, decimals: ratioDecimals)
    }
}
