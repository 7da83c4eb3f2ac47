extension SummaryColumn {
    /// How docs/metrics.md names the column's polarity: `key`, `text`, `lower`, `higher`, `neither`.
    public var betterText: String {
        switch role {
        case .identity: "key"
        case .label: "text"
        case .metric(.lowerIsBetter): "lower"
        case .metric(.higherIsBetter): "higher"
        case .metric(.workload): "neither"
        }
    }

    /// The metric table as docs/metrics.md shows it (a markdown table, one row per column, in
    /// file order); a test checks that the file holds exactly this text.
    public static var markdownTable: String {
        var text = "| column | unit | decimals | better | default limit | definition |\n"
        text += "|---|---|---:|---|---|---|\n"
        for column in all {
            let limit: String
            switch (column.defaultLimit, column.polarity) {
            case (let value?, let polarity?): limit = value.text(for: polarity)
            case (nil, .lowerIsBetter?), (nil, .higherIsBetter?): limit = "none"
            default: limit = ""
            }
            let decimals = column.role == .metric(.workload) || column.polarity != nil ? String(column.decimals) : ""
            text += "| `\(column.name)` | \(column.unit) | \(decimals) | \(column.betterText) | \(limit) | "
                + "\(column.definition) |\n"
        }
        return text
    }
}
