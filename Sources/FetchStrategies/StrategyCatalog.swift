import ScrollSimCore

/// Documentation of one strategy parameter, as `scrollsim strategies` lists it.
public struct StrategyParameter: Sendable, Equatable {
    public var name: String
    public var defaultValue: String
    public var summary: String
    public init(name: String, defaultValue: String, summary: String) {
        self.name = name
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

/// A built-in strategy: its name, what it models, where the model comes from, its parameters.
public struct StrategyDescriptor: Sendable {
    public var name: String
    public var summary: String
    public var source: String
    public var parameters: [StrategyParameter]
    /// Builds the strategy from a scenario entry; throws for unknown or invalid parameters.
    public var make: @Sendable (StrategySpec) throws(StrategyConfigError) -> StrategyFactory
}

/// A strategy entry in a scenario that cannot be used: `path` is its JSON path.
public struct StrategyConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// The built-in strategies, in the order `scrollsim strategies` lists them.
public enum StrategyCatalog {
    /// Every built-in strategy.
    public static let all: [StrategyDescriptor] = [
        StrategyDescriptor(
            name: "naive",
            summary: "Loads in cellForItem; no cache, no coalescing, no cancellation, no identity check; main-thread decode at display.",
            source: "The control: the first image-loading code of most tutorials.",
            parameters: [],
            make: { spec throws(StrategyConfigError) in
                try StrategyParameters(spec).finish()
                return { NaiveStrategy(environment: $0) }
            }),
        StrategyDescriptor(
            name: "apple-prefetching-sample",
            summary: "AsyncFetcher: unbounded NSCache-like cache purged on memory warning, coalesced completion handlers, cancelFetch on cancelPrefetching, representedIdentifier guard, main-thread decode at display.",
            source: "Apple sample code \"Prefetching collection view data\" (UICollectionViewDataSourcePrefetching).",
            parameters: [],
            make: { spec throws(StrategyConfigError) in
                try StrategyParameters(spec).finish()
                return { ApplePrefetchingSampleStrategy(environment: $0) }
            }),
        StrategyDescriptor(
            name: "actor-loader-coalescing",
            summary: "Actor loader caching in-flight tasks: one download per URL, failed entries removed, every image kept, no cancellation, no prefetch, main-thread decode at display.",
            source: "The Swift-concurrency image loader pattern (actor with [URL: .inProgress(Task) | .fetched(UIImage)]).",
            parameters: [],
            make: { spec throws(StrategyConfigError) in
                try StrategyParameters(spec).finish()
                return { ActorLoaderCoalescingStrategy(environment: $0) }
            }),
    ]

    /// The strategy named `name`, if built in.
    public static func descriptor(named name: String) -> StrategyDescriptor? {
        all.first { $0.name == name }
    }

    /// Builds the factory for a scenario's strategy entry.
    /// - Throws: `StrategyConfigError` for an unknown name (with a suggestion) or bad parameters.
    public static func makeFactory(_ spec: StrategySpec) throws(StrategyConfigError) -> StrategyFactory {
        guard let descriptor = descriptor(named: spec.name) else {
            let names = all.map(\.name)
            let hint = Suggestion.closest(to: spec.name, among: names).map { "; did you mean '\($0)'?" }
                ?? "; built-in strategies: \(names.joined(separator: ", "))"
            throw StrategyConfigError(path: spec.path, message: "unknown strategy '\(spec.name)'\(hint)")
        }
        return try descriptor.make(spec)
    }
}
