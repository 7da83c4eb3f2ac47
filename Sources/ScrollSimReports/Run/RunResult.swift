import ScrollSimCore

/// What one run produced: its metrics and what was recorded.
public struct RunResult: Sendable {
    /// The run.
    public var run: RunPlan.Run
    /// Its metrics (one summary row).
    public var metrics: RunMetrics
    /// Its frames, when recorded.
    public var frames: [FrameRecord]
    /// Its Chrome trace JSON, when recorded.
    public var traceJSON: String?
    /// Its image request trace, when recorded.
    public var requests: String?
    /// Its frame chart, when streamed with a chart (`RunOutputs.run`; `frames` is empty then).
    public var chart: FrameChart?

    /// A result from its parts.
    public init(run: RunPlan.Run, metrics: RunMetrics, frames: [FrameRecord] = [], traceJSON: String? = nil,
                requests: String? = nil, chart: FrameChart? = nil) {
        self.run = run
        self.metrics = metrics
        self.frames = frames
        self.traceJSON = traceJSON
        self.requests = requests
        self.chart = chart
    }
}

extension RunPlan {
    /// Runs every run in order, recording what `options` asks for.
    /// Consecutive runs of one scenario and seed share their scroll samples (`SampleSharing`).
    public func run(recording options: RunRecording.Options = RunRecording.Options()) -> [RunResult] {
        var sharing = SampleSharing(runs)
        return runs.indices.map { index in
            let run = runs[index]
            let recording = RunRecording(run, options: options)
            let metrics = run.run(observer: options.isRecording ? recording : nil,
                                  sampleStore: sharing.store(forRunAt: index))
            return RunResult(run: run, metrics: metrics, frames: recording.frames, traceJSON: recording.traceJSON,
                             requests: options.requests ? recording.requests : nil)
        }
    }
}

extension [RunResult] {
    /// The summary document of the runs, in order.
    public var summary: SummaryDocument { SummaryDocument(rows: map { SummaryRow($0.metrics) }) }

    /// The frame data of the HTML report: every run's chart, or its frames (recorded with `frames`).
    public var frameData: HTMLReport.FrameData {
        HTMLReport.FrameData(series: map { result in
            let run = result.run
            if let chart = result.chart {
                return FrameSeries(scenario: run.scenario.name, strategy: run.strategyName, seed: run.seed,
                                   refreshHz: run.scenario.refreshHz, chart: chart)
            }
            return FrameSeries(scenario: run.scenario.name, strategy: run.strategyName, seed: run.seed,
                               refreshHz: run.scenario.refreshHz,
                               frames: result.frames.map(FrameSeries.Frame.init))
        }, isRequested: true)
    }
}
