// Inputs whose size once cost quadratic time (issue 8, finding 5), outside the simulation:
// `compare` of two summary CSVs with N axis columns (the candidate's in reverse order), and a
// sweep file with one axis of N values, read and checked. Each must cost time linear in N: the
// 40k/10k ratio printed should be about 4. Before (main at c7d22e7, release, shared machine):
// compare 10k/20k/40k columns 12.6/41.2/120.1 s; sweep 10k/20k/40k values 4.8/16.1/67.5 s
// (an axis value compared with every earlier one, a column name with every earlier one, each
// baseline axis looked up by a scan of the candidate's).
import Foundation
import ScrollSimCore
import ScrollSimReports

/// A summary CSV of one row with `count` axis columns `cells.x<i>`, in reverse order when asked.
func wideSummaryCSV(columns count: Int, reversed: Bool) -> [UInt8] {
    let order = reversed ? Array((0..<count).reversed()) : Array(0..<count)
    let text = "scenario,strategy,seed,hitch_ratio," + order.map { "cells.x\($0)" }.joined(separator: ",") + "\n"
        + "g,naive,1,0.5," + order.map(String.init).joined(separator: ",") + "\n"
    return Array(text.utf8)
}

/// Times reading and comparing two `count`-column summaries, and reading and checking a sweep
/// file with one `count`-value axis (each the median of `repeats`); prints and returns them.
func benchmarkLinearInputs(repeats: Int) -> [(name: String, value: Double, unit: String)] {
    var results: [(name: String, value: Double, unit: String)] = []
    let directory = NSTemporaryDirectory() + "scrollsim-linear-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let scenario = directory + "/tiny.json"
    try? #"{ "layout": { "itemCount": 10 }, "script": [ { "pause": { "seconds": 0.1 } } ] }"#
        .write(toFile: scenario, atomically: true, encoding: .utf8)
    for (kind, sizes) in [("compare_columns", [10_000, 20_000, 40_000]),
                          ("sweep_axis_values", [10_000, 20_000, 40_000])] {
        var medians: [Double] = []
        for size in sizes {
            var samples: [Double] = []
            if kind == "compare_columns" {
                let baseline = wideSummaryCSV(columns: size, reversed: false)
                let candidate = wideSummaryCSV(columns: size, reversed: true)
                for _ in 0..<max(1, repeats) {
                    samples.append(measure {
                        let a = try! SummaryDocument.read(baseline, file: "a.csv")
                        let b = try! SummaryDocument.read(candidate, file: "b.csv")
                        let comparison = try! Comparison(baseline: a, file: "a.csv", candidate: b, file: "b.csv",
                                                         limits: SummaryColumn.all.map(\.defaultLimit))
                        precondition(comparison.rows.count == 1, "the row must join")
                    })
                }
            } else {
                let values = (0..<size).map { "\(Double($0) / 1000)" }.joined(separator: ",")
                let sweep = directory + "/sweep-\(size).json"
                let text = #"{ "scenario": "tiny.json", "axes": { "cells.prefetchScreens": ["# + values + "] } }"
                try? text.write(toFile: sweep, atomically: true, encoding: .utf8)
                for _ in 0..<max(1, repeats) {
                    samples.append(measure { _ = try? SweepDefinition.load(path: sweep) })
                }
            }
            medians.append(median(samples))
            results.append(("\(kind).\(size / 1000)k_seconds", median(samples), "s"))
        }
        let ratio = medians[2] / max(medians[0], 1e-9)
        print("\(kind.replacingOccurrences(of: "_", with: " ")): "
              + String(format: "10k %.3f s, 20k %.3f s, 40k %.3f s; 40k/10k %.1fx", medians[0], medians[1],
                       medians[2], ratio))
        results.append(("\(kind).ratio_40k_10k", ratio, "x"))
    }
    return results
}
