import FetchStrategies
import ScrollSimCore

/// One run of a sweep: a decoded scenario, a strategy, and the axis cells its CSV row ends with.
struct SweepRun: Sendable {
    /// The scenario with this combination's axis values applied.
    var scenario: Scenario
    /// The strategy's name, as reported.
    var strategyName: String
    /// Makes the strategy.
    var factory: StrategyFactory
    /// The axis columns' cells, each preceded by a comma ("" without axis columns).
    var axisCells: String

    /// Runs the simulation and returns its summary CSV row with the axis cells, "\n"-terminated.
    func run() -> String {
        let metrics = SimulationRun(scenario: scenario, seed: scenario.seed, strategyName: strategyName, strategy: factory).run()
        var row = SummaryCSV.row(metrics)
        guard !axisCells.isEmpty else { return row }
        row.removeLast()  // "\n"
        return row + axisCells + "\n"
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
/// only some combinations have, such as a latency median above the p95).
struct SweepPlan {
    /// The sweep.
    var definition: SweepDefinition
    /// The summary CSV header: `SummaryCSV.columns`, then one column per axis that has one.
    var header: String
    /// Every run, in order.
    var runs: [SweepRun]

    /// The most runs a sweep may have.
    static let maximumRuns = 1_000_000

    /// Plans `definition`.
    /// - Throws: `SweepError` (`.invalid`) naming the sweep file and the axis or combination.
    static func make(_ definition: SweepDefinition) throws(SweepError) -> SweepPlan {
        let axes = definition.axes
        let sweepFile = definition.file
        // A `strategy` axis applies first, so `strategies[0]` means the picked strategy.
        let order = axes.indices.filter { axes[$0].name == "strategy" } + axes.indices.filter { axes[$0].name != "strategy" }

        func apply(_ axis: SweepDefinition.Axis, value: JSONValue, to document: JSONValue, location: String) throws(SweepError) -> JSONValue {
            do {
                switch axis.target {
                case .path(let path):
                    return try document.setting(value, at: path)
                case .strategy:
                    return try document.setting(.array([try strategyEntry(value, in: document)]), at: JSONPath(parsing: "strategies"))
                }
            } catch {
                throw SweepError(kind: .invalid, message: "\(sweepFile): \(location): \(error.message)")
            }
        }
        func scenarioAndStrategies(of document: JSONValue, location: String) throws(SweepError) -> (Scenario, [(String, StrategyFactory)]) {
            let scenario = try SweepDefinition.decode(document, file: definition.scenarioFile, sweepFile: sweepFile,
                                                      isInline: definition.isScenarioInline, location: location)
            let specs = scenario.strategies.isEmpty ? StrategyCatalog.all.map { StrategySpec(name: $0.name) } : scenario.strategies
            var strategies: [(String, StrategyFactory)] = []
            for spec in specs {
                do {
                    strategies.append((spec.name, try StrategyCatalog.makeFactory(spec)))
                } catch {
                    throw SweepError(kind: .invalid, message: "\(sweepFile): \(location): \(error.description)")
                }
            }
            return (scenario, strategies)
        }

        // 1. Every value of every axis on its own.
        let strategyAxis = axes.first { $0.name == "strategy" }
        for index in order {
            let axis = axes[index]
            var base = definition.document
            if let strategyAxis, axis.name != "strategy" {
                base = try apply(strategyAxis, value: strategyAxis.values[0], to: base, location: strategyAxis.location + "[0]")
            }
            if case .path = axis.target {  // a path problem does not depend on the value
                _ = try apply(axis, value: axis.values[0], to: base, location: axis.location)
            }
            for (position, value) in axis.values.enumerated() {
                let location = "\(axis.location)[\(position)]"
                _ = try scenarioAndStrategies(of: try apply(axis, value: value, to: base, location: location), location: location)
            }
        }

        // 2. Every combination, first axis slowest.
        var combinationCount = 1
        for axis in axes {
            let (product, overflow) = combinationCount.multipliedReportingOverflow(by: axis.values.count)
            guard !overflow, product <= maximumRuns else {
                throw SweepError(kind: .invalid, message: "\(sweepFile): axes: the sweep has more than \(maximumRuns) combinations; split it into several sweeps")
            }
            combinationCount = product
        }
        let cellsByAxis = axes.map { axis in axis.values.map { SummaryCSV.field(SweepDefinition.Axis.cellText($0)) } }
        var runs: [SweepRun] = []
        var positions = [Int](repeating: 0, count: axes.count)
        for _ in 0..<combinationCount {
            var document = definition.document
            let location = "axes combination (" + axes.indices.map { "\(axes[$0].name)=\(SweepDefinition.Axis.cellText(axes[$0].values[positions[$0]]))" }
                .joined(separator: ", ") + ")"
            for index in order {
                document = try apply(axes[index], value: axes[index].values[positions[index]], to: document, location: location)
            }
            let (scenario, strategies) = try scenarioAndStrategies(of: document, location: location)
            var axisCells = ""
            for index in axes.indices where axes[index].hasColumn { axisCells += "," + cellsByAxis[index][positions[index]] }
            for (name, factory) in strategies {
                runs.append(SweepRun(scenario: scenario, strategyName: name, factory: factory, axisCells: axisCells))
                guard runs.count <= maximumRuns else {
                    throw SweepError(kind: .invalid, message: "\(sweepFile): axes: the sweep has more than \(maximumRuns) runs; split it into several sweeps")
                }
            }
            // Next combination: the last axis changes fastest.
            var axis = axes.count - 1
            while axis >= 0 {
                positions[axis] += 1
                if positions[axis] < axes[axis].values.count { break }
                positions[axis] = 0
                axis -= 1
            }
        }
        let axisColumns = axes.filter(\.hasColumn).map { SummaryCSV.field($0.name) }
        let header = (SummaryCSV.columns + axisColumns).joined(separator: ",") + "\n"
        return SweepPlan(definition: definition, header: header, runs: runs)
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
            throw JSONPathError("expected a strategy name or an object with a \"name\", found \(SweepDefinition.kindName(value))")
        }
    }
}
