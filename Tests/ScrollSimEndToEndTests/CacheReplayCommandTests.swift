import Foundation
import Testing
import ScrollSimCLI
import ScrollSimReports
import ScrollSimTestSupport
import ScrollSimCore

/// `scrollsim cache-replay`: pinned outputs, trace errors with their exit codes, usage errors, help.
@Suite struct CacheReplayCommandTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// The usage footer of `cache-replay` errors.
    static let usageFooter = """
        Usage: scrollsim cache-replay <trace> [--policy <policy> ...] [--capacity <n|p%> ...] [--format <format>]
          See 'scrollsim cache-replay --help' for more information.

        """

    /// A tiny trace with sizes: 1 (4 bytes), 2 (6), 1, 3 (10), 1, 2; distinct bytes 20.
    static let tinyTrace = "id,size\n1,4\n2,6\n1,4\n3,10\n1,4\n2,6\n"

    @Test("csv: one row per policy and capacity, capacity as a plain integer, ratios with 4 decimals")
    func csvOutput() throws {
        let path = try write("t.csv", Self.tinyTrace)
        let result = scrollsim("cache-replay", path, "--capacity", "10", "--capacity", "50%", "--capacity", "3",
                               "--policy", "lru", "--policy", "fifo", "--format", "csv")
        // LRU 10: 1m 2m 1h 3m(evicts 2, 1) 1m(evicts 3) 2m → 1 hit; 50% = 10, the same;
        // capacity 3: every object is larger than the cache, nothing is inserted.
        // FIFO 10: 1m 2m 1h 3m(evicts 1, 2) 1m(evicts 3) 2m → 1 hit.
        #expect(result.standardOutput == """
            policy,capacity,requests,hits,misses,miss_ratio,byte_miss_ratio
            lru,10,6,1,5,0.8333,0.8824
            lru,10,6,1,5,0.8333,0.8824
            lru,3,6,0,6,1.0000,1.0000
            fifo,10,6,1,5,0.8333,0.8824
            fifo,10,6,1,5,0.8333,0.8824
            fifo,3,6,0,6,1.0000,1.0000

            """)
        #expect(result.standardError == "")
        #expect(result.code == 0)
    }

    @Test("--policy clock: Nuke's second chance beside LRU on the same trace")
    func clockPolicy() throws {
        // The trace of CacheReplayTests.clockByHand: CLOCK hits 6 of 14 requests, LRU 5
        let ids = [1, 2, 3, 1, 2, 4, 5, 1, 6, 5, 1, 7, 6, 1]
        let path = try write("clock.csv", "id,size\n" + ids.map { "\($0),1\n" }.joined())
        let result = scrollsim("cache-replay", path, "--capacity", "3", "--policy", "clock", "--policy", "lru",
                               "--format", "csv")
        #expect(result.standardOutput == """
            policy,capacity,requests,hits,misses,miss_ratio,byte_miss_ratio
            clock,3,14,6,8,0.5714,0.5714
            lru,3,14,5,9,0.6429,0.6429

            """)
        #expect(result.code == 0)
    }

    @Test("table: the default format and policy (lru), % of distinct bytes shown")
    func tableOutput() throws {
        let path = try write("t.csv", Self.tinyTrace)
        let result = scrollsim("cache-replay", path, "--capacity", "14", "--capacity", "100%")
        // LRU 14: 1m 2m 1h 3m(evicts 2) 1h 2m(evicts 3) → 2 hits, misses 4+6+10+6 = 26 of 34 bytes.
        // LRU 20: everything fits → 3 hits.
        #expect(result.standardOutput == """
            policy  capacity  % distinct  requests  hits  misses  miss ratio  byte miss ratio
            ------  --------  ----------  --------  ----  ------  ----------  ---------------
            lru           14       70.0%         6     2       4      0.6667           0.7647
            lru           20      100.0%         6     3       3      0.5000           0.5882

            """)
        #expect(result.code == 0)
    }

    @Test("a header-only trace replays as zero requests")
    func emptyTrace() throws {
        let path = try write("t.csv", "id,size\n")
        let result = scrollsim("cache-replay", path, "--capacity", "5%", "--format", "csv")
        #expect(result.standardOutput
                    == "policy,capacity,requests,hits,misses,miss_ratio,byte_miss_ratio\nlru,0,0,0,0,0.0000,0.0000\n")
        #expect(result.code == 0)
    }

    @Test("invalid traces: Error: <file>: line <n>: what is wrong and what is allowed; exit 65", arguments: [
        ("", "1: empty file; expected the header 'id,size' on the first line"),
        ("1,100\n2,100\n", "1: missing header: the first line must be 'id,size', found '1,100'"),
        ("id,bytes\n1,1\n", "1: missing header: the first line must be 'id,size', found 'id,bytes'"),
        ("id,size\n1,1\n2\n", "3: expected 2 fields '<id>,<size>', found 1 in '2'"),
        ("id,size\n1,1,1\n", "2: expected 2 fields '<id>,<size>', found 3 in '1,1,1'"),
        ("id,size\n1,1\n\n2,1\n",
         "3: empty line; expected '<id>,<size>' "
             + "(ids are integers from 0 to 9223372036854775807, sizes integers from 1 to 9223372036854775807)"),
        ("id,size\nabc,1\n", "2: id 'abc' is not an integer; ids are integers from 0 to 9223372036854775807"),
        ("id,size\n-4,1\n", "2: id '-4' is negative; ids are integers from 0 to 9223372036854775807"),
        ("id,size\n,1\n", "2: id is empty; ids are integers from 0 to 9223372036854775807"),
        ("id,size\n99999999999999999999,1\n",
         "2: id '99999999999999999999' is too large; ids are integers from 0 to 9223372036854775807"),
        ("id,size\n1,2.5\n",
         "2: size '2.5' is not an integer; sizes are integers from 1 to 9223372036854775807 "
             + "(bytes, or 1 to count objects)"),
        ("id,size\n1,1\n1, 1\n",
         "3: size ' 1' is not an integer; sizes are integers from 1 to 9223372036854775807 "
             + "(bytes, or 1 to count objects)"),
        ("id,size\n1,-5\n",
         "2: size '-5' is negative; sizes are integers from 1 to 9223372036854775807 (bytes, or 1 to count objects)"),
        ("id,size\n1,0\n",
         "2: size '0' is zero; sizes are integers from 1 to 9223372036854775807 (bytes, or 1 to count objects)"),
    ])
    func invalidTraces(content: String, message: String) throws {
        let path = try write("bad.csv", content)
        let result = scrollsim("cache-replay", path, "--capacity", "10")
        #expect(result.standardError == "Error: \(path): line \(message)\n")
        #expect(result.standardOutput == "")
        #expect(result.code == 65)
    }

    @Test("a missing trace or a directory: Error: <file>: …; exit 66")
    func unreadableTraces() {
        let missing = scrollsim("cache-replay", directory + "/missing.csv", "--capacity", "1")
        #expect(missing.standardError == "Error: \(directory)/missing.csv: no such file\n")
        #expect(missing.code == 66)
        let folder = scrollsim("cache-replay", directory, "--capacity", "1")
        #expect(folder.standardError == "Error: \(directory): cannot read: is a directory\n")
        #expect(folder.code == 66)
    }

    @Test("bad command lines: the message, the option's help, the usage; exit 64")
    func usageErrors() throws {
        let path = try write("t.csv", Self.tinyTrace)
        let capacityHelp = "Help:  --capacity <n|p%>  Cache capacity: a size, or a percentage of the distinct bytes "
            + "such as 5% or 0.5%.\n"
        let cases: [([String], String)] = [
            (["cache-replay", path], "Error: Missing expected argument '--capacity <n|p%>'\n" + capacityHelp),
            (["cache-replay", path, "--capacity", "5x"],
             "Error: The value '5x' is invalid for '--capacity <n|p%>'. Please provide a size from 0 to "
                 + "9223372036854775807, or a percentage from 0% to 100% with at most 6 decimals.\n" + capacityHelp),
            (["cache-replay", path, "--capacity", "150%"],
             "Error: The value '150%' is invalid for '--capacity <n|p%>'. Please provide a size from 0 to "
                 + "9223372036854775807, or a percentage from 0% to 100% with at most 6 decimals.\n" + capacityHelp),
            (["cache-replay", path, "--capacity", "1", "--policy", "lfu"],
             "Error: The value 'lfu' is invalid for '--policy <policy>'. Please provide one of 'lru', 'fifo' or "
                 + "'clock'.\nHelp:  --policy <policy>  Eviction policy.\n"),
            (["cache-replay", "--capacity", "1"],
             "Error: Missing expected argument '<trace>'\nHelp:  <trace>  The request trace (.csv).\n"),
            (["cache-replay", path, path, "--capacity", "1"], "Error: Unexpected argument '\(path)'\n"),
            (["cache-replay", path, "--capacty", "1"],
             "Error: Unknown option '--capacty'. Did you mean '--capacity'?\n"),
        ]
        for (arguments, message) in cases {
            let output = CommandOutput.capturing()
            let code = ScrollSimCommand.run(arguments: arguments, output: output)
            #expect(output.capturedStandardError == message + Self.usageFooter, "\(arguments)")
            #expect(output.capturedStandardOutput == "")
            #expect(code == 64)
        }
    }

    @Test("scrollsim cache-replay --help prints the exact help")
    func help() {
        let result = scrollsim("help", "cache-replay")
        #expect(result.standardOutput == """
            OVERVIEW: Replay a request trace through a cache and print its miss ratios.

            The trace is a CSV file with the header 'id,size' and one request per line: ids
            are integers from 0, sizes integers from 1 (bytes, or 1 to count objects).
            'scrollsim run --requests <dir>' writes such traces. A miss inserts the object,
            an object larger than the cache is not inserted, a hit refreshes recency under
            lru only (libCacheSim's semantics); clock is Nuke's CLOCK (second chance),
            which inserts before it evicts. A capacity is in the trace's size unit, or a
            percentage of the bytes of the distinct objects, rounded down.

            Exit codes: 0 success, 64 bad command line, 65 invalid trace, 66 missing or
            unreadable trace.

            USAGE: scrollsim cache-replay <trace> [--policy <policy> ...] [--capacity <n|p%> ...] [--format <format>]

            ARGUMENTS:
              <trace>                 The request trace (.csv).

            OPTIONS:
              --policy <policy>       Eviction policy. (values: lru, fifo, clock; default:
                                      lru)
              --capacity <n|p%>       Cache capacity: a size, or a percentage of the
                                      distinct bytes such as 5% or 0.5%.
              --format <format>       Output format. (values: table, csv; default: table)
              -h, --help              Show help information.


            """)
        #expect(scrollsim("cache-replay", "-h").standardOutput == result.standardOutput)
        #expect(result.code == 0)
    }
}
