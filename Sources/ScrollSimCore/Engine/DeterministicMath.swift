/// Transcendental functions computed the same way, bit for bit, on every platform.
///
/// libm's `exp` and `log` may differ in the last ulp between glibc and Apple's libm, and the
/// simulation's outputs must be byte-identical on Linux and macOS (docs/model.md, "Time,
/// randomness, determinism"). These functions use only IEEE-754 `+ − × ÷`, `squareRoot()`
/// (correctly rounded everywhere) and bit manipulation, each operation rounded to `Double` (Swift
/// does not contract `a*b+c` into a fused multiply-add).
///
/// - `exp` and `log` are ports of Sun's fdlibm `e_exp.c` and `e_log.c` (FreeBSD's msun, as musl
///   shipped them until 2018): argument reduction with a two-part ln 2 and a Remez polynomial;
///   error below 1 ulp.
/// - `pow(b, e)` is `exp(e · log b)`: its relative error grows with `|e · ln b|` (about
///   `|e · ln b| · 2^-53`), fine for the decay factors it serves (`d^(1000t)`).
/// - `inverseNormalCDF` is Acklam's rational approximation (relative error < 1.15e-9), without
///   the refinement step (which would need `erfc`).
///
/// Not provided: correctly rounded results, or `Float` versions.
public enum DMath {
    /// ln 2, high part: its low 32 bits are zero, so `k · ln2Hi` is exact for |k| < 2^20 (fdlibm `ln2HI`).
    static let ln2Hi = 6.93147180369123816490e-01
    /// ln 2 − `ln2Hi` (fdlibm `ln2LO`).
    static let ln2Lo = 1.90821492927058770002e-10
    /// 1 / ln 2 (fdlibm `invln2`).
    static let invLn2 = 1.44269504088896338700e+00

    /// e^x, within 1 ulp. `exp(±inf)` is inf/0, NaN stays NaN; overflows above 709.78, is 0 below −745.13.
    /// - Complexity: O(1).
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.782712893383973096 { return .infinity }
        if x < -745.13321910194110842 { return 0 }
        if x.magnitude < 0x1p-28 { return 1 + x }

        // Reduce: x = k·ln2 + r, |r| ≤ 0.5·ln2 (plus an ulp or so).
        // |x / ln 2| < 1,100 here. (k = −0 comes out +0, which changes no bit below: x ≠ 0.)
        let k = roundedToNearestEven(x * invLn2)
        let hi = x - k * ln2Hi
        let lo = k * ln2Lo
        let r = hi - lo

        // e^r = 1 + 2r/(2 − R(r)) with R(r) = r − r²·P(r²) (fdlibm's Remez fit, |error| < 2^-59).
        let rr = r * r
        let c = r - rr * (1.66666666666666019037e-01
            + rr * (-2.77777777770155933842e-03
                + rr * (6.61375632143793436117e-05
                    + rr * (-1.65339022054652515390e-06
                        + rr * 4.13813679705723846039e-08))))
        let y = 1 - ((lo - (r * c) / (2 - c)) - hi)
        return scaleByPowerOfTwo(y, Int(k))
    }

    /// ln x, within 1 ulp. `log(0)` is −inf, `log(+inf)` is +inf, negative or NaN input gives NaN.
    /// - Complexity: O(1).
    public static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x == .infinity { return x }
        if x == 1 { return 0 }

        var bits = x.bitPattern
        var k = 0
        if x < 0x1p-1022 {  // subnormal: scale into the normal range first
            k -= 54
            bits = (x * 0x1p54).bitPattern
        }
        // Reduce: x = 2^k · m with m in [sqrt(2)/2, sqrt(2)).
        var high = UInt32(truncatingIfNeeded: bits >> 32)
        high &+= 0x3FF0_0000 - 0x3FE6_A09E
        k += Int(high >> 20) - 0x3FF
        high = (high & 0x000F_FFFF) + 0x3FE6_A09E
        let m = Double(bitPattern: UInt64(high) << 32 | (bits & 0xFFFF_FFFF))

        // ln m = 2·atanh(s), s = f/(2+f), f = m − 1, with fdlibm's Remez polynomial for the series tail.
        let f = m - 1
        let halfFSquared = 0.5 * f * f
        let s = f / (2 + f)
        let z = s * s
        let w = z * z
        let t1 = w * (3.999999999940941908e-01 + w * (2.222219843214978396e-01 + w * 1.531383769920937332e-01))
        let t2 = z * (6.666666666666735130e-01 + w * (2.857142874366239149e-01
            + w * (1.818357216161805012e-01 + w * 1.479819860511658591e-01)))
        let r = t2 + t1
        let dk = Double(k)
        return s * (halfFSquared + r) + dk * ln2Lo - halfFSquared + f + dk * ln2Hi
    }

    /// base^exponent for base > 0, as `exp(exponent · log(base))`; `pow(b, 0)` and `pow(1, e)` are 1.
    /// - Complexity: O(1).
    public static func pow(_ base: Double, _ exponent: Double) -> Double {
        precondition(base > 0 || base.isNaN, "DMath.pow needs a positive base")
        if exponent == 0 || base == 1 { return 1 }
        return exp(exponent * log(base))
    }

    /// The standard normal quantile Φ⁻¹(p) for p in (0, 1): Acklam's rational approximation,
    /// relative error < 1.15e-9 (P. J. Acklam, "An algorithm for computing the inverse normal
    /// cumulative distribution function", 2003;
    /// https://web.archive.org/web/20151030215612/http://home.online.no/~pjacklam/notes/invnorm/).
    /// Returns −inf at 0, +inf at 1, NaN outside [0, 1].
    /// - Complexity: O(1).
    public static func inverseNormalCDF(_ p: Double) -> Double {
        if !(p >= 0 && p <= 1) { return .nan }
        if p == 0 { return -.infinity }
        if p == 1 { return .infinity }
        let pLow = 0.02425
        if p < pLow {
            return acklamTail(p)
        }
        if p > 1 - pLow {
            return -acklamTail(1 - p)
        }
        let q = p - 0.5
        let r = q * q
        let numerator = (((((-3.969683028665376e+01 * r + 2.209460984245205e+02) * r
            - 2.759285104469687e+02) * r + 1.383577518672690e+02) * r
            - 3.066479806614716e+01) * r + 2.506628277459239e+00) * q
        let denominator = ((((-5.447609879822406e+01 * r + 1.615858368580409e+02) * r
            - 1.556989798598866e+02) * r + 6.680131188771972e+01) * r
            - 1.328068155288572e+01) * r + 1
        return numerator / denominator
    }

    /// A lognormal quantile given its median and 95th percentile: `exp(mu + sigma·Φ⁻¹(uniform))` with
    /// `mu = ln median` and `sigma = (ln p95 − mu) / 1.6448536269514722` (Φ⁻¹(0.95)).
    /// Needs median > 0, p95 > 0 and uniform in (0, 1) (e.g. `RandomStream.uniformOpen`).
    /// - Complexity: O(1).
    public static func lognormal(median: Double, p95: Double, uniform: Double) -> Double {
        Lognormal(median: median, p95: p95).quantile(uniform)
    }

    /// Acklam's lower-tail branch, Φ⁻¹(p) for 0 < p < 0.02425.
    static func acklamTail(_ p: Double) -> Double {
        let q = (-2 * log(p)).squareRoot()
        let numerator = ((((-7.784894002430293e-03 * q - 3.223964580411365e-01) * q
            - 2.400758277161838e+00) * q - 2.549732539343734e+00) * q
            + 4.374664141464968e+00) * q + 2.938163982698783e+00
        let denominator = (((7.784695709041462e-03 * q + 3.224671290700398e-01) * q
            + 2.445134137142996e+00) * q + 3.754408661907416e+00) * q + 1
        return numerator / denominator
    }

    /// `v.rounded(.toNearestOrEven)` for |v| < 2^51 (a zero comes out +0): adding then
    /// subtracting 1.5 · 2^52 rounds to an integer, ties to even, in the default rounding mode,
    /// exactly. On x86-64 without SSE4.1 `rounded(.toNearestOrEven)` is a libm `rint` call.
    @inline(__always)
    static func roundedToNearestEven(_ v: Double) -> Double {
        (v + 0x1.8p52) - 0x1.8p52
    }

    /// y · 2^n through exponent bits, stepping in range like fdlibm's `scalbn` (one rounding for
    /// normal results; subnormal results may round twice). Inlined: `exp` ends with it, and its
    /// common case is one multiplication.
    @inline(__always)
    static func scaleByPowerOfTwo(_ y: Double, _ n: Int) -> Double {
        var y = y
        var n = n
        if n > 1023 {
            y *= 0x1p1023
            n -= 1023
            if n > 1023 {
                y *= 0x1p1023
                n -= 1023
                if n > 1023 { n = 1023 }
            }
        } else if n < -1022 {
            y *= 0x1p-1022 * 0x1p53
            n += 1022 - 53
            if n < -1022 {
                y *= 0x1p-1022 * 0x1p53
                n += 1022 - 53
                if n < -1022 { n = -1022 }
            }
        }
        return y * Double(bitPattern: UInt64(0x3FF + n) << 52)
    }
}
