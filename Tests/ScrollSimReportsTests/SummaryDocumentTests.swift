import ScrollSimCore
@testable import ScrollSimReports
import Testing

/// The typed summary document: one writer and one reader, `read(write(doc)) == doc`, and the
/// one set of rules every reader of summary CSVs applies.
@Suite struct SummaryDocumentTests {
    /// Two runs with recognisable values.
    static var runs: [RunMetrics] {
        var first = RunMetrics()
        first.scenario = "photo, grid"  // a comma: the field is quoted
        first.strategy = "asset-store"
        first.seed = 18_446_744_073_709_551_615
        first.profile = "ios15"
        first.scrollNanos = 4_250_000_000
        first.hitchNanos = 37_500_000
        first.requests = 300
        first.memoryHits = 200
        first.blankRatioMean = 0.0123456
        first.peakMemoryBytes = 53_000_000
        var second = RunMetrics()
        second.scenario = "feed"
        second.strategy = "naive"
        second.seed = 12
        return [first, second]
    }

    @Test("a run's row is the summary CSV's row, and the document writes what run always wrote")
    func writesTheSummaryCSV() {
        let document = SummaryDocument(rows: Self.runs.map { SummaryRow($0) })
        #expect(document.csv == SummaryCSV.header + Self.runs.map(SummaryCSV.row).joined())
        #expect(document.axisNames.isEmpty)
    }

    @Test("read(write(doc)) == doc: plain, sweep, reordered and partial columns")
    func roundTrip() throws {
        let plain = SummaryDocument(rows: Self.runs.map { SummaryRow($0) })
        let sweep = SummaryDocument(axes: ["cells.prefetchScreens", "strategies[*].memoryCacheMB"],
                                    rows: Self.runs.enumerated().map { SummaryRow($1, axisValues: ["0.\($0)", "a,b"]) })
        var partial = SummaryDocument(columns: [.summary(2), .axis("seed2.x"), .summary(0), .summary(1),
                                                .summary(SummaryColumn.index(of: "hitch_ratio")!)])
        partial.rows = plain.rows.map { row in
            var row = row
            row.profile = ""
            let hitchRatio = SummaryColumn.index(of: "hitch_ratio")
            row.values = SummaryValues(row.values.indices.map { $0 == hitchRatio ? row.values[$0] : nil })
            row.axisValues = ["\"quoted\""]
            return row
        }
        for document in [plain, sweep] {
            #expect(try SummaryDocument.read(Array(document.csv.utf8), file: "x.csv") == document)
        }
        // An axis must name a scenario key: `seed2` is none, so the partial document is refused.
        #expect(throws: InputError.self) { try SummaryDocument.read(Array(partial.csv.utf8), file: "x.csv") }
        partial.columns[1] = .axis("images.zipfAlpha")
        #expect(try SummaryDocument.read(Array(partial.csv.utf8), file: "x.csv") == partial)
    }

    /// The error reading `text`.
    func error(_ text: String) -> String? {
        do {
            _ = try SummaryDocument.read(Array(text.utf8), file: "f.csv")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("the rules: header, names, seeds, numbers, integers, refresh rates, duplicates")
    func rules() {
        #expect(error("") == "f.csv: line 1: empty file; expected a summary CSV header (scenario,strategy,seed,…)")
        #expect(error("# scrollsim-shard 1/2 runs=3 sweep=0000000000000001\n")
                == "f.csv: line 1: this is a sweep shard; combine the shards with 'scrollsim merge' first")
        #expect(error("scenario,strategy\n")
                == "f.csv: line 1: missing required column 'seed' (a summary CSV starts scenario,strategy,seed,…)")
        #expect(error("scenario,strategy,seed,hitch_ration\n")
                == "f.csv: line 1, column 4: unknown column 'hitch_ration'; did you mean 'hitch_ratio'?")
        #expect(error("scenario,strategy,seed,seed\n") == "f.csv: line 1, column 4: duplicate column 'seed'")
        #expect(error("scenario,strategy,seed\n,a,1\n")
                == "f.csv: line 2, column 1 (scenario): expected a name, found ''")
        #expect(error("scenario,strategy,seed\ns,a,01x\n")
                == "f.csv: line 2, column 3 (seed): expected an integer from 0 to 18446744073709551615, found '01x'")
        #expect(error("scenario,strategy,seed,frames\ns,a,1,2.5\n")
                == "f.csv: line 2, column 4 (frames): expected an integer, found '2.5'")
        #expect(error("scenario,strategy,seed,hitch_ratio\ns,a,1,1e3\n")
                == "f.csv: line 2, column 4 (hitch_ratio): expected a number like 12 or 0.125 (at most 18 digits, 9 "
                    + "after the point), found '1e3'")
        #expect(error("scenario,strategy,seed,refresh_hz\ns,a,1,0\n")
                == "f.csv: line 2, column 4 (refresh_hz): expected an integer from 1 to 1000, found '0'")
        #expect(error("scenario,strategy,seed\ns,a,1\ns,a,1\n")
                == "f.csv: line 3: duplicate row: line 2 has the same scenario, strategy, seed")
        #expect(error("scenario,strategy,seed\ns,a\n") == "f.csv: line 2: expected 3 fields as in the header, found 2")
        #expect(error("seed,strategy,scenario,profile\n1,a,s,\n2,a,s,ios9\n") == nil)  // any order, any subset
    }

    @Test("documents concatenate only with the same columns, each run once")
    func concatenation() throws {
        let plain = SummaryDocument(rows: Self.runs.map { SummaryRow($0) })
        let other = SummaryDocument(rows: Self.runs.map { run in
            var renamed = run
            renamed.scenario += "-2"
            return SummaryRow(renamed)
        })
        let joined = try SummaryDocument.concatenating([("a.csv", plain), ("b.csv", other)])
        #expect(joined.rows.count == 4)
        #expect(throws: InputError.self) { try SummaryDocument.concatenating([("a.csv", plain), ("b.csv", plain)]) }
        let sweep = SummaryDocument(axes: ["seed.x"], rows: [])
        #expect(throws: InputError(.invalid, file: "b.csv", at: .line(1), "its columns differ from those of a.csv; "
                                   + "give CSVs with the same columns together")) {
            try SummaryDocument.concatenating([("a.csv", plain), ("b.csv", sweep)])
        }
    }
}
