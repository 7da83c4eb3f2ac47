// JSON values built by code from Swift arrays: `.array([…])` and `.object([…])` read as they did
// when the cases held arrays.

extension JSONValue {
    /// An array of `elements`.
    public static func array(_ elements: [JSONValue]) -> JSONValue { .array(JSONArray(elements)) }

    /// An object of `members`, in order (keys unique).
    public static func object(_ members: [(key: String, value: JSONValue)]) -> JSONValue {
        .object(JSONObject(members))
    }
}
