import ScrollSimCore

/// The three renderings of a `Ranking` (`scrollsim rank --format table|markdown|csv`).
///
/// - `table` (a terminal, a CI log): a line saying what is ranked and how, then one block per
///   group (scenario, sweep point, seeds) with one line per strategy by rank, then notes.
/// - `markdown` (a pull-request comment, `$GITHUB_STEP_SUMMARY`): a title, the method in one
///   paragraph, one table per group (rank-1 strategies in bold), then notes.
/// - `csv` (tools): one line per group × strategy; columns `scenario,metric,strategy,runs,mean,
///   ci_low,ci_high,rank,wins,best,diff_vs_best,diff_ci_low,diff_ci_high,paired_runs`, then the
///   sweep's axis columns.
///
/// Numbers have `Ranking.decimals` decimals, half away from zero, on the exact means
/// (`MeanInterval.meanText`: an 18-digit value prints as the summary CSV has it, never as its
/// nearest `Double`). Where there
/// is no interval (one run, or one paired seed) the CSV leaves the bounds empty and the other
/// formats print `n/a`; the best strategy's own difference is empty in the CSV and `best`
/// elsewhere. Every text is a pure function of the ranking.
public enum RankReport {
    // MARK: Pieces

    /// A number with its sign: "+0.190", "-0.050", "0.000".
    static func signed(_ text: String) -> String {
        text.hasPrefix("-") || text.allSatisfy({ $0 == "0" || $0 == "." }) ? text : "+" + text
    }

    /// "[3.001, 3.419]" (differences signed), or "n/a" without an interval.
    static func interval(_ interval: MeanInterval?, _ ranking: Ranking, signed isSigned: Bool) -> String {
        guard let low = interval?.lowText(decimals: ranking.decimals),
              let high = interval?.highText(decimals: ranking.decimals) else { return "n/a" }
        return isSigned ? "[\(signed(low)), \(signed(high))]" : "[\(low), \(high)]"
    }

    /// "hitch_ratio (ms/s, lower is better)".
    static func metricTitle(_ ranking: Ranking) -> String {
        let direction = ranking.metric.polarity == .higherIsBetter ? "higher is better" : "lower is better"
        return ranking.metric.name + " (" + (ranking.metric.unit.isEmpty ? "" : ranking.metric.unit + ", ")
            + direction + ")"
    }

    /// "photo-grid-lte", "photo-grid-lte · cells.prefetchScreens=0.5".
    static func groupTitle(_ group: Ranking.Group, _ ranking: Ranking) -> String {
        ([group.scenario] + zip(ranking.axisNames, group.axisValues).map { "\($0)=\($1)" }).joined(separator: " · ")
    }

    /// "5 seeds: 1, 2, 3, 4, 5", "1 seed: 7", "20 seeds from 1 to 20".
    static func seedsText(_ seeds: [UInt64]) -> String {
        let count = ComparisonReport.counted(seeds.count, "seed")
        if seeds.count <= 6 { return count + ": " + seeds.map(String.init).joined(separator: ", ") }
        return count + " from \(seeds[0]) to \(seeds[seeds.count - 1])"
    }

    /// The notes under a group: strategies missing some of the group's seeds.
    static func unpairedNotes(_ group: Ranking.Group) -> [String] {
        group.entries.compactMap { entry in
            guard entry.seeds.count < group.seeds.count else { return nil }
            let missing = group.seeds.filter { !entry.seeds.contains($0) }
            let list = missing.count <= 6 ? missing.map(String.init).joined(separator: ", ")
                : missing.prefix(5).map(String.init).joined(separator: ", ") + ", … (\(missing.count) in all)"
            return "\(entry.strategy) has no run for seed\(missing.count == 1 ? "" : "s") \(list): its mean is over "
                + "its \(ComparisonReport.counted(entry.runs, "run")), its comparisons over the seeds it shares."
        }
    }

    /// The cells of an entry: rank, strategy, runs, mean, interval, vs best, its interval, wins.
    static func cells(_ entry: Ranking.Entry, _ ranking: Ranking) -> [String] {
        let versus: String, versusInterval: String
        if let difference = entry.versusBest {
            if let paired = difference.interval {
                versus = signed(paired.meanText(decimals: ranking.decimals))
                versusInterval = interval(paired, ranking, signed: true)
            } else {
                versus = "no common seed"
                versusInterval = "n/a"
            }
        } else {
            versus = "best"
            versusInterval = ""
        }
        return [String(entry.rank), entry.strategy, String(entry.runs),
                entry.interval.meanText(decimals: ranking.decimals),
                interval(entry.interval, ranking, signed: false), versus, versusInterval, String(entry.wins)]
    }

    /// Column titles of the table and markdown renderings.
    static let header = ["rank", "strategy", "runs", "mean", "95% CI", "vs best", "95% CI of difference", "wins"]

    /// The closing notes shared by table and markdown.
    static func closingNotes(_ ranking: Ranking) -> [String] {
        var notes = ["rank: 1 + the strategies significantly better (the 95% interval of the paired difference over "
                     + "the seeds both ran excludes 0); equal ranks are ties.",
                     "wins: seeds on which the strategy has the best value; strategies tied for it each win the seed."]
        let entries = ranking.groups.flatMap(\.entries)
        let withoutInterval = entries.contains { entry in
            entry.runs == 1 || entry.versusBest.map { ($0.interval?.count ?? 0) < 2 } == true
        }
        if withoutInterval {
            notes.append("n/a: one run (or one shared seed) gives a mean but no interval, and never a significant "
                         + "difference.")
        }
        return notes
    }

    // MARK: Table

    /// The `table` rendering.
    public static func table(_ ranking: Ranking) -> String {
        var text = "Rank by \(metricTitle(ranking)): mean over seeds with its 95% Student t interval; vs best: the "
            + "paired difference from the best mean over the seeds both ran (docs/rank.md).\n"
        for group in ranking.groups {
            text += "\n\(groupTitle(group, ranking))  (\(seedsText(group.seeds)))\n"
            text += TextTable.render(header: header, rows: group.entries.map { cells($0, ranking) },
                                     rightAligned: [true, false, true, true, false, true, false, true], indent: 2)
            for note in unpairedNotes(group) { text += "  Note: \(note)\n" }
        }
        text += "\n" + closingNotes(ranking).map { $0 + "\n" }.joined()
        return text
    }

    // MARK: Markdown

    /// The `markdown` rendering.
    public static func markdown(_ ranking: Ranking) -> String {
        var text = "### ScrollSim rank: `\(ranking.metric.name)`"
            + (ranking.metric.unit.isEmpty ? "" : " (\(ranking.metric.unit))") + ", "
            + (ranking.metric.polarity == .higherIsBetter ? "higher" : "lower") + " is better\n\n"
        text += "Mean over seeds with its 95% Student t interval; **vs best** is the paired difference from the best "
            + "mean over the seeds both ran, with its 95% interval (method: `docs/rank.md`).\n"
        for group in ranking.groups {
            text += "\n#### \(groupTitle(group, ranking)) — \(seedsText(group.seeds))\n\n"
            let rows = group.entries.map { entry in
                var row = cells(entry, ranking)
                if entry.rank == 1 { row[1] = "**\(row[1])**" }
                return row
            }
            text += ComparisonReport.markdownTable(header: header, rows: rows,
                                                   rightAligned: [true, false, true, true, false, true, false, true])
            let notes = unpairedNotes(group)
            if !notes.isEmpty { text += "\n" + notes.map { "> \($0)\n" }.joined(separator: ">\n") }
        }
        text += "\n" + closingNotes(ranking).map { "- \($0)\n" }.joined()
        return text
    }

    // MARK: CSV

    /// The columns of the `csv` rendering, the sweep's axes last.
    static func csvColumns(axes: [String]) -> [String] {
        ["scenario", "metric", "strategy", "runs", "mean", "ci_low", "ci_high", "rank", "wins", "best",
         "diff_vs_best", "diff_ci_low", "diff_ci_high", "paired_runs"] + axes
    }

    /// The `csv` rendering.
    public static func csv(_ ranking: Ranking) -> String {
        func line(_ fields: [String]) -> String { fields.map(SummaryCSV.field).joined(separator: ",") + "\n" }
        let decimals = ranking.decimals
        var text = line(csvColumns(axes: ranking.axisNames))
        for group in ranking.groups {
            for entry in group.entries {
                let paired = entry.versusBest?.interval
                text += line([
                    group.scenario, ranking.metric.name, entry.strategy, String(entry.runs),
                    entry.interval.meanText(decimals: decimals), entry.interval.lowText(decimals: decimals) ?? "",
                    entry.interval.highText(decimals: decimals) ?? "", String(entry.rank), String(entry.wins),
                    group.best, paired?.meanText(decimals: decimals) ?? "", paired?.lowText(decimals: decimals) ?? "",
                    paired?.highText(decimals: decimals) ?? "", entry.versusBest.map { String($0.seeds.count) } ?? "",
                ] + group.axisValues)
            }
        }
        return text
    }
}
