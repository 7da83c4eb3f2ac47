/// The largest input a reader accepts, so that a huge or endless file (`/dev/zero`) is refused
/// with a message instead of exhausting memory.
public struct InputLimit: Sendable, Equatable {
    /// The limit in bytes.
    public let bytes: Int
    /// The limit as messages show it, e.g. "64 MiB".
    public let text: String

    /// A limit of `bytes`, shown as `text`.
    public init(bytes: Int, text: String) {
        self.bytes = bytes
        self.text = text
    }

    /// The message for a file over the limit: "larger than 64 MiB, the limit for this kind of file".
    public var tooLargeMessage: String { "larger than \(text), the limit for this kind of file" }

    /// Scenario and sweep files (JSON): 64 MiB, room for a script of a million steps.
    public static let json = InputLimit(bytes: 64 << 20, text: "64 MiB")
    /// CSV files (summaries, per-frame CSVs, sweep shards, request traces): 2 GiB, room for
    /// traces of a hundred million requests.
    public static let csv = InputLimit(bytes: 2 << 30, text: "2 GiB")
    /// A `replay` step's recording (`ReplayCSV`): 64 MiB, room for its 2,000,000 samples.
    public static let replay = InputLimit(bytes: 64 << 20, text: "64 MiB")
    /// A `layout.catalog` (`CatalogCSV`): 64 MiB, room for its 1,000,000 items with long URLs.
    public static let catalog = InputLimit(bytes: 64 << 20, text: "64 MiB")
}
