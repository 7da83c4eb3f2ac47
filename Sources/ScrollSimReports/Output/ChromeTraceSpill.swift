import ScrollSimCore

/// The segments of a streamed Chrome trace (`ChromeTraceStreamRecorder`) on disk: each segment
/// buffers at most `chunkBytes` in memory, then appends the chunk to one scratch file and keeps
/// only its offset and length. `write(_:to:)` assembles the document into its output file.
///
/// Memory: one buffer per segment (tracks: main, display, two counters, each network track,
/// decoder and disk queue used) and 16 bytes per chunk written.
public final class ChromeTraceSpill: ChromeTraceSegments {
    /// Bytes a segment keeps before it writes them out.
    public static let chunkBytes = 1 << 14

    /// The scratch file.
    private let scratch: ScratchFile
    /// Each segment's bytes not written yet.
    private var buffers: [Int: [UInt8]] = [:]  // lookups only
    /// Each segment's chunks in the scratch file, in order.
    private var chunks: [Int: [(offset: Int64, count: Int)]] = [:]  // lookups only

    /// Segments kept in `scratch`.
    public init(scratch: ScratchFile) { self.scratch = scratch }

    /// Appends `text` to `segment`, writing out a full buffer.
    public func append(_ text: String, toSegment segment: Int) {
        buffers[segment, default: []].append(contentsOf: text.utf8)
        guard let buffer = buffers[segment], buffer.count >= Self.chunkBytes else { return }
        let offset = scratch.append(buffer)
        chunks[segment, default: []].append((offset, buffer.count))
        buffers[segment]?.removeAll(keepingCapacity: true)
    }

    /// Writes the document of `layout` to `file`.
    /// - Throws: `FileWriteError` when the scratch file could not be written or read back.
    public func write(_ layout: ChromeTraceLayout, to file: StreamedFile) throws(FileWriteError) {
        file.write(layout.head)
        var bytes: [UInt8] = []
        for part in layout.parts {
            let thread = part.thread.map { Array(String($0).utf8) }
            for chunk in chunks[part.segment] ?? [] {
                try scratch.read(count: chunk.count, at: chunk.offset, into: &bytes)
                Self.write(bytes, replacingNULWith: thread, to: file)
            }
            Self.write(buffers[part.segment] ?? [], replacingNULWith: thread, to: file)
            buffers[part.segment] = nil
        }
        file.write(layout.tail)
    }

    /// Writes `bytes` to `file`, each NUL replaced by `replacement` when given.
    private static func write(_ bytes: [UInt8], replacingNULWith replacement: [UInt8]?, to file: StreamedFile) {
        guard let replacement else {
            bytes.withUnsafeBytes { file.write($0) }
            return
        }
        var start = 0
        for index in bytes.indices where bytes[index] == 0 {
            bytes[start..<index].withUnsafeBytes { file.write($0) }
            replacement.withUnsafeBytes { file.write($0) }
            start = index + 1
        }
        bytes[start...].withUnsafeBytes { file.write($0) }
    }
}
