import Foundation
import ScrollSimCore

/// A problem with a file `scrollsim report` reads: one message naming the file (and the line and
/// column when it is about content). `isUnreadable` selects exit 66 over 65 (SPEC §10).
struct ReportInputError: Error, CustomStringConvertible {
    /// The file, as named on the command line.
    var file: String
    /// What is wrong, for a person.
    var message: String
    /// True when the file is missing or cannot be read (66); false for bad content (65).
    var isUnreadable = false

    /// `<file>: <message>`.
    var description: String { "\(file): \(message)" }

    /// 66 for a missing or unreadable file, 65 for invalid content.
    var exitCode: Int32 { isUnreadable ? ExitCode.missingInput : ExitCode.invalidInput }
}

/// Reading the CSV files of the report: bytes, UTF-8, RFC 4180 records, strict decimal numbers.
///
/// A deliberately small reader for the two formats ScrollSim writes (SPEC §8): fields may be
/// quoted (`"a,b"`, inner quotes doubled), lines end with "\n" (a "\r\n" is accepted), and every
/// number must look like the writer's output (`-?digits[.digits]`), so that a hand-edited file
/// with "1e3", "1,5" or " 2" is rejected with its line and column rather than read differently.
enum ReportInput {
    /// The text of the file at `path` (valid UTF-8).
    /// - Throws: unreadable ("no such file", "cannot read: is a directory", "cannot read: <reason>"),
    ///   or invalid ("not valid UTF-8 text").
    static func readText(_ path: String) throws(ReportInputError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ReportInputError(file: path, message: "no such file", isUnreadable: true)
        }
        if isDirectory.boolValue {
            throw ReportInputError(file: path, message: "cannot read: is a directory", isUnreadable: true)
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ReportInputError(file: path, message: "cannot read: \(systemReason())", isUnreadable: true)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count == 0 {
                break
            } else if errno != EINTR {
                throw ReportInputError(file: path, message: "cannot read: \(systemReason())", isUnreadable: true)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ReportInputError(file: path, message: "not valid UTF-8 text")
        }
        return text
    }

    /// One CSV record: its fields and the line it starts on (from 1).
    struct Record {
        /// The fields, unquoted.
        var fields: [String]
        /// The line the record starts on.
        var line: Int
    }

    /// The records of `text` (RFC 4180). A final line break is optional; empty lines are errors
    /// only where a record is expected (they are reported as a record with one empty field).
    /// - Throws: invalid, for a quote inside an unquoted field, text after a closing quote, or an
    ///   unterminated quoted field.
    static func records(_ text: String, file: String) throws(ReportInputError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1, recordLine = 1
        var isQuoted = false, wasQuoted = false
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if isQuoted {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        scalars.removeFirst()
                        field.unicodeScalars.append("\"")
                    } else {
                        isQuoted = false
                        wasQuoted = true
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                fields.append(field)
                field = ""
                wasQuoted = false
            case "\r" where scalars.first == "\n":
                continue
            case "\n":
                fields.append(field)
                records.append(Record(fields: fields, line: recordLine))
                fields = []
                field = ""
                wasQuoted = false
                line += 1
                recordLine = line
            case "\"":
                guard field.isEmpty && !wasQuoted else {
                    throw ReportInputError(file: file, message: "line \(line): a quote inside an unquoted field")
                }
                isQuoted = true
            default:
                if wasQuoted {
                    throw ReportInputError(file: file, message: "line \(line): text after a closing quote")
                }
                field.unicodeScalars.append(scalar)
            }
        }
        if isQuoted {
            throw ReportInputError(file: file, message: "line \(recordLine): a quoted field is not closed")
        }
        if !fields.isEmpty || !field.isEmpty || wasQuoted {
            fields.append(field)
            records.append(Record(fields: fields, line: recordLine))
        }
        return records
    }

    /// `text` as a number if it is written as ScrollSim writes numbers: an optional "-", digits,
    /// and optionally "." and digits. Nothing else (no "+", exponent, spaces, "nan").
    static func decimal(_ text: String) -> Double? {
        var digitsBefore = 0, digitsAfter = 0, hasPoint = false
        for (index, character) in text.enumerated() {
            switch character {
            case "-" where index == 0: continue
            case "." where !hasPoint && digitsBefore > 0: hasPoint = true
            case "0"..."9": if hasPoint { digitsAfter += 1 } else { digitsBefore += 1 }
            default: return nil
            }
        }
        guard digitsBefore > 0, !hasPoint || digitsAfter > 0 else { return nil }
        guard let value = Double(text), value.isFinite else { return nil }  // 400 nines: not a number we can draw
        return value
    }

    /// `strerror(errno)` with a lower-case first letter, e.g. "permission denied".
    static func systemReason() -> String {
        let text = String(cString: strerror(errno))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
