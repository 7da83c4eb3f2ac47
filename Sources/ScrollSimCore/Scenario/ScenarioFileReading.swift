/// Where the files a scenario refers to come from: `replay` recordings and `layout.catalog`
/// item catalogs.
///
/// The core does no file I/O: whoever loads a scenario gives a reader (the CLI reads from disk
/// and shares one decoded gesture or catalog among every scenario of a sweep; tests read from
/// memory). The decoder resolves a relative path against the scenario file's directory before
/// asking.
public protocol ScenarioFileReading: Sendable {
    /// The recorded gesture in the replay file at `path` (already resolved), parsed by
    /// `ReplayCSV.parse(_:file:)`.
    /// - Throws: `InputError` naming `path`: `.missing` when nothing is there, `.unreadable` when
    ///   it cannot be read, `.invalid` for its content or when it is larger than
    ///   `ReplayCSV.maxBytes` (which a reader may refuse before reading it all).
    func replayGesture(atPath path: String) throws(InputError) -> ReplayGesture

    /// The item catalog in the CSV file at `path` (already resolved), parsed by
    /// `CatalogCSV.parse(_:file:)`.
    /// - Throws: `InputError` naming `path`: `.missing` when nothing is there, `.unreadable` when
    ///   it cannot be read, `.invalid` for its content or when it is larger than
    ///   `CatalogCSV.maxBytes` (which a reader may refuse before reading it all).
    func itemCatalog(atPath path: String) throws(InputError) -> ItemCatalog
}

/// The reader of a loader that was given none: every file is unreadable.
public struct NoScenarioFiles: ScenarioFileReading {
    /// A reader that reads nothing.
    public init() {}

    /// Always throws `.unreadable`.
    public func replayGesture(atPath path: String) throws(InputError) -> ReplayGesture {
        throw Self.unreadable(path)
    }

    /// Always throws `.unreadable`.
    public func itemCatalog(atPath path: String) throws(InputError) -> ItemCatalog {
        throw Self.unreadable(path)
    }

    /// The error for every file.
    private static func unreadable(_ path: String) -> InputError {
        InputError(.unreadable, file: path, "cannot read: this scenario was loaded without file access")
    }
}

/// Files held in memory, by path: for tests and for apps that embed ScrollSim.
public struct InMemoryScenarioFiles: ScenarioFileReading {
    /// Each file's bytes, by the path the decoder asks for.
    public var files: [String: [UInt8]]

    /// A reader of `files` (path → UTF-8 text).
    public init(_ files: [String: String] = [:]) {
        self.files = files.mapValues { Array($0.utf8) }
    }

    /// The gesture in `files[path]`, or `.missing` "no such file".
    public func replayGesture(atPath path: String) throws(InputError) -> ReplayGesture {
        try ReplayCSV.parse(try bytes(atPath: path), file: path)
    }

    /// The catalog in `files[path]`, or `.missing` "no such file".
    public func itemCatalog(atPath path: String) throws(InputError) -> ItemCatalog {
        try CatalogCSV.parse(try bytes(atPath: path), file: path)
    }

    /// `files[path]`, or `.missing` "no such file".
    private func bytes(atPath path: String) throws(InputError) -> [UInt8] {
        guard let bytes = files[path] else { throw InputError(.missing, file: path, "no such file") }
        return bytes
    }
}
