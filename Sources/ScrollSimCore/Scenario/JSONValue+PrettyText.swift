// JSON text for people: indented, one member per line (the schema file).

extension JSONValue {
    /// The value as indented JSON text: objects one member per line, indented by two spaces;
    /// arrays of scalars on one line (`["list", "grid"]`), other arrays one element per line;
    /// numbers by their source text; no final newline. Deterministic: members in order.
    /// - Complexity: O(size of the value).
    public var prettyText: String {
        var text = ""
        appendPrettyText(to: &text, indent: "")
        return text
    }

    /// Appends `prettyText` at `indent` (the indentation of the line the value starts on).
    private func appendPrettyText(to text: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .array(let elements) where elements.contains(where: \.isContainer):
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += inner
                element.appendPrettyText(to: &text, indent: inner)
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .array(let elements):
            text += "[" + elements.map(\.compactText).joined(separator: ", ") + "]"
        case .object(let members) where !members.isEmpty:
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += inner + JSONValue.string(member.key).compactText + ": "
                member.value.appendPrettyText(to: &text, indent: inner)
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        default:
            text += compactText
        }
    }

    /// Whether the value is an array or an object.
    private var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }
}
