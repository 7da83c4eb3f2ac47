import FetchStrategies
import ScrollSimCore

/// One run of a sweep: a decoded scenario, a strategy, and the axis cells its CSV row ends with.
public struct SweepRun: Sendable {
    /// The scenario with this combination's axis values applied.
    public var scenario: Scenario
    /// The strategy's name, as reported.
    public var strategyName: String
    /// Makes the strategy.
    public var factory: StrategyFactory
    /// The values of the axes that have a column, in axis order (as the CSV shows them).
    public var axisValues: [String]

    /// Runs the simulation and returns its summary row with the axis values.
    public func run() -> SummaryRow {
        let metrics = SimulationRun(scenario: scenario, seed: scenario.seed, strategyName: strategyName, strategy: factory).run()
        return SummaryRow(metrics, axisValues: axisValues)
    }
}

/// Every run of a sweep, in order, each decoded and with its strategy built; or the first
/// problem, before anything runs.
///
/// Order: the cartesian product of the axes with the first axis slowest (the last one changes
/// from one combination to the next), and within a combination the scenario's strategies in
/// listed order (every built-in strategy when it lists none). Run `k` is the `k`-th of that order,
/// which is what shards slice and `merge` restores.
///
/// Checks, so that a bad value is reported precisely: first every value of every axis on its own
/// (applied to the base scenario, after the first value of a `strategy` axis), naming
/// `axes["<path>"][<i>]`; then every combination, naming the combination's values (a problem
/// only some combinations have, such as a latency median above the p95). The JSON is parsed
/// once; each combination is the base document with its values set, decoded by the strict
/// scenario decoder, in parallel, each result placed at its combination's index.
public struct SweepPlan: Sendable {
    /// The sweep.
    public var definition: SweepDefinition
    /// The axis columns of the summary CSV (the axes other than `seed` and `strategy`), in order.
    public var axisColumns: [String]
    /// Every run, in order.
    public var runs: [SweepRun]

    /// The most runs a sweep may have.
    public static let maximumRuns = 1_000_000

    /// Plans `definition`, decoding the combinations on `jobs` threads (the first problem in
    /// combination order is reported, whatever the threads did).
    /// `strategies` are the strategies a name may refer to (the built-in ones and any of the
    /// caller's own, `StrategyCatalog.all` by default).
    /// - Throws: `InputError` (invalid) naming the sweep file and the axis or combination.
    public static func make(_ definition: SweepDefinition, strategies: [StrategyDescriptor] = StrategyCatalog.all,
                            jobs: Int = 1) throws(InputError) -> SweepPlan {
        let axes = definition.axes
        // A `strategy` axis applies first, so `strategies[0]` means the picked strategy.
        let order = axes.indices.filter { axes[$0].name == "strategy" } + axes.indices.filter { axes[$0].name != "strategy" }

        // 1. Every value of every axis on its own.
        let strategyAxis = axes.first { $0.name == "strategy" }
        for index in order {
            let axis = axes[index]
            var base = definition.document
            if let strategyAxis, axis.name != "strategy" {
                base = try apply(strategyAxis, value: strategyAxis.values[0], to: base, in: definition,
                                 at: strategyAxis.location + "[0]", strategies: strategies)
            }
            if case .path = axis.target {  // a path problem does not depend on the value
                _ = try apply(axis, value: axis.values[0], to: base, in: definition, at: axis.location,
                              strategies: strategies)
            }
            for (position, value) in axis.values.enumerated() {
                let location = "\(axis.location)[\(position)]"
                let document = try apply(axis, value: value, to: base, in: definition, at: location,
                                         strategies: strategies)
                _ = try decode(document, in: definition, at: location, strategies: strategies)
            }
        }

        // 2. Every combination, first axis slowest, decoded in parallel and placed by index.
        let tooMany = InputError(.invalid, file: definition.file, at: .path("axes"),
                                 "the sweep has more than \(maximumRuns) runs; split it into several sweeps")
        var combinationCount = 1
        for axis in axes {
            let (product, overflow) = combinationCount.multipliedReportingOverflow(by: axis.values.count)
            guard !overflow, product <= maximumRuns else {
                throw tooMany
            }
            combinationCount = product
        }
        let cellsByAxis = axes.map { axis in axis.values.map(SweepDefinition.Axis.cellText) }
        let combinations = ParallelMap.map(count: combinationCount, jobs: jobs) {
            combination -> Result<[SweepRun], InputError> in
            var positions = [Int](repeating: 0, count: axes.count)
            var rest = combination
            for index in axes.indices.reversed() {
                positions[index] = rest % axes[index].values.count
                rest /= axes[index].values.count
            }
            let location = "axes combination ("
                + axes.indices.map { "\(axes[$0].name)=\(SweepDefinition.Axis.cellText(axes[$0].values[positions[$0]]))" }.joined(separator: ", ")
                + ")"
            let axisValues = axes.indices.filter { axes[$0].hasColumn }.map { cellsByAxis[$0][positions[$0]] }
            return Result { () throws(InputError) -> [SweepRun] in
                var document = definition.document
                for index in order {
                    document = try apply(axes[index], value: axes[index].values[positions[index]], to: document, in: definition,
                                         at: location, strategies: strategies)
                }
                let (scenario, built) = try decode(document, in: definition, at: location, strategies: strategies)
                return built.map {
                    SweepRun(scenario: scenario, strategyName: $0.name, factory: $0.factory, axisValues: axisValues)
                }
            }
        }
        var runs: [SweepRun] = []
        for combination in combinations {
            runs += try combination.get()
            guard runs.count <= maximumRuns else {
                throw tooMany
            }
        }
        return SweepPlan(definition: definition, axisColumns: axes.filter(\.hasColumn).map(\.name), runs: runs)
    }

    /// `document` with `axis` set to `value`.
    /// - Throws: `.invalid` naming the sweep file and `location` when the path does not fit.
    static func apply(_ axis: SweepDefinition.Axis, value: JSONValue, to document: JSONValue,
                      in definition: SweepDefinition, at location: String,
                      strategies: [StrategyDescriptor]) throws(InputError) -> JSONValue {
        do {
            switch axis.target {
            case .path(let path):
                if path.components.count == 3, path.components[0] == .key("strategies"),
                   path.components[1] == .everyElement, case .key(let parameter) = path.components[2] {
                    return try settingParameterOfEveryStrategy(parameter, to: value, in: document,
                                                               strategies: strategies)
                }
                return try document.setting(value, at: path)
            case .strategy:
                return try document.setting(.array([try strategyEntry(value, in: document)]), at: JSONPath(parsing: "strategies"))
            }
        } catch {
            throw InputError(.invalid, file: definition.file, at: .path(location), error.message)
        }
    }

    /// `strategies[*].<parameter>`: sets `parameter` on every listed strategy that takes it (per
    /// its catalogue entry) and leaves the others as they are, so one cache-size axis can sweep
    /// strategies of which only some have a cache. When the scenario lists no strategies, every
    /// built-in strategy is listed first.
    /// - Throws: when no listed strategy takes `parameter`.
    static func settingParameterOfEveryStrategy(_ parameter: String, to value: JSONValue, in document: JSONValue,
                                                strategies: [StrategyDescriptor]) throws(JSONPathError) -> JSONValue {
        var entries: [JSONValue] = []
        if case .object(let members) = document,
           case .array(let listed)? = members.first(where: { $0.key == "strategies" })?.value {
            entries = listed
        }
        if entries.isEmpty { entries = strategies.map { .string($0.name) } }
        var document = try document.setting(.array(entries), at: JSONPath(parsing: "strategies"))
        var applied = 0
        for (index, entry) in entries.enumerated() {
            var name: String?
            switch entry {
            case .string(let text): name = text
            case .object(let fields):
                if case .string(let text)? = fields.first(where: { $0.key == "name" })?.value { name = text }
            default: break
            }
            guard let name, let descriptor = strategies.first(where: { $0.name == name }),
                  descriptor.parameters.contains(where: { $0.name == parameter }) else { continue }
            document = try document.setting(value, at: JSONPath(parsing: "strategies[\(index)].\(parameter)"))
            applied += 1
        }
        guard applied > 0 else {
            throw JSONPathError("no listed strategy takes the parameter '\(parameter)'")
        }
        return document
    }

    /// The scenario of `document` and its strategies, built: the listed ones, or every built-in
    /// strategy when it lists none.
    /// - Throws: `.invalid` naming the sweep file, `location` and the scenario or strategy path.
    static func decode(_ document: JSONValue, in definition: SweepDefinition, at location: String,
                       strategies known: [StrategyDescriptor])
        throws(InputError) -> (scenario: Scenario, strategies: [(name: String, factory: StrategyFactory)]) {
        let scenario = try SweepDefinition.decode(document, file: definition.scenarioFile, files: definition.files,
                                                  sweepFile: definition.file,
                                                  isInline: definition.isScenarioInline, location: location)
        let specs = scenario.strategies.isEmpty ? known.map { StrategySpec(name: $0.name) } : scenario.strategies
        var strategies: [(name: String, factory: StrategyFactory)] = []
        for spec in specs {
            do {
                strategies.append((spec.displayName, try StrategyCatalog.makeFactory(spec, from: known)))
            } catch {
                throw InputError(.invalid, file: definition.file, at: .path(location), error.description)
            }
        }
        return (scenario, strategies)
    }

    /// The strategy entry a `strategy` axis value stands for: a name becomes the document's
    /// entry of that name when it lists one, else `{ "name": <name> }`; an object is used as is.
    static func strategyEntry(_ value: JSONValue, in document: JSONValue) throws(JSONPathError) -> JSONValue {
        switch value {
        case .string(let name):
            if case .object(let members) = document,
               case .array(let entries)? = members.first(where: { $0.key == "strategies" })?.value,
               let entry = entries.first(where: { entry in
                   if case .object(let fields) = entry, case .string(name)? = fields.first(where: { $0.key == "name" })?.value { return true }
                   return false
               }) {
                return entry
            }
            return .object([("name", value)])
        case .object:
            return value
        default:
            throw JSONPathError("expected a strategy name or an object with a \"name\", found \(value.kindName)")
        }
    }
}

extension SweepPlan {
    /// Runs the runs at `indices` (every run when nil) on `jobs` threads and returns their rows in
    /// the order of `indices`, whatever the threads did; `progress` gets (done, total) now and then
    /// on the calling thread.
    public func run(_ indices: [Int]? = nil, jobs: Int, progress: ((Int, Int) -> Void)? = nil) -> [SummaryRow] {
        let indices = indices ?? Array(runs.indices)
        let runs = self.runs
        return ParallelMap.map(count: indices.count, jobs: jobs, progress: progress) { runs[indices[$0]].run() }
    }

    /// The summary document of `rows` (from `run`): the metric table's columns, then the axis columns.
    public func document(_ rows: [SummaryRow]) -> SummaryDocument {
        SummaryDocument(axes: axisColumns, rows: rows)
    }
}
