// `import ScrollSim`: the whole library in one import, for a package of one's own that adds
// strategies, runs scenarios, sweeps and compares from Swift code, or ships its own `scrollsim`.
//
// - ScrollSimCore: the deterministic simulation, scenarios, the strategy API (`FetchStrategy`,
//   `FetchEnvironment`), the metric table (`SummaryColumn`).
// - FetchStrategies: the built-in strategies (`StrategyCatalog`), `StrategyDescriptor` and
//   `StrategyParameter` (declarations) and `StrategyParameters` (values) for one's own.
// - ScrollSimReports: every file format and what is computed from them: `RunPlan` (running
//   scenarios), `SweepDefinition` and `SweepPlan` (sweeps), `SummaryDocument` and `Comparison`
//   (comparing), `HTMLReport`, the input layer (`InputFile`, `InputError`, `ExitCode`).
// - ScrollSimCLI: `ScrollSimCommand.main(arguments:strategies:)`, the `scrollsim` command line.
@_exported import FetchStrategies
@_exported import ScrollSimCLI
@_exported import ScrollSimCore
@_exported import ScrollSimReports
