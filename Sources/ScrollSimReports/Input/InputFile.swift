import ScrollSimCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one whole-file reader of ScrollSim: every input file (scenarios, sweep files, CSVs,
/// shards, request traces) is read here, with POSIX calls so that the reasons in messages are
/// the same on every platform.
///
/// Errors are `InputError`s naming the file as given: `.missing` ("no such file"), `.unreadable`
/// ("cannot read: is a directory", "cannot read: permission denied") or, past the size limit,
/// `.invalid` ("larger than 64 MiB, the limit for this kind of file").
public enum InputFile {
    /// The bytes of the file at `path`, at most `limit.bytes` of them.
    /// - Throws: `InputError` (see the type).
    /// - Complexity: O(size); `read(2)` of 1 MiB at a time.
    public static func read(_ path: String, limit: InputLimit) throws(InputError) -> [UInt8] {
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
        let tooLarge = InputError(.invalid, file: path, limit.tooLargeMessage)
        let knownSize = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
        if knownSize > limit.bytes { throw tooLarge }
        return try readInChunks(descriptor, path: path, limit: limit, knownSize: knownSize)
    }

    /// The rest of `read`: reads 1 MiB at a time, refusing the file as soon as it is over the
    /// size limit or, when the limit has one, a line (the bytes between two `\n`) is longer than
    /// the line limit, so `/dev/zero` costs about `lineBytes` (or `bytes`) of memory and time.
    /// A regular file's room is reserved up front (`knownSize`, not touched before it is read).
    /// - Complexity: O(size); line ends are found with `memchr`.
    private static func readInChunks(
        _ descriptor: Int32, path: String, limit: InputLimit, knownSize: Int
    ) throws(InputError) -> [UInt8] {
        var bytes: [UInt8] = []
        // Room that is reserved but not touched costs no memory: a regular file's size, else
        // up to 64 MiB (a pipe or `/dev/zero`), growing as usual beyond.
        bytes.reserveCapacity(min(knownSize > 0 ? knownSize : 64 << 20, limit.bytes) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var lineStart = 0  // offset of the first byte after the last line end read
        while true {
            let wanted = min(chunk.count, limit.bytes + 1 - bytes.count)  // never more than one byte too many
            let result = chunk.withUnsafeMutableBytes { buffer in
                readBytes(descriptor, buffer.baseAddress!, wanted)
            }
            if result > 0 {
                let chunkStart = bytes.count
                bytes.append(contentsOf: chunk[0..<result])
                if bytes.count > limit.bytes { throw InputError(.invalid, file: path, limit.tooLargeMessage) }
                guard let lineBytes = limit.lineBytes else { continue }
                let isTooLong = bytes.withUnsafeBufferPointer { buffer in
                    advance(&lineStart, in: buffer, from: chunkStart, lineBytes: lineBytes)
                }
                if isTooLong {
                    let line = 1 + bytes.withUnsafeBufferPointer { buffer in
                        lineEnds(in: UnsafeBufferPointer(rebasing: buffer[..<lineStart]))
                    }
                    throw InputError(.invalid, file: path, at: .line(line), limit.lineTooLongMessage)
                }
            } else if result == 0 {
                return bytes
            } else if errno != EINTR {
                throw InputError(.unreadable, file: path, "cannot read: \(SystemError.last)")
            }
        }
    }

    /// Moves `lineStart` past every line end in `buffer` from `offset` on; true as soon as a
    /// line, or the unfinished last one, is longer than `lineBytes`.
    private static func advance(
        _ lineStart: inout Int, in buffer: UnsafeBufferPointer<UInt8>, from offset: Int, lineBytes: Int
    ) -> Bool {
        guard let base = buffer.baseAddress else { return false }
        var index = offset
        while index < buffer.count {
            guard let found = memchr(base + index, 0x0A, buffer.count - index) else { break }
            let lineEnd = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            if lineEnd - lineStart > lineBytes { return true }
            lineStart = lineEnd + 1
            index = lineStart
        }
        return buffer.count - lineStart > lineBytes
    }

    /// The number of line feeds in `buffer`.
    private static func lineEnds(in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var count = 0
        var index = 0
        while index < buffer.count, let found = memchr(base + index, 0x0A, buffer.count - index) {
            count += 1
            index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
        }
        return count
    }

    /// Whether `path` names a regular file, following symbolic links: the only entries a directory
    /// listing takes (`run DIR`, `merge DIR`, `report --frames DIR`). A FIFO, socket or device
    /// named like an input inside a directory would block or never end; given by name, it is
    /// read as `read` reads it.
    public static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
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
    public static func lineOfFirstInvalidByte(_ bytes: [UInt8]) -> Int? {
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
