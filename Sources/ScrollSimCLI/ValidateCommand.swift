import FetchStrategies
import ScrollSimCore
import ScrollSimReports

/// `scrollsim validate`: checks scenario files without running them.
///
/// Each path is expanded on its own (so one missing path does not hide the others' results);
/// each file is loaded and every strategy it lists is built through the catalogue. A good file
/// prints `<file>: ok (<n> items, <m> strategies, <s> script steps)` on stdout, where `m` counts
/// the strategies `run` would use (every built-in one when the file lists none) and `s` the
/// script's top-level steps (a `repeat` counts once); counts are singular for 1. Then the refresh
/// rate it runs at, and whether that is the device's maximum (the default when the file gives no
/// `display.refreshHz`): `120 Hz, the iphone-14-pro's maximum` or `60 Hz, below the
/// iphone-14-pro's 120`. Last the protocol and the connection limit it implies, which tells the
/// reader of a file written before `http2` became the default that its `maxConnections` no longer
/// applies: `http2, one connection a session` or `http1.1, up to 6 connections a session that sets no
/// limit`. Each problem
/// prints `Error: <file>: …` on stderr. Exit 0 if every file is good, else 66 if any path is
/// missing or unreadable, else 65.
struct ValidateCommand: ScrollSimSubcommand {
    /// The interface of `scrollsim validate`.
    static let configuration = CommandSpec(
        path: ["scrollsim", "validate"],
        abstract: "Check scenario files without running them.",
        discussion: "Exit codes: 0 all valid, 65 a file is invalid, 66 a file is missing or unreadable.",
        arguments: [ArgumentSpec(valueName: "files", abstract: "Scenario files (.json), or directories of them.")]
    )

    /// Files and directories, as given.
    var paths: [String]

    /// Typed values from checked arguments.
    init(_ arguments: ParsedArguments) { paths = arguments.positionals }

    /// Nothing beyond what the parser checks.
    func validate() throws(CommandLineError) {}

    /// Validates every file and reports each one.
    func run(output: CommandOutput) -> Int32 {
        var failures: [InputError] = []
        func report(_ error: InputError) {
            output.writeError("Error: \(MessageLine.make(error.description))\n")
            failures.append(error)
        }
        for path in paths {
            let files: [String]
            do {
                files = try ScenarioFiles.expand(paths: [path])
            } catch {
                report(error)
                continue
            }
            if files.isEmpty { report(InputError(.missing, file: path, "no scenario files (.json) here")) }
            for file in files {
                let scenario: Scenario
                do {
                    scenario = try ScenarioFiles.load(path: file)
                } catch {
                    report(error)
                    continue
                }
                var isGood = true
                for spec in scenario.strategies {
                    do {
                        _ = try StrategyRegistry.makeFactory(spec)
                    } catch {
                        report(InputError(.invalid, file: file, error.description))
                        isGood = false
                    }
                }
                if isGood { output.write("\(file): ok (\(Self.summary(of: scenario)))\n") }
            }
        }
        return failures.isEmpty ? ExitCode.success : ExitCode.of(failures)
    }

    /// "<n> items, <m> strategies, <s> script steps, <r> Hz, …, <protocol>, …", singular where a count is 1.
    static func summary(of scenario: Scenario) -> String {
        let strategies = scenario.strategies.isEmpty ? StrategyRegistry.all.count : scenario.strategies.count
        return [
            counted(scenario.layout.itemCount, "item", "items"),
            counted(strategies, "strategy", "strategies"),
            counted(scenario.script.count, "script step", "script steps"),
            refreshRate(of: scenario),
            connections(of: scenario.network),
        ].joined(separator: ", ")
    }

    /// "http2, one connection a session" or "http1.1, up to 6 connections a session that sets no limit"
    /// (`maxConnections`, the limit of the sessions that set none, applies over HTTP/1.1 only).
    static func connections(of network: Scenario.Network) -> String {
        switch network.httpProtocol {
        case .http2: "http2, one connection a session"
        case .http1_1: "http1.1, up to " + counted(network.maxConnections, "connection", "connections")
            + " a session that sets no limit"
        }
    }

    /// "120 Hz, the iphone-14-pro's maximum" (the default), or "60 Hz, below the iphone-14-pro's 120".
    static func refreshRate(of scenario: Scenario) -> String {
        let model = scenario.device.model, hz = scenario.refreshHz
        if hz == model.maxRefreshHz { return "\(hz) Hz, the \(model.rawValue)'s maximum" }
        return "\(hz) Hz, below the \(model.rawValue)'s \(model.maxRefreshHz)"
    }

    /// "1 item", "2 items".
    static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }
}
