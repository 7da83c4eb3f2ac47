// The JSON parser's memory (issue 8, finding 6): peak RSS of a child process that reads and parses
// one generated JSON text of each hostile shape, as a multiple of the text's size, and of a child
// reading /dev/zero as a CSV input (refused at the 16 MiB line limit).
// Before (main at 65eb0f0, `scrollsim validate` on 60 MB files, release, /usr/bin/time -v):
//   [1,1,…] 1759 MB (29.3x), ["ab",…] 751 MB (12.5x), [{"a":1},…] 1220 MB (20.3x),
//   [[],…] 909 MB (15.1x), 64-deep nests 2467 MB (41.1x), one long string 139 MB (2.3x),
//   one object of 4.6M keys 626 MB (10.4x); 100 MB of [1,1,…] 2.85 GB (issue 8).
// After (the flat tape, same files, `validate`): 319 / 175 / 259 / 238 / 319 / 139 / 284 MB, at most
// 5.3x (the process's own 20 MB included). This section, after (release, shared machine; parse
// seconds are CPU time): 60 MB / 100 MB integers 303 / 494 MiB (5.30x / 5.18x; 0.9 / 1.6 s),
// short strings 2.90x / 2.78x, small objects 4.30x / 4.18x, empty arrays 3.96x / 3.85x, deep
// nests 5.30x / 5.18x, long string 2.28x / 2.17x, escaped string 2.29x / 2.17x, many keys
// 4.71x / 5.26x (the duplicate-key set: 4.3 / 10.0 s).
// `compare /dev/zero b.csv` before: 2.1 GB and 3–40 s, exit 65 at the 2 GiB limit; after: 37 MB,
// 0.1 s, exit 65 at line 1 ("longer than 16 MiB, the limit for a line of this kind of file").
import Foundation
import ScrollSimCore
import ScrollSimReports

/// The hostile JSON shapes, each a name and its text of about `bytes` bytes.
let jsonMemoryShapes: [(name: String, text: @Sendable (Int) -> [UInt8])] = [
    ("integers", { repeatedJSON("[", "1,", "1]", bytes: $0) }),
    ("short_strings", { repeatedJSON("[", "\"ab\",", "\"ab\"]", bytes: $0) }),
    ("small_objects", { repeatedJSON("[", "{\"a\":1},", "{\"a\":1}]", bytes: $0) }),
    ("empty_arrays", { repeatedJSON("[", "[],", "[]]", bytes: $0) }),
    ("deep_nests", { bytes in
        let nest = String(repeating: "[", count: JSONParser.maximumDepth - 1) + "1"
            + String(repeating: "]", count: JSONParser.maximumDepth - 1)
        return repeatedJSON("[", nest + ",", nest + "]", bytes: bytes)
    }),
    ("long_string", { repeatedJSON("\"", "a", "\"", bytes: $0) }),
    ("escaped_string", { repeatedJSON("\"", "\\n", "\"", bytes: $0) }),
    ("many_keys", { bytes in
        var text: [UInt8] = Array("{\"k0\":0".utf8)
        text.reserveCapacity(bytes)
        var index = 1
        while text.count < bytes - 20 {
            text += Array(",\"k\(index)\":1".utf8)
            index += 1
        }
        return text + Array("}".utf8)
    }),
]

/// `head`, then `unit` as often as fits in `bytes` with `tail`, then `tail`.
func repeatedJSON(_ head: String, _ unit: String, _ tail: String, bytes: Int) -> [UInt8] {
    let unitBytes = Array(unit.utf8)
    var text = Array(head.utf8)
    text.reserveCapacity(bytes)
    for _ in 0..<max(0, (bytes - head.utf8.count - tail.utf8.count) / unitBytes.count) {
        text.append(contentsOf: unitBytes)
    }
    return text + Array(tail.utf8)
}

/// The child's side (`--child-parse-json PATH`): reads and parses the file, then reads every value
/// of the result once; prints "parseSeconds peakRSSMiB values".
func runParseJSONChild(path: String) {
    guard let bytes = try? InputFile.read(path, limit: InputLimit(bytes: 1 << 30, text: "1 GiB")) else {
        usageError("--child-parse-json: cannot read \(path)")
    }
    var document = JSONValue.null
    let seconds = measure { document = (try? JSONParser.parse(bytes)) ?? .null }
    print(String(format: "%.6f %.3f %d", seconds, peakResidentMiB(), countValues(document)))
}

/// The child's side (`--child-endless-csv`): reads /dev/zero as a CSV input; prints
/// "seconds peakRSSMiB" and the refusal.
func runEndlessCSVChild() {
    var message = "accepted"
    let seconds = measure {
        do {
            _ = try InputFile.read("/dev/zero", limit: .csv)
        } catch {
            message = "\(error)"
        }
    }
    print(String(format: "%.6f %.3f ", seconds, peakResidentMiB()) + message)
}

/// The number of values in `value`, itself included (object keys not counted).
func countValues(_ value: JSONValue) -> Int {
    switch value {
    case .array(let elements): 1 + elements.reduce(0) { $0 + countValues($1) }
    case .object(let members): 1 + members.reduce(0) { $0 + countValues($1.value) }
    default: 1
    }
}

/// Runs this executable as a child with `arguments` and returns its standard output.
func childOutput(_ arguments: [String]) -> String? {
    guard let executable = Bundle.main.executableURL else { return nil }
    let child = Process()
    child.executableURL = executable
    child.arguments = ["--clock", benchmarkClock.rawValue] + arguments
    let pipe = Pipe()
    child.standardOutput = pipe
    guard (try? child.run()) != nil else { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    return child.terminationStatus == 0 ? output : nil
}

/// Peak RSS of a child parsing each shape at 60 MB and 100 MB, and of a child reading /dev/zero
/// as a CSV; prints and returns them.
func benchmarkJSONMemory() -> [(name: String, value: Double, unit: String)] {
    var results: [(name: String, value: Double, unit: String)] = []
    let directory = NSTemporaryDirectory() + "scrollsim-json-memory-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    print("json memory: peak RSS of a child parsing one text (its own ~20 MiB included), × the text's size")
    for shape in jsonMemoryShapes {
        for megabytes in [60, 100] {
            let path = directory + "/\(shape.name).json"
            let text = shape.text(megabytes * 1_000_000)
            guard FileManager.default.createFile(atPath: path, contents: Data(text)) else {
                print("  \(shape.name): cannot write \(path)")
                continue
            }
            let fields = childOutput(["--child-parse-json", path])?.split(whereSeparator: \.isWhitespace)
                .compactMap { Double($0) }
            guard let fields, fields.count == 3 else {
                print("  \(shape.name) \(megabytes) MB: the child failed")
                continue
            }
            let ratio = fields[1] * 1_048_576 / Double(text.count)
            print(String(format: "  %-15@ %3d MB: parse %.2f s, peak RSS %7.1f MiB = %.2fx, %.0f values",
                         shape.name as NSString, megabytes, fields[0], fields[1], ratio, fields[2]))
            results.append(("json_memory.\(shape.name).\(megabytes)mb_peak_rss_mib", fields[1], "MiB"))
            results.append(("json_memory.\(shape.name).\(megabytes)mb_ratio", ratio, "x"))
            results.append(("json_memory.\(shape.name).\(megabytes)mb_parse_seconds", fields[0], "s"))
        }
    }
    #if os(Linux)
    if let output = childOutput(["--child-endless-csv"]) {
        let fields = output.split(separator: " ", maxSplits: 2)
        if fields.count == 3, let seconds = Double(fields[0]), let peak = Double(fields[1]) {
            print(String(format: "  /dev/zero as a CSV: %.3f s, peak RSS %.1f MiB: ", seconds, peak)
                  + fields[2].trimmingCharacters(in: .whitespacesAndNewlines))
            results.append(("endless_csv.seconds", seconds, "s"))
            results.append(("endless_csv.peak_rss_mib", peak, "MiB"))
        }
    }
    #endif
    return results
}
