import ScrollSimCore

/// Splits CSV text into records and fields per RFC 4180, keeping each record's exact text.
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
        if let line = InputFile.lineOfFirstInvalidByte(bytes) {
            throw InputError(.invalid, file: file, at: .line(line), "not valid UTF-8 text")
        }
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), newline = UInt8(ascii: "\n")
        let count = bytes.count
        /// Whether a line break (LF or CRLF) starts at `position`; its length.
        func lineBreak(at position: Int) -> Int? {
            if bytes[position] == newline { return 1 }
            if bytes[position] == UInt8(ascii: "\r"), position + 1 < count, bytes[position + 1] == newline { return 2 }
            return nil
        }
        var records: [Record] = []
        var index = 0
        var line = 1
        while index < count {
            let recordStart = index, recordLine = line
            var fields: [String] = []
            var recordEnd = count
            while true {
                let column = fields.count + 1
                var field: [UInt8] = []
                if index < count, bytes[index] == quote {
                    index += 1
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
                        if bytes[index] == newline { line += 1 }
                        field.append(bytes[index])
                        index += 1
                    }
                    guard isClosed else {
                        throw InputError(.invalid, file: file, at: .line(recordLine, column: column),
                                         "a quoted field is not closed")
                    }
                    if index < count, bytes[index] != comma, lineBreak(at: index) == nil {
                        throw InputError(.invalid, file: file, at: .line(line, column: column),
                                         "unexpected text after a closing quote")
                    }
                } else {
                    while index < count, bytes[index] != comma, lineBreak(at: index) == nil {
                        if bytes[index] == quote {
                            throw InputError(.invalid, file: file, at: .line(line, column: column),
                                             "a quote inside an unquoted field "
                                             + "(quote the whole field and double its quotes)")
                        }
                        field.append(bytes[index])
                        index += 1
                    }
                }
                fields.append(String(decoding: field, as: UTF8.self))
                if index == count { break }
                if bytes[index] == comma {
                    index += 1
                    continue
                }
                recordEnd = index
                index += lineBreak(at: index) ?? 1
                line += 1
                break
            }
            records.append(Record(line: recordLine, fields: fields,
                                  text: String(decoding: bytes[recordStart..<recordEnd], as: UTF8.self)))
        }
        return records
    }
}
