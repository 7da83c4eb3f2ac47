#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary file an output needs while it is made (the parts of a Chrome trace written before
/// they can be put in order), next to that output and named as its temporaries are. Never
/// published: its `OutputSet` removes it when the set is published or discarded.
public final class ScratchFile {
    /// The temporary file.
    let staged: AtomicFileWriter.StagedFile
    /// Its descriptor (read and write), −1 once removed.
    private var descriptor: Int32
    /// Bytes written so far: the next write's offset.
    public private(set) var size: Int64 = 0
    /// The first failure, if any.
    private(set) var failure: FileWriteError?

    /// A new scratch file next to `path`'s destination.
    /// - Throws: `FileWriteError` when it cannot be made.
    init(near path: String) throws(FileWriteError) {
        let (destination, temporary, descriptor) = try AtomicFileWriter.createTemporary(for: path)
        staged = AtomicFileWriter.StagedFile(destination: destination, temporary: temporary)
        self.descriptor = descriptor
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Appends `bytes` at the end of the file.
    /// - Returns: the offset they were written at.
    @discardableResult
    public func append(_ bytes: [UInt8]) -> Int64 {
        let offset = size
        size += Int64(bytes.count)
        guard failure == nil, descriptor >= 0 else { return offset }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { buffer in
                pwrite(descriptor, buffer.baseAddress, buffer.count, off_t(offset) + off_t(written))
            }
            if result > 0 {
                written += result
            } else if !(result < 0 && errno == EINTR) {
                failure = FileWriteError(path: staged.destination, reason: result == 0 ? "no bytes written"
                                            : SystemError.last)
                return offset
            }
        }
        return offset
    }

    /// Reads `count` bytes from `offset` (written before) into `buffer`, replacing its content.
    /// - Throws: `FileWriteError` (the output they belong to cannot be made).
    public func read(count: Int, at offset: Int64, into buffer: inout [UInt8]) throws(FileWriteError) {
        if let failure { throw failure }
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: repeatElement(0, count: count))
        var done = 0
        while done < count {
            let result = buffer.withUnsafeMutableBytes { storage in
                pread(descriptor, storage.baseAddress! + done, count - done, off_t(offset) + off_t(done))
            }
            if result > 0 {
                done += result
            } else if !(result < 0 && errno == EINTR) {
                throw FileWriteError(path: staged.destination,
                                     reason: result == 0 ? "scratch file ended early" : SystemError.last)
            }
        }
    }

    /// Closes and removes the file.
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        staged.discard()
    }
}
