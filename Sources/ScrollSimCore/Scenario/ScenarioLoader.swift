/// Reads and validates scenario files (SPEC §9).
public enum ScenarioLoader {
    /// Parses and validates the scenario at `path`.
    /// - Throws: `ScenarioError` with kind `.unreadable` when the file cannot be read, `.invalid`
    ///   for any content problem.
    public static func load(contentsOf path: String) throws(ScenarioError) -> Scenario {
        throw ScenarioError(kind: .invalid, file: path, path: "", message: "not implemented yet")
    }

    /// Parses and validates scenario `text`; `file` names it in errors and provides the default name.
    public static func parse(_ text: String, file: String) throws(ScenarioError) -> Scenario {
        throw ScenarioError(kind: .invalid, file: file, path: "", message: "not implemented yet")
    }
}
