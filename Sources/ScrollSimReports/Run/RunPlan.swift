import FetchStrategies
import ScrollSimCore

/// The runs of `scrollsim run` (and of a library user's own code): scenarios in order, each with
/// its strategies in order, every strategy built before anything runs.
///
/// Strategies of a scenario: the names asked for (each with the scenario's entry reported under
/// that name, else its first entry of that strategy, else default parameters), else the
/// scenario's `strategies`, else every known strategy. A run is reported under its entry's
/// `displayName` (its label, else its name). A seed given replaces every scenario's seed.
public struct RunPlan: Sendable {
    /// One run to do. Its scenario is checked (`Scenario.validate(file:)`) when the run is made and
    /// cannot change afterwards, so running it cannot meet a scenario the engine refuses.
    public struct Run: Sendable {
        /// The scenario's file, for messages.
        public let file: String
        /// The scenario.
        public let scenario: Scenario
        /// The seed of this run.
        public let seed: UInt64
        /// The strategy's name, as reported.
        public let strategyName: String
        /// Makes the strategy for the run.
        public let factory: StrategyFactory

        /// A run from its parts, `scenario` checked by `Scenario.validate(file:)` under `file`.
        /// - Throws: `ScenarioError` naming `file` and the offending JSON path.
        public init(file: String, scenario: Scenario, seed: UInt64, strategyName: String,
                    factory: @escaping StrategyFactory) throws(ScenarioError) {
            try scenario.validate(file: file)
            self.init(validatedFile: file, scenario: scenario, seed: seed, strategyName: strategyName,
                      factory: factory)
        }

        /// A run of a scenario `RunPlan.make` has checked under `file`.
        init(validatedFile file: String, scenario: Scenario, seed: UInt64, strategyName: String,
             factory: @escaping StrategyFactory) {
            self.file = file
            self.scenario = scenario
            self.seed = seed
            self.strategyName = strategyName
            self.factory = factory
        }

        /// This run's own file name with `extension` (`RunFileName`).
        public func fileName(extension: String) -> String {
            RunFileName.make(scenario: scenario.name, strategy: strategyName, seed: seed, extension: `extension`)
        }

        /// Runs the simulation, reporting to `observer`.
        public func run(observer: (any RunObserver)? = nil) -> RunMetrics {
            run(observer: observer, sampleStore: nil)
        }

        /// Runs the simulation, reporting to `observer`, reading its scroll samples from
        /// `sampleStore` when given (`SampleSharing`: the same outputs).
        func run(observer: (any RunObserver)?, sampleStore: ScrollSampleStore?) -> RunMetrics {
            SimulationRun(validatedScenario: scenario, seed: seed, strategyName: strategyName, strategy: factory,
                          sampleStore: sampleStore)
                .run(observer: observer)
        }
    }

    /// The sample stores of a plan's runs, run in order (`RunOutputs.run`, `run(recording:)`):
    /// consecutive runs of one scenario file and seed (a plan's strategies of one scenario) share one
    /// `ScrollSampleStore`, made for the first of them and dropped after the last; a run whose
    /// neighbours have another scenario or seed gets none (it samples alone, as ever).
    struct SampleSharing {
        /// The runs.
        let runs: [Run]
        /// The store of the group being run, while a later run of the group remains.
        private var current: ScrollSampleStore?

        /// Sharing over `runs`.
        init(_ runs: [Run]) { self.runs = runs }

        /// The store for `runs[index]` (asked in increasing order of index), or nil.
        mutating func store(forRunAt index: Int) -> ScrollSampleStore? {
            let run = runs[index]
            // One file's runs only: its scenario is decoded once, so equal keys are equal bits
            // (`Key`'s `==` on Doubles equates -0 and +0, which two files' scripts could differ by).
            let sharesWithNext = index + 1 < runs.count && runs[index + 1].file == run.file
                && ScrollSampleStore.Key(scenario: runs[index + 1].scenario, seed: runs[index + 1].seed)
                    == ScrollSampleStore.Key(scenario: run.scenario, seed: run.seed)
            // `current` is kept only for a run sharing with the one before: it is this run's.
            let store = current ?? (sharesWithNext ? ScrollSampleStore(scenario: run.scenario, seed: run.seed) : nil)
            current = sharesWithNext ? store : nil
            return store
        }
    }

    /// The runs, in order.
    public var runs: [Run]

    /// A plan of `runs`.
    public init(runs: [Run]) { self.runs = runs }

    /// The plan for `paths` (scenario files, or directories of them; see `ScenarioFiles.expand`).
    /// - Parameters:
    ///   - strategyNames: the strategies to run, or empty for each scenario's own list.
    ///   - seed: the seed of every run, or nil for each scenario's.
    ///   - strategies: the strategies names refer to (`StrategyCatalog.all` and any of one's own).
    /// - Returns: the plan and the files read (the scenarios, then the `replay` recordings they
    ///   name), or every problem found (each file's first).
    public static func make(paths: [String], strategyNames: [String] = [], seed: UInt64? = nil,
                            strategies: [StrategyDescriptor] = StrategyCatalog.all)
        -> Result<(plan: RunPlan, files: [String]), InputErrors> {
        load(paths: paths).flatMap { loaded in
            make(scenarios: loaded.scenarios, strategyNames: strategyNames, seed: seed, strategies: strategies)
                .map { ($0, loaded.files) }
        }
    }

    /// The scenarios in `paths` (scenario files, or directories of them; see
    /// `ScenarioFiles.expand`), with the files read (the scenarios, then the `replay` recordings
    /// and catalogs they name), or every problem found (each file's first).
    public static func load(paths: [String])
        -> Result<(scenarios: [(file: String, scenario: Scenario)], files: [String]), InputErrors> {
        let files: [String]
        do {
            files = try ScenarioFiles.expand(paths: paths)
        } catch {
            return .failure(InputErrors([error]))
        }
        guard !files.isEmpty else {
            let listed = paths.map { "'\($0)'" }.joined(separator: ", ")
            let error = InputError(.missing, file: paths.first ?? ".", "no scenario files (.json) in \(listed)")
            return .failure(InputErrors([error]))
        }
        var scenarios: [(file: String, scenario: Scenario)] = []
        var failures: [InputError] = []
        let recordings = ReplayFileCache()
        for file in files {
            do {
                scenarios.append((file, try ScenarioFiles.load(path: file, files: recordings)))
            } catch {
                failures.append(error)
            }
        }
        if !failures.isEmpty { return .failure(InputErrors(failures)) }
        return .success((scenarios, files + recordings.paths))
    }

    /// The plan for loaded `scenarios` (see `make(paths:…)`); every strategy entry that cannot be
    /// built is a problem naming its file, and so are two runs with the same scenario, strategy and
    /// seed (their rows, and their run files, could not be told apart).
    public static func make(scenarios: [(file: String, scenario: Scenario)], strategyNames: [String] = [],
                            seed: UInt64? = nil, strategies: [StrategyDescriptor] = StrategyCatalog.all)
        -> Result<RunPlan, InputErrors> {
        var runs: [Run] = []
        var problems: [InputError] = []
        for (file, scenario) in scenarios {
            do {
                try scenario.validate(file: file)  // a scenario built in code is checked here, once for its runs
            } catch {
                problems.append(error)
                continue
            }
            var specs = scenario.strategies
            if !strategyNames.isEmpty {
                specs = []
                for name in strategyNames {
                    if let spec = Self.entry(named: name, in: scenario, strategies: strategies) {
                        specs.append(spec)
                    } else {
                        let labels = scenario.strategies.compactMap(\.label)
                        problems.append(InputError(.invalid, file: file,
                            "--strategy '\(name)' is neither a strategy nor a label of this scenario's entries ("
                            + (labels.isEmpty ? "it has none" : "its labels: " + labels.joined(separator: ", ")) + ")"))
                    }
                }
            } else if specs.isEmpty {
                specs = strategies.map { StrategySpec(name: $0.name) }
            }
            for spec in specs {
                do {
                    let factory = try StrategyCatalog.makeFactory(spec, from: strategies)
                    runs.append(Run(validatedFile: file, scenario: scenario, seed: seed ?? scenario.seed,
                                    strategyName: spec.displayName, factory: factory))
                } catch {
                    problems.append(InputError(.invalid, file: file, error.description))
                }
            }
        }
        if !problems.isEmpty { return .failure(InputErrors(problems)) }
        let plan = RunPlan(runs: runs)
        if let (first, duplicate) = plan.duplicate {
            let run = "\(duplicate.scenario.name), \(duplicate.strategyName), \(duplicate.seed)"
            guard first.scenario.name == duplicate.scenario.name && first.strategyName == duplicate.strategyName else {
                // Different runs whose names join to the same file name ("a" with "b__naive",
                // "a__b" with "naive").
                let other = "\(first.scenario.name), \(first.strategyName), \(first.seed)"
                return .failure(InputErrors([InputError(.invalid, file: duplicate.file,
                    "the runs (\(other)) and (\(run)) would write the same run files "
                    + "\(MessageLine.quoted(duplicate.fileName(extension: "*"))); "
                    + "give the scenarios or labels names without '__'")]))
            }
            return .failure(InputErrors([InputError(.invalid, file: duplicate.file,
                "two runs have the same scenario, strategy and seed (\(run)); "
                + "give the scenarios distinct names and list each strategy once")]))
        }
        return .success(plan)
    }

    /// The entry `--strategy <name>` selects in `scenario`: the entry reported under `name` (its
    /// label, or an unlabelled entry of that strategy), else the first entry of the strategy
    /// `name`, else the strategy `name` with its defaults; nil when `name` is neither a label of
    /// the scenario's entries nor one of `strategies`.
    public static func entry(named name: String, in scenario: Scenario,
                             strategies: [StrategyDescriptor]) -> StrategySpec? {
        if let entry = scenario.strategies.first(where: { $0.displayName == name }) { return entry }
        guard strategies.contains(where: { $0.name == name }) else { return nil }
        return scenario.strategies.first { $0.name == name } ?? StrategySpec(name: name)
    }

    /// The first run whose run files are named like an earlier one's (the same scenario,
    /// strategy and seed, or names that join to the same file name), with that earlier run.
    var duplicate: (first: Run, duplicate: Run)? {
        var firstOfName: [String: Int] = [:]  // lookups only
        for (index, run) in runs.enumerated() {
            let name = run.fileName(extension: "")
            if let first = firstOfName[name] { return (runs[first], run) }
            firstOfName[name] = index
        }
        return nil
    }
}

/// Several input problems reported together (each one line; exit 66 if any file is missing or
/// unreadable, else 65).
public struct InputErrors: Error, Sendable, Equatable {
    /// The problems, in the order found.
    public var errors: [InputError]

    /// `errors`, at least one.
    public init(_ errors: [InputError]) { self.errors = errors }
}
