#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output file written while its command runs (a run's frames, trace or request trace): its
/// bytes go, through a buffer of at most `bufferBytes`, into the file's temporary name
/// (`AtomicFileWriter`), so memory stays bounded however long the run. Its `OutputSet` publishes it
/// with the other files only when every one of them is complete, and removes it otherwise.
///
/// A write that fails (a full disk) is remembered and every later write is skipped; the failure
/// is thrown when the set is published.
public final class StreamedFile {
    /// Bytes kept before they are written to the file.
    public static let bufferBytes = 1 << 16

    /// The destination, as given.
    public let path: String
    /// The temporary file, renamed over the destination on publishing.
    let staged: AtomicFileWriter.StagedFile
    /// The temporary file's descriptor, −1 once closed.
    private var descriptor: Int32
    /// Bytes not written yet.
    private var buffer: [UInt8] = []
    /// The first failure, if any.
    private(set) var failure: FileWriteError?

    /// A new temporary file for `path` (its directory must exist).
    /// - Throws: `FileWriteError` when the temporary file cannot be made.
    init(path: String) throws(FileWriteError) {
        let (destination, temporary, descriptor) = try AtomicFileWriter.createTemporary(for: path)
        self.path = path
        staged = AtomicFileWriter.StagedFile(destination: destination, temporary: temporary)
        self.descriptor = descriptor
        buffer.reserveCapacity(Self.bufferBytes)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Appends `text` (UTF-8).
    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferBytes { flush() }
    }

    /// Appends `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferBytes { flush() }
    }

    /// Writes the buffer to the file.
    private func flush() {
        guard !buffer.isEmpty else { return }
        if failure == nil && descriptor >= 0, let reason = Descriptor.writeAll(buffer, to: descriptor) {
            failure = FileWriteError(path: staged.destination, reason: reason)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left, flushes the file to disk and closes it: it is ready to be renamed.
    /// - Throws: the first failure (the caller discards the file).
    func finish() throws(FileWriteError) {
        flush()
        guard descriptor >= 0 else { if let failure { throw failure } else { return } }
        let synced = fsync(descriptor) == 0
        let reason = synced ? nil : SystemError.last
        let closed = close(descriptor) == 0
        descriptor = -1
        if let failure { throw failure }
        if !synced || !closed {
            throw FileWriteError(path: staged.destination, reason: reason ?? SystemError.last)
        }
    }

    /// Closes and removes the temporary file.
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        buffer = []
        staged.discard()
    }
}
