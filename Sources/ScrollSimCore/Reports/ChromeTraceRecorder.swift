/// Records one run as a Chrome trace (`scrollsim run --trace`), for Perfetto and chrome://tracing.
///
/// Tracks (thread ids, sorted in this order by `thread_sort_index`):
/// - 1 `main thread`: every main-thread work item as a complete event (`frame` / `frame (hitch)`
///   with the frame's numbers in `args`, `main queue block`, `idle-time cell preparation`,
///   `memory warning`, `memory pressure`), with the lifecycle callbacks that ran in it nested inside;
/// - 2 `display`: instants `vsync` (the vsync each frame was made for) and `hitch` (when a late
///   frame appeared), and `killed (memory limit)` when the app's footprint exceeded the limit;
/// - 10000 + n, the network tracks in (session, connection, stream) order: `<session> connection c`
///   holds the connection's `connection setup` (with its `TCP handshake` and `TLS handshake`
///   nested; nothing when the round trip is 0) and, over HTTP/1.1, each request it carried
///   (`request`, or `request (failed)` / `request (cancelled)`) with its `latency` and `transfer`
///   phases nested inside; over HTTP/2 each stream is on `<session> connection c stream k`, the
///   lowest lane free when it was sent, so the streams of one connection never overlap on a track;
/// - 2000 + t `decoder t`, 3000 + q `disk q`: each job as a complete event.
/// Tracks sort in that order (main, display, network, decoders, disks): each track's sort index is
/// its place in the list.
/// Counters (process-wide): `decoded memory` (MiB) and `blank ratio` (per frame, at its present).
///
/// Perfetto requires the slices of a track to nest (research notes uikit-and-metrics.md §5). The
/// observer's calls arrive in simulation order, not in time order (a main-thread item reports its
/// callbacks before itself, a request when it ends), so the recorder collects first and orders
/// when it writes: each track's top-level slices by start, each followed by its children by start
/// (parent first, so a child starting with its parent, even a zero-length one, comes after it).
/// Callbacks never overlap one another (the main thread is serial) and lie inside the item they
/// ran in.
///
/// Decoded memory: the simulator reports the total after each change, at the change's own time;
/// a main-thread item runs ahead of the clock, so those times are not in order. The recorder keeps
/// each change as a delta, sorts the deltas by time (stably) and sums them again, so the counter is
/// the true total at every time. Changes at one timestamp become one sample.
///
/// Not recorded: image requests (`imageRequested`), the render server, main-thread decodes as
/// separate slices (they are part of the frame's slice).
public final class ChromeTraceRecorder: RunObserver {
    /// Thread ids of the tracks.
    public enum Track {
        /// The main thread.
        public static let main = 1
        /// Vsync and hitch instants.
        public static let display = 2
        /// The network track of rank `rank` in (session, connection, stream) order.
        public static func network(_ rank: Int) -> Int { 10_000 + rank }
        /// Decoder thread `thread` (at most 64).
        public static func decoder(_ thread: Int) -> Int { 2000 + thread }
        /// Disk queue `queue` (at most 64).
        public static func disk(_ queue: Int) -> Int { 3000 + queue }
    }

    /// One complete event to be written, with the slices nested in it.
    struct Slice {
        /// The event's name.
        var name: String
        /// The event's category.
        var category: String
        /// Start, ns.
        var start: SimTime
        /// End, ns (≥ `start`).
        var end: SimTime
        /// The event's `args`, in order.
        var arguments: [(String, ChromeTraceWriter.Argument)]
        /// Slices nested in this one, as recorded.
        var children: [Slice] = []
    }

    /// The process name shown by the viewers: "ScrollSim <scenario> / <strategy> / seed <n>".
    let processName: String
    /// Decoder threads that exist whether used or not.
    let decoderCount: Int
    /// Disk queues that exist whether used or not.
    let diskQueueCount: Int
    /// Main-thread items, each with its callbacks, in the order they ran.
    private var mainItems: [Slice] = []
    /// Callbacks reported since the last main-thread item (they belong to the next one).
    private var pendingCallbacks: [Slice] = []
    /// The frame committed by the running main-thread item, if it is a frame.
    private var pendingFrame: FrameRecord?
    /// Every frame, in order.
    private var frames: [FrameRecord] = []
    /// Slices per network track (connection setups and requests), in the order reported.
    private var network: [NetworkTrack: [Slice]] = [:]
    /// Each session's name, from its connections' setups.
    private var sessionNames: [Int: String] = [:]
    /// Jobs per decoder thread, in the order they ended.
    private var decodes: [Int: [Slice]] = [:]
    /// Jobs per disk queue, in the order they ended.
    private var diskJobs: [Int: [Slice]] = [:]
    /// Each change of decoded bytes: (time, delta), in the order reported.
    private var memoryDeltas: [(time: SimTime, delta: Int64)] = []
    /// The last total reported.
    private var memoryTotal: Int64 = 0
    /// When the app was killed, and its footprint then.
    private var killed: (time: SimTime, footprintBytes: Int64)?

    /// A recorder for a run of `scenario` with `strategyName` and `seed`.
    public init(scenario: Scenario, strategyName: String, seed: UInt64) {
        processName = "ScrollSim \(scenario.name) / \(strategyName) / seed \(seed)"
        decoderCount = scenario.device.decoderThreads
        diskQueueCount = scenario.disk.queues
    }

    // MARK: RunObserver

    /// Keeps the frame for the display track and counters, and for the main-thread item that ends next.
    public func frameCommitted(_ frame: FrameRecord) {
        frames.append(frame)
        pendingFrame = frame
    }

    /// Keeps the callback for the main-thread item it runs in (reported after it).
    public func lifecycleCallback(_ event: LifecycleEvent, duration: SimTime) {
        pendingCallbacks.append(Self.callbackSlice(event, duration: duration))
    }

    /// Closes a main-thread item: its slice, with the callbacks and frame reported since the last one.
    public func mainThreadWork(_ work: MainThreadWork, start: SimTime, end: SimTime) {
        var item = Self.mainSlice(work, start: start, end: end, frame: pendingFrame)
        assert(pendingCallbacks.allSatisfy { $0.start >= start && $0.end <= end },
               "a callback outside its main-thread item")
        item.children = pendingCallbacks
        pendingCallbacks.removeAll(keepingCapacity: true)
        pendingFrame = nil
        mainItems.append(item)
    }

    /// Names the connection's track and keeps its setup, with the two handshakes nested.
    public func connectionOpened(_ setup: ConnectionSetup) {
        sessionNames[setup.session] = setup.sessionName
        let track = NetworkTrack(session: setup.session, connection: setup.connection, stream: -1)
        guard let slice = Self.setupSlice(setup) else {
            if network[track] == nil { network[track] = [] }
            return
        }
        network[track, default: []].append(slice)
    }

    /// Keeps the request for its connection's (or stream lane's) track, with its latency and transfer phases.
    public func connectionEnded(_ span: ConnectionSpan) {
        network[NetworkTrack(session: span.session, connection: span.connection, stream: span.stream), default: []]
            .append(Self.requestSlice(span))
    }

    /// Keeps the decode for its thread's track.
    public func decodeRan(thread: Int, start: SimTime, end: SimTime) {
        guard thread >= 0 else { return }
        decodes[thread, default: []].append(
            Slice(name: "decode", category: "decode", start: start, end: end, arguments: []))
    }

    /// Keeps the disk job for its queue's track.
    public func diskRan(queue: Int, start: SimTime, end: SimTime) {
        guard queue >= 0 else { return }
        diskJobs[queue, default: []].append(
            Slice(name: "disk job", category: "disk", start: start, end: end, arguments: []))
    }

    /// Keeps the kill for the display track.
    public func appKilled(at time: SimTime, footprintBytes: Int64) {
        killed = (time, footprintBytes)
    }

    /// Keeps the change as a delta at its time.
    public func memoryChanged(bytes: Int64, at time: SimTime) {
        memoryDeltas.append((time, bytes - memoryTotal))
        memoryTotal = bytes
    }

    // MARK: Output

    /// The trace document (see the type's documentation for its content and order).
    /// - Complexity: O(n log n) in the number of recorded events.
    public func makeJSON() -> String {
        var writer = ChromeTraceWriter()
        writeMetadata(&writer)
        writeTrack(mainItems, thread: Track.main, into: &writer)
        writeDisplay(&writer)
        // Dictionaries are read in sorted key order, never in hash order.
        for (rank, track) in network.keys.sorted().enumerated() {
            writeTrack(network[track] ?? [], thread: Track.network(rank), into: &writer)
        }
        for thread in decodes.keys.sorted() {
            writeTrack(decodes[thread] ?? [], thread: Track.decoder(thread), into: &writer)
        }
        for queue in diskJobs.keys.sorted() {
            writeTrack(diskJobs[queue] ?? [], thread: Track.disk(queue), into: &writer)
        }
        writeCounters(&writer)
        return writer.makeText()
    }

    /// Process and thread names and sort indexes: every configured decoder and disk track, used or
    /// not, and every network track used.
    private func writeMetadata(_ writer: inout ChromeTraceWriter) {
        writer.metadata("process_name", thread: 0, arguments: [("name", .string(processName))])
        var tracks: [(thread: Int, name: String)] = [
            (Track.main, "main thread"), (Track.display, "display (vsync, hitches)"),
        ]
        tracks += network.keys.sorted().enumerated().map { (Track.network($0.offset), name(of: $0.element)) }
        tracks += Set(0..<decoderCount).union(decodes.keys).sorted().map { (Track.decoder($0), "decoder \($0)") }
        tracks += Set(0..<diskQueueCount).union(diskJobs.keys).sorted().map { (Track.disk($0), "disk \($0)") }
        for (index, track) in tracks.enumerated() {
            writer.metadata("thread_name", thread: track.thread, arguments: [("name", .string(track.name))])
            writer.metadata("thread_sort_index", thread: track.thread,
                            arguments: [("sort_index", .integer(Int64(index + 1)))])
        }
    }

    /// A network track's name: `<session> connection c`, or `<session> connection c stream k`.
    private func name(of track: NetworkTrack) -> String {
        let connection = (sessionNames[track.session] ?? "session \(track.session)") + " connection \(track.connection)"
        return track.stream < 0 ? connection : connection + " stream \(track.stream)"
    }

    /// Writes `slices` on `thread` in `ordered` order, each followed by its children (recursively).
    private func writeTrack(_ slices: [Slice], thread: Int, into writer: inout ChromeTraceWriter) {
        for slice in Self.ordered(slices) {
            writer.complete(slice.name, category: slice.category, thread: thread, start: slice.start,
                            duration: slice.end - slice.start, arguments: slice.arguments)
            writeTrack(slice.children, thread: thread, into: &writer)
        }
    }

    /// `slices` by start time, then as recorded: siblings never overlap, so this is the order they
    /// ran in (a zero-length slice that ran before a longer one at the same time stays before it).
    static func ordered(_ slices: [Slice]) -> [Slice] {
        slices.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// Vsync and hitch instants, merged in time order (a frame's vsync may come before the previous
    /// frame's present); at equal times vsyncs first.
    private func writeDisplay(_ writer: inout ChromeTraceWriter) {
        var instants: [(time: SimTime, isHitch: Bool, frame: FrameRecord)] = []
        for frame in frames {
            instants.append((frame.vsync, false, frame))
            if frame.hitch > 0 { instants.append((frame.present, true, frame)) }
        }
        let sorted = instants.enumerated().sorted { a, b in
            (a.element.time, a.element.isHitch ? 1 : 0, a.offset)
                < (b.element.time, b.element.isHitch ? 1 : 0, b.offset)
        }.map(\.element)
        for instant in sorted {
            let frame = instant.frame
            if instant.isHitch {
                writer.instant("hitch", category: "display", thread: Track.display, time: instant.time, arguments: [
                    ("frame", .integer(Int64(frame.frame))),
                    ("hitch_ms", .number(Self.milliseconds(frame.hitch))),
                    ("missed_vsyncs", .integer(Int64(frame.missedVsyncs))),
                ])
            } else {
                writer.instant("vsync", category: "display", thread: Track.display, time: instant.time,
                               arguments: [("frame", .integer(Int64(frame.frame)))])
            }
        }
        if let killed {
            writer.instant("killed (memory limit)", category: "memory", thread: Track.display, time: killed.time,
                           arguments: [("footprint_mib", .number(DecimalFormat.fixed(killed.footprintBytes,
                                                                                    over: 1_048_576, decimals: 3)))])
        }
    }

    /// `decoded memory` (0 at time 0 unless something changed then, then one sample per distinct
    /// time of change, from the re-summed deltas) and `blank ratio` (one per frame, at its present).
    private func writeCounters(_ writer: inout ChromeTraceWriter) {
        let deltas = memoryDeltas.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
        if deltas.first?.time != 0 {
            writer.counter("decoded memory", time: 0, arguments: [("MiB", .number("0.000"))])
        }
        var total: Int64 = 0
        var index = 0
        while index < deltas.count {
            let time = deltas[index].time
            while index < deltas.count && deltas[index].time == time {
                total += deltas[index].delta
                index += 1
            }
            writer.counter("decoded memory", time: time,
                           arguments: [("MiB", .number(DecimalFormat.fixed(total, over: 1_048_576, decimals: 3)))])
        }
        for frame in frames.enumerated().sorted(by: {
            ($0.element.present, $0.offset) < ($1.element.present, $1.offset)
        })
            .map(\.element) {
            writer.counter("blank ratio", time: frame.present,
                           arguments: [("ratio", .number(DecimalFormat.fixed(frame.blankRatio, decimals: 4)))])
        }
    }

    /// The `args` of a frame's slice.
    static func frameArguments(_ frame: FrameRecord) -> [(String, ChromeTraceWriter.Argument)] {
        [
            ("frame", .integer(Int64(frame.frame))),
            ("vsync_ms", .number(milliseconds(frame.vsync))),
            ("present_ms", .number(milliseconds(frame.present))),
            ("work_ms", .number(milliseconds(frame.work))),
            ("hitch_ms", .number(milliseconds(frame.hitch))),
            ("missed_vsyncs", .integer(Int64(frame.missedVsyncs))),
            ("in_scroll", .boolean(frame.inScroll)),
            ("offset_pt", .number(DecimalFormat.fixed(frame.offset, decimals: 3))),
            ("visible_cells", .integer(Int64(frame.visibleCells))),
            ("blank_ratio", .number(DecimalFormat.fixed(frame.blankRatio, decimals: 4))),
        ]
    }

    /// Integer nanoseconds as milliseconds with 3 decimals, exactly.
    static func milliseconds(_ nanoseconds: SimTime) -> String {
        DecimalFormat.fixed(nanoseconds, over: SimDuration.millisecond, decimals: 3)
    }
}
