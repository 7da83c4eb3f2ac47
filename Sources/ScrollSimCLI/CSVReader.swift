/// Splits CSV text into records and fields per RFC 4180, keeping each record's exact text.
///
/// A record ends at LF or CRLF outside quotes (the last one may lack it); a field in double
/// quotes may hold commas, line breaks and doubled quotes. A quote inside an unquoted field, text
/// after a closing quote, or a quote left open are errors with the line and column (the field's
/// position, from 1). Records keep their text without the line break, so `merge` can copy rows
/// byte for byte. It does not guess separators or skip blank lines: a blank line is a record with
/// one empty field, which the callers reject by its field count.
enum CSVReader {
    /// One record: where it starts, its fields, its exact text.
    struct Record {
        /// Line number (from 1) where the record starts.
        var line: Int
        /// The fields, unquoted.
        var fields: [String]
        /// The record's text as in the file, without its line break.
        var text: String
    }

    /// The records of `bytes` (UTF-8); `file` names it in errors.
    /// - Throws: `CSVFileError` for invalid UTF-8 or a malformed quoted field.
    /// - Complexity: O(bytes).
    static func records(_ bytes: [UInt8], file: String) throws(CSVFileError) -> [Record] {
        if let line = lineOfFirstInvalidByte(bytes) {
            throw CSVFileError(file: file, line: line, message: "not valid UTF-8 text")
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
                        throw CSVFileError(file: file, line: recordLine, column: column, message: "a quoted field is not closed")
                    }
                    if index < count, bytes[index] != comma, lineBreak(at: index) == nil {
                        throw CSVFileError(file: file, line: line, column: column, message: "unexpected text after a closing quote")
                    }
                } else {
                    while index < count, bytes[index] != comma, lineBreak(at: index) == nil {
                        if bytes[index] == quote {
                            throw CSVFileError(file: file, line: line, column: column,
                                               message: "a quote inside an unquoted field (quote the whole field and double its quotes)")
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

    /// The line (from 1) of the first byte that is not part of valid UTF-8, or nil when the text
    /// is valid. Checked line by line: a line feed is never part of a multi-byte character.
    static func lineOfFirstInvalidByte(_ bytes: [UInt8]) -> Int? {
        for (offset, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where !String(decoding: line, as: UTF8.self).utf8.elementsEqual(line) {
            return offset + 1
        }
        return nil
    }
}

/// A CSV file whose content is invalid (exit 65): the file, the line, the column (the field's
/// position, from 1, with its name when known) and what is wrong.
struct CSVFileError: Error, Equatable, CustomStringConvertible {
    /// The file as the user named it.
    var file: String
    /// The line, from 1.
    var line: Int
    /// The field's position, from 1, or nil when the problem is the whole line.
    var column: Int? = nil
    /// The column's header name, when known.
    var columnName: String? = nil
    /// What is wrong and what is allowed.
    var message: String

    /// "<file>: line 4, column 10 (hitch_ratio): <message>".
    var description: String {
        var place = "line \(line)"
        if let column { place += ", column \(column)" }
        if let columnName { place += " (\(columnName))" }
        return "\(file): \(place): \(message)"
    }
}
