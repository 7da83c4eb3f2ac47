// Typed readers for single JSON values, and the wording of their errors.

extension ScenarioDecoder {
    /// Calls `body` for each member of the object `value` in file order, after checking that its
    /// key is one of `keys`; `body` gets the key, the member's value and its path.
    func members(
        of value: JSONValue, at path: String, keys: [String],
        _ body: (String, JSONValue, String) throws(ScenarioError) -> Void
    ) throws(ScenarioError) {
        guard case .object(let members) = value else {
            throw typeMismatch(expected: "an object", found: value, at: path)
        }
        for (key, member) in members {
            let memberPath = Self.path(path, key)
            guard keys.contains(key) else { throw unknownName(key, at: memberPath, allowed: keys, noun: "key") }
            try body(key, member, memberPath)
        }
    }

    /// A number within `range`.
    func number(_ value: JSONValue, at path: String, _ range: NumberRange) throws(ScenarioError) -> Double {
        guard case .number(let number, let text) = value else {
            throw typeMismatch(expected: "a number", found: value, at: path)
        }
        guard range.contains(number) else {
            throw invalid(path, "must be \(range.phrase), found \(Self.shown(number: text))")
        }
        return number
    }

    /// An integer within `range`, judged from the number's exact text.
    func integer(_ value: JSONValue, at path: String, in range: ClosedRange<Int>) throws(ScenarioError) -> Int {
        guard case .number(_, let text) = value else {
            throw typeMismatch(expected: "an integer", found: value, at: path)
        }
        guard let exact = Self.exactInteger(text), let integer = exact.asInt, range.contains(integer) else {
            throw invalid(path, "must be \(Self.integerPhrase(range)), found \(Self.shown(number: text))")
        }
        return integer
    }

    /// An integer in 0...2^64−1, judged from the number's exact text.
    func unsignedInteger(_ value: JSONValue, at path: String) throws(ScenarioError) -> UInt64 {
        guard case .number(_, let text) = value else {
            throw typeMismatch(expected: "an integer", found: value, at: path)
        }
        guard let exact = Self.exactInteger(text), !exact.isNegative || exact.magnitude == 0 else {
            throw invalid(path, "must be an integer from 0 to \(UInt64.max), found \(Self.shown(number: text))")
        }
        return exact.magnitude
    }

    /// `true` or `false`.
    func boolean(_ value: JSONValue, at path: String) throws(ScenarioError) -> Bool {
        guard case .bool(let flag) = value else {
            throw typeMismatch(expected: "true or false", found: value, at: path)
        }
        return flag
    }

    /// Any string.
    func string(_ value: JSONValue, at path: String) throws(ScenarioError) -> String {
        guard case .string(let text) = value else { throw typeMismatch(expected: "a string", found: value, at: path) }
        return text
    }

    /// One of the string values of `Choice`, e.g. a layout kind or a profile. With `suggesting`,
    /// a misspelt value also gets "did you mean '…'?" when one value is close.
    func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue, at path: String, as _: Choice.Type = Choice.self, suggesting: Bool = false
    ) throws(ScenarioError) -> Choice where Choice.RawValue == String {
        let text = try string(value, at: path)
        guard let choice = Choice(rawValue: text) else {
            let values = Choice.allCases.map(\.rawValue)
            let names = values.map { "'\($0)'" }
            let listed = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
            let hint = suggesting ? Suggestion.closest(to: text, among: values).map { "; did you mean '\($0)'?" } : nil
            throw invalid(path, "must be \(listed), found \(text.quotedForMessage)\(hint ?? "")")
        }
        return choice
    }

    // MARK: Errors

    /// An `.invalid` error at `path`.
    func invalid(_ path: String, _ message: String) -> ScenarioError {
        ScenarioError(kind: .invalid, file: file, path: path, message: message)
    }

    /// "expected X, found Y".
    func typeMismatch(expected: String, found value: JSONValue, at path: String) -> ScenarioError {
        invalid(path, "expected \(expected), found \(value.kindName)")
    }

    /// A required key that is absent: "required key is missing; expected …".
    func missing(_ path: String, expected: String) -> ScenarioError {
        invalid(path, "required key is missing; expected \(expected)")
    }

    /// An unknown key or step kind, with a suggestion or else the allowed names.
    func unknownName(_ name: String, at path: String, allowed: [String], noun: String) -> ScenarioError {
        if let suggestion = Suggestion.closest(to: name, among: allowed) {
            return invalid(path, "unknown \(noun); did you mean '\(suggestion)'?")
        }
        return invalid(path, "unknown \(noun); allowed \(noun)s: \(allowed.joined(separator: ", "))")
    }

    /// A number's source text for a message, cut to 40 characters.
    static func shown(number text: String) -> String {
        text.utf8.count <= 40 ? text : String(text.prefix(40)) + "…"
    }

    /// "an integer from L to U".
    static func integerPhrase(_ range: ClosedRange<Int>) -> String {
        "an integer from \(range.lowerBound) to \(range.upperBound)"
    }

    /// The path of member `key` inside `parent`: `layout.itemCount`, or `layout["my key"]` for
    /// keys that are not identifiers.
    static func path(_ parent: String, _ key: String) -> String {
        let scalars = key.unicodeScalars
        let isIdentifier = scalars.allSatisfy(Self.isIdentifierScalar) && !scalars.isEmpty
            && !("0"..."9").contains(scalars.first ?? "0")
        if isIdentifier { return parent.isEmpty ? key : parent + "." + key }
        // Escaped for a message line: debugDescription leaves private-use and format characters raw.
        return parent + "[" + MessageLine.echoed(key.debugDescription, limit: MessageLine.maximumPathScalars) + "]"
    }

    /// True for ASCII letters, digits and `_`.
    private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }

    /// The path of element `index` inside `parent`: `script[2]`.
    static func path(_ parent: String, _ index: Int) -> String { "\(parent)[\(index)]" }
}

extension String {
    /// The string in single quotes for an error message (`MessageLine.quoted`): control characters
    /// escaped, at most 60 characters kept.
    var quotedForMessage: String { MessageLine.quoted(self) }
}
