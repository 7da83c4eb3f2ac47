/// The keys of one object of a scenario file, in documentation order.
struct ScenarioSection: Sendable {
    /// The object's name in the schema (`display`, `drag`, …).
    let name: String
    /// One line describing the object.
    let summary: String
    /// Its keys, in documentation order (the order of "allowed keys" in messages).
    let keys: [ScenarioKey]
    /// Rules between keys that the decoder checks in code, stated for the schema as JSON Schema
    /// members added to the object's schema (`anyOf`, `dependentSchemas`, `if`/`then`).
    let schemaRules: [(key: String, value: JSONValue)]

    /// A section called `name`, described by `summary`, with `keys` and `schemaRules`.
    init(_ name: String, _ summary: String, keys: [ScenarioKey], schemaRules: [(key: String, value: JSONValue)] = []) {
        self.name = name
        self.summary = summary
        self.keys = keys
        self.schemaRules = schemaRules
    }

    /// The key names, in order.
    var names: [String] { keys.map(\.name) }

    /// The key called `name`; a key the table does not declare is a programming error.
    subscript(name: String) -> ScenarioKey {
        guard let key = keys.first(where: { $0.name == name }) else {
            preconditionFailure("the \(self.name) section has no key '\(name)'")
        }
        return key
    }
}
