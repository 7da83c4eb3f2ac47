/// Where `ChromeTraceStreamRecorder` puts a trace's events while the run goes: numbered segments,
/// each an append-only text (a scratch file on disk for `scrollsim run --trace`, strings in memory
/// for tests). When the run has ended, the recorder's `ChromeTraceLayout` says how the document is
/// made of them.
public protocol ChromeTraceSegments: AnyObject {
    /// Appends `text` (UTF-8) to segment `segment`. In a network track's segment, each NUL
    /// character stands for the track's thread id, known only at the end.
    func append(_ text: String, toSegment segment: Int)
}

/// How a streamed Chrome trace document is assembled: `head`, then each part's segment in order
/// (each NUL in it replaced by the part's thread id, when it has one), then `tail`.
public struct ChromeTraceLayout: Sendable, Equatable {
    /// One segment of the document.
    public struct Part: Sendable, Equatable {
        /// The segment.
        public var segment: Int
        /// The thread id that replaces each NUL of the segment, or nil (no NUL in it).
        public var thread: Int?
    }

    /// The opening and the metadata events.
    public var head: String
    /// The segments, in document order.
    public var parts: [Part]
    /// The closing text.
    public var tail: String
}

/// Segments held in memory (for tests, and to check the streamed document against
/// `ChromeTraceRecorder.makeJSON`).
public final class ChromeTraceMemorySegments: ChromeTraceSegments {
    /// Each segment's text.
    public private(set) var texts: [Int: String] = [:]  // lookups only

    /// No segments.
    public init() {}

    /// Appends `text` to `segment`.
    public func append(_ text: String, toSegment segment: Int) { texts[segment, default: ""] += text }

    /// The document `layout` makes of the segments.
    public func document(_ layout: ChromeTraceLayout) -> String {
        var result = layout.head
        for part in layout.parts {
            let text = texts[part.segment] ?? ""
            if let thread = part.thread {
                result += text.replacing("\u{0}", with: String(thread))
            } else {
                result += text
            }
        }
        return result + layout.tail
    }
}
