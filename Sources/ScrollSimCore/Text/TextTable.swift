/// Aligned plain-text tables, the one layout of every table ScrollSim prints (`run`'s summary,
/// `cache-replay`, `compare`): a header line, a rule of dashes under it, then the rows; columns
/// padded to their widest cell (in Characters) and separated by two spaces; each cell left- or
/// right-aligned; every line indented by `indent` spaces, "\n"-terminated, without trailing
/// spaces.
public enum TextTable {
    /// The table of `header` and `rows` (each as long as `header`); `rightAligned[i]` aligns
    /// column `i` to the right.
    /// - Complexity: O(total characters).
    public static func render(header: [String], rows: [[String]], rightAligned: [Bool], indent: Int = 0) -> String {
        assert(rightAligned.count == header.count && rows.allSatisfy { $0.count == header.count },
               "TextTable: every row needs one cell and one alignment per column")
        var widths = [Int](repeating: 0, count: header.count)
        for row in [header] + rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        let margin = String(repeating: " ", count: indent)
        func line(_ cells: [String]) -> String {
            var text = margin
            for (index, cell) in cells.enumerated() {
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                text += (index > 0 ? "  " : "") + (rightAligned[index] ? padding + cell : cell + padding)
            }
            while text.last == " " { text.removeLast() }
            return text + "\n"
        }
        return line(header) + line(widths.map { String(repeating: "-", count: $0) }) + rows.map(line).joined()
    }
}
