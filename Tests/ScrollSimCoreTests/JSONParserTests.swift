import Testing

@testable import ScrollSimCore

/// SplitMix64 (Steele, Lea, Flood 2014), local to these tests so they depend on no engine code.
private struct TestGenerator {
    /// The generator's state.
    private var state: UInt64

    /// A generator starting from `seed`.
    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (modulo bias is irrelevant here).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// A random element of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}

/// A valid document exercising every JSON feature, used as the seed of mutation fuzzing.
private let sampleDocument = """
    {
      "name": "photo-grid", "seed": 7, "big": 18446744073709551615, "neg": -0.5e-3,
      "flags": [true, false, null], "text": "tab\\t quote\\" slash\\/ \\u00e9 \\ud83d\\ude00 é",
      "nested": {"a": [1, [2, [3, {"b": {}}]]], "empty": [], "e": 1E+2},
      "script": [ { "drag": { "velocity": 350, "seconds": 1.0 } }, { "fling": { "velocity": -2800 } } ]
    }
    """

@Suite struct JSONParserTests {
    // MARK: Values

    @Test func objectsKeepMemberOrderAndNumbersKeepTheirText() throws {
        let value = try JSONParser.parse(#"{"z": 1.50, "a": -0, "m": 1E+2, "big": 18446744073709551616}"#)
        guard case .object(let members) = value else {
            Issue.record("expected an object, got \(value)")
            return
        }
        #expect(members.map(\.key) == ["z", "a", "m", "big"])
        let texts = members.compactMap { member -> String? in
            if case .number(_, let text) = member.value { return text }
            return nil
        }
        #expect(texts == ["1.50", "-0", "1E+2", "18446744073709551616"])
        #expect(members[0].value == .number(1.5, text: "1.50"))
        #expect(members[2].value == .number(100, text: "1E+2"))
    }

    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(" [null, true, false, 0, -12.5e1, \"\", [], {}] \n")
        #expect(
            value
                == .array([
                    .null, .bool(true), .bool(false), .number(0, text: "0"), .number(-125, text: "-12.5e1"),
                    .string(""), .array([]), .object([]),
                ]))
    }

    @Test func decodesEveryEscapeAndSurrogatePairs() throws {
        let value = try JSONParser.parse(#""\" \\ \/ \b \f \n \r \t \u00e9 \uD83D\uDE00 \u0000 é""#)
        #expect(value == .string("\" \\ / \u{08} \u{0C} \n \r \t é 😀 \u{0} é"))
    }

    @Test func hugeExponentsParseAsInfinityForTheDecoderToReject() throws {
        #expect(try JSONParser.parse("1e999") == .number(.infinity, text: "1e999"))
    }

    @Test func skipsALeadingByteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8)) == .object([]))
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = JSONParser.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: Never.self) { try JSONParser.parse(text) }
    }

    // MARK: Errors

    /// Each malformed input and the exact message it gets.
    static let malformed: [(input: String, message: String)] = [
        (#"{"a": 1 "b": 2}"#,
         #"invalid JSON at line 1, column 9: expected ',' or '}' after an object member, found '"'"#),
        (
            "{\n  \"layout\": {\n    \"itemCount\": 10\n    \"kind\": \"grid\"\n  }\n}",
            #"invalid JSON at line 4, column 5: expected ',' or '}' after an object member, found '"'"#
        ),
        ("{\r\n\"a\": 1,\r\n}", "invalid JSON at line 2, column 7: trailing comma before '}' is not allowed"),
        ("[1, 2,]", "invalid JSON at line 1, column 6: trailing comma before ']' is not allowed"),
        ("[1 2]", "invalid JSON at line 1, column 4: expected ',' or ']' after an array element, found '2'"),
        (#"{"a": NaN}"#, "invalid JSON at line 1, column 7: 'NaN' is not allowed: JSON numbers must be finite"),
        ("[-Infinity]", "invalid JSON at line 1, column 2: '-Infinity' is not allowed: JSON numbers must be finite"),
        ("-x", "invalid JSON at line 1, column 1: expected a digit after '-', found 'x'"),
        ("[01]", "invalid JSON at line 1, column 2: numbers must not have leading zeros"),
        ("1.", "invalid JSON at line 1, column 3: expected a digit after '.', found the end of the file"),
        ("1e+", "invalid JSON at line 1, column 4: expected a digit in the exponent, found the end of the file"),
        ("True", "invalid JSON at line 1, column 1: 'True' is not valid JSON; did you mean 'true'?"),
        ("[yes]", "invalid JSON at line 1, column 2: expected a value, found 'yes'"),
        (#"{"a": 1, "a": 2}"#, "invalid JSON at line 1, column 10: duplicate key 'a'"),
        (#"{"a" 1}"#, "invalid JSON at line 1, column 6: expected ':' after the key 'a', found '1'"),
        ("{'a': 1}", #"invalid JSON at line 1, column 2: expected a key in double quotes or '}', found "'""#),
        (#"{"a": 1, }"#, "invalid JSON at line 1, column 8: trailing comma before '}' is not allowed"),
        ("{\"a\": 1, b: 2}", "invalid JSON at line 1, column 10: expected a key in double quotes, found 'b'"),
        ("// settings\n{}", "invalid JSON at line 1, column 1: comments are not allowed in JSON"),
        ("{\"a\": 1 /* x */}", "invalid JSON at line 1, column 9: comments are not allowed in JSON"),
        ("{} x", "invalid JSON at line 1, column 4: expected the end of the file after the top-level value, found 'x'"),
        ("", "invalid JSON at line 1, column 1: expected a value, found the end of the file"),
        ("  \n ", "invalid JSON at line 2, column 2: expected a value, found the end of the file"),
        ("é", "invalid JSON at line 1, column 1: expected a value, found U+00E9 'é'"),
        (#"["é", x]"#, "invalid JSON at line 1, column 7: expected a value, found 'x'"),
        (#""abc"#, "invalid JSON at line 1, column 1: the string is not terminated"),
        (#""a\qb""#,
         #"invalid JSON at line 1, column 3: invalid escape in a string; allowed: \" \\ \/ \b \f \n \r \t \uXXXX"#),
        (#""\u12G4""#, #"invalid JSON at line 1, column 2: expected 4 hexadecimal digits after \u"#),
        (#""\uD800""#, #"invalid JSON at line 1, column 2: \u escape of an unpaired surrogate"#),
        (#""\uDC00\uD800""#, #"invalid JSON at line 1, column 2: \u escape of an unpaired surrogate"#),
        (
            "\"a\tb\"",
            #"invalid JSON at line 1, column 3: control characters must be escaped in strings "#
                + #"(e.g. \n, \t or \u0000), found U+0009"#
        ),
    ]

    @Test(arguments: malformed)
    func rejectsWithAnExactMessage(input: String, message: String) {
        #expect(Self.syntaxError(Array(input.utf8))?.description == message)
    }

    @Test func rejectsInvalidUTF8WithItsPosition() {
        let cases: [([UInt8], String)] = [
            ([0x22, 0x61, 0xFF, 0x22], "invalid JSON at line 1, column 3: invalid UTF-8 (byte 0xFF) in a string"),
            ([0x22, 0xED, 0xA0, 0x80, 0x22], "invalid JSON at line 1, column 2: invalid UTF-8 (byte 0xED) in a string"),
            ([0x22, 0xC0, 0xAF, 0x22], "invalid JSON at line 1, column 2: invalid UTF-8 (byte 0xC0) in a string"),
            ([0x5B, 0x80, 0x5D], "invalid JSON at line 1, column 2: expected a value, found invalid UTF-8 (byte 0x80)"),
        ]
        for (bytes, message) in cases {
            #expect(Self.syntaxError(bytes)?.description == message)
        }
    }

    @Test func rejectsNestingBeyondTheLimit() {
        let depth = JSONParser.maximumDepth + 1
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(
            Self.syntaxError(Array(text.utf8))?.description
                == "invalid JSON at line 1, column 65: arrays and objects are nested more than 64 deep")
    }

    @Test func deeplyNestedHostileInputFailsWithoutExhaustingTheStack() {
        let text = String(repeating: "{\"a\":[", count: 100_000)
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(text) }
    }

    // MARK: Fuzzing

    @Test func randomBytesNeverTrap() {
        let alphabet = Array("{}[]:,\"\\-+.0123456789eEtrufalsn \n\t/*'".utf8)
            + [0x00, 0x7F, 0x80, 0xC3, 0xA9, 0xED, 0xF4, 0xFF]
        var accepted = 0
        for seed in 0..<20_000 as Range<UInt64> {
            var random = TestGenerator(seed: seed)
            let length = random.below(40)
            let bytes = (0..<length).map { _ in
                random.below(4) == 0 ? UInt8(truncatingIfNeeded: random.next()) : random.pick(alphabet)
            }
            if (try? JSONParser.parse(bytes)) != nil { accepted += 1 }
        }
        // Some short inputs ("1", "[]", "\"\"") are valid: the generator does reach the success path.
        #expect(accepted > 0)
    }

    @Test func mutationsOfAValidDocumentNeverTrap() throws {
        let original = Array(sampleDocument.utf8)
        let pristine = try JSONParser.parse(original)
        var rejected = 0
        for seed in 0..<5000 as Range<UInt64> {
            var random = TestGenerator(seed: seed)
            var bytes = original
            for _ in 0...random.below(4) {
                let index = random.below(bytes.count)
                switch random.below(4) {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.remove(at: index)
                case 2: bytes.insert(random.pick(Array("{}[],:\"\\0-.e".utf8)), at: index)
                default: bytes.removeSubrange(index..<min(bytes.count, index + random.below(30)))
                }
                if bytes.isEmpty { break }
            }
            do {
                _ = try JSONParser.parse(bytes)
            } catch {
                rejected += 1
                #expect(error.line >= 1 && error.column >= 1 && error.byteOffset <= bytes.count)
            }
        }
        #expect(rejected > 2500)
        #expect(try JSONParser.parse(original) == pristine)
    }

    @Test func randomDocumentsSurviveARoundTrip() throws {
        for seed in 0..<2000 as Range<UInt64> {
            var random = TestGenerator(seed: seed)
            let value = Self.randomValue(&random, depth: 0)
            let text = Self.serialize(value, &random)
            let parsed = try JSONParser.parse(text)
            #expect(parsed == value, "seed \(seed): \(text)")
            #expect(Self.numberTexts(parsed) == Self.numberTexts(value), "seed \(seed)")
        }
    }

    // MARK: Helpers

    /// The error parsing `bytes` throws, or nil when they parse.
    private static func syntaxError(_ bytes: [UInt8]) -> JSONParser.SyntaxError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// A random JSON value at most 6 levels deep, with unique keys.
    private static func randomValue(_ random: inout TestGenerator, depth: Int) -> JSONValue {
        switch random.below(depth >= 6 ? 4 : 6) {
        case 0: return .null
        case 1: return .bool(random.below(2) == 0)
        case 2:
            let text = random.pick(["0", "-0", "7", "-12", "3.25", "1e3", "-2.5E-2", "18446744073709551615", "0.1"])
            return .number(Double(text) ?? 0, text: text)
        case 3: return .string(randomString(&random))
        case 4: return .array((0..<random.below(4)).map { _ in randomValue(&random, depth: depth + 1) })
        default:
            return .object((0..<random.below(4)).map { index in
                (randomString(&random) + "#\(index)", randomValue(&random, depth: depth + 1))
            })
        }
    }

    /// A short random string mixing ASCII, escapes-to-be, and non-ASCII characters.
    private static func randomString(_ random: inout TestGenerator) -> String {
        let pieces = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{1}", "é", "😀", "\u{2028}", "中"]
        return (0..<random.below(6)).map { _ in random.pick(pieces) }.joined()
    }

    /// `value` as JSON text with random whitespace and randomly chosen escapes.
    private static func serialize(_ value: JSONValue, _ random: inout TestGenerator) -> String {
        let space = random.pick(["", " ", "\n", "\t", "\r\n  "])
        switch value {
        case .null: return space + "null"
        case .bool(let flag): return space + (flag ? "true" : "false")
        case .number(_, let text): return space + text
        case .string(let text): return space + quote(text, &random)
        case .array(let elements):
            return space + "[" + elements.map { serialize($0, &random) }.joined(separator: ",") + space + "]"
        case .object(let members):
            let body = members.map { quote($0.key, &random) + space + ":" + serialize($0.value, &random) }
            return space + "{" + body.joined(separator: "," + space) + "}" + space
        }
    }

    /// `text` as a JSON string literal, escaping some characters with `\u` at random.
    private static func quote(_ text: String, _ random: inout TestGenerator) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += random.below(2) == 0 ? "\\n" : "\\u000a"
            case "\t": result += "\\t"
            case "\u{1}": result += "\\u0001"
            case "😀": result += random.below(2) == 0 ? "\\ud83d\\ude00" : "😀"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Every number's source text, depth first.
    private static func numberTexts(_ value: JSONValue) -> [String] {
        switch value {
        case .number(_, let text): [text]
        case .array(let elements): elements.flatMap(numberTexts)
        case .object(let members): members.flatMap { numberTexts($0.value) }
        default: []
        }
    }
}
