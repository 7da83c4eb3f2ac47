import ScrollSimCore

/// Collects the per-run files of `scrollsim run` while a run happens: the frames CSV (`--frames`)
/// and the image request trace (`--requests`).
///
/// The request trace is `RequestTrace`'s format, one `<image id>,<size>` line per request to
/// configure a cell, in the order the strategy recorded them (`RunObserver.imageRequested`),
/// whatever the outcome (memory hit, disk hit, join, miss): the stream of lookups a cache in
/// front of the images would see. The size is the image's full decoded size, width × height × 4
/// bytes (the cost Nuke and SDWebImage give a decoded image), so `cache-replay` sizes a
/// decoded-image memory cache; every image of a scenario has the same size.
final class RunRecorder: RunObserver {
    /// Whether frames are collected.
    let recordsFrames: Bool
    /// Whether requests are collected.
    let recordsRequests: Bool
    /// The `,<size>\n` suffix of every request line.
    private let requestSuffix: String
    /// The frames CSV so far (header included when recording).
    private(set) var frames: String
    /// The request trace so far (header included when recording).
    private(set) var requests: String

    /// A recorder for a run of `scenario`.
    init(scenario: Scenario, recordsFrames: Bool, recordsRequests: Bool) {
        self.recordsFrames = recordsFrames
        self.recordsRequests = recordsRequests
        requestSuffix = ",\(Int64(scenario.images.width) * Int64(scenario.images.height) * 4)\n"
        frames = recordsFrames ? FramesCSV.header : ""
        requests = recordsRequests ? RequestTrace.header + "\n" : ""
    }

    /// Whether anything is recorded (else the run needs no observer).
    var isRecording: Bool { recordsFrames || recordsRequests }

    /// Appends the frame's row.
    func frameCommitted(_ frame: FrameRecord) {
        if recordsFrames { frames += FramesCSV.row(frame) }
    }

    /// Appends the request's line.
    func imageRequested(imageID: Int, outcome: RequestOutcome, at time: SimTime) {
        if recordsRequests { requests += String(imageID) + requestSuffix }
    }
}
