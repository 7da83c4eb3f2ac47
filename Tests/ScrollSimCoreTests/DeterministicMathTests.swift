import Foundation
import Testing

@testable import ScrollSimCore

/// `DMath` against the platform's libm (through Foundation) and against known constants.
@Suite struct DeterministicMathTests {
    /// Relative difference of `actual` from `expected` (absolute when `expected` is 0).
    func relativeError(_ actual: Double, _ expected: Double) -> Double {
        expected == 0 ? actual.magnitude : ((actual - expected) / expected).magnitude
    }

    /// Largest relative error of `f` against `reference` over `inputs`, with the worst input.
    func worst(_ inputs: [Double], _ f: (Double) -> Double,
               _ reference: (Double) -> Double) -> (error: Double, input: Double) {
        var result = (error: 0.0, input: 0.0)
        for x in inputs {
            let error = relativeError(f(x), reference(x))
            if !(error <= result.error) { result = (error, x) }
        }
        return result
    }

    /// `count` seeded uniform doubles in `range`.
    func uniformInputs(_ count: Int, in range: ClosedRange<Double>, seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            range.lowerBound + Double(rng.next() >> 11) * 0x1p-53 * (range.upperBound - range.lowerBound)
        }
    }

    /// The rounding exp uses is `rounded(.toNearestOrEven)`, ties and all, over |v| < 2^51.
    @Test func roundedToNearestEvenIsTheLibraryRounding() {
        var rng = SplitMix64(seed: 11)
        var values: [Double] = [0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                1074.5, -1075.5, 0x1p51 - 0.5, -(0x1p51 - 0.5), 0x1p51 - 1, 0x1p-1074]
        for n in -2_000...2_000 { values += [Double(n) + 0.5, Double(n).nextUp, Double(n).nextDown] }
        for _ in 0..<100_000 {
            let magnitude = Double(rng.next() >> 11) * 0x1p-53 * [1, 1_100, 0x1p40, 0x1p51][Int(rng.next() % 4)]
            values.append(rng.next() & 1 == 0 ? magnitude : -magnitude)
        }
        for v in values where v.magnitude < 0x1p51 {
            #expect(DMath.roundedToNearestEven(v) == v.rounded(.toNearestOrEven), "v = \(v)")
        }
    }

    /// exp on [−700, 700] is within 1e-14 of libm, for 200k seeded inputs and near 0.
    @Test func expMatchesLibmOnWideRange() {
        let inputs = uniformInputs(200_000, in: -700...700, seed: 1)
            + uniformInputs(50_000, in: -1...1, seed: 2)
            + uniformInputs(10_000, in: -1e-6...1e-6, seed: 3)
            + [0, 1, -1, 0.5 * M_LN2, -0.5 * M_LN2, 1.5 * M_LN2, 1e-30, 709.78, -745]
        let result = worst(inputs, DMath.exp, Foundation.exp)
        #expect(result.error <= 1e-14, "worst input \(result.input)")
    }

    /// log on (1e-300, 1e300), spread over exponents, is within 1e-14 of libm; also near 1 and subnormal.
    @Test func logMatchesLibmOnWideRange() {
        var rng = SplitMix64(seed: 4)
        var inputs: [Double] = (0..<200_000).map { _ in
            // Uniform decimal exponent in (−300, 300), uniform mantissa bits.
            let exponent = -299.0 + Double(rng.next() >> 11) * 0x1p-53 * 598
            return Foundation.pow(10, exponent)
        }
        inputs += uniformInputs(50_000, in: 0.5...2, seed: 5)
        inputs += uniformInputs(10_000, in: (1 - 1e-9)...(1 + 1e-9), seed: 6)
        inputs += [1e-300, 1e300, 2, 0.5, M_E, .leastNormalMagnitude, .greatestFiniteMagnitude]
        let result = worst(inputs, DMath.log, Foundation.log)
        #expect(result.error <= 1e-14, "worst input \(result.input)")
        // Subnormals: libm is exact enough here too.
        let subnormals: [Double] = [.leastNonzeroMagnitude, 0x1p-1030, 0x1.8p-1060, 0x1.fffffp-1023]
        for x in subnormals {
            #expect(relativeError(DMath.log(x), Foundation.log(x)) <= 1e-14, "x = \(x)")
        }
    }

    /// Exact values and special cases follow IEEE/libm conventions.
    @Test func specialCases() {
        #expect(DMath.exp(0) == 1)
        #expect(DMath.log(1) == 0)
        #expect(DMath.exp(-.infinity) == 0)
        #expect(DMath.exp(.infinity) == .infinity)
        #expect(DMath.exp(710) == .infinity)
        #expect(DMath.exp(-746) == 0)
        #expect(DMath.exp(.nan).isNaN)
        #expect(DMath.log(0) == -.infinity)
        #expect(DMath.log(.infinity) == .infinity)
        #expect(DMath.log(-1).isNaN)
        #expect(DMath.log(.nan).isNaN)
        #expect(DMath.log(2) == M_LN2)
        #expect(DMath.log(8) == 3 * M_LN2)
    }

    /// pow agrees with libm for the decay factors the timeline uses and for ordinary values.
    @Test func powMatchesLibm() {
        for base in [0.998, 0.99, 0.5, 2, 10, 1.5e-3] {
            let exponents = uniformInputs(20_000, in: -50...50, seed: 7)
            let result = worst(exponents, { DMath.pow(base, $0) }, { Foundation.pow(base, $0) })
            #expect(result.error <= 1e-13, "base \(base), worst exponent \(result.input)")
        }
        #expect(DMath.pow(0.998, 0) == 1)
        #expect(DMath.pow(1, 1e300) == 1)
        #expect(DMath.pow(4, 0.5) == 2)
    }

    /// Acklam's approximation gives the textbook quantiles and is antisymmetric around 0.5.
    @Test func inverseNormalCDFKnownQuantiles() {
        #expect(abs(DMath.inverseNormalCDF(0.975) - 1.959963984540054) < 1e-8)
        #expect(abs(DMath.inverseNormalCDF(0.95) - 1.6448536269514722) < 1e-8)
        #expect(abs(DMath.inverseNormalCDF(0.5)) < 1e-15)
        #expect(abs(DMath.inverseNormalCDF(0.01) + 2.3263478740408408) < 1e-8)  // lower tail branch
        #expect(abs(DMath.inverseNormalCDF(1e-10) + 6.361340902404056) < 1e-7)
        for p in uniformInputs(1000, in: 1e-6...0.5, seed: 8) {
            #expect(DMath.inverseNormalCDF(p) == -DMath.inverseNormalCDF(1 - p)
                        || abs(DMath.inverseNormalCDF(p) + DMath.inverseNormalCDF(1 - p)) < 1e-9)
        }
        #expect(DMath.inverseNormalCDF(0) == -.infinity)
        #expect(DMath.inverseNormalCDF(1) == .infinity)
        #expect(DMath.inverseNormalCDF(1.5).isNaN)
    }

    /// The Φ⁻¹ approximation is monotone over a fine grid across the branch boundaries.
    @Test func inverseNormalCDFIsMonotone() {
        var previous = -Double.infinity
        for i in 1..<100_000 {
            let p = Double(i) / 100_000
            let z = DMath.inverseNormalCDF(p)
            #expect(z > previous, "p = \(p)")
            previous = z
        }
    }

    /// The lognormal draw returns the median at u = 0.5 and the 95th percentile at u = 0.95.
    @Test func lognormalHitsMedianAndP95() {
        let median = 80.0
        let p95 = 400.0
        #expect(relativeError(DMath.lognormal(median: median, p95: p95, uniform: 0.5), median) < 1e-6)
        #expect(relativeError(DMath.lognormal(median: median, p95: p95, uniform: 0.95), p95) < 1e-6)
        #expect(relativeError(DMath.lognormal(median: 150_000, p95: 450_000, uniform: 0.95), 450_000) < 1e-6)
        // Increasing in u.
        #expect(DMath.lognormal(median: median, p95: p95, uniform: 0.2) < median)
        #expect(DMath.lognormal(median: median, p95: p95, uniform: 0.99) > p95)
    }

    /// Pinned bit patterns: any change to the algorithms (which would change every result) fails here.
    @Test func resultsArePinned() {
        for (input, expExpected, logExpected) in Self.pinned {
            #expect(DMath.exp(input).bitPattern == expExpected, "exp(\(input))")
            #expect(DMath.log(input).bitPattern == logExpected, "log(\(input))")
        }
    }

    /// `(x, exp(x).bitPattern, log(x).bitPattern)` as this implementation computes them.
    /// Computed once on x86_64 Linux; the same bits must come out on every platform.
    static let pinned: [(Double, UInt64, UInt64)] = [
        (1.0, 0x4005bf0a8b14576a, 0x0),
        (2.5, 0x40285d6fd931e0bb, 0x3fed5240f0e0e078),
        (0.3, 0x3ff599058c8c1a96, 0xbff34378fcbda721),
        (7.25, 0x4096006b5d53e8d9, 0x3fffb22e98a1c24e),
        (100.0, 0x48f3494a9b171bf5, 0x40126bb1bbb55516),
        (1e-05, 0x3ff0000a7c5e340e, 0xc027069e2aa2aa5b),
        (0.998, 0x4005b3eb110de73d, 0xbf606680ffe7cc09),
        (650.5, 0x7a9635b50d1c5038, 0x4019e93503ca9e8e),
    ]
}
