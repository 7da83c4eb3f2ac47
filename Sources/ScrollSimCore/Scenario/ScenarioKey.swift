/// One key of an object in a scenario file: its name, what it holds (type and allowed values),
/// its default and a one-line description (docs/model.md, "Scenario files").
///
/// The decoder reads every value through its key (`ScenarioDecoder+Keys.swift`: a number key's
/// range, an integer key's range, a choice key's values, whether a key is required), and
/// `ScenarioSchema` writes `docs/scenario.schema.json` from the same keys, so the file format,
/// its checks and its schema are declared once (`ScenarioKeys`).
struct ScenarioKey: Sendable {
    /// What a key holds.
    indirect enum Kind: Sendable {
        /// A number within the range.
        case number(ScenarioDecoder.NumberRange)
        /// An integer within the range (written `3000`, `3000.0` or `3e3`).
        case integer(ClosedRange<Int>)
        /// An integer from 0 to 2^64 − 1 (`seed`).
        case unsignedInteger
        /// `true` or `false`.
        case boolean
        /// Any string.
        case text
        /// A name for reports and file names: 1 to 200 characters without commas, quotes,
        /// slashes or line breaks.
        case name
        /// One of these strings.
        case choice([String])
        /// A non-empty path of a file, relative to the scenario file.
        case file
        /// `[min, max]`, two numbers within the range, min ≤ max.
        case pair(ScenarioDecoder.NumberRange)
        /// An object with the section's keys.
        case object(ScenarioSection)
        /// An array of script steps (at least `minimumCount`).
        case steps(minimumCount: Int)
        /// An array of strategy entries (at least one).
        case strategies
    }

    /// The key as it appears in the file.
    let name: String
    /// What it holds.
    let kind: Kind
    /// Its default, when it has one that does not depend on other keys.
    let defaultValue: JSONValue?
    /// Whether the file must give it.
    let isRequired: Bool
    /// One line for the schema's `description` (and documentation).
    let summary: String
    /// What a missing required key's message says is expected, when not the kind's phrase.
    let missingPhrase: String?

    /// A key called `name` holding `kind`, with `defaultValue`, required or not, described by `summary`.
    init(_ name: String, _ kind: Kind, default defaultValue: JSONValue? = nil, isRequired: Bool = false,
         missing missingPhrase: String? = nil, _ summary: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.isRequired = isRequired
        self.summary = summary
        self.missingPhrase = missingPhrase
    }

    /// What a value of this key must be, for a missing key's message.
    var expectedPhrase: String {
        if let missingPhrase { return missingPhrase }
        switch kind {
        case .number(let range): return range.phrase
        case .integer(let range): return ScenarioDecoder.integerPhrase(range)
        case .unsignedInteger: return "an integer from 0 to \(UInt64.max)"
        case .boolean: return "true or false"
        case .text, .name: return "a string"
        case .choice(let values): return ScenarioDecoder.listed(values)
        case .file: return "a file's path, relative to the scenario file"
        case .pair: return "an array [min, max]"
        case .object: return "an object"
        case .steps: return "an array of steps"
        case .strategies: return "an array of strategies"
        }
    }
}
