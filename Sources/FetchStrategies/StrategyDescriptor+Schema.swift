import ScrollSimCore

extension StrategyDescriptor {
    /// The strategy as the scenario schema describes it (`ScenarioSchema`): its declared
    /// parameters, each with its type, range or values, default and summary.
    public var schema: ScenarioSchema.Strategy {
        ScenarioSchema.Strategy(name: name, summary: summary, parameters: parameters.map { parameter in
            let value: ScenarioSchema.Value
            switch parameter.kind {
            case .number(let range): value = .number(range)
            case .integer(let range): value = .integer(range)
            case .boolean: value = .boolean
            case .choice(let values): value = .choice(values)
            }
            return ScenarioSchema.Parameter(name: parameter.name, summary: parameter.summary, value: value,
                                            defaultValue: parameter.defaultValue, defaultText: parameter.defaultText)
        })
    }
}
