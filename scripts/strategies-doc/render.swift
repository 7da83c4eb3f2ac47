// Renders docs/strategies.md from a run of the bundled scenarios (scripts/strategies-doc.sh runs it).
//
//     swift scripts/strategies-doc/render.swift <summary.csv> <template.md> [<before.csv>]
//
// The template is Markdown with three kinds of placeholder, so that no figure in the page is typed
// by hand:
//   {{tables}}                        one table per scenario, every strategy in the CSV's order
//   {{movement}}                      each strategy's rank by blank per vsync, before → after
//                                     (needs <before.csv>, a summary CSV of the same scenarios)
//   {{scenario/strategy/column}}      one value of the summary CSV, printed as the tables print it
// Unknown placeholders, scenarios, strategies or columns stop the script with a message (exit 1).
import Foundation

/// One summary CSV: its header and its rows, in file order.
struct Summary {
    var columns: [String]
    var rows: [[String]]

    init(path: String) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard let header = lines.first else { fail("\(path) is empty") }
        columns = header.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        for (number, row) in rows.enumerated() where row.count != columns.count {
            fail("\(path):\(number + 2): \(row.count) fields, the header has \(columns.count)")
        }
    }

    func index(of column: String) -> Int {
        guard let index = columns.firstIndex(of: column) else { fail("no column \(column)") }
        return index
    }

    /// Scenario names in order of first appearance.
    var scenarios: [String] {
        var seen: [String] = []
        for row in rows where !seen.contains(row[0]) { seen.append(row[0]) }
        return seen
    }

    func rows(of scenario: String) -> [[String]] { rows.filter { $0[0] == scenario } }

    func value(_ scenario: String, _ strategy: String, _ column: String) -> String? {
        let c = index(of: column)
        return rows.first { $0[0] == scenario && $0[1] == strategy }.map { $0[c] }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("strategies-doc: \(message)\n".utf8))
    exit(1)
}

/// A decimal string rounded half away from zero to `decimals` places, by digit arithmetic
/// (no binary floating point, so every machine prints the same).
func rounded(_ text: String, decimals: Int) -> String {
    var digits = text
    let negative = digits.hasPrefix("-")
    if negative { digits.removeFirst() }
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    var whole = Array(parts[0])
    var fraction = Array(parts.count > 1 ? parts[1] : "")
    while fraction.count < decimals + 1 { fraction.append("0") }
    let roundUp = fraction[decimals] >= "5"
    var kept = whole + fraction[..<decimals]
    if roundUp {
        var i = kept.count - 1
        while i >= 0 {
            if kept[i] == "9" { kept[i] = "0"; i -= 1 } else { kept[i] = Character(String(kept[i].wholeNumberValue! + 1)); break }
        }
        if i < 0 { kept.insert("1", at: 0) }
    }
    whole = Array(kept[..<(kept.count - decimals)])
    fraction = Array(kept[(kept.count - decimals)...])
    let body = decimals == 0 ? String(whole) : String(whole) + "." + String(fraction)
    return negative && body.contains(where: { $0 != "0" && $0 != "." }) ? "-" + body : body
}

/// Bytes as MiB with one decimal, exactly (integer arithmetic).
func mebibytes(_ bytes: String) -> String {
    guard let value = Int64(bytes) else { fail("bytes_downloaded \(bytes) is not an integer") }
    let tenths = (value * 10 + 524_288) / 1_048_576
    return "\(tenths / 10).\(tenths % 10)"
}

/// How a column is shown in the tables and by `{{scenario/strategy/column}}`.
func formatted(_ column: String, _ raw: String) -> String {
    switch column {
    case "hitch_ratio", "peak_memory_mb", "main_decode_ms", "max_hitch_ms": return rounded(raw, decimals: 1)
    case "bytes_downloaded": return mebibytes(raw)
    default: return raw
    }
}

/// The columns of each scenario's table: (column, heading).
let tableColumns: [(String, String)] = [
    ("hitch_ratio", "hitch ms/s"), ("blank_ratio_mean", "blank mean"), ("blank_ratio_vsync_mean", "blank per vsync"),
    ("hit_ratio", "hit ratio"), ("bytes_downloaded", "MiB downloaded"), ("peak_memory_mb", "peak MiB"),
    ("main_decode_ms", "main decode ms"), ("memory_warnings", "warnings"), ("killed", "killed"),
]

/// Competition ranks ("1224") of `values`, lower first; equal values share a rank.
func ranks(_ values: [String]) -> [Int] {
    let decimals = values.map { Decimal(string: $0) ?? 0 }
    return decimals.map { value in 1 + decimals.filter { $0 < value }.count }
}

func table(_ summary: Summary, scenario: String) -> String {
    let rows = summary.rows(of: scenario)
    let blank = summary.index(of: "blank_ratio_vsync_mean")
    let rank = ranks(rows.map { $0[blank] })
    var out = "### \(scenario)\n\n| rank | strategy |" + tableColumns.map { " \($0.1) |" }.joined() + "\n"
    out += "|---:|---|" + String(repeating: "---:|", count: tableColumns.count) + "\n"
    for (row, r) in zip(rows, rank) {
        out += "| \(r) | `\(row[1])` |"
        out += tableColumns.map { " \(formatted($0.0, row[summary.index(of: $0.0)])) |" }.joined() + "\n"
    }
    return out
}

func movement(_ after: Summary, _ before: Summary) -> String {
    var out = ""
    for scenario in after.scenarios {
        let rowsAfter = after.rows(of: scenario), rowsBefore = before.rows(of: scenario)
        let blankAfter = after.index(of: "blank_ratio_vsync_mean"), blankBefore = before.index(of: "blank_ratio_vsync_mean")
        let ranksAfter = ranks(rowsAfter.map { $0[blankAfter] })
        let ranksBefore = ranks(rowsBefore.map { $0[blankBefore] })
        out += "#### \(scenario)\n\n| strategy | rank before | rank after | blank per vsync before → after |\n|---|---:|---:|---|\n"
        for (row, rankAfter) in zip(rowsAfter, ranksAfter) {
            if let i = rowsBefore.firstIndex(where: { $0[1] == row[1] }) {
                out += "| `\(row[1])` | \(ranksBefore[i]) | \(rankAfter) | \(rowsBefore[i][blankBefore]) → \(row[blankAfter]) |\n"
            } else {
                out += "| `\(row[1])` | new | \(rankAfter) | \(row[blankAfter]) |\n"
            }
        }
        out += "\n"
    }
    return out
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2 || arguments.count == 3 else {
    fail("usage: swift scripts/strategies-doc/render.swift <summary.csv> <template.md> [<before.csv>]")
}
let args = Array(arguments)
let summary = Summary(path: args[0])
guard let template = try? String(contentsOfFile: args[1], encoding: .utf8) else { fail("cannot read \(args[1])") }
let before = args.count == 3 ? Summary(path: args[2]) : nil

var output = ""
var rest = Substring(template)
while let open = rest.range(of: "{{") {
    output += rest[..<open.lowerBound]
    guard let close = rest[open.upperBound...].range(of: "}}") else { fail("unclosed {{ in the template") }
    let name = String(rest[open.upperBound..<close.lowerBound])
    switch name {
    case "tables":
        output += summary.scenarios.map { table(summary, scenario: $0) }.joined(separator: "\n")
    case "movement":
        guard let before else { fail("{{movement}} needs a before CSV") }
        output += movement(summary, before)
    default:
        let parts = name.split(separator: "/").map(String.init)
        guard parts.count == 3 else { fail("unknown placeholder {{\(name)}}") }
        guard let raw = summary.value(parts[0], parts[1], parts[2]) else { fail("no run \(parts[0])/\(parts[1])") }
        output += formatted(parts[2], raw)
    }
    rest = rest[close.upperBound...]
}
output += rest
print(output, terminator: "")
