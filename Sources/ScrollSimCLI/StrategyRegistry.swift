import FetchStrategies
import ScrollSimCore

/// The strategies the commands of one `ScrollSimCommand.run` call know: the built-in catalogue,
/// then the custom strategies the caller passed (`ScrollSimCommand.main(arguments:strategies:)`).
///
/// The custom list is a task-local value bound for the duration of the call, so subcommands keep
/// their argument-only initialisers and two calls (e.g. parallel tests) never see each other's
/// strategies. Order is the catalogue's order, then the caller's: never a dictionary's.
enum StrategyRegistry {
    /// The caller's own strategies for the current call (empty outside one).
    @TaskLocal static var custom: [StrategyDescriptor] = []

    /// Built-in strategies, then custom ones.
    static var all: [StrategyDescriptor] { StrategyCatalog.all + custom }

    /// The strategy named `name`, if known.
    static func descriptor(named name: String) -> StrategyDescriptor? {
        all.first { $0.name == name }
    }

    /// Builds the factory for a scenario's strategy entry from every known strategy.
    /// - Throws: `StrategyConfigError` for an unknown name (with a suggestion) or bad parameters.
    static func makeFactory(_ spec: StrategySpec) throws(StrategyConfigError) -> StrategyFactory {
        try StrategyCatalog.makeFactory(spec, from: all)
    }

    /// Why `strategies` cannot be added to the built-in ones (an empty name, or a name used twice),
    /// or nil.
    static func problem(registering strategies: [StrategyDescriptor]) -> String? {
        var names = StrategyCatalog.all.map(\.name)
        for strategy in strategies {
            if strategy.name.isEmpty { return "a custom strategy has an empty name" }
            if names.contains(strategy.name) {
                return "the strategy name '\(strategy.name)' is registered twice; "
                    + "give custom strategies names of their own"
            }
            names.append(strategy.name)
        }
        return nil
    }
}
