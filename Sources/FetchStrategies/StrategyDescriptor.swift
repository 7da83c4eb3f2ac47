import ScrollSimCore

/// A strategy: its name, what it models, where the model comes from, its parameters (declared
/// once: `StrategyParameter`) and how to build it from a scenario's entry.
public struct StrategyDescriptor: Sendable {
    /// Its name in scenarios and on the command line.
    public var name: String
    /// One line on what it models.
    public var summary: String
    /// One line on where the model comes from.
    public var source: String
    /// The parameters it takes, in documentation order.
    public let parameters: [StrategyParameter]
    /// Builds the strategy from the entry's checked values.
    private let build: @Sendable (StrategyParameters) throws(StrategyConfigError) -> StrategyFactory

    /// A strategy called `name` (as scenarios and `--strategy` name it), described by `summary`
    /// and `source` (one line each, for `scrollsim strategies`), taking `parameters`, built by
    /// `make` from an entry's values (read with `StrategyParameters`, by declared name; `make` may
    /// throw for rules between parameters).
    public init(name: String, summary: String, source: String, parameters: [StrategyParameter],
                make: @escaping @Sendable (StrategyParameters) throws(StrategyConfigError) -> StrategyFactory) {
        let names = parameters.map(\.name)
        precondition(Set(names).count == names.count, "\(name) declares a parameter twice: \(names)")
        self.name = name
        self.summary = summary
        self.source = source
        self.parameters = parameters
        self.build = make
    }

    /// Checks a scenario's entry against the declared parameters, in the entry's order.
    /// - Throws: `StrategyConfigError` at the parameter's path: "unknown parameter" (with the
    ///   closest declared name, or the names it takes) or "must be <allowed>, found <value>".
    public func check(_ spec: StrategySpec) throws(StrategyConfigError) {
        for (key, value) in spec.parameters {
            let path = spec.path.isEmpty ? key : "\(spec.path).\(key)"
            guard let parameter = parameters.first(where: { $0.name == key }) else {
                let names = parameters.map(\.name)
                let hint = names.isEmpty ? "; '\(name)' takes no parameters"
                    : Suggestion.closest(to: key, among: names).map { "; did you mean '\($0)'?" }
                        ?? "; '\(name)' takes: \(names.joined(separator: ", "))"
                throw StrategyConfigError(path: path, message: "unknown parameter\(hint)")
            }
            try parameter.check(value, at: path)
        }
    }

    /// The strategy for a scenario's entry: checked (`check(_:)`), then built.
    /// - Throws: `StrategyConfigError` for an unknown or invalid parameter.
    public func make(_ spec: StrategySpec) throws(StrategyConfigError) -> StrategyFactory {
        let (factory, unread) = try built(spec)
        assert(unread.isEmpty, "\(name) declares parameters its make never reads: \(unread)")
        return factory
    }

    /// The strategy for `spec` (checked), and the declared parameters its `make` did not read.
    func built(_ spec: StrategySpec) throws(StrategyConfigError) -> (StrategyFactory, unread: [String]) {
        try check(spec)
        let values = StrategyParameters(spec, declared: parameters)
        let factory = try build(values)
        return (factory, values.unreadNames)
    }
}
