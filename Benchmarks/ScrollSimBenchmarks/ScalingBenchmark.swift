// How the simulator's cost grows: with the cells on screen (1x, 4x, 9x) and with the script's
// length (1x, 2x, 4x), each strategy alone and all together. Linear means 9x the cells costs about
// 9x the time (issue 9 allows 12x) and twice the script twice the time.
import Foundation
import ScrollSimCore

/// `scenario` with its top-level `repeat` steps run `cycles` times each (the whole script
/// repeated `cycles` times when it has no top-level `repeat`).
func withCycles(_ scenario: Scenario, _ cycles: Int) -> Scenario {
    var scaled = scenario
    var hasRepeat = false
    scaled.script = scenario.script.map { step in
        guard case .repeatSteps(_, let steps) = step else { return step }
        hasRepeat = true
        return .repeatSteps(times: cycles, steps: steps)
    }
    if !hasRepeat { scaled.script = [.repeatSteps(times: cycles, steps: scenario.script)] }
    return scaled
}

/// `scenario` with `factor`² times the cells on screen: `factor` times the columns, rows
/// `1/factor` as high (spacing too), `factor`² times the items, so the content is as long in
/// points and the same script scrolls over the same distance.
func withCellFactor(_ scenario: Scenario, _ factor: Int) -> Scenario {
    var scaled = scenario
    let k = Double(factor)
    scaled.layout.kind = .grid
    scaled.layout.columns = max(1, scenario.layout.columns) * factor
    scaled.layout.itemHeight = scenario.layout.itemHeight / k
    scaled.layout.itemHeightRange = scenario.layout.itemHeightRange.map { ($0.lowerBound / k)...($0.upperBound / k) }
    scaled.layout.spacing = scenario.layout.spacing / k
    scaled.layout.itemCount = scenario.layout.itemCount * factor * factor
    return scaled
}

/// Times `variants` (label, scenario) with every strategy; prints one table with each variant's
/// time per strategy and its ratio to the first variant, and adds the ratios to `results`.
func benchmarkScaling(title: String, key: String, variants: [(label: String, scenario: Scenario)], repeats: Int,
                      results: inout BenchmarkResults) {
    let strategies = builtInStrategies()
    var timings: [(best: [TimedRun], together: TimedRun)] = []
    for variant in variants {
        timings.append(timeStrategies(variant.scenario, strategies, repeats: repeats))
    }
    print(title)
    var header = "  \(padRight("strategy", 26))"
    for variant in variants { header += pad("\(variant.label) ms", 11) }
    for variant in variants.dropFirst() { header += pad("\(variant.label)/\(variants[0].label)", 9) }
    print(header)
    var rows: [(name: String, runs: [TimedRun])] = []
    for (index, strategy) in strategies.enumerated() {
        rows.append((strategy.name, timings.map { $0.best[index] }))
    }
    rows.append(("all \(strategies.count) together", timings.map(\.together)))
    for row in rows {
        var line = "  \(padRight(row.name, 26))"
        for run in row.runs { line += pad(grouped(run.seconds * 1000, decimals: 1), 11) }
        let name = row.name.hasPrefix("all ") ? "all" : row.name
        for (variant, run) in zip(variants.dropFirst(), row.runs.dropFirst()) {
            let ratio = run.seconds / row.runs[0].seconds
            line += pad(String(format: "%.2f", ratio), 9)
            results.add("\(key).\(name).\(variant.label)_time_ratio", ratio, "ratio")
        }
        print(line)
    }
}

/// The visible-cell table: the session's first `cycles` script cycles with 1x, 4x and 9x the cells.
func benchmarkCellScaling(_ session: Scenario, cycles: Int, repeats: Int, results: inout BenchmarkResults) {
    let base = withCycles(session, cycles)
    let variants = [1, 2, 3].map { factor in
        (label: "\(factor * factor)x", scenario: withCellFactor(base, factor))
    }
    let layout = CollectionLayout(base.layout, streams: RandomStreams(seed: base.seed))
    let rows = layout.items(intersecting: 0, layout.viewportHeight).count / max(1, layout.columns)
    let columns = variants.map { String($0.scenario.layout.columns) }.joined(separator: "/")
    let cells = rows * layout.columns
    benchmarkScaling(title: "visible cells: about \(cells)/\(cells * 4)/\(cells * 9) cells on screen "
                     + "(\(columns) columns), \(cycles) script cycles, best of \(repeats)",
                     key: "cells", variants: variants, repeats: repeats, results: &results)
}

/// The script-length table: the session's script cycle run `cycles`, 2× and 4× as many times.
func benchmarkScriptScaling(_ session: Scenario, cycles: Int, repeats: Int, results: inout BenchmarkResults) {
    let variants = [1, 2, 4].map { factor in
        (label: "\(factor)x", scenario: withCycles(session, cycles * factor))
    }
    benchmarkScaling(title: "script length: \(cycles)/\(cycles * 2)/\(cycles * 4) script cycles, best of \(repeats)",
                     key: "script", variants: variants, repeats: repeats, results: &results)
}
