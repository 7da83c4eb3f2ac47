import ScrollSimCore

/// One parameter a strategy takes, declared once, next to the strategy
/// (`<Strategy>+Descriptor.swift`): its key in a scenario's strategy entry, what it holds (a
/// number or an integer in a range, a Boolean, one of some strings), its default and one line on
/// what it sets.
///
/// Everything else is derived from the declaration: the check of a scenario's entry
/// (`StrategyDescriptor.check(_:)`, one line naming the JSON path and what is allowed), the values
/// a strategy's `make` reads (`StrategyParameters`), `scrollsim strategies`, the parameters in the
/// scenario schema (`StrategyDescriptor.schema`) and docs/strategy-parameters.md.
public struct StrategyParameter: Sendable, Equatable {
    /// What a parameter holds.
    public enum Kind: Sendable, Equatable {
        /// A finite number within the range.
        case number(ClosedRange<Double>)
        /// An integer within the range.
        case integer(ClosedRange<Int>)
        /// `true` or `false`.
        case boolean
        /// One of these strings.
        case choice([String])
    }

    /// Its key in the strategy's entry.
    public let name: String
    /// What it holds.
    public let kind: Kind
    /// Its default when it is a constant; nil when the strategy computes it (from the device: then
    /// `StrategyParameters.integerIfPresent(_:)` reads it, and `defaultText` says how).
    public let defaultValue: JSONValue?
    /// The default as `scrollsim strategies` and the docs print it (`2.5`, `physicalMemory / 4`).
    public let defaultText: String
    /// One line on what it sets.
    public let summary: String

    /// The declaration; the default, when constant, must be allowed.
    private init(_ name: String, _ kind: Kind, default defaultValue: JSONValue?, text: String, _ summary: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.defaultText = text
        self.summary = summary
        precondition(!name.isEmpty, "a strategy parameter needs a name")
        if let defaultValue { precondition(admits(defaultValue), "\(name)'s default \(text) is not \(allowed)") }
    }

    /// A number from `range`, `defaultValue` when absent.
    public static func number(_ name: String, default defaultValue: Double, in range: ClosedRange<Double>,
                              _ summary: String) -> StrategyParameter {
        StrategyParameter(name, .number(range), default: .number(defaultValue, text: formatted(defaultValue)),
                          text: formatted(defaultValue), summary)
    }

    /// An integer from `range`, `defaultValue` when absent.
    public static func integer(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>,
                               _ summary: String) -> StrategyParameter {
        StrategyParameter(name, .integer(range), default: .number(Double(defaultValue), text: String(defaultValue)),
                          text: String(defaultValue), summary)
    }

    /// An integer from `range` whose default the strategy computes (from its device);
    /// `computedDefault` says how.
    public static func integer(_ name: String, computedDefault: String, in range: ClosedRange<Int>,
                               _ summary: String) -> StrategyParameter {
        StrategyParameter(name, .integer(range), default: nil, text: computedDefault, summary)
    }

    /// `true` or `false`, `defaultValue` when absent.
    public static func boolean(_ name: String, default defaultValue: Bool, _ summary: String) -> StrategyParameter {
        StrategyParameter(name, .boolean, default: .bool(defaultValue), text: String(defaultValue), summary)
    }

    /// One of `values`, `defaultValue` when absent.
    public static func choice(_ name: String, default defaultValue: String, in values: [String],
                              _ summary: String) -> StrategyParameter {
        StrategyParameter(name, .choice(values), default: .string(defaultValue), text: defaultValue, summary)
    }

    /// One of `Choice`'s raw values, `defaultValue` when absent.
    public static func choice<Choice: CaseIterable & RawRepresentable>(
        _ name: String, default defaultValue: Choice, _ summary: String
    ) -> StrategyParameter where Choice.RawValue == String {
        choice(name, default: defaultValue.rawValue, in: Choice.allCases.map(\.rawValue), summary)
    }

    /// What is allowed, as messages, `strategies` and the docs say it: "an integer from 0 to
    /// 65536", "a number from 0.01 to 1000000", "true or false", "\"fifo\" or \"lifo\"".
    public var allowed: String {
        switch kind {
        case .number(let range):
            return "a number from \(Self.formatted(range.lowerBound)) to \(Self.formatted(range.upperBound))"
        case .integer(let range): return "an integer from \(range.lowerBound) to \(range.upperBound)"
        case .boolean: return "true or false"
        case .choice(let values):
            let listed = values.map { "\"\($0)\"" }
            guard let last = listed.last, listed.count > 1 else { return listed.joined() }
            return listed.dropLast().joined(separator: ", ") + " or " + last
        }
    }

    /// Whether `value` is allowed.
    public func admits(_ value: JSONValue) -> Bool {
        switch (kind, value) {
        case (.number(let range), .number(let x, _)): x.isFinite && range.contains(x)
        case (.integer(let range), .number(let x, _)):
            x.isFinite && x == x.rounded() && x >= Double(range.lowerBound) && x <= Double(range.upperBound)
        case (.boolean, .bool): true
        case (.choice(let values), .string(let text)): values.contains(text)
        default: false
        }
    }

    /// Checks `value`, found at `path`.
    /// - Throws: `StrategyConfigError` "<path>: must be <allowed>, found <value>".
    public func check(_ value: JSONValue, at path: String) throws(StrategyConfigError) {
        guard admits(value) else {
            throw StrategyConfigError(path: path, message: "must be \(allowed), found \(Self.described(value))")
        }
    }

    /// `x` as messages print it: an integer without a fraction, else Swift's shortest text.
    static func formatted(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }

    /// `value` as messages print it: a number as written, a string quoted.
    static func described(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): String(b)
        case .number(_, let text): text
        case .string(let s): "the string \"\(MessageLine.echoed(s))\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
