import ScrollSimCore

/// Reads a strategy's parameters from its scenario entry, checking types and ranges, and
/// rejects the ones left unread (with a suggestion) when `finish()` is called.
///
/// Public so that a package's own strategies read their parameters the same way:
///
///     var parameters = StrategyParameters(spec)
///     let count = try parameters.integer("cacheCount", default: 100, in: 1...10_000)
///     try parameters.finish()
public struct StrategyParameters {
    private let spec: StrategySpec
    private var read: [String] = []

    /// A reader of `spec`'s parameters.
    public init(_ spec: StrategySpec) { self.spec = spec }

    private func path(_ key: String) -> String { spec.path.isEmpty ? key : "\(spec.path).\(key)" }

    private func value(_ key: String) -> JSONValue? {
        spec.parameters.first { $0.key == key }?.value
    }

    /// A number in `range`, or `defaultValue` when absent.
    public mutating func number(_ key: String, default defaultValue: Double, in range: ClosedRange<Double>) throws(StrategyConfigError) -> Double {
        read.append(key)
        guard let value = value(key) else { return defaultValue }
        guard case .number(let x, _) = value, x.isFinite, range.contains(x) else {
            throw StrategyConfigError(path: path(key), message: "must be a number from \(format(range.lowerBound)) to \(format(range.upperBound)), found \(describe(value))")
        }
        return x
    }

    /// An integer in `range`, or `defaultValue` when absent.
    public mutating func integer(_ key: String, default defaultValue: Int, in range: ClosedRange<Int>) throws(StrategyConfigError) -> Int {
        read.append(key)
        guard let value = value(key) else { return defaultValue }
        guard case .number(let x, _) = value, x.isFinite, x == x.rounded(), x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
            throw StrategyConfigError(path: path(key), message: "must be an integer from \(range.lowerBound) to \(range.upperBound), found \(describe(value))")
        }
        return Int(x)
    }

    /// An integer in `range`, or nil when absent (for a default the strategy computes later, from
    /// its device).
    public mutating func integerIfPresent(_ key: String, in range: ClosedRange<Int>)
        throws(StrategyConfigError) -> Int? {
        guard value(key) != nil else {
            read.append(key)
            return nil
        }
        return try integer(key, default: range.lowerBound, in: range)
    }

    /// A Boolean, or `defaultValue` when absent.
    public mutating func bool(_ key: String, default defaultValue: Bool) throws(StrategyConfigError) -> Bool {
        read.append(key)
        guard let value = value(key) else { return defaultValue }
        guard case .bool(let b) = value else {
            throw StrategyConfigError(path: path(key), message: "must be true or false, found \(describe(value))")
        }
        return b
    }

    /// One of `choices` (a string), or `defaultValue` when absent.
    public mutating func choice(_ key: String, default defaultValue: String,
                                in choices: [String]) throws(StrategyConfigError) -> String {
        read.append(key)
        guard let value = value(key) else { return defaultValue }
        guard case .string(let text) = value, choices.contains(text) else {
            let listed = choices.map { "\"\($0)\"" }
            let allowed = listed.count <= 2 ? listed.joined(separator: " or ")
                : listed.dropLast().joined(separator: ", ") + " or " + listed.last!
            throw StrategyConfigError(path: path(key), message: "must be \(allowed), found \(describe(value))")
        }
        return text
    }

    /// Fails on the first parameter that was not read.
    public func finish() throws(StrategyConfigError) {
        for (key, _) in spec.parameters where !read.contains(key) {
            let hint: String
            if read.isEmpty {
                hint = "; '\(spec.name)' takes no parameters"
            } else if let suggestion = Suggestion.closest(to: key, among: read) {
                hint = "; did you mean '\(suggestion)'?"
            } else {
                hint = "; '\(spec.name)' takes: \(read.joined(separator: ", "))"
            }
            throw StrategyConfigError(path: path(key), message: "unknown parameter\(hint)")
        }
    }

    private func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }

    private func describe(_ value: JSONValue) -> String {
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
