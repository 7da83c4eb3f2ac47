import Testing

@testable import ScrollSimCore

/// Common random numbers: draws are pure functions of (seed, stream, keys).
@Suite struct RandomStreamsTests {
    /// FNV-1a 64 matches the published test vectors (FNV reference page: "", "a", "foobar").
    @Test func fnvTestVectors() {
        #expect(RandomStreams.fnv1a64("") == 0xCBF2_9CE4_8422_2325)
        #expect(RandomStreams.fnv1a64("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(RandomStreams.fnv1a64("foobar") == 0x8594_4171_F739_67E8)
    }

    /// The documented mapping, spelled out: a change to it changes every run's results.
    @Test func rawFollowsDocumentedMapping() {
        let seed: UInt64 = 7
        let fnv = RandomStreams.fnv1a64("latency")
        let s = SplitMix64.mix(seed ^ fnv)
        let h = SplitMix64.mix((s ^ UInt64(bitPattern: 12)) &+ 0x9E37_79B9_7F4A_7C15)
        let raw = SplitMix64.mix((h ^ UInt64(bitPattern: -3)) &+ 0xC2B2_AE3D_27D4_EB4F)
        #expect(RandomStreams(seed: seed).stream("latency").raw(12, -3) == raw)
    }

    /// Pinned values: the same (seed, stream, key) gives the same value in every run on every machine.
    @Test func drawsArePinned() {
        let stream = RandomStreams(seed: 1).stream("height")
        #expect(stream.raw(0) == Self.pinnedHeight0)
        #expect(stream.raw(0) == RandomStreams(seed: 1).stream("height").raw(0, 0))
    }

    /// `RandomStreams(seed: 1).stream("height").raw(0)`, computed by an independent Python
    /// implementation of the mapping.
    static let pinnedHeight0: UInt64 = 5_663_854_291_189_739_748

    /// Changing the seed, the stream name, either key or swapping keys changes the draw.
    @Test func everyInputMatters() {
        let streams = RandomStreams(seed: 7)
        let base = streams.stream("latency").raw(5, 1)
        #expect(RandomStreams(seed: 8).stream("latency").raw(5, 1) != base)
        #expect(streams.stream("bytes").raw(5, 1) != base)
        #expect(streams.stream("latency").raw(6, 1) != base)
        #expect(streams.stream("latency").raw(5, 2) != base)
        #expect(streams.stream("latency").raw(1, 5) != base)
        // No collisions among 100k nearby keys of one stream.
        let stream = streams.stream("latency")
        var seen = Set<UInt64>()
        for image in 0..<10_000 {
            for attempt in 0..<10 { seen.insert(stream.raw(Int64(image), Int64(attempt))) }
        }
        #expect(seen.count == 100_000)
    }

    /// Uniforms lie in [0, 1) and (0, 1), average 0.5 and fill ten bins evenly.
    @Test func uniformsAreUniform() {
        let stream = RandomStreams(seed: 3).stream("uniform")
        var sum = 0.0
        var openSum = 0.0
        var bins = [Int](repeating: 0, count: 10)
        let n = 100_000
        for i in 0..<n {
            let u = stream.uniform(Int64(i))
            let v = stream.uniformOpen(Int64(i), 1)
            #expect(u >= 0 && u < 1)
            #expect(v > 0 && v < 1)
            sum += u
            openSum += v
            bins[Int(u * 10)] += 1
        }
        // Standard error of the mean is 0.289/sqrt(n) ≈ 0.0009: 5 sigma.
        #expect(abs(sum / Double(n) - 0.5) < 0.0046)
        #expect(abs(openSum / Double(n) - 0.5) < 0.0046)
        // Each bin expects 10,000 ± 95: allow 5 sigma.
        #expect(bins.allSatisfy { abs($0 - 10_000) < 475 }, "\(bins)")
    }

    /// The extreme bit patterns map inside the intervals: never 1, and the open one never 0.
    @Test func extremesStayInside() {
        #expect(RandomStream.unitInterval(0) == 0)
        #expect(RandomStream.unitInterval(.max) == 1 - 0x1p-53)
        #expect(RandomStream.openUnitInterval(0) == 0x1p-53)
        #expect(RandomStream.openUnitInterval(.max) == 1 - 0x1p-53)
        #expect(RandomStream.openUnitInterval(.max) < 1)
    }
}
