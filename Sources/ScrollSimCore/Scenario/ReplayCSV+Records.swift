// Splitting a replay (or catalog) file into RFC 4180 records, one at a time.

extension ReplayCSV {
    /// One record: the line it starts on, its fields (unquoted) and its text (for messages).
    struct Record {
        /// Line number, from 1, where the record starts.
        var line: Int
        /// The fields' bytes, unquoted.
        var fields: [ArraySlice<UInt8>]
        /// The record's text as in the file, without its line break.
        var text: ArraySlice<UInt8>
    }

    /// Walks `bytes` record by record, with the same rules and messages as the CLI's `CSVReader`:
    /// a record ends at LF or CRLF outside quotes (the last one may lack it); a field in double
    /// quotes may hold commas, line breaks and doubled quotes; a quote inside an unquoted field,
    /// text after a closing quote or an unclosed quote is an error with its line and column.
    struct Records {
        /// The file's bytes.
        let bytes: [UInt8]
        /// Where the next record starts.
        var index = 0
        /// Its line, from 1.
        var line = 1
        /// The file's column names, for messages.
        let columnNames: [String]

        /// A walker at the start of `bytes`, a file of `columnNames` (a replay file's by default).
        init(bytes: [UInt8], columnNames: [String] = ReplayCSV.columns) {
            self.bytes = bytes
            self.columnNames = columnNames
        }

        /// The length of the line break (LF or CRLF) at `position`, or nil.
        func lineBreak(at position: Int) -> Int? {
            if bytes[position] == UInt8(ascii: "\n") { return 1 }
            let isCRLF = bytes[position] == UInt8(ascii: "\r") && position + 1 < bytes.count
                && bytes[position + 1] == UInt8(ascii: "\n")
            return isCRLF ? 2 : nil
        }

        /// The next record, or nil at the end of the file.
        /// - Throws: `ReplayFileError` for a malformed quoted field.
        mutating func next(file: String) throws(ReplayFileError) -> Record? {
            let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ",")
            let count = bytes.count
            guard index < count else { return nil }
            let recordStart = index, recordLine = line
            var fields: [ArraySlice<UInt8>] = []
            var recordEnd = count
            func failure(_ line: Int, _ column: Int, _ message: String) -> ReplayFileError {
                let name = column <= columnNames.count ? columnNames[column - 1] : nil
                return ReplayFileError(file: file, line: line, column: column, columnName: name, message: message)
            }
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
            return Record(line: recordLine, fields: fields, text: bytes[recordStart..<recordEnd])
        }
    }
}
