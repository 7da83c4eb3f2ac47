import Foundation
import ScrollSimCore

extension HTMLReport {
    /// The summary CSVs at `paths` for a report, concatenated in order: each must read as a summary
    /// CSV (`SummaryDocument.read`), have the columns the report shows and at least one row, and
    /// all must have the same columns. Only the values the report shows are kept (`shownColumns`).
    /// - Returns: the document, or every problem (each file's first; then a mismatch between files).
    public static func loadSummaries(_ paths: [String]) -> Result<SummaryDocument, InputErrors> {
        var documents: [(file: String, document: SummaryDocument)] = []
        var failures: [InputError] = []
        for path in paths {
            do throws(InputError) {
                let document = try SummaryDocument.load(path: path, keeping: shownColumns)
                if let missing = missingColumn(in: document) {
                    throw InputError(.invalid, file: path, at: .line(1),
                                     "missing column '\(missing)', which the report shows")
                }
                if document.rows.isEmpty {
                    throw InputError(.invalid, file: path, "no runs: the file has a header but no rows")
                }
                documents.append((path, document))
            } catch {
                failures.append(error)
            }
        }
        if !failures.isEmpty { return .failure(InputErrors(failures)) }
        do {
            return .success(try SummaryDocument.concatenating(documents))
        } catch {
            return .failure(InputErrors([error]))
        }
    }

    /// The frame data of `summary`'s runs from the per-frame CSVs in `directory` (named by
    /// `RunFileName`, in summary order; a run without a file is listed as missing), and the files
    /// read. A sweep gets no frame charts: nothing is read for it.
    /// - Throws: `InputError`: the directory missing; two runs whose names map to one file name
    ///   (naming both: never one dropped silently); a file that is not a regular file; or the
    ///   first bad file.
    public static func loadFrames(for summary: SummaryDocument, from directory: String) throws(InputError)
        -> (frames: FrameData, files: [String]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(.missing, file: directory, "no such directory")
        }
        var data = FrameData(isRequested: true)
        var files: [String] = []
        guard summary.axisNames.isEmpty else { return (FrameData(), files) }
        var runOfName: [String: String] = [:]  // file name → its first run; lookups only, never iterated
        for row in summary.rows {
            let name = RunFileName.make(scenario: row.scenario, strategy: row.strategy, seed: row.seed,
                                        extension: "csv")
            let path = AtomicFileWriter.join(directory, name)
            let run = "(\(row.scenario), \(row.strategy), \(row.seed))"
            if let other = runOfName[name] {
                // Different runs whose names join to the same file name ("a" with "b__naive", "a__b" with
                // "naive"; "a/b" with "a_b"): the file cannot be told apart, so neither run is charted.
                throw InputError(.invalid, file: path, "the runs \(other) and \(run) map to this one per-frame "
                                 + "file, which cannot say whose frames it holds; report them from separate "
                                 + "summaries, or rename the scenarios or labels (no '__', '/' or '\\')")
            }
            runOfName[name] = run
            guard FileManager.default.fileExists(atPath: path) else {
                data.missing.append("\(row.scenario) · \(row.strategy) · seed \(row.seed)")
                continue
            }
            guard InputFile.isRegularFile(path) else {  // a FIFO there would block the report forever
                throw InputError(.unreadable, file: path, "cannot read: not a regular file (a FIFO, socket or device); "
                                 + "a per-frame CSV in the --frames directory must be a file")
            }
            let chart = try FrameSeries.chart(atPath: path)
            data.series.append(FrameSeries(scenario: row.scenario, strategy: row.strategy, seed: row.seed,
                                           refreshHz: row.refreshHz, chart: chart))
            files.append(path)
        }
        return (data, files)
    }
}
