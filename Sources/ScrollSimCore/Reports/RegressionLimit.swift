/// How much a metric may get worse before `compare` reports a regression.
///
/// - `.percent(p)`: a regression when the worsening exceeds p % of the baseline's magnitude:
///   `worsening × 100 > p × |baseline|`. With a baseline of 0 any worsening is a regression (an
///   infinite relative change); 0 → 0 is unchanged.
/// - `.absolute(t)`: a regression when the worsening exceeds t in the metric's unit.
///
/// The worsening is `candidate − baseline` for lower-is-better metrics and `baseline −
/// candidate` for higher-is-better ones. Both tests are strict and exact (decimal arithmetic on
/// the printed values): exactly at the limit is not a regression; one unit of the last printed
/// decimal past it is.
public enum RegressionLimit: Equatable, Sendable {
    /// A share of the baseline, in percent.
    case percent(ExactDecimal)
    /// An amount in the metric's unit.
    case absolute(ExactDecimal)

    /// Parses the text after `metric=` in `--max-regression`: `5%`, `+2`, `2`, `0.5`, `-5%` (the
    /// sign, when given, must point the worse way: `+` for lower-is-better metrics, `-` for
    /// higher-is-better ones). Returns the limit or the reason it is not one.
    public static func parse(_ text: String, polarity: SummaryColumn.Polarity) -> Result<RegressionLimit, LimitError> {
        var body = Substring(text)
        let sign = body.first == "+" || body.first == "-" ? body.removeFirst() : nil
        let isPercent = body.last == "%"
        if isPercent { body = body.dropLast() }
        guard let amount = ExactDecimal(String(body)), !body.hasPrefix("-"), amount.scale <= 6 else {
            return .failure(.malformed)
        }
        if let sign {
            let worse: Character = polarity == .higherIsBetter ? "-" : "+"
            if sign != worse { return .failure(.wrongSign(expected: worse)) }
        }
        return .success(isPercent ? .percent(amount) : .absolute(amount))
    }

    /// Why a `--max-regression` value was refused.
    public enum LimitError: Error, Equatable, Sendable {
        /// Not `<number>`, `<number>%`, optionally signed.
        case malformed
        /// A sign pointing the better way.
        case wrongSign(expected: Character)
    }

    /// The limit as a user writes it, signed the worse way: "5%", "+2", "-5%" (higher-is-better).
    public func text(for polarity: SummaryColumn.Polarity) -> String {
        let sign = polarity == .higherIsBetter ? "-" : "+"
        switch self {
        case .percent(let amount): return (polarity == .higherIsBetter ? "-" : "") + amount.text + "%"
        case .absolute(let amount): return sign + amount.text
        }
    }

    /// Whether going from `baseline` to `candidate` worsens past this limit, for `polarity`
    /// (never for `.workload`). Exact; see the type's documentation.
    public func isExceeded(from baseline: ExactDecimal, to candidate: ExactDecimal,
                           polarity: SummaryColumn.Polarity) -> Bool {
        let worsening: WideDecimal
        switch polarity {
        case .lowerIsBetter: worsening = WideDecimal.difference(candidate, baseline)
        case .higherIsBetter: worsening = WideDecimal.difference(baseline, candidate)
        case .workload: return false
        }
        guard worsening.isPositive else { return false }
        // Exact (`WideDecimal`, `DecimalMagnitude`): no value in range can overflow here.
        switch self {
        case .absolute(let limit):
            let scale = max(worsening.scale, limit.scale)
            return WideDecimal(limit).magnitude(atScale: scale) < worsening.magnitude(atScale: scale)
        case .percent(let percent):
            // worsening / |baseline| > percent / 100  ⇔  worsening × 100 × 10^ps > percentUnits × |baseline|
            // with worsening and baseline at one scale (ps = the percent's scale).
            let scale = max(worsening.scale, baseline.scale)
            let base = WideDecimal(baseline).magnitude(atScale: scale)
            if base.isZero { return true }
            return WideDecimal(percent).magnitude * base
                < worsening.magnitude(atScale: scale).timesPowerOfTen(2 + percent.scale)
        }
    }
}
