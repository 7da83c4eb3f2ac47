/// A path to a value inside a JSON document, as sweep axes name scenario fields:
/// `cells.prefetchScreens`, `strategies[0].memoryCacheMB`, `strategies[*].memoryCacheMB`.
///
/// Grammar: a key, then any number of `.key`, `[index]` (a decimal array index) or `[*]` (every
/// element of an array). A key is one or more characters other than `.`, `[` and `]` (scenario
/// keys are camelCase identifiers). The text form round-trips: `JSONPath(parsing: p).description
/// == p` for every valid `p`. It does not support quoted keys or negative indices.
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Sendable, Equatable {
        /// A member of an object.
        case key(String)
        /// An element of an array, by position from 0.
        case index(Int)
        /// Every element of an array (`[*]`).
        case everyElement
    }

    /// The steps, outermost first; never empty, and the first is a `.key`.
    public let components: [Component]

    /// Parses `text`.
    /// - Throws: `JSONPathError` saying what is wrong and where.
    public init(parsing text: String) throws(JSONPathError) {
        var components: [Component] = []
        var characters = Substring(text)
        func key() throws(JSONPathError) -> String {
            let name = characters.prefix { $0 != "." && $0 != "[" && $0 != "]" }
            guard !name.isEmpty else {
                throw JSONPathError("\(MessageLine.quoted(text)) is not a path: expected a key at character "
                                    + "\(text.count - characters.count + 1) "
                                    + "(write keys joined by '.', with [n] or [*] for arrays)")
            }
            characters = characters.dropFirst(name.count)
            return String(name)
        }
        components.append(.key(try key()))
        while let next = characters.first {
            characters = characters.dropFirst()
            switch next {
            case ".":
                components.append(.key(try key()))
            case "[":
                let inside = characters.prefix { $0 != "]" }
                guard characters.dropFirst(inside.count).first == "]" else {
                    throw JSONPathError("\(MessageLine.quoted(text)) is not a path: '[' without a closing ']'")
                }
                characters = characters.dropFirst(inside.count + 1)
                if inside == "*" {
                    components.append(.everyElement)
                } else if !inside.isEmpty, inside.count <= 9, inside.allSatisfy({ ("0"..."9").contains($0) }),
                          let index = Int(inside) {
                    components.append(.index(index))
                } else {
                    throw JSONPathError("\(MessageLine.quoted(text)) is not a path: "
                                        + "'[\(inside)]' must be an array index [0], [1], … or [*]")
                }
            default:
                throw JSONPathError("\(MessageLine.quoted(text)) is not a path: unexpected '\(next)' at character "
                                    + "\(text.count - characters.count) "
                                    + "(write keys joined by '.', with [n] or [*] for arrays)")
            }
        }
        self.components = components
    }

    /// The path's text, e.g. `strategies[0].memoryCacheMB`.
    public var description: String { Self.text(of: components[...]) }

    /// The text of a run of components (a prefix of a path).
    static func text(of components: ArraySlice<Component>) -> String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            case .everyElement: text += "[*]"
            }
        }
        return text
    }
}

/// A path that is not valid, or that does not fit a document.
public struct JSONPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, written for a person.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

extension JSONValue {
    /// This value with the value at `path` replaced by `newValue`.
    ///
    /// An existing object member keeps its position; a missing one is appended (and missing
    /// objects on the way are created, so `network.latencyMsMedian` works on a scenario without a
    /// `network` section). An array index must exist; `[*]` sets the rest of the path in every
    /// element. Whether the result is a valid scenario is the decoder's business.
    /// - Throws: `JSONPathError` when the path goes through something that is not an object or
    ///   an array, or an index is out of range; the message names the path up to that point.
    /// - Complexity: O(size of the objects and arrays along the path).
    public func setting(_ newValue: JSONValue, at path: JSONPath) throws(JSONPathError) -> JSONValue {
        try setting(newValue, at: path.components[...], depth: 0, in: path)
    }

    /// `setting(_:at:)` for the components from `depth` on.
    private func setting(
        _ newValue: JSONValue, at components: ArraySlice<JSONPath.Component>, depth: Int, in path: JSONPath
    ) throws(JSONPathError) -> JSONValue {
        guard let component = components.first else { return newValue }
        let rest = components.dropFirst()
        let here = JSONPath.text(of: path.components[..<(path.components.startIndex + depth)])
        let place = here.isEmpty ? "the top level" : "'\(here)'"
        switch (component, self) {
        case (.key(let key), .object(var members)):
            if let position = members.firstIndex(where: { $0.key == key }) {
                members[position].value = try members[position].value.setting(newValue, at: rest,
                                                                               depth: depth + 1, in: path)
            } else if let next = rest.first {
                guard case .key = next else {
                    let missing = JSONPath.text(of: path.components[...(path.components.startIndex + depth)])
                    throw JSONPathError("'\(missing)' is not set, so '\(path)' has no array to index")
                }
                members.append((key, try JSONValue.object([]).setting(newValue, at: rest, depth: depth + 1, in: path)))
            } else {
                members.append((key, newValue))
            }
            return .object(members)
        case (.key(let key), _):
            throw JSONPathError("\(place) is \(kindName), not an object, so it has no key \(MessageLine.quoted(key))")
        case (.index(let index), .array(var elements)):
            guard index < elements.count else {
                let range = elements.isEmpty ? "it is empty" : "indices 0...\(elements.count - 1)"
                throw JSONPathError("\(place) has \(elements.count) element\(elements.count == 1 ? "" : "s") "
                                    + "(\(range)), so [\(index)] is out of range")
            }
            elements[index] = try elements[index].setting(newValue, at: rest, depth: depth + 1, in: path)
            return .array(elements)
        case (.everyElement, .array(let elements)):
            var updated: [JSONValue] = []
            updated.reserveCapacity(elements.count)
            for element in elements {
                updated.append(try element.setting(newValue, at: rest, depth: depth + 1, in: path))
            }
            return .array(updated)
        case (.index, _), (.everyElement, _):
            throw JSONPathError("\(place) is \(kindName), not an array")
        }
    }

    /// The value as compact JSON text: numbers by their source text, strings escaped, no spaces,
    /// object members in order. Deterministic; used to print axis values.
    /// - Complexity: O(size of the value).
    public var compactText: String {
        var text = ""
        appendCompactText(to: &text)
        return text
    }

    /// Appends `compactText` to `text`.
    private func appendCompactText(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(_, let source): text += source
        case .string(let string): Self.appendQuoted(string, to: &text)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.appendCompactText(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                Self.appendQuoted(member.key, to: &text)
                text += ":"
                member.value.appendCompactText(to: &text)
            }
            text += "}"
        }
    }

    /// Appends `string` as a JSON string literal (RFC 8259 escapes; other characters as is).
    private static func appendQuoted(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}
