import ScrollSimCore

/// Strategies ranked on one metric with confidence (`scrollsim rank`, docs/rank.md).
///
/// Rows are grouped by scenario and the values of a sweep's axis columns (a *group*: one scenario
/// at one sweep point); within a group each strategy's runs are its seeds. For each strategy:
/// - `runs`, the mean over its seeds and the mean's 95% Student t interval (`MeanInterval`);
/// - the *best* strategy of the group: the best mean in the metric's direction, compared exactly
///   (`ExactMean`; equal means: the one seen first in the input);
/// - the paired difference from the best, `strategy − best` on each seed both ran, with its own
///   95% interval (common random numbers make the seeds' differences far less noisy than the
///   means);
/// - `wins`: the seeds on which its value is the best among the strategies that ran that seed,
///   decided exactly on the printed decimals; every strategy tied for the best value wins the seed;
/// - `rank`: 1 + the number of strategies *significantly better* than it. B is significantly
///   better than A when the 95% interval of the paired differences `A − B` (over the seeds both
///   ran, at least two) lies entirely on B's better side, excluding 0. Strategies that no one
///   beats significantly share rank 1; a difference the seeds cannot resolve never splits a rank.
///
/// Each pair is tested on its own at the 95% level (no multiplicity correction: with many
/// strategies of equal quality, some pairs will differ by chance). Groups appear in order of
/// first appearance, entries by rank, then mean (better first), then first appearance. Nothing
/// here depends on a dictionary's order.
public struct Ranking: Sendable {
    /// One strategy in one group.
    public struct Entry: Sendable {
        /// The strategy.
        public var strategy: String
        /// Its seeds, ascending.
        public var seeds: [UInt64]
        /// The mean of the metric over its seeds, with its interval (and its exact value, what is
        /// printed and what orders the entries).
        public var interval: MeanInterval
        /// 1 + the number of strategies significantly better.
        public var rank: Int
        /// Seeds where its value is the best (ties: each tied strategy wins).
        public var wins: Int
        /// The paired difference from the group's best strategy; nil for the best itself.
        public var versusBest: PairedDifference?

        /// How many runs (seeds).
        public var runs: Int { seeds.count }
    }

    /// `a − b` over the seeds both strategies ran.
    public struct PairedDifference: Sendable {
        /// The seeds both ran, ascending.
        public var seeds: [UInt64]
        /// The mean difference and its interval (and its exact value, what is printed); nil when
        /// they share no seed.
        public var interval: MeanInterval?
    }

    /// One scenario at one sweep point.
    public struct Group: Sendable {
        /// The scenario.
        public var scenario: String
        /// The sweep's axis values, in `Ranking.axisNames` order.
        public var axisValues: [String]
        /// Every seed any strategy ran, ascending.
        public var seeds: [UInt64]
        /// The strategies, by rank.
        public var entries: [Entry]
        /// The best strategy (by mean).
        public var best: String
    }

    /// The ranked metric (lower or higher is better).
    public let metric: SummaryColumn
    /// The sweep's axis columns, in the first file's order (none for plain runs).
    public let axisNames: [String]
    /// The groups, in order of first appearance.
    public let groups: [Group]

    /// Decimals of means, bounds and differences: the metric's plus one, at least two.
    public var decimals: Int { max(metric.decimals + 1, 2) }

    /// The problem with ranking on the column called `name`, or nil when it is a metric with a
    /// better direction.
    public static func metricProblem(_ name: String) -> String? {
        let rankable = SummaryColumn.metrics.filter { $0.polarity != .workload }.map(\.name)
        guard let column = SummaryColumn.named(name) else {
            if let suggestion = Suggestion.closest(to: name, among: rankable) {
                return "unknown metric '\(name)'; did you mean '\(suggestion)'?"
            }
            return "unknown metric '\(name)'; metrics: \(rankable.joined(separator: ", "))"
        }
        switch column.polarity {
        case .lowerIsBetter, .higherIsBetter: return nil
        case .workload:
            return "'\(name)' has no better direction (it describes the workload), so it cannot rank strategies; "
                + "metrics: \(rankable.joined(separator: ", "))"
        case nil:
            return "'\(name)' is not a metric; metrics: \(rankable.joined(separator: ", "))"
        }
    }

    /// The ranking of `documents` (each read from its file, in order) on `metric`.
    /// - Precondition: `metric` has a better direction (`metricProblem` is nil).
    /// - Throws: `InputError` for the first file without rows or without the metric's column,
    ///   whose axis columns differ from the first file's, or that repeats a run of an earlier file.
    public init(_ documents: [(file: String, document: SummaryDocument)], metric: SummaryColumn) throws(InputError) {
        precondition(metric.polarity == .lowerIsBetter || metric.polarity == .higherIsBetter,
                     "Ranking: \(metric.name) has no better direction")
        self.metric = metric
        let column = SummaryColumn.index(of: metric.name) ?? 0
        let axes = documents.first?.document.axisNames ?? []
        axisNames = axes
        var samples: [Sample] = []
        var fileOfKey: [RowKey: String] = [:]  // lookups only, never iterated
        // A file's own rows differ (its reader refuses a duplicate row): only several files need the index.
        let isIndexed = documents.count > 1
        for (file, document) in documents {
            guard document.columns.contains(.summary(column)) else {
                throw InputError(.invalid, file: file, at: .line(1),
                                 "no column '\(metric.name)' to rank on (a CSV from an older ScrollSim?)")
            }
            guard !document.rows.isEmpty else {
                throw InputError(.invalid, file: file, "no runs: the file has a header but no rows")
            }
            let names = document.axisNames
            guard Set(names) == Set(axes) else {
                func listed(_ columns: [String]) -> String {
                    columns.isEmpty ? "none" : columns.joined(separator: ", ")
                }
                throw InputError(.invalid, file: file, at: .line(1),
                                 "its sweep axis columns (\(listed(names))) differ from those of "
                                 + "\(documents[0].file) (\(listed(axes))); rank sweeps of the same axes together")
            }
            let order = axes.map { name in names.firstIndex(of: name) ?? 0 }
            for row in document.rows {
                var key = RowKey(row)
                key.axisValues = order.map { row.axisValues[$0] }
                if isIndexed, let earlier = fileOfKey[key] {
                    let point = zip(axes, key.axisValues).map { " \($0)=\($1)" }.joined()
                    throw InputError(.invalid, file: file, "the run of scenario '\(key.scenario)', strategy "
                                     + "'\(key.strategy)', seed \(key.seed)\(point) is also in \(earlier); give each "
                                     + "run once")
                }
                if isIndexed { fileOfKey[key] = file }
                guard let value = row.values[column]?.exact else { continue }  // the reader guarantees one
                samples.append(Sample(key: key, value: value))
            }
        }
        groups = Self.groups(of: samples).map { Self.rank($0, metric: metric) }
    }

    /// One run's value.
    struct Sample {
        /// The run.
        var key: RowKey
        /// The metric's value.
        var value: ExactDecimal
    }

    /// One strategy's values in a group, by ascending seed.
    struct Series {
        /// The strategy.
        var strategy: String
        /// Seeds, ascending.
        var seeds: [UInt64]
        /// The value at each seed.
        var values: [ExactDecimal]
    }

    /// A group before ranking.
    struct Draft {
        /// The scenario.
        var scenario: String
        /// The axis values.
        var axisValues: [String]
        /// The strategies in order of first appearance.
        var series: [Series]
    }

    /// `samples` grouped by scenario and axis values, then by strategy, in order of first appearance.
    static func groups(of samples: [Sample]) -> [Draft] {
        var drafts: [Draft] = []
        var draftIndex: [[String]: Int] = [:]  // lookups only: [scenario] + axis values → index
        for sample in samples {
            let groupKey = [sample.key.scenario] + sample.key.axisValues
            let index: Int
            if let known = draftIndex[groupKey] {
                index = known
            } else {
                index = drafts.count
                draftIndex[groupKey] = index
                drafts.append(Draft(scenario: sample.key.scenario, axisValues: sample.key.axisValues, series: []))
            }
            if let position = drafts[index].series.firstIndex(where: { $0.strategy == sample.key.strategy }) {
                drafts[index].series[position].seeds.append(sample.key.seed)
                drafts[index].series[position].values.append(sample.value)
            } else {
                drafts[index].series.append(Series(strategy: sample.key.strategy, seeds: [sample.key.seed],
                                                   values: [sample.value]))
            }
        }
        for draft in drafts.indices {
            for position in drafts[draft].series.indices {
                let series = drafts[draft].series[position]
                let order = series.seeds.indices.sorted { series.seeds[$0] < series.seeds[$1] }
                drafts[draft].series[position].seeds = order.map { series.seeds[$0] }
                drafts[draft].series[position].values = order.map { series.values[$0] }
            }
        }
        return drafts
    }

    /// `a − b` over the seeds both ran (a merge of the two ascending seed lists).
    static func pairedDifference(_ a: Series, _ b: Series) -> PairedDifference {
        var seeds: [UInt64] = [], differences: [Double] = []
        var minuends: [ExactDecimal] = [], subtrahends: [ExactDecimal] = []
        var i = 0, j = 0
        while i < a.seeds.count && j < b.seeds.count {
            if a.seeds[i] < b.seeds[j] {
                i += 1
            } else if a.seeds[i] > b.seeds[j] {
                j += 1
            } else {
                seeds.append(a.seeds[i])
                differences.append(a.values[i].difference(from: b.values[j]))
                minuends.append(a.values[i])
                subtrahends.append(b.values[j])
                i += 1
                j += 1
            }
        }
        guard !differences.isEmpty else { return PairedDifference(seeds: seeds, interval: nil) }
        var interval = MeanInterval(differences)
        interval.exact = ExactMean(differences: minuends, subtrahends)
        return PairedDifference(seeds: seeds, interval: interval)
    }

    /// Whether the paired difference `a − b` shows b significantly better than a.
    static func isSignificantlyBetter(_ difference: PairedDifference, polarity: SummaryColumn.Polarity?) -> Bool {
        guard let low = difference.interval?.low, let high = difference.interval?.high else { return false }
        return polarity == .higherIsBetter ? high < 0 : low > 0
    }

    /// The ranked group of `draft`.
    static func rank(_ draft: Draft, metric: SummaryColumn) -> Group {
        let series = draft.series
        let means = series.map { ExactMean($0.values) }
        var intervals = series.map { MeanInterval($0.values.map(\.doubleValue)) }
        for index in intervals.indices { intervals[index].exact = means[index] }
        let higherIsBetter = metric.polarity == .higherIsBetter
        func isBetter(_ a: ExactMean, than b: ExactMean) -> Bool {
            higherIsBetter ? a.compared(to: b) > 0 : a.compared(to: b) < 0
        }
        var best = 0
        for index in series.indices.dropFirst() where isBetter(means[index], than: means[best]) {
            best = index
        }
        var ranks = [Int](repeating: 1, count: series.count)
        for a in series.indices {
            for b in series.indices where b != a
                && isSignificantlyBetter(pairedDifference(series[a], series[b]), polarity: metric.polarity) {
                ranks[a] += 1
            }
        }
        let seeds = Array(Set(series.flatMap(\.seeds))).sorted()
        var wins = [Int](repeating: 0, count: series.count)
        var cursors = [Int](repeating: 0, count: series.count)
        for seed in seeds {
            var present: [(index: Int, value: ExactDecimal)] = []
            for index in series.indices where cursors[index] < series[index].seeds.count
                && series[index].seeds[cursors[index]] == seed {
                present.append((index, series[index].values[cursors[index]]))
                cursors[index] += 1
            }
            guard var top = present.first?.value else { continue }
            for (_, value) in present where higherIsBetter ? value.compared(to: top) > 0 : value.compared(to: top) < 0 {
                top = value
            }
            for (index, value) in present where value.compared(to: top) == 0 { wins[index] += 1 }
        }
        let order = series.indices.sorted { a, b in
            if ranks[a] != ranks[b] { return ranks[a] < ranks[b] }
            let meanOrder = means[a].compared(to: means[b])
            if meanOrder != 0 { return higherIsBetter ? meanOrder > 0 : meanOrder < 0 }
            return a < b
        }
        let entries = order.map { index in
            Entry(strategy: series[index].strategy, seeds: series[index].seeds, interval: intervals[index],
                  rank: ranks[index], wins: wins[index],
                  versusBest: index == best ? nil : pairedDifference(series[index], series[best]))
        }
        return Group(scenario: draft.scenario, axisValues: draft.axisValues, seeds: seeds, entries: entries,
                     best: series[best].strategy)
    }
}
