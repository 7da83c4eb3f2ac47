/// A small, strict JSON parser (RFC 8259) over UTF-8 bytes, producing `JSONValue`.
///
/// It is a recursive-descent parser with one byte of look-ahead. It keeps what the scenario
/// format needs and a general-purpose parser would lose: object members stay in file order and
/// numbers keep their exact source text, so `18446744073709551615` or `1e999` can be judged by
/// the decoder from what the user wrote.
///
/// Strictness: duplicate keys, leading zeros, `NaN`/`Infinity`, trailing commas, comments,
/// single quotes, invalid escapes, unpaired surrogates, raw control characters in strings,
/// invalid UTF-8 and anything after the top-level value are errors. A leading UTF-8 byte order
/// mark is skipped, as RFC 8259 §8.1 permits. Nesting is limited to `maximumDepth` arrays and
/// objects so hostile input cannot exhaust the stack; every other input, whatever its bytes,
/// yields either a value or a `SyntaxError`, never a trap.
///
/// It does not stream, does not accept JSON5 or other extensions, and does not convert numbers
/// beyond `Double(text)`: range checks belong to the decoder.
///
/// Memory: two passes. The first (this type) checks the text and counts its values; the second
/// (`JSONTapeBuilder`) writes one 8-byte node per value into a table of exactly that size, and
/// the result's arrays and objects are views into it (`JSONTape`): at most about 5x the text.
/// Texts of 2 GiB or more are refused (the command line reads at most 64 MiB of JSON).
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 64

    /// A syntax error: where it is (1-based line and column, columns counted in Unicode scalars)
    /// and what was expected.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        /// 1-based line; lines end at `\n`, `\r\n` or a lone `\r`.
        public var line: Int
        /// 1-based column in Unicode scalars (a tab counts as one).
        public var column: Int
        /// 0-based offset of the offending byte in the input.
        public var byteOffset: Int
        /// What is wrong, e.g. "expected ',' or '}' after an object member, found '\"'".
        public var reason: String

        /// Makes an error at the given position.
        public init(line: Int, column: Int, byteOffset: Int, reason: String) {
            self.line = line
            self.column = column
            self.byteOffset = byteOffset
            self.reason = reason
        }

        /// `invalid JSON at line L, column C: reason`.
        public var description: String { "invalid JSON at line \(line), column \(column): \(reason)" }
    }

    /// Parses one JSON text from its UTF-8 `bytes`.
    /// - Complexity: O(n) in the number of bytes (errors add one O(n) pass to find the line).
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        try tape(of: bytes).root
    }

    /// The tape of one JSON text: checked by a first pass, written by `JSONTapeBuilder`.
    /// - Complexity: O(n) time; about `8 × values` bytes besides the text.
    static func tape(of bytes: [UInt8]) throws(SyntaxError) -> JSONTape {
        guard bytes.count <= JSONTape.maximumByteCount else {
            throw SyntaxError(line: 1, column: 1, byteOffset: 0,
                              reason: "the text is 2 GiB or longer, more than the parser reads")
        }
        var parser = JSONParser(bytes: bytes)
        try parser.parseDocument()
        return JSONTapeBuilder.tape(of: bytes, nodeCount: parser.nodeCount)
    }

    /// The string whose opening quote is at `offset` of `bytes` (a string the parser accepted),
    /// escapes resolved.
    /// - Complexity: O(length).
    static func decodedString(in bytes: [UInt8], at offset: Int) -> String {
        var parser = JSONParser(bytes: bytes)
        parser.position = offset
        return (try? parser.parseString(keepingText: true)) ?? ""
    }

    /// Parses one JSON text.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// The input.
    private let bytes: [UInt8]
    /// Offset of the next byte to read.
    private var position = 0
    /// The values read so far, object keys included: the second pass's node count.
    private var nodeCount = 0
    /// The keys of the objects being read, outermost first (see `isNewKey`).
    private var openKeys: [String] = []

    /// Makes a parser positioned at the start of `bytes`.
    private init(bytes: [UInt8]) { self.bytes = bytes }

    // MARK: Document and values

    /// Checks the whole input: optional BOM, one value, whitespace, end.
    private mutating func parseDocument() throws(SyntaxError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        skipWhitespace()
        try parseValue(depth: 0)
        skipWhitespace()
        if position < bytes.count {
            throw failure("expected the end of the file after the top-level value")
        }
    }

    /// Checks the value starting at `position` and counts it; `depth` counts the enclosing
    /// arrays and objects.
    private mutating func parseValue(depth: Int) throws(SyntaxError) {
        guard let byte = peek() else { throw failure("expected a value") }
        nodeCount += 1
        switch byte {
        case UInt8(ascii: "{"): try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): _ = try parseString(keepingText: false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            try parseLiteral()
        default:
            throw failure("expected a value")
        }
    }

    /// Checks an object; the current byte is `{`.
    private mutating func parseObject(depth: Int) throws(SyntaxError) {
        try checkDepth(depth)
        position += 1
        // The keys so far: this object's part of `openKeys`, and a set once there are many.
        let firstKey = openKeys.count
        var keySet: Set<String>?  // membership only: never iterated
        defer { openKeys.removeSubrange(firstKey...) }
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else {
                throw failure(openKeys.count == firstKey ? "expected a key in double quotes or '}'"
                                                         : "expected a key in double quotes")
            }
            let keyStart = position
            nodeCount += 1
            let key = try parseString(keepingText: true)
            guard isNewKey(key, firstKey: firstKey, set: &keySet) else {
                throw failure("duplicate key \(key.quotedForMessage)", at: keyStart, describingFound: false)
            }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else {
                throw failure("expected ':' after the key \(key.quotedForMessage)")
            }
            position += 1
            skipWhitespace()
            try parseValue(depth: depth)
            if try parseSeparator(closingWith: "}", after: "an object member") { return }
        }
    }

    /// Checks an array; the current byte is `[`.
    private mutating func parseArray(depth: Int) throws(SyntaxError) {
        try checkDepth(depth)
        position += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            try parseValue(depth: depth)
            if try parseSeparator(closingWith: "]", after: "an array element") { return }
        }
    }

    /// Checks what follows a member of an object or an element of an array (`item`, for the
    /// message): `,` and the next one (not `close`: no trailing comma), or `close`, the end of the
    /// container. Returns whether it was the end.
    private mutating func parseSeparator(closingWith close: Unicode.Scalar, after item: String) throws(SyntaxError)
        -> Bool {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: ","):
            let comma = position
            position += 1
            skipWhitespace()
            if peek() == UInt8(ascii: close) {
                throw failure("trailing comma before '\(close)' is not allowed", at: comma, describingFound: false)
            }
            return false
        case UInt8(ascii: close):
            position += 1
            return true
        default:
            throw failure("expected ',' or '\(close)' after \(item)")
        }
    }

    /// Records `key` of the object whose keys start at `openKeys[firstKey]`; false when it
    /// has it already. Compares with each earlier key while there are few (no allocation per
    /// small object), then uses `set`.
    private mutating func isNewKey(_ key: String, firstKey: Int, set: inout Set<String>?) -> Bool {
        if var keys = set {
            set = nil  // so that the insertion below changes the set in place
            defer { set = keys }
            return keys.insert(key).inserted
        }
        if openKeys[firstKey...].contains(key) { return false }
        openKeys.append(key)
        if openKeys.count - firstKey == 16 { set = Set(openKeys[firstKey...]) }
        return true
    }

    /// Rejects nesting deeper than `maximumDepth`.
    private func checkDepth(_ depth: Int) throws(SyntaxError) {
        if depth > Self.maximumDepth {
            throw failure(
                "arrays and objects are nested more than \(Self.maximumDepth) deep", at: position,
                describingFound: false)
        }
    }

    /// Checks `true`, `false` or `null`, with helpful errors for near misses such as `True` or `NaN`.
    private mutating func parseLiteral() throws(SyntaxError) {
        let start = position
        let word = readWord()
        switch word {
        case "true", "false", "null": return
        default:
            position = start
            throw failure(Self.wordProblem(word), at: start, describingFound: false)
        }
    }

    /// Reads a run of ASCII letters, digits and underscores (at most 40 kept for messages).
    private mutating func readWord() -> String {
        let start = position
        while let byte = peek(), Self.isWordByte(byte) { position += 1 }
        return String(decoding: bytes[start..<min(position, start + 40)], as: UTF8.self)
    }

    /// True for ASCII letters, digits and `_`.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// Explains why a bare word (possibly after a `-`) is not a JSON value.
    private static func wordProblem(_ word: String) -> String {
        let isNegated = word.hasPrefix("-")
        let unsigned = isNegated ? String(word.dropFirst()) : word
        if ["nan", "infinity", "inf"].contains(unsigned.lowercased()) {
            return "'\(word)' is not allowed: JSON numbers must be finite"
        }
        if isNegated { return "expected a digit after '-', found \(MessageLine.quoted(unsigned))" }
        if ["true", "false", "null"].contains(word.lowercased()) {
            return "'\(word)' is not valid JSON; did you mean '\(word.lowercased())'?"
        }
        return "expected a value, found \(MessageLine.quoted(word))"
    }

    // MARK: Numbers

    /// Checks a number per RFC 8259 §6 (and that `Double(text)` reads it).
    private mutating func parseNumber() throws(SyntaxError) {
        let start = position
        if peek() == UInt8(ascii: "-") {
            position += 1
            if let byte = peek(), Self.isWordByte(byte), !Self.isDigit(byte) {
                let wordStart = position
                let word = readWord()
                position = wordStart
                throw failure(Self.wordProblem("-" + word), at: start, describingFound: false)
            }
        }
        guard let first = peek(), Self.isDigit(first) else { throw failure("expected a digit after '-'") }
        position += 1
        if first == UInt8(ascii: "0"), let next = peek(), Self.isDigit(next) {
            throw failure("numbers must not have leading zeros", at: start, describingFound: false)
        }
        skipDigits()
        var isInteger = true
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard let byte = peek(), Self.isDigit(byte) else { throw failure("expected a digit after '.'") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard let byte = peek(), Self.isDigit(byte) else { throw failure("expected a digit in the exponent") }
            skipDigits()
        }
        guard !isInteger else { return }  // digits alone: `Double(text)` reads them, no need to try
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard Double(text) != nil else {
            throw failure("cannot read the number '\(text)'", at: start, describingFound: false)
        }
    }

    /// Advances past ASCII digits.
    private mutating func skipDigits() {
        while let byte = peek(), Self.isDigit(byte) { position += 1 }
    }

    /// True for `0`...`9`.
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    // MARK: Strings

    /// Parses a string; the current byte is `"`. Validates UTF-8 and escapes. Returns its text,
    /// or "" unless `keepingText` (a string value, which the second pass reads again).
    private mutating func parseString(keepingText: Bool) throws(SyntaxError) -> String {
        let opening = position
        position += 1
        var buffer: [UInt8] = []
        var runStart = position  // start of the escape-free run not yet copied to `buffer`
        while true {
            guard let byte = peek() else {
                throw failure("the string is not terminated", at: opening, describingFound: false)
            }
            switch byte {
            case UInt8(ascii: "\""):
                let run = bytes[runStart..<position]
                position += 1
                if !keepingText { return "" }
                if buffer.isEmpty { return String(decoding: run, as: UTF8.self) }
                buffer.append(contentsOf: run)
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                if keepingText { buffer.append(contentsOf: bytes[runStart..<position]) }
                try parseEscape(into: &buffer)
                if !keepingText { buffer.removeAll(keepingCapacity: true) }
                runStart = position
            case 0x00..<0x20:
                throw failure(
                    "control characters must be escaped in strings (e.g. \\n, \\t or \\u0000)")
            case 0x20..<0x80:
                position += 1
            default:
                guard let length = scalarLength(at: position) else {
                    throw failure("\(describe(at: position)) in a string", describingFound: false)
                }
                position += length
            }
        }
    }

    /// Parses one escape sequence (the current byte is `\`) and appends its UTF-8 to `buffer`.
    private mutating func parseEscape(into buffer: inout [UInt8]) throws(SyntaxError) {
        let start = position
        position += 1
        guard let byte = peek() else {
            throw failure("the string is not terminated", at: start, describingFound: false)
        }
        let simple: UInt8?
        switch byte {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            throw failure(
                "invalid escape in a string; allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", at: start,
                describingFound: false)
        }
        position += 1
        if let simple {
            buffer.append(simple)
            return
        }
        var scalar = try parseHex4(escapeStart: start)
        if (0xD800...0xDBFF).contains(scalar) {
            let low = position
            guard peek() == UInt8(ascii: "\\"), peek(offset: 1) == UInt8(ascii: "u") else {
                throw failure("\\u escape of an unpaired surrogate", at: start, describingFound: false)
            }
            position += 2
            let second = try parseHex4(escapeStart: low)
            guard (0xDC00...0xDFFF).contains(second) else {
                throw failure("\\u escape of an unpaired surrogate", at: start, describingFound: false)
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (second - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw failure("\\u escape of an unpaired surrogate", at: start, describingFound: false)
        }
        // Not a surrogate here, so the scalar is valid.
        buffer.append(contentsOf: Unicode.Scalar(scalar).map { Array(String($0).utf8) } ?? [])
    }

    /// Reads the four hexadecimal digits of a `\u` escape.
    private mutating func parseHex4(escapeStart: Int) throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt32
            switch peek() {
            case let byte? where Self.isDigit(byte): digit = UInt32(byte - UInt8(ascii: "0"))
            case let byte? where (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte):
                digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case let byte? where (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte):
                digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default:
                throw failure("expected 4 hexadecimal digits after \\u", at: escapeStart, describingFound: false)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence at `offset` (Unicode Table 3-7), or nil.
    private func scalarLength(at offset: Int) -> Int? {
        let lead = bytes[offset]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: return nil
        }
        guard offset + length <= bytes.count, secondRange.contains(bytes[offset + 1]) else { return nil }
        for index in (offset + 2)..<(offset + length) where !(0x80...0xBF).contains(bytes[index]) {
            return nil
        }
        return length
    }

    // MARK: Scanning and errors

    /// The byte at `position + offset`, or nil at the end.
    private func peek(offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    /// Skips the four JSON whitespace bytes (space, tab, line feed, carriage return).
    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    /// An error at `offset` (default: the current position); unless told otherwise, the reason
    /// gets ", found X" naming what is there.
    private func failure(_ reason: String, at offset: Int? = nil, describingFound: Bool = true) -> SyntaxError {
        let offset = offset ?? position
        var text = reason
        if describingFound {
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "/"),
                offset + 1 < bytes.count,
                bytes[offset + 1] == UInt8(ascii: "/") || bytes[offset + 1] == UInt8(ascii: "*")
            {
                text = "comments are not allowed in JSON"
            } else {
                text += ", found " + describe(at: offset)
            }
        }
        var line = 1
        var column = 1
        var index = 0
        while index < offset {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte != 0x0D && (byte & 0xC0) != 0x80 {
                column += 1
            }
            index += 1
        }
        return SyntaxError(line: line, column: column, byteOffset: offset, reason: text)
    }

    /// Names the character at `offset` for a message: `'x'`, `U+00E9 'é'`, `U+000A`, invalid
    /// UTF-8, or the end of the file.
    private func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "'") { return "\"'\"" }
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        guard let length = scalarLength(at: offset) else {
            return "invalid UTF-8 (byte 0x\(Self.hex(UInt32(byte), width: 2)))"
        }
        guard let scalar = String(decoding: bytes[offset..<offset + length], as: UTF8.self).unicodeScalars.first else {
            return "the end of the file"  // unreachable: a well-formed sequence decodes to one scalar
        }
        let code = "U+" + Self.hex(scalar.value, width: 4)
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse, .unassigned:
            return code
        default:
            return "\(code) '\(Character(scalar))'"
        }
    }

    /// `value` in upper-case hexadecimal, zero-padded to `width` digits.
    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
