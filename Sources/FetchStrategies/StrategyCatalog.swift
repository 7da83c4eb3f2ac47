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

    /// A strategy called `name` (as scenarios and `--strategy` name it), described by `summary`
    /// and `source` (one line each, for `scrollsim strategies`), documenting `parameters`, built by
    /// `make` from a scenario entry (read the entry with `StrategyParameters`).
    public init(name: String, summary: String, source: String, parameters: [StrategyParameter],
                make: @escaping @Sendable (StrategySpec) throws(StrategyConfigError) -> StrategyFactory) {
        self.name = name
        self.summary = summary
        self.source = source
        self.parameters = parameters
        self.make = make
    }
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
        try makeFactory(spec, from: all)
    }

    /// Builds the factory for a scenario's strategy entry from `descriptors` (the built-in ones
    /// plus a package's own, in order).
    /// - Throws: `StrategyConfigError` for an unknown name (with a suggestion) or bad parameters.
    public static func makeFactory(_ spec: StrategySpec, from descriptors: [StrategyDescriptor]) throws(StrategyConfigError) -> StrategyFactory {
        guard let descriptor = descriptors.first(where: { $0.name == spec.name }) else {
            let names = descriptors.map(\.name)
            let hint = Suggestion.closest(to: spec.name, among: names).map { "; did you mean '\($0)'?" }
                ?? "; \(descriptors.count == all.count ? "built-in strategies" : "strategies"): \(names.joined(separator: ", "))"
            throw StrategyConfigError(path: spec.path, message: "unknown strategy '\(spec.name)'\(hint)")
        }
        return try descriptor.make(spec)
    }
}
