/// The JSON Schema (draft 2020-12) of scenario files, written from the key table the decoder
/// reads (`ScenarioKeys`): every key with its type, range or values, default and description;
/// unknown keys refused (`additionalProperties: false`); every step kind; and the rules between
/// keys the decoder checks that a schema can state (`itemCount` or `catalog`, what a catalog
/// replaces, `itemHeight` or `itemHeightRange`, a list's single column, a jump's missing
/// `seconds`). Rules between values (a p95 at least its median, the device's memory levels) stay
/// the decoder's: `scrollsim validate` checks everything.
///
/// Strategies are checked by their catalogue, which the core cannot see: the caller passes each
/// strategy's name and parameters (`scrollsim schema` passes the built-in ones and a package's
/// own). A name not in that list is accepted as a package's own strategy, with any parameters.
///
/// `docs/scenario.schema.json` is `text(strategies:)` for the built-in strategies; a test
/// regenerates it and compares the bytes.
public enum ScenarioSchema {
    /// A strategy as the schema describes it.
    public struct Strategy: Sendable, Equatable {
        /// Its name in scenarios.
        public var name: String
        /// One line on what it models.
        public var summary: String
        /// Its parameters, in documentation order.
        public var parameters: [Parameter]

        /// A strategy called `name`, described by `summary`, taking `parameters`.
        public init(name: String, summary: String, parameters: [Parameter]) {
            self.name = name
            self.summary = summary
            self.parameters = parameters
        }
    }

    /// A strategy parameter as the schema describes it.
    public struct Parameter: Sendable, Equatable {
        /// Its key in the strategy's entry.
        public var name: String
        /// One line on what it sets.
        public var summary: String
        /// What it holds.
        public var value: Value
        /// Its default when it is a constant; nil when the strategy computes it (then
        /// `defaultText` says how).
        public var defaultValue: JSONValue?
        /// The default as the catalogue documents it (`physicalMemory / 4`).
        public var defaultText: String

        /// A parameter called `name`, holding `value`, with its default and description.
        public init(name: String, summary: String, value: Value, defaultValue: JSONValue?, defaultText: String) {
            self.name = name
            self.summary = summary
            self.value = value
            self.defaultValue = defaultValue
            self.defaultText = defaultText
        }
    }

    /// What a strategy parameter holds.
    public enum Value: Sendable, Equatable {
        /// A number within the range.
        case number(ClosedRange<Double>)
        /// An integer within the range.
        case integer(ClosedRange<Int>)
        /// `true` or `false`.
        case boolean
        /// One of these strings.
        case choice([String])
    }

    /// The schema's `$schema`: the draft it follows.
    public static let draft = "https://json-schema.org/draft/2020-12/schema"

    /// The schema as text: JSON indented by two spaces, members in table order, a final newline.
    /// - Complexity: O(size of the schema).
    public static func text(strategies: [Strategy]) -> String {
        document(strategies: strategies).prettyText + "\n"
    }

    /// The schema as a JSON value.
    public static func document(strategies: [Strategy]) -> JSONValue {
        let top = ScenarioKeys.topLevel
        var members: [(key: String, value: JSONValue)] = [
            ("$schema", .string(draft)),
            ("title", .string("ScrollSim scenario")),
            ("description", .string(top.summary + " Written by 'scrollsim schema' from the decoder's key table; "
                                        + "'scrollsim validate' also checks the rules between values.")),
        ]
        members += objectMembers(of: top)
        members.append(("$defs", .object([("step", stepSchema), ("strategy", strategySchema(strategies))])))
        return .object(members)
    }

    // MARK: Keys and sections

    /// The members of an object's schema for `section`: type, properties, required keys,
    /// `additionalProperties: false`, then the section's rules.
    static func objectMembers(of section: ScenarioSection) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [("type", .string("object"))]
        members.append(("properties", .object(section.keys.map { ($0.name, schema(of: $0)) })))
        let required = section.keys.filter(\.isRequired).map { JSONValue.string($0.name) }
        if !required.isEmpty { members.append(("required", .array(required))) }
        members.append(("additionalProperties", .bool(false)))
        return members + section.schemaRules
    }

    /// The schema of one key's value: its description, type and allowed values, default.
    static func schema(of key: ScenarioKey) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("description", .string(key.summary))]
        switch key.kind {
        case .number(let range): members += numberMembers(range)
        case .integer(let range):
            members += [("type", .string("integer")), ("minimum", JSONValue(range.lowerBound)),
                        ("maximum", JSONValue(range.upperBound))]
        case .unsignedInteger:
            members += [("type", .string("integer")), ("minimum", JSONValue(0)), ("maximum", JSONValue(UInt64.max))]
        case .boolean: members.append(("type", .string("boolean")))
        case .text: members.append(("type", .string("string")))
        case .name: members += nameMembers
        case .choice(let values):
            members += [("type", .string("string")), ("enum", .array(values.map(JSONValue.string)))]
        case .file: members += [("type", .string("string")), ("minLength", JSONValue(1))]
        case .pair(let range):
            members += [("type", .string("array")), ("items", .object(numberMembers(range))),
                        ("minItems", JSONValue(2)), ("maxItems", JSONValue(2))]
        case .object(let section): members += objectMembers(of: section)
        case .steps(let minimumCount):
            members += [("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/step"))]))]
            if minimumCount > 0 { members.append(("minItems", JSONValue(minimumCount))) }
        case .strategies:
            members += [("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/strategy"))])),
                        ("minItems", JSONValue(1))]
        }
        if let defaultValue = key.defaultValue { members.append(("default", defaultValue)) }
        return .object(members)
    }

    /// `type: number` with `range`'s bounds.
    static func numberMembers(_ range: ScenarioDecoder.NumberRange) -> [(key: String, value: JSONValue)] {
        [("type", .string("number")), (range.isLowerExclusive ? "exclusiveMinimum" : "minimum", JSONValue(range.lower)),
         ("maximum", JSONValue(range.upper))]
    }

    /// A name's schema: a string of 1 to 200 characters (the characters it may not hold are in
    /// the description: JSON Schema's patterns are not used, to keep validators simple).
    static let nameMembers: [(key: String, value: JSONValue)] = [
        ("type", .string("string")), ("minLength", JSONValue(1)),
        ("maxLength", JSONValue(ScenarioDecoder.maximumLabelLength)),
    ]

    // MARK: Steps

    /// `$defs.step`: exactly one of the step kinds, each an object with one key naming it.
    static var stepSchema: JSONValue {
        let kinds = ScenarioKeys.steps.map { section -> JSONValue in
            let body = JSONValue.object([("description", .string(section.summary))] + objectMembers(of: section))
            return .object([("type", .string("object")), ("properties", .object([(section.name, body)])),
                            ("required", .array([.string(section.name)])), ("additionalProperties", .bool(false))])
        }
        return .object([
            ("description", .string("One step of the scroll script: an object with exactly one key naming its kind ("
                                        + ScenarioKeys.steps.map(\.name).joined(separator: ", ") + ").")),
            ("oneOf", .array(kinds)),
        ])
    }

    // MARK: Strategies

    /// `$defs.strategy`: a built-in name, a package's own name, or an entry object with `name`,
    /// an optional `label` and the strategy's parameters.
    static func strategySchema(_ strategies: [Strategy]) -> JSONValue {
        let names = JSONValue.array(strategies.map { .string($0.name) })
        let notBuiltIn: [(key: String, value: JSONValue)] =
            strategies.isEmpty ? [] : [("not", .object([("enum", names)]))]
        var choices: [JSONValue] = []
        if !strategies.isEmpty {
            choices.append(.object([
                ("description", .string("A strategy of the catalogue with its default parameters.")),
                ("type", .string("string")), ("enum", names),
            ]))
        }
        choices.append(.object([
            ("description", .string("A strategy a package adds to scrollsim, by name (checked when it runs).")),
            ("type", .string("string")), ("minLength", JSONValue(1)),
            ("maxLength", JSONValue(ScenarioDecoder.maximumLabelLength)),
        ] + notBuiltIn))
        for strategy in strategies {
            var properties: [(key: String, value: JSONValue)] = [
                ("name", .object([("const", .string(strategy.name))])), ("label", labelSchema),
            ]
            properties += strategy.parameters.map { ($0.name, parameterSchema($0)) }
            choices.append(.object([
                ("description", .string("\(strategy.name): \(strategy.summary)")), ("type", .string("object")),
                ("properties", .object(properties)), ("required", .array([.string("name")])),
                ("additionalProperties", .bool(false)),
            ]))
        }
        let ownName: [(key: String, value: JSONValue)] = [("type", .string("string"))] + notBuiltIn
        choices.append(.object([
            ("description", .string("A strategy a package adds to scrollsim, with its parameters (checked when it "
                                        + "runs).")),
            ("type", .string("object")),
            ("properties", .object([("name", .object(ownName)), ("label", labelSchema)])),
            ("required", .array([.string("name")])),
        ]))
        return .object([
            ("description", .string("A strategy to run: its name, or an object with its name, an optional label and "
                                        + "its parameters.")),
            ("oneOf", .array(choices)),
        ])
    }

    /// A strategy entry's `label`.
    static var labelSchema: JSONValue {
        .object([("description", .string("The name this entry's rows get in every output, so one strategy can run in "
                                             + "two configurations; unique in the scenario, no commas, quotes, slashes "
                                             + "or line breaks."))] + nameMembers)
    }

    /// A strategy parameter's schema.
    static func parameterSchema(_ parameter: Parameter) -> JSONValue {
        let described = parameter.defaultValue == nil && !parameter.defaultText.isEmpty
            ? "\(parameter.summary) Default: \(parameter.defaultText)." : parameter.summary
        var members: [(key: String, value: JSONValue)] = [("description", .string(described))]
        switch parameter.value {
        case .number(let range): members += numberMembers(.from(range.lowerBound, to: range.upperBound))
        case .integer(let range):
            members += [("type", .string("integer")), ("minimum", JSONValue(range.lowerBound)),
                        ("maximum", JSONValue(range.upperBound))]
        case .boolean: members.append(("type", .string("boolean")))
        case .choice(let values):
            members += [("type", .string("string")), ("enum", .array(values.map(JSONValue.string)))]
        }
        if let defaultValue = parameter.defaultValue { members.append(("default", defaultValue)) }
        return .object(members)
    }
}
