/// The one RFC 4180 tokenizer of ScrollSim: splits CSV bytes into records, one at a time, with
/// the line each starts on, its fields (unquoted) and its exact text.
///
/// A record ends at LF or CRLF outside quotes (the last one may lack it); a field in double quotes
/// may hold commas, line breaks and doubled quotes (`""` stands for `"`). A quote inside an
/// unquoted field, text after a closing quote, or a quote left open are `InputError`s (invalid)
/// at the line and column (the field's position, from 1, with its name when `columnNames` has
/// one). A UTF-8 byte order mark at the start is skipped. It does not guess separators, skip
/// blank lines or check UTF-8: a blank line is a record
/// with one empty field, which callers reject by its field count. Every CSV reader uses it: the
/// `replay` recordings here (`ReplayCSV`), and ScrollSimReports' `CSVReader` (summaries,
/// per-frame CSVs, shards).
///
/// Fields and text are slices of the input (a quoted field with doubled quotes is a copy), so a
/// file of millions of records is walked without a copy per field.
///
/// A file read in chunks (`CSVReader.forEachRecord(atPath:)`) is tokenized a piece at a time: a
/// tokenizer that is not `isFinal` returns nil for a record that the bytes do not finish (no line
/// break after it yet, or a quote still open), leaving `consumed` at its start, and the next
/// tokenizer starts there, at `line`, with more bytes.
public struct CSVTokenizer {
    /// One record.
    public struct Record {
        /// Line number, from 1, where the record starts.
        public var line: Int
        /// The fields' bytes, unquoted.
        public var fields: [ArraySlice<UInt8>]
        /// The record's text as in the file, without its line break.
        public var text: ArraySlice<UInt8>
    }

    /// The bytes being split.
    public let bytes: [UInt8]
    /// The file's name in errors.
    public let file: String
    /// The columns' names, by position, for errors (a field past them is named by position only).
    public let columnNames: [String]
    /// Whether `bytes` end the input; if not, a record they do not finish is left for later.
    public let isFinal: Bool
    /// Where the next record starts.
    private var index = 0
    /// The line of `index`, from 1.
    public private(set) var line = 1

    /// How many bytes the records returned so far (and their line breaks) took: where the next
    /// record starts.
    public var consumed: Int { index }

    /// A tokenizer at the start of `bytes` (after a UTF-8 byte order mark, which spreadsheets'
    /// "CSV UTF-8" writes and the JSON and request-trace readers skip too); `file` and
    /// `columnNames` name places in errors.
    public init(_ bytes: [UInt8], file: String, columnNames: [String] = []) {
        self.init(bytes, file: file, columnNames: columnNames, line: 1, isStart: true, isFinal: true)
    }

    /// A tokenizer of `bytes` that continue a file at `line` (`isStart`: they start it, and a byte
    /// order mark is skipped) and end it when `isFinal`.
    public init(_ bytes: [UInt8], file: String, columnNames: [String] = [], line: Int, isStart: Bool,
                isFinal: Bool) {
        self.bytes = bytes
        self.file = file
        self.columnNames = columnNames
        self.line = line
        self.isFinal = isFinal
        if isStart && bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The length of the line break (LF or CRLF) at `position`, or nil.
    private func lineBreak(at position: Int) -> Int? {
        if bytes[position] == UInt8(ascii: "\n") { return 1 }
        let isCRLF = bytes[position] == UInt8(ascii: "\r") && position + 1 < bytes.count
            && bytes[position + 1] == UInt8(ascii: "\n")
        return isCRLF ? 2 : nil
    }

    /// The error at `line` and `column`.
    private func failure(_ line: Int, _ column: Int, _ message: String) -> InputError {
        let name = column <= columnNames.count ? columnNames[column - 1] : nil
        return InputError(.invalid, file: file, at: .line(line, column: column, name: name), message)
    }

    /// The next record, or nil at the end of the bytes (or, when not `isFinal`, at a record they
    /// do not finish).
    /// - Throws: `InputError` (invalid, at a line and column) for a malformed quoted field.
    /// - Complexity: O(the record's length).
    public mutating func next() throws(InputError) -> Record? {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ",")
        let count = bytes.count
        guard index < count else { return nil }
        let recordStart = index, recordLine = line
        // Without the end of the input, a record that reaches the end of the bytes may go on.
        func unfinished() -> Record? {
            index = recordStart
            line = recordLine
            return nil
        }
        var fields: [ArraySlice<UInt8>] = []
        var recordEnd = count
        while true {
            let column = fields.count + 1
            if index < count, bytes[index] == quote {
                index += 1
                var field: [UInt8] = []
                var isClosed = false
                while index < count {
                    if bytes[index] == quote {
                        if index + 1 < count, bytes[index + 1] == quote {
                            field.append(quote)
                            index += 2
                            continue
                        }
                        index += 1
                        isClosed = true
                        break
                    }
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    field.append(bytes[index])
                    index += 1
                }
                if !isFinal && (!isClosed || index == count
                                || (index + 1 == count && bytes[index] == UInt8(ascii: "\r"))) {
                    return unfinished()  // maybe a CRLF split between two chunks
                }
                guard isClosed else { throw failure(recordLine, column, "a quoted field is not closed") }
                if index < count, bytes[index] != comma, lineBreak(at: index) == nil {
                    throw failure(line, column, "unexpected text after a closing quote")
                }
                fields.append(field[...])
            } else {
                let fieldStart = index
                while index < count, bytes[index] != comma, lineBreak(at: index) == nil {
                    if bytes[index] == quote {
                        throw failure(line, column, "a quote inside an unquoted field "
                                          + "(quote the whole field and double its quotes)")
                    }
                    index += 1
                }
                fields.append(bytes[fieldStart..<index])
            }
            if index == count {
                if !isFinal { return unfinished() }
                break
            }
            if bytes[index] == comma {
                index += 1
                continue
            }
            recordEnd = index
            index += lineBreak(at: index) ?? 1
            line += 1
            break
        }
        return Record(line: recordLine, fields: fields, text: bytes[recordStart..<recordEnd])
    }
}
