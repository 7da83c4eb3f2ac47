import Foundation
import ScrollSimCore

/// Reads the files scenarios refer to (`replay` recordings, `layout.catalog` catalogs) for the
/// scenario decoder, through the one input layer (`InputFile`, at most `InputLimit.replay` or
/// `InputLimit.catalog`: a larger file is refused without being read to its end), each path once:
/// every scenario of a run or a sweep shares one gesture or catalog (one copy of its arrays), and
/// a file cannot change between two combinations.
///
/// Errors are `InputError`s naming the file: `.missing` ("no such file"), `.unreadable` ("cannot
/// read: is a directory", …) or `.invalid` (too large, or its content: `ReplayCSV`, `CatalogCSV`).
public final class ReplayFileCache: ScenarioFileReading, @unchecked Sendable {
    /// Guards `gestures`, `catalogs` and `readPaths`.
    private let lock = NSLock()
    /// Each path's outcome so far, read or refused; only looked up, never iterated.
    private typealias Outcomes<Value> = [String: Result<Value, InputError>]
    /// Each gesture path's outcome so far.
    private var gestures: Outcomes<ReplayGesture> = [:]
    /// Each catalog path's outcome so far.
    private var catalogs: Outcomes<ItemCatalog> = [:]
    /// The paths asked for, in first-use order.
    private var readPaths: [String] = []

    /// An empty cache.
    public init() {}

    /// The gesture in the file at `path`, read and parsed on first use.
    /// - Throws: `InputError` (see the type).
    public func replayGesture(atPath path: String) throws(InputError) -> ReplayGesture {
        try cached(path, in: \.gestures) { () throws(InputError) in
            try ReplayCSV.parse(try InputFile.read(path, limit: .replay), file: path)
        }
    }

    /// The catalog in the file at `path`, read and parsed on first use.
    /// - Throws: `InputError` (see the type).
    public func itemCatalog(atPath path: String) throws(InputError) -> ItemCatalog {
        try cached(path, in: \.catalogs) { () throws(InputError) in
            try CatalogCSV.parse(try InputFile.read(path, limit: .catalog), file: path)
        }
    }

    /// `path`'s outcome in the table at `outcomes`: the one recorded, else `read`'s, recorded (and
    /// the path with it, in `readPaths`), under the lock.
    private func cached<Value>(_ path: String, in outcomes: ReferenceWritableKeyPath<ReplayFileCache, Outcomes<Value>>,
                               read: () throws(InputError) -> Value) throws(InputError) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let known = self[keyPath: outcomes][path] { return try known.get() }
        let outcome = Result(catching: read)
        self[keyPath: outcomes][path] = outcome
        readPaths.append(path)
        return try outcome.get()
    }

    /// The recordings and catalogs asked for so far, in first-use order: inputs that no output may
    /// overwrite.
    public var paths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return readPaths
    }
}
