import ScrollSimCore

/// The report's three chart kinds, drawn on an `SVGCanvas` with fixed sizes (two charts fit side
/// by side in the page's 1152 px column, a frame chart takes the whole column). Axes start at 0;
/// ticks come from `AxisTicks`. Labels never depend on the data's length in ways that can
/// overlap: scenario names head their bar groups on their own line, each bar is named in a column of
/// its own (colours repeat past the palette's thirteen, so a colour alone cannot name a bar), sweep
/// lines are named in the HTML legend, and a sweep's axis labels are thinned to at most 12.
extension HTMLReport {
    /// Width of a chart in a pair, px.
    static let pairedChartWidth = 540
    /// Width of a frame chart, px.
    static let wideChartWidth = 1124

    // MARK: Grouped bars

    /// Horizontal bars of `column`'s mean per scenario (a group, headed by its name) and strategy
    /// (a bar in the strategy's colour, named on its left, its value printed after it; the name
    /// column is as wide as the longest name, up to `barNameLimit` characters, a longer name is cut
    /// with an ellipsis and stays whole in the bar's tooltip), with dashed vertical lines at
    /// `references` (the axis always reaches the largest; a line under 24 px from 0 is left out).
    /// In a summary without sweep axes, where a bar's runs are its seeds, a bar of several runs
    /// carries an error bar: the 95% Student t interval of its mean, as `scrollsim rank` prints
    /// it (cut at 0 on the left; its numbers are in the tooltip).
    static func barChart(_ model: Model, column: Column, decimals: Int, label: String, references: [Double]) -> String {
        let right = 64.0, top = 6.0
        let barHeight = 14.0, barStep = 18.0, headingStep = 18.0, groupGap = 10.0
        let hasErrorBars = model.summary.axisNames.isEmpty
        var groups: [(scenario: String, bars: [(strategy: String, interval: MeanInterval)])] = []
        for scenario in model.scenarios {
            let scenarioRows = model.summary.rows.filter { $0.scenario == scenario }
            var bars: [(strategy: String, interval: MeanInterval)] = []
            for strategy in model.strategies {
                let rows = scenarioRows.filter { $0.strategy == strategy }
                if hasErrorBars, let interval = interval(column, of: rows) {
                    bars.append((strategy, interval))
                } else if let mean = plainMean(column, of: rows) {
                    bars.append((strategy, mean))
                }
            }
            groups.append((scenario, bars))
        }
        let longestName = groups.flatMap { $0.bars.map { $0.strategy.count } }.max() ?? 0
        let left = 12.0 + Double(min(longestName, barNameLimit)) * barNameCharacterWidth + 6
        let maximum = groups.flatMap { $0.bars.map { $0.interval.high ?? $0.interval.mean } }
            .reduce(references.max() ?? 0, max)
        let ticks = AxisTicks(covering: maximum)
        let plotHeight = groups.reduce(0.0) { $0 + headingStep + Double($1.bars.count) * barStep + groupGap } - groupGap
        let height = Int(top + plotHeight + 24)
        let plotWidth = Double(pairedChartWidth) - left - right
        func x(_ value: Double) -> Double { left + max(0, value) / ticks.top * plotWidth }

        var canvas = SVGCanvas(width: pairedChartWidth, height: height, label: label)
        let bottom = top + plotHeight
        for value in ticks.values {
            canvas.line(x1: x(value), y1: top, x2: x(value), y2: bottom, cssClass: value == 0 ? "axis" : "grid")
            canvas.text(ticks.label(value), x: x(value), y: bottom + 15, anchor: .middle, cssClass: "tick")
        }
        for reference in references where x(reference) - left >= 24 {  // closer to 0 it would hide the bars' start
            canvas.line(x1: x(reference), y1: top, x2: x(reference), y2: bottom, cssClass: "reference")
        }
        var y = top
        for group in groups {
            canvas.text(group.scenario, x: 14, y: y + 12, cssClass: "group")
            y += headingStep
            for bar in group.bars {
                canvas.text(barName(bar.strategy), x: left - 6, y: y + 11, anchor: .end, cssClass: "name")
                let mean = bar.interval.mean
                let value = meanText(bar.interval, decimals: decimals)
                let title: String
                if bar.interval.halfWidth != nil {
                    title = intervalTitle(bar.interval, decimals: decimals)
                } else {
                    title = value + (bar.interval.count == 1 ? "" : " (mean of \(bar.interval.count) runs)")
                }
                canvas.rect(x: left, y: y, width: x(mean) - left, height: barHeight, cssClass: "bar",
                            fill: model.color(of: bar.strategy), title: "\(bar.strategy): \(title)")
                var end = x(mean)
                if let low = bar.interval.low, let high = bar.interval.high {
                    let middle = y + barHeight / 2
                    canvas.path("M" + SVGCanvas.number(x(low)) + " " + SVGCanvas.number(middle) + "H"
                                + SVGCanvas.number(x(high)) + "M" + SVGCanvas.number(x(low)) + " "
                                + SVGCanvas.number(middle - 4) + "v8M" + SVGCanvas.number(x(high)) + " "
                                + SVGCanvas.number(middle - 4) + "v8", cssClass: "whisker", stroke: "#1d2330")
                    end = max(end, x(high))
                }
                canvas.text(value, x: end + 4, y: y + 11, cssClass: "value")
                y += barStep
            }
            y += groupGap
        }
        return canvas.render()
    }

    /// The most characters of a strategy's name a bar chart prints ("apple-prefetching-sample" fits).
    static let barNameLimit = 24
    /// The width the bar charts allow a character of a name, px (11 px text; sized for lowercase and
    /// hyphens, which make up the built-in names).
    static let barNameCharacterWidth = 6.0

    /// `name`, cut to `barNameLimit` characters with an ellipsis when longer.
    static func barName(_ name: String) -> String {
        name.count <= barNameLimit ? name : String(name.prefix(barNameLimit - 1)) + "…"
    }

    // MARK: Sweep lines

    /// `column` against sweep axis `axis` in `scenario`: the axis values in order (numerically when
    /// they are all numbers, else as first seen), evenly spaced; one line per strategy through the
    /// mean at each value (over the other axes and seeds); a gap where a strategy has no row. In a
    /// sweep of one axis, where a point's runs are its seeds, a point of several runs carries an
    /// error bar in its strategy's colour: the 95% Student t interval of its mean, as `scrollsim
    /// rank` prints it (cut at 0).
    static func sweepChart(_ model: Model, scenario: String, axis: Int, column: Column, decimals: Int,
                           label: String) -> String {
        let rows = model.summary.rows.filter { $0.scenario == scenario }
        let values = axisOrder(rows.map { $0.axisValues[axis] })
        let hasErrorBars = model.summary.axisNames.count == 1
        var lines: [(strategy: String, points: [MeanInterval?])] = []
        for strategy in model.strategies {
            let strategyRows = rows.filter { $0.strategy == strategy }
            guard !strategyRows.isEmpty else { continue }
            let points = values.map { value in
                let pointRows = strategyRows.filter { $0.axisValues[axis] == value }
                return hasErrorBars ? interval(column, of: pointRows)
                    : plainMean(column, of: pointRows)
            }
            lines.append((strategy, points))
        }
        let width = pairedChartWidth, height = 270
        let left = 52.0, right = 18.0, top = 12.0, bottom = 46.0, inset = 18.0
        let plotWidth = Double(width) - left - right, plotHeight = Double(height) - top - bottom
        let maximum = lines.flatMap { $0.points.compactMap { $0.map { $0.high ?? $0.mean } } }.reduce(0, max)
        let ticks = AxisTicks(covering: maximum)
        func x(_ index: Int) -> Double {
            values.count == 1 ? left + plotWidth / 2
                : left + inset + Double(index) * (plotWidth - 2 * inset) / Double(values.count - 1)
        }
        func y(_ value: Double) -> Double { top + plotHeight - max(0, value) / ticks.top * plotHeight }

        var canvas = SVGCanvas(width: width, height: height, label: label)
        drawValueGrid(ticks, on: &canvas, left: left, plotWidth: plotWidth, y: y)
        let labelEvery = (values.count + 11) / 12
        for (index, value) in values.enumerated() {
            canvas.line(x1: x(index), y1: top + plotHeight, x2: x(index), y2: top + plotHeight + 4, cssClass: "axis")
            if index % labelEvery == 0 {
                canvas.text(value.isEmpty ? "(none)" : value, x: x(index), y: top + plotHeight + 17, anchor: .middle,
                            cssClass: "tick")
            }
        }
        canvas.text(model.summary.axisNames[axis], x: left + plotWidth / 2, y: Double(height) - 6, anchor: .middle,
                    cssClass: "title")
        for line in lines {
            var data: [String] = []
            var isDrawing = false
            for (index, point) in line.points.enumerated() {
                guard let point else {
                    isDrawing = false
                    continue
                }
                data.append((isDrawing ? "L" : "M") + SVGCanvas.number(x(index)) + " "
                            + SVGCanvas.number(y(point.mean)))
                isDrawing = true
            }
            canvas.path(data.joined(separator: " "), cssClass: "series", stroke: model.color(of: line.strategy),
                        dashArray: model.dash(of: line.strategy))
            for (index, point) in line.points.enumerated() {
                guard let point, let low = point.low, let high = point.high else { continue }
                canvas.path("M" + SVGCanvas.number(x(index)) + " " + SVGCanvas.number(y(low)) + "V"
                            + SVGCanvas.number(y(high)) + "M" + SVGCanvas.number(x(index) - 4) + " "
                            + SVGCanvas.number(y(low)) + "h8M" + SVGCanvas.number(x(index) - 4) + " "
                            + SVGCanvas.number(y(high)) + "h8", cssClass: "whisker",
                            stroke: model.color(of: line.strategy))
            }
            for (index, point) in line.points.enumerated() {
                guard let point else { continue }
                let value = point.halfWidth == nil ? meanText(point, decimals: decimals)
                    : intervalTitle(point, decimals: decimals)
                canvas.circle(x: x(index), y: y(point.mean), radius: 3.5, cssClass: "point",
                              fill: model.color(of: line.strategy),
                              title: "\(line.strategy), \(model.summary.axisNames[axis]) = \(values[index]): \(value)")
            }
        }
        return canvas.render()
    }

    /// Distinct `values` in chart order: by numeric value when every one is a number (ties and
    /// equal numbers written differently keep their first-seen order), else as first seen.
    static func axisOrder(_ values: [String]) -> [String] {
        let distinct = Model.distinct(values)
        let numbers = distinct.map { Double($0) }
        guard numbers.allSatisfy({ $0 != nil && $0!.isFinite }) else { return distinct }
        return distinct.indices.sorted { (numbers[$0]!, $0) < (numbers[$1]!, $1) }.map { distinct[$0] }
    }

    // MARK: Frame time

    /// A run's frame chart with its caption (run, frame and hitch counts, budget); the time axis
    /// reaches at least `timeEnd` seconds (so that the runs of one scenario share a time axis).
    static func frameFigure(_ series: FrameSeries, timeEnd: Double) -> String {
        let chart = series.chart
        let hitches = chart.scrollingHitchCount
        let longest = chart.longestWorkMilliseconds
        let budget = DecimalFormat.fixed(1000, over: Int64(series.refreshHz), decimals: 2)
        let title = "\(series.scenario) · \(series.strategy) · seed \(series.seed)"
        var details = "\(chart.frameCount) frames (\(chart.scrollingCount) while scrolling), \(hitches) "
            + (hitches == 1 ? "hitch" : "hitches") + " while scrolling, longest work "
            + DecimalFormat.fixed(longest, decimals: 1) + " ms; budget \(budget) ms at \(series.refreshHz) Hz"
            + (longest > workAxis(series).top ? "; bars cut at \(workAxis(series).label(workAxis(series).top)) ms" : "")
        if chart.isSummarised {
            details += "; drawn as \(chart.buckets.count) bars of \(chart.bucketWidth) frames "
                + "(least to greatest work, mean marked)"
        }
        return figure(caption: HTMLText.escape(title) + " <small>" + HTMLText.escape(details) + "</small>",
                      chart: frameChart(series, timeEnd: timeEnd, label: "Frame time of \(title)"))
    }

    /// The end of a run's frames in seconds: its last vsync plus one refresh interval.
    static func timeEnd(of series: FrameSeries) -> Double {
        Double(series.chart.lastVsyncNanos ?? 0) / 1e9 + 1 / Double(series.refreshHz)
    }

    /// A horizontal line across the plot at each of `ticks` (the zero line as the axis) and its
    /// label left of the plot; `y` places a value.
    static func drawValueGrid(_ ticks: AxisTicks, on canvas: inout SVGCanvas, left: Double, plotWidth: Double,
                              y: (Double) -> Double) {
        for value in ticks.values {
            canvas.line(x1: left, y1: y(value), x2: left + plotWidth, y2: y(value),
                        cssClass: value == 0 ? "axis" : "grid")
            canvas.text(ticks.label(value), x: left - 6, y: y(value) + 4, anchor: .end, cssClass: "tick")
        }
    }

    /// The work axis of a frame chart: up to the longest work, at least 1.5 budgets, at most 6.
    static func workAxis(_ series: FrameSeries) -> AxisTicks {
        let budget = 1000 / Double(series.refreshHz)
        let longest = series.chart.longestWorkMilliseconds
        return AxisTicks(covering: max(min(longest, 6 * budget), 1.5 * budget))
    }

    /// Main-thread work per frame against time, the budget line, hitches marked. Bars taller than
    /// six budgets are cut at the top of the axis (their value is in the caption's "longest").
    static func frameChart(_ series: FrameSeries, timeEnd: Double, label: String) -> String {
        let width = wideChartWidth, height = 250
        let left = 52.0, right = 18.0, top = 16.0, bottom = 38.0
        let plotWidth = Double(width) - left - right, plotHeight = Double(height) - top - bottom
        let chart = series.chart
        let budget = 1000 / Double(series.refreshHz)
        let ticks = workAxis(series)
        let interval = 1 / Double(series.refreshHz)
        let timeTicks = AxisTicks(covering: max(timeEnd, Self.timeEnd(of: series)), count: 10)
        func x(_ seconds: Double) -> Double { left + seconds / timeTicks.top * plotWidth }
        func y(_ milliseconds: Double) -> Double {
            top + plotHeight - min(max(0, milliseconds), ticks.top) / ticks.top * plotHeight
        }

        var canvas = SVGCanvas(width: width, height: height, label: label)
        drawValueGrid(ticks, on: &canvas, left: left, plotWidth: plotWidth, y: y)
        for value in timeTicks.values {
            canvas.line(x1: x(value), y1: top + plotHeight, x2: x(value), y2: top + plotHeight + 4, cssClass: "axis")
            canvas.text(timeTicks.label(value), x: x(value), y: top + plotHeight + 17, anchor: .middle,
                        cssClass: "tick")
        }
        canvas.text("time (s)", x: left + plotWidth, y: Double(height) - 4, anchor: .end, cssClass: "title")
        canvas.text("work (ms)", x: left - 6, y: top - 6, anchor: .end, cssClass: "title")

        let barWidth = min(6, max(0.8, plotWidth / timeTicks.top * interval * Double(chart.bucketWidth) * 0.8))
        var scrolling: [String] = [], idle: [String] = [], late: [String] = [], markers: [String] = []
        var means: [String] = []
        /// Files `bar` (at `position`) as late, with its marker above the plot, else scrolling or idle.
        func add(_ bar: String, at position: Double, isLate: Bool, isScrolling: Bool) {
            if isLate {
                late.append(bar)
                markers.append("M" + SVGCanvas.number(position - 3.5) + " " + SVGCanvas.number(top - 12)
                               + "h7l-3.5 6z")
            } else if isScrolling {
                scrolling.append(bar)
            } else {
                idle.append(bar)
            }
        }
        for bucket in chart.buckets {
            // A bucket: a bar from its least to its greatest work, at the middle of its vsyncs.
            let position = x(Double(bucket.firstVsyncNanos / 2 + bucket.lastVsyncNanos / 2) / 1e9)
            let bar = "M" + SVGCanvas.number(position) + " " + SVGCanvas.number(y(bucket.minimumWorkMilliseconds))
                + "V" + SVGCanvas.number(y(bucket.maximumWorkMilliseconds))
            means.append("M" + SVGCanvas.number(position - barWidth / 2) + " "
                         + SVGCanvas.number(y(bucket.meanWorkMilliseconds)) + "h" + SVGCanvas.number(barWidth))
            add(bar, at: position, isLate: bucket.hasHitch, isScrolling: bucket.hasScroll)
        }
        for frame in chart.frames {
            let position = x(Double(frame.vsyncNanos) / 1e9)
            let bar = "M" + SVGCanvas.number(position) + " " + SVGCanvas.number(y(0))
                + "V" + SVGCanvas.number(y(frame.workMilliseconds))
            add(bar, at: position, isLate: frame.hitchMilliseconds > 0, isScrolling: frame.isInScroll)
        }
        canvas.path(idle.joined(), cssClass: "bars", stroke: "#b3b9c6", strokeWidth: barWidth)
        canvas.path(scrolling.joined(), cssClass: "bars", stroke: "#0072B2", strokeWidth: barWidth)
        canvas.path(late.joined(), cssClass: "bars", stroke: "#d1432a", strokeWidth: max(barWidth, 1.5))
        canvas.path(markers.joined(), cssClass: "marker")
        if !means.isEmpty { canvas.path(means.joined(), cssClass: "bars", stroke: "#1a1a1a", strokeWidth: 1) }
        canvas.line(x1: left, y1: y(budget), x2: left + plotWidth, y2: y(budget), cssClass: "budget")
        canvas.text("budget " + DecimalFormat.fixed(1000, over: Int64(series.refreshHz), decimals: 2) + " ms",
                    x: left + plotWidth - 2, y: y(budget) - 5, anchor: .end, cssClass: "group")
        return canvas.render()
    }
}
