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
    /// - Complexity: O(size); one `read(2)` of the whole file when its size is known.
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
        var bytes = [UInt8](repeating: 0, count: min(knownSize, limit.bytes) + 1)
        var count = 0
        while true {
            if count == bytes.count {  // grew since fstat, or not a regular file
                if count > limit.bytes { throw tooLarge }
                bytes.append(contentsOf: repeatElement(0, count: min(max(1 << 16, count), limit.bytes + 1 - count)))
            }
            let result = bytes.withUnsafeMutableBytes { buffer in
                readBytes(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if result > 0 {
                count += result
            } else if result == 0 {
                break
            } else if errno != EINTR {
                throw InputError(.unreadable, file: path, "cannot read: \(SystemError.last)")
            }
        }
        if count > limit.bytes { throw tooLarge }
        bytes.removeLast(bytes.count - count)
        return bytes
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
    /// is valid. Checked line by line: a line feed is never part of a multi-byte character.
    public static func lineOfFirstInvalidByte(_ bytes: [UInt8]) -> Int? {
        for (offset, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where !String(decoding: line, as: UTF8.self).utf8.elementsEqual(line) {
            return offset + 1
        }
        return nil
    }
}

/// `read(2)`, under a name the `InputFile.read` method does not hide.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
