// TEMPORARY STAND-IN — replaced wholesale by the real `ScenarioFiles` from the `scenario` branch at
// merge time. It exists only so that the CLI compiles before the parser lands: `expand` finds
// files, `load` reports a missing file as `.unreadable` and every readable file as `.invalid`
// ("parser not merged yet"). Put nothing else in this file.
import Foundation
import ScrollSimCore

/// Finds and loads scenario files for the CLI (temporary stand-in, see the note above).
public enum ScenarioFiles {
    /// Files and directories → the `.json` files they name, directories' entries sorted by name.
    /// - Throws: `.unreadable` for a path that does not exist.
    public static func expand(paths: [String]) throws(ScenarioError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ScenarioError(kind: .unreadable, file: path, path: "", message: "no such file or directory")
            }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.filter { $0.hasSuffix(".json") }.sorted().map { "\(path)/\($0)" }
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// Reads the file at `path`; always throws until the real parser is merged.
    public static func load(path: String) throws(ScenarioError) -> Scenario {
        guard FileManager.default.contents(atPath: path) != nil else {
            throw ScenarioError(kind: .unreadable, file: path, path: "", message: "cannot read the file")
        }
        throw ScenarioError(kind: .invalid, file: path, path: "", message: "parser not merged yet")
    }
}
