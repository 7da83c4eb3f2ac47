import ScrollSimCore

/// The built-in strategies, in the order `scrollsim strategies` lists them.
public enum StrategyCatalog {
    /// Every built-in strategy; each is declared next to its strategy (`<Strategy>+Descriptor.swift`,
    /// `AdaptiveStrategy+Parameters.swift`), with its parameters.
    public static let all: [StrategyDescriptor] = [
        NaiveStrategy.descriptor,
        ApplePrefetchingSampleStrategy.descriptor,
        ActorLoaderCoalescingStrategy.descriptor,
        ActorLoaderStrategy.descriptor,
        ActorLoaderCappedStrategy.descriptor,
        KingfisherStrategy.descriptor,
        SDWebImageStrategy.descriptor,
        NukeStrategy.descriptor,
        AssetStoreStrategy.descriptor,
        TextureStrategy.descriptor,
        AdaptiveStrategy.descriptor,
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
    public static func makeFactory(
        _ spec: StrategySpec, from descriptors: [StrategyDescriptor]
    ) throws(StrategyConfigError) -> StrategyFactory {
        guard let descriptor = descriptors.first(where: { $0.name == spec.name }) else {
            let names = descriptors.map(\.name)
            let hint = Suggestion.closest(to: spec.name, among: names).map { "; did you mean '\($0)'?" }
                ?? "; \(descriptors.count == all.count ? "built-in strategies" : "strategies"): "
                + names.joined(separator: ", ")
            throw StrategyConfigError(path: spec.path, message: "unknown strategy '\(spec.name)'\(hint)")
        }
        return try descriptor.make(spec)
    }
}
