/// How a run's own files are named: `<scenario>__<strategy>__<seed>.<extension>` (`run --frames`,
/// `--trace` and `--requests` write them so, `report --frames` looks them up so).
public enum RunFileName {
    /// The file name of a run, with any `/`, `\` or NUL in a name replaced by `_` (names are
    /// validated not to contain them; this keeps the file inside its directory).
    public static func make(scenario: String, strategy: String, seed: UInt64, extension: String) -> String {
        func safe(_ name: String) -> String {
            String(name.map { $0 == "/" || $0 == "\\" || $0 == "\0" ? "_" : $0 })
        }
        return "\(safe(scenario))__\(safe(strategy))__\(seed).\(`extension`)"
    }
}
