/// Parses and validates scenario text (docs/model.md, "Scenario files"). Core does no file I/O: reading files is
/// `ScenarioFiles` in ScrollSimReports, and the files a scenario refers to (`replay` recordings)
/// come through `files` (there, `ReplayFileCache`), with paths resolved against `file`'s directory.
public enum ScenarioLoader {
    /// Parses and validates scenario `text`; `file` names it in errors and gives the default name
    /// (its base name without `.json`).
    /// - Throws: `ScenarioError` of kind `.invalid`: a JSON syntax error (empty path) or the first
    ///   content problem in file order; `.missing` or `.unreadable` for a referenced file `files`
    ///   cannot read.
    public static func parse(
        _ text: String, file: String, files: any ScenarioFileReading = NoScenarioFiles()
    ) throws(ScenarioError) -> Scenario {
        try parse(utf8: Array(text.utf8), file: file, files: files)
    }

    /// Parses and validates scenario bytes, which must be UTF-8 (an optional byte order mark is
    /// skipped); invalid UTF-8 is reported with its line and column like any syntax error.
    /// - Throws: `ScenarioError` of kind `.invalid`, or `.missing` or `.unreadable` for a referenced file.
    public static func parse(
        utf8 bytes: [UInt8], file: String, files: any ScenarioFileReading = NoScenarioFiles()
    ) throws(ScenarioError) -> Scenario {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw ScenarioError(kind: .invalid, file: file, path: "", message: error.description)
        }
        return try decode(document, file: file, files: files)
    }

    /// Validates an already parsed scenario document (e.g. one a sweep has changed); `file` names
    /// it in errors and gives the default name, as in `parse(_:file:)`.
    /// - Throws: `ScenarioError` of kind `.invalid`: the first content problem in document order;
    ///   `.missing` or `.unreadable` for a referenced file `files` cannot read.
    public static func decode(
        _ document: JSONValue, file: String, files: any ScenarioFileReading = NoScenarioFiles()
    ) throws(ScenarioError) -> Scenario {
        try ScenarioDecoder(file: file, files: files)
            .decode(document, defaultName: ScenarioDecoder.defaultName(forFile: file))
    }

    /// The keys a scenario's top-level object may hold, in documentation order (`ScenarioKeys`).
    public static var topLevelKeys: [String] { ScenarioKeys.topLevel.names }
}
