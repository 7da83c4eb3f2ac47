import ScrollSimCore

/// A summary-CSV metric as `compare` sees it: which way is better, and the default limit on how
/// much it may get worse before `compare` calls it a regression.
///
/// Directions follow the metric definitions (docs/metrics.md): time, hitches, blanks, bytes,
/// wrong images, memory, memory warnings, `killed` and radio energy are lower-is-better; `ready_ratio`,
/// `hit_ratio` and `memory_hits` are higher-is-better; counts that describe the workload rather than its quality (`frames`,
/// `requests`, `prefetches`, `displays`, …) have no better direction and are reported as changed,
/// never as regressed. The identity columns (`scenario`, `strategy`, `seed`) join rows; `profile`
/// is text and is not compared.
struct CompareMetric: Equatable {
    /// Which way is better.
    enum Direction: Equatable {
        /// Smaller values are better (a rise is a worsening).
        case lowerIsBetter
        /// Larger values are better (a fall is a worsening).
        case higherIsBetter
        /// Neither: a change is only reported.
        case neither
    }

    /// The column name.
    var name: String
    /// Which way is better.
    var direction: Direction
    /// The limit used when `--max-regression` does not set one, or nil.
    var defaultLimit: RegressionLimit?

    /// Every compared column, in summary-CSV order.
    static let all: [CompareMetric] = [
        .init(name: "refresh_hz", direction: .neither),
        .init(name: "scroll_s", direction: .neither),
        .init(name: "frames", direction: .neither),
        .init(name: "dropped_frames", direction: .lowerIsBetter, defaultLimit: .absolute(ExactDecimal(units: 2, scale: 0))),
        .init(name: "hitches", direction: .lowerIsBetter),
        .init(name: "hitch_ratio", direction: .lowerIsBetter, defaultLimit: .percent(ExactDecimal(units: 5, scale: 0))),
        .init(name: "max_hitch_ms", direction: .lowerIsBetter, defaultLimit: .percent(ExactDecimal(units: 10, scale: 0))),
        .init(name: "frame_work_p50_ms", direction: .lowerIsBetter),
        .init(name: "frame_work_p95_ms", direction: .lowerIsBetter, defaultLimit: .percent(ExactDecimal(units: 10, scale: 0))),
        .init(name: "frame_work_p99_ms", direction: .lowerIsBetter),
        .init(name: "requests", direction: .neither),
        .init(name: "memory_hits", direction: .higherIsBetter),
        .init(name: "hit_ratio", direction: .higherIsBetter, defaultLimit: .percent(ExactDecimal(units: 5, scale: 0))),
        .init(name: "disk_hits", direction: .neither),
        .init(name: "inflight_joins", direction: .neither),
        .init(name: "network_fetches", direction: .lowerIsBetter),
        .init(name: "bytes_downloaded", direction: .lowerIsBetter, defaultLimit: .percent(ExactDecimal(units: 10, scale: 0))),
        .init(name: "duplicate_downloads", direction: .lowerIsBetter),
        .init(name: "prefetches", direction: .neither),
        .init(name: "prefetch_cancels", direction: .neither),
        .init(name: "wasted_prefetches", direction: .lowerIsBetter),
        .init(name: "displays", direction: .neither),
        .init(name: "ready_ratio", direction: .higherIsBetter, defaultLimit: .percent(ExactDecimal(units: 5, scale: 0))),
        .init(name: "blank_ratio_mean", direction: .lowerIsBetter, defaultLimit: .percent(ExactDecimal(units: 5, scale: 0))),
        .init(name: "blank_ratio_max", direction: .lowerIsBetter),
        .init(name: "time_to_image_p95_ms", direction: .lowerIsBetter, defaultLimit: .percent(ExactDecimal(units: 10, scale: 0))),
        .init(name: "wrong_image_frames", direction: .lowerIsBetter, defaultLimit: .absolute(.zero)),
        .init(name: "main_decode_ms", direction: .lowerIsBetter),
        .init(name: "cells_created", direction: .lowerIsBetter),
        .init(name: "cells_reused", direction: .neither),
        .init(name: "peak_memory_mb", direction: .lowerIsBetter, defaultLimit: .percent(ExactDecimal(units: 10, scale: 0))),
        .init(name: "blank_ratio_vsync_mean", direction: .lowerIsBetter, defaultLimit: .percent(ExactDecimal(units: 5, scale: 0))),
        .init(name: "memory_warnings", direction: .lowerIsBetter),
        // A run the OS killed regresses by default: 0 → 1 exceeds `+0`.
        .init(name: "killed", direction: .lowerIsBetter, defaultLimit: .absolute(.zero)),
        .init(name: "radio_energy_j", direction: .lowerIsBetter),
    ]

    /// A metric without a default limit.
    init(name: String, direction: Direction, defaultLimit: RegressionLimit? = nil) {
        self.name = name
        self.direction = direction
        self.defaultLimit = defaultLimit
    }

    /// The metric called `name`, if compared.
    static func named(_ name: String) -> CompareMetric? { all.first { $0.name == name } }

    /// The summary-CSV columns that identify a run (the join key, with the sweep's axis columns).
    static let identityColumns = ["scenario", "strategy", "seed"]

    /// Summary-CSV columns that are neither identity nor compared.
    static let ignoredColumns = ["profile"]

    /// The defaults as help and the README list them: "hitch_ratio=5%, dropped_frames=+2, …".
    static var defaultLimitsText: String {
        all.compactMap { metric in metric.defaultLimit.map { "\(metric.name)=\($0.text(for: metric.direction))" } }
            .joined(separator: ", ")
    }
}

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
enum RegressionLimit: Equatable {
    /// A share of the baseline, in percent.
    case percent(ExactDecimal)
    /// An amount in the metric's unit.
    case absolute(ExactDecimal)

    /// Parses the text after `metric=` in `--max-regression`: `5%`, `+2`, `2`, `0.5`, `-5%` (the
    /// sign, when given, must point the worse way: `+` for lower-is-better metrics, `-` for
    /// higher-is-better ones). Returns the limit or the reason it is not one.
    static func parse(_ text: String, for metric: CompareMetric) -> Result<RegressionLimit, LimitError> {
        var body = Substring(text)
        let sign = body.first == "+" || body.first == "-" ? body.removeFirst() : nil
        let isPercent = body.last == "%"
        if isPercent { body = body.dropLast() }
        guard let amount = ExactDecimal(String(body)), !body.hasPrefix("-"), amount.scale <= 6 else {
            return .failure(.malformed)
        }
        if let sign {
            let worse: Character = metric.direction == .higherIsBetter ? "-" : "+"
            if sign != worse { return .failure(.wrongSign(expected: worse)) }
        }
        return .success(isPercent ? .percent(amount) : .absolute(amount))
    }

    /// Why a `--max-regression` value was refused.
    enum LimitError: Error, Equatable {
        /// Not `<number>`, `<number>%`, optionally signed.
        case malformed
        /// A sign pointing the better way.
        case wrongSign(expected: Character)
    }

    /// The limit as a user writes it, signed the worse way: "5%", "+2", "-5%" (higher-is-better).
    func text(for direction: CompareMetric.Direction) -> String {
        let sign = direction == .higherIsBetter ? "-" : "+"
        switch self {
        case .percent(let amount): return (direction == .higherIsBetter ? "-" : "") + amount.text + "%"
        case .absolute(let amount): return sign + amount.text
        }
    }

    /// Whether going from `baseline` to `candidate` worsens past this limit, for `direction`
    /// (never for `.neither`). Exact; see the type's documentation.
    func isExceeded(from baseline: ExactDecimal, to candidate: ExactDecimal, direction: CompareMetric.Direction) -> Bool {
        let worsening: ExactDecimal?
        switch direction {
        case .lowerIsBetter: worsening = candidate.minus(baseline)
        case .higherIsBetter: worsening = baseline.minus(candidate)
        case .neither: return false
        }
        guard let worsening, worsening.units > 0 else { return false }
        switch self {
        case .absolute(let limit):
            let scale = max(worsening.scale, limit.scale)
            guard let w = worsening.units(atScale: scale), let l = limit.units(atScale: scale) else { return true }
            return w > l
        case .percent(let percent):
            // worsening / |baseline| > percent / 100  ⇔  worsening × 100 × 10^ps > percentUnits × |baseline|
            // with worsening and baseline at one scale (ps = the percent's scale).
            let scale = max(worsening.scale, baseline.scale)
            guard let w = worsening.units(atScale: scale), let b = baseline.units(atScale: scale) else { return true }
            if b == 0 { return true }
            return ExactDecimal.productIsLess(
                UInt64(percent.units), b.magnitude,
                than: w.magnitude, 100 * ExactDecimal.powerOfTen(percent.scale))
        }
    }
}
