// Reading values through the key table (`ScenarioKeys`): every range, choice and requirement the
// decoder checks is the one its key declares, which is the one the JSON Schema states.

extension ScenarioDecoder {
    /// Calls `body` for each member of the object `value` in file order with its key in
    /// `section` (an unknown key is refused with a suggestion), and returns the keys given.
    @discardableResult
    func members(
        of value: JSONValue, at path: String, section: ScenarioSection,
        _ body: (ScenarioKey, JSONValue, String) throws(ScenarioError) -> Void
    ) throws(ScenarioError) -> [String] {
        var given: [String] = []
        try members(of: value, at: path, keys: section.names) { name, member, memberPath throws(ScenarioError) in
            given.append(name)
            try body(section[name], member, memberPath)
        }
        return given
    }

    /// Refuses the first key of `section` (in table order) that is required but not `given`.
    func checkRequired(_ section: ScenarioSection, given: [String], at path: String) throws(ScenarioError) {
        for key in section.keys where key.isRequired && !given.contains(key.name) {
            throw missing(Self.path(path, key.name), expected: key.expectedPhrase)
        }
    }

    /// A number within `key`'s range.
    func number(_ value: JSONValue, at path: String, _ key: ScenarioKey) throws(ScenarioError) -> Double {
        guard case .number(let range) = key.kind else { preconditionFailure("\(key.name) is not a number key") }
        return try number(value, at: path, range)
    }

    /// An integer within `key`'s range.
    func integer(_ value: JSONValue, at path: String, _ key: ScenarioKey) throws(ScenarioError) -> Int {
        guard case .integer(let range) = key.kind else { preconditionFailure("\(key.name) is not an integer key") }
        return try integer(value, at: path, in: range)
    }

    /// `true` or `false`, for a Boolean key.
    func boolean(_ value: JSONValue, at path: String, _ key: ScenarioKey) throws(ScenarioError) -> Bool {
        guard case .boolean = key.kind else { preconditionFailure("\(key.name) is not a Boolean key") }
        return try boolean(value, at: path)
    }

    /// One of `key`'s values, as `Choice` (whose cases must be exactly the key's values, in order).
    func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue, at path: String, _ key: ScenarioKey, as _: Choice.Type = Choice.self,
        suggesting: Bool = false
    ) throws(ScenarioError) -> Choice where Choice.RawValue == String {
        guard case .choice(let values) = key.kind, values == Choice.allCases.map(\.rawValue) else {
            preconditionFailure("\(key.name) does not list the values of \(Choice.self)")
        }
        return try choice(value, at: path, suggesting: suggesting)
    }

    /// A file key's value: a non-empty path (relative to the scenario file).
    func filePath(_ value: JSONValue, at path: String, _ key: ScenarioKey) throws(ScenarioError) -> String {
        guard case .file = key.kind else { preconditionFailure("\(key.name) is not a file key") }
        let name = try string(value, at: path)
        guard !name.isEmpty else {
            throw invalid(path, "must name a CSV file (a path relative to the scenario file), found ''")
        }
        return name
    }

    /// "'a', 'b' or 'c'", as choice errors list values.
    static func listed(_ values: [String]) -> String {
        let names = values.map { "'\($0)'" }
        guard let last = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}
