import ScrollSimCore

/// The self-contained HTML report (`scrollsim report --html`, `scrollsim run --html`): one file
/// with inline CSS and inline SVG charts, no script and no external reference, so it opens
/// anywhere, offline, and can be attached to a CI run as is.
///
/// Sections, in order:
/// 1. hitch ratio and blank ratio per strategy, side by side: horizontal bars grouped by scenario
///    (means over the rows of a scenario × strategy: seeds, sweep points), one colour per strategy;
///    without sweep axes, a bar of several seeds has an error bar, the 95% interval of
///    `scrollsim rank` (`MeanInterval`, docs/rank.md);
/// 2. for a sweep (a summary CSV with axis columns): per axis and scenario, hitch ratio and blank
///    ratio against the axis value, one line per strategy (means over the other axes and seeds;
///    error bars at the points of a one-axis sweep with several seeds);
/// 3. frame time per frame for each run with per-frame data: main-thread work per frame as bars,
///    the frame budget (1000 / refresh rate ms) as a dashed line, hitching frames in red with a
///    marker above them; the runs of one scenario share their time axis;
/// 4. the summary table, one row per run, with the hitch ratio graded by Apple's WWDC20 tiers
///    (good < 5 ms/s, warning 5–10, critical ≥ 10; research notes uikit-and-metrics.md §4.1).
///
/// Determinism: no dates, no paths, no locale; numbers come from `DecimalFormat` or are the CSV's
/// own texts; scenarios and strategies appear in order of first appearance in the rows; every
/// mean is a sum in row order, or in seed order where it has an interval. The same rows and
/// frames give the same bytes.
public enum HTMLReport {
    /// What the report knows about per-frame data, for the frame-time section.
    public struct FrameData: Sendable {
        /// The runs with per-frame data, in summary order.
        public var series: [FrameSeries] = []
        /// Runs (`scenario · strategy · seed n`) whose per-frame CSV was looked for and not found.
        public var missing: [String] = []
        /// Whether per-frame data was asked for (`run --html`, or `report --frames`).
        public var isRequested = false

        /// Frame data for the report; `isRequested` when frames were asked for.
        public init(series: [FrameSeries] = [], missing: [String] = [], isRequested: Bool = false) {
            self.series = series
            self.missing = missing
            self.isRequested = isRequested
        }
    }

    /// The whole page for `summary` and `frames`.
    public static func render(_ summary: SummaryDocument, frames: FrameData) -> String {
        TextPieces.whole { render(summary, frames: frames, emit: $0) }
    }

    /// The whole page for `summary` and `frames`, handed to `emit` in pieces (the summary table a
    /// piece of about `TextPieces.bytes` at a time), so that `scrollsim report` streams a report of a
    /// million rows to its file instead of holding the page.
    public static func render(_ summary: SummaryDocument, frames: FrameData, emit: (String) -> Void) {
        let model = Model(summary: summary)
        emit("""
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>ScrollSim report</title>
            <style>
            \(stylesheet)</style>
            </head>
            <body>
            <main>

            """)
        var body = ""
        body += "<header>\n<h1>ScrollSim report</h1>\n"
            + "<p class=\"lede\">\(HTMLText.escape(model.overview))</p>\n</header>\n"
        body += ratioSection(model)
        if !summary.axisNames.isEmpty { body += sweepSection(model) }
        body += frameSection(model, frames: frames)
        emit(body)
        tableSection(model, emit: emit)
        emit("</main>\n</body>\n</html>\n")
    }

    /// The rows with what the sections share: scenario and strategy order, colours, means.
    struct Model {
        /// The summary.
        let summary: SummaryDocument
        /// Scenarios in order of first appearance.
        let scenarios: [String]
        /// Strategies in order of first appearance (their index picks their colour).
        let strategies: [String]

        /// Orders the names.
        init(summary: SummaryDocument) {
            self.summary = summary
            scenarios = Self.distinct(summary.rows.map(\.scenario))
            strategies = Self.distinct(summary.rows.map(\.strategy))
        }

        /// "12 runs · 4 scenarios · 3 strategies · seeds 7, 8" (and the axes of a sweep).
        var overview: String {
            func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
            let seeds = Self.distinct(summary.rows.map { String($0.seed) })
            var parts = [count(summary.rows.count, "run", "runs"), count(scenarios.count, "scenario", "scenarios"),
                         count(strategies.count, "strategy", "strategies")]
            parts.append((seeds.count == 1 ? "seed " : "seeds ") + Self.shortList(seeds))
            if !summary.axisNames.isEmpty { parts.append("sweep over " + summary.axisNames.joined(separator: ", ")) }
            return parts.joined(separator: " · ")
        }

        /// Whether some scenario, strategy and sweep point has more than one run (seed).
        var hasSeveralSeedsPerPoint: Bool {
            var seen: Set<[String]> = []  // membership only
            return summary.rows.contains { !seen.insert([$0.scenario, $0.strategy] + $0.axisValues).inserted }
        }

        /// The colour of strategy `name`.
        func color(of name: String) -> String {
            Palette.color(strategies.firstIndex(of: name) ?? 0)
        }

        /// The dash pattern of `name`'s sweep lines (nil: solid), which tells apart the strategies
        /// that share a colour.
        func dash(of name: String) -> String? {
            Palette.dash(strategies.firstIndex(of: name) ?? 0)
        }

        /// The mean of `column` over `rows` (summed in row order), or nil without rows.
        static func mean(_ column: Column, of rows: [SummaryRow]) -> Double? {
            guard !rows.isEmpty else { return nil }
            var sum = 0.0
            for row in rows { sum += row.number(column) }
            return sum / Double(rows.count)
        }

        /// `values` without repeats, in order of first appearance.
        static func distinct(_ values: [String]) -> [String] {
            var seen: Set<String> = []
            return values.filter { seen.insert($0).inserted }
        }

        /// Up to 6 items joined by ", ", then "… (n in all)".
        static func shortList(_ items: [String]) -> String {
            items.count <= 6 ? items.joined(separator: ", ")
                : items.prefix(5).joined(separator: ", ") + ", … (\(items.count) in all)"
        }
    }

    /// What the error bars are, for the notes of the sections that draw them.
    static let errorBarNote = "Error bars: the 95% confidence interval of the mean over seeds (Student t, the "
        + "intervals of <code>scrollsim rank</code>; hover for the numbers). Overlapping bars do not mean a tie: "
        + "<code>scrollsim rank</code> compares strategies seed by seed, which is far more sensitive."

    /// The legend: one swatch per strategy, in order.
    static func legend(_ model: Model) -> String {
        var text = "<ul class=\"legend\">\n"
        for strategy in model.strategies {
            let color = model.color(of: strategy)
            // A strategy whose colour repeats an earlier one's shows its sweep lines' dashes.
            let background = model.dash(of: strategy) == nil ? color
                : "repeating-linear-gradient(90deg, \(color) 0 4px, transparent 4px 6px)"
            text += "<li><span class=\"swatch\" style=\"background:\(background)\"></span>"
                + "\(HTMLText.escape(strategy))</li>\n"
        }
        return text + "</ul>\n"
    }

    /// Section 1: hitch ratio and blank ratio bars, side by side.
    static func ratioSection(_ model: Model) -> String {
        let runsPerBar = Set(model.summary.rows.map { "\($0.scenario)\u{0}\($0.strategy)" }).count
        let averaged = runsPerBar < model.summary.rows.count
        var text = "<section id=\"ratios\">\n<h2>Hitch ratio and blank ratio by strategy</h2>\n"
        text += "<p class=\"note\">One bar per strategy, grouped by scenario; shorter is better. Hitch ratio: ms of "
            + "hitch per second of scrolling (Apple’s hitch time ratio); dashed lines, where the scale leaves room "
            + "for them, mark 5 ms/s (good below) and 10 ms/s (critical from there), the WWDC20 tiers. Blank ratio: "
            + "mean share of the viewport showing no final "
            + "image while scrolling."
            + (averaged ? " Each bar is the mean of that scenario and strategy’s runs (seeds, sweep points)." : "")
            + (averaged && model.summary.axisNames.isEmpty ? " " + errorBarNote : "")
            + "</p>\n"
        text += legend(model)
        text += "<div class=\"pair\">\n"
        text += figure(caption: "Hitch ratio <small>ms/s, lower is better</small>",
                       chart: barChart(model, column: .hitchRatio, decimals: 1, label: "Hitch ratio (ms/s)",
                                       references: [5, 10]))
        text += figure(caption: "Blank ratio <small>mean share of the viewport, lower is better</small>",
                       chart: barChart(model, column: .blankMean, decimals: 3, label: "Blank ratio (mean)",
                                       references: []))
        return text + "</div>\n</section>\n"
    }

    /// Section 2: per axis and scenario, the two ratios against the axis value.
    static func sweepSection(_ model: Model) -> String {
        var text = "<section id=\"sweep\">\n<h2>Sweep</h2>\n"
        text += "<p class=\"note\">Each chart puts one sweep axis on the horizontal (its values in order, evenly "
            + "spaced) and draws one line per strategy; each point is the mean over the other axes and the seeds. "
            + "Lower is better."
            + (model.summary.axisNames.count == 1 && model.hasSeveralSeedsPerPoint ? " " + errorBarNote : "")
            + "</p>\n"
        text += legend(model)
        for (axis, name) in model.summary.axisNames.enumerated() {
            for scenario in model.scenarios {
                text += "<h3>\(HTMLText.escape(scenario)) · \(HTMLText.escape(name))</h3>\n<div class=\"pair\">\n"
                text += figure(caption: "Hitch ratio <small>ms/s</small>",
                               chart: sweepChart(model, scenario: scenario, axis: axis, column: .hitchRatio,
                                                 decimals: 1,
                                                 label: "Hitch ratio (ms/s) against \(name) in \(scenario)"))
                text += figure(caption: "Blank ratio <small>mean share of the viewport</small>",
                               chart: sweepChart(model, scenario: scenario, axis: axis, column: .blankMean, decimals: 3,
                                                 label: "Blank ratio against \(name) in \(scenario)"))
                text += "</div>\n"
            }
        }
        return text + "</section>\n"
    }

    /// Section 3: one frame-time chart per run with per-frame data, or why there is none.
    static func frameSection(_ model: Model, frames: FrameData) -> String {
        var text = "<section id=\"frames\">\n<h2>Frame time</h2>\n"
        if !model.summary.axisNames.isEmpty {
            return text + "<p class=\"note\">Frame-time charts are drawn for plain runs, not for sweeps (a sweep has "
                + "many rows per scenario, strategy and seed).</p>\n</section>\n"
        }
        if frames.series.isEmpty && !frames.isRequested {
            return text + "<p class=\"note\">No per-frame data. Use "
                + "<code>scrollsim run … --html &lt;file&gt;</code>, or "
                + "<code>scrollsim report … --frames &lt;dir&gt;</code> with the per-frame CSVs that "
                + "<code>scrollsim run --out &lt;dir&gt; --frames</code> writes into <code>&lt;dir&gt;/frames</code>."
                + "</p>\n</section>\n"
        }
        text += "<p class=\"note\">One bar per frame: main-thread work from the frame’s start to its commit, at the "
            + "frame’s vsync. Blue: frames while scrolling; grey: frames outside scrolling (not counted in the "
            + "metrics); red with a marker above: frames that appeared late (a hitch). The dashed line is the frame "
            + "budget, one refresh interval. Work above the budget usually means a hitch. The runs of a scenario "
            + "share their time axis.</p>\n"
        for series in frames.series {
            // One time axis per scenario, so that its runs line up.
            let timeEnd = frames.series.filter { $0.scenario == series.scenario }.map(timeEnd(of:)).reduce(0, max)
            text += frameFigure(series, timeEnd: timeEnd)
        }
        if !frames.missing.isEmpty {
            text += "<p class=\"note\">No per-frame CSV for "
                + HTMLText.escape(Model.shortList(frames.missing)) + ".</p>\n"
        }
        return text + "</section>\n"
    }

    /// A `<figure>` with `caption` (HTML) and `chart` (an `<svg>`).
    static func figure(caption: String, chart: String) -> String {
        "<figure>\n<figcaption>\(caption)</figcaption>\n\(chart)\n</figure>\n"
    }

    /// Section 4: the summary table, in pieces.
    static func tableSection(_ model: Model, emit: (String) -> Void) {
        let numeric: [(title: String, column: Column)] = [
            ("hitch ms/s", .hitchRatio), ("dropped", .droppedFrames), ("hitches", .hitches),
            ("max hitch ms", .maxHitch),
            ("work p95 ms", .workP95), ("blank mean", .blankMean), ("ready", .readyRatio), ("hit", .hitRatio),
            ("MiB down", .bytesDownloaded), ("peak MiB", .peakMemory), ("wrong img", .wrongImageFrames),
        ] + optionalTableColumns.filter { model.summary.hasColumn($0.column.name) }
        var text = "<section id=\"summary\">\n<h2>Summary</h2>\n"
        text += "<p class=\"note\">One row per run, values as in the summary CSV (MiB down from "
            + "<code>bytes_downloaded</code>; vsync blank: <code>blank_ratio_vsync_mean</code>; radio J: "
            + "<code>radio_energy_j</code>, shown when the CSV has them). Hitch ratio: green below 5 ms/s, amber from "
            + "5, red from 10; killed (the OS killed the app for its memory) red at 1.</p>\n"
        text += "<div class=\"table-wrap\">\n<table>\n<thead>\n<tr>"
        var headings = ["scenario", "strategy", "seed"] + model.summary.axisNames
        headings += numeric.map(\.title)
        for (index, heading) in headings.enumerated() {
            text += index < 2
                ? "<th>\(HTMLText.escape(heading))</th>"
                : "<th class=\"num\">\(HTMLText.escape(heading))</th>"
        }
        text += "</tr>\n</thead>\n<tbody>\n"
        for row in model.summary.rows {
            text += "<tr><td>\(HTMLText.escape(row.scenario))</td>"
            text += "<td><span class=\"swatch\" style=\"background:\(model.color(of: row.strategy))\"></span>"
                + "\(HTMLText.escape(row.strategy))</td>"
            text += "<td class=\"num\">\(row.seed)</td>"
            for value in row.axisValues { text += "<td class=\"num\">\(HTMLText.escape(value))</td>" }
            for (_, column) in numeric {
                switch column.name {
                case Column.hitchRatio.name:
                    let ratio = row.number(column)
                    let grade = ratio < 5 ? "good" : ratio < 10 ? "warn" : "crit"
                    text += "<td class=\"num \(grade)\">\(HTMLText.escape(row.text(column)))</td>"
                case Column.killed.name:
                    let killed = row.text(column)
                    text += "<td class=\"num\(killed == "1" ? " crit" : "")\">\(HTMLText.escape(killed))</td>"
                case Column.bytesDownloaded.name:
                    let mebibytes = Int64(row.text(column))
                        .map { DecimalFormat.fixed($0, over: 1_048_576, decimals: 1) }
                        ?? DecimalFormat.fixed(row.number(column) / 1_048_576, decimals: 1)
                    text += "<td class=\"num\">\(mebibytes)</td>"
                default:
                    text += "<td class=\"num\">\(HTMLText.escape(row.text(column)))</td>"
                }
            }
            text += "</tr>\n"
            text.handOverIfFull(to: emit)
        }
        emit(text + "</tbody>\n</table>\n</div>\n</section>\n")
    }

    /// The page's style sheet (system fonts; the charts' strokes and texts are styled here).
    static let stylesheet = """
        :root { color-scheme: light; }
        body { margin: 0; background: #f5f6f8; color: #1d2330;
          font: 14px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        main { max-width: 1152px; margin: 0 auto; padding: 24px 24px 48px; }
        h1 { font-size: 26px; margin: 0 0 4px; }
        h2 { font-size: 19px; margin: 32px 0 8px; padding-bottom: 4px; border-bottom: 1px solid #d8dce4; }
        h3 { font-size: 15px; margin: 20px 0 6px; }
        code { font: 12.5px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #eceef2;
          padding: 1px 4px; border-radius: 3px; }
        .lede { color: #4a5263; margin: 0; }
        .note { color: #4a5263; max-width: 90ch; margin: 4px 0 10px; }
        .pair { display: flex; flex-wrap: wrap; gap: 16px; }
        figure { margin: 0 0 16px; background: #fff; border: 1px solid #d8dce4; border-radius: 6px; padding: 10px 12px; }
        figcaption { font-weight: 600; margin-bottom: 6px; }
        figcaption small { font-weight: 400; color: #4a5263; margin-left: 4px; }
        svg { display: block; overflow: visible; }
        svg text { font-size: 11px; fill: #4a5263; }
        svg .group { font-size: 12px; font-weight: 600; fill: #1d2330; paint-order: stroke; stroke: #fff; stroke-width: 4px; }
        svg .value { fill: #1d2330; }
        svg .name { fill: #1d2330; }
        svg .title { font-size: 11px; fill: #6b7385; }
        .grid { stroke: #eceef2; stroke-width: 1; }
        .axis { stroke: #8a93a6; stroke-width: 1; }
        .reference { stroke: #6b7385; stroke-width: 1; stroke-dasharray: 4 3; }
        .budget { stroke: #1d2330; stroke-width: 1.2; stroke-dasharray: 6 4; }
        .series { fill: none; stroke-width: 2; stroke-linejoin: round; }
        .bars { fill: none; }
        .marker { fill: #d1432a; }
        .point { stroke: #fff; stroke-width: 1; }
        .whisker { fill: none; stroke-width: 1.3; }
        .legend { list-style: none; padding: 0; margin: 6px 0 12px; display: flex; flex-wrap: wrap; gap: 6px 20px; }
        .swatch { display: inline-block; width: 11px; height: 11px; border-radius: 2px; margin-right: 6px; vertical-align: -1px; }
        .table-wrap { overflow-x: auto; background: #fff; border: 1px solid #d8dce4; border-radius: 6px; }
        table { border-collapse: collapse; width: 100%; font-size: 12.5px; }
        th, td { padding: 5px 7px; border-bottom: 1px solid #eceef2; text-align: left; white-space: nowrap; }
        th { background: #f0f2f5; font-weight: 600; white-space: normal; vertical-align: bottom; }
        .num { text-align: right; font-variant-numeric: tabular-nums; }
        td.good { background: #e2f3e8; }
        td.warn { background: #fcf0d4; }
        td.crit { background: #fadfd8; }
        tbody tr:last-child td { border-bottom: none; }

        """
}

/// The strategies' colours: the Okabe–Ito palette for colour-blind readers (Okabe & Ito, "Color
/// Universal Design", 2008), its yellow replaced by a darker gold for contrast on white, then five
/// colours of Paul Tol's colour-blind-safe "muted" scheme, so the eleven built-in strategies all
/// differ; repeated beyond thirteen (the bar charts name each bar beside it; a sweep chart's lines
/// of a repeated colour are dashed, then dotted, as their legend swatches show).
enum Palette {
    /// The colours, in assignment order.
    static let colors = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#555555", "#B8860B",
                         "#882255", "#44AA99", "#332288", "#999933", "#AA4499"]

    /// The colour of the `index`th strategy.
    static func color(_ index: Int) -> String { colors[index % colors.count] }

    /// The dash pattern of the `index`th strategy's lines: solid for the first round of colours,
    /// then dashed, then dotted, so two strategies of one colour never draw alike (up to 39).
    static func dash(_ index: Int) -> String? {
        switch index / colors.count {
        case 0: nil
        case 1: "7 4"
        default: "2 3"
        }
    }
}
