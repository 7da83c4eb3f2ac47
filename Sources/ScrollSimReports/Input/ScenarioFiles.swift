import Foundation
import ScrollSimCore

/// Scenario files on disk: reading one, and turning command-line arguments (files and
/// directories) into the list of files to run.
///
/// Errors are `InputError`s: missing or unreadable (exit 66) when a path cannot be read,
/// invalid (exit 65) for the content, including invalid UTF-8.
public enum ScenarioFiles {
    /// Reads, parses and validates the scenario file at `path` (named as given in errors), with
    /// the `replay` recordings it names (paths relative to its directory) read through `files`.
    /// - Throws: `InputError` (`InputFile`'s reasons, for the scenario or a recording, then the
    ///   content's first problem).
    public static func load(path: String, files: ReplayFileCache = ReplayFileCache()) throws(InputError) -> Scenario {
        try ScenarioLoader.parse(utf8: try InputFile.read(path, limit: .json), file: path, files: files)
    }

    /// The files named by `paths`, in order: a file stays itself; a directory becomes its
    /// `*.json` regular files and symbolic links to them (not hidden ones, not subdirectories, no
    /// recursion; a FIFO, socket or device named `*.json` is skipped, since reading it could
    /// block forever), sorted by the bytes of their names so the order never depends on locale or
    /// file system. A directory without scenario files contributes nothing.
    /// - Throws: `InputError` ("no such file or directory", "cannot read the directory: …").
    public static func expand(paths: [String]) throws(InputError) -> [String] {
        var files: [String] = []
        for path in paths {
            guard let isDirectory = kind(of: path) else {
                throw InputError(.missing, file: path, "no such file or directory")
            }
            guard isDirectory else {
                files.append(path)
                continue
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw InputError(.unreadable, file: path, "cannot read the directory: \(reason(for: error))")
            }
            let scenarioNames = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for name in scenarioNames where InputFile.isRegularFile(AtomicFileWriter.join(path, name)) {
                files.append(AtomicFileWriter.join(path, name))
            }
        }
        return files
    }

    /// Whether `path` is a directory (following symbolic links); nil when nothing is there.
    private static func kind(of path: String) -> Bool? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory.boolValue
    }

    /// The system's reason for a Foundation I/O error, e.g. "permission denied".
    private static func reason(for error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey]
            .flatMap { $0 as? any Error }.map { $0 as NSError }
        guard let posix = underlying, posix.domain == NSPOSIXErrorDomain else {
            return (error as NSError).localizedDescription
        }
        return SystemError.text(Int32(posix.code))
    }
}
