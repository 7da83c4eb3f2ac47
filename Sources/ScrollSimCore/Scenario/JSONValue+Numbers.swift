// JSON numbers made from Swift numbers, with the text the decoder's messages print (the key table's
// defaults and the schema's bounds).

extension JSONValue {
    /// A JSON number for `number`, its text as the decoder's messages print it (`60`, `0.25`).
    init(_ number: Double) { self = .number(number, text: ScenarioDecoder.formatted(number)) }

    /// A JSON number for `integer`.
    init(_ integer: Int) { self = .number(Double(integer), text: String(integer)) }

    /// A JSON number for `integer`.
    init(_ integer: UInt64) { self = .number(Double(integer), text: String(integer)) }
}
