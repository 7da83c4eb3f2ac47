import ScrollSimCore

/// Splits CSV text into records of text fields, keeping each record's exact text: the core's one
/// RFC 4180 tokenizer (`CSVTokenizer`, which `replay` recordings use too), each record checked to
/// be UTF-8.
///
/// A record ends at LF or CRLF outside quotes (the last one may lack it); a field in double
/// quotes may hold commas, line breaks and doubled quotes. A quote inside an unquoted field, text
/// after a closing quote, or a quote left open are errors with the line and column (the field's
/// position, from 1); so is a record that is not UTF-8 (at the line of its first bad byte). Errors
/// come in file order. Records keep their text without the line break, so `merge` can copy rows
/// byte for byte. It does not guess separators or skip blank lines: a blank line is a record with
/// one empty field, which the callers reject by its field count.
///
/// A file is read a chunk at a time (`forEachRecord(atPath:limit:_:)`): only the record being
/// read is held besides what the caller keeps, never the file's text.
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
        _ = try tokenize(bytes, file: file, line: 1, isStart: true, isFinal: true, body)
    }

    /// Calls `body` with each record of the file at `path`, in order, read 1 MiB at a time
    /// (`InputFile.forEachChunk`, within `limit`): the memory it takes is that of the longest
    /// record, whatever the file's size.
    /// - Throws: `InputError`: `InputFile`'s reasons, those of `records(_:file:)`, or the first
    ///   one `body` throws.
    /// - Complexity: O(size): a record split between chunks is tokenized again only once twice as
    ///   many bytes are pending.
    public static func forEachRecord(atPath path: String, limit: InputLimit = .csv,
                                     _ body: (Record) throws(InputError) -> Void) throws(InputError) {
        var chunks = Chunks(file: path)
        try InputFile.forEachChunk(path, limit: limit) { (chunk) throws(InputError) in try chunks.add(chunk, body) }
        try chunks.finish(body)
    }

    /// The records of a file handed over in chunks of any size: the bytes of a record not finished
    /// yet are kept until it is (or the file ends), and tokenized again only once twice as many
    /// are pending, so a record split over many chunks costs O(its length).
    struct Chunks {
        /// The file, for errors.
        let file: String
        /// Bytes not yet taken by a record.
        private var pending: [UInt8] = []
        /// The line where `pending` starts.
        private var line = 1
        /// Whether `pending` starts the file (a byte order mark is skipped there).
        private var isStart = true
        /// Pending bytes needed before tokenizing again.
        private var wanted = 0

        /// Before the file's first chunk.
        init(file: String) {
            self.file = file
        }

        /// Takes the next chunk, calling `body` with each record it finishes.
        mutating func add<Bytes: Sequence<UInt8>>(_ chunk: Bytes, _ body: (Record) throws(InputError) -> Void)
            throws(InputError) {
            pending.append(contentsOf: chunk)
            guard pending.count >= wanted else { return }
            try take(isFinal: false, body)
            wanted = 2 * pending.count
        }

        /// Ends the file, calling `body` with its last records.
        mutating func finish(_ body: (Record) throws(InputError) -> Void) throws(InputError) {
            try take(isFinal: true, body)
        }

        /// Tokenizes the pending bytes, dropping those the records took.
        private mutating func take(isFinal: Bool, _ body: (Record) throws(InputError) -> Void) throws(InputError) {
            let (consumed, nextLine) = try CSVReader.tokenize(pending, file: file, line: line, isStart: isStart,
                                                              isFinal: isFinal, body)
            if consumed > 0 {
                pending.removeFirst(consumed)
                isStart = false
            }
            line = nextLine
        }
    }

    /// Tokenizes `bytes` (from `line`), calling `body` with each record they finish.
    /// - Returns: the bytes those records took and the line after them.
    static func tokenize(_ bytes: [UInt8], file: String, line: Int, isStart: Bool, isFinal: Bool,
                                 _ body: (Record) throws(InputError) -> Void) throws(InputError)
        -> (consumed: Int, line: Int) {
        var tokenizer = CSVTokenizer(bytes, file: file, line: line, isStart: isStart, isFinal: isFinal)
        while let record = try tokenizer.next() {
            if let offset = InputFile.lineOfFirstInvalidByte(record.text) {
                throw InputError(.invalid, file: file, at: .line(record.line + offset - 1), "not valid UTF-8 text")
            }
            try body(Record(line: record.line, fields: record.fields.map { String(decoding: $0, as: UTF8.self) },
                            text: String(decoding: record.text, as: UTF8.self)))
        }
        return (tokenizer.consumed, tokenizer.line)
    }
}
