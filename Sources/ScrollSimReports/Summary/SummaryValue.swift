import ScrollSimCore

/// One number of a summary CSV, kept as written so that writing it back gives the same text, with
/// its exact decimal value (what `compare` compares) and its nearest `Double` (what the report
/// draws).
///
/// Only the text is stored: 16 bytes, inline for the at most 15 characters a summary value
/// takes in practice (no allocation), where the text with its parsed value took 40; the exact
/// value is parsed again when asked for (a few dozen instructions), so a summary held in memory
/// costs about its size in text.
public struct SummaryValue: Equatable, Hashable, Sendable {
    /// The text as written, e.g. `0.0123`.
    public let text: String

    /// A value written as `text` (a plain decimal number such as ScrollSim writes).
    public init(_ text: String) {
        self.text = text
    }

    /// The exact value; nil only for a value outside `ExactDecimal`'s range, which the reader
    /// refuses (a run never produces one in practice).
    public var exact: ExactDecimal? { ExactDecimal(text) }

    /// The nearest `Double` (0 for text that is not a number).
    public var number: Double { Double(text) ?? 0 }
}
