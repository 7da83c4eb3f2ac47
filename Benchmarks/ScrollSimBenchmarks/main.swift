// ScrollSim's own speed, on one core. Timings live here, never in a test's pass/fail.
// Build in release:
//   swift run -c release ScrollSimBenchmarks
//       [--only session,cells,script,bundled,memory,cache-replay,hostile-network,texture-grid,linear-inputs,
//               json-memory]
//       [--repeat 3] [--session Benchmarks/long-session.json] [--scaling-cycles 4]
//       [--scenarios Scenarios] [--json out.json] [--clock cpu|wall]
//   swift run -c release ScrollSimBenchmarks --make-trace trace.csv   # the 1M-request cache-replay trace
// Timings are this thread's CPU time by default (robust on a shared machine; equal to the wall
// time on an idle core); --clock wall reads the monotonic clock instead.
// Sections:
//   session       the long session (Benchmarks/long-session.json) per strategy and all together:
//                 µs per simulated second, events per second (best of --repeat), the paired ratio
//                 to naive (median over passes of each pass's time over naive's); the engine's
//                 events per second against a tight loop of the same event queue (the ceiling)
//   cells         1x, 4x, 9x the cells on screen, each strategy alone and all together
//   script        1x, 2x, 4x the script's length
//   bundled       the bundled scenarios × every strategy (median of --repeat)
//   memory        peak RSS of a 10-minute scroll of 1,000,000 items, in a child process, and of a
//                 drag, jump and drag over 10,000,000 Zipf images per strategy, a child each
//   cache-replay  the 1,000,000-request trace through LRU, in process
//   hostile-network  `naive` dragged N x 3600 s over 10,000,000 items: linear in N
//   texture-grid  `texture` on the hostile-input grid at 10k, 20k, 40k items: linear in the count
//   linear-inputs compare with 10k/20k/40k axis columns, a sweep axis with 10k/20k/40k values: linear
//   json-memory   peak RSS of a child parsing 60 and 100 MB hostile JSON shapes (× the text), and of a
//                 child reading /dev/zero as a CSV (refused at the line limit)
//   ceiling       (only with --only) the tight loop of the event queue alone
import FetchStrategies
import Foundation
import ScrollSimCLI
import ScrollSimCore
import ScrollSimReports

let options = parseOptions()
var results = BenchmarkResults()
let machine = machineDescription()
print("machine: \(machine); clock: \(benchmarkClock == .cpu ? "thread CPU time" : "wall time")")

func loadScenario(_ path: String) -> Scenario {
    do {
        return try ScenarioFiles.load(path: path)
    } catch {
        FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
        exit(65)
    }
}

let needsSession = options.sections.contains { ["session", "cells", "script"].contains($0) }
let session = needsSession ? loadScenario(options.sessionPath) : nil

for section in options.sections {
    switch section {
    case "session":
        benchmarkSession(session!, path: options.sessionPath, repeats: options.repeats, results: &results)
    case "cells":
        benchmarkCellScaling(session!, cycles: options.scalingCycles, repeats: options.repeats, results: &results)
    case "script":
        benchmarkScriptScaling(session!, cycles: options.scalingCycles, repeats: options.repeats, results: &results)
    case "bundled":
        benchmarkBundled(scenariosPath: options.scenariosPath, repeats: options.repeats, results: &results)
    case "memory":
        benchmarkLongScrollMemory(results: &results)
    case "ceiling":
        let rate = measureCeiling(repeats: options.repeats)
        print(String(format: "ceiling: %.2f M events/s in a tight loop of the event queue (16 pending)", rate / 1e6))
        results.add("engine.tight_loop_events_per_second", rate, "1/s")
    case "cache-replay":
        for entry in benchmarkCacheReplay(repeats: options.repeats) { results.add(entry.name, entry.value, entry.unit) }
    case "hostile-network":
        // The network queues on a hostile input (HostileNetworkBenchmark.swift).
        for entry in benchmarkHostileNetwork() { results.add(entry.name, entry.value, entry.unit) }
    case "texture-grid":
        // `texture` on the hostile-input grid: linear in the item count.
        for entry in benchmarkTextureHostileGrid(repeats: options.repeats) {
            results.add(entry.name, entry.value, entry.unit)
        }
    case "linear-inputs":
        // Wide summary CSVs and long sweep axes (LinearInputBenchmark.swift).
        for entry in benchmarkLinearInputs(repeats: options.repeats) {
            results.add(entry.name, entry.value, entry.unit)
        }
    case "json-memory":
        // The JSON parser's memory and an endless CSV input (JSONMemoryBenchmark.swift).
        for entry in benchmarkJSONMemory() { results.add(entry.name, entry.value, entry.unit) }
    default:
        break
    }
}

if let path = options.jsonPath {
    do {
        try results.json(machine: machine, clock: benchmarkClock.rawValue)
            .write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("Error: cannot write \(path): \(error)\n".utf8))
        exit(1)
    }
}
