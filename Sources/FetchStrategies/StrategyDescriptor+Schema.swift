import ScrollSimCore

extension StrategyDescriptor {
    /// The strategy as the scenario schema describes it (`ScenarioSchema`): its parameters with
    /// the types, ranges and defaults its own `make` reads them with (recorded by running `make`
    /// on an entry without parameters, so the schema cannot drift from the checks), in the order
    /// `parameters` documents them, each with its documented summary and default.
    public var schema: ScenarioSchema.Strategy {
        let recorder = StrategyParameters.Recorder()
        StrategyParameters.$recorder.withValue(recorder) {
            _ = try? make(StrategySpec(name: name))
        }
        let read = recorder.parameters
        var documented = parameters.map { parameter in
            let found = read.first { $0.name == parameter.name }
            return ScenarioSchema.Parameter(
                name: parameter.name, summary: parameter.summary, value: found?.value ?? .any,
                defaultValue: found?.defaultValue, defaultText: parameter.defaultValue)
        }
        for parameter in read where !parameters.contains(where: { $0.name == parameter.name }) {
            documented.append(parameter)  // read but not documented: still a key the strategy takes
        }
        return ScenarioSchema.Strategy(name: name, summary: summary, parameters: documented)
    }
}
