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
    public static let all: [StrategyDescriptor] = []

    /// The strategy named `name`, if built in.
    public static func descriptor(named name: String) -> StrategyDescriptor? {
        all.first { $0.name == name }
    }

    /// Builds the factory for a scenario's strategy entry.
    /// - Throws: `StrategyConfigError` for an unknown name (with a suggestion) or bad parameters.
    public static func makeFactory(_ spec: StrategySpec) throws(StrategyConfigError) -> StrategyFactory {
        guard let descriptor = descriptor(named: spec.name) else {
            throw StrategyConfigError(path: spec.path, message: "unknown strategy '\(spec.name)'")
        }
        return try descriptor.make(spec)
    }
}
