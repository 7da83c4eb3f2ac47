/// A strategy entry in a scenario that cannot be used: `path` is its JSON path.
public struct StrategyConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The JSON path of the entry or of its parameter (`strategies[1].memoryCacheMB`).
    public var path: String
    /// What is wrong and what is allowed.
    public var message: String
    /// An error at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    /// "path: message", or the message alone without a path.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
