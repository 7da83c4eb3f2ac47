/// Records one run as a Chrome trace while it runs, writing each event into a segment
/// (`ChromeTraceSegments`) as soon as its place in the document is known, so memory stays bounded
/// however long the run (`scrollsim run --trace`). The document it makes is byte for byte the one
/// `ChromeTraceRecorder.makeJSON` makes of the same run (see that type for tracks and content);
/// only metadata, a few pending events and per-track bookkeeping stay in memory.
///
/// Segments: the main thread, the display instants, each network track, each decoder thread and
/// each disk queue, the decoded-memory counter and the blank-ratio counter; the layout from
/// `finish()` puts them in `ChromeTraceRecorder`'s order. Order within a segment:
/// - a track's top-level slices are written as they are reported: they are reported when they end
///   and the slices of a track never overlap, so that is their start order (checked in debug
///   builds); a main-thread item's callbacks are ordered by start when the item closes;
/// - display instants and blank-ratio samples wait until no later event can come before them:
///   every later frame has a vsync at least the current frame's, and a frame's present is never
///   before its vsync;
/// - decoded-memory changes (reported at their own time, which a main-thread item runs ahead of)
///   wait until the next frame's vsync passes them: the simulator handles a frame at or after its
///   vsync, so no later change is earlier. Changes at one time become one sample, as before.
/// Network tracks' thread ids depend on the rank of the track among all of the run's tracks,
/// known only at the end: their segments hold a NUL where the id goes.
public final class ChromeTraceStreamRecorder: RunObserver {
    typealias Slice = ChromeTraceRecorder.Slice
    typealias Track = ChromeTraceRecorder.Track

    /// The fixed segments.
    enum Segment {
        /// The main thread's track.
        static let main = 0
        /// The display track.
        static let display = 1
        /// The decoded-memory counter.
        static let memory = 2
        /// The blank-ratio counter.
        static let blank = 3
        /// The first segment of a network, decoder or disk track.
        static let firstTrack = 4
    }

    /// Where the events go.
    private let segments: any ChromeTraceSegments
    /// "ScrollSim <scenario> / <strategy> / seed <n>".
    private let processName: String
    /// Decoder threads that exist whether used or not.
    private let decoderCount: Int
    /// Disk queues that exist whether used or not.
    private let diskQueueCount: Int
    /// Formats events.
    private var writer = ChromeTraceWriter()
    /// Callbacks reported since the last main-thread item.
    private var pendingCallbacks: [Slice] = []
    /// The frame committed by the running main-thread item, if any.
    private var pendingFrame: FrameRecord?
    /// Each network track's segment.
    private var networkSegments: [NetworkTrack: Int] = [:]  // lookups; keys sorted when read
    /// Each session's name.
    private var sessionNames: [Int: String] = [:]  // lookups only
    /// Each used decoder thread's segment.
    private var decoderSegments: [Int: Int] = [:]  // lookups; keys sorted when read
    /// Each used disk queue's segment.
    private var diskSegments: [Int: Int] = [:]  // lookups; keys sorted when read
    /// The next segment number to give a track.
    private var nextSegment = Segment.firstTrack
    /// The start of the last top-level slice written to each segment (order check).
    private var lastStarts: [Int: SimTime] = [:]  // lookups only
    /// Display instants not written yet: (time, is a hitch, order reported, frame).
    private var pendingInstants: [(time: SimTime, isHitch: Bool, order: Int, frame: FrameRecord)] = []
    /// Blank-ratio samples not written yet: (present, order reported, ratio).
    private var pendingBlanks: [(time: SimTime, order: Int, ratio: Double)] = []
    /// Decoded-memory changes not written yet: (time, order reported, delta).
    private var pendingDeltas: [(time: SimTime, order: Int, delta: Int64)] = []
    /// Events reported so far (the tie-breaking order).
    private var reported = 0
    /// The vsync of the last frame: nothing pending before it can be passed by a later event.
    private var lastVsync: SimTime = .min
    /// The total of every memory change reported.
    private var memoryReported: Int64 = 0
    /// The total of every memory change written.
    private var memoryWritten: Int64 = 0
    /// Whether the memory counter has begun (its first sample, or the 0 at time 0).
    private var memoryStarted = false
    /// Memory changes were written up to (not including) this time.
    private var memoryWrittenBefore: SimTime = .min
    /// When the app was killed, and its footprint then.
    private var killed: (time: SimTime, footprintBytes: Int64)?

    /// A recorder for a run of `scenario` with `strategyName` and `seed`, writing into `segments`.
    public init(scenario: Scenario, strategyName: String, seed: UInt64, segments: any ChromeTraceSegments) {
        self.segments = segments
        processName = "ScrollSim \(scenario.name) / \(strategyName) / seed \(seed)"
        decoderCount = scenario.device.decoderThreads
        diskQueueCount = scenario.disk.queues
    }

    // MARK: RunObserver

    /// Writes the display instants and counter samples no later frame can come before.
    public func frameCommitted(_ frame: FrameRecord) {
        assert(frame.vsync >= lastVsync, "frames out of vsync order")
        pendingFrame = frame
        lastVsync = frame.vsync
        pendingInstants.append((frame.vsync, false, nextOrder(), frame))
        if frame.hitch > 0 { pendingInstants.append((frame.present, true, nextOrder(), frame)) }
        pendingBlanks.append((frame.present, nextOrder(), frame.blankRatio))
        writeInstants(through: frame.vsync)
        writeBlanks(through: frame.vsync)
        writeMemory(before: frame.vsync)
    }

    /// Keeps the callback for the main-thread item it runs in (reported after it).
    public func lifecycleCallback(_ event: LifecycleEvent, duration: SimTime) {
        pendingCallbacks.append(ChromeTraceRecorder.callbackSlice(event, duration: duration))
    }

    /// Writes the main-thread item with its callbacks.
    public func mainThreadWork(_ work: MainThreadWork, start: SimTime, end: SimTime) {
        var item = ChromeTraceRecorder.mainSlice(work, start: start, end: end, frame: pendingFrame)
        item.children = pendingCallbacks
        pendingCallbacks.removeAll(keepingCapacity: true)
        pendingFrame = nil
        write(item, thread: Track.main, segment: Segment.main)
    }

    /// Names the connection's track and writes its setup.
    public func connectionOpened(_ setup: ConnectionSetup) {
        sessionNames[setup.session] = setup.sessionName
        let segment = networkSegment(NetworkTrack(session: setup.session, connection: setup.connection, stream: -1))
        if let slice = ChromeTraceRecorder.setupSlice(setup) { write(slice, thread: nil, segment: segment) }
    }

    /// Writes the request on its connection's (or stream lane's) track.
    public func connectionEnded(_ span: ConnectionSpan) {
        let track = NetworkTrack(session: span.session, connection: span.connection, stream: span.stream)
        write(ChromeTraceRecorder.requestSlice(span), thread: nil, segment: networkSegment(track))
    }

    /// Writes the decode on its thread's track.
    public func decodeRan(thread: Int, start: SimTime, end: SimTime) {
        guard thread >= 0 else { return }
        let segment = decoderSegments[thread] ?? newSegment { decoderSegments[thread] = $0 }
        write(Slice(name: "decode", category: "decode", start: start, end: end, arguments: []),
              thread: Track.decoder(thread), segment: segment)
    }

    /// Writes the disk job on its queue's track.
    public func diskRan(queue: Int, start: SimTime, end: SimTime) {
        guard queue >= 0 else { return }
        let segment = diskSegments[queue] ?? newSegment { diskSegments[queue] = $0 }
        write(Slice(name: "disk job", category: "disk", start: start, end: end, arguments: []),
              thread: Track.disk(queue), segment: segment)
    }

    /// Keeps the kill for the end of the display track.
    public func appKilled(at time: SimTime, footprintBytes: Int64) {
        killed = (time, footprintBytes)
    }

    /// Keeps the change as a delta until no earlier change can come.
    public func memoryChanged(bytes: Int64, at time: SimTime) {
        assert(time >= memoryWrittenBefore, "a memory change before one already written")
        pendingDeltas.append((time, nextOrder(), bytes - memoryReported))
        memoryReported = bytes
    }

    // MARK: Output

    /// Writes everything still pending; the run has ended.
    /// - Returns: how the document is made of the segments.
    public func finish() -> ChromeTraceLayout {
        writeInstants(through: .max)
        if let killed {
            writer.instant("killed (memory limit)", category: "memory", thread: Track.display, time: killed.time,
                           arguments: [("footprint_mib", .number(DecimalFormat.fixed(killed.footprintBytes,
                                                                                    over: 1_048_576, decimals: 3)))])
            flush(to: Segment.display)
        }
        writeBlanks(through: .max)
        writeMemory(before: nil)
        let networkTracks = networkSegments.keys.sorted()
        var parts = [ChromeTraceLayout.Part(segment: Segment.main, thread: nil),
                     ChromeTraceLayout.Part(segment: Segment.display, thread: nil)]
        for (rank, track) in networkTracks.enumerated() {
            parts.append(ChromeTraceLayout.Part(segment: networkSegments[track] ?? 0, thread: Track.network(rank)))
        }
        for thread in decoderSegments.keys.sorted() {
            parts.append(ChromeTraceLayout.Part(segment: decoderSegments[thread] ?? 0, thread: nil))
        }
        for queue in diskSegments.keys.sorted() {
            parts.append(ChromeTraceLayout.Part(segment: diskSegments[queue] ?? 0, thread: nil))
        }
        parts.append(ChromeTraceLayout.Part(segment: Segment.memory, thread: nil))
        parts.append(ChromeTraceLayout.Part(segment: Segment.blank, thread: nil))
        return ChromeTraceLayout(head: "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n"
                                     + metadata(networkTracks).joined(separator: ",\n"),
                                 parts: parts, tail: "\n]}\n")
    }

    /// The metadata events (as `ChromeTraceRecorder` writes them).
    private func metadata(_ networkTracks: [NetworkTrack]) -> [String] {
        var writer = ChromeTraceWriter()
        writer.metadata("process_name", thread: 0, arguments: [("name", .string(processName))])
        var tracks: [(thread: Int, name: String)] = [(Track.main, "main thread"),
                                                      (Track.display, "display (vsync, hitches)")]
        tracks += networkTracks.enumerated().map { (Track.network($0.offset), name(of: $0.element)) }
        tracks += Set(0..<decoderCount).union(decoderSegments.keys).sorted()
            .map { (Track.decoder($0), "decoder \($0)") }
        tracks += Set(0..<diskQueueCount).union(diskSegments.keys).sorted().map { (Track.disk($0), "disk \($0)") }
        for (index, track) in tracks.enumerated() {
            writer.metadata("thread_name", thread: track.thread, arguments: [("name", .string(track.name))])
            writer.metadata("thread_sort_index", thread: track.thread,
                            arguments: [("sort_index", .integer(Int64(index + 1)))])
        }
        return writer.takeEvents()
    }

    /// A network track's name (as `ChromeTraceRecorder` names it).
    private func name(of track: NetworkTrack) -> String {
        let connection = (sessionNames[track.session] ?? "session \(track.session)") + " connection \(track.connection)"
        return track.stream < 0 ? connection : connection + " stream \(track.stream)"
    }

    // MARK: Writing

    /// The next tie-breaking number.
    private func nextOrder() -> Int {
        reported += 1
        return reported
    }

    /// A new segment, given to `assign`.
    private func newSegment(_ assign: (Int) -> Void) -> Int {
        let segment = nextSegment
        nextSegment += 1
        assign(segment)
        return segment
    }

    /// The segment of `track`, made when new (a track exists once its connection has opened).
    private func networkSegment(_ track: NetworkTrack) -> Int {
        networkSegments[track] ?? newSegment { networkSegments[track] = $0 }
    }

    /// Writes `slice` and its children (ordered by start) on `thread` (nil: the NUL placeholder).
    private func write(_ slice: Slice, thread: Int?, segment: Int) {
        assert(slice.start >= (lastStarts[segment] ?? .min), "a track's slices out of start order")
        lastStarts[segment] = slice.start
        append(slice, thread: thread ?? Self.placeholderThread)
        flush(to: segment, placeholder: thread == nil)
    }

    /// Formats `slice`, then its children in start order, recursively.
    private func append(_ slice: Slice, thread: Int) {
        writer.complete(slice.name, category: slice.category, thread: thread, start: slice.start,
                        duration: slice.end - slice.start, arguments: slice.arguments)
        for child in ChromeTraceRecorder.ordered(slice.children) { append(child, thread: thread) }
    }

    /// A thread id no track has, replaced by NUL in network segments.
    private static let placeholderThread = Int.min
    /// The placeholder's text in a formatted event.
    private static let placeholderText = "\"tid\":\(Int.min)"

    /// Appends the formatted events to `segment`, each after ",\n".
    private func flush(to segment: Int, placeholder: Bool = false) {
        var text = ""
        for event in writer.takeEvents() {
            text += ",\n"
            text += placeholder ? event.replacing(Self.placeholderText, with: "\"tid\":\u{0}") : event
        }
        if !text.isEmpty { segments.append(text, toSegment: segment) }
    }

    /// Writes the display instants at or before `time` that no later instant can precede
    /// (a later hitch at `time` itself would follow a later vsync at that time).
    private func writeInstants(through time: SimTime) {
        guard !pendingInstants.isEmpty else { return }
        pendingInstants.sort { ($0.time, $0.isHitch ? 1 : 0, $0.order) < ($1.time, $1.isHitch ? 1 : 0, $1.order) }
        var count = 0
        for instant in pendingInstants {
            guard instant.time < time || time == .max || (instant.time == time && !instant.isHitch) else { break }
            let frame = instant.frame
            if instant.isHitch {
                writer.instant("hitch", category: "display", thread: Track.display, time: instant.time, arguments: [
                    ("frame", .integer(Int64(frame.frame))),
                    ("hitch_ms", .number(ChromeTraceRecorder.milliseconds(frame.hitch))),
                    ("missed_vsyncs", .integer(Int64(frame.missedVsyncs))),
                ])
            } else {
                writer.instant("vsync", category: "display", thread: Track.display, time: instant.time,
                               arguments: [("frame", .integer(Int64(frame.frame)))])
            }
            count += 1
        }
        pendingInstants.removeFirst(count)
        flush(to: Segment.display)
    }

    /// Writes the blank-ratio samples presented at or before `time`.
    private func writeBlanks(through time: SimTime) {
        guard !pendingBlanks.isEmpty else { return }
        pendingBlanks.sort { ($0.time, $0.order) < ($1.time, $1.order) }
        var count = 0
        for sample in pendingBlanks {
            guard sample.time <= time else { break }
            writer.counter("blank ratio", time: sample.time,
                           arguments: [("ratio", .number(DecimalFormat.fixed(sample.ratio, decimals: 4)))])
            count += 1
        }
        pendingBlanks.removeFirst(count)
        flush(to: Segment.blank)
    }

    /// Writes one decoded-memory sample per distinct time before `time` (nil: every one left),
    /// after the 0 at time 0 when the first change is later.
    private func writeMemory(before time: SimTime?) {
        pendingDeltas.sort { ($0.time, $0.order) < ($1.time, $1.order) }
        let count = time.map { limit in pendingDeltas.firstIndex { $0.time >= limit } ?? pendingDeltas.count }
            ?? pendingDeltas.count
        if !memoryStarted && (count > 0 || time == nil) {
            memoryStarted = true
            if count == 0 || pendingDeltas[0].time != 0 {
                writer.counter("decoded memory", time: 0, arguments: [("MiB", .number("0.000"))])
            }
        }
        var index = 0
        while index < count {
            let sampleTime = pendingDeltas[index].time
            while index < count && pendingDeltas[index].time == sampleTime {
                memoryWritten += pendingDeltas[index].delta
                index += 1
            }
            writer.counter("decoded memory", time: sampleTime,
                           arguments: [("MiB", .number(DecimalFormat.fixed(memoryWritten, over: 1_048_576,
                                                                           decimals: 3)))])
        }
        pendingDeltas.removeFirst(count)
        if let time { memoryWrittenBefore = max(memoryWrittenBefore, time) }
        flush(to: Segment.memory)
    }
}
