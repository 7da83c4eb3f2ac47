/// A parsed JSON value. Objects keep their members in file order, so nothing downstream can
/// depend on hash order; numbers keep their source text so integers beyond 2^53 are not rounded.
///
/// Not `indirect`: arrays and objects are `JSONArray` and `JSONObject`, which for a parsed text
/// are views into its `JSONTape` (each value made when it is read), so a parsed document costs a
/// small multiple of its size (see `JSONTape`).
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number: its value and its exact source text.
    case number(Double, text: String)
    /// A string, escapes resolved.
    case string(String)
    /// An array, in order.
    case array(JSONArray)
    /// Members in file order. Duplicate keys are rejected by the parser.
    case object(JSONObject)

    /// Structural equality; numbers compare by value (not text), object members by order.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.number(x, _), .number(y, _)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x == y
        default: false
        }
    }
}
