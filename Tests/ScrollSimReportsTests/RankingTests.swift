import ScrollSimCore
@testable import ScrollSimReports
import Testing

/// `scrollsim rank`'s statistics (docs/rank.md): Student t intervals and paired differences on
/// hand-computed cases, ranks with ties, pairing by seed, wins, and the three renderings' bytes.
@Suite struct RankingTests {
    /// The ranking of CSV `text` (read as `file`) on `metric`.
    static func ranking(_ text: String, metric: String = "hitch_ratio", file: String = "runs.csv") throws -> Ranking {
        let document = try SummaryDocument.read(Array(text.utf8), file: file)
        return try Ranking([(file, document)], metric: SummaryColumn.named(metric)!)
    }

    /// Three strategies × seeds 1–3 of one scenario (hitch_ratio, lower is better):
    /// a = 2, 3, 4; b = a + 1 on every seed; c = 2.0, 3.6, 3.7.
    static let threeStrategies = """
        scenario,strategy,seed,hitch_ratio
        grid,a,1,2.000
        grid,b,1,3.000
        grid,c,1,2.000
        grid,a,2,3.000
        grid,b,2,4.000
        grid,c,2,3.600
        grid,a,3,4.000
        grid,b,3,5.000
        grid,c,3,3.700

        """

    @Test("t(0.975, ν): NIST's table for ν ≤ 100, interpolated in 1/ν beyond")
    func criticalValues() {
        #expect(StudentT.critical975(degreesOfFreedom: 1) == 12.706)
        #expect(StudentT.critical975(degreesOfFreedom: 2) == 4.303)
        #expect(StudentT.critical975(degreesOfFreedom: 30) == 2.042)
        #expect(StudentT.critical975(degreesOfFreedom: 60) == 2.0)
        #expect(StudentT.critical975(degreesOfFreedom: 100) == 1.984)
        // (1960 + 2400 / 200) / 1000 = 1.972 (the true quantile is 1.97190).
        #expect(StudentT.critical975(degreesOfFreedom: 200) == 1.972)
        #expect(StudentT.critical975(degreesOfFreedom: 2400) == 1.961)
    }

    @Test("a mean's interval, hand-computed: 2, 3, 4 gives 3 ± 4.303 × 1/√3")
    func meanInterval() throws {
        // mean = 9 / 3 = 3; s² = (1 + 0 + 1) / 2 = 1; half = 4.303 × (1 / √3) = 2.484338…
        let interval = MeanInterval([2, 3, 4])
        #expect(interval.mean == 3)
        #expect(interval.standardDeviation == 1)
        let half = try #require(interval.halfWidth)
        #expect(DecimalFormat.fixed(half, decimals: 6) == "2.484338")
        #expect(DecimalFormat.fixed(try #require(interval.low), decimals: 4) == "0.5157")
        #expect(DecimalFormat.fixed(try #require(interval.high), decimals: 4) == "5.4843")
        // One value: a mean, no interval.
        let one = MeanInterval([7.5])
        #expect(one.mean == 7.5 && one.halfWidth == nil && one.low == nil && one.high == nil)
        // Equal values: a zero-width interval.
        #expect(MeanInterval([1, 1, 1]).halfWidth == 0)
    }

    @Test("a mean's interval has the same bits everywhere: the documented order, no fused multiply-add")
    func meanIntervalBits() {
        // The bits below are the documented sequence (MeanInterval) worked out independently in
        // IEEE double arithmetic (each operation correctly rounded, none fused). A platform that
        // summed in another order or fused `d × d + ss` into one rounding would get other bits:
        // for these values, summing in reverse order changes the mean's last bit, and fusing
        // changes the standard deviation's and the half width's.
        let values = [0.737, 0.943, 0.9, 0.397, 0.732]
        let interval = MeanInterval(values)
        #expect(interval.mean.bitPattern == 0x3FE7_BCD3_5A85_8795)
        #expect(interval.standardDeviation?.bitPattern == 0x3FCB_7DC7_151F_4AEC)
        #expect(interval.halfWidth?.bitPattern == 0x3FD1_1093_BDFE_EF42)  // t(0.975, 4) = 2.776
        #expect(interval.low?.bitPattern == 0x3FDE_6912_F70C_1FE8)
        #expect(interval.high?.bitPattern == 0x3FF0_228E_9CC2_7F9B)
        // The order is part of the result: callers pass values in ascending seed order.
        let reversed = MeanInterval(values.reversed())
        #expect(reversed.mean.bitPattern == 0x3FE7_BCD3_5A85_8794)
        #expect(reversed.halfWidth?.bitPattern == 0x3FD1_1093_BDFE_EF43)
    }

    @Test("intervals, paired differences, ranks and wins on a hand-computed case")
    func handComputed() throws {
        let ranking = try Self.ranking(Self.threeStrategies)
        #expect(ranking.decimals == 4)  // hitch_ratio has 3 decimals: one more
        let group = try #require(ranking.groups.first)
        #expect(ranking.groups.count == 1 && group.scenario == "grid" && group.seeds == [1, 2, 3])
        // Means: a 3.0, b 4.0, c 9.3 / 3 = 3.1: a is the best.
        #expect(group.best == "a")
        #expect(group.entries.map(\.strategy) == ["a", "c", "b"])
        // b − a = 1, 1, 1 on the paired seeds: s = 0, the interval [1, 1] excludes 0, so a is
        // significantly better than b although their own intervals ([0.5157, 5.4843] and
        // [1.5157, 6.4843]) overlap: pairing by seed removes the seeds' shared noise.
        // c − a = 0, 0.6, −0.3: mean 0.1, deviations −0.1, 0.5, −0.4, s² = 0.42 / 2 = 0.21,
        // half = 4.303 × √0.21 / √3 = 1.138467: [−1.0385, 1.2385] contains 0, not significant.
        // b − c = 1, 0.4, 1.3: the same s, mean 0.9: [−0.2385, 2.0385] contains 0.
        // So a: rank 1; c: rank 1 (a tie); b: 1 + 1 (a) = 2.
        #expect(group.entries.map(\.rank) == [1, 1, 2])
        // Seed 1: a and c tie at 2.000 (both win); seed 2: a (3.000); seed 3: c (3.700).
        #expect(group.entries.map(\.wins) == [2, 2, 0])
        let c = group.entries[1]
        // c: mean 3.1, deviations −1.1, 0.5, 0.6, s² = 1.82 / 2 = 0.91, half = 4.303 × √0.91 / √3 = 2.369908.
        #expect(DecimalFormat.fixed(c.interval.mean, decimals: 4) == "3.1000")
        #expect(DecimalFormat.fixed(try #require(c.interval.low), decimals: 4) == "0.7301")
        #expect(DecimalFormat.fixed(try #require(c.interval.high), decimals: 4) == "5.4699")
        let versus = try #require(c.versusBest?.interval)
        #expect(c.versusBest?.seeds == [1, 2, 3])
        #expect(DecimalFormat.fixed(versus.mean, decimals: 4) == "0.1000")
        #expect(DecimalFormat.fixed(try #require(versus.low), decimals: 4) == "-1.0385")
        #expect(DecimalFormat.fixed(try #require(versus.high), decimals: 4) == "1.2385")
        #expect(group.entries[0].versusBest == nil)
        let b = try #require(group.entries[2].versusBest?.interval)
        #expect(b.mean == 1 && b.low == 1 && b.high == 1)
    }

    @Test("the CSV's exact bytes on the hand-computed case")
    func csvBytes() throws {
        let ranking = try Self.ranking(Self.threeStrategies)
        #expect(RankReport.csv(ranking) == """
            scenario,metric,strategy,runs,mean,ci_low,ci_high,rank,wins,best,diff_vs_best,diff_ci_low,diff_ci_high,\
            paired_runs
            grid,hitch_ratio,a,3,3.0000,0.5157,5.4843,1,2,a,,,,
            grid,hitch_ratio,c,3,3.1000,0.7301,5.4699,1,2,a,0.1000,-1.0385,1.2385,3
            grid,hitch_ratio,b,3,4.0000,1.5157,6.4843,2,0,a,1.0000,1.0000,1.0000,3

            """)
    }

    @Test("identical strategies tie: the same rank, the same wins, a zero difference")
    func identicalStrategiesTie() throws {
        let ranking = try Self.ranking("""
            scenario,strategy,seed,hitch_ratio
            grid,x,1,5.000
            grid,y,1,5.000
            grid,x,2,6.000
            grid,y,2,6.000

            """)
        let entries = try #require(ranking.groups.first).entries
        // Equal means: the first seen (x) is the best; y − x = 0, 0: [0, 0] contains 0.
        #expect(entries.map(\.strategy) == ["x", "y"])
        #expect(entries.map(\.rank) == [1, 1])
        #expect(entries.map(\.wins) == [2, 2])
        #expect(entries[1].versusBest?.interval?.mean == 0 && entries[1].versusBest?.interval?.halfWidth == 0)
    }

    @Test("higher is better: hit_ratio's best is the largest mean, and 'significantly better' points up")
    func higherIsBetter() throws {
        // low − high = −0.1, −0.1: [−0.1, −0.1] lies below 0, so high is significantly better.
        let ranking = try Self.ranking("""
            scenario,strategy,seed,hit_ratio
            grid,low,1,0.5000
            grid,high,1,0.6000
            grid,low,2,0.7000
            grid,high,2,0.8000

            """, metric: "hit_ratio")
        let group = try #require(ranking.groups.first)
        #expect(group.best == "high")
        #expect(group.entries.map(\.strategy) == ["high", "low"])
        #expect(group.entries.map(\.rank) == [1, 2])
        #expect(group.entries.map(\.wins) == [2, 0])
        // low: 0.5, 0.7: mean 0.6, s = √0.02, half = 12.706 × (√0.02 / √2) = 1.2706.
        #expect(RankReport.csv(ranking).split(separator: "\n").last
                == "grid,hit_ratio,low,2,0.60000,-0.67060,1.87060,2,0,high,-0.10000,-0.10000,-0.10000,2")
    }

    @Test("pairing is by seed, in any row order; a missing seed narrows the pair, one shared seed gives no interval")
    func pairingBySeed() throws {
        // Rows out of seed order; q has no seed 2 and r only seed 3.
        let ranking = try Self.ranking("""
            scenario,strategy,seed,dropped_frames
            feed,p,3,7
            feed,q,3,9
            feed,p,1,1
            feed,q,1,3
            feed,p,2,4
            feed,r,3,1

            """, metric: "dropped_frames")
        let group = try #require(ranking.groups.first)
        #expect(group.seeds == [1, 2, 3])
        // Means: p (1 + 4 + 7) / 3 = 4, q (3 + 9) / 2 = 6, r 1: r is the best.
        #expect(group.best == "r")
        let byName = Dictionary(uniqueKeysWithValues: group.entries.map { ($0.strategy, $0) })
        // q − p over seeds 1 and 3 only: 2, 2, so p is significantly better than q despite the gap.
        // Against r, p and q share only seed 3: one difference, no interval, never significant.
        #expect(byName["p"]?.versusBest?.seeds == [3])
        #expect(byName["p"]?.versusBest?.interval?.mean == 6)
        #expect(byName["p"]?.versusBest?.interval?.halfWidth == nil)
        #expect(byName["p"]?.rank == 1 && byName["r"]?.rank == 1 && byName["q"]?.rank == 2)
        #expect(byName["q"]?.runs == 2 && byName["r"]?.runs == 1)
        // Wins: seed 1 p (1 < 3), seed 2 p alone, seed 3 r (1).
        #expect(byName["p"]?.wins == 2 && byName["q"]?.wins == 0 && byName["r"]?.wins == 1)
        let csv = RankReport.csv(ranking)
        #expect(csv.contains("feed,dropped_frames,r,1,1.00,,,1,1,r,,,,\n"))
        #expect(csv.contains("feed,dropped_frames,p,3,4.00,-3.45,11.45,1,2,r,6.00,,,1\n"))
    }

    @Test("strategies that share no seed: no paired difference, 'no common seed' in the table, empty in the CSV")
    func noCommonSeed() throws {
        let ranking = try Self.ranking("""
            scenario,strategy,seed,hitch_ratio
            grid,x,1,1.000
            grid,y,2,2.000

            """)
        let entries = try #require(ranking.groups.first).entries
        #expect(entries.map(\.strategy) == ["x", "y"] && entries.map(\.rank) == [1, 1])
        #expect(entries[1].versusBest?.seeds == [] && entries[1].versusBest?.interval == nil)
        // Each seed has one strategy, which wins it.
        #expect(entries.map(\.wins) == [1, 1])
        #expect(RankReport.csv(ranking).hasSuffix("grid,hitch_ratio,y,1,2.0000,,,1,1,x,,,,0\n"))
        #expect(RankReport.table(ranking).contains(
            "     1  y            1  2.0000  n/a     no common seed  n/a                      1\n"))
    }

    @Test("a sweep ranks each point of its axes on its own, points in order of first appearance")
    func sweepPoints() throws {
        let ranking = try Self.ranking("""
            scenario,strategy,seed,hitch_ratio,cells.prefetchScreens
            grid,a,1,1.000,0
            grid,b,1,2.000,0
            grid,a,1,4.000,1
            grid,b,1,3.000,1

            """)
        #expect(ranking.axisNames == ["cells.prefetchScreens"])
        #expect(ranking.groups.map(\.axisValues) == [["0"], ["1"]])
        #expect(ranking.groups.map(\.best) == ["a", "b"])
        #expect(RankReport.csv(ranking).hasSuffix("grid,hitch_ratio,b,1,3.0000,,,1,1,b,,,,,1\n"
                                                  + "grid,hitch_ratio,a,1,4.0000,,,1,0,b,1.0000,,,1,1\n"))
    }

    @Test("the same input gives the same bytes, whatever the order of its rows")
    func deterministic() throws {
        let shuffled = Self.threeStrategies.split(separator: "\n").dropFirst().reversed().joined(separator: "\n")
        let reordered = try Self.ranking("scenario,strategy,seed,hitch_ratio\n" + shuffled + "\n")
        let original = try Self.ranking(Self.threeStrategies)
        // Strategies keep their order of first appearance among equal ranks and means only; here
        // means differ, so even the reversed file ranks a, c, b with the same numbers.
        #expect(RankReport.csv(reordered) == RankReport.csv(original))
    }

    @Test("metrics without a better direction, identity columns and unknown names are refused with a reason")
    func metricProblems() {
        #expect(Ranking.metricProblem("hitch_ratio") == nil)
        #expect(Ranking.metricProblem("hit_ratio") == nil)
        #expect(Ranking.metricProblem("frames")?.hasPrefix("'frames' has no better direction") == true)
        #expect(Ranking.metricProblem("seed")?.hasPrefix("'seed' is not a metric") == true)
        #expect(Ranking.metricProblem("hitch_ration") == "unknown metric 'hitch_ration'; did you mean 'hitch_ratio'?")
    }

    @Test("files without the metric or rows, with other axes, or repeating a run are refused, naming the file")
    func badInput() throws {
        func failure(_ texts: [String], metric: String = "hitch_ratio") -> String? {
            do {
                let documents = try texts.enumerated().map { index, text in
                    ("f\(index).csv", try SummaryDocument.read(Array(text.utf8), file: "f\(index).csv"))
                }
                _ = try Ranking(documents, metric: SummaryColumn.named(metric)!)
                return nil
            } catch {
                return (error as? InputError)?.description
            }
        }
        let plain = "scenario,strategy,seed,hitch_ratio\ngrid,a,1,1.000\n"
        #expect(failure([plain], metric: "blank_ratio_mean")
                == "f0.csv: line 1: no column 'blank_ratio_mean' to rank on (a CSV from an older ScrollSim?)")
        #expect(failure(["scenario,strategy,seed,hitch_ratio\n"])
                == "f0.csv: no runs: the file has a header but no rows")
        #expect(failure([plain, "scenario,strategy,seed,hitch_ratio,cells.prefetchScreens\ngrid,a,2,1.000,0\n"])
                == "f1.csv: line 1: its sweep axis columns (cells.prefetchScreens) differ from those of f0.csv "
                + "(none); rank sweeps of the same axes together")
        #expect(failure([plain, "scenario,strategy,seed,hitch_ratio\ngrid,a,1,2.000\n"])
                == "f1.csv: the run of scenario 'grid', strategy 'a', seed 1 is also in f0.csv; give each run once")
    }
}
