/// The largest input a reader accepts, so that a huge or endless file (`/dev/zero`) is refused
/// with a message instead of exhausting memory.
public struct InputLimit: Sendable, Equatable {
    /// The limit in bytes.
    public let bytes: Int
    /// The limit as messages show it, e.g. "64 MiB".
    public let text: String
    /// The longest line in bytes (its line end not counted), or nil for no line limit; a file
    /// with a longer line is refused as soon as the reader has read past the limit, so an endless
    /// file without line ends (`/dev/zero`) costs little time and memory.
    public let lineBytes: Int?
    /// The line limit as messages show it, e.g. "16 MiB".
    public let lineText: String

    /// A limit of `bytes`, shown as `text`, and of `lineBytes` per line, shown as `lineText`.
    public init(bytes: Int, text: String, lineBytes: Int? = nil, lineText: String = "") {
        self.bytes = bytes
        self.text = text
        self.lineBytes = lineBytes
        self.lineText = lineText
    }

    /// The message for a file over the limit: "larger than 64 MiB, the limit for this kind of file".
    public var tooLargeMessage: String { "larger than \(text), the limit for this kind of file" }

    /// The message for a line over the line limit (after "line N: "): "longer than 16 MiB, the
    /// limit for a line of this kind of file".
    public var lineTooLongMessage: String { "longer than \(lineText), the limit for a line of this kind of file" }

    /// Scenario and sweep files (JSON): 64 MiB, room for a script of a million steps.
    public static let json = InputLimit(bytes: 64 << 20, text: "64 MiB")
    /// CSV files (summaries, per-frame CSVs, sweep shards, request traces): 2 GiB, room for
    /// traces of a hundred million requests, and 16 MiB per line, room for a summary with a
    /// million axis columns.
    public static let csv = InputLimit(bytes: 2 << 30, text: "2 GiB", lineBytes: 16 << 20, lineText: "16 MiB")
    /// A `replay` step's recording (`ReplayCSV`): 64 MiB, room for its 2,000,000 samples.
    public static let replay = InputLimit(bytes: 64 << 20, text: "64 MiB")
    /// A `layout.catalog` (`CatalogCSV`): 64 MiB, room for its 1,000,000 items with long URLs.
    public static let catalog = InputLimit(bytes: 64 << 20, text: "64 MiB")
}
