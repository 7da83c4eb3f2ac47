/// Why a file a scenario refers to (a `replay` step's recording, a `layout.catalog`) could not be
/// used: the file, the place (line and column, when the problem has one) and what is wrong, on
/// one line (docs/workloads.md).
public struct ReplayFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, which decides the exit code.
    public enum Kind: Sendable, Equatable {
        /// The file does not exist or cannot be read (exit 66).
        case unreadable
        /// The content is not a valid recording or catalog, or too large (exit 65).
        case invalid
    }

    /// Unreadable or invalid.
    public var kind: Kind
    /// The file as the decoder resolved it.
    public var file: String
    /// The line, from 1, or nil when the problem is the whole file.
    public var line: Int?
    /// The field's position, from 1, or nil when the problem is the whole line.
    public var column: Int?
    /// The column's header name, when known.
    public var columnName: String?
    /// What is wrong and what is allowed, written for a person.
    public var message: String

    /// An error about `file`, at `line` and `column` when given.
    public init(kind: Kind = .invalid, file: String, line: Int? = nil, column: Int? = nil, columnName: String? = nil,
                message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.columnName = columnName
        self.message = message
    }

    /// "<file>: line 4, column 1 (t_ms): <message>", or "<file>: <message>" without a line.
    public var description: String {
        guard let line else { return "\(file): \(message)" }
        var place = "line \(line)"
        if let column { place += ", column \(column)" }
        if let columnName { place += " (\(columnName))" }
        return "\(file): \(place): \(message)"
    }
}
