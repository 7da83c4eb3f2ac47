import ScrollSimCore
@testable import ScrollSimReports
import ScrollSimTestSupport
import Testing

/// `compare`'s packed files (`ComparisonSide.load`, each value parsed once, as it is checked,
/// and packed from there) and the `Comparison` they make: the values and the errors are those of
/// the summary reader (`SummaryDocument.load`), and a comparison's counts describe its rows.
@Suite struct ComparisonSideTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// A header with a metric of each kind: decimals (`hitch_ratio`), integers (`frames`), and
    /// `refresh_hz`, with one sweep axis.
    static let header = "scenario,strategy,seed,hitch_ratio,frames,refresh_hz,cells.prefetchScreens\n"

    /// The error of `ComparisonSide.load` on `text` (written to `name`), or nil; and that of
    /// `SummaryDocument.load`, which must be the same.
    func errors(_ name: String, _ text: String) throws -> (packed: String?, document: String?) {
        let path = try write(name, text)
        var packed: String?, document: String?
        do { _ = try ComparisonSide.load(path: path, isIndexed: true) } catch { packed = error.description }
        do { _ = try SummaryDocument.load(path: path) } catch { document = error.description }
        return (packed, document)
    }

    @Test("a bad value: the packed reader names the file, line, column and value as the summary reader does")
    func errorsAreTheReaders() throws {
        let number = "expected a number like 12 or 0.125 (at most 18 digits, 9 after the point)"
        // Several bad values: the first in file order (line 3, the earlier column) is the one named.
        let several = try errors("several.csv", Self.header + "g,naive,1,0.5,10,60,0\n"
                                 + "g,naive,2,0.5,1.5,60,0\ng,naive,3,fast,1.5,0,0\ng,naive,4,x,y,z,0\n")
        #expect(several.packed
                == "\(directory)/several.csv: line 3, column 5 (frames): expected an integer, found '1.5'")
        #expect(several.packed == several.document)
        let word = try errors("word.csv", Self.header + "g,naive,1,0.5,10,60,0\ng,naive,2,1e3,10,60,0\n"
                              + "g,naive,3,fast,10,60,0\n")
        #expect(word.packed == "\(directory)/word.csv: line 3, column 4 (hitch_ratio): \(number), found '1e3'")
        #expect(word.packed == word.document)
        let rate = try errors("rate.csv", Self.header + "g,naive,1,0.5,10,1001,0\n")
        #expect(rate.packed == "\(directory)/rate.csv: line 2, column 6 (refresh_hz): expected an integer from 1 to "
                + "1000, found '1001'")
        #expect(rate.packed == rate.document)
        let range = try errors("range.csv", Self.header + "g,naive,1,0.0000000001,10,60,0\n")
        #expect(range.packed == "\(directory)/range.csv: line 2, column 4 (hitch_ratio): \(number), "
                + "found '0.0000000001'")
        #expect(range.packed == range.document)
        // Values are packed before the row's key is checked: a duplicate row is still refused.
        let duplicate = try errors("duplicate.csv", Self.header + "g,naive,1,0.5,10,60,0\ng,naive,1,0.25,9,60,0\n")
        #expect(duplicate.packed == "\(directory)/duplicate.csv: line 3: duplicate row: line 2 has the same "
                + "scenario, strategy, seed and axis values")
        #expect(duplicate.packed == duplicate.document)
        let short = try errors("short.csv", Self.header + "g,naive,1,0.5,10\n")
        #expect(short.packed == "\(directory)/short.csv: line 2: expected 7 fields as in the header, found 5")
        #expect(short.packed == short.document)
        #expect(try errors("good.csv", Self.header + "g,naive,1,0.5,10,60,0\n") == (nil, nil))
    }

    @Test("packed values read back as the document's: other scales, past 32 bits, -2^31, negatives")
    func packedValuesAreTheDocuments() throws {
        let text = Self.header + "g,naive,1,0.5,10,60,0\ng,naive,2,0.125,4294967296,120,0\n"
            + "g,naive,3,-0.5,-2147483648,60,0\ng,naive,4,999999999999999999,2147483647,60,0.5\n"
            + "g,naive,5,0,0,1000,0\n"
        let path = try write("values.csv", text)
        let packed = try ComparisonSide.load(path: path, isIndexed: true)
        let document = try SummaryDocument.load(path: path)
        let unpacked = try ComparisonSide(document: document, file: path)
        #expect(packed.rowCount == 5 && unpacked.rowCount == 5)
        #expect(Array(packed.keys) == document.rows.map(RowKey.init))
        #expect(packed.rowOfKey == unpacked.rowOfKey)
        var compared = 0
        for column in packed.metricColumns {
            for (row, documentRow) in document.rows.enumerated() {
                let value = packed.value(row: row, column: column)
                #expect(value == documentRow.values[column]?.exact, "row \(row) \(SummaryColumn.all[column].name)")
                #expect(value == unpacked.value(row: row, column: column))
                compared += 1
            }
        }
        #expect(compared == 15)
        #expect(packed.value(row: 1, column: SummaryColumn.index(of: "hitch_ratio") ?? 0).text == "0.125")
        #expect(packed.value(row: 2, column: SummaryColumn.index(of: "frames") ?? 0).text == "-2147483648")
    }

    @Test("a document built in code with two rows of one key is refused, as the reader refuses a file's")
    func duplicateRowsOfADocumentAreRefused() throws {
        // Given a baseline whose rows 1 and 3 have one key: joined as it was, both would take the
        // candidate's one row, and the candidate would seem to have two
        let document = try SummaryDocument.read(Array((Self.header + "g,naive,1,0.5,10,60,0\n").utf8), file: "c.csv")
        var baseline = document
        baseline.rows += [document.rows[0], document.rows[0]]
        baseline.rows[1].seed = 2
        let limits = SummaryColumn.all.map(\.defaultLimit)
        // Then the comparison refuses the baseline, naming the rows
        let duplicate = InputError(.invalid, file: "base",
                                   "duplicate row: rows 1 and 3 have the same scenario, strategy, seed and axis values")
        #expect(throws: duplicate) {
            _ = try Comparison(baseline: baseline, file: "base", candidate: document, file: "head", limits: limits)
        }
        // And without the duplicate, each side's count is its rows
        baseline.rows.removeLast()
        let comparison = try Comparison(baseline: baseline, file: "base", candidate: document, file: "head",
                                        limits: limits)
        #expect(comparison.rows.count == 1 && comparison.onlyInBaseline.count == 1)
        #expect(comparison.baselineRowCount == 2 && comparison.candidateRowCount == 1)
    }

    @Test("a comparison's counts describe its rows: statuses, regressed rows, rows per side")
    func countsDescribeTheRows() throws {
        var baseline = Self.header, candidate = Self.header
        for seed in 1...12 {
            baseline += "g,naive,\(seed),0.\(seed % 5),\(100 + seed),60,\(seed % 2)\n"
            if seed == 4 { continue }  // only in the baseline
            // Seeds 2, 5, 8, 11 hitch more (past the default limit when the baseline is not 0),
            // 3, 6, 9, 12 less; frames change on odd seeds (no better direction).
            let ratio = seed % 3 == 2 ? "0.9" : seed % 3 == 0 ? "0.0" : "0.\(seed % 5)"
            candidate += "g,naive,\(seed),\(ratio),\(100 + seed + seed % 2),60,\(seed % 2)\n"
        }
        candidate += "g,naive,13,0.1,10,60,1\n"  // only in the candidate
        let limits = SummaryColumn.all.map(\.defaultLimit)
        let comparison = try Comparison(
            baseline: try ComparisonSide.load(path: try write("base.csv", baseline), isIndexed: false),
            candidate: try ComparisonSide.load(path: try write("head.csv", candidate), isIndexed: true),
            limits: limits)
        #expect(comparison.rows.count == 11)
        #expect(comparison.baselineRowCount == comparison.rows.count + comparison.onlyInBaseline.count)
        #expect(comparison.candidateRowCount == comparison.rows.count + comparison.onlyInCandidate.count)
        #expect(comparison.baselineRowCount == 12 && comparison.candidateRowCount == 12)
        let results = comparison.rows.flatMap(\.metrics)
        #expect(results.count == 11 * 3)
        for status in Comparison.Status.allCases {
            #expect(comparison.count(status) == results.filter { $0.status == status }.count, "\(status)")
        }
        for result in results {
            #expect(result.status == Comparison.status(result.metric, limit: result.limit, result.baseline,
                                                       result.candidate))
        }
        #expect(comparison.regressedRowCount
                == comparison.rows.filter { $0.metrics.contains { $0.status == .regressed } }.count)
        for row in comparison.rows {
            #expect(row.hasChanges == row.metrics.contains { $0.status != .unchanged })
        }
        // Each status occurs, so the checks above compare non-zero counts.
        #expect(comparison.regressedRowCount == 4 && comparison.regressionCount == 4)
        #expect(comparison.count(.improved) > 0 && comparison.count(.changed) == 6
                && comparison.count(.unchanged) > 0)
    }
}
