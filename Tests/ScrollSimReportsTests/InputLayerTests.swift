import Foundation
import ScrollSimCore
import ScrollSimReports
import ScrollSimTestSupport
import Testing

/// The input layer: the one reader, its limits, its error kinds and their exit codes; the CSV
/// tokenizer.
@Suite struct InputLayerTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    @Test("missing, unreadable and too large: each a kind, each an exit code")
    func kinds() throws {
        let path = try write("a.csv", "12345")
        #expect(try InputFile.read(path, limit: .csv) == Array("12345".utf8))
        #expect(throws: InputError(.missing, file: directory + "/none", "no such file")) {
            try InputFile.read(directory + "/none", limit: .csv)
        }
        #expect(throws: InputError(.missing, file: path + "/x", "no such file")) {
            try InputFile.read(path + "/x", limit: .csv)
        }
        #expect(throws: InputError(.unreadable, file: directory, "cannot read: is a directory")) {
            try InputFile.read(directory, limit: .csv)
        }
        let tiny = InputLimit(bytes: 4, text: "4 bytes")
        #expect(throws: InputError(.invalid, file: path, "larger than 4 bytes, the limit for this kind of file")) {
            try InputFile.read(path, limit: tiny)
        }
        #expect(ExitCode.of(InputError(.missing, file: "f", "")) == 66)
        #expect(ExitCode.of(InputError(.unreadable, file: "f", "")) == 66)
        #expect(ExitCode.of(InputError(.invalid, file: "f", "")) == 65)
        #expect(ExitCode.of([InputError(.invalid, file: "f", ""), InputError(.missing, file: "g", "")]) == 66)
        #expect(ExitCode.of(FileWriteError(path: "f", reason: "")) == 1)
        #expect(ExitCode.of(OutputConflict(option: "--out <file>", output: "f", input: "f")) == 64)
    }

    #if os(Linux)
    @Test("an endless input stops at the limit instead of exhausting memory")
    func endless() {
        #expect(throws: InputError(.invalid, file: "/dev/zero", "larger than 1 MiB, the limit for this kind of file")) {
            try InputFile.read("/dev/zero", limit: InputLimit(bytes: 1 << 20, text: "1 MiB"))
        }
    }
    #endif

    @Test("a line longer than the line limit is refused with its line number; a line at the limit is read")
    func lineLimit() throws {
        let limit = InputLimit(bytes: 1 << 30, text: "1 GiB", lineBytes: 4, lineText: "4 bytes")
        let path = try write("lines.csv", "abcd\nef\nghijk\nl")
        #expect(throws: InputError(.invalid, file: path, at: .line(3),
                                   "longer than 4 bytes, the limit for a line of this kind of file")) {
            try InputFile.read(path, limit: limit)
        }
        try writeFile("abcd\nef\nghij", to: path)
        #expect(try InputFile.read(path, limit: limit) == Array("abcd\nef\nghij".utf8))
        // Past the first chunk of 1 MiB: the line is measured across chunks, the lines before counted.
        let wide = InputLimit(bytes: 1 << 30, text: "1 GiB", lineBytes: 1_500_000, lineText: "1.5 MB")
        try writeFile("a\nb\n" + String(repeating: "x", count: 1_500_001) + "\n", to: path)
        #expect(throws: InputError(.invalid, file: path, at: .line(3),
                                   "longer than 1.5 MB, the limit for a line of this kind of file")) {
            try InputFile.read(path, limit: wide)
        }
        let lines = String(repeating: String(repeating: "y", count: 999) + "\n", count: 3000)
        try writeFile(lines, to: path)
        #expect(try InputFile.read(path, limit: wide).count == 3_000_000)
    }

    #if os(Linux)
    @Test("CSV inputs refuse /dev/zero at the line limit, naming line 1 (issue 8)")
    func endlessLine() {
        #expect(throws: InputError(.invalid, file: "/dev/zero", at: .line(1),
                                   "longer than 16 MiB, the limit for a line of this kind of file")) {
            try InputFile.read("/dev/zero", limit: .csv)
        }
    }
    #endif

    @Test("invalid UTF-8 is named by its line")
    func utf8() throws {
        let path = directory + "/bad.csv"
        try Data(Array("a\nb".utf8) + [0xFF] + Array("\n".utf8)).write(to: URL(fileURLWithPath: path))
        #expect(throws: InputError(.invalid, file: path, at: .line(2), "not valid UTF-8 text")) {
            try InputFile.text(path, limit: .csv)
        }
    }

    @Test("CSV records: quoted fields with commas, doubled quotes and line breaks; CRLF; no final newline")
    func csvRecords() throws {
        let records = try CSVReader.records(Array("a,\"b,c\",\"d\"\"e\"\r\n\"f\ng\",,h".utf8), file: "x")
        #expect(records.map(\.fields) == [["a", "b,c", "d\"e"], ["f\ng", "", "h"]])
        #expect(records.map(\.line) == [1, 2])
        #expect(records.map(\.text) == ["a,\"b,c\",\"d\"\"e\"", "\"f\ng\",,h"])
        #expect(throws: InputError(.invalid, file: "x", at: .line(1, column: 1),
                                   "a quote inside an unquoted field (quote the whole field and double its quotes)")) {
            try CSVReader.records(Array("a\"b\n".utf8), file: "x")
        }
        #expect(throws: InputError(.invalid, file: "x", at: .line(1, column: 1),
                                   "unexpected text after a closing quote")) {
            try CSVReader.records(Array("\"a\"b\n".utf8), file: "x")
        }
        #expect(throws: InputError(.invalid, file: "x", at: .line(2, column: 2), "a quoted field is not closed")) {
            try CSVReader.records(Array("a\nb,\"c\n".utf8), file: "x")
        }
    }

    @Test("one tokenizer: a summary CSV and a replay recording meet the same quote rules and messages")
    func oneTokenizer() throws {
        let malformed = ["a\"b\n", "\"a\"b\n", "a\nb,\"c\n"]
        for text in malformed {
            var tokenizer = CSVTokenizer(Array(text.utf8), file: "x")
            var fromTokenizer: InputError?
            do {
                while try tokenizer.next() != nil {}
            } catch {
                fromTokenizer = error
            }
            var fromReader: InputError?
            do {
                _ = try CSVReader.records(Array(text.utf8), file: "x")
            } catch {
                fromReader = error
            }
            #expect(fromTokenizer != nil && fromTokenizer == fromReader, "\(text)")
        }
        // The recording's reader names the column; the message is the same.
        #expect(throws: InputError(.invalid, file: "g.csv", at: .line(2, column: 2, name: "offset_pt"),
                                   "unexpected text after a closing quote")) {
            try ReplayCSV.parse(Array("t_ms,offset_pt\n0,\"1\"x\n".utf8), file: "g.csv")
        }
        // Fields are slices of the input, unquoted; the record's text is exact.
        var tokenizer = CSVTokenizer(Array("1,\"a\"\"b\"\r\n".utf8), file: "x", columnNames: ["n", "s"])
        let record = try #require(try tokenizer.next())
        #expect(record.fields.map { Array($0) } == [Array("1".utf8), Array("a\"b".utf8)])
        #expect(Array(record.text) == Array("1,\"a\"\"b\"".utf8))
        #expect(try tokenizer.next() == nil)
    }

    @Test("an error's description names the file, the place and the problem")
    func descriptions() {
        #expect(InputError(.invalid, file: "f.csv", at: .line(4, column: 10, name: "hitch_ratio"), "bad").description
                == "f.csv: line 4, column 10 (hitch_ratio): bad")
        #expect(InputError(.invalid, file: "s.json", at: .path("layout.itemCount"), "bad").description
                == "s.json: layout.itemCount: bad")
        #expect(InputError(.missing, file: "s.json", "no such file").description == "s.json: no such file")
        #expect(ScenarioError(kind: .invalid, file: "s.json", path: "a.b", message: "m")
                == InputError(.invalid, file: "s.json", at: .path("a.b"), "m"))
    }
}

/// `InputFile.lineOfFirstInvalidByte` in one pass of the decoder gives the line the line-by-line
/// check gave (which kept an array of every line: a copy of the structure of a 2 GiB file).
@Suite struct InvalidByteLineTests {
    /// The line-by-line check it replaces: each line decoded on its own.
    static func lineByLine(_ bytes: [UInt8]) -> Int? {
        for (offset, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where !String(decoding: line, as: UTF8.self).utf8.elementsEqual(line) {
            return offset + 1
        }
        return nil
    }

    @Test("the same line as the line-by-line check on 20,000 texts of ASCII, line feeds, valid and broken sequences")
    func matchesLineByLine() {
        let pieces: [[UInt8]] = [
            [0x61], [0x0A], [0x0D, 0x0A], Array("é".utf8), Array("€".utf8), Array("😀".utf8), [0xFF], [0xC3],
            [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0x80], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80],
            [0xEF, 0xBB, 0xBF], [0x00],
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var mismatches: [[UInt8]] = []
        var invalidCount = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 60)
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Mostly valid pieces, so that the first invalid byte lands on varied lines.
                let pick = Int(state >> 33) % (state >> 62 == 0 ? pieces.count : 7)
                bytes += pieces[pick]
            }
            let expected = Self.lineByLine(bytes)
            if expected != nil { invalidCount += 1 }
            if InputFile.lineOfFirstInvalidByte(bytes) != expected { mismatches.append(bytes) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
        #expect(invalidCount > 2_000 && invalidCount < 18_000)
    }
}

/// A UTF-8 byte order mark (what a spreadsheet's "CSV UTF-8" export starts with) before a CSV is
/// skipped by every CSV reader, as the JSON and request-trace readers skip it: it read as part of
/// the first column's name ("unknown column '\\u{FEFF}scenario'; did you mean 'scenario'?").
@Suite struct ByteOrderMarkTests {
    /// `text` as UTF-8 after a byte order mark.
    static func marked(_ text: String) -> [UInt8] { [0xEF, 0xBB, 0xBF] + Array(text.utf8) }

    @Test("summary, per-frame, catalog and replay CSVs read the same with a byte order mark as without")
    func everyReaderSkipsIt() throws {
        let summary = "scenario,strategy,seed,hitch_ratio\ng,naive,1,0.5\n"
        #expect(try SummaryDocument.read(Self.marked(summary), file: "s.csv")
                    == SummaryDocument.read(Array(summary.utf8), file: "s.csv"))
        let frames = FramesCSV.header + "0,1,2,3,4,0.000,1,0.500,0.000,0,1,0.0000\n"
        #expect(try FrameSeries.read(Self.marked(frames), file: "f.csv")
                    == FrameSeries.read(Array(frames.utf8), file: "f.csv"))
        let catalog = CatalogCSV.header + "\n100,a,10,10,100\n"
        #expect(try CatalogCSV.parse(Self.marked(catalog), file: "c.csv")
                    == CatalogCSV.parse(Array(catalog.utf8), file: "c.csv"))
        let replay = "t_ms,offset_pt\n0,0\n100,500\n"
        #expect(try ReplayCSV.parse(Self.marked(replay), file: "r.csv")
                    == ReplayCSV.parse(Array(replay.utf8), file: "r.csv"))
        #expect(try CSVReader.records(Self.marked("a,b\n"), file: "x.csv").first?.text == "a,b")
    }

    @Test("only a whole mark at the start is skipped: a second one, or one later, is text")
    func onlyAtTheStart() {
        #expect(throws: InputError.self) {
            try SummaryDocument.read(Self.marked("\u{FEFF}scenario,strategy,seed\n"), file: "s.csv")
        }
        #expect(throws: InputError.self) {
            try CatalogCSV.parse(Array((CatalogCSV.header + "\n").utf8) + Self.marked("100,a,10,10,100\n"),
                                 file: "c.csv")
        }
    }
}
