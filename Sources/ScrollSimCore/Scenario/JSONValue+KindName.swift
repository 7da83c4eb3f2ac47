extension JSONValue {
    /// How the value is named after "found" in messages: `a string`, `an array`, `a number`,
    /// `an object`, `null`, `true` or `false`.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
