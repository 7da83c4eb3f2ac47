// `cache-replay` speed: the 1,000,000-request Zipf trace, parsed and replayed through LRU in
// process (the whole command, file read and output included), and the trace generator used for
// the whole-process measurement (`ScrollSimBenchmarks --make-trace <path>`).
import Foundation
import ScrollSimCLI
import ScrollSimCore

/// The benchmark trace: `requests` requests over `objects` objects with Zipf(`alpha`) popularity,
/// id = popularity rank − 1, size 1 (an object-count trace), drawn from SplitMix64(`seed`) by
/// inversion of the cumulative weights (summed in rank order with `DMath.pow`, so the file is the
/// same on every machine). The defaults give about 5.9 MB, the size of the issue's 6 MB trace.
func makeZipfTrace(requests: Int = 1_000_000, objects: Int = 100_000, alpha: Double = 1.0,
                   seed: UInt64 = 2024) -> [UInt8] {
    var cumulative: [Double] = []
    cumulative.reserveCapacity(objects)
    var sum = 0.0
    for rank in 1...objects {
        sum += 1 / DMath.pow(Double(rank), alpha)
        cumulative.append(sum)
    }
    var generator = SplitMix64(seed: seed)
    var bytes = Array("id,size\n".utf8)
    bytes.reserveCapacity(requests * 7)
    for _ in 0..<requests {
        let target = Double(generator.next() >> 11) * 0x1p-53 * sum
        var low = 0, high = objects - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] > target { high = mid } else { low = mid + 1 }
        }
        bytes.append(contentsOf: String(low).utf8)
        bytes.append(contentsOf: ",1\n".utf8)
    }
    return bytes
}

/// Times `scrollsim cache-replay <trace> --capacity 10%` in process `repeats` times on the
/// generated trace written to a temporary file; prints the median and returns the results.
func benchmarkCacheReplay(repeats: Int) -> [(name: String, value: Double, unit: String)] {
    let trace = makeZipfTrace()
    let path = NSTemporaryDirectory() + "scrollsim-bench-trace-\(getpid()).csv"
    guard FileManager.default.createFile(atPath: path, contents: Data(trace)) else {
        print("cache-replay: cannot write \(path)")
        return []
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    var samples: [Double] = []
    var report = ""
    for _ in 0..<max(1, repeats) {
        let output = CommandOutput.capturing()
        samples.append(measure {
            _ = ScrollSimCommand.run(arguments: ["cache-replay", path, "--capacity", "10%", "--format", "csv"],
                                     output: output)
        })
        report = output.capturedStandardOutput
    }
    let wall = median(samples)
    let row = report.split(separator: "\n").dropFirst().first.map(String.init) ?? "(no output)"
    print("cache-replay: 1,000,000 requests (\(String(format: "%.1f", Double(trace.count) / 1e6)) MB), "
          + "LRU at 10% of distinct, read + parse + replay + report")
    print(String(format: "  wall median %.4f s (min %.4f, max %.4f); %@", wall, samples.min() ?? 0,
                 samples.max() ?? 0, row))
    return [("cache_replay.lru_1m_wall_median_seconds", wall, "s")]
}
