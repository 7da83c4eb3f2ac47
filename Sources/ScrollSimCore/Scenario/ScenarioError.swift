/// Why a scenario file could not be used: one message naming the file, the JSON path and what is
/// allowed (SPEC §9, §10).
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, which decides the exit code.
    public enum Kind: Sendable, Equatable {
        /// The file does not exist or cannot be read (exit 66).
        case unreadable
        /// The file's content is not a valid scenario (exit 65).
        case invalid
    }

    /// Whether the file was unreadable or its content invalid.
    public var kind: Kind
    /// The file as the user named it.
    public var file: String
    /// JSON path of the offending value, e.g. `layout.itemCount` or `script[2].fling.velocity`;
    /// empty when the problem is the whole file.
    public var path: String
    /// What is wrong and what is allowed, written for a person.
    public var message: String

    /// An error about `file` at JSON `path`.
    public init(kind: Kind = .invalid, file: String, path: String, message: String) {
        self.kind = kind
        self.file = file
        self.path = path
        self.message = message
    }

    /// `file: path: message` (or `file: message` without a path).
    public var description: String {
        path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
    }
}
