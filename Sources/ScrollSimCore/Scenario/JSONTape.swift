/// A parsed JSON text in flat form: the text's bytes and one 64-bit node per value (and per
/// object key), from which `JSONValue`s are made on demand.
///
/// Layout: the direct children of an array, or the keys and values of an object (key, value,
/// key, value, …), are contiguous in `nodes`; a container's node holds where its children start
/// and how many there are, so element `i` is one index away. A scalar's node holds its kind and
/// the offset of its first byte in `bytes`: a number's text and a string's characters are read
/// from there when the value is made (a number is parsed by `Double(text)` then, a string's
/// escapes resolved then), so nothing is stored twice. The root's node is the last one.
///
/// Why: a tree of enums costs tens of bytes per value (28x the file for `[1,1,…]`); this costs
/// 8 bytes per value plus the text, at most 5x the file (a value takes at least two bytes, its
/// separator included). See docs/model.md, "Input limits and output rules".
///
/// Node encoding: the top 3 bits are the kind; a scalar's low 61 bits are its byte offset; a
/// container's bits 30...60 are the index of its first child and its low 30 bits the number of
/// elements (members for an object). `JSONParser` refuses texts of 2 GiB or more, so both fit.
final class JSONTape: Sendable {
    /// The UTF-8 text, already validated by `JSONParser`.
    let bytes: [UInt8]
    /// One node per value and per object key; the root's node is last.
    let nodes: [UInt64]

    /// A tape over `bytes` (valid JSON) with its `nodes`.
    init(bytes: [UInt8], nodes: [UInt64]) {
        self.bytes = bytes
        self.nodes = nodes
    }

    // MARK: Node encoding

    /// `null`.
    static let nullKind: UInt64 = 0
    /// `false`.
    static let falseKind: UInt64 = 1
    /// `true`.
    static let trueKind: UInt64 = 2
    /// A number; the payload is the offset of its first byte.
    static let numberKind: UInt64 = 3
    /// A string without escapes; the payload is the offset of its opening quote.
    static let plainStringKind: UInt64 = 4
    /// A string with at least one escape; the payload is the offset of its opening quote.
    static let escapedStringKind: UInt64 = 5
    /// An array; the payload is its first element's index and its count.
    static let arrayKind: UInt64 = 6
    /// An object; the payload is its first key's index and its member count.
    static let objectKind: UInt64 = 7

    /// The largest text, in bytes, whose nodes fit the encoding (2 GiB − 1).
    static let maximumByteCount = (1 << 31) - 1

    /// A scalar node of `kind` whose text starts at `offset`.
    static func scalar(_ kind: UInt64, at offset: Int) -> UInt64 { kind << 61 | UInt64(offset) }

    /// A container node of `kind` whose children start at index `start`; `count` elements or members.
    static func container(_ kind: UInt64, start: Int, count: Int) -> UInt64 {
        kind << 61 | UInt64(start) << 30 | UInt64(count)
    }

    /// The index of a container's first child.
    static func start(of node: UInt64) -> Int { Int(truncatingIfNeeded: node >> 30 & (1 << 31 - 1)) }

    /// A container's element or member count.
    static func count(of node: UInt64) -> Int { Int(truncatingIfNeeded: node & (1 << 30 - 1)) }

    /// A scalar's byte offset.
    static func offset(of node: UInt64) -> Int { Int(truncatingIfNeeded: node & (1 << 61 - 1)) }

    // MARK: Values

    /// The root value.
    var root: JSONValue { value(of: nodes[nodes.count - 1]) }

    /// The value at node index `index`.
    /// - Complexity: O(1) for containers and literals; O(length) for numbers and strings.
    func value(at index: Int) -> JSONValue { value(of: nodes[index]) }

    /// The value a node stands for.
    func value(of node: UInt64) -> JSONValue {
        switch node >> 61 {
        case Self.nullKind: return .null
        case Self.falseKind: return .bool(false)
        case Self.trueKind: return .bool(true)
        case Self.numberKind:
            let text = numberText(at: Self.offset(of: node))
            // The parser checked that `Double(text)` reads every number of the text.
            return .number(Double(text) ?? .nan, text: text)
        case Self.plainStringKind, Self.escapedStringKind: return .string(string(of: node))
        case Self.arrayKind:
            return .array(JSONArray(tape: self, start: Self.start(of: node), count: Self.count(of: node)))
        default:
            return .object(JSONObject(tape: self, start: Self.start(of: node), count: Self.count(of: node)))
        }
    }

    /// The string a string node stands for (an object key or a string value).
    /// - Complexity: O(length).
    func string(at index: Int) -> String { string(of: nodes[index]) }

    /// The string of a string node: the bytes between its quotes, escapes resolved.
    private func string(of node: UInt64) -> String {
        let opening = Self.offset(of: node)
        if node >> 61 == Self.escapedStringKind { return JSONParser.decodedString(in: bytes, at: opening) }
        var end = opening + 1
        while bytes[end] != UInt8(ascii: "\"") { end += 1 }
        return String(decoding: bytes[(opening + 1)..<end], as: UTF8.self)
    }

    /// The source text of the number starting at `offset`.
    private func numberText(at offset: Int) -> String {
        var end = offset
        while end < bytes.count, Self.isNumberByte(bytes[end]) { end += 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    /// True for the bytes a JSON number is made of: digits, `-`, `+`, `.`, `e`, `E`.
    static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default: false
        }
    }
}
