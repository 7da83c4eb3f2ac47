import Testing
@testable import ScrollSimCore

/// `Lognormal`, whose parameters are worked out once, against the per-draw formula it replaced.
@Suite struct LognormalTests {
    /// The lognormal quantile as `DMath.lognormal` computed it before `Lognormal` existed: both
    /// logarithms at every draw.
    func perDrawQuantile(median: Double, p95: Double, uniform: Double) -> Double {
        let mu = DMath.log(median)
        let sigma = (DMath.log(p95) - mu) / 1.6448536269514722
        return DMath.exp(mu + sigma * DMath.inverseNormalCDF(uniform))
    }

    @Test func drawsTheSameBitsAsThePerDrawFormula() {
        // Given seeded medians and spreads (byte sizes, latencies in ms, narrow and wide), and
        // uniforms over (0, 1) including both tails of Acklam's approximation
        var generator = SplitMix64(seed: 41)
        func unit() -> Double { Double(generator.next() >> 11) * 0x1p-53 }
        for _ in 0..<200 {
            let median = 0.01 + unit() * 500_000
            let p95 = median * (1 + unit() * (unit() < 0.5 ? 0.1 : 20))
            let distribution = Lognormal(median: median, p95: p95)
            let uniforms = [1e-12, 0.001, 0.02, 0.5, 0.975, 0.999_999] + (0..<50).map { _ in
                max(unit(), 0x1p-53)
            }
            for u in uniforms {
                // Then every draw has the same bits, through the type and through DMath.lognormal
                let expected = perDrawQuantile(median: median, p95: p95, uniform: u)
                #expect(distribution.quantile(u).bitPattern == expected.bitPattern, "\(median) \(p95) \(u)")
                #expect(DMath.lognormal(median: median, p95: p95, uniform: u).bitPattern == expected.bitPattern)
            }
        }
    }
}
