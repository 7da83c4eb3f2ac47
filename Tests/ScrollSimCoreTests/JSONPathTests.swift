import Testing
@testable import ScrollSimCore

/// `JSONPath` parsing and `JSONValue.setting(_:at:)`, the machinery of sweep axes.
@Suite struct JSONPathTests {
    /// Parses `text` as JSON (test fixtures are valid).
    func json(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    @Test("paths parse into components and print back unchanged",
          arguments: ["seed", "cells.prefetchScreens", "strategies[0].memoryCacheMB", "strategies[*].memoryCacheMB",
                      "script[12].fling.velocity", "a[0][1]"])
    func roundTrip(text: String) throws {
        #expect(try JSONPath(parsing: text).description == text)
    }

    @Test("components of a mixed path")
    func components() throws {
        #expect(try JSONPath(parsing: "strategies[2].x").components == [.key("strategies"), .index(2), .key("x")])
        #expect(try JSONPath(parsing: "strategies[*]").components == [.key("strategies"), .everyElement])
    }

    @Test("malformed paths are refused with the reason",
          arguments: [
            ("", "'' is not a path: expected a key at character 1 "
                + "(write keys joined by '.', with [n] or [*] for arrays)"),
            ("cells.", "'cells.' is not a path: expected a key at character 7 "
                + "(write keys joined by '.', with [n] or [*] for arrays)"),
            ("a[0", "'a[0' is not a path: '[' without a closing ']'"),
            ("a[-1]", "'a[-1]' is not a path: '[-1]' must be an array index [0], [1], … or [*]"),
            ("a[0]x", "'a[0]x' is not a path: unexpected 'x' at character 5 "
                + "(write keys joined by '.', with [n] or [*] for arrays)"),
            ("[0]", "'[0]' is not a path: expected a key at character 1 "
                + "(write keys joined by '.', with [n] or [*] for arrays)"),
          ])
    func malformed(text: String, message: String) {
        #expect(throws: JSONPathError(message)) { try JSONPath(parsing: text) }
    }

    @Test("setting an existing member keeps its position; a missing one is appended, objects created on the way")
    func setMembers() throws {
        let document = try json(#"{"a": 1, "cells": {"profile": "ios15", "prefetchScreens": 1}, "z": 2}"#)
        let replaced = try document.setting(try json("0.5"), at: JSONPath(parsing: "cells.prefetchScreens"))
        #expect(replaced.compactText == #"{"a":1,"cells":{"profile":"ios15","prefetchScreens":0.5},"z":2}"#)
        let created = try document.setting(try json("40"), at: JSONPath(parsing: "network.latencyMsMedian"))
        #expect(created.compactText == #"{"a":1,"cells":{"profile":"ios15","prefetchScreens":1},"z":2,"#
                    + #""network":{"latencyMsMedian":40}}"#)
    }

    @Test("an index sets one element, [*] every element")
    func setElements() throws {
        let document = try json(#"{"strategies": [{"name": "a"}, {"name": "b", "x": 1}]}"#)
        let one = try document.setting(try json("25"), at: JSONPath(parsing: "strategies[1].x"))
        #expect(one.compactText == #"{"strategies":[{"name":"a"},{"name":"b","x":25}]}"#)
        let every = try document.setting(try json("25"), at: JSONPath(parsing: "strategies[*].x"))
        #expect(every.compactText == #"{"strategies":[{"name":"a","x":25},{"name":"b","x":25}]}"#)
    }

    @Test("paths that do not fit the document name where they stop")
    func misfits() throws {
        let document = try json(#"{"seed": 3, "strategies": ["a", "b"], "cells": {}}"#)
        func failure(_ path: String) -> String? {
            do {
                _ = try document.setting(.null, at: JSONPath(parsing: path))
                return nil
            } catch {
                return error.message
            }
        }
        #expect(failure("seed.x") == "'seed' is a number, not an object, so it has no key 'x'")
        #expect(failure("strategies[2].x") == "'strategies' has 2 elements (indices 0...1), so [2] is out of range")
        #expect(failure("strategies[0].x") == "'strategies[0]' is a string, not an object, so it has no key 'x'")
        #expect(failure("cells[0]") == "'cells' is an object, not an array")
        #expect(failure("layout[0]") == "'layout' is not set, so 'layout[0]' has no array to index")
        #expect(failure("cells.x") == nil)
    }

    @Test("compact text keeps number source text and escapes strings")
    func compactText() throws {
        let value = try json(#"[1.50, -0, 1e3, "a\"b\\c\n\u0001", true, null, {}, []]"#)
        #expect(value.compactText == #"[1.50,-0,1e3,"a\"b\\c\n\u0001",true,null,{},[]]"#)
    }
}
