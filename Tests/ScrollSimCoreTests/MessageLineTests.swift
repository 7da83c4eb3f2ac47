import Testing
import ScrollSimCore

/// `MessageLine`: every refusal is one line, escaped and bounded (issue 8, finding 7).
@Suite struct MessageLineTests {
    @Test("control, format and separator characters are escaped; printable text stays")
    func escapes() {
        #expect(MessageLine.make("a\nb\rc\td\u{1B}[31m\u{7F}\u{85}\u{2028}\u{200B}é😀")
                == #"a\nb\rc\td\u{1B}[31m\u{7F}\u{0085}\u{2028}\u{200B}é😀"#)
    }

    @Test("a long message keeps its beginning and its end, \"…\" between; an echoed value is cut at 60")
    func bounds() {
        let long = "file.json: " + String(repeating: "x", count: 5000) + " expected an integer"
        let line = MessageLine.make(long)
        #expect(line.unicodeScalars.count == MessageLine.maximumScalars)
        #expect(line.hasPrefix("file.json: xxx") && line.hasSuffix("x expected an integer") && line.contains("…"))
        #expect(MessageLine.quoted(String(repeating: "y", count: 61)) == "'" + String(repeating: "y", count: 60) + "…'")
        #expect(MessageLine.quoted(String(repeating: "y", count: 60)) == "'" + String(repeating: "y", count: 60) + "'")
        #expect(MessageLine.quoted("1\n2") == #"'1\n2'"#)
        #expect(MessageLine.echoed("x\u{1B}y") == #"x\u{1B}y"#)
    }

    @Test("fuzz findings: an unknown key with a private-use character or DEL reaches the message escaped")
    func fuzzFindings() {
        do {
            _ = try ScenarioLoader.parse("{\"descr\u{10F3CF}on\": 1}", file: "f.json")
            Issue.record("accepted")
        } catch {
            #expect(error.description.hasPrefix(#"f.json: ["descr\u{0010F3CF}on"]: unknown key"#))
            #expect(!error.description.unicodeScalars.contains { MessageLine.needsEscape($0) })
        }
    }

    @Test("fuzz finding: a file path holding DEL (a sweep's scenario path) reaches the message escaped")
    func pathWithControlCharacter() {
        let error = InputError(.missing, file: "s.js\u{7F}n", "no such file")
        #expect(error.description == #"s.js\u{7F}n: no such file"#)
        let atLine = InputError(file: "a\nb.csv", at: .line(4, column: nil, name: nil), "bad")
        #expect(atLine.description == #"a\nb.csv: line 4: bad"#)
        #expect(MessageLine.make(error.description) == error.description)
    }
}
