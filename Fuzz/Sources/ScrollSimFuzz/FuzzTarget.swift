#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScrollSim

/// The readers under fuzzing, each with an invariant beyond "no crash":
/// - `scenario`: an accepted scenario parses again to an equal `Scenario`; a refusal is one line;
/// - `sweep`: an accepted sweep file loads again to the same axes and fingerprint; a refusal is one line;
/// - `summary-csv`: an accepted summary CSV, written back, reads to an equal document and writes
///   back to the same bytes; a refusal is one line;
/// - `request-trace`: an accepted trace, written back, parses to an equal trace; a refusal is one line;
/// - `replay-csv`: an accepted recording parses again to an equal gesture; a refusal is one line;
/// - `catalog-csv`: an accepted `layout.catalog`, written back (ids renamed by image), parses to
///   an equal catalog; a refusal is one line;
/// - `frames-csv`: an accepted per-frame CSV (`report --frames`) charts as its frames read one by
///   one do, and its chart's sums stay in range; a refusal is one line;
/// - `shard-csv`: an accepted sweep shard (`merge`) merges alone to a document that reads back
///   equal; a refusal is one line.
enum FuzzTarget: String, CaseIterable {
    /// The scenario reader (`ScenarioLoader.parse`).
    case scenario
    /// The sweep-file reader (`SweepDefinition.load`).
    case sweep
    /// The summary-CSV reader (`SummaryDocument.read`).
    case summaryCSV = "summary-csv"
    /// The request-trace reader (`RequestTrace.parse`).
    case requestTrace = "request-trace"
    /// The replay recording reader (`ReplayCSV.parse`).
    case replayCSV = "replay-csv"
    /// The `layout.catalog` reader (`CatalogCSV.parse`).
    case catalogCSV = "catalog-csv"
    /// The per-frame CSV reader of `report --frames` (`FrameSeries.chart`).
    case framesCSV = "frames-csv"
    /// The shard reader of `merge` (`ShardMerge.read`, `problems(across:)`, `merge`).
    case shardCSV = "shard-csv"

    /// The target named by `SCROLLSIM_FUZZ_TARGET`.
    static let current: FuzzTarget = {
        let name = getenv("SCROLLSIM_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            FuzzCheck.fail("SCROLLSIM_FUZZ_TARGET must be one of \(allCases.map(\.rawValue)), found '\(name)'")
        }
        return target
    }()

    /// Runs one input through the target's reader and checks its invariant.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .scenario: Self.scenario(bytes)
        case .sweep: Self.sweep(bytes)
        case .summaryCSV: Self.summaryCSV(bytes)
        case .requestTrace: Self.requestTrace(bytes)
        case .replayCSV: Self.replayCSV(bytes)
        case .catalogCSV: Self.catalogCSV(bytes)
        case .framesCSV: Self.framesCSV(bytes)
        case .shardCSV: Self.shardCSV(bytes)
        }
    }

    /// A replay recording every scenario input may name (`"replay":"r.csv"`).
    static let files = InMemoryScenarioFiles(["r.csv": "t_ms,offset_pt\n0,0\n100,500\n200,900\n"])

    static func scenario(_ bytes: [UInt8]) {
        do {
            let first = try ScenarioLoader.parse(utf8: bytes, file: "fuzz.json", files: files)
            do {
                let second = try ScenarioLoader.parse(utf8: bytes, file: "fuzz.json", files: files)
                FuzzCheck.require(first == second, "an accepted scenario parsed again to a different scenario")
            } catch {
                FuzzCheck.fail("an accepted scenario was refused the second time: \(error)")
            }
        } catch {
            FuzzCheck.oneLine(error.description)
        }
    }

    /// The directory of the sweep target's files: `SCROLLSIM_FUZZ_FILES` (scripts/fuzz.sh makes
    /// and removes it), else a new one under /tmp.
    static let sweepDirectory: String = {
        if let given = getenv("SCROLLSIM_FUZZ_FILES").map({ String(cString: $0) }), !given.isEmpty {
            write(Array(#"{"layout":{"itemCount":20},"script":[{"fling":{"velocity":2000}}]}"#.utf8),
                  to: given + "/s.json")
            return given
        }
        var template = Array("/tmp/scrollsim-fuzz-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { FuzzCheck.fail("cannot make a temporary directory") }
        let directory = String(cString: made)
        let scenario = #"{"layout":{"itemCount":20},"script":[{"fling":{"velocity":2000}}]}"#
        write(Array(scenario.utf8), to: directory + "/s.json")
        return directory
    }()

    static func sweep(_ bytes: [UInt8]) {
        let path = sweepDirectory + "/sweep.json"
        write(bytes, to: path)
        do {
            let first = try SweepDefinition.load(path: path)
            do {
                let second = try SweepDefinition.load(path: path)
                FuzzCheck.require(first.fingerprint == second.fingerprint && first.axes.map(\.name)
                                    == second.axes.map(\.name),
                                  "an accepted sweep file loaded again to different axes")
            } catch {
                FuzzCheck.fail("an accepted sweep file was refused the second time: \(error)")
            }
        } catch {
            FuzzCheck.oneLine(error.description)
        }
    }

    static func summaryCSV(_ bytes: [UInt8]) {
        do {
            let document = try SummaryDocument.read(bytes, file: "fuzz.csv")
            let written = document.csv
            do {
                let again = try SummaryDocument.read(Array(written.utf8), file: "fuzz.csv")
                FuzzCheck.require(again == document, "a summary CSV written back reads to a different document")
                FuzzCheck.require(again.csv == written, "a summary CSV written back writes back to other bytes")
            } catch {
                FuzzCheck.fail("a summary CSV written back was refused: \(error)")
            }
        } catch {
            FuzzCheck.oneLine(error.description)
        }
    }

    static func requestTrace(_ bytes: [UInt8]) {
        do {
            let trace = try RequestTrace.parse(utf8: bytes, file: "fuzz.csv")
            var text = RequestTrace.header + "\n"
            for index in 0..<trace.count {
                text += "\(trace.ids[Int(trace.objects[index])]),\(trace.sizes[index])\n"
            }
            do {
                let again = try RequestTrace.parse(utf8: Array(text.utf8), file: "fuzz.csv")
                FuzzCheck.require(again == trace, "a request trace written back parses to a different trace")
            } catch {
                FuzzCheck.fail("a request trace written back was refused: \(error)")
            }
        } catch {
            FuzzCheck.oneLine(error.description)
        }
    }

    static func replayCSV(_ bytes: [UInt8]) {
        do {
            let first = try ReplayCSV.parse(bytes, file: "fuzz.csv")
            let second = try ReplayCSV.parse(bytes, file: "fuzz.csv")
            FuzzCheck.require(first == second, "an accepted recording parsed again to a different gesture")
        } catch {
            FuzzCheck.oneLine(error.description)
        }
    }

    static func catalogCSV(_ bytes: [UInt8]) {
        do {
            let catalog = try CatalogCSV.parse(bytes, file: "fuzz.csv")
            var text = CatalogCSV.header + "\n"
            for item in 0..<catalog.itemCount {
                let index = Int(catalog.imageOfItem[item])
                let image = catalog.images[index]
                text += "\(catalog.itemHeights[item]),i\(index),"
                    + "\(image.pixelWidth),\(image.pixelHeight),\(image.bytes)\n"
            }
            do {
                let again = try CatalogCSV.parse(Array(text.utf8), file: "fuzz.csv")
                FuzzCheck.require(again == catalog, "a catalog written back parses to a different catalog")
            } catch {
                FuzzCheck.fail("a catalog written back was refused: \(error)")
            }
        } catch {
            FuzzCheck.oneLine(error.description)
        }
    }

    static func framesCSV(_ bytes: [UInt8]) {
        do {
            let chart = try FrameSeries.chart(bytes, file: "fuzz.csv")
            var expected = FrameChart()
            for frame in try FrameSeries.read(bytes, file: "fuzz.csv") { expected.append(frame) }
            FuzzCheck.require(chart == expected, "a per-frame CSV charts differently from its frames")
            let total = chart.buckets.reduce(Int64(0)) { $0 + $1.totalWorkMicros }
            FuzzCheck.require(total <= FrameSeries.maximumWorkMicros, "a chart's work adds up past the limit")
        } catch {
            FuzzCheck.oneLine(error.description)
        }
    }

    static func shardCSV(_ bytes: [UInt8]) {
        let path = sweepDirectory + "/shard.csv"
        write(bytes, to: path)
        do {
            let shard = try ShardMerge.read(path)
            let problems = ShardMerge.problems(across: [shard])
            for problem in problems { FuzzCheck.oneLine(problem.description) }
            guard problems.isEmpty else { return }
            let merged = try ShardMerge.merge([shard])
            do {
                let again = try SummaryDocument.read(Array(merged.utf8), file: "fuzz.csv")
                FuzzCheck.require(again.csv == merged, "a merged shard reads back to a different CSV")
            } catch {
                FuzzCheck.fail("a merged shard was refused when read back: \(error)")
            }
        } catch {
            FuzzCheck.oneLine(error.description)
        }
    }

    /// Replaces the file at `path` with `bytes`.
    static func write(_ bytes: [UInt8], to path: String) {
        guard let file = fopen(path, "wb") else { FuzzCheck.fail("cannot write \(path)") }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard fclose(file) == 0, written == bytes.count else { FuzzCheck.fail("cannot write \(path)") }
    }
}
