/// One frame of a run: one line of the per-frame CSV (docs/metrics.md, `--frames`).
public struct FrameRecord: Sendable, Equatable {
    /// Frame number in the run, from 0.
    public var frame: Int
    /// The vsync the frame was produced for.
    public var vsync: SimTime
    /// When the main thread started the frame's work.
    public var start: SimTime
    /// When the frame committed.
    public var commit: SimTime
    /// When the frame appeared on the display.
    public var present: SimTime
    /// Content offset at the vsync, points.
    public var offset: Double
    /// Whether the vsync lies in a scroll interval (only those frames count in frame metrics).
    public var inScroll: Bool
    /// Main-thread time from start to commit.
    public var work: SimTime
    /// How late the frame appeared (0 when on time).
    public var hitch: SimTime
    /// Vsyncs missed by this frame.
    public var missedVsyncs: Int
    /// Cells visible in the frame.
    public var visibleCells: Int
    /// Share of the viewport covered by visible cells not showing their own final image.
    public var blankRatio: Double

    public init(frame: Int, vsync: SimTime, start: SimTime, commit: SimTime, present: SimTime, offset: Double,
                inScroll: Bool, work: SimTime, hitch: SimTime, missedVsyncs: Int, visibleCells: Int,
                blankRatio: Double) {
        self.frame = frame
        self.vsync = vsync
        self.start = start
        self.commit = commit
        self.present = present
        self.offset = offset
        self.inScroll = inScroll
        self.work = work
        self.hitch = hitch
        self.missedVsyncs = missedVsyncs
        self.visibleCells = visibleCells
        self.blankRatio = blankRatio
    }
}
