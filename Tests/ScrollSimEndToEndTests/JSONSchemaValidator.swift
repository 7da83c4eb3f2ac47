import ScrollSimCore

/// A validator for the subset of JSON Schema (draft 2020-12) that `docs/scenario.schema.json`
/// uses, with no dependencies: enough to check that every bundled scenario is valid and that
/// invalid ones are not.
///
/// Keywords: `type` (one name), `enum`, `const`, `minimum`, `exclusiveMinimum`, `maximum`,
/// `minLength`, `maxLength` (in Unicode scalars), `properties`, `required`,
/// `additionalProperties` (a schema), `maxProperties`, `dependentSchemas`, `items`, `minItems`,
/// `maxItems`, `oneOf`, `anyOf`, `allOf`, `not`, `if`/`then`/`else`, `$ref` to `#/$defs/<name>`,
/// and Boolean schemas; `$schema`, `$defs`, `title`, `description` and `default` are
/// annotations. Any other keyword is refused when the validator is made, so the schema cannot
/// come to rely on one this validator would silently skip.
struct JSONSchemaValidator {
    /// Why a schema cannot be used.
    struct SchemaError: Error, CustomStringConvertible {
        /// What is wrong, with where.
        var description: String
    }

    /// The keywords understood.
    static let keywords: Set<String> = [
        "type", "enum", "const", "minimum", "exclusiveMinimum", "maximum", "minLength", "maxLength", "properties",
        "required", "additionalProperties", "maxProperties", "dependentSchemas", "items", "minItems", "maxItems",
        "oneOf", "anyOf", "allOf", "not", "if", "then", "else", "$ref", "$schema", "$defs", "title", "description",
        "default",
    ]

    /// The whole schema (for `$ref`).
    let root: JSONValue

    /// A validator of `schema`.
    /// - Throws: `SchemaError` for a keyword outside the subset, or a `$ref` to nothing.
    init(schema: JSONValue) throws {
        root = schema
        try check(schema, at: "#")
    }

    /// The problems of `instance`, each "<JSON path>: <what>" (empty when valid).
    func errors(of instance: JSONValue) -> [String] {
        var errors: [String] = []
        validate(instance, against: root, at: "", errors: &errors)
        return errors
    }

    // MARK: Checking the schema

    /// Refuses keywords outside the subset and dangling references, everywhere in `schema`.
    private func check(_ schema: JSONValue, at place: String) throws {
        if case .bool = schema { return }
        guard case .object(let members) = schema else { throw SchemaError(description: "\(place): not a schema") }
        for (key, value) in members {
            guard Self.keywords.contains(key) else {
                throw SchemaError(description: "\(place): unsupported keyword \(key)")
            }
            switch key {
            case "properties", "$defs", "dependentSchemas":
                guard case .object(let named) = value else {
                    throw SchemaError(description: "\(place)/\(key): not an object")
                }
                for (name, sub) in named { try check(sub, at: "\(place)/\(key)/\(name)") }
            case "items", "additionalProperties", "not", "if", "then", "else":
                try check(value, at: "\(place)/\(key)")
            case "oneOf", "anyOf", "allOf":
                guard case .array(let subs) = value else {
                    throw SchemaError(description: "\(place)/\(key): not an array")
                }
                for (index, sub) in subs.enumerated() { try check(sub, at: "\(place)/\(key)/\(index)") }
            case "$ref":
                guard case .string(let reference) = value, resolve(reference) != nil else {
                    throw SchemaError(description: "\(place): $ref to nothing")
                }
            default:
                break
            }
        }
    }

    /// The schema `reference` (`#/$defs/<name>`) points at.
    private func resolve(_ reference: String) -> JSONValue? {
        let prefix = "#/$defs/"
        guard reference.hasPrefix(prefix), case .object(let members) = root,
              case .object(let defs)? = members.first(where: { $0.key == "$defs" })?.value else { return nil }
        let name = String(reference.dropFirst(prefix.count))
        return defs.first { $0.key == name }?.value
    }

    // MARK: Validating

    /// Appends the problems of `instance` (at JSON path `path`) against `schema` to `errors`.
    private func validate(_ instance: JSONValue, against schema: JSONValue, at path: String, errors: inout [String]) {
        if case .bool(let allowed) = schema {
            if !allowed { errors.append("\(path): not allowed") }
            return
        }
        guard case .object(let keywords) = schema else { return }
        func keyword(_ name: String) -> JSONValue? { keywords.first { $0.key == name }?.value }
        func isValid(_ sub: JSONValue) -> Bool {
            var found: [String] = []
            validate(instance, against: sub, at: path, errors: &found)
            return found.isEmpty
        }
        if case .string(let reference)? = keyword("$ref"), let target = resolve(reference) {
            validate(instance, against: target, at: path, errors: &errors)
        }
        if case .string(let type)? = keyword("type"), !Self.has(instance, type: type) {
            errors.append("\(path): expected \(type)")
            return
        }
        if case .array(let values)? = keyword("enum"), !values.contains(instance) {
            errors.append("\(path): not one of the allowed values")
        }
        if let constant = keyword("const"), constant != instance {
            errors.append("\(path): must be \(constant.compactText)")
        }
        if case .number(let number, _) = instance {
            if case .number(let minimum, _)? = keyword("minimum"), number < minimum {
                errors.append("\(path): below minimum")
            }
            if case .number(let bound, _)? = keyword("exclusiveMinimum"), number <= bound {
                errors.append("\(path): not above exclusiveMinimum")
            }
            if case .number(let maximum, _)? = keyword("maximum"), number > maximum {
                errors.append("\(path): above maximum")
            }
        }
        if case .string(let text) = instance {
            let length = Double(text.unicodeScalars.count)
            if case .number(let minimum, _)? = keyword("minLength"), length < minimum {
                errors.append("\(path): too short")
            }
            if case .number(let maximum, _)? = keyword("maxLength"), length > maximum {
                errors.append("\(path): too long")
            }
        }
        if case .array(let elements) = instance {
            let count = Double(elements.count)
            if case .number(let minimum, _)? = keyword("minItems"), count < minimum {
                errors.append("\(path): too few items")
            }
            if case .number(let maximum, _)? = keyword("maxItems"), count > maximum {
                errors.append("\(path): too many items")
            }
            if let items = keyword("items") {
                for (index, element) in elements.enumerated() {
                    validate(element, against: items, at: "\(path)[\(index)]", errors: &errors)
                }
            }
        }
        if case .object(let members) = instance {
            validateObject(members.members, keyword: keyword, at: path, errors: &errors)
        }
        if case .array(let subs)? = keyword("allOf") {
            for sub in subs { validate(instance, against: sub, at: path, errors: &errors) }
        }
        if case .array(let subs)? = keyword("anyOf"), !subs.contains(where: isValid) {
            errors.append("\(path): matches none of anyOf")
        }
        if case .array(let subs)? = keyword("oneOf") {
            let matches = subs.filter(isValid).count
            if matches != 1 { errors.append("\(path): matches \(matches) of oneOf, not exactly 1") }
        }
        if let sub = keyword("not"), isValid(sub) { errors.append("\(path): matches not") }
        if let condition = keyword("if") {
            if isValid(condition) {
                if let then = keyword("then") { validate(instance, against: then, at: path, errors: &errors) }
            } else if let otherwise = keyword("else") {
                validate(instance, against: otherwise, at: path, errors: &errors)
            }
        }
    }

    /// The object keywords on `members`.
    private func validateObject(
        _ members: [(key: String, value: JSONValue)], keyword: (String) -> JSONValue?, at path: String,
        errors: inout [String]
    ) {
        let properties: [(key: String, value: JSONValue)]
        if case .object(let declared)? = keyword("properties") { properties = declared.members } else { properties = [] }
        for (key, value) in members {
            let memberPath = path.isEmpty ? key : "\(path).\(key)"
            if let property = properties.first(where: { $0.key == key }) {
                validate(value, against: property.value, at: memberPath, errors: &errors)
            } else if let additional = keyword("additionalProperties") {
                validate(value, against: additional, at: memberPath, errors: &errors)
            }
        }
        if case .array(let required)? = keyword("required") {
            for case .string(let name) in required where !members.contains(where: { $0.key == name }) {
                errors.append("\(path): missing \(name)")
            }
        }
        if case .number(let maximum, _)? = keyword("maxProperties"), Double(members.count) > maximum {
            errors.append("\(path): too many members")
        }
        if case .object(let dependents)? = keyword("dependentSchemas") {
            for (name, sub) in dependents where members.contains(where: { $0.key == name }) {
                validate(.object(members), against: sub, at: path, errors: &errors)
            }
        }
    }

    /// Whether `value` is of JSON Schema type `type` (`integer`: a number with no fraction).
    static func has(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
             ("number", .number):
            return true
        case ("integer", .number(let number, _)):
            return number.isFinite && number.rounded(.towardZero) == number
        default:
            return false
        }
    }
}
