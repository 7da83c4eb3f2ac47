import ScrollSimCore
import ScrollSimReports

/// `scrollsim cache-replay`: replays an `id,size` request trace through LRU or FIFO caches of the
/// given capacities and prints a miss-ratio curve (requests, hits, misses, request and byte miss
/// ratios per policy and capacity).
///
/// The trace is streamed (`RequestTraceFile`: read 1 MiB at a time and parsed as it comes, never
/// held whole) and each chunk's requests replayed through one cache per policy × capacity,
/// policies then capacities in the order given (`CacheReplayer`: libCacheSim's semantics). `p%`
/// capacities are that share of the distinct objects' bytes, each object counted at its first
/// request's size, rounded down: they need a first pass over the file to count them (a pipe keeps
/// each request's object and size instead).
///
/// Failures: a missing or unreadable trace `Error: <file>: …` (exit 66); bad content
/// `Error: <file>: line <n>: …` (exit 65); a bad command line, including a malformed `--capacity`,
/// exit 64 with the usage.
struct CacheReplayCommand: ScrollSimSubcommand {
    /// What `cache-replay` prints on stdout.
    enum Format: String, OutputFormat {
        /// `CacheReplayReport.table`, for people.
        case table
        /// `CacheReplayReport.csv`.
        case csv
    }

    /// The interface of `scrollsim cache-replay`.
    static let configuration = CommandSpec(
        path: ["scrollsim", "cache-replay"],
        abstract: "Replay a request trace through a cache and print its miss ratios.",
        discussion: """
            The trace is a CSV file with the header 'id,size' and one request per line: ids are \
            integers from 0, sizes integers from 1 (bytes, or 1 to count objects). 'scrollsim run \
            --requests <dir>' writes such traces. A miss inserts the object, an object larger than \
            the cache is not inserted, a hit refreshes recency under lru only (libCacheSim's \
            semantics); clock is Nuke's CLOCK (second chance), which inserts before it evicts. \
            A capacity is in the trace's size unit, or a percentage of the bytes of \
            the distinct objects, rounded down.

            Exit codes: 0 success, 64 bad command line, 65 invalid trace, 66 missing or \
            unreadable trace.
            """,
        arguments: [ArgumentSpec(valueName: "trace", abstract: "The request trace (.csv).", isRepeatable: false)],
        options: [
            OptionSpec(name: "policy", valueName: "policy", kind: .choice(CacheIndex.Policy.allCases.map(\.rawValue)),
                       abstract: "Eviction policy.", defaultValue: CacheIndex.Policy.lru.rawValue, isRepeatable: true),
            capacityOption,
            OptionSpec.format(Format.self, abstract: "Output format."),
        ]
    )

    /// The trace files given (one is valid).
    var tracePaths: [String]
    /// `--policy` values, in order, each once (lru when none).
    var policies: [CacheIndex.Policy]
    /// `--capacity` values as given.
    var capacityTexts: [String]
    /// `--format`.
    var format: Format

    /// Typed values from checked arguments.
    init(_ arguments: ParsedArguments) {
        tracePaths = arguments.positionals
        var policies: [CacheIndex.Policy] = []
        for value in arguments.values(of: "policy") {
            if let policy = CacheIndex.Policy(rawValue: value), !policies.contains(policy) { policies.append(policy) }
        }
        self.policies = policies.isEmpty ? [.lru] : policies
        capacityTexts = arguments.values(of: "capacity")
        format = arguments.format()
    }

    /// `--capacity`, repeatable; checked by `validate()` (a size or a percentage).
    static let capacityOption = OptionSpec(
        name: "capacity", valueName: "n|p%",
        abstract: "Cache capacity: a size, or a percentage of the distinct bytes such as 5% or 0.5%.",
        isRepeatable: true)

    /// One trace; at least one `--capacity`, each a size or a percentage.
    func validate() throws(CommandLineError) {
        if tracePaths.count > 1 { throw CommandLineError("Unexpected argument '\(tracePaths[1])'") }
        let option = Self.capacityOption
        if capacityTexts.isEmpty {
            throw CommandLineError("Missing expected argument '\(option.synopsis)'", help: option.helpLine)
        }
        for text in capacityTexts where CacheCapacity(text) == nil {
            throw CommandLineError(
                "The value '\(text)' is invalid for '\(option.synopsis)'. Please provide a size from 0 to "
                    + "\(Int64.max), or a percentage from 0% to 100% with at most "
                    + "\(CacheCapacity.maximumPercentDecimals) decimals.",
                help: option.helpLine)
        }
    }

    /// Reads, parses, replays, prints.
    func run(output: CommandOutput) -> Int32 {
        let path = tracePaths[0]
        let results: [CacheReplayResult], distinctBytes: Int64
        do {
            (results, distinctBytes) = try RequestTraceFile.replay(
                path, policies: policies, capacities: capacityTexts.compactMap(CacheCapacity.init))
        } catch {
            return ScrollSimCommand.report([error], output: output)
        }
        switch format {
        case .table: output.write(CacheReplayReport.table(results, distinctBytes: distinctBytes))
        case .csv: output.write(CacheReplayReport.csv(results))
        }
        return ExitCode.success
    }
}
