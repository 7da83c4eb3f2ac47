import ScrollSimCore

/// Splits CSV text into records of text fields, keeping each record's exact text: the core's one
/// RFC 4180 tokenizer (`CSVTokenizer`, which `replay` recordings use too) after a UTF-8 check.
///
/// A record ends at LF or CRLF outside quotes (the last one may lack it); a field in double
/// quotes may hold commas, line breaks and doubled quotes. A quote inside an unquoted field, text
/// after a closing quote, or a quote left open are errors with the line and column (the field's
/// position, from 1). Records keep their text without the line break, so `merge` can copy rows
/// byte for byte. It does not guess separators or skip blank lines: a blank line is a record with
/// one empty field, which the callers reject by its field count.
public enum CSVReader {
    /// One record: where it starts, its fields, its exact text.
    public struct Record: Sendable, Equatable {
        /// Line number (from 1) where the record starts.
        public var line: Int
        /// The fields, unquoted.
        public var fields: [String]
        /// The record's text as in the file, without its line break.
        public var text: String
    }

    /// The records of `bytes` (UTF-8); `file` names it in errors.
    /// - Throws: `InputError` (invalid, at a line and column) for invalid UTF-8 or a malformed quoted field.
    /// - Complexity: O(bytes).
    public static func records(_ bytes: [UInt8], file: String) throws(InputError) -> [Record] {
        var records: [Record] = []
        try forEachRecord(bytes, file: file) { records.append($0) }
        return records
    }

    /// Calls `body` with each record of `bytes` (UTF-8), in order, without keeping them: a reader
    /// that keeps only a summary of the records (`FrameSeries.chart`) reads a file of any length
    /// in memory bounded by the file itself. `records(_:file:)` is this, collected.
    /// - Throws: `InputError`, as `records(_:file:)`, or the first one `body` throws.
    public static func forEachRecord(_ bytes: [UInt8], file: String,
                                     _ body: (Record) throws(InputError) -> Void) throws(InputError) {
        if let line = InputFile.lineOfFirstInvalidByte(bytes) {
            throw InputError(.invalid, file: file, at: .line(line), "not valid UTF-8 text")
        }
        var tokenizer = CSVTokenizer(bytes, file: file)
        while let record = try tokenizer.next() {
            try body(Record(line: record.line, fields: record.fields.map { String(decoding: $0, as: UTF8.self) },
                            text: String(decoding: record.text, as: UTF8.self)))
        }
    }
}
