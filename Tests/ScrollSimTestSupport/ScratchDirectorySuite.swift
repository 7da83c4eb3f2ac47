import Foundation

/// A test suite that works in a scratch directory of its own: the suite's `init` makes it with
/// `makeTemporaryDirectory()` (so each test gets a fresh, empty one) and the tests write their
/// input files into it with `write(_:_:)` and `writeScenario(_:named:with:)`.
public protocol ScratchDirectorySuite {
    /// The test's scratch directory (an absolute path).
    var directory: String { get }
}

extension ScratchDirectorySuite {
    /// Writes `text` to `name`, a path relative to the scratch directory (missing parent
    /// directories are made), and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let path = directory + "/" + name
        let parent = (path as NSString).deletingLastPathComponent
        if parent != directory {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        }
        try writeFile(text, to: path)
        return path
    }

    /// Writes the scenario `json` to `name` and, first, each of `files` (a catalog or a recording
    /// it names, by path relative to it); returns the scenario's path.
    @discardableResult
    public func writeScenario(_ json: String, named name: String = "s.json",
                              with files: [(name: String, text: String)] = []) throws -> String {
        let folder = (name as NSString).deletingLastPathComponent
        for file in files { try write(folder.isEmpty ? file.name : folder + "/" + file.name, file.text) }
        return try write(name, json)
    }
}
