// `custom-scrollsim`: ScrollSim's own command line with one more strategy, `lru-prefetch`, which
// every subcommand knows (run, validate, strategies, sweep, compare, report):
//   swift run --package-path Examples/CustomStrategy custom-scrollsim run Examples/CustomStrategy/avatars.json
//   swift run --package-path Examples/CustomStrategy custom-scrollsim sweep Examples/CustomStrategy/cache-sweep.json
import Foundation
import ScrollSim

/// How `scrollsim strategies` lists `lru-prefetch`, its parameters (declared once: the scenario
/// check, `strategies`, the schema and `strategies --format markdown` all come from them), and how
/// a scenario entry builds it.
let lruPrefetch = StrategyDescriptor(
    name: "lru-prefetch",
    summary: "LRU cache of decoded images (cacheCount), coalesced downloads raised on join, low-priority prefetch "
        + "cancelled when unneeded, off-main decode.",
    source: "Examples/CustomStrategy: an example of a strategy defined outside ScrollSim.",
    parameters: [.integer("cacheCount", default: 60, in: 1...100_000, "Decoded images kept (LRU).")],
    make: { parameters in
        let cacheCount = parameters.integer("cacheCount")
        return { LRUPrefetchStrategy(environment: $0, cacheCount: cacheCount) }
    })

exit(ScrollSimCommand.main(arguments: Array(CommandLine.arguments.dropFirst()), strategies: [lruPrefetch]))
