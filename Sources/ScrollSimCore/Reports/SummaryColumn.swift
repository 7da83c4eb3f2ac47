/// One column of the summary CSV: its name, unit, decimals, which way is better, `compare`'s
/// default limit, its one-line definition, and how a run's value is computed.
///
/// `SummaryColumn.all` (SummaryColumn+Table.swift) is the one metric table: the summary CSV's
/// writer (`SummaryCSV`), `compare`'s directions and default limits, the readers of summary CSVs
/// and docs/metrics.md (checked by a test) all come from it. Column order is part of the file
/// format: a new column goes at the end of the table.
public struct SummaryColumn: Sendable {
    /// What a column is for.
    public enum Role: Sendable, Equatable {
        /// Part of a row's identity (`scenario`, `strategy`, `seed`): `compare` joins rows on it.
        case identity
        /// Descriptive text that is not compared (`profile`).
        case label
        /// A number `compare` compares.
        case metric(Polarity)
    }

    /// Which way a metric is better.
    public enum Polarity: Sendable, Equatable {
        /// Smaller is better: a rise is a worsening.
        case lowerIsBetter
        /// Larger is better: a fall is a worsening.
        case higherIsBetter
        /// Neither: the count describes the workload, not its quality; a change is only reported.
        case workload
    }

    /// A run's value, before formatting with the column's decimals.
    enum Quantity {
        /// Text, quoted per RFC 4180 when needed.
        case text(String)
        /// An unsigned integer.
        case unsigned(UInt64)
        /// A signed integer.
        case integer(Int64)
        /// `numerator × 10^powerOfTen / denominator`, computed exactly (0 without a denominator).
        case ratio(Int64, over: Int64, timesPowerOfTen: Int)
        /// A real number, rounded half away from zero.
        case real(Double)
    }

    /// The header name, e.g. `hitch_ratio`.
    public let name: String
    /// The unit, e.g. `ms/s`, `ms`, `s`, `bytes`, `MiB`, `Hz`; empty for counts, ratios and text.
    public let unit: String
    /// Digits after the point (0 for integers and text).
    public let decimals: Int
    /// Identity, label or metric (with its polarity).
    public let role: Role
    /// How much `compare` lets the metric worsen when `--max-regression` does not say; nil for none.
    public let defaultLimit: RegressionLimit?
    /// One line saying what the value is.
    public let definition: String
    /// The value of a run.
    let quantity: @Sendable (RunMetrics) -> Quantity

    /// A column; see the properties.
    init(_ name: String, unit: String = "", decimals: Int = 0, role: Role, limit: RegressionLimit? = nil,
         _ definition: String, _ quantity: @escaping @Sendable (RunMetrics) -> Quantity) {
        precondition(limit == nil || role == .metric(.lowerIsBetter) || role == .metric(.higherIsBetter),
                     "only a metric with a better direction takes a limit: \(name)")
        self.name = name
        self.unit = unit
        self.decimals = decimals
        self.role = role
        self.defaultLimit = limit
        self.definition = definition
        self.quantity = quantity
    }

    /// The metric's polarity, or nil for the identity and label columns.
    public var polarity: Polarity? {
        if case .metric(let polarity) = role { return polarity }
        return nil
    }

    /// The field of `metrics` in this column, as the summary CSV prints it.
    public func field(of metrics: RunMetrics) -> String {
        switch quantity(metrics) {
        case .text(let text): SummaryCSV.field(text)
        case .unsigned(let value): String(value)
        case .integer(let value): String(value)
        case .ratio(let numerator, let denominator, let power):
            DecimalFormat.fixed(numerator, over: denominator, decimals: decimals, timesPowerOfTen: power)
        case .real(let value): DecimalFormat.fixed(value, decimals: decimals)
        }
    }

    /// The column called `name`, if any.
    public static func named(_ name: String) -> SummaryColumn? { all.first { $0.name == name } }

    /// The columns `compare` compares (every metric), in table order.
    public static let metrics: [SummaryColumn] = all.filter { $0.polarity != nil }

    /// `compare`'s default limits as its help lists them: "dropped_frames=+2, hitch_ratio=5%, …".
    public static var defaultLimitsText: String {
        all.compactMap { column in
            guard let limit = column.defaultLimit, let polarity = column.polarity else { return nil }
            return "\(column.name)=\(limit.text(for: polarity))"
        }.joined(separator: ", ")
    }
}

extension SummaryColumn {
    /// The index in `all` of the column called `name`, if any.
    public static func index(of name: String) -> Int? { indexByName[name] }

    /// `all`'s indices by name (lookups only, never iterated).
    private static let indexByName: [String: Int] =
        Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.name, $0) })
}
