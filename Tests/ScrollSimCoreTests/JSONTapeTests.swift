import Testing

@testable import ScrollSimCore

/// The parser's flat form (`JSONTape`): one node per value and key, values made on demand, and
/// parsed arrays and objects that change like Swift arrays.
@Suite struct JSONTapeTests {
    @Test func oneNodePerValueAndKeyAndTheRootLast() throws {
        let text = #" {"a": [1, "x\n", {"b": null}], "c": true, "d": -0.5e1} "#
        let tape = try JSONParser.tape(of: Array(text.utf8))
        // object, a, array, 1, "x\n", object, b, null, c, true, d, -0.5e1
        #expect(tape.nodes.count == 12)
        let expected = JSONValue.object([
            ("a", .array([.number(1, text: "1"), .string("x\n"), .object([("b", .null)])])),
            ("c", .bool(true)), ("d", .number(-5, text: "-0.5e1")),
        ])
        #expect(tape.root == expected)
        #expect(tape.value(at: tape.nodes.count - 1) == expected)
        guard case .object(let members) = tape.root, case .array(let elements) = members[0].value,
              case .number(_, let text) = members[2].value
        else {
            Issue.record("not the expected shape")
            return
        }
        #expect(members.map(\.key) == ["a", "c", "d"])
        #expect(elements.count == 3 && elements[1] == .string("x\n"))
        #expect(text == "-0.5e1")
    }

    @Test func aParsedObjectAndArrayChangeLikeArraysAndTheParsedValueStays() throws {
        let parsed = try JSONParser.parse(#"{"list": [1, 2, 3], "name": "n"}"#)
        let changed = try parsed.setting(.string("two"), at: JSONPath(parsing: "list[1]"))
            .setting(.bool(false), at: JSONPath(parsing: "extra"))
        #expect(changed == .object([
            ("list", .array([.number(1, text: "1"), .string("two"), .number(3, text: "3")])),
            ("name", .string("n")), ("extra", .bool(false)),
        ]))
        #expect(parsed.compactText == #"{"list":[1,2,3],"name":"n"}"#)
        guard case .object(var members) = parsed, case .array(var elements) = members[0].value else {
            Issue.record("not the expected shape")
            return
        }
        elements.append(.null)
        elements.removeFirst()
        members[0].value = .array(elements)
        members.append((key: "k", value: .null))
        #expect(JSONValue.object(members).compactText == #"{"list":[2,3,null],"name":"n","k":null}"#)
        #expect(parsed.compactText == #"{"list":[1,2,3],"name":"n"}"#)
    }

    @Test func keysAreCheckedForDuplicatesByValueInSmallAndLargeObjects() throws {
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(#"{"a": 1, "\u0061": 2}"#) }
        // Nested objects keep their own keys.
        #expect(try JSONParser.parse(#"{"a": {"a": 1}, "b": {"a": {"b": 2}}, "c": 3}"#).compactText
                == #"{"a":{"a":1},"b":{"a":{"b":2}},"c":3}"#)
        // Past 16 keys the check uses a set: a repeat of the third key is still found, at its place.
        let keys = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let text = "{" + keys + ", \"k2\": 0}"
        do {
            _ = try JSONParser.parse(text)
            Issue.record("a duplicate key was accepted")
        } catch {
            #expect(error.reason == "duplicate key 'k2'")
            #expect(error.byteOffset == text.utf8.count - 8)
        }
        let many = "{" + keys + ", \"k20\": {\"k0\": 1}}"
        guard case .object(let members) = try JSONParser.parse(many) else {
            Issue.record("not an object")
            return
        }
        #expect(members.count == 21 && members[20].value == .object([("k0", .number(1, text: "1"))]))
    }

    @Test func deepAndWideTextsRoundTrip() throws {
        let deep = String(repeating: "[", count: JSONParser.maximumDepth) + "7"
            + String(repeating: "]", count: JSONParser.maximumDepth)
        let wide = "[" + (0..<1000).map { "[\($0),{\"v\":\"\\u00e9\($0)\"}]" }.joined(separator: ",") + "]"
        for text in [deep, wide] {
            #expect(try JSONParser.parse(text).compactText == text.replacingOccurrences(of: "\\u00e9", with: "é"))
        }
    }
}
