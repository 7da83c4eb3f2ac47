import Testing
@testable import ScrollSimReports

/// The sweep engine's pieces: the parallel map and the axis rules.
@Suite struct SweepPiecesTests {
    @Test("ParallelMap places every result at its index, for any number of threads", arguments: [1, 2, 3, 8])
    func parallelMap(jobs: Int) {
        let squares = ParallelMap.map(count: 1_000, jobs: jobs) { $0 * $0 }
        #expect(squares == (0..<1_000).map { $0 * $0 })
        #expect(ParallelMap.map(count: 0, jobs: jobs) { $0 } == [])
    }

    @Test("overlapping axes: one path inside another, or the same field by index and by *")
    func overlappingAxes() {
        #expect(SweepDefinition.overlaps("layout.viewport", "layout.viewport.width"))
        #expect(SweepDefinition.overlaps("strategies[*].memoryCacheMB", "strategies[1].memoryCacheMB"))
        #expect(SweepDefinition.overlaps("seed", "seed"))
        #expect(!SweepDefinition.overlaps("strategies[0].memoryCacheMB", "strategies[1].memoryCacheMB"))
        #expect(!SweepDefinition.overlaps("layout.viewport.width", "layout.viewport.height"))
        #expect(!SweepDefinition.overlaps("strategy", "strategies[0].memoryCacheMB"))
    }

    @Test("shard specs: i/n with 1 ≤ i ≤ n ≤ 1,000,000, digits only")
    func shardSpecs() {
        #expect(ShardCSV.parseShard("2/3")! == (2, 3))
        for bad in ["0/3", "4/3", "1/0", "a/b", "1", "1/3/3", "+1/3", "1/ 3", "1/1000001"] {
            #expect(ShardCSV.parseShard(bad) == nil, "\(bad)")
        }
        let metadata = ShardCSV.Metadata(shard: 2, count: 3, runs: 7, fingerprint: 0xabc)
        #expect(metadata.line == "# scrollsim-shard 2/3 runs=7 sweep=0000000000000abc\n")
        #expect(ShardCSV.Metadata(line: String(metadata.line.dropLast())) == metadata)
        #expect(metadata.runCount == 2)
        #expect([1, 4].allSatisfy(metadata.contains(run:)) && !metadata.contains(run: 2))
    }
}
