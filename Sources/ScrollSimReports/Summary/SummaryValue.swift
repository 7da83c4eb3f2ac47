import ScrollSimCore

/// One number of a summary CSV, kept as written so that writing it back gives the same text, with
/// its exact decimal value (what `compare` compares) and its nearest `Double` (what the report
/// draws).
public struct SummaryValue: Equatable, Hashable, Sendable {
    /// The text as written, e.g. `0.0123`.
    public let text: String
    /// The exact value; nil only for a value outside `ExactDecimal`'s range, which the reader
    /// refuses (a run never produces one in practice).
    public let exact: ExactDecimal?

    /// A value written as `text` (a plain decimal number such as ScrollSim writes).
    public init(_ text: String) {
        self.text = text
        exact = ExactDecimal(text)
    }

    /// The nearest `Double` (0 for text that is not a number).
    public var number: Double { Double(text) ?? 0 }
}
