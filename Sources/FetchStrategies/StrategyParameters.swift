import ScrollSimCore

/// The parameter values of one strategy entry, as its `make` reads them: each parameter by its
/// declared name (`StrategyParameter`), the entry's value or the declared default.
///
/// The descriptor checks the entry against its declarations before `make` runs
/// (`StrategyDescriptor.check(_:)`: unknown keys, types, ranges), so reading cannot fail; reading
/// a name that is not declared, or with another type, is a programming error (a precondition).
/// In debug builds the descriptor also checks that `make` read every declared parameter.
///
///     let cacheCount = parameters.integer("cacheCount")
public final class StrategyParameters {
    /// The entry.
    public let spec: StrategySpec
    /// The strategy's declared parameters.
    public let declared: [StrategyParameter]
    /// The names read so far, in reading order.
    private(set) var readNames: [String] = []

    /// The values of `spec` (already checked) for the parameters `declared`.
    init(_ spec: StrategySpec, declared: [StrategyParameter]) {
        self.spec = spec
        self.declared = declared
    }

    /// The entry's JSON path (`strategies[1]`), for a strategy's own errors.
    public var path: String { spec.path }

    /// The declared names `make` never read.
    var unreadNames: [String] { declared.map(\.name).filter { !readNames.contains($0) } }

    /// The given value of `name`, or its constant default (nil for a computed default).
    private func value(_ name: String) -> JSONValue? {
        guard let parameter = declared.first(where: { $0.name == name }) else {
            preconditionFailure("'\(spec.name)' reads the parameter '\(name)', which it does not declare")
        }
        if !readNames.contains(name) { readNames.append(name) }
        return spec.parameters.first { $0.key == name }?.value ?? parameter.defaultValue
    }

    /// A declared number parameter (or an integer one, as a number).
    public func number(_ name: String) -> Double {
        guard case .number(let x, _)? = value(name) else { preconditionFailure("\(name) is not a number parameter") }
        return x
    }

    /// A declared integer parameter with a constant default.
    public func integer(_ name: String) -> Int {
        guard let x = integerIfPresent(name) else { preconditionFailure("\(name) has no constant default") }
        return x
    }

    /// A declared integer parameter, or nil when absent and its default is computed.
    public func integerIfPresent(_ name: String) -> Int? {
        guard let value = value(name) else { return nil }
        guard case .number(let x, _) = value, x == x.rounded() else {
            preconditionFailure("\(name) is not an integer parameter")
        }
        return Int(x)
    }

    /// A declared Boolean parameter.
    public func bool(_ name: String) -> Bool {
        guard case .bool(let b)? = value(name) else { preconditionFailure("\(name) is not a Boolean parameter") }
        return b
    }

    /// A declared choice parameter.
    public func choice(_ name: String) -> String {
        guard case .string(let text)? = value(name) else { preconditionFailure("\(name) is not a choice parameter") }
        return text
    }

    /// A declared choice parameter as `Choice`, whose raw values are its values.
    public func choice<Choice: RawRepresentable>(_ name: String, as _: Choice.Type) -> Choice
    where Choice.RawValue == String {
        guard let choice = Choice(rawValue: choice(name)) else {
            preconditionFailure("\(name)'s values are not \(Choice.self)'s")
        }
        return choice
    }
}
