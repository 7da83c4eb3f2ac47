/// The two-sided 95% critical values of Student's t distribution, `t(0.975, ν)`, for the
/// confidence intervals of `scrollsim rank` and the HTML report's error bars (docs/rank.md).
///
/// The table holds ν = 1…100 to three decimals, as printed in the NIST/SEMATECH e-Handbook of
/// Statistical Methods, section 1.3.6.7.2, "Critical Values of the Student's t Distribution"
/// (https://www.itl.nist.gov/div898/handbook/eda/section3/eda3672.htm), column 0.025 (upper tail);
/// its values agree with the rounded quantiles of a reference implementation. Beyond ν = 100 the
/// value is interpolated linearly in 1/ν between the table's ν = 100 (1.984) and ν = ∞ (1.960), the
/// interpolation Abramowitz & Stegun recommend for their table 26.10 (error below 0.0002 for every
/// ν > 100, below the table's own rounding). Only IEEE arithmetic is involved, so every platform gets the same value.
public enum StudentT {
    /// `t(0.975, ν)` in thousandths for ν = 1…100 (index ν − 1).
    static let criticalThousandths: [Int] = [
        12706, 4303, 3182, 2776, 2571, 2447, 2365, 2306, 2262, 2228,  // ν = 1…10
        2201, 2179, 2160, 2145, 2131, 2120, 2110, 2101, 2093, 2086,  // ν = 11…20
        2080, 2074, 2069, 2064, 2060, 2056, 2052, 2048, 2045, 2042,  // ν = 21…30
        2040, 2037, 2035, 2032, 2030, 2028, 2026, 2024, 2023, 2021,  // ν = 31…40
        2020, 2018, 2017, 2015, 2014, 2013, 2012, 2011, 2010, 2009,  // ν = 41…50
        2008, 2007, 2006, 2005, 2004, 2003, 2002, 2002, 2001, 2000,  // ν = 51…60
        2000, 1999, 1998, 1998, 1997, 1997, 1996, 1995, 1995, 1994,  // ν = 61…70
        1994, 1993, 1993, 1993, 1992, 1992, 1991, 1991, 1990, 1990,  // ν = 71…80
        1990, 1989, 1989, 1989, 1988, 1988, 1988, 1987, 1987, 1987,  // ν = 81…90
        1986, 1986, 1986, 1986, 1985, 1985, 1985, 1984, 1984, 1984,  // ν = 91…100
    ]

    /// `t(0.975, ν)`: the table's value (thousandths ÷ 1000) for ν ≤ 100, else
    /// `(1960 + 2400 ÷ ν) ÷ 1000`, evaluated in that order.
    /// - Precondition: `degreesOfFreedom >= 1`.
    /// - Complexity: O(1).
    public static func critical975(degreesOfFreedom: Int) -> Double {
        precondition(degreesOfFreedom >= 1, "Student t needs at least one degree of freedom")
        if degreesOfFreedom <= criticalThousandths.count {
            return Double(criticalThousandths[degreesOfFreedom - 1]) / 1000
        }
        return (1960 + 2400 / Double(degreesOfFreedom)) / 1000
    }
}
