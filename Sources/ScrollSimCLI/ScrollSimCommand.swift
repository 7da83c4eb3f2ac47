#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FetchStrategies
import ScrollSimCore
import ScrollSimReports

/// The `scrollsim` command: parses arguments, runs a subcommand, returns the exit code (`ExitCode`).
///
/// Behaves like a swift-argument-parser command group without a default subcommand:
/// - no arguments, `-h`, `--help`, `help`: the top-level help on stdout, exit 0;
/// - `<subcommand> -h|--help` and `help <subcommand>`: that subcommand's help (identical text) on
///   stdout, exit 0;
/// - a bad command line: `Error: <message>` (then `Help:  <option>  <abstract>` for a bad or
///   missing value), `Usage: <usage>`, `  See '<command> --help' for more information.` on
///   stderr, exit 64; an unknown subcommand gets a "Did you mean '<name>'?" when one is close;
/// - a failure while running (bad scenario, I/O): `Error: <message>` alone on stderr, with the
///   exit code of `ExitCode`.
public enum ScrollSimCommand {
    /// The top-level command's interface.
    static let configuration = CommandSpec(
        path: ["scrollsim"],
        abstract: "Deterministic scroll simulation to compare image-loading strategies.",
        subcommands: subcommands.map {
            SubcommandSummary(name: $0.configuration.path[1], abstract: $0.configuration.abstract)
        }
            + [SubcommandSummary(name: "help", abstract: "Show subcommand help information.")]
    )

    /// The subcommands, in help order.
    static var subcommands: [any ScrollSimSubcommand.Type] {
        [RunCommand.self, ValidateCommand.self, StrategiesCommand.self, CompareCommand.self, RankCommand.self,
         SweepCommand.self, MergeCommand.self, ReportCommand.self, CacheReplayCommand.self, SchemaCommand.self]
    }

    /// Runs `scrollsim` with `arguments` (without the program name), writing to the process's
    /// stdout and stderr, and returns its exit code. `strategies` are a package's own strategies,
    /// known to every subcommand (`run`, `validate`, `strategies`, `sweep`) after the built-in
    /// ones (see `run(arguments:output:strategies:)`).
    ///
    /// A closed pipe or a file-size limit makes a write fail (`EPIPE`, `EFBIG`) instead of killing
    /// the process: SIGPIPE and SIGXFSZ are ignored, so the command reports one line and exits 1,
    /// after removing its temporary files.
    public static func main(arguments: [String], strategies: [StrategyDescriptor] = []) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        let output = CommandOutput.standardStreams()
        let code = run(arguments: arguments, output: output, strategies: strategies)
        if let failure = output.standardOutputFailure {
            // The report on stdout is incomplete (disk full, closed pipe): never exit 0.
            output.writeError("Error: cannot write to standard output: \(MessageLine.make(failure))\n")
            return code == ExitCode.success ? ExitCode.failure : code
        }
        return code
    }

    /// Runs `scrollsim` with `arguments` (without the program name), writing to `output`, and
    /// returns its exit code. Tests call this in process.
    ///
    /// `strategies` are added to the built-in ones for this call (listed after them, run by
    /// default when a scenario names none, accepted in scenarios, sweep files and `--strategy`). A name that is
    /// empty or already taken fails with exit 1 before any argument is looked at.
    public static func run(arguments: [String], output: CommandOutput, strategies: [StrategyDescriptor] = []) -> Int32 {
        guard !strategies.isEmpty else { return dispatch(arguments: arguments, output: output) }
        if let problem = StrategyRegistry.problem(registering: strategies) {
            return reportFailure(problem, code: ExitCode.failure, output: output)
        }
        return StrategyRegistry.$custom.withValue(strategies) { dispatch(arguments: arguments, output: output) }
    }

    /// Parses the subcommand name and runs it (or help).
    static func dispatch(arguments: [String], output: CommandOutput) -> Int32 {
        guard let first = arguments.first, first != "-h", first != "--help" else {
            output.write(configuration.helpText)
            return ExitCode.success
        }
        if first == "help" { return help(Array(arguments.dropFirst()), output: output) }
        if let command = subcommand(named: first) {
            return execute(command, arguments: Array(arguments.dropFirst()), output: output)
        }
        if first.hasPrefix("-") {
            return reportUsageError(ArgumentParser(spec: configuration).unknownOption(first),
                                    of: configuration, output: output)
        }
        return reportUsageError(unknownSubcommand(first), of: configuration, output: output)
    }

    /// `scrollsim help [<subcommand>]`: the named subcommand's help, or the top-level help.
    static func help(_ arguments: [String], output: CommandOutput) -> Int32 {
        guard let name = arguments.first, name != "help", name != "-h", name != "--help" else {
            output.write(configuration.helpText)
            return ExitCode.success
        }
        guard let command = subcommand(named: name) else {
            return reportUsageError(unknownSubcommand(name), of: configuration, output: output)
        }
        if arguments.count > 1 {
            return reportUsageError(CommandLineError("Unexpected argument '\(arguments[1])'"),
                                    of: configuration, output: output)
        }
        output.write(command.configuration.helpText)
        return ExitCode.success
    }

    /// Parses `arguments` for `command`, validates them, and runs it.
    static func execute(_ command: any ScrollSimSubcommand.Type, arguments: [String], output: CommandOutput) -> Int32 {
        let spec = command.configuration
        do {
            let parsed = try ArgumentParser(spec: spec).parse(arguments)
            if parsed.isHelpRequested {
                output.write(spec.helpText)
                return ExitCode.success
            }
            let instance = command.init(parsed)
            try instance.validate()
            return instance.run(output: output)
        } catch {
            return reportUsageError(error, of: spec, output: output)
        }
    }

    /// The subcommand called `name`, if any.
    static func subcommand(named name: String) -> (any ScrollSimSubcommand.Type)? {
        subcommands.first { $0.configuration.path[1] == name }
    }

    /// "Unknown subcommand 'x'", with "Did you mean 'y'?" when a subcommand name is close.
    static func unknownSubcommand(_ name: String) -> CommandLineError {
        let names = configuration.subcommands.map(\.name)
        guard let suggestion = Suggestion.closest(to: name, among: names) else {
            return CommandLineError("Unknown subcommand '\(name)'")
        }
        return CommandLineError("Unknown subcommand '\(name)'. Did you mean '\(suggestion)'?")
    }

    /// Prints `error` as swift-argument-parser does (message, optional help line, usage, where
    /// to find help) to stderr, and returns exit code 64.
    static func reportUsageError(_ error: CommandLineError, of spec: CommandSpec, output: CommandOutput) -> Int32 {
        var text = "Error: \(MessageLine.make(error.message))\n"
        if let help = error.help { text += "Help:  \(help)\n" }
        output.writeError(text + spec.usageFooter)
        return ExitCode.usage
    }

    /// Prints each input problem as `Error: <problem>` (one line each, `MessageLine`; no usage
    /// lines) and returns its exit code
    /// (`ExitCode.of`: 66 if a file is missing or unreadable, else 65).
    static func report(_ failures: [InputError], output: CommandOutput) -> Int32 {
        for failure in failures { output.writeError("Error: \(MessageLine.make(failure.description))\n") }
        return ExitCode.of(failures)
    }

    /// Prints a failure found while running (one line, `MessageLine`; no usage lines) to stderr and
    /// returns `code`.
    static func reportFailure(_ message: String, code: Int32, output: CommandOutput) -> Int32 {
        output.writeError("Error: \(MessageLine.make(message))\n")
        return code
    }
}

/// A subcommand of `scrollsim`, shaped like a swift-argument-parser command: typed values from
/// the parsed arguments, a `validate()` step for rules across options, then `run`.
protocol ScrollSimSubcommand {
    /// The subcommand's interface; `path` is ["scrollsim", <name>].
    static var configuration: CommandSpec { get }
    /// Typed values from arguments the parser has already checked against `configuration`.
    init(_ arguments: ParsedArguments)
    /// Rules the parser cannot check alone; a failure is a usage error (exit 64).
    func validate() throws(CommandLineError)
    /// Does the work and returns the exit code.
    func run(output: CommandOutput) -> Int32
}
