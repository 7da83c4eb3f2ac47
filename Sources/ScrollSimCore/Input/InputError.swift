/// Why an input could not be used — a scenario, sweep file, summary or per-frame CSV, shard or
/// request trace: one message naming the file, where in it (a JSON path, or a line and column),
/// and what is allowed.
///
/// The one error type of every reader. Its `kind` decides the exit code (`ExitCode` in
/// ScrollSimReports is the one place that maps it): 66 for a missing or unreadable file, 65 for
/// invalid content.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// Nothing is at the path (exit 66).
        case missing
        /// Something is there but cannot be read: a directory, no permission, an I/O error (exit 66).
        case unreadable
        /// The content is not what the reader accepts (exit 65).
        case invalid
    }

    /// Where in the file the problem is.
    public enum Location: Sendable, Equatable {
        /// The file as a whole.
        case file
        /// A JSON path, e.g. `layout.itemCount`, `script[2].fling.velocity`, `axes["seed"][1]`
        /// (for a sweep, also an axes combination).
        case path(String)
        /// A line (from 1), optionally a column (a field's position, from 1) and the column's name.
        case line(Int, column: Int? = nil, name: String? = nil)
    }

    /// Missing, unreadable or invalid.
    public var kind: Kind
    /// The file as the user named it.
    public var file: String
    /// Where in the file.
    public var location: Location
    /// What is wrong and what is allowed, written for a person.
    public var message: String

    /// An error of `kind` about `file` at `location`.
    public init(_ kind: Kind = .invalid, file: String, at location: Location = .file, _ message: String) {
        self.kind = kind
        self.file = file
        self.location = location
        self.message = message
    }

    /// An error about `file` at JSON `path` (the whole file when `path` is empty).
    public init(kind: Kind = .invalid, file: String, path: String, message: String) {
        self.init(kind, file: file, at: path.isEmpty ? .file : .path(path), message)
    }

    /// The JSON path of the problem, or "" when it is not at a JSON path.
    public var path: String {
        if case .path(let path) = location { return path }
        return ""
    }

    /// The line of the problem, when it is at a line.
    public var line: Int? {
        if case .line(let line, _, _) = location { return line }
        return nil
    }

    /// Whether the file could not be read at all (missing or unreadable) rather than being invalid.
    public var isUnreadable: Bool { kind != .invalid }

    /// `file: message`, `file: path: message` or `file: line 4, column 10 (hitch_ratio): message`.
    /// The file is echoed escaped (`MessageLine.echoed`): a path read from a sweep or scenario file
    /// may hold control characters.
    public var description: String {
        let file = MessageLine.echoed(self.file, limit: Int.max)
        switch location {
        case .file: return "\(file): \(message)"
        case .path(let path): return "\(file): \(path): \(message)"
        case .line(let line, let column, let name):
            var place = "line \(line)"
            if let column { place += ", column \(column)" }
            if let name { place += " (\(name))" }
            return "\(file): \(place): \(message)"
        }
    }
}

/// The scenario reader's name for `InputError`.
public typealias ScenarioError = InputError
