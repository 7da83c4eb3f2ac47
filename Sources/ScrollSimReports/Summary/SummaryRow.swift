import ScrollSimCore

/// One row of a summary CSV: one run of a scenario with a strategy and a seed (and, in a sweep,
/// the values of the sweep's axes).
public struct SummaryRow: Equatable, Sendable {
    /// `scenario`.
    public var scenario: String
    /// `strategy`.
    public var strategy: String
    /// `seed`.
    public var seed: UInt64
    /// `profile` ("" when the document has no such column).
    public var profile: String
    /// The value of every metric column, by index in `SummaryColumn.all`: nil for the identity
    /// and label columns, for columns the document does not have, and for columns a reader was
    /// told not to keep (`SummaryDocument.load(path:keeping:)`).
    public var values: SummaryValues
    /// The axis values, in the order of the document's axis columns.
    public var axisValues: [String]

    /// A row from its parts.
    public init(scenario: String, strategy: String, seed: UInt64, profile: String, values: [SummaryValue?],
                axisValues: [String] = []) {
        precondition(values.count == SummaryColumn.all.count, "SummaryRow: one value slot per SummaryColumn")
        self.init(scenario: scenario, strategy: strategy, seed: seed, profile: profile,
                  values: SummaryValues(values), axisValues: axisValues)
    }

    /// A row from its parts, its values already a `SummaryValues`.
    public init(scenario: String, strategy: String, seed: UInt64, profile: String, values: SummaryValues,
                axisValues: [String] = []) {
        self.scenario = scenario
        self.strategy = strategy
        self.seed = seed
        self.profile = profile
        self.values = values
        self.axisValues = axisValues
    }

    /// The row of a run: every column of the metric table, formatted as the summary CSV prints it.
    public init(_ metrics: RunMetrics, axisValues: [String] = []) {
        let values = SummaryColumn.all.map { column in
            column.polarity == nil ? nil : SummaryValue(column.field(of: metrics))
        }
        self.init(scenario: metrics.scenario, strategy: metrics.strategy, seed: metrics.seed, profile: metrics.profile,
                  values: values, axisValues: axisValues)
    }

    /// The value of the metric column called `name`, if the row has it.
    public func value(_ name: String) -> SummaryValue? {
        SummaryColumn.index(of: name).flatMap { values[$0] }
    }

    /// The field of column `index` of `SummaryColumn.all` as written ("" when absent).
    func field(_ index: Int) -> String {
        switch SummaryColumn.all[index].name {
        case "scenario": SummaryCSV.field(scenario)
        case "strategy": SummaryCSV.field(strategy)
        case "seed": String(seed)
        case "profile": SummaryCSV.field(profile)
        default: values[index]?.text ?? ""
        }
    }
}
