import FetchStrategies
import ScrollSimCore

/// One run of a sweep: a decoded scenario, a strategy, and the axis cells its CSV row ends with.
public struct SweepRun: Sendable {
    /// The scenario with this combination's axis values applied (decoded and checked by the
    /// strict scenario decoder, which runs `Scenario.validate(file:)`).
    public let scenario: Scenario
    /// The strategy's name, as reported.
    public let strategyName: String
    /// Makes the strategy.
    public let factory: StrategyFactory
    /// The values of the axes that have a column, in axis order (as the CSV shows them).
    public let axisValues: [String]

    /// A run of a combination `SweepPlan.run(at:)` decoded (so checked) — the only way one is made,
    /// as a `RunPlan.Run` of a checked scenario: its fields cannot change after the check.
    init(validatedScenario scenario: Scenario, strategyName: String, factory: @escaping StrategyFactory,
         axisValues: [String]) {
        self.scenario = scenario
        self.strategyName = strategyName
        self.factory = factory
        self.axisValues = axisValues
    }

    /// Runs the simulation and returns its summary row with the axis values.
    public func run() -> SummaryRow {
        let metrics = SimulationRun(validatedScenario: scenario, seed: scenario.seed, strategyName: strategyName,
                                    strategy: factory).run()
        return SummaryRow(metrics, axisValues: axisValues)
    }
}

/// Every run of a sweep, in order, enumerated lazily by index: planning checks every axis value
/// and counts the runs, and a run's combination is decoded only when that run is asked for
/// (`run(at:)`), so a shard of a 1,000,000-run sweep starts at once and holds only its own rows.
///
/// Order: the cartesian product of the axes with the first axis slowest (the last one changes
/// from one combination to the next), and within a combination the scenario's strategies in
/// listed order (every built-in strategy when it lists none). Run `k` is the `k`-th of that order,
/// which is what shards slice and `merge` restores.
///
/// Checks, so that a bad value is reported precisely: when planning, every value of every axis
/// on its own (applied to the base scenario, after the first value of a `strategy` axis), naming
/// `axes["<path>"][<i>]` (work proportional to the sum of the axes' lengths, not their product);
/// then, as the runs are made, each combination, naming the combination's values (a problem
/// only some combinations have, such as a latency median above the p95). `run(_:jobs:)` reports
/// the first such problem in run order, whatever the threads did, and no rows. The JSON is
/// parsed once; each combination is the base document with its values set, decoded by the
/// strict scenario decoder.
public struct SweepPlan: Sendable {
    /// The sweep.
    public var definition: SweepDefinition
    /// The axis columns of the summary CSV (the axes other than `seed` and `strategy`), in order.
    public var axisColumns: [String]
    /// The number of runs.
    public private(set) var runCount: Int
    /// The strategies a name may refer to.
    let strategies: [StrategyDescriptor]
    /// The order axes are applied in: a `strategy` axis first, then the others in file order.
    let order: [Int]
    /// Runs per combination, when every combination has the same number (no axis sets the
    /// whole `strategies` list to lists of different lengths).
    let runsPerCombination: Int
    /// Otherwise the first run of every combination, and `runCount` last (ascending).
    private(set) var firstRuns: [Int]?

    /// The most runs a sweep may have.
    public static let maximumRuns = 1_000_000

    /// Plans `definition`: checks every axis value on its own and counts the runs (no
    /// combination is decoded). `jobs` is accepted for callers that plan and run with one count.
    /// `strategies` are the strategies a name may refer to (the built-in ones and any of the
    /// caller's own, `StrategyCatalog.all` by default).
    /// - Throws: `InputError` (invalid) naming the sweep file and the axis, or the run count.
    public static func make(_ definition: SweepDefinition, strategies: [StrategyDescriptor] = StrategyCatalog.all,
                            jobs: Int = 1) throws(InputError) -> SweepPlan {
        let axes = definition.axes
        // A `strategy` axis applies first, so `strategies[0]` means the picked strategy.
        let order = axes.indices.filter { axes[$0].name == "strategy" }
            + axes.indices.filter { axes[$0].name != "strategy" }

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

        // 2. The run count: combinations × strategies per combination.
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
        let counts = try strategyCounts(definition, order: order, strategies: strategies)
        var plan = SweepPlan(definition: definition, axisColumns: axes.filter(\.hasColumn).map(\.name), runCount: 0,
                             strategies: strategies, order: order, runsPerCombination: counts.uniform ?? 0,
                             firstRuns: nil)
        if let uniform = counts.uniform {
            let (total, overflow) = combinationCount.multipliedReportingOverflow(by: uniform)
            guard !overflow, total <= maximumRuns else { throw tooMany }
            plan.runCount = total
        } else {
            var firstRuns: [Int] = []
            firstRuns.reserveCapacity(combinationCount + 1)
            var total = 0
            for combination in 0..<combinationCount {
                firstRuns.append(total)
                total += counts.count(plan.positions(of: combination))
                guard total <= maximumRuns else { throw tooMany }
            }
            firstRuns.append(total)
            plan.firstRuns = firstRuns
            plan.runCount = total
        }
        return plan
    }

    /// How many strategies each combination runs: the length of the document's `strategies`
    /// list (every known strategy when it has none), which only the axes that set the whole list
    /// (`strategy`, `strategies`) change. `uniform` when every combination has the same count;
    /// else `count` maps a combination's axis positions to its count (from a table over the
    /// positions of those axes only).
    static func strategyCounts(_ definition: SweepDefinition, order: [Int], strategies: [StrategyDescriptor])
        throws(InputError) -> (uniform: Int?, count: @Sendable ([Int]) -> Int) {
        let axes = definition.axes
        let listAxes = order.filter { index in
            switch axes[index].target {
            case .strategy: return true
            case .path(let path): return path.components == [.key("strategies")]
            }
        }
        func listLength(_ document: JSONValue) -> Int {
            if case .object(let members) = document,
               case .array(let entries)? = members.first(where: { $0.key == "strategies" })?.value, !entries.isEmpty {
                return entries.count
            }
            return max(1, strategies.count)  // none listed: every known one (a bad list fails to decode anyway)
        }
        // One count per combination of the list axes' positions, last list axis fastest.
        var table: [Int] = []
        var positions = [Int](repeating: 0, count: listAxes.count)
        while true {
            var document = definition.document
            for (slot, index) in listAxes.enumerated() {
                document = try apply(axes[index], value: axes[index].values[positions[slot]], to: document,
                                     in: definition, at: "\(axes[index].location)[\(positions[slot])]",
                                     strategies: strategies)
            }
            table.append(listLength(document))
            var slot = listAxes.count - 1
            while slot >= 0 {
                positions[slot] += 1
                if positions[slot] < axes[listAxes[slot]].values.count { break }
                positions[slot] = 0
                slot -= 1
            }
            if slot < 0 { break }
        }
        let counts = table
        if counts.allSatisfy({ $0 == counts[0] }) { return (counts[0], { _ in counts[0] }) }
        let sizes = listAxes.map { axes[$0].values.count }
        return (nil, { combinationPositions in
            var key = 0
            for (slot, index) in listAxes.enumerated() { key = key * sizes[slot] + combinationPositions[index] }
            return counts[key]
        })
    }

    /// The position of each axis's value in combination `combination` (first axis slowest).
    func positions(of combination: Int) -> [Int] {
        let axes = definition.axes
        var positions = [Int](repeating: 0, count: axes.count)
        var rest = combination
        for index in axes.indices.reversed() {
            positions[index] = rest % axes[index].values.count
            rest /= axes[index].values.count
        }
        return positions
    }

    /// The combination run `index` belongs to and the strategy's place within it.
    /// - Complexity: O(1) with a uniform count per combination, else O(log combinations).
    func locate(run index: Int) -> (combination: Int, strategy: Int) {
        precondition(index >= 0 && index < runCount, "run index out of range")
        guard let firstRuns else { return (index / runsPerCombination, index % runsPerCombination) }
        var low = 0, high = firstRuns.count - 1  // firstRuns[low] ≤ index < firstRuns[high]
        while high - low > 1 {
            let middle = (low + high) / 2
            if firstRuns[middle] <= index { low = middle } else { high = middle }
        }
        return (low, index - firstRuns[low])
    }

    /// Run `index` (0 ≤ index < `runCount`): its combination decoded, its strategy built.
    /// - Throws: `InputError` (invalid) naming the sweep file and the combination's values.
    public func run(at index: Int) throws(InputError) -> SweepRun {
        let axes = definition.axes
        let (combination, strategy) = locate(run: index)
        let positions = positions(of: combination)
        let location = "axes combination ("
            + axes.indices.map { "\(axes[$0].name)=\(SweepDefinition.Axis.cellText(axes[$0].values[positions[$0]]))" }
                .joined(separator: ", ")
            + ")"
        let axisValues = axes.indices.filter { axes[$0].hasColumn }
            .map { SweepDefinition.Axis.cellText(axes[$0].values[positions[$0]]) }
        var document = definition.document
        for index in order {
            document = try Self.apply(axes[index], value: axes[index].values[positions[index]], to: document,
                                      in: definition, at: location, strategies: strategies)
        }
        let (scenario, built) = try Self.decode(document, in: definition, at: location, strategies: strategies)
        guard strategy < built.count else {  // the count the plan assumed; cannot differ (see strategyCounts)
            throw InputError(.invalid, file: definition.file, at: .path(location),
                             "the combination lists \(built.count) strategies, expected \(strategy + 1) or more")
        }
        return SweepRun(validatedScenario: scenario, strategyName: built[strategy].name,
                        factory: built[strategy].factory, axisValues: axisValues)
    }

    /// Every run, decoded (for small sweeps and tests; a large sweep runs by index instead).
    /// - Throws: the first combination's problem, in run order.
    public func allRuns() throws(InputError) -> [SweepRun] {
        var runs: [SweepRun] = []
        for index in 0..<runCount { runs.append(try run(at: index)) }
        return runs
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
                return try document.setting(.array([try strategyEntry(value, in: document)]),
                                            at: JSONPath(parsing: "strategies"))
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
            entries = listed.elements
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
                   if case .object(let fields) = entry,
                      case .string(name)? = fields.first(where: { $0.key == "name" })?.value { return true }
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
    /// on the calling thread. Each run's combination is decoded on the thread that runs it.
    /// - Throws: the first problem of a combination, in the order of `indices` (no rows then).
    public func run(_ indices: [Int]? = nil, jobs: Int,
                    progress: ((Int, Int) -> Void)? = nil) throws(InputError) -> [SummaryRow] {
        let indices = indices ?? Array(0..<runCount)
        let plan = self
        let results = ParallelMap.map(count: indices.count, jobs: jobs, progress: progress) {
            position -> Result<SummaryRow, InputError> in
            Result { () throws(InputError) -> SummaryRow in try plan.run(at: indices[position]).run() }
        }
        var rows: [SummaryRow] = []
        rows.reserveCapacity(results.count)
        for result in results { rows.append(try result.get()) }
        return rows
    }

    /// The run indices of shard `shard` of `count` (1-based `shard`): those with
    /// `index % count == shard − 1`, ascending.
    public func indices(ofShard shard: Int, of count: Int) -> [Int] {
        Array(stride(from: shard - 1, to: runCount, by: count))
    }

    /// The summary document of `rows` (from `run`): the metric table's columns, then the axis columns.
    public func document(_ rows: [SummaryRow]) -> SummaryDocument {
        SummaryDocument(axes: axisColumns, rows: rows)
    }
}
