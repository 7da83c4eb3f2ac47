/// The `scrollsim` command: parses arguments, runs a subcommand, returns the exit code (SPEC §10).
public enum ScrollSimCommand {
    /// Runs `scrollsim` with `arguments` (without the program name) and returns its exit code.
    public static func main(arguments: [String]) -> Int32 {
        0
    }
}
