import Foundation
import ScrollSimCore

/// Reads the files scenarios refer to (`replay` recordings, `layout.catalog` catalogs) from disk
/// for the scenario decoder, each path once: every scenario a sweep decodes shares one gesture
/// or catalog (one copy of its arrays), and a file cannot change between two combinations.
///
/// Reads go through POSIX calls, worded like `InputFile` ("no such file", "cannot read: …"), and
/// stop at `ReplayCSV.maxBytes` (`CatalogCSV.maxBytes` for a catalog): a larger file is refused
/// without being read to its end. (To be folded into the CLI's shared size-capped input layer
/// when there is one.)
final class ReplayFileCache: ScenarioFileReading, @unchecked Sendable {
    /// Guards `gestures`.
    private let lock = NSLock()
    /// Each path's outcome so far; only looked up, never iterated.
    private var gestures: [String: Result<ReplayGesture, ReplayFileError>] = [:]
    /// Each catalog path's outcome so far; only looked up, never iterated.
    private var catalogs: [String: Result<ItemCatalog, ReplayFileError>] = [:]

    /// An empty cache.
    init() {}

    /// The gesture in the file at `path`, read and parsed on first use.
    func replayGesture(atPath path: String) throws(ReplayFileError) -> ReplayGesture {
        lock.lock()
        defer { lock.unlock() }
        if let known = gestures[path] { return try known.get() }
        let outcome = Result { () throws(ReplayFileError) -> ReplayGesture in
            try ReplayCSV.parse(try Self.bytes(atPath: path, maxBytes: ReplayCSV.maxBytes), file: path)
        }
        gestures[path] = outcome
        return try outcome.get()
    }

    /// The catalog in the file at `path`, read and parsed on first use.
    func itemCatalog(atPath path: String) throws(ReplayFileError) -> ItemCatalog {
        lock.lock()
        defer { lock.unlock() }
        if let known = catalogs[path] { return try known.get() }
        let outcome = Result { () throws(ReplayFileError) -> ItemCatalog in
            let bytes = try Self.bytes(atPath: path, maxBytes: CatalogCSV.maxBytes,
                                       tooLargeMessage: CatalogCSV.tooLargeMessage)
            return try CatalogCSV.parse(bytes, file: path)
        }
        catalogs[path] = outcome
        return try outcome.get()
    }

    /// The bytes of the file at `path`; more than `maxBytes` of them is `.invalid` with
    /// `tooLargeMessage` (by default the one for `ReplayCSV.maxBytes`: tests pass a smaller limit).
    static func bytes(atPath path: String, maxBytes: Int,
                      tooLargeMessage: String = ReplayCSV.tooLargeMessage) throws(ReplayFileError) -> [UInt8] {
        func unreadable(_ reason: String) -> ReplayFileError {
            ReplayFileError(kind: .unreadable, file: path, message: reason)
        }
        let tooLarge = ReplayFileError(file: path, message: tooLargeMessage)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw unreadable(errno == ENOENT ? "no such file" : "cannot read: \(InputFile.lastErrorText())")
        }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { throw unreadable("cannot read: is a directory") }
            if status.st_mode & S_IFMT == S_IFREG, status.st_size > maxBytes { throw tooLarge }
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: buffer[..<count])
                if bytes.count > maxBytes { throw tooLarge }
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw unreadable("cannot read: \(InputFile.lastErrorText())")
            }
        }
    }
}
