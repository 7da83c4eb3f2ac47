import ScrollSimCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one file reader of ScrollSim: every input file (scenarios, sweep files, CSVs, shards,
/// request traces) is read here, with POSIX calls so that the reasons in messages are the same on
/// every platform: whole (`read`: JSON files, recordings, catalogs) or a chunk at a time
/// (`forEachChunk`: the CSVs of up to 2 GiB, parsed as they come), with the same checks.
///
/// Errors are `InputError`s naming the file as given: `.missing` ("no such file"), `.unreadable`
/// ("cannot read: is a directory", "cannot read: permission denied") or, past the size limit,
/// `.invalid` ("larger than 64 MiB, the limit for this kind of file").
public enum InputFile {
    /// The bytes of the file at `path`, at most `limit.bytes` of them: `forEachChunk`, collected.
    /// - Throws: `InputError` (see the type).
    /// - Complexity: O(size); `read(2)` of 1 MiB at a time.
    public static func read(_ path: String, limit: InputLimit) throws(InputError) -> [UInt8] {
        var bytes: [UInt8] = []
        try forEachChunk(path, limit: limit, knownSize: { knownSize in
            // Room that is reserved but not touched costs no memory: a regular file's size, else
            // up to 64 MiB (a pipe or `/dev/zero`), growing as usual beyond.
            bytes.reserveCapacity(min(knownSize > 0 ? knownSize : 64 << 20, limit.bytes) + 1)
        }) { chunk in
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }

    /// Calls `body` with the bytes of the file at `path`, in order, at most 1 MiB at a time, so a
    /// reader that keeps only what it parses (a summary's rows, a request trace's counts) never
    /// holds the file's text: the one reader's checks, streamed. The file is refused as soon as it
    /// is over `limit.bytes` or, when the limit has one, a line (the bytes between two `\n`) is
    /// longer than `limit.lineBytes`, so `/dev/zero` costs about `lineBytes` (or `bytes`) of time.
    /// `knownSize` is called first with a regular file's size (0 for a pipe or device).
    /// - Throws: `InputError` (see the type), or the first one `body` throws.
    /// - Complexity: O(size); line ends are found with `memchr`.
    public static func forEachChunk(
        _ path: String, limit: InputLimit, knownSize: (Int) -> Void = { _ in },
        _ body: (UnsafeBufferPointer<UInt8>) throws(InputError) -> Void
    ) throws(InputError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw InputError(.missing, file: path, "no such file") }
            throw InputError(.unreadable, file: path, "cannot read: \(SystemError.text(code))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw InputError(.unreadable, file: path, "cannot read: \(SystemError.last)")
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw InputError(.unreadable, file: path, "cannot read: is a directory")
        }
        let size = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
        if size > limit.bytes { throw InputError(.invalid, file: path, limit.tooLargeMessage) }
        knownSize(size)
        try readInChunks(descriptor, path: path, limit: limit, body)
    }

    /// The rest of `forEachChunk`: reads 1 MiB at a time, checking the limits before handing
    /// each chunk on.
    private static func readInChunks(
        _ descriptor: Int32, path: String, limit: InputLimit,
        _ body: (UnsafeBufferPointer<UInt8>) throws(InputError) -> Void
    ) throws(InputError) {
        let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 20)
        defer { chunk.deallocate() }
        var total = 0
        var lineLength = 0  // bytes since the last line end
        var lineEnds = 0  // line ends read so far
        while true {
            let wanted = min(chunk.count, limit.bytes + 1 - total)  // never more than one byte too many
            let result = readBytes(descriptor, chunk.baseAddress!, wanted)
            if result > 0 {
                total += result
                if total > limit.bytes { throw InputError(.invalid, file: path, limit.tooLargeMessage) }
                let read = UnsafeBufferPointer(rebasing: chunk[0..<result])
                if let lineBytes = limit.lineBytes, advance(&lineLength, &lineEnds, over: read, lineBytes: lineBytes) {
                    throw InputError(.invalid, file: path, at: .line(lineEnds + 1), limit.lineTooLongMessage)
                }
                try body(read)
            } else if result == 0 {
                return
            } else if errno != EINTR {
                throw InputError(.unreadable, file: path, "cannot read: \(SystemError.last)")
            }
        }
    }

    /// Moves the line count and the current line's length over `buffer`; true as soon as a line,
    /// or the unfinished last one, is longer than `lineBytes` (`lineEnds` then counts the line
    /// ends before it).
    private static func advance(
        _ lineLength: inout Int, _ lineEnds: inout Int, over buffer: UnsafeBufferPointer<UInt8>, lineBytes: Int
    ) -> Bool {
        guard let base = buffer.baseAddress else { return false }
        var index = 0
        while index < buffer.count {
            guard let found = memchr(base + index, 0x0A, buffer.count - index) else { break }
            let lineEnd = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            if lineLength + lineEnd - index > lineBytes { return true }
            lineLength = 0
            lineEnds += 1
            index = lineEnd + 1
        }
        lineLength += buffer.count - index
        return lineLength > lineBytes
    }

    /// Whether `path` names a regular file, following symbolic links: the only entries a directory
    /// listing takes (`run DIR`, `merge DIR`, `report --frames DIR`). A FIFO, socket or device
    /// named like an input inside a directory would block or never end; given by name, it is
    /// read as `read` reads it.
    public static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The size in bytes of the regular file at `path` (following symbolic links), or nil when
    /// `path` names no regular file.
    public static func regularFileSize(_ path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// The text of the file at `path` (UTF-8, at most `limit.bytes`).
    /// - Throws: `InputError`, also `.invalid` at the line of the first byte that is not UTF-8.
    public static func text(_ path: String, limit: InputLimit) throws(InputError) -> String {
        let bytes = try read(path, limit: limit)
        if let line = lineOfFirstInvalidByte(bytes) {
            throw InputError(.invalid, file: path, at: .line(line), "not valid UTF-8 text")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The line (from 1) of the first byte that is not part of valid UTF-8, or nil when the text
    /// is valid. One pass of the standard library's UTF-8 decoder, counting line feeds (a line
    /// feed is never part of a multi-byte character, so an invalid sequence never swallows one):
    /// no copy of the text and no array of its lines, whatever its size.
    public static func lineOfFirstInvalidByte<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput: return nil
            case .error: return line
            }
        }
    }
}

/// `read(2)`, under a name the `InputFile.read` method does not hide.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
