import Foundation
import ScrollSimCore

/// Scenario files on disk: reading one, and turning command-line arguments (files and
/// directories) into the list of files to run (SPEC §10).
///
/// Errors are `ScenarioError`s: `.unreadable` (exit 66) when a path is missing or cannot be read,
/// `.invalid` (exit 65) when the content is wrong, including invalid UTF-8.
public enum ScenarioFiles {
    /// Reads, parses and validates the scenario file at `path` (named as given in errors), with
    /// the `replay` recordings it names (paths relative to its directory).
    /// - Throws: `.unreadable` with "no such file", "cannot read: is a directory" or
    ///   "cannot read: <system reason>", for the scenario or a recording; `.invalid` for the
    ///   content (see `ScenarioLoader`).
    public static func load(path: String) throws(ScenarioError) -> Scenario {
        try ScenarioLoader.parse(utf8: try contents(of: path), file: path, files: ReplayFileCache())
    }

    /// The files named by `paths`, in order: a file stays itself; a directory becomes its
    /// `*.json` files (not hidden ones, not subdirectories, no recursion), sorted by the bytes of
    /// their names so the order never depends on locale or file system. A directory without
    /// scenario files contributes nothing.
    /// - Throws: `.unreadable` ("no such file or directory", "cannot read the directory: …").
    public static func expand(paths: [String]) throws(ScenarioError) -> [String] {
        var files: [String] = []
        for path in paths {
            guard let isDirectory = kind(of: path) else { throw unreadable(path, "no such file or directory") }
            guard isDirectory else {
                files.append(path)
                continue
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw unreadable(path, "cannot read the directory: \(reason(for: error))")
            }
            let scenarioNames = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let directory = path.hasSuffix("/") ? path : path + "/"
            for name in scenarioNames where kind(of: directory + name) == false {
                files.append(directory + name)
            }
        }
        return files
    }

    /// The bytes of the file at `path`.
    private static func contents(of path: String) throws(ScenarioError) -> [UInt8] {
        guard let isDirectory = kind(of: path) else { throw unreadable(path, "no such file") }
        if isDirectory { throw unreadable(path, "cannot read: is a directory") }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw unreadable(path, "cannot read: \(reason(for: error))")
        }
    }

    /// Whether `path` is a directory (following symbolic links); nil when nothing is there.
    private static func kind(of path: String) -> Bool? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory.boolValue
    }

    /// The system's reason for a Foundation I/O error, e.g. "permission denied".
    private static func reason(for error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey].flatMap { $0 as? any Error }.map { $0 as NSError }
        guard let posix = underlying, posix.domain == NSPOSIXErrorDomain else {
            return (error as NSError).localizedDescription
        }
        let text = String(cString: strerror(Int32(posix.code)))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// An `.unreadable` error for `path`.
    private static func unreadable(_ path: String, _ message: String) -> ScenarioError {
        ScenarioError(kind: .unreadable, file: path, path: "", message: message)
    }
}
